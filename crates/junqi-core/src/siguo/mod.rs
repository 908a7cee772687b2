//! 四国军棋, the 4-player game of RULES-4P.md: two against two on a cross-shaped board.
//!
//! The board is a value ([`Board`]) that every [`Position`] carries; the position and the board
//! are generic over their kind of point ([`Grid`]): the cross's [`Point`] by default, or the
//! 2-player board's [`crate::Point`] for the facing layout. Seats, teams and turns go
//! through [`crate::seat::Seating`]; pieces, combat and setup rules are RULES.md's, shared with
//! the 2-player game.

pub mod board;
mod compact;
pub mod layout;
mod lines;
pub mod moves;
pub mod notation;
mod path;
pub mod play;
pub mod points;
pub mod position;
pub mod record;
pub mod rules;
pub mod setup;
pub mod view;

pub use board::{Board, Edge};
pub use notation::{looks_like_position, NotationError};
pub use points::{Grid, Point, PointSet, POINTS};
pub use position::{Carry, Flip, Occupant, Position};
pub use record::{SiguoEvent, SiguoRecord, SiguoRecordError};
pub use rules::{InfoMode, SiguoRules, SiguoRulesError, Table, WipeOut};
pub use setup::{seat_violations, SeatViolation};

#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod probe_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod view_tests;
