//! The coach's card over the play board: the warning in one sentence, an arrow from the enemy
//! piece to what it would take (or along the losing move), and the two answers — play it
//! anyway, or choose another move. Escape chooses another.

use crate::components::boards::assist::arrow_view;
use crate::ground::geometry::Orientation;
use crate::i18n::coach as words;
use crate::state::store::Store;
use leptos::prelude::*;

#[component]
pub fn CoachCard() -> impl IntoView {
    let store = expect_context::<Store>();
    let another_button = NodeRef::<leptos::html::Button>::new();
    let back = move || {
        store.coach_back();
        crate::components::focus_board_if_lost();
    };
    // The keyboard lands on "choose another".
    crate::components::focus_on_open(another_button, move || store.coached.with(Option::is_some));
    move || {
        let c = store.coached.get()?;
        let lang = store.lang();
        let top = crate::components::play::notebook::card_on_top(store, c.warning.at);
        Some(view! {
            <div
                class=if top { "coach-card top" } else { "coach-card" }
                role="alertdialog"
                aria-labelledby="coach-title"
                aria-describedby="coach-said"
                data-testid="coach-card"
                data-kind=format!("{:?}", c.warning.kind).to_lowercase()
                data-move=c.action.to_string()
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    if ev.key() == "Escape" {
                        ev.prevent_default();
                        back();
                    }
                }
            >
                <div class="coach-title" id="coach-title">{words::TITLE.get(lang)}</div>
                <p id="coach-said" data-testid="coach-said">{words::warning(&c.warning, lang)}</p>
                <div class="row">
                    <button data-testid="coach-play" on:click=move |_| store.coach_play()>
                        {words::PLAY_ANYWAY.get(lang)}
                    </button>
                    <button class="primary" data-testid="coach-another" node_ref=another_button on:click=move |_| back()>
                        {words::ANOTHER.get(lang)}
                    </button>
                </div>
            </div>
        })
    }
}

/// On the board, while the coach's card shows: the enemy's strike (or the losing move).
#[component]
pub fn CoachLayer(orientation: Orientation) -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        store
            .coached
            .get()
            .map(|c| arrow_view(c.warning.from, c.warning.at, orientation, "coach-arrow"))
    }
}
