//! The move list of every board, in play and in the replay: a row per action, oldest first, in
//! its side's colour (the 2-player board's Red and Black, the cross board's seats). While the
//! game is played the latest move stays in sight; in a replay the ply shown is marked and kept
//! in sight, the moves after it dimmed, and a click on a move jumps to it.

use crate::components::boards::piece::color_class;
use crate::i18n;
use crate::state::store::{MoveEntry, Store};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// One row: its ply, the class of its side (`red`, `black`, `seat-2` …), its words, and
/// whether it showed a hidden piece to everyone (四国's `data-revealed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: u32,
    pub class: String,
    pub text: String,
    pub revealed: bool,
}

impl MoveRow {
    /// A 2-player row.
    pub fn of(e: MoveEntry) -> MoveRow {
        MoveRow {
            ply: e.ply,
            class: color_class(e.color).to_string(),
            text: e.text,
            revealed: false,
        }
    }
}

/// The list of `moves` under its title; `class` adds to its classes. `shown`: in a replay,
/// the ply shown (none while the game is played); `go`: where a click on a move goes.
#[component]
pub fn MoveList(
    testid: &'static str,
    #[prop(optional)] class: &'static str,
    moves: Signal<Vec<MoveRow>>,
    #[prop(optional, into)] shown: MaybeProp<usize>,
    #[prop(optional)] go: Option<Callback<usize>>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let list = NodeRef::<leptos::html::Ol>::new();
    let label = move || i18n::MOVES.get(store.lang());
    let replaying = move || shown.get().is_some();
    // In play the latest move in sight; in a replay the one shown, in the middle.
    Effect::new(move |_| {
        moves.track();
        let at = shown.get();
        let Some(ol) = list.get() else { return };
        let Some(ply) = at else {
            ol.set_scroll_top(ol.scroll_height());
            return;
        };
        let Ok(Some(li)) = ol.query_selector(&format!("li[data-ply=\"{ply}\"]")) else {
            return;
        };
        if let Ok(li) = li.dyn_into::<web_sys::HtmlElement>() {
            let top = li.offset_top() - ol.client_height() / 2;
            ol.set_scroll_top(top.max(0));
        }
    });
    view! {
        <div class="moves">
            <div class="panel-title">{label}</div>
            // Focusable, so that a keyboard can scroll it.
            <ol
                class=format!("move-list {class}")
                class:replay-moves=replaying
                data-testid=testid
                node_ref=list
                tabindex="0"
                aria-label=label
            >
                {move || {
                    moves
                        .get()
                        .into_iter()
                        .map(|r| {
                            let ply = r.ply as usize;
                            let current = move || shown.get() == Some(ply);
                            view! {
                                <li
                                    data-ply=r.ply.to_string()
                                    data-revealed=r.revealed.then_some("true")
                                    class=r.class
                                    class:current=current
                                    class:ahead=move || shown.get().is_some_and(|s| s < ply)
                                    aria-current=move || current().then_some("step")
                                    on:click=move |_| {
                                        if let (Some(go), true) = (go, replaying()) {
                                            go.run(ply);
                                        }
                                    }
                                >
                                    <span class="ply">{r.ply}</span>
                                    <span class="mv">{r.text}</span>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </div>
    }
}
