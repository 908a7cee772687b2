//! 翻暗棋: before a 暗棋 game, the player (in pass and play: the one holding the device) turns
//! one piece of a face-down 翻棋 shuffle; its colour is theirs (`Position::flip_for_colour`).
//! Then each side deploys hidden and Red moves first — an ordinary 暗棋 game.

use super::{Handover, Phase, SetupState, Store};
use crate::ground::anim::Cue;
use crate::state::config::Opponent;
use crate::state::storage;
use junqi_core::{Piece, PlayerView, Point, Position, Rules, Seat};
use leptos::prelude::*;

/// The flip that decides the colours.
#[derive(Clone, Debug, PartialEq)]
pub struct ColourFlip {
    /// The face-down shuffle as the flipper sees it: no identity until a piece is turned.
    pub view: PlayerView,
    /// The point turned and the piece it showed.
    pub turned: Option<(Point, Piece)>,
}

impl Store {
    /// Lays out the face-down pieces for the flip. The shuffle's seed stays out of every
    /// signal; only the turned piece is ever shown.
    pub(super) fn start_colour_flip(&self) {
        let seed = storage::random_seed();
        self.colour_flip_seed.set_value(seed);
        let view = Position::new_flip(Rules::default(), seed).view(Some(Seat::RED));
        self.colour_flip
            .set(Some(ColourFlip { view, turned: None }));
        self.phase.set(Phase::ColourFlip);
    }

    /// Turns the piece on `p` (once; a camp or an empty point does nothing).
    pub fn colour_flip_tap(&self, p: Point) {
        if self.phase.get_untracked() != Phase::ColourFlip {
            return;
        }
        let seed = self.colour_flip_seed.get_value();
        let Some(piece) = Position::flip_for_colour(seed, p) else {
            return;
        };
        let mut turned = false;
        self.colour_flip.update(|f| {
            if let Some(f) = f.as_mut().filter(|f| f.turned.is_none()) {
                f.turned = Some((p, piece));
                turned = true;
            }
        });
        if turned {
            self.sound(Cue::Flip);
        }
    }

    /// The colour the flip gave the flipper, once turned.
    pub fn colour_flip_result(&self) -> Option<Seat> {
        self.colour_flip.with(|f| {
            f.as_ref()
                .and_then(|f| f.turned)
                .map(|(_, piece)| piece.color)
        })
    }

    /// On to the hidden setup with the colours the flip decided. Against the computer the
    /// player takes the turned colour; in pass and play Red deploys first, so when the one who
    /// flipped turned up Black the device goes to the other player first.
    pub fn colour_flip_done(&self) {
        let Some(color) = self.colour_flip_result() else {
            return;
        };
        self.colour_flip.set(None);
        let config = self.config.get_untracked();
        let seat = match color {
            Seat::RED => 0,
            _ => 1,
        };
        match config.opponent {
            // A friend on another device never flips for colours (the proposal leaves it out).
            Opponent::Computer | Opponent::Remote => {
                // The buttons (undo, resign) act for the player's seat in the choices.
                self.config.update(|c| c.seat = seat);
                self.begin_setup(&config, seat);
            }
            // A watched game never flips for colours (`GameConfig::flips_for_colours`).
            Opponent::Watch => self.begin_watched(config),
            Opponent::Friend => {
                self.begin_setup(&config, 0);
                if color == Seat::BLACK {
                    self.handover.set(Some(Handover {
                        seat: 0,
                        color: Some(Seat::RED),
                    }));
                }
            }
        }
    }

    /// A fresh formation for `seat` to arrange.
    pub(super) fn begin_setup(&self, config: &crate::state::config::GameConfig, seat: u8) {
        self.setup.set(Some(SetupState {
            seat,
            color: if seat == 0 { Seat::RED } else { Seat::BLACK },
            deployment: junqi_ai::deploy::formation_for(storage::random_seed(), &config.rules),
            selected: None,
            first: None,
        }));
        self.phase.set(Phase::Setup);
    }
}
