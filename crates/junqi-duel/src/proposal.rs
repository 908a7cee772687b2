//! Before the first message of a game: the inviting device proposes the terms and a seat over
//! the new connection, and the other device accepts or declines. Both then arrange their
//! formations and start their [`crate::Duel`]s; a `commit` that arrives before this device's
//! own Duel exists waits for it.

use crate::wire::{bytes_of, hex_of, VERSION};
use crate::{DuelError, Terms};
use junqi_core::{Mode, Rules, Seat};
use serde::{Deserialize, Serialize};

/// The clocks of a game between two devices (protocol version 2): each side's time for the
/// whole game, and the per-move timer, in seconds (0: none). Each device keeps its own time and
/// says when it ran out; the other measures too, and may claim it (docs/duel-protocol.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Seconds on each side's clock for the whole game; its owner loses when it runs out.
    #[serde(default)]
    pub total_s: u32,
    /// Seconds for each move; a turn that runs out passes (and counts towards
    /// `timeout_limit`).
    #[serde(default)]
    pub move_s: u32,
}

impl Clock {
    pub const NONE: Clock = Clock {
        total_s: 0,
        move_s: 0,
    };
    /// The longest clock a game may have: six hours.
    pub const MAX_TOTAL_S: u32 = 6 * 3600;
    /// The longest per-move timer: ten minutes.
    pub const MAX_MOVE_S: u32 = 600;

    pub fn is_none(&self) -> bool {
        *self == Clock::NONE
    }

    /// A clock too long to be meant is refused by name.
    pub fn check(&self) -> Result<(), DuelError> {
        if self.total_s > Clock::MAX_TOTAL_S {
            return Err(DuelError::Clock("total_s"));
        }
        if self.move_s > Clock::MAX_MOVE_S {
            return Err(DuelError::Clock("move_s"));
        }
        Ok(())
    }
}

/// The inviting device's proposal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proposal {
    pub v: u32,
    /// The game id, hex (16 bytes), drawn by the inviting device.
    pub game: String,
    pub mode: Mode,
    pub rules: Rules,
    #[serde(default, skip_serializing_if = "Clock::is_none")]
    pub clock: Clock,
    /// The seat the inviting device plays; the other device plays the other one.
    #[serde(with = "junqi_core::seat::rb")]
    pub host: Seat,
}

/// The other device's answer to a [`Proposal`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    pub v: u32,
    pub game: String,
    pub accept: bool,
}

impl Proposal {
    /// Proposes `mode`, `rules` and `clock` with the inviting device in seat `host`; `game`
    /// is drawn by the caller (16 random bytes). Terms no game between two devices can be
    /// played on are refused here, by name.
    pub fn new(
        game: [u8; 16],
        mode: Mode,
        rules: Rules,
        clock: Clock,
        host: Seat,
    ) -> Result<Proposal, DuelError> {
        Proposal::of(
            &Terms {
                clock,
                ..Terms::new(game, mode, rules)
            },
            host,
        )
    }

    /// The proposal of `terms` (of any version this device plays) with `host` in its seat:
    /// what a saved game keeps.
    pub fn of(terms: &Terms, host: Seat) -> Result<Proposal, DuelError> {
        let p = Proposal {
            v: terms.version,
            game: hex_of(&terms.game),
            mode: terms.mode,
            rules: terms.rules,
            clock: terms.clock,
            host,
        };
        p.terms()?;
        Ok(p)
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a proposal from the other device; a proposal of another version, or on terms
    /// this device cannot play, is refused with the reason.
    pub fn from_text(text: &str) -> Result<Proposal, String> {
        let p: Proposal = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if p.v != VERSION {
            return Err(format!(
                "a proposal of protocol version {}, not {VERSION}",
                p.v
            ));
        }
        p.terms().map_err(|e| e.to_string())?;
        Ok(p)
    }

    /// The terms both devices play on.
    pub fn terms(&self) -> Result<Terms, DuelError> {
        let game = bytes_of::<16>(&self.game).ok_or(DuelError::GameId)?;
        let terms = Terms {
            version: self.v,
            game,
            mode: self.mode,
            rules: self.rules,
            clock: self.clock,
        };
        terms.check()?;
        Ok(terms)
    }

    /// The answer of the device that was invited.
    pub fn reply(&self, accept: bool) -> Reply {
        Reply {
            v: VERSION,
            game: self.game.clone(),
            accept,
        }
    }
}

impl Reply {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the answer to `proposal`; an answer to another game is refused.
    pub fn from_text(text: &str, proposal: &Proposal) -> Result<Reply, String> {
        let r: Reply = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if r.v != VERSION || r.game != proposal.game {
            return Err("an answer to another proposal".into());
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proposal_travels_as_text_and_gives_both_devices_the_same_terms() {
        let mut rules = Rules::default();
        rules.set_switch("engineer_scouts", true);
        let p = Proposal::new([5; 16], Mode::Dark, rules, Clock::NONE, Seat::BLACK).unwrap();
        let got = Proposal::from_text(&p.to_text()).unwrap();
        assert_eq!(got, p);
        assert_eq!(got.terms().unwrap(), p.terms().unwrap());
        assert_eq!(got.terms().unwrap().digest(), p.terms().unwrap().digest());
        let yes = got.reply(true);
        assert_eq!(Reply::from_text(&yes.to_text(), &p), Ok(yes));
        let other = Proposal::new(
            [6; 16],
            Mode::Open,
            Rules::default(),
            Clock::NONE,
            Seat::RED,
        )
        .unwrap();
        assert!(Reply::from_text(&other.reply(true).to_text(), &p).is_err());
    }

    #[test]
    fn terms_no_game_between_devices_can_use_are_refused_by_name() {
        assert_eq!(
            Proposal::new(
                [0; 16],
                Mode::Flip,
                Rules::default(),
                Clock::NONE,
                Seat::RED
            ),
            Err(DuelError::FlipNotOffered)
        );
        let mut rules = Rules::default();
        rules.set_switch("no_move_draw", true);
        assert_eq!(
            Proposal::new([0; 16], Mode::Dark, rules, Clock::NONE, Seat::RED),
            Err(DuelError::NeedsReferee("no_move_draw"))
        );
        // The same switch is fine in 明棋.
        assert!(Proposal::new([0; 16], Mode::Open, rules, Clock::NONE, Seat::RED).is_ok());
        // A proposal made elsewhere on such terms is refused when read.
        let mut p = Proposal::new([0; 16], Mode::Open, rules, Clock::NONE, Seat::RED).unwrap();
        p.mode = Mode::Dark;
        let err = Proposal::from_text(&p.to_text()).unwrap_err();
        assert!(err.contains("no_move_draw"), "{err}");
        p.v = 9;
        assert!(Proposal::from_text(&p.to_text())
            .unwrap_err()
            .contains("version"));
        assert!(Proposal::from_text("{}").is_err());
    }

    #[test]
    fn clocks_are_part_of_the_terms_and_the_timer_rule_needs_a_timer() {
        let clock = Clock {
            total_s: 600,
            move_s: 30,
        };
        let p = Proposal::new([7; 16], Mode::Dark, Rules::default(), clock, Seat::RED).unwrap();
        let got = Proposal::from_text(&p.to_text()).unwrap();
        assert_eq!(got.terms().unwrap().clock, clock);
        let plain = Proposal::new(
            [7; 16],
            Mode::Dark,
            Rules::default(),
            Clock::NONE,
            Seat::RED,
        );
        assert_ne!(
            plain.unwrap().terms().unwrap().digest(),
            p.terms().unwrap().digest()
        );
        let rules = Rules {
            timeout_limit: 5,
            ..Rules::default()
        };
        assert_eq!(
            Proposal::new([7; 16], Mode::Open, rules, Clock::NONE, Seat::RED),
            Err(DuelError::NeedsTimer("timeout_limit"))
        );
        assert!(Proposal::new([7; 16], Mode::Open, rules, clock, Seat::RED).is_ok());
        let long = Clock {
            total_s: 0,
            move_s: 3600,
        };
        assert_eq!(
            Proposal::new([7; 16], Mode::Open, Rules::default(), long, Seat::RED),
            Err(DuelError::Clock("move_s"))
        );
        // A game saved in version 1 goes on in version 1, without clocks.
        let mut old = Proposal::new(
            [8; 16],
            Mode::Open,
            Rules::default(),
            Clock::NONE,
            Seat::RED,
        )
        .unwrap();
        old.v = 1;
        assert_eq!(old.terms().unwrap().version, 1);
        assert!(Proposal::from_text(&old.to_text()).is_err());
        old.clock = clock;
        assert_eq!(old.terms(), Err(DuelError::Version(1)));
        assert!(Proposal::from_text("not json").is_err());
    }
}
