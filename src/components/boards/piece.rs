//! One piece, drawn from a [`PieceModel`]: the tile, its label in the chosen style, and the
//! test hooks (`data-at`, `data-color`, `data-role` only when the viewer may know it,
//! `data-face="down"`).

use crate::ground::label::{glyph, Glyph, Icon, LabelStyle};
use crate::ground::render::PieceModel;
use crate::i18n::guess_text;
use junqi_core::{Role, Seat};
use leptos::prelude::*;

/// The pieces of a board (game, setup, replay, lesson), keyed so that a piece that moves keeps
/// its element and a change of label style redraws them all.
#[component]
pub fn PieceLayer(
    /// The pieces to draw, from the screen's render model.
    #[prop(into)]
    pieces: Signal<Vec<PieceModel>>,
    #[prop(into)] look: Signal<LabelLook>,
) -> impl IntoView {
    view! {
        <g class="pieces">
            <For
                each=move || {
                    let look = look.get();
                    pieces.with(|ps| ps.iter().map(|pm| (pm.clone(), look)).collect::<Vec<_>>())
                }
                key=|(pm, look)| (pm.key(), *look)
                children=|(pm, look)| piece_view(pm, look)
            />
        </g>
    }
}

/// Half the width and height of a piece tile.
pub const HALF_W: f32 = 28.0;
pub const HALF_H: f32 = 14.0;

/// How labels are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabelLook {
    pub style: LabelStyle,
    pub large: bool,
    /// The interface language (guess badges).
    pub lang: crate::i18n::Lang,
    /// The rank number in a badge beside the label (the children's course: "37 > 36" reads
    /// where 旅长 and 团长 do not yet).
    pub ranks: bool,
}

/// The CSS class of a side's colour (`red`, `black`, or `unknown` in 翻棋 before colours).
pub fn color_class(c: Option<Seat>) -> &'static str {
    match c {
        Some(Seat::RED) => "red",
        Some(_) => "black",
        None => "unknown",
    }
}

fn face_class(pm: &PieceModel) -> String {
    let mut class = format!("piece {}", color_class(pm.color));
    if pm.face_down {
        class.push_str(" down");
    } else if pm.role.is_none() {
        class.push_str(" hidden");
    }
    class
}

/// A piece placed at its centre, with every hook.
pub fn piece_view(pm: PieceModel, look: LabelLook) -> impl IntoView {
    let mut class = String::from("piece-slot");
    if pm.selected {
        class.push_str(" selected");
    }
    if pm.movable {
        class.push_str(" movable");
    }
    if pm.dragging {
        class.push_str(" dragging");
    }
    let transform = format!("translate({} {})", pm.center.x, pm.center.y);
    view! {
        <g
            class=class
            transform=transform
            data-at=pm.name.clone()
            data-color=pm.color.map(|c| c.rb_char().to_string())
            data-role=pm.role.map(|r| r.upper_char().to_string())
            data-face=pm.face_down.then_some("down")
            data-proven=pm.proven.map(|m| junqi_core::deduce::letters(m.roles))
            data-movable=pm.movable.then_some("")
            data-carrying=pm.carrying.map(|c| c.rb_char().to_string())
        >
            {piece_body(&pm, look)}
        </g>
    }
}

/// A piece's tile and label at the origin, coloured (for ghosts and the trays as well).
pub fn piece_body(pm: &PieceModel, look: LabelLook) -> impl IntoView {
    let inner_transform = match (pm.dragging, pm.turned) {
        (true, true) => "scale(1.35) rotate(180)",
        (true, false) => "scale(1.35)",
        (false, true) => "rotate(180)",
        (false, false) => "",
    };
    let label = if pm.face_down {
        face_down_mark().into_any()
    } else {
        match pm.role {
            Some(r) => label_view(r, look).into_any(),
            None => hidden_mark().into_any(),
        }
    };
    let guess = pm.guess.map(|g| {
        view! {
            <g class="guess" data-guess=g.upper_char().to_string()>
                <circle cx="17" cy="-8" r="9"></circle>
                <text x="17" y="-8">{guess_text(g, look.lang)}</text>
            </g>
        }
    });
    // A carried flag: a ring round the carrier and a pennant at its top right corner, both in
    // the flag's owner's colour (the cross board draws the same).
    let carried = pm.carrying.map(|owner| {
        view! {
            <g class=format!("carried {}", color_class(Some(owner)))>
                <rect class="ring" x=-HALF_W - 3.0 y=-HALF_H - 3.0
                    width=2.0 * HALF_W + 6.0 height=2.0 * HALF_H + 6.0 rx="8"></rect>
                <g transform=format!("translate({} {})", HALF_W - 18.0, -HALF_H + 2.0)>
                    <path class="pole" d="M0 0V18"></path>
                    <path class="pennant" d="M0 0L14 4.5L0 9Z"></path>
                </g>
            </g>
        }
    });
    view! {
        <g class=face_class(pm) transform=inner_transform>
            <rect
                class="piece-body"
                x=-HALF_W
                y=-HALF_H
                width=2.0 * HALF_W
                height=2.0 * HALF_H
                rx="6"
            ></rect>
            <rect
                class="piece-inlay"
                x=-HALF_W + 3.0
                y=-HALF_H + 3.0
                width=2.0 * HALF_W - 6.0
                height=2.0 * HALF_H - 6.0
                rx="4"
            ></rect>
            {label}
            {rank_badge(pm, look)}
            {guess}
            {proven_strip(pm, look)}
            {carried}
        </g>
    }
}

/// The notebook's strip along a hidden enemy piece's bottom edge: what the record proves, when
/// it is short enough to read there (a tap tells the whole reason).
fn proven_strip(pm: &PieceModel, look: LabelLook) -> Option<impl IntoView> {
    let proven = pm.proven.filter(|m| m.news)?;
    let text = crate::i18n::notebook::badge(proven.roles, look.lang)?;
    Some(view! {
        <g class="proven" transform=format!("translate(0 {})", HALF_H - 1.0)>
            <rect x=-HALF_W + 4.0 y="-6" width=2.0 * HALF_W - 8.0 height="12" rx="5"></rect>
            <text>{text}</text>
        </g>
    })
}

/// The rank number on a badge at the tile's top-left corner (the top-right one is where the
/// course puts its target stars), when the look asks for it and the label is not the number.
fn rank_badge(pm: &PieceModel, look: LabelLook) -> Option<impl IntoView> {
    let rank = pm.role.filter(|_| look.ranks && !pm.face_down)?.rank()?;
    (look.style != LabelStyle::Rank).then(|| {
        view! {
            <g class="rank-badge" data-rank=rank.to_string() transform=format!("translate({} {})", -HALF_W + 4.0, -HALF_H - 5.0)>
                <circle r="12.5"></circle>
                <text>{rank.to_string()}</text>
            </g>
        }
    })
}

fn label_view(role: Role, look: LabelLook) -> impl IntoView {
    match glyph(role, look.style) {
        Glyph::Text(t) => {
            let size = match (t.chars().count(), look.large) {
                (1, false) => 18,
                (1, true) => 24,
                (_, false) => 15,
                (_, true) => 20,
            };
            let class = if t.chars().all(|c| c.is_ascii_digit()) {
                "label rank"
            } else {
                "label"
            };
            view! {
                <text class=class font-size=size lang="zh-Hans">{t}</text>
            }
            .into_any()
        }
        Glyph::Icon(i) => {
            let scale = if look.large { "scale(1.25)" } else { "" };
            view! { <g class="label icon" transform=scale>{icon_view(i)}</g> }.into_any()
        }
    }
}

/// Rounded to hundredths, never "-0.00".
fn round2(v: f32) -> f32 {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A five-pointed star of outer radius 5.5 centred on (x, 0).
fn star_path(x: f32) -> String {
    let mut d = String::new();
    for i in 0..10 {
        let r = if i % 2 == 0 { 5.5 } else { 2.3 };
        let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let (px, py) = (round2(x + r * a.cos()), round2(r * a.sin()));
        d.push_str(&format!(
            "{}{px:.2} {py:.2}",
            if i == 0 { 'M' } else { 'L' }
        ));
    }
    d.push('Z');
    d
}

/// Insignia, drawn in about 44 × 22 units around the origin.
pub fn icon_view(icon: Icon) -> impl IntoView {
    match icon {
        Icon::Stars(n) => {
            let n = f32::from(n);
            let d: String = (0..n as u8)
                .map(|i| star_path((f32::from(i) - (n - 1.0) / 2.0) * 11.0))
                .collect();
            view! { <path class="ink" d=d></path> }.into_any()
        }
        Icon::Bars(n) => {
            let n = f32::from(n);
            let bars = (0..n as u8)
                .map(|i| {
                    let y = (f32::from(i) - (n - 1.0) / 2.0) * 6.0 - 1.5;
                    view! { <rect class="ink" x="-13" y=y width="26" height="3.4" rx="1"></rect> }
                })
                .collect_view();
            view! { <g>{bars}</g> }.into_any()
        }
        Icon::Chevron => view! {
            <path class="ink-line" d="M-11 -5L0 5L11 -5"></path>
        }
        .into_any(),
        Icon::Shovel => view! {
            <g>
                <path class="ink-line" d="M-12 6L6 -4"></path>
                <path class="ink" d="M4 -9L13 -4L10 2Q6 4 3 1L1 -3Q1 -7 4 -9Z"></path>
                <path class="ink-line" d="M-15 3L-10 9"></path>
            </g>
        }
        .into_any(),
        Icon::Bomb => view! {
            <g>
                <circle class="ink" cx="-2" cy="2" r="7.5"></circle>
                <path class="ink-line" d="M3 -4Q6 -9 11 -8"></path>
                <path class="spark" d="M11 -12L12 -9L15 -10L13 -7L15 -5L12 -6L11 -3L10 -6L7 -6L9 -8Z"></path>
            </g>
        }
        .into_any(),
        Icon::Mine => view! {
            <g>
                <path class="ink-line" d="M-11 0H11M0 -9V9M-8 -7L8 7M-8 7L8 -7"></path>
                <circle class="ink" r="6"></circle>
            </g>
        }
        .into_any(),
        Icon::Flag => view! {
            <g>
                <path class="ink-line" d="M-8 10V-10"></path>
                <path class="ink" d="M-8 -10L11 -5L-8 1Z"></path>
            </g>
        }
        .into_any(),
    }
}

/// An enemy piece whose identity the viewer does not know: a plain emblem, no name.
fn hidden_mark() -> impl IntoView {
    view! { <path class="emblem" d=star_path(0.0) transform="scale(1.3)"></path> }
}

/// The back of a face-down piece (翻棋).
fn face_down_mark() -> impl IntoView {
    view! {
        <g class="back">
            <path d="M-18 0L0 -8L18 0L0 8Z"></path>
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_star_has_ten_corners() {
        let d = star_path(0.0);
        assert_eq!(d.matches('L').count(), 9);
        assert!(d.starts_with("M0.00 -5.50"), "{d}");
    }
}
