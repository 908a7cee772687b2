//! Help in real games, as the grown-up allows it: hints per game (the computer's suggestion,
//! shown as an arrow), undo once / always / never, the attack preview switch.

use super::grownup::GrownUp;
use crate::state::store::{Phase, Store};
use junqi_core::Point;
use leptos::prelude::*;

/// The grown-up settings and this game's counters, `Copy` for closures.
#[derive(Copy, Clone)]
pub struct Assist {
    pub store: Store,
    pub grown: RwSignal<GrownUp>,
    /// Hints shown in this game.
    pub hints_used: RwSignal<u32>,
    /// Moves taken back in this game.
    pub undos_used: RwSignal<u32>,
    /// The computer's suggestion on the board: start and end.
    pub arrow: RwSignal<Option<(Point, Point)>>,
    /// A hint is being worked out.
    pub asking: RwSignal<bool>,
    /// The game revision the arrow belongs to.
    arrow_rev: StoredValue<u64>,
}

impl Assist {
    /// Loads the settings and installs the effects that keep them (call inside the app).
    pub fn new(store: Store) -> Assist {
        let grown = GrownUp::load();
        let a = Assist {
            store,
            grown: RwSignal::new(grown),
            hints_used: RwSignal::new(0),
            undos_used: RwSignal::new(0),
            arrow: RwSignal::new(None),
            asking: RwSignal::new(false),
            arrow_rev: StoredValue::new(0),
        };
        Effect::new(move |_| {
            let g = a.grown.get();
            g.save();
            let undo = g.undo != super::grownup::UndoPolicy::Never;
            if store.floor_points.get_untracked() != g.floor_points {
                store.floor_points.set(g.floor_points);
            }
            if store.settings.with_untracked(|s| (s.allow_undo, s.coach)) != (undo, g.coach) {
                store.settings.update(|s| {
                    s.allow_undo = undo;
                    s.coach = g.coach;
                });
            }
            if !g.offers(store.config.with_untracked(|c| c.mode)) {
                store.config.update(|c| c.mode = g.first_offered());
            }
        });
        // A new game: fresh counters.
        Effect::new(move |_| {
            if matches!(store.phase.get(), Phase::NewGame | Phase::Setup) {
                a.hints_used.set(0);
                a.undos_used.set(0);
                a.arrow.set(None);
            }
        });
        // The arrow goes once the game moves on, and so does a question still out (its answer
        // is dropped when the game changes or the computer player is cancelled).
        Effect::new(move |_| {
            let rev = store.rev.get();
            if a.arrow_rev.get_value() != rev {
                a.arrow.set(None);
            }
            a.asking.set(false);
        });
        a
    }

    /// Hints still allowed in this game.
    pub fn hints_left(&self) -> u32 {
        u32::from(self.grown.with(|g| g.hints)).saturating_sub(self.hints_used.get())
    }

    /// The hint button: asks the computer and shows its suggestion.
    pub fn hint(&self) {
        if self.asking.get_untracked() || leptos::prelude::untrack(|| self.hints_left()) == 0 {
            return;
        }
        let a = *self;
        a.asking.set(true);
        self.store.ask_hint(move |got| {
            a.asking.set(false);
            if let Some(arrow) = got {
                a.arrow_rev.set_value(a.store.rev.get_untracked());
                a.arrow.set(Some(arrow));
                a.hints_used.update(|n| *n += 1);
            }
        });
    }

    /// Whether the undo button may be used now (the grown-up's policy on top of the game's).
    pub fn may_undo(&self) -> bool {
        self.store.may_undo() && self.grown.with(|g| g.undo.allows(self.undos_used.get()))
    }

    /// Takes back a move, counting it.
    pub fn undo(&self) {
        if leptos::prelude::untrack(|| self.may_undo()) {
            self.undos_used.update(|n| *n += 1);
            self.store.undo();
        }
    }

    /// The attack preview is on.
    pub fn preview_on(&self) -> bool {
        self.grown.with(|g| g.preview)
    }
}
