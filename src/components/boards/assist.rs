//! Help drawn on the play board: the hint arrow, the attack preview badges, and the hint
//! button (limited per game by the grown-up setting).

use crate::ground::geometry::{arrow_between, point_xy, Arrow, Orientation, Xy};
use crate::ground::preview::{attack_preview, code};
use crate::ground::render::RenderModel;
use crate::i18n;
use crate::learn::assist::Assist;
use junqi_core::{Clash, Point};
use leptos::prelude::*;

/// An arrow from one point to another (a hint), as SVG; a ring when both are one point (a
/// point to tap).
pub fn arrow_view(
    from: Point,
    to: Point,
    orientation: Orientation,
    testid: &'static str,
) -> impl IntoView {
    if from == to {
        let c = point_xy(from, orientation);
        return view! {
            <g class="hint-arrow hint-ring" data-testid=testid data-from=from.to_string() data-to=to.to_string()>
                <circle cx=c.x cy=c.y r="26"></circle>
            </g>
        }
        .into_any();
    }
    // How far a 2-player tile reaches from its point, across and along.
    let arrow = arrow_between(
        point_xy(from, orientation),
        point_xy(to, orientation),
        33.0,
        18.0,
    );
    arrow_svg(arrow, from.to_string(), to.to_string(), testid).into_any()
}

/// A hint's arrow as SVG (`hint-arrow`, style/game/22-lesson.css), the points it joins named for tests:
/// the 2-player and the 4-player boards draw it alike.
pub fn arrow_svg(arrow: Arrow, from: String, to: String, testid: &'static str) -> impl IntoView {
    view! {
        <g class="hint-arrow" data-testid=testid data-from=from data-to=to>
            <line x1=arrow.start.x y1=arrow.start.y x2=arrow.base.x y2=arrow.base.y></line>
            <path d=arrow.head></path>
        </g>
    }
}

/// The computer's suggestion, while it stands.
#[component]
pub fn HintLayer(orientation: Orientation) -> impl IntoView {
    let assist = expect_context::<Assist>();
    move || {
        assist
            .arrow
            .get()
            .map(|(a, b)| arrow_view(a, b, orientation, "hint-arrow"))
    }
}

/// 明棋, a piece selected: over each enemy piece it can reach, what would happen.
#[component]
pub fn PreviewLayer(model: Memo<Option<RenderModel>>, orientation: Orientation) -> impl IntoView {
    let assist = expect_context::<Assist>();
    let store = assist.store;
    move || {
        if !assist.preview_on() {
            return None;
        }
        let (from, dests) =
            model.with(|m| m.as_ref().and_then(|m| Some((m.selected?, m.dests))))?;
        let items = store.shown.with(|s| {
            s.as_ref()
                .map(|s| attack_preview(&s.view, from, dests))
                .unwrap_or_default()
        });
        let lang = store.lang();
        Some(
            items
                .into_iter()
                .map(|(p, c)| {
                    let xy = point_xy(p, orientation);
                    preview_badge(
                        p.to_string(),
                        c,
                        Xy {
                            x: xy.x + 22.0,
                            y: xy.y - 13.0,
                        },
                        lang,
                    )
                })
                .collect_view(),
        )
    }
}

/// One attack preview badge at `at` (either board): ✓ wins, ✕ loses, = both go.
pub fn preview_badge(point: String, c: Clash, at: Xy, lang: i18n::Lang) -> impl IntoView {
    let (glyph, words) = match c {
        Clash::Win => ("✓", i18n::PREVIEW_WIN),
        Clash::Lose => ("✕", i18n::PREVIEW_LOSE),
        _ => ("=", i18n::PREVIEW_BOTH),
    };
    view! {
        <g
            class=format!("preview {}", code(c))
            data-preview=code(c)
            data-preview-at=point
            transform=format!("translate({} {})", at.x, at.y)
        >
            <title>{words.get(lang)}</title>
            <circle r="13"></circle>
            <text y="1">{glyph}</text>
        </g>
    }
}

/// The hint button with the hints left in this game.
#[component]
pub fn HintButton() -> impl IntoView {
    let assist = expect_context::<Assist>();
    let store = assist.store;
    let left = move || assist.hints_left();
    view! {
        <Show when=move || assist.grown.with(|g| g.hints > 0) && store.against_computer()>
            <button
                class="hint-button"
                data-testid="hint"
                data-left=move || left().to_string()
                aria-label=move || i18n::hints_left(left(), store.lang())
                disabled=move || left() == 0 || assist.asking.get() || !store.can_act()
                on:click=move |_| assist.hint()
            >
                <svg class="bulb" viewBox="-12 -14 24 28" aria-hidden="true">
                    <path d="M0,-12 A9,9 0 0 1 6,4 L5,8 L-5,8 L-6,4 A9,9 0 0 1 0,-12 Z"></path>
                    <rect x="-4" y="9" width="8" height="3" rx="1"></rect>
                </svg>
                <span class="hint-count">{left}</span>
            </button>
        </Show>
    }
}
