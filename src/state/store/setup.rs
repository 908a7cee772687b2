//! Arranging formations before play (明棋, 暗棋): swapping pieces by tap or drag, and 出征,
//! after which the computer's formation is drawn or, in pass and play, the other side arranges.

use super::{Handover, SetupState, Store};
use crate::ground::anim::Cue;
use crate::ground::drag::Gesture;
use crate::ground::pick::{self, Pick};
use crate::state::config::Opponent;
use crate::state::saves::{self, SavedSetup};
use crate::state::storage;
use junqi_core::{Deployment, Point, Seat, Setup, Slot};
use leptos::prelude::*;

impl Store {
    /// Replaces the formation being arranged.
    pub fn setup_set(&self, d: Deployment) {
        self.setup.update(|s| {
            if let Some(s) = s {
                s.deployment = d;
                s.selected = None;
            }
        });
    }

    /// Swaps the contents of two points of the arranging side's half.
    pub fn setup_swap(&self, a: Point, b: Point) {
        self.setup.update(|s| {
            let Some(s) = s else { return };
            if let (Some(x), Some(y)) = (Slot::of_point(a, s.color), Slot::of_point(b, s.color)) {
                s.deployment.swap(x, y);
            }
            s.selected = None;
        });
        self.sound(Cue::Move);
    }

    /// A gesture on the setup board: tap one piece then another to swap, or drag and drop.
    pub fn setup_gesture(&self, g: Gesture) {
        let Some(s) = self.setup.get_untracked() else {
            return;
        };
        let mine = |p: Point| Slot::of_point(p, s.color).is_some();
        let select = |p: Option<Point>| {
            self.setup.update(|s| {
                if let Some(s) = s {
                    s.selected = p
                }
            })
        };
        match g {
            // A swap: a piece "goes" to any other point of its side's half.
            Gesture::Tap(p) => match pick::tap(
                s.selected,
                p,
                |_, to| mine(to),
                |q| Slot::of_point(q, s.color).is_some_and(|sl| s.deployment.get(sl).is_some()),
            ) {
                Pick::Go { from, to } => self.setup_swap(from, to),
                Pick::Up(p) => select(Some(p)),
                // An empty point of the half with nothing held stays so.
                Pick::Miss(p) if mine(p) && s.selected.is_none() => {}
                Pick::Back(_) | Pick::Miss(_) => select(None),
            },
            Gesture::Drop { from, to: Some(to) } if mine(from) && mine(to) && from != to => {
                self.setup_swap(from, to)
            }
            _ => select(None),
        }
    }

    /// 出征: the formation is final. Pass and play: the other side arranges next.
    pub fn setup_start(&self) {
        let Some(s) = self.setup.get_untracked() else {
            return;
        };
        if self.siguo.arranging.get_untracked().is_some() {
            let rules = self.siguo.config.with_untracked(|c| c.rules.rules);
            if !s.deployment.is_valid_with(&rules) {
                self.sound(Cue::Illegal);
                return;
            }
            self.siguo.deployed(self, s.deployment);
            return;
        }
        let config = self.config.get_untracked();
        if !s.deployment.is_valid_with(&config.rules) {
            self.sound(Cue::Illegal);
            return;
        }
        let mut config = config;
        if config.opponent == Opponent::Computer {
            // The seat arranged is the player's (翻暗棋: the one the flip gave).
            config.seat = s.seat;
        }
        let seed = storage::random_seed();
        match config.opponent {
            Opponent::Computer => {
                let computer =
                    saves::computer_formation(seed, crate::state::seeds::SCHEME, &config.rules);
                let own = s.deployment.clone();
                let (red, black) = if s.color == Seat::RED {
                    (s.deployment, computer)
                } else {
                    (computer, s.deployment)
                };
                self.begin(
                    config,
                    Setup::Deployments { red, black },
                    seed,
                    SavedSetup::Computer { own },
                );
            }
            Opponent::Remote => self.begin_remote(config, s.deployment),
            // A watched game has no setup screen (`Store::start_game`).
            Opponent::Watch => self.begin_watched(config),
            Opponent::Friend => match s.first {
                None => {
                    self.setup.set(Some(SetupState {
                        seat: 1,
                        color: Seat::BLACK,
                        deployment: junqi_ai::deploy::formation_for(seed, &config.rules),
                        selected: None,
                        first: Some(s.deployment),
                    }));
                    self.handover.set(Some(Handover {
                        seat: 1,
                        color: Some(Seat::BLACK),
                    }));
                }
                Some(red) => {
                    let saved = SavedSetup::Deployments {
                        red: red.clone(),
                        black: s.deployment.clone(),
                    };
                    self.begin(
                        config,
                        Setup::Deployments {
                            red,
                            black: s.deployment,
                        },
                        seed,
                        saved,
                    );
                }
            },
        }
    }
}
