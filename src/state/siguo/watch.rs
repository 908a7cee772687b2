//! 旁观: a 四国 game that only computers play, watched. Each move stays on show for the pace
//! chosen; the watcher may pause, play one move at a time, and see every piece or one seat's
//! view ([`SiguoStore::watch`]). Nobody at the device plays, so nothing is hidden from them
//! unless they choose a seat's eyes.

use super::SiguoStore;
use crate::state::store::Store;
use leptos::prelude::*;
use std::time::Duration;

impl SiguoStore {
    /// Only computers play this game: the person at the device watches it (tracked).
    pub fn watching(&self) -> bool {
        self.with_tracked(super::Table::watched).unwrap_or(false)
    }

    /// [`Self::watching`], untracked.
    pub(super) fn watching_untracked(&self) -> bool {
        self.with_table(super::Table::watched).unwrap_or(false)
    }

    /// Whether the next computer seat may think now: always in a game someone plays; in a
    /// watched game unless paused (one move when a step was asked).
    pub(super) fn watch_lets_move(&self) -> bool {
        !self.watching_untracked() || self.watch_ctl.lets_move()
    }

    /// How long a computer move stays on show.
    pub(super) fn show_for(&self, reduced_motion: bool) -> Duration {
        if self.watching_untracked() {
            self.watch_ctl.pace.get_untracked().pause()
        } else if reduced_motion {
            Duration::from_millis(250)
        } else {
            super::store::COMPUTER_PAUSE
        }
    }

    /// While paused: the seat to move plays one move.
    pub fn step(&self, store: &Store) {
        if self.thinking.get_untracked() || self.pausing.on.get_untracked() {
            return;
        }
        if self.watch_ctl.ask_step() {
            self.computer_turn(store);
        }
    }

    /// A new watched game starts playing, every piece open.
    pub(super) fn reset_watch(&self) {
        self.watch_ctl.reset();
    }
}
