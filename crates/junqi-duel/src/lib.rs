//! # junqi-duel
//!
//! 明棋 and 暗棋 between two devices with no referee (docs/duel-protocol.md). Each device holds
//! a [`Duel`]: its own formation and secrets, what it may know of the game (a core
//! [`junqi_core::Position`] in which the other side's pieces are hidden in 暗棋), and the
//! transcript. Messages are JSON text, carried by whatever joins the devices (a WebRTC data
//! channel in the app, a loop in the tests).
//!
//! - Each side **commits** to every piece before anything is seen.
//! - In 暗棋 a **contact** is settled by a 1-out-of-12 oblivious transfer: the defender seals
//!   the result for each role that could be attacking; the attacker opens only its own, and
//!   proves it to the defender with a token that only that sealed result held.
//! - A piece the rules make public (a scouted piece, a bounced landmine, a captured flag, a
//!   flag after its Field Marshal fell) is opened against its commitment at once.
//! - At the end both open everything and each device [`verify`]s the whole game through the
//!   core: every formation, every move, every sealed result, every choice. A device that lied
//!   is named, with the ply and the point ([`Cheat`]).
//!
//! - Actions are **taken back** only when both agree ([`Duel::ask_undo`]), by the same rule as
//!   on one device (junqi-core's `undo::span`).
//! - Each device keeps **its own clock**: it says when its time ran out ([`Duel::out_of_time`]);
//!   the other device, counting too, may claim it ([`Duel::claim_time`]), which makes the
//!   claimed device look at its clock at once.
//!
//! 翻棋 is not offered: a fair deal of 50 face-down pieces that neither device controls needs a
//! mental-poker shuffle, which this protocol does not have yet.

pub mod crypto;
mod device;
mod proposal;
mod verify;
pub mod wire;

pub use device::{Duel, DuelError, Input, Phase, Refusal};
pub use proposal::{Clock, Proposal, Reply};
pub use verify::{verify, Cheat};

use junqi_core::{Mode, Rules};

impl Terms {
    /// Whether a game between two devices can be played on these terms; what cannot is
    /// refused by name.
    pub fn check(&self) -> Result<(), DuelError> {
        if self.mode == Mode::Flip {
            return Err(DuelError::FlipNotOffered);
        }
        self.rules
            .validate()
            .map_err(|c| DuelError::Rules(c.to_string()))?;
        if !(1..=wire::VERSION).contains(&self.version) {
            return Err(DuelError::Version(self.version));
        }
        if self.version < 2 && self.clock != Clock::NONE {
            return Err(DuelError::Version(self.version));
        }
        self.clock.check()?;
        if self.rules.timeout_limit > 0 && self.clock.move_s == 0 {
            return Err(DuelError::NeedsTimer("timeout_limit"));
        }
        if self.mode == Mode::Dark {
            if self.rules.dead_position_draw {
                return Err(DuelError::NeedsReferee("dead_position_draw"));
            }
            if self.rules.no_move_draw {
                return Err(DuelError::NeedsReferee("no_move_draw"));
            }
        }
        Ok(())
    }
}

/// What both devices agreed to play before the first message: the game's random id, its mode,
/// its rules and its clocks, and the protocol version it is played in (a game saved by an
/// earlier version goes on in that version).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    pub version: u32,
    pub game: [u8; 16],
    pub mode: Mode,
    pub rules: Rules,
    pub clock: Clock,
}

impl Terms {
    /// A game of this version of the protocol, without clocks.
    pub fn new(game: [u8; 16], mode: Mode, rules: Rules) -> Terms {
        Terms {
            version: wire::VERSION,
            game,
            mode,
            rules,
            clock: Clock::NONE,
        }
    }

    /// The digest both commitments carry, so that devices that disagree on the terms stop at
    /// the first message.
    pub fn digest(&self) -> crypto::Digest {
        let mode = serde_json::to_string(&self.mode).unwrap_or_default();
        let rules = serde_json::to_string(&self.rules).unwrap_or_default();
        if self.version < 2 {
            return crypto::sha256(&[b"terms", &self.game, mode.as_bytes(), rules.as_bytes()]);
        }
        let clock = [
            self.clock.total_s.to_le_bytes(),
            self.clock.move_s.to_le_bytes(),
        ]
        .concat();
        crypto::sha256(&[
            b"terms",
            &self.game,
            mode.as_bytes(),
            rules.as_bytes(),
            &clock,
        ])
    }

    /// The context of the transfer for the attack at `ply`: no sealed result serves another
    /// game or another ply.
    pub fn context(&self, ply: u32) -> Vec<u8> {
        let mut ctx = self.game.to_vec();
        ctx.extend_from_slice(&ply.to_le_bytes());
        ctx
    }
}
