//! The replay screen (复盘): the board at any ply of a finished game, seen by a chosen side, with
//! the shared replay controls (slider, steps, autoplay, keys), the move list and the share link.

use crate::components::boards::facing::{Board, Marks};
use crate::components::boards::piece::PieceLayer;
use crate::components::play::moves::{MoveList, MoveRow};
use crate::components::play::{label_look, LastMoveLayer};
use crate::components::records::replay_controls::ReplayControls;
use crate::components::records::share::Share;
use crate::ground::render::{build_render_model, Interaction, RenderModel};
use crate::i18n;
use crate::state::store::Store;
use junqi_core::{Bitboard, Mode, Rules};
use leptos::prelude::*;

#[component]
pub fn ReplayScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let model: Memo<Option<RenderModel>> = Memo::new(move |_| {
        store.replay.with(|r| {
            let r = r.as_ref()?;
            let ix = Interaction {
                orientation: r.orientation(),
                last: r.last(),
                ..Interaction::default()
            };
            Some(build_render_model(&r.view(), &ix))
        })
    });
    let orientation = Memo::new(move |_| {
        store
            .replay
            .with(|r| r.as_ref().map(|r| r.orientation()))
            .unwrap_or_default()
    });
    let marks = Signal::derive(move || {
        let mut last = Bitboard::EMPTY;
        if let Some((a, b)) = model.with(|m| m.as_ref().and_then(|m| m.last)) {
            last.add(a);
            last.add(b);
        }
        Marks {
            last,
            ..Marks::default()
        }
    });
    let look = label_look(store);
    // However the screen is left (Back, New game), the link is let go.
    on_cleanup(crate::state::storage::clear_fragment);

    let board = move || {
        let o = orientation.get();
        view! {
            <Board orientation=o marks=marks>
                <LastMoveLayer model=model orientation=o/>
                <PieceLayer
                    pieces=Signal::derive(move || {
                        model.with(|m| m.as_ref().map(|m| m.pieces.clone()).unwrap_or_default())
                    })
                    look=look
                />
            </Board>
        }
    };
    view! {
        <div class="screen replay" data-testid="replay-screen">
            <div class="board-area">{board}</div>
            <aside class="panel replay-panel">
                <ReplayStatus/>
                <ReplayControls
                    ply=Signal::derive(move || store.replay.with(|r| r.as_ref().map_or(0, |r| r.ply)))
                    len=Signal::derive(move || store.replay.with(|r| r.as_ref().map_or(0, |r| r.len())))
                    go=Callback::new(move |p| store.replay_go(p))
                    testid="replay"
                />
                <ReplaySides/>
                <ReplayMoves/>
                <div class="controls">
                    <button data-testid="replay-close" on:click=move |_| store.close_replay()>
                        {move || i18n::BACK.get(store.lang())}
                    </button>
                </div>
                <Share/>
            </aside>
        </div>
    }
}

/// The ply shown, and the result once at the end.
#[component]
fn ReplayStatus() -> impl IntoView {
    let store = expect_context::<Store>();
    let counter = move || {
        store
            .replay
            .with(|r| r.as_ref().map(|r| format!("{} / {}", r.ply, r.len())))
    };
    let status = move || {
        let lang = store.lang();
        store.replay.with(|r| {
            let r = r.as_ref()?;
            let text = match r.outcome() {
                Some(o) => i18n::outcome_text(o, lang),
                None if r.ply == 0 => i18n::REPLAY_START.get(lang).to_string(),
                None => return None,
            };
            Some(view! { <div class="status replay-status" aria-live="polite">{text}</div> })
        })
    };
    let mode = move || {
        store
            .replay
            .with(|r| r.as_ref().map(|r| i18n::mode_name(r.mode(), store.lang())))
    };
    view! {
        <div class="replay-head">
            <span class="panel-heading">{move || i18n::REPLAY.get(store.lang())} " · " {mode}</span>
            <span class="replay-ply" data-testid="replay-ply">{counter}</span>
        </div>
        {status}
        <div class="caption replay-caption" data-testid="replay-caption" aria-live="polite">
            {move || store.replay.with(|r| r.as_ref().and_then(|r| r.caption(store.lang())))}
        </div>
        <ReplayRules/>
    }
}

/// The house rules the game was played under (from its record or share link), folded away:
/// someone opening a shared game sees which rules made its moves legal.
#[component]
fn ReplayRules() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let lang = store.lang();
        let rules = store.replay.with(|r| r.as_ref().map(|r| r.record.rules))?;
        let mut codes = Vec::new();
        let mut lines = Vec::new();
        for name in Rules::NAMES {
            if rules.switch(name) == Some(true) {
                codes.push(name.to_string());
                lines.push(i18n::rule_text(name).get(lang).to_string());
            }
        }
        for name in Rules::NUMBERS {
            let Some(n) = rules.number(name).filter(|&n| n > 0) else {
                continue;
            };
            codes.push(format!("{name}={n}"));
            lines.push(match name {
                "ply_limit" => i18n::ply_limit_choice(n, lang),
                "timeout_limit" => i18n::timeout_limit_choice(n, lang),
                _ => format!("{name} = {n}"),
            });
        }
        if lines.is_empty() {
            return None;
        }
        let count = lines.len();
        Some(view! {
            <details class="replay-rules" data-testid="replay-rules" data-rules=codes.join(" ")>
                <summary>{i18n::RULES.get(lang)} " (" {count} ")"</summary>
                <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </details>
        })
    }
}

/// Whose eyes.
#[component]
fn ReplaySides() -> impl IntoView {
    let store = expect_context::<Store>();
    let dark = Signal::derive(move || {
        store
            .replay
            .with(|r| r.as_ref().is_some_and(|r| r.mode() == Mode::Dark))
    });
    let current = Signal::derive(move || {
        store
            .replay
            .with(|r| r.as_ref().map(|r| r.side).unwrap_or_default())
    });
    view! {
        <crate::components::boards::watch::Sides prefix="replay-side" current=current dark=dark
            choose=Callback::new(move |e| store.replay_side(e))/>
    }
}

/// The moves, the current one highlighted; a click jumps to it.
#[component]
fn ReplayMoves() -> impl IntoView {
    let store = expect_context::<Store>();
    let current = Memo::new(move |_| store.replay.with(|r| r.as_ref().map_or(0, |r| r.ply)));
    let moves = Memo::new(move |_| {
        let lang = store.lang();
        store.replay.with(|r| {
            r.as_ref()
                .map(|r| r.moves(lang).into_iter().map(MoveRow::of).collect())
                .unwrap_or_default()
        })
    });
    let go = Callback::new(move |ply: usize| store.replay_go(ply));
    view! {
        <MoveList testid="replay-moves" moves=moves.into() shown=Signal::derive(move || Some(current.get())) go=go/>
    }
}
