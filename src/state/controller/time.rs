//! Time: the total clock of each seat, which loses the game when it runs out, and the per-move
//! timer (as on the platforms): a person to move who lets it run out loses the turn, which
//! counts a timeout; the `timeout_limit`-th loses the game (`Game::miss_turn`). The timer runs
//! beside the total clock or alone, in games against the computer (for the person only) and in
//! pass and play.
//!
//! With a friend on another device each device keeps the clocks too: its own side's time runs
//! out here and is said to the other device (junqi-duel's `out_of_time`); the other side's is
//! counted here with an allowance for the connection, and claimed once it has run out by a
//! margin (`claim_time`), which has the other device look at its own clock. The clocks stop
//! while the connection is down, while a contact is being settled, and while the side to move
//! waits for the answer to its own ask to take back (docs/duel-protocol.md, "Clocks").

use super::play::sent_after_saving;
use super::{Controller, Effect, Page};
use crate::ground::anim::Cue;

/// How often the clocks are saved while one runs, in milliseconds (actions are saved at once).
pub const CLOCK_SAVE_MS: f64 = 5_000.0;
/// Between two devices: the part of each of the other side's turns not charged to it here
/// (its move takes this long, at most, to cross the connection).
pub const ALLOWANCE_MS: f64 = 1_000.0;
/// Between two devices: how far past zero, by this device's count, the other side's time must
/// be before this device claims it.
pub const CLAIM_AFTER_MS: f64 = 3_000.0;

/// The clocks, when the game has one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Clock {
    /// Milliseconds left, by seat. Between two devices the other side's may go below zero
    /// here until it is claimed.
    pub left: [f64; 2],
    /// When the last tick was taken (`Date.now`).
    pub last: f64,
    /// Between two devices: the ply being timed, and what is left of the allowance of the
    /// other side's turn.
    ply: u32,
    free: f64,
}

impl Clock {
    pub fn new(left: [f64; 2], now: f64) -> Clock {
        Clock {
            left,
            last: now,
            ply: 0,
            free: 0.0,
        }
    }
}

/// The per-move timer, when the game has one (on both boards).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveTimer {
    /// Milliseconds left for the move now being thought about.
    pub left: f64,
    /// The ply being timed: a new ply starts with the whole time again.
    pub ply: u32,
    /// When the last tick was taken (`Date.now`).
    pub last: f64,
}

impl MoveTimer {
    /// A game's whole time for one move, in milliseconds, from its `move_seconds` (0: none).
    pub fn full_ms(move_seconds: u32) -> f64 {
        f64::from(move_seconds) * 1000.0
    }

    /// Follows the game to `ply`: a new turn starts with the whole `full` time (what went
    /// before was the last turn's). Returns whether a new turn started.
    pub fn follow(&mut self, ply: u32, full: f64) -> bool {
        if ply == self.ply {
            return false;
        }
        self.ply = ply;
        self.left = full;
        true
    }

    /// Charges `elapsed` milliseconds to the turn; returns whether its time ran out.
    pub fn charge(&mut self, elapsed: f64) -> bool {
        self.left = (self.left - elapsed.max(0.0)).max(0.0);
        self.left <= 0.0
    }
}

impl Controller {
    /// The per-move time of the game, in milliseconds (0: none).
    fn move_ms(&self) -> f64 {
        MoveTimer::full_ms(self.game.config.move_seconds)
    }

    /// The per-move timer of a game entering play (`left`: as saved, if any).
    pub(super) fn start_move_timer(&self, left: Option<f64>, now: f64) -> Option<MoveTimer> {
        let full = self.move_ms();
        let ply = self.game.position().ply();
        // Between two devices the other side's time may stand below zero here, until claimed.
        let low = if self.game.duel().is_some() {
            f64::NEG_INFINITY
        } else {
            0.0
        };
        (full > 0.0).then(|| MoveTimer {
            left: left.filter(|l| *l > low && *l <= full).unwrap_or(full),
            ply,
            last: now,
        })
    }

    /// A tick at `now` (milliseconds, `Date.now`): charges the time since the last tick to the
    /// seat to move. A total clock that runs out loses the game; a per-move timer that runs
    /// out passes the turn.
    pub fn tick(&mut self, now: f64, page: Page) -> Vec<Effect> {
        // The total clock first: a turn lost to the per-move timer is still charged to it.
        let mut fx = self.tick_total(now, page);
        if let Some(more) = self.tick_move(now, page) {
            fx.retain(|e| *e != Effect::SaveClockIfDue);
            fx.extend(more);
        }
        fx
    }

    /// Between two devices the game went back (plies taken back): the allowance of the other
    /// side's turn is given again, as for any new turn.
    pub(super) fn turn_again(&mut self) {
        if let Some(c) = &mut self.clock {
            c.ply = u32::MAX;
        }
        if let Some(t) = &mut self.move_timer {
            t.ply = u32::MAX;
        }
    }

    /// The total clock's part of a tick.
    fn tick_total(&mut self, now: f64, page: Page) -> Vec<Effect> {
        let Some(mut c) = self.clock else {
            return Vec::new();
        };
        let elapsed = (now - c.last).max(0.0);
        c.last = now;
        // Not while the game goes on in another tab: only the tab playing it runs its clock.
        let running =
            page.in_play && self.handover.is_none() && !page.passive && self.clocks_run(page);
        if let (true, Some(seat)) = (running, self.game.seat_to_move()) {
            let theirs = self.remote_seat(seat);
            let ply = self.game.position().ply();
            let mut charged = elapsed;
            if theirs {
                if c.ply != ply {
                    c.ply = ply;
                    c.free = ALLOWANCE_MS;
                }
                let free = c.free.min(elapsed);
                c.free -= free;
                charged -= free;
            }
            let left = &mut c.left[usize::from(seat)];
            if theirs {
                *left -= charged;
                let claim = *left <= -CLAIM_AFTER_MS;
                self.clock = Some(c);
                if claim {
                    return self.claim_time(true);
                }
                return vec![Effect::SaveClockIfDue];
            }
            *left = (*left - charged).max(0.0);
            if *left <= 0.0 {
                self.clock = Some(c);
                self.edits += 1;
                let _ = self.game.time_out(seat);
                self.animating = false;
                let mut fx = vec![Effect::Save, Effect::StopAnimation];
                fx.extend(self.after_change());
                sent_after_saving(&mut fx, self.outbox());
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
        let theirs = m.seat_to_move().is_some_and(|s| self.remote_seat(s));
        if t.follow(m.position().ply(), full) {
            self.move_timer = Some(t);
            return None;
        }
        let running =
            page.in_play && self.handover.is_none() && !self.animating && self.clocks_run(page);
        if !(running && (human || theirs)) {
            self.move_timer = Some(t);
            return None;
        }
        if theirs {
            // Counted here, and claimed once it ran out by a margin.
            t.left -= elapsed;
            self.move_timer = Some(t);
            let claim = t.left <= -CLAIM_AFTER_MS;
            return claim
                .then(|| self.claim_time(false))
                .filter(|fx| !fx.is_empty());
        }
        if !t.charge(elapsed) {
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
        sent_after_saving(&mut fx, self.outbox());
        Some(fx)
    }

    /// Whether the clocks run: always in a game on this device; between two devices while
    /// the connection is up, no contact is being settled, and the side to move does not wait
    /// for the answer to its own ask to take back.
    fn clocks_run(&self, page: Page) -> bool {
        let m = &self.game;
        // The side that asked on its own turn waits for the answer; the side asked decides on
        // its own time.
        let own_ask = m.undo_asked().is_some() && m.undo_asked() == m.seat_to_move();
        m.duel().is_none() || (page.connected && !m.waits_for_remote() && !own_ask)
    }

    /// Whether `seat` is played on another device (its time is counted here, not run out).
    fn remote_seat(&self, seat: u8) -> bool {
        self.game.duel().is_some() && seat != self.game.config.seat
    }

    /// Claims the other device's time (`total`: its clock for the whole game).
    fn claim_time(&mut self, total: bool) -> Vec<Effect> {
        if !self.game.claim_time(total) {
            return Vec::new();
        }
        self.edits += 1;
        let mut fx = vec![Effect::Save];
        fx.extend(self.outbox());
        fx
    }

    /// Turns each seat has lost to the per-move timer.
    pub fn timeouts(&self) -> [u32; 2] {
        [self.game.timeouts_of(0), self.game.timeouts_of(1)]
    }
}
