//! The messages of docs/duel-protocol.md, as JSON text: an [`Envelope`] around each [`Body`].

use crate::crypto::{sha256, Digest};
use junqi_core::{Action, Clash, Role, Seat};
use serde::{Deserialize, Serialize};

/// The protocol's version: what new games are played in. A game keeps the version it was
/// agreed in ([`crate::Terms::version`]); a message of another version is refused by name.
/// Version 2 added taking back by agreement and the clocks.
pub const VERSION: u32 = 2;

/// One message from one device to the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    pub v: u32,
    /// The game, in hex (16 bytes): a message of another game is refused.
    pub game: String,
    /// The sender's seat.
    #[serde(with = "junqi_core::seat::rb")]
    pub from: Seat,
    /// The sender's count of messages before this one.
    pub seq: u32,
    /// SHA-256 (hex) of the sender's previous message as sent; empty for the first.
    pub prev: String,
    pub body: Body,
}

/// A piece opened against its commitment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opened {
    /// The setup slot the piece started on (`Slot::index`).
    pub slot: u8,
    pub role: Role,
    /// The salt, hex (32 bytes).
    pub salt: String,
}

/// What an attacker reveals of one of its transfers at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOpened {
    pub ply: u32,
    /// The role it chose (its piece's, if it was honest).
    pub role: Role,
    /// The secret scalar `x`, hex.
    pub x: String,
}

/// What a message says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Body {
    /// The first message: the game's terms (a digest of mode and rules), one commitment per
    /// piece in the order of the setup slots, and the oblivious-transfer key `S`.
    Commit {
        terms: String,
        pieces: Vec<String>,
        ot: String,
    },
    /// 明棋: every piece opened, once both commitments have arrived.
    Open {
        pieces: Vec<Opened>,
    },
    /// An action. `choice` is the transfer message `R` of an attack in 暗棋.
    Move {
        ply: u32,
        action: Action,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<String>,
    },
    /// The defender's twelve sealed results for the attack of `ply`, hex, and the link of the
    /// token of each possible result ([`RESULTS`], [`token_link`]): one token per result, so
    /// that a token tells the defender the result and not the attacker's role.
    Sealed {
        ply: u32,
        boxes: Vec<String>,
        tokens: Vec<String>,
    },
    /// The attacker's result for `ply`, with the token that proves the defender sealed it.
    Verdict {
        ply: u32,
        clash: Clash,
        flag: bool,
        token: String,
    },
    /// A piece whose identity the rules have made public (a flag after its Field Marshal
    /// fell), opened against its commitment.
    Reveal {
        ply: u32,
        piece: Opened,
    },
    Resign {
        ply: u32,
    },
    /// The side to move has no legal action.
    NoMove {
        ply: u32,
    },
    OfferDraw {
        ply: u32,
    },
    AcceptDraw {
        ply: u32,
    },
    /// Version 2: asks to take back actions, on either side's turn: back to and including the
    /// sender's last own action (junqi-core's `undo::span`). It stands until the other side
    /// answers, or acts at that ply instead.
    Undo {
        ply: u32,
    },
    /// Version 2: the answer to the other side's [`Body::Undo`] of `ply`.
    AcceptUndo {
        ply: u32,
    },
    DeclineUndo {
        ply: u32,
    },
    /// Version 2: the side to move ran out of time, by its own clock or on the other side's
    /// claim: with `total` its clock for the whole game (it loses), otherwise the per-move
    /// timer (its turn passes, and counts towards `timeout_limit`).
    OutOfTime {
        ply: u32,
        total: bool,
    },
    /// Version 2: by the sender's own count the other side's time ran out (with a margin for
    /// the connection). The side to move checks its own clock at once, and says
    /// [`Body::OutOfTime`] if it ran out there too; a claim never costs a side time its own
    /// clock still has.
    ClaimTime {
        ply: u32,
        total: bool,
    },
    /// The end: every piece opened, the transfer secret `y`, and every choice made.
    Final {
        pieces: Vec<Opened>,
        ot_secret: String,
        choices: Vec<ChoiceOpened>,
    },
}

impl Envelope {
    pub fn to_text(&self) -> String {
        // Serialising these plain types cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Result<Envelope, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// The link of a message in its sender's chain.
pub fn chain(text: &str) -> Digest {
    sha256(&[b"message", text.as_bytes()])
}

pub fn hex_of(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// Exactly `N` bytes from hex.
pub fn bytes_of<const N: usize>(text: &str) -> Option<[u8; N]> {
    hex::decode(text).ok()?.try_into().ok()
}

/// What one sealed box holds: the result a role would meet, the token of that result, and the
/// defender opened where the result shows it (a scout, a bounce, a flag taken). Always
/// [`Payload::LEN`] bytes, so that the twelve boxes all look alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    pub clash: Clash,
    pub flag: bool,
    pub token: [u8; 16],
    pub shown: Option<(u8, Role, [u8; 32])>,
}

const CLASHES: [Clash; 5] = [
    Clash::Win,
    Clash::Lose,
    Clash::Both,
    Clash::Scout,
    Clash::Bounce,
];

/// Every public result of a contact (`clash`, and whether a flag was taken), in the order of
/// the token links of a [`Body::Sealed`].
pub const RESULTS: [(Clash, bool); 7] = [
    (Clash::Win, false),
    (Clash::Win, true),
    (Clash::Lose, false),
    (Clash::Both, false),
    (Clash::Both, true),
    (Clash::Scout, false),
    (Clash::Bounce, false),
];

/// Where a result stands in [`RESULTS`].
pub fn result_index(clash: Clash, flag: bool) -> Option<usize> {
    RESULTS.iter().position(|&r| r == (clash, flag))
}

/// What the defender publishes of the token of a result: its hash, bound to the attack.
pub fn token_link(ctx: &[u8], clash: Clash, flag: bool, token: &[u8; 16]) -> Digest {
    let i = result_index(clash, flag).unwrap_or(RESULTS.len()) as u8;
    sha256(&[b"token", ctx, &[i], token])
}

/// A role's index in [`Role::ALL`]: the choice that stands for it in a transfer.
pub fn role_index(r: Role) -> u8 {
    Role::ALL.iter().position(|&x| x == r).unwrap_or(0) as u8
}

impl Payload {
    pub const LEN: usize = 1 + 1 + 16 + 1 + 1 + 1 + 32;

    /// Whether this box's token is the one `links` (a [`Body::Sealed`]'s token links, in the
    /// order of [`RESULTS`]) binds to its result in the attack of context `ctx`.
    pub fn linked(&self, ctx: &[u8], links: &[String]) -> bool {
        result_index(self.clash, self.flag)
            .and_then(|k| links.get(k))
            .and_then(|l| bytes_of::<32>(l))
            == Some(token_link(ctx, self.clash, self.flag, &self.token))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::LEN);
        out.push(CLASHES.iter().position(|&c| c == self.clash).unwrap_or(0) as u8);
        out.push(u8::from(self.flag));
        out.extend_from_slice(&self.token);
        match &self.shown {
            Some((slot, role, salt)) => {
                out.extend_from_slice(&[1, *slot, role_index(*role)]);
                out.extend_from_slice(salt);
            }
            None => out.extend_from_slice(&[0; 3 + 32]),
        }
        out
    }

    pub fn from_bytes(b: &[u8]) -> Option<Payload> {
        if b.len() != Self::LEN || b[1] > 1 {
            return None;
        }
        let shown = match b[18] {
            0 => None,
            1 => Some((
                b[19],
                *Role::ALL.get(usize::from(b[20]))?,
                b[21..53].try_into().ok()?,
            )),
            _ => return None,
        };
        Some(Payload {
            clash: *CLASHES.get(usize::from(b[0]))?,
            flag: b[1] == 1,
            token: b[2..18].try_into().ok()?,
            shown,
        })
    }
}
