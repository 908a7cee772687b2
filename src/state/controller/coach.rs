//! The coach of a 明棋 game against the computer: a move that walks into a higher rank, leaves
//! a piece to be taken for nothing or leaves the flag open is held back once, with the coach's
//! warning (`junqi_ai::coach`, which asks the rules core); the player then plays it anyway or
//! chooses another. Choosing the same move again on the same board plays it.

use super::{Controller, Effect, Page};
use crate::ground::anim::Cue;
use junqi_ai::coach::{warn, Warning};
use junqi_core::{Action, Mode};

/// A move the coach held back, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Coached {
    pub action: Action,
    pub warning: Warning,
}

impl Controller {
    /// Switches the coach on or off (the grown-up setting).
    pub fn set_coach(&mut self, on: bool) {
        self.coach = on;
        if !on {
            self.coached = None;
            self.warned = None;
        }
    }

    /// The move held back by the coach, while its warning shows.
    pub fn coached(&self) -> Option<Coached> {
        self.coached
    }

    /// Whether the coach watches this game: the course's game (`GameConfig::coach`) with the
    /// grown-up setting on, in 明棋 against the computer.
    fn coaching(&self) -> bool {
        self.coach && self.game.config.coach && !self.friend() && self.game.mode() == Mode::Open
    }

    /// A move the player chose (tap, drag or typed): held back with a warning the first time
    /// it gives something away, else played.
    pub(super) fn chosen(&mut self, action: Action, step_ms: u32) -> Vec<Effect> {
        let again = self.warned == Some(action);
        if self.coaching() && !again {
            let warning = self.shown.as_ref().and_then(|s| warn(&s.view, action));
            if let Some(warning) = warning {
                self.coached = Some(Coached { action, warning });
                self.warned = Some(action);
                self.selected = None;
                return vec![Effect::Sound {
                    cue: Cue::Hint,
                    delay_ms: 0,
                }];
            }
        }
        self.act(action, step_ms)
    }

    /// "Play it anyway": the move held back is played.
    pub fn coach_play(&mut self, page: Page) -> Vec<Effect> {
        let Some(c) = self.coached else {
            return Vec::new();
        };
        if !self.can_act(page) {
            return Vec::new();
        }
        self.act(c.action, page.step_ms)
    }

    /// "Choose another move": the warning goes, the piece stays picked up (the same move
    /// chosen again is played).
    pub fn coach_back(&mut self) {
        if let Some(c) = self.coached.take() {
            self.selected = Some(c.action.from());
        }
    }
}
