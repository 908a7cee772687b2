//! # junqi-core
//!
//! The rules of 2-player Junqi (军棋 / 陆战棋) exactly as the project's RULES.md states them:
//! the board as data, movement (railways, engineers turning, camps, headquarters), combat,
//! setup validation, the three modes 明棋 / 暗棋 / 翻棋, the variant switches, JFEN, deployment
//! strings and game records — and the 4-player game of RULES-4P.md ([`siguo`]). Pure Rust with
//! no web dependencies; no input panics.
//!
//! Both games share one core: seats, teams and the turn order are a [`Seating`] (Red and Black
//! are seats 0 and 1 of a two-seat table); a position carries its board, which one description
//! generates for both games ([`siguo::layout::Layout`]); point sets are one type, as wide as the
//! kind of point needs ([`pointset`]: one word on the 2-player board, three on the cross). One
//! engine ([`siguo::Position`]), generic over that kind of point ([`siguo::Grid`]), plays both
//! games and ends them with one [`Outcome`] (a team wins, or a draw); [`Position`] is the
//! 2-player game's naming of it (Red and Black, [`Action`], [`Report`]), with no rule of
//! its own.
//!
//! ```
//! use junqi_core::Position;
//! let start = Position::from_jfen(
//!     "llbfb/legme/r1n1r/dz1zd/c1n1c/pepcp/DECPD/B1C1Z/ZN1RB/G1E1C/MENLP/RPLFL r 0 1",
//! ).unwrap();
//! assert_eq!(start.legal_actions().len(), 34);
//! ```

pub mod action;
pub mod board;
pub mod combat;
pub mod compact;
mod dead;
pub mod deduce;
pub mod deployment;
pub mod game;
pub mod jfen;
mod movement;
pub mod outcome;
pub mod pointset;
pub mod position;
mod rail;
pub mod report;
pub mod rng;
pub mod rules;
pub mod told;
pub mod types;
pub mod undo;
pub mod view;

pub use action::{Action, IllegalAction};
pub use board::{BoardRef, EdgeKind, PointKind, Topology};
pub use combat::{clash, contact, Clash};
pub use deployment::{Deployment, Slot, Violation, ViolationKind};
pub use game::{Game, GameRecord, RecordError, RecordedAction, Setup, SetupError};
pub use jfen::JfenError;
pub use outcome::{DrawReason, ExitReason, Outcome};
pub use position::{Carry, Occupant, Position};
pub use report::{ActionResult, Report};
pub use rng::SplitMix64;
pub use rules::{Mode, Rules};
pub use told::Told;
pub use types::{Bitboard, ByRole, BySide, Piece, Point, Role};
pub use view::{PlayerView, PublicEvent};

/// The classic start of RULES.md §9 (Red classic-1, Black classic-2), Red to move.
pub const CLASSIC_START: &str =
    "llbfb/legme/r1n1r/dz1zd/c1n1c/pepcp/DECPD/B1C1Z/ZN1RB/G1E1C/MENLP/RPLFL r 0 1";
pub mod seat;
pub mod siguo;

pub use seat::{Order, PerSeat, Seat, Seating, Team, Visibility};
