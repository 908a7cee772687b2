//! What the components may read of the game: public facts only. The referee (`Match`, with
//! every hidden piece) stays inside the store; components read this snapshot and the player's
//! view (`Store::shown`), so none of them can reach a hidden identity.

use super::Store;
use crate::state::game::Tray;
use junqi_core::{Outcome, Seat};
use leptos::prelude::*;

/// Public facts of the game now.
#[derive(Clone, Debug, PartialEq)]
pub struct PublicState {
    pub outcome: Option<Outcome>,
    /// The seat to move, if the game is on.
    pub to_move: Option<u8>,
    /// Each seat's colour (in 翻棋 none until the first flip).
    pub colors: [Option<Seat>; 2],
    /// Whether each seat is played by a person on this device.
    pub human: [bool; 2],
    /// The seat of the player against the computer.
    pub my_seat: u8,
    /// Plies since the last capture, the limit that draws, and whether the 31-ply variant is on.
    pub quiet: (u32, u32, bool),
}

impl PublicState {
    /// The colour of the seat to move.
    pub fn color_to_move(&self) -> Option<Seat> {
        self.colors[usize::from(self.to_move?)]
    }

    /// The seat playing `color`.
    pub fn seat_of(&self, color: Seat) -> Option<u8> {
        (0..2u8).find(|&s| self.colors[usize::from(s)] == Some(color))
    }
}

impl Store {
    /// The public facts of the game now (tracks changes), `None` without a game.
    pub fn public(&self) -> Option<PublicState> {
        self.rev.track();
        self.with_match(|m| {
            let r = m.rules();
            PublicState {
                outcome: m.outcome(),
                to_move: m.seat_to_move(),
                colors: [m.color_of(0), m.color_of(1)],
                human: [m.is_human(0), m.is_human(1)],
                my_seat: m.config.seat,
                quiet: (m.halfmoves(), r.quiet_limit(), r.no_collision_31),
            }
        })
    }

    /// The removed pieces as `seat` may know them (tracks changes).
    pub fn tray_of(&self, seat: u8) -> Option<Tray> {
        self.rev.track();
        self.with_game(|c| c.tray_for(seat))
    }
}
