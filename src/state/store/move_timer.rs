//! The per-move timer (as on the platforms): a person to move who lets it run out loses the
//! turn, which counts a timeout; the `timeout_limit`-th loses the game (`Game::miss_turn`). It
//! runs beside the total clock or alone, in games against the computer (for the person only)
//! and in pass and play.

use super::{Phase, Store};
use crate::ground::anim::Cue;
use crate::state::storage;
use leptos::prelude::*;

/// The per-move timer, when the game has one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveTimer {
    /// Milliseconds left for the move now being thought about.
    pub left: f64,
    /// The ply being timed: a new ply starts with the whole time again.
    pub ply: u32,
    /// When the last tick was taken (`Date.now`).
    pub last: f64,
}

impl Store {
    /// The per-move time of the game in play, in milliseconds (0: none).
    fn move_ms(&self) -> f64 {
        self.with_match(|m| f64::from(m.config.move_seconds) * 1000.0)
            .unwrap_or(0.0)
    }

    /// Starts the per-move timer of a game entering play (`left`: as saved, if any).
    pub(super) fn start_move_timer(&self, left: Option<f64>) {
        let full = self.move_ms();
        let ply = self.with_match(|m| m.game().position().ply()).unwrap_or(0);
        self.move_timer.set((full > 0.0).then(|| MoveTimer {
            left: left.filter(|l| *l > 0.0 && *l <= full).unwrap_or(full),
            ply,
            last: storage::now_ms(),
        }));
    }

    /// Charges the time since the last tick to the person to move; when their time runs out
    /// the turn passes. Returns whether it did.
    pub(super) fn tick_move(&self, now: f64) -> bool {
        let Some(mut t) = self.move_timer.get_untracked() else {
            return false;
        };
        let full = self.move_ms();
        let elapsed = (now - t.last).max(0.0);
        t.last = now;
        let Some((ply, human)) = self.with_match(|m| {
            let human = m.seat_to_move().is_some_and(|s| m.is_human(s));
            (m.game().position().ply(), human)
        }) else {
            return false;
        };
        if ply != t.ply {
            t.ply = ply;
            t.left = full;
        }
        let running = self.phase.get_untracked() == Phase::Play
            && self.handover.with_untracked(|h| h.is_none())
            && self.anim.with_untracked(|a| a.is_none());
        if !(running && human) {
            self.move_timer.set(Some(t));
            return false;
        }
        t.left = (t.left - elapsed).max(0.0);
        if t.left > 0.0 {
            self.move_timer.set(Some(t));
            return false;
        }
        let missed = self.update_match(|m| m.miss_turn().is_ok()) == Some(true);
        t.left = full;
        t.ply = self
            .with_match(|m| m.game().position().ply())
            .unwrap_or(t.ply);
        self.move_timer.set(Some(t));
        if missed {
            self.selected.set(None);
            self.sound(Cue::Illegal);
            self.autosave();
            self.after_change();
        }
        missed
    }

    /// Turns each seat has lost to the per-move timer (tracked: redrawn after every change).
    pub fn timeouts(&self) -> Option<[u32; 2]> {
        self.rev.track();
        self.with_match(|m| [m.timeouts_of(0), m.timeouts_of(1)])
    }
}
