//! A compact text form of a game record, small enough for a link's URL fragment:
//! a few bytes of header, the two formations (or the shuffle seed), two bytes per action,
//! in unpadded base64url. Results of single actions are not stored: replaying recomputes them.
//!
//! Format 1 holds the ten rule switches of RULES.md §8. A record that uses a later switch, a
//! numeric rule setting or timed-out turns is written in format 2 ([`GameRecord::to_compact`]),
//! which older readers refuse instead of misreading; every other record is written exactly as
//! before.
//!
//! Format 3 holds a 4-player (四国) record: [`crate::siguo::SiguoRecord::to_compact`], laid out
//! in `siguo/compact.rs`. Readers of formats 1 and 2 refuse it as a later version.
//! [`read_shared`] reads any of the three and says which game it holds.

use crate::action::Action;
use crate::deployment::{Deployment, Slot, SLOTS};
use crate::game::{GameRecord, RecordError, RecordedAction, Setup};
use crate::outcome::{DrawReason, ExitReason, Outcome};
use crate::rules::{Mode, Rules};
use crate::siguo::{SiguoRecord, SiguoRecordError};
use crate::types::{Point, Role};
use crate::Seat;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

const FORMAT: u8 = 1;
const FORMAT_2: u8 = 2;
/// A 4-player record (`siguo/compact.rs`).
pub(crate) const FORMAT_SIGUO: u8 = 3;
/// The format of a 4-player-board game at another table (四方混战, 三国).
pub(crate) const FORMAT_TABLES: u8 = 4;
/// The switches format 1 knows (the first ten of `Rules::NAMES`).
const FORMAT_1_SWITCHES: u32 = 10;

pub(crate) fn rules_bits(r: &Rules) -> u32 {
    Rules::NAMES
        .iter()
        .enumerate()
        .filter(|(_, n)| r.switch(n) == Some(true))
        .fold(0, |b, (i, _)| b | 1 << i)
}

pub(crate) fn rules_from_bits(bits: u32) -> Rules {
    let mut r = Rules::default();
    for (i, n) in Rules::NAMES.iter().enumerate() {
        if bits >> i & 1 == 1 {
            if let Some(s) = r.switch_mut(n) {
                *s = true;
            }
        }
    }
    r
}

pub(crate) fn push_deployment(out: &mut Vec<u8>, d: &Deployment) {
    // One nibble per slot (0 = empty, 1..=12 a role), two slots a byte.
    let nib = |s: usize| d.slots[s].map_or(0u8, |r| r as u8 + 1);
    for i in (0..SLOTS).step_by(2) {
        out.push(nib(i) << 4 | nib(i + 1));
    }
}

pub(crate) fn read_deployment(bytes: &[u8]) -> Option<Deployment> {
    let mut d = Deployment::empty();
    for (i, b) in bytes.iter().enumerate() {
        for (k, nib) in [(0, b >> 4), (1, b & 15)] {
            let slot = Slot::from_index(i * 2 + k)?;
            d.set(
                slot,
                if nib == 0 {
                    None
                } else {
                    Some(*Role::ALL.get(nib as usize - 1)?)
                },
            );
        }
    }
    Some(d)
}

fn outcome_code(o: Option<Outcome>) -> [u8; 2] {
    match o {
        None => [0, 0],
        Some(Outcome::Win { team, reason }) => [1 + team.index() as u8, code_of(&WINS, reason)],
        Some(Outcome::Draw { reason }) => [3, code_of(&DRAWS, reason)],
    }
}

/// The 2-player links' numbers for the reasons (their order in the first format's enums).
const WINS: [ExitReason; 5] = [
    ExitReason::FlagCaptured,
    ExitReason::NoLegalMove,
    ExitReason::NoContact,
    ExitReason::Resignation,
    ExitReason::Timeout,
];
const DRAWS: [DrawReason; 6] = [
    DrawReason::NoCapture,
    DrawReason::Agreed,
    DrawReason::NoFlags,
    DrawReason::MutualWipeOut,
    DrawReason::DeadPosition,
    DrawReason::PlyLimit,
];

fn code_of<T: PartialEq>(list: &[T], x: T) -> u8 {
    list.iter().position(|y| *y == x).unwrap_or(0) as u8
}

fn outcome_from(code: [u8; 2]) -> Option<Option<Outcome>> {
    Some(match code[0] {
        0 => None,
        1 | 2 => Some(Outcome::won_by(
            if code[0] == 1 { Seat::RED } else { Seat::BLACK },
            *WINS.get(code[1] as usize)?,
        )),
        3 => Some(Outcome::Draw {
            reason: *DRAWS.get(code[1] as usize)?,
        }),
        _ => return None,
    })
}

impl GameRecord {
    /// The record as compact URL-safe text.
    ///
    /// Format 1: format, mode, switches (2 bytes), result (2 bytes), setup, actions (2 bytes
    /// each). Format 2, only when format 1 cannot hold the record: format, mode, switches
    /// (4 bytes), `ply_limit` (2 bytes), `timeout_limit` (1 byte), result, the number of
    /// timed-out turns (2 bytes) and each one's count of actions before it (2 bytes), setup,
    /// actions.
    pub fn to_compact(&self) -> String {
        let bits = rules_bits(&self.rules);
        let format_2 = bits >> FORMAT_1_SWITCHES != 0
            || self.rules.ply_limit > 0
            || self.rules.timeout_limit > 0
            || !self.timeouts.is_empty();
        let mut out = vec![if format_2 { FORMAT_2 } else { FORMAT }, self.mode as u8];
        if format_2 {
            out.extend_from_slice(&bits.to_le_bytes());
            let ply_limit = u16::try_from(self.rules.ply_limit).unwrap_or(u16::MAX);
            out.extend_from_slice(&ply_limit.to_le_bytes());
            out.push(u8::try_from(self.rules.timeout_limit).unwrap_or(u8::MAX));
            out.extend_from_slice(&outcome_code(self.result));
            out.extend_from_slice(&(self.timeouts.len() as u16).to_le_bytes());
            for &t in &self.timeouts {
                out.extend_from_slice(&(t as u16).to_le_bytes());
            }
        } else {
            out.extend_from_slice(&(bits as u16).to_le_bytes());
            out.extend_from_slice(&outcome_code(self.result));
        }
        match &self.setup {
            Setup::Shuffle { seed } => out.extend_from_slice(&seed.to_le_bytes()),
            Setup::Deployments { red, black } => {
                push_deployment(&mut out, red);
                push_deployment(&mut out, black);
            }
        }
        for a in &self.actions {
            let v: u16 = match a.action {
                Action::Move { from, to } => (from.index() as u16) << 6 | to.index() as u16,
                Action::Flip(p) => 0x8000 | p.index() as u16,
            };
            out.extend_from_slice(&v.to_le_bytes());
        }
        URL_SAFE_NO_PAD.encode(out)
    }

    /// Reads the compact text back (the record is then checked by replaying it).
    pub fn from_compact(text: &str) -> Result<GameRecord, RecordError> {
        let bad = |why: &str| RecordError::Json(format!("bad shared game: {why}"));
        let bytes = URL_SAFE_NO_PAD
            .decode(text.trim().trim_start_matches('#'))
            .map_err(|_| bad("not base64url"))?;
        if bytes.len() < 6 {
            return Err(bad("too short"));
        }
        if bytes[0] != FORMAT && bytes[0] != FORMAT_2 {
            return Err(RecordError::Version(bytes[0] as u32));
        }
        let mode = *Mode::ALL
            .get(bytes[1] as usize)
            .ok_or_else(|| bad("unknown mode"))?;
        let mut timeouts = Vec::new();
        let (rules, result, mut rest) = if bytes[0] == FORMAT {
            let bits = u32::from(u16::from_le_bytes([bytes[2], bytes[3]]));
            let rules = rules_from_bits(bits & ((1 << FORMAT_1_SWITCHES) - 1));
            let result = outcome_from([bytes[4], bytes[5]]).ok_or_else(|| bad("unknown result"))?;
            (rules, result, &bytes[6..])
        } else {
            let head = bytes.get(..13).ok_or_else(|| bad("too short"))?;
            let mut rules =
                rules_from_bits(u32::from_le_bytes([head[2], head[3], head[4], head[5]]));
            rules.ply_limit = u16::from_le_bytes([head[6], head[7]]).into();
            rules.timeout_limit = head[8].into();
            let result = outcome_from([head[9], head[10]]).ok_or_else(|| bad("unknown result"))?;
            let n = u16::from_le_bytes([head[11], head[12]]) as usize;
            let list = bytes
                .get(13..13 + 2 * n)
                .ok_or_else(|| bad("truncated timeouts"))?;
            for pair in list.chunks(2) {
                timeouts.push(u16::from_le_bytes([pair[0], pair[1]]).into());
            }
            (rules, result, &bytes[13 + 2 * n..])
        };
        let setup = if mode == Mode::Flip {
            let seed: [u8; 8] = rest
                .get(..8)
                .and_then(|s| s.try_into().ok())
                .ok_or_else(|| bad("no seed"))?;
            rest = &rest[8..];
            Setup::Shuffle {
                seed: u64::from_le_bytes(seed),
            }
        } else {
            let n = SLOTS / 2;
            let red = rest
                .get(..n)
                .and_then(read_deployment)
                .ok_or_else(|| bad("bad formation"))?;
            let black = rest
                .get(n..2 * n)
                .and_then(read_deployment)
                .ok_or_else(|| bad("bad formation"))?;
            rest = &rest[2 * n..];
            Setup::Deployments { red, black }
        };
        if rest.len() % 2 != 0 {
            return Err(bad("truncated actions"));
        }
        let mut actions = Vec::with_capacity(rest.len() / 2);
        for pair in rest.chunks(2) {
            let v = u16::from_le_bytes([pair[0], pair[1]]);
            let point = |i: u16| Point::new(i as usize).ok_or_else(|| bad("bad point"));
            let action = if v & 0x8000 != 0 {
                Action::Flip(point(v & 0x3f)?)
            } else {
                let (from, to) = (point(v >> 6 & 0x3f)?, point(v & 0x3f)?);
                if from == to {
                    return Err(bad("bad action"));
                }
                Action::Move { from, to }
            };
            actions.push(RecordedAction {
                action,
                result: None,
            });
        }
        Ok(GameRecord {
            version: GameRecord::VERSION,
            mode,
            rules,
            setup,
            actions,
            timeouts,
            result,
        })
    }
}

/// A game read from a share link of any format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SharedGame {
    /// Formats 1 and 2: a 2-player game, read by [`GameRecord::from_compact`].
    TwoPlayer(GameRecord),
    /// Format 3: a 4-player game, read by [`SiguoRecord::from_compact`].
    FourPlayer(SiguoRecord),
}

/// Why a share link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SharedGameError {
    TwoPlayer(RecordError),
    FourPlayer(SiguoRecordError),
}

impl std::fmt::Display for SharedGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SharedGameError::TwoPlayer(e) => e.fmt(f),
            SharedGameError::FourPlayer(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SharedGameError {}

/// Reads a share link's compact text (a leading `#` ignored) of any format: formats 1 and 2
/// exactly as [`GameRecord::from_compact`] reads them, format 3 as
/// [`SiguoRecord::from_compact`]. The record is then checked by replaying it.
pub fn read_shared(text: &str) -> Result<SharedGame, SharedGameError> {
    let first = URL_SAFE_NO_PAD
        .decode(text.trim().trim_start_matches('#'))
        .ok()
        .and_then(|b| b.first().copied());
    if first == Some(FORMAT_SIGUO) || first == Some(FORMAT_TABLES) {
        SiguoRecord::from_compact(text)
            .map(SharedGame::FourPlayer)
            .map_err(SharedGameError::FourPlayer)
    } else {
        GameRecord::from_compact(text)
            .map(SharedGame::TwoPlayer)
            .map_err(SharedGameError::TwoPlayer)
    }
}
