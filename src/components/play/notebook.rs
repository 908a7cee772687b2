//! The notebook's card: what the record proves of the hidden enemy piece tapped, and why, line
//! by line (the words are `i18n::notebook`'s, the facts the core's deduction). The 2-player
//! board shows it over the board; the 四国 table shows the same lines in its guess panel.

use crate::ground::drag::Gesture;
use crate::i18n::{self, notebook as words, Lang};
use crate::state::notebook::SeatNotebook;
use crate::state::store::Store;
use junqi_core::Point;
use leptos::prelude::*;

/// The reasons for the hidden piece on `p`, in the seat's words: its own pieces are "your …",
/// pieces it met that it could not see are "a hidden piece".
pub fn lines<P: Copy + PartialEq + ToString>(
    book: &SeatNotebook<P>,
    p: P,
    lang: Lang,
    other: &dyn Fn(Option<junqi_core::Role>) -> String,
) -> Option<Vec<String>> {
    let i = book.note_at(p)?;
    let place = |j: usize| book.at.get(j).copied().flatten().map(|q| q.to_string());
    Some(words::why(&book.book, i, lang, other, &place))
}

/// The lines as a list.
pub fn lines_view(lines: Vec<String>) -> impl IntoView {
    view! {
        <ul class="note-lines" data-testid="note-lines">
            {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
        </ul>
    }
}

/// Whether a card over the board goes on top, to leave `p`'s half of the board in view.
pub(super) fn card_on_top(store: Store, p: Point) -> bool {
    store.shown.with(|s| {
        s.as_ref().is_some_and(|s| {
            use crate::ground::geometry::point_xy;
            let mid = |r: &str| r.parse::<Point>().map(|q| point_xy(q, s.orientation).y);
            match (mid("a6"), mid("a7")) {
                (Ok(a), Ok(b)) => point_xy(p, s.orientation).y > (a + b) / 2.0,
                _ => false,
            }
        })
    })
}

/// The 2-player notebook's card, open while a hidden enemy piece's note is asked for.
#[component]
pub fn NoteCard() -> impl IntoView {
    let store = expect_context::<Store>();
    let close_button = NodeRef::<leptos::html::Button>::new();
    let close = move || {
        store.close_note();
        crate::components::focus_board_if_lost();
    };
    // Focus moves to Close for the keyboard (without scrolling: the card's first line, "can be
    // …", stays in view on a phone).
    crate::components::focus_on_open(close_button, move || store.noted.with(Option::is_some));
    move || {
        let p: Point = store.noted.get()?;
        let lang = store.lang();
        let your = move |r: Option<junqi_core::Role>| words::met_piece(r, true, lang);
        let said = store
            .notebook
            .with(|n| n.as_ref().and_then(|n| lines(n, p, lang, &your)))?;
        let far = card_on_top(store, p);
        Some(view! {
            <div
                class=if far { "note-card top" } else { "note-card" }
                role="dialog"
                aria-labelledby="note-title"
                data-testid="note-card"
                data-at=p.to_string()
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    if ev.key() == "Escape" {
                        ev.prevent_default();
                        close();
                    }
                }
            >
                <div class="note-title" id="note-title">{words::TITLE.get(lang)} " · " {p.to_string()}</div>
                {lines_view(said)}
                <p class="note-explain">{words::EXPLAIN.get(lang)}</p>
                <div class="row">
                    <button data-testid="note-guess" on:click=move |_| store.play_gesture(Gesture::LongPress(p))>
                        {i18n::GUESS_TITLE.get(lang)}
                    </button>
                    <button class="primary" data-testid="note-close" node_ref=close_button on:click=move |_| close()>
                        {i18n::CLOSE.get(lang)}
                    </button>
                </div>
            </div>
        })
    }
}
