//! The hint button's question to the computer player (its `Hint` task), asked for the seat
//! that may act now and checked against the rules core before it is shown.

use super::Store;
use junqi_core::Point;
use leptos::prelude::*;

impl Store {
    /// Asks the computer for the best action of the player who may act now; `done` gets its
    /// start and end, or `None` (no answer, an answer that is no longer legal, not the player's
    /// turn, or the game has moved on meanwhile).
    pub fn ask_hint(&self, done: impl FnOnce(Option<(Point, Point)>) + 'static) {
        if !self.can_act_untracked() {
            done(None);
            return;
        }
        let level = self.config.with_untracked(|c| c.level);
        let Some(req) = self.with_game(|c| c.hint_question(level)).flatten() else {
            done(None);
            return;
        };
        let store = *self;
        let rev = self.rev.get_untracked();
        self.ai.request(req, move |res| {
            if store.rev.try_get_untracked() != Some(rev) {
                done(None);
                return;
            }
            let action = store
                .with_game(|c| c.legal_answer(res.action.as_deref()))
                .flatten();
            done(action.map(|a| (a.from(), a.to())));
        });
    }
}
