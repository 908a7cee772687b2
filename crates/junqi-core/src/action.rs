//! Actions (RULES.md §9): a move `a6-a7` or a flip `c4`.

use crate::types::{ParsePointError, Point};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One player's turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Move the piece on `from` to `to` (a step, a run, or an attack).
    Move { from: Point, to: Point },
    /// 翻棋: turn the face-down piece on this point face up.
    Flip(Point),
}

impl Action {
    /// The point the action starts from (the flipped point for a flip).
    pub fn from(self) -> Point {
        match self {
            Action::Move { from, .. } => from,
            Action::Flip(p) => p,
        }
    }

    /// The point the action ends on.
    pub fn to(self) -> Point {
        match self {
            Action::Move { to, .. } => to,
            Action::Flip(p) => p,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Flip(p) => write!(f, "{p}"),
        }
    }
}

/// Why an action's text was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseActionError(pub String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseActionError {}

impl From<ParsePointError> for ParseActionError {
    fn from(e: ParsePointError) -> Self {
        ParseActionError(e.to_string())
    }
}

impl std::str::FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        match s.split_once('-') {
            Some((a, b)) => {
                let from: Point = a.parse()?;
                let to: Point = b.parse()?;
                if from == to {
                    return Err(ParseActionError(format!(
                        "action '{s}' moves a piece to where it stands"
                    )));
                }
                Ok(Action::Move { from, to })
            }
            None => Ok(Action::Flip(s.parse()?)),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
