//! The 2-player move list, in play and in the replay: a row per action, in its side's colour;
//! in the replay the ply shown is marked and a click on a move jumps to it.

use crate::components::boards::piece::color_class;
use crate::i18n;
use crate::state::store::{MoveEntry, Store};
use leptos::prelude::*;

/// The list of `moves` under its title. `replay`: the ply shown and where a click goes. Who
/// keeps the list scrolled holds `list`.
#[component]
pub fn MoveList(
    testid: &'static str,
    moves: Signal<Vec<MoveEntry>>,
    list: NodeRef<leptos::html::Ol>,
    #[prop(optional)] replay: Option<(Signal<usize>, Callback<usize>)>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let label = move || i18n::MOVES.get(store.lang());
    let class = if replay.is_some() {
        "move-list replay-moves"
    } else {
        "move-list"
    };
    view! {
        <div class="moves">
            <div class="panel-title">{label}</div>
            // Focusable, so that a keyboard can scroll it.
            <ol class=class data-testid=testid node_ref=list tabindex="0" aria-label=label>
                {move || {
                    moves
                        .get()
                        .into_iter()
                        .map(|e| {
                            let ply = e.ply as usize;
                            let current = move || replay.is_some_and(|(shown, _)| shown.get() == ply);
                            view! {
                                <li
                                    data-ply=e.ply.to_string()
                                    class=color_class(e.color)
                                    class:current=current
                                    aria-current=move || current().then_some("step")
                                    on:click=move |_| {
                                        if let Some((_, go)) = replay {
                                            go.run(ply);
                                        }
                                    }
                                >
                                    <span class="ply">{e.ply}</span>
                                    <span class="mv">{e.text}</span>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </div>
    }
}
