//! 旁观 on the 2-player board: a game only computers play, each move on show at the watcher's
//! pace, paused or played a move at a time, seen through Red's or Black's eyes or all open.
//! (The 4-player table's is `state/siguo/watch.rs`; both use [`WatchControls`].)
//!
//! [`WatchControls`]: crate::state::watch::WatchControls

use super::Store;
use crate::state::controller::{Controller, Eyes};
use leptos::prelude::*;
use std::time::Duration;

impl Store {
    /// Only computers play the game on the board: the person watches (tracked).
    pub fn watched(&self) -> bool {
        self.config.with(|c| c.watched())
    }

    /// Whether the next computer move may be asked for now: always in a game someone plays;
    /// in a watched game once the last move has been on show, and unless paused (one move
    /// when a step was asked for).
    pub(super) fn watch_lets_move(&self) -> bool {
        if !self.with_game(Controller::watched).unwrap_or(false) {
            return true;
        }
        !self.watch_ctl.showing.on.get_untracked() && self.watch_ctl.lets_move()
    }

    /// A computer move was just played in a watched game: it stays on show for the pace
    /// chosen, and at least until its animation is over.
    pub(super) fn watch_hold(&self) {
        if !self.with_game(Controller::watched).unwrap_or(false) {
            return;
        }
        let anim = self
            .anim
            .with_untracked(|a| a.as_ref().map_or(0, |a| a.plan.total_ms()));
        self.watch_ctl
            .hold(Duration::from_millis(u64::from(anim) + 250));
    }

    /// While paused: the side to move plays one move.
    pub fn watch_step(&self) {
        if self.thinking.get_untracked()
            || self.anim.with_untracked(|a| a.is_some())
            || self.watch_ctl.showing.on.get_untracked()
        {
            return;
        }
        if self.watch_ctl.ask_step() {
            self.computer_turn();
        }
    }

    /// Whether a step may be asked for now (tracked).
    pub fn may_step(&self) -> bool {
        self.watch_ctl.paused.get()
            && !self.thinking.get()
            && !self.watch_ctl.showing.on.get()
            && self.anim.with(|a| a.is_none())
            && self.phase.get() == super::Phase::Play
    }

    /// The watched game through other eyes.
    pub fn set_eyes(&self, eyes: Eyes) {
        self.update_game(|c| c.set_eyes(eyes));
    }
}
