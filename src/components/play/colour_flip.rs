//! 翻暗棋's first step: the face-down pieces of a 翻棋 shuffle; the player turns one and its
//! colour is theirs. Then the hidden setup follows.

use crate::components::boards::facing::Board;
use crate::components::boards::piece::PieceLayer;
use crate::components::play::label_look;
use crate::ground::drag::Gesture;
use crate::ground::geometry::Orientation;
use crate::ground::render::piece_model;
use crate::i18n::{self, Lang};
use crate::state::config::Opponent;
use crate::state::store::Store;
use junqi_core::{Piece, Seat};
use leptos::prelude::*;

#[component]
pub fn ColourFlipScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let pieces = Signal::derive(move || {
        store.colour_flip.with(|f| {
            let Some(f) = f.as_ref() else {
                return Vec::new();
            };
            junqi_core::Point::all()
                .filter_map(|p| {
                    let mut m = piece_model(&f.view, p, Orientation::RedBottom)?;
                    match f.turned {
                        Some((at, piece)) if at == p => {
                            m.face_down = false;
                            m.color = Some(piece.color);
                            m.role = Some(piece.role);
                            m.selected = true;
                        }
                        // Before the flip every piece may be turned.
                        None => m.movable = true,
                        _ => {}
                    }
                    Some(m)
                })
                .collect()
        })
    });
    let on_gesture = Callback::new(move |g: Gesture| {
        if let Gesture::Tap(p) | Gesture::Drop { from: p, .. } = g {
            store.colour_flip_tap(p);
        }
    });
    let look = label_look(store);
    let friend = move || store.config.with(|c| c.opponent == Opponent::Friend);
    let outcome = move || {
        let l = lang();
        let (_, piece) = store
            .colour_flip
            .with(|f| f.as_ref().and_then(|f| f.turned))?;
        Some(turned_text(piece, friend(), l))
    };

    view! {
        <div class="screen colour-flip">
            <div class="board-area">
                <Board on_gesture=on_gesture>
                    <PieceLayer pieces=pieces look=look/>
                </Board>
            </div>
            <aside class="panel colour-flip-panel">
                <h2 class="panel-heading">{move || i18n::COLOUR_FLIP_TITLE.get(lang())}</h2>
                <Show
                    when=move || outcome().is_some()
                    fallback=move || view! {
                        <p class="hint" data-testid="colour-flip-hint">{move || i18n::COLOUR_FLIP_HINT.get(lang())}</p>
                    }
                >
                    <p class="colour-flip-result" data-testid="colour-flip-result"
                        data-colour=move || store.colour_flip_result().map(|c| c.rb_char().to_string())>
                        {outcome}
                    </p>
                    <button class="primary start" data-testid="colour-flip-done" on:click=move |_| store.colour_flip_done()>
                        {move || i18n::COLOUR_FLIP_DONE.get(lang())}
                    </button>
                </Show>
            </aside>
        </div>
    }
}

/// "You turned up a Red Captain: you play Red and move first; the computer plays Black."
fn turned_text(piece: Piece, friend: bool, lang: Lang) -> String {
    let colour = i18n::color_name(piece.color, lang);
    let role = i18n::role_name(piece.role, lang);
    let rest = match (piece.color, friend) {
        (Seat::RED, false) => i18n::COLOUR_FLIP_RED_COMPUTER,
        (_, false) => i18n::COLOUR_FLIP_BLACK_COMPUTER,
        (Seat::RED, true) => i18n::COLOUR_FLIP_RED_FRIEND,
        (_, true) => i18n::COLOUR_FLIP_BLACK_FRIEND,
    }
    .get(lang);
    match lang {
        Lang::Zh => format!("你翻出了{colour}{role}：{rest}"),
        Lang::En => format!("You turned up a {colour} {role}: {rest}"),
    }
}
