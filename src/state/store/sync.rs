//! Keeping tabs apart and in step: which tab plays the running game (`state/tabs.rs`), and
//! refreshing what a tab shows when another tab writes (the `storage` event). Saved games,
//! results, profiles and formations are merged on every write (see `saved.rs`, `stats.rs`,
//! `learn/profiles.rs`, `presets.rs`).

use super::{saves, Store};
use crate::i18n;
use crate::state::storage;
use leptos::prelude::*;

impl Store {
    /// Whether another tab plays the game on the board (this tab only shows it).
    pub(super) fn passive(&self) -> bool {
        self.elsewhere.get_untracked() || self.open_elsewhere.get_untracked()
    }

    /// Claims the game in progress for this tab (see `tabs.rs`), or takes it over (`steal`).
    pub(super) fn claim_current(&self, steal: bool) {
        let Some(id) = self.saves.with_untracked(|s| s.current.clone()) else {
            return;
        };
        let store = *self;
        let mine = id.clone();
        let still = move || {
            store
                .saves
                .try_with_untracked(|s| s.current.as_deref() == Some(mine.as_str()))
                == Some(true)
        };
        self.claim_game(&id, steal, still, move || store.elsewhere.set(true));
    }

    /// Claims the lock `name` of a game for this tab (`steal`: taking it over from another).
    /// While `still` says the game open here is the one claimed, the page hears whether another
    /// tab holds it, and `lost` runs when another tab takes it over.
    pub(super) fn claim_game(
        &self,
        name: &str,
        steal: bool,
        still: impl Fn() -> bool + Clone + 'static,
        lost: impl FnOnce() + 'static,
    ) {
        let store = *self;
        let lost_still = still.clone();
        crate::state::tabs::claim(
            name,
            steal,
            move |held| {
                if still() {
                    store.open_elsewhere.set(!held);
                }
            },
            move || {
                if lost_still() {
                    lost();
                }
            },
        );
    }

    /// The game open here is played in another tab: take it over, with its latest saved state.
    pub fn take_over(&self) {
        if self.reload_remote(true) {
            return;
        }
        let Some(id) = self.saves.with_untracked(|s| s.current.clone()) else {
            return;
        };
        let store = *self;
        crate::state::tabs::claim(
            &id.clone(),
            true,
            move |held| {
                if held {
                    store.open_elsewhere.set(false);
                    store.saves_changed_elsewhere();
                    if let Err(e) = store.resume(&id) {
                        store.message.set(Some(e));
                    }
                }
            },
            move || store.elsewhere.set(true),
        );
    }

    /// Another tab changed `key` in storage (empty: all of it): refresh what this tab shows.
    pub(super) fn changed_elsewhere(&self, key: &str) {
        let all = key.is_empty();
        if all || key == saves::KEY {
            self.saves_changed_elsewhere();
        }
        if all || key == crate::state::stats::STATS {
            self.stats_changed_elsewhere();
        }
        if all || key == storage::FORMATIONS {
            self.formations_changed_elsewhere();
        }
    }

    /// Writes the saved formations, merged with what another tab stored meanwhile.
    pub(super) fn write_formations(&self) {
        let base = self.saved_base.get_value();
        let mine = self.saved.get_untracked();
        match crate::state::presets::sync_saved(&base, &mine) {
            Ok(written) => {
                self.saved_base.set_value(written.clone());
                if written != mine {
                    self.saved.set(written);
                }
            }
            Err(why) => {
                leptos::logging::warn!("the formations were not saved: {why:?}");
                self.notify(i18n::SAVE_FAILED.get(self.lang()));
            }
        }
    }

    /// Another tab wrote the saved formations: show its changes (nothing is written).
    pub fn formations_changed_elsewhere(&self) {
        let text = storage::load(storage::FORMATIONS).unwrap_or_default();
        let Ok((stored, _)) = crate::state::presets::read_formations(&text) else {
            return;
        };
        let base = self.saved_base.get_value();
        let mine = self.saved.get_untracked();
        let merged = crate::state::presets::merge_saved(&base, &stored, &mine);
        self.saved_base.set_value(stored);
        if merged != mine {
            self.saved.set(merged);
        }
    }
}
