//! A 4-player game record (RULES.md §9 style JSON): the rules and seating, the information
//! mode, one formation per seat, every event in order and the result — enough to replay the
//! game exactly.

use super::points::Point;
use super::position::Position;
use super::rules::{InfoMode, SiguoRules, Table};
use crate::action::{Action, IllegalAction};
use crate::deployment::Deployment;
use crate::report::Report;
use crate::seat::{PerSeat, Seat};
use crate::Outcome;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing that happened in a game, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SiguoEvent {
    /// The seat to move played `mv`.
    Move { mv: Action<Point> },
    /// `seat` resigned.
    Resign { seat: Seat },
    /// `seat` reached the timeout limit (its clock ran out).
    Timeout { seat: Seat },
    /// `seat`, to move, let its per-move time run out: its turn passed (`timeout_limit`).
    Miss { seat: Seat },
    /// `seat` offered a draw and every other player still in agreed.
    Draw { seat: Seat },
}

impl SiguoEvent {
    /// Plays the event on `pos`, as the rules check any action.
    pub fn play(self, pos: &mut Position) -> Result<Report<Point>, IllegalAction<Point>> {
        match self {
            SiguoEvent::Move { mv } => pos.play(mv),
            SiguoEvent::Resign { seat } => pos.resign(seat),
            SiguoEvent::Timeout { seat } => pos.time_out(seat),
            SiguoEvent::Miss { seat } => pos.miss_turn(seat),
            SiguoEvent::Draw { seat } => pos.agree_draw(seat),
        }
    }
}

/// A 4-player game as saved and shared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiguoRecord {
    /// Format version; readers refuse versions newer than they know.
    pub version: u32,
    pub mode: InfoMode,
    #[serde(default)]
    pub rules: SiguoRules,
    /// The formations of S, E, N and W, each as its owner sees its area; a seat not at the
    /// table (W at 三国) has none, written `""`.
    #[serde(with = "formations")]
    pub formations: [Deployment; 4],
    pub events: Vec<SiguoEvent>,
    /// The result, once the game is over.
    #[serde(default, with = "crate::outcome::cross::opt")]
    pub result: Option<Outcome>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiguoRecordError {
    Json(String),
    Version(u32),
    /// A share link (compact text) that is corrupt or cut short.
    Link(String),
    /// The rules cannot be played on the cross board ([`SiguoRules::validate`]).
    Rules(String),
    /// A seat's formation breaks the setup rules.
    Setup {
        seat: Seat,
        violations: Vec<String>,
    },
    /// Event number `index` (from 0) could not be played.
    Event {
        index: usize,
        error: String,
    },
    /// The replay ends otherwise than the record says (at `table`, which names the teams).
    Result {
        recorded: Option<Outcome>,
        replayed: Option<Outcome>,
        table: Table,
    },
}

impl fmt::Display for SiguoRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiguoRecordError::Json(e) => write!(f, "bad record: {e}"),
            SiguoRecordError::Version(v) => write!(f, "record version {v} is newer than this"),
            SiguoRecordError::Rules(why) => write!(f, "bad rules: {why}"),
            SiguoRecordError::Link(why) => write!(f, "bad shared 4-player game: {why}"),
            SiguoRecordError::Setup { seat, violations } => {
                write!(f, "seat {seat}'s formation: {}", violations.join(", "))
            }
            SiguoRecordError::Event { index, error } => write!(f, "event {index}: {error}"),
            SiguoRecordError::Result {
                recorded,
                replayed,
                table,
            } => write!(
                f,
                "the record says {}, the replay gives {}",
                show(recorded, table),
                show(replayed, table)
            ),
        }
    }
}

fn show(o: &Option<Outcome>, table: &Table) -> String {
    o.map_or_else(|| "no result".to_string(), |o| o.describe(&table.seating()))
}

impl std::error::Error for SiguoRecordError {}

impl SiguoRecord {
    /// The newest format version: 2 from when every rule switch applied on the cross board.
    /// A record under only the switches version 1 already played is still written as version
    /// 1, byte for byte as before; one under any other switch is version 2, which an older
    /// reader refuses instead of replaying it with the switch ignored.
    pub const VERSION: u32 = 2;

    /// The version a record under `rules` is written as.
    pub fn version_for(rules: &SiguoRules) -> u32 {
        if rules.beyond_version_1().is_some() {
            2
        } else {
            1
        }
    }

    /// A record of a game about to start.
    pub fn new(mode: InfoMode, rules: SiguoRules, formations: PerSeat<Deployment>) -> SiguoRecord {
        SiguoRecord {
            version: SiguoRecord::version_for(&rules),
            mode,
            rules,
            formations: formations.0,
            events: Vec::new(),
            result: None,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Whether `text` is meant as a 4-player record (a JSON object with `formations`), damaged
    /// or not: the reader to ask for its errors.
    pub fn is_meant(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .is_some_and(|v| v.get("formations").is_some())
    }

    pub fn from_json(text: &str) -> Result<SiguoRecord, SiguoRecordError> {
        let r: SiguoRecord =
            serde_json::from_str(text).map_err(|e| SiguoRecordError::Json(e.to_string()))?;
        if r.version > SiguoRecord::VERSION {
            return Err(SiguoRecordError::Version(r.version));
        }
        // Version 1 ignored most switches on the cross board: such a game cannot be replayed
        // as it was played.
        if r.version < 2 {
            if let Some(name) = r.rules.beyond_version_1() {
                return Err(SiguoRecordError::Rules(format!(
                    "this record (version {}) was written by a version that did not play '{name}' on the cross board as it is played now, so it cannot be replayed as it was played",
                    r.version
                )));
            }
        }
        Ok(r)
    }

    /// The start position, after checking the rules and every formation.
    pub fn start(&self) -> Result<Position, SiguoRecordError> {
        self.rules
            .validate()
            .map_err(|e| SiguoRecordError::Rules(e.to_string()))?;
        let seating = self.rules.table.seating();
        for (i, d) in self.formations.iter().enumerate() {
            if !seating.contains(Seat::ALL[i]) {
                // A seat not at this table (W at 三国) has no formation.
                if *d != Deployment::empty() {
                    return Err(SiguoRecordError::Setup {
                        seat: Seat::ALL[i],
                        violations: vec!["a formation for a seat not at this table".into()],
                    });
                }
                continue;
            }
            let v = d.violations_with(&self.rules.rules);
            if !v.is_empty() {
                return Err(SiguoRecordError::Setup {
                    seat: Seat::ALL[i],
                    violations: v.iter().map(ToString::to_string).collect(),
                });
            }
        }
        let mut pos = Position::start(self.rules, &PerSeat(self.formations.clone()));
        pos.set_info(self.mode);
        pos.settle();
        Ok(pos)
    }

    /// Replays every event and checks the result; returns the final position.
    pub fn replay(&self) -> Result<Position, SiguoRecordError> {
        let mut pos = self.start()?;
        for (index, e) in self.events.iter().enumerate() {
            e.play(&mut pos).map_err(|err| SiguoRecordError::Event {
                index,
                error: err.to_string(),
            })?;
        }
        if pos.outcome() != self.result {
            return Err(SiguoRecordError::Result {
                recorded: self.result,
                replayed: pos.outcome(),
                table: self.rules.table,
            });
        }
        Ok(pos)
    }
}

/// The four formations as JSON strings, `""` for a seat without one.
mod formations {
    use crate::deployment::Deployment;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(f: &[Deployment; 4], s: S) -> Result<S::Ok, S::Error> {
        let texts: Vec<String> = f
            .iter()
            .map(|d| {
                if *d == Deployment::empty() {
                    String::new()
                } else {
                    d.to_string()
                }
            })
            .collect();
        texts.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Deployment; 4], D::Error> {
        let texts = <[String; 4]>::deserialize(d)?;
        let mut out: [Deployment; 4] = std::array::from_fn(|_| Deployment::empty());
        for (slot, text) in out.iter_mut().zip(texts.iter()) {
            if !text.is_empty() {
                *slot = text.parse().map_err(serde::de::Error::custom)?;
            }
        }
        Ok(out)
    }
}
