//! Time: the total clock of each seat, which loses the game when it runs out, and the per-move
//! timer (as on the platforms): a person to move who lets it run out loses the turn, which
//! counts a timeout; the `timeout_limit`-th loses the game (`Game::miss_turn`). The timer runs
//! beside the total clock or alone, in games against the computer (for the person only) and in
//! pass and play.

use super::{Controller, Effect, Page};
use crate::ground::anim::Cue;

/// The clocks, when the game has one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Clock {
    /// Milliseconds left, by seat.
    pub left: [f64; 2],
    /// When the last tick was taken (`Date.now`).
    pub last: f64,
}

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

impl Controller {
    /// The per-move time of the game, in milliseconds (0: none).
    fn move_ms(&self) -> f64 {
        f64::from(self.game.config.move_seconds) * 1000.0
    }

    /// The per-move timer of a game entering play (`left`: as saved, if any).
    pub(super) fn start_move_timer(&self, left: Option<f64>, now: f64) -> Option<MoveTimer> {
        let full = self.move_ms();
        let ply = self.game.position().ply();
        (full > 0.0).then(|| MoveTimer {
            left: left.filter(|l| *l > 0.0 && *l <= full).unwrap_or(full),
            ply,
            last: now,
        })
    }

    /// A tick at `now` (milliseconds, `Date.now`): charges the time since the last tick to the
    /// seat to move. A total clock that runs out loses the game; a per-move timer that runs
    /// out passes the turn.
    pub fn tick(&mut self, now: f64, page: Page) -> Vec<Effect> {
        if let Some(fx) = self.tick_move(now, page) {
            if let Some(c) = &mut self.clock {
                c.last = now;
            }
            return fx;
        }
        let Some(mut c) = self.clock else {
            return Vec::new();
        };
        let elapsed = (now - c.last).max(0.0);
        c.last = now;
        // Not while the game goes on in another tab: only the tab playing it runs its clock.
        let running = page.in_play && self.handover.is_none() && !page.passive;
        if let (true, Some(seat)) = (running, self.game.seat_to_move()) {
            let left = &mut c.left[usize::from(seat)];
            *left = (*left - elapsed).max(0.0);
            if *left <= 0.0 {
                self.clock = Some(c);
                self.edits += 1;
                let _ = self.game.time_out(seat);
                self.animating = false;
                let mut fx = vec![Effect::Save, Effect::StopAnimation];
                fx.extend(self.after_change());
                return fx;
            }
        }
        self.clock = Some(c);
        if running {
            vec![Effect::SaveClockIfDue]
        } else {
            Vec::new()
        }
    }

    /// Charges the time since the last tick to the person to move; when their time runs out
    /// the turn passes. Returns what that did, if it did.
    fn tick_move(&mut self, now: f64, page: Page) -> Option<Vec<Effect>> {
        let mut t = self.move_timer?;
        let full = self.move_ms();
        let elapsed = (now - t.last).max(0.0);
        t.last = now;
        let m = &self.game;
        let human = m.seat_to_move().is_some_and(|s| m.is_human(s));
        let ply = m.position().ply();
        if ply != t.ply {
            t.ply = ply;
            t.left = full;
        }
        let running = page.in_play && self.handover.is_none() && !self.animating;
        if !(running && human) {
            self.move_timer = Some(t);
            return None;
        }
        t.left = (t.left - elapsed).max(0.0);
        if t.left > 0.0 {
            self.move_timer = Some(t);
            return None;
        }
        self.edits += 1;
        let missed = self.game.miss_turn().is_ok();
        t.left = full;
        t.ply = self.game.position().ply();
        self.move_timer = Some(t);
        if !missed {
            return None;
        }
        self.selected = None;
        let mut fx = vec![
            Effect::Sound {
                cue: Cue::Illegal,
                delay_ms: 0,
            },
            Effect::Save,
        ];
        fx.extend(self.after_change());
        Some(fx)
    }

    /// Turns each seat has lost to the per-move timer.
    pub fn timeouts(&self) -> [u32; 2] {
        [self.game.timeouts_of(0), self.game.timeouts_of(1)]
    }
}
