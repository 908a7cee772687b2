//! Actions (RULES.md §9, RULES-4P.md §3): a move `a6-a7` (`Sa4-Ea0` on the cross board) or a
//! 翻棋 flip `c4` — one type for every board, generic over the board's kind of point.

use crate::seat::Seat;
use crate::siguo::Grid;
use crate::types::Point;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One player's turn on the board whose points are `P`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action<P = Point> {
    /// Move the piece on `from` to `to` (a step, a run, or an attack).
    Move { from: P, to: P },
    /// 翻棋: turn the face-down piece on this point face up.
    Flip(P),
}

impl<P: Copy> Action<P> {
    /// The point the action starts from (the flipped point for a flip).
    pub fn from(self) -> P {
        match self {
            Action::Move { from, .. } => from,
            Action::Flip(p) => p,
        }
    }

    /// The point the action ends on.
    pub fn to(self) -> P {
        match self {
            Action::Move { to, .. } => to,
            Action::Flip(p) => p,
        }
    }

    /// The move's two points; `None` for a flip.
    pub fn as_move(self) -> Option<(P, P)> {
        match self {
            Action::Move { from, to } => Some((from, to)),
            Action::Flip(_) => None,
        }
    }
}

impl<P: fmt::Display> fmt::Display for Action<P> {
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

impl<P> FromStr for Action<P>
where
    P: Grid + FromStr,
    P::Err: fmt::Display,
{
    type Err = ParseActionError;
    /// `from-to` is a move; a lone point is a flip on a board that has 翻棋 ([`Grid::FLIPS`])
    /// and refused elsewhere; each point as the board writes it. Space around the whole is
    /// ignored.
    fn from_str(s: &str) -> Result<Action<P>, ParseActionError> {
        let s = s.trim();
        let shown = || -> String { s.chars().take(24).flat_map(char::escape_debug).collect() };
        let point = |t: &str| t.parse::<P>().map_err(|e| ParseActionError(e.to_string()));
        match s.split_once('-') {
            Some((a, b)) => {
                let (from, to) = (point(a)?, point(b)?);
                if from == to {
                    return Err(ParseActionError(format!(
                        "action '{}' moves a piece to where it stands",
                        shown()
                    )));
                }
                Ok(Action::Move { from, to })
            }
            None if P::FLIPS => Ok(Action::Flip(point(s)?)),
            None => Err(ParseActionError(format!(
                "bad move '{}': write it from-to, from one point to another",
                shown()
            ))),
        }
    }
}

impl<P: fmt::Display> Serialize for Action<P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, P> Deserialize<'de> for Action<P>
where
    P: Grid + FromStr,
    P::Err: fmt::Display,
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action<P>, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Why an action (or a resignation, a draw, a timeout) was refused, on any board; nothing
/// changes when one is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction<P = Point> {
    /// The game is already over.
    GameOver,
    /// Not a legal action of the player to act.
    NotLegal(Action<P>),
    /// The action is legal but its result depends on an identity this position does not know.
    UnknownIdentity(P),
    /// A told contact ([`crate::Position::play_seen`]) with a result no hidden identity can
    /// give.
    Impossible(Action<P>),
    /// At a table of two, resigning is not allowed in the first 20 plies, nor in 翻棋 before
    /// colours are given (RULES.md §6).
    ResignTooEarly,
    /// The seat is already out.
    NotInGame(Seat),
    /// The seat is not the one to move.
    NotToMove(Seat),
    /// This side may not do that now: a device acting for the seat the other device holds,
    /// an answer to an offer that was not made.
    NotYourTurn,
}

impl<P: fmt::Display> fmt::Display for IllegalAction<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::NotLegal(a @ Action::Move { .. }) => {
                write!(f, "{a} is not a legal move")
            }
            IllegalAction::NotLegal(Action::Flip(p)) => {
                write!(
                    f,
                    "no piece the player to act may turn up lies face down on {p}"
                )
            }
            IllegalAction::UnknownIdentity(p) => {
                write!(f, "the identity of the piece on {p} is not known")
            }
            IllegalAction::Impossible(a) => {
                write!(
                    f,
                    "no identity of the hidden piece gives that result for {a}"
                )
            }
            IllegalAction::ResignTooEarly => {
                f.write_str("resigning is not allowed in the first 20 plies")
            }
            IllegalAction::NotInGame(s) => write!(f, "seat {s} is not in the game"),
            IllegalAction::NotToMove(s) => write!(f, "seat {s} is not to move"),
            IllegalAction::NotYourTurn => f.write_str("it is not that side's turn"),
        }
    }
}

impl<P: fmt::Debug + fmt::Display> std::error::Error for IllegalAction<P> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::siguo;

    #[test]
    fn a_lone_point_is_a_flip_only_on_the_board_that_has_flips() {
        let flip: Action = "c4".parse().unwrap();
        assert_eq!(flip, Action::Flip("c4".parse().unwrap()));
        let refused = "Sa4".parse::<Action<siguo::Point>>().unwrap_err();
        assert_eq!(
            refused.to_string(),
            "bad move 'Sa4': write it from-to, from one point to another"
        );
        let mv: Action<siguo::Point> = " Sa4-Ea0 ".parse().unwrap();
        assert_eq!(mv.to_string(), "Sa4-Ea0");
        assert_eq!(
            "a6-a6".parse::<Action>().unwrap_err().to_string(),
            "action 'a6-a6' moves a piece to where it stands"
        );
        assert!("Sa4-Sa9".parse::<Action<siguo::Point>>().is_err());
    }

    #[test]
    fn refusals_name_the_action() {
        let mv: Action<siguo::Point> = "Sa0-Ce".parse().unwrap();
        assert_eq!(
            IllegalAction::NotLegal(mv).to_string(),
            "Sa0-Ce is not a legal move"
        );
        let flip: Action = "c4".parse().unwrap();
        assert_eq!(
            IllegalAction::NotLegal(flip).to_string(),
            "no piece the player to act may turn up lies face down on c4"
        );
    }
}
