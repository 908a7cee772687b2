//! Help drawn on the play board: the hint arrow, the attack preview badges, and the hint
//! button (limited per game by the grown-up setting).

use crate::ground::geometry::{point_xy, Orientation};
use crate::ground::preview::{attack_preview, code};
use crate::ground::render::RenderModel;
use crate::i18n;
use crate::learn::assist::Assist;
use junqi_core::{Clash, Point};
use leptos::prelude::*;

/// An arrow from one point to another (a hint), as SVG.
pub fn arrow_view(
    from: Point,
    to: Point,
    orientation: Orientation,
    testid: &'static str,
) -> impl IntoView {
    let a = point_xy(from, orientation);
    let b = point_xy(to, orientation);
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // From the edge of one piece to the edge of the other, so neither label is covered; the
    // head is a triangle, smaller between close neighbours.
    let to_edge = {
        let tx = if ux.abs() > 1e-6 {
            33.0 / ux.abs()
        } else {
            f32::INFINITY
        };
        let ty = if uy.abs() > 1e-6 {
            18.0 / uy.abs()
        } else {
            f32::INFINITY
        };
        tx.min(ty) + 2.0
    };
    let cut = to_edge.min(len / 2.0 - 4.0).max(0.0);
    let head_len = (len - 2.0 * cut).clamp(6.0, 22.0);
    let head_half = head_len * 13.0 / 22.0;
    let a = crate::ground::geometry::Xy {
        x: a.x + ux * cut,
        y: a.y + uy * cut,
    };
    let tip = (b.x - ux * cut, b.y - uy * cut);
    let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
    let (nx, ny) = (-uy * head_half, ux * head_half);
    let head = format!(
        "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
        tip.0,
        tip.1,
        base.0 + nx,
        base.1 + ny,
        base.0 - nx,
        base.1 - ny
    );
    view! {
        <g class="hint-arrow" data-testid=testid data-from=from.to_string() data-to=to.to_string()>
            <line x1=a.x y1=a.y x2=base.0 y2=base.1></line>
            <path d=head></path>
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
                    let (glyph, words) = match c {
                        Clash::Win => ("✓", i18n::PREVIEW_WIN),
                        Clash::Lose => ("✕", i18n::PREVIEW_LOSE),
                        _ => ("=", i18n::PREVIEW_BOTH),
                    };
                    view! {
                        <g
                            class=format!("preview {}", code(c))
                            data-preview=code(c)
                            data-preview-at=p.to_string()
                            transform=format!("translate({} {})", xy.x + 22.0, xy.y - 13.0)
                        >
                            <title>{words.get(lang)}</title>
                            <circle r="13"></circle>
                            <text y="1">{glyph}</text>
                        </g>
                    }
                })
                .collect_view(),
        )
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
                aria-label=move || i18n::HINT.get(store.lang())
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
