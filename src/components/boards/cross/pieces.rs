//! The cross board's pieces: a tile with its label or its back, the viewer's guess, the
//! notebook's strip, a carried flag; drawn where they stand, or by the effects layer.

use crate::components::boards::fx::FxPiece;
use crate::components::boards::piece::{icon_view, LabelLook};
use crate::ground::cross::{CrossPiece, SiguoPiece};
use crate::ground::geometry::Xy;
use crate::ground::label::{glyph, Glyph};
use crate::ground::siguo_geometry::{TILE_H, TILE_W};
use crate::i18n::guess_text;
use junqi_core::{Role, Seat};
use leptos::prelude::*;

/// One piece as drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PieceDraw {
    pub piece: SiguoPiece,
    pub center: Xy,
    pub selected: bool,
    /// Held under the pointer (drawn at `center`, over the other pieces).
    pub dragging: bool,
    pub look: LabelLook,
}

impl PieceDraw {
    /// Everything that changes the drawing.
    pub fn key(&self) -> String {
        format!(
            "{}|{}|{:?}|{:?}|{:?}|{:?}|{}{}|{:?}|{:.1},{:.1}",
            self.piece.at,
            self.piece.seat.index(),
            self.piece.role,
            self.piece.guess,
            self.piece.proven,
            self.piece.carrying,
            u8::from(self.selected),
            u8::from(self.dragging),
            self.look,
            self.center.x,
            self.center.y
        )
    }
}

pub(super) fn piece_view(d: PieceDraw) -> impl IntoView {
    let p = &d.piece;
    let mut class = String::from("sg-piece-slot");
    if d.selected {
        class.push_str(" selected");
    }
    if d.dragging {
        class.push_str(" dragging");
    }
    view! {
        <g
            class=class
            transform=format!("translate({} {})", d.center.x, d.center.y)
            data-carrying=p.carrying.map(|s| s.index().to_string())
            data-proven=p.proven.filter(|_| p.role.is_none()).map(|m| junqi_core::deduce::letters(m.roles))
            data-at=p.at.to_string()
            data-seat=p.seat.index().to_string()
            data-role=p.role.map(|r| r.upper_char().to_string())
            data-face=p.role.is_none().then_some("down")
            data-guess=p.guess.filter(|_| p.role.is_none()).map(|g| g.upper_char().to_string())
        >
            {piece_body(p, d.look)}
        </g>
    }
}

impl FxPiece for CrossPiece {
    fn center(&self) -> Xy {
        self.center
    }

    fn body(&self, look: LabelLook) -> AnyView {
        piece_body(&self.piece, look).into_any()
    }
}

/// A small piece of `seat`'s, face up (`role`) or down, for the trays: the piece the board
/// draws, on a drawing of its own.
pub fn tray_chip(seat: Seat, role: Option<Role>, look: LabelLook) -> impl IntoView {
    let p = SiguoPiece::lone(seat, role);
    let (w, h) = (TILE_W + 4.0, TILE_H + 4.0);
    view! {
        <svg class="tray-piece" viewBox=format!("{} {} {w} {h}", -w / 2.0, -h / 2.0)>
            {piece_body(&p, look)}
        </svg>
    }
}

/// A piece's drawing, centred on the origin: the tile, its label or back, the viewer's guess,
/// the notebook's strip, a carried flag.
pub(super) fn piece_body(p: &SiguoPiece, look: LabelLook) -> impl IntoView {
    let face = if p.role.is_some() { "up" } else { "down" };
    let label = match p.role {
        Some(r) => label_view(r, look).into_any(),
        None => view! { <path class="sg-back" d=BACK_PATH></path> }.into_any(),
    };
    // The viewer's own guess on a face-down piece, on a badge at its top right corner.
    let guess = p.guess.filter(|_| p.role.is_none()).map(|g| {
        view! {
            <g class="guess" transform=format!("translate({} {})", TILE_W / 2.0 - 9.0, -TILE_H / 2.0 + 5.0)>
                <circle r="12"></circle>
                <text>{guess_text(g, look.lang)}</text>
            </g>
        }
    });
    // The notebook's strip along the bottom edge: what the record proves, when it is short.
    let proven = p
        .proven
        .filter(|m| p.role.is_none() && m.news)
        .and_then(|m| crate::i18n::notebook::badge(m.roles, look.lang))
        .map(|text| {
            view! {
                <g class="proven" transform=format!("translate(0 {})", TILE_H / 2.0 - 1.0)>
                    <rect x=-TILE_W / 2.0 + 4.0 y="-6" width=TILE_W - 8.0 height="12" rx="5"></rect>
                    <text>{text}</text>
                </g>
            }
        });
    // A carried flag: a ring round the carrier and a pennant at its top left corner, both in
    // the flag's owner's colour.
    let carried = p.carrying.map(|owner| {
        view! {
            <g class=format!("carried seat-{}", owner.index())>
                <rect class="ring" x=-TILE_W / 2.0 - 3.0 y=-TILE_H / 2.0 - 3.0
                    width=TILE_W + 6.0 height=TILE_H + 6.0 rx="9"></rect>
                <g transform=format!("translate({} {})", -TILE_W / 2.0 + 4.0, -TILE_H / 2.0 + 2.0)>
                    <path class="pole" d="M0 0V20"></path>
                    <path class="pennant" d="M0 0L16 5L0 10Z"></path>
                </g>
            </g>
        }
    });
    view! {
        <g class=format!("sg-piece {face} seat-{}", p.seat.index())>
            <rect
                class="piece-body"
                x=-TILE_W / 2.0
                y=-TILE_H / 2.0
                width=TILE_W
                height=TILE_H
                rx="7"
            ></rect>
            <rect
                class="piece-inlay"
                x=-TILE_W / 2.0 + 3.5
                y=-TILE_H / 2.0 + 3.5
                width=TILE_W - 7.0
                height=TILE_H - 7.0
                rx="5"
            ></rect>
            {label}
            {guess}
            {proven}
            {carried}
        </g>
    }
}

/// The back of a face-down piece: a lozenge on the seat's colour.
pub(super) const BACK_PATH: &str = "M-14 0L0 -9L14 0L0 9Z";

pub(super) fn label_view(role: Role, look: LabelLook) -> impl IntoView {
    match glyph(role, look.style) {
        Glyph::Text(t) => {
            let digits = t.chars().all(|c| c.is_ascii_digit());
            let size = match (t.chars().count(), digits, look.large) {
                (_, true, false) => 24,
                (_, true, true) => 28,
                (1, _, false) => 28,
                (1, _, true) => 33,
                (_, _, false) => 20,
                (_, _, true) => 23,
            };
            let class = if digits { "label rank" } else { "label" };
            view! { <text class=class font-size=size lang="zh-Hans">{t}</text> }.into_any()
        }
        Glyph::Icon(i) => {
            let scale = if look.large {
                "scale(1.12)"
            } else {
                "scale(0.98)"
            };
            view! { <g class="label icon" transform=scale>{icon_view(i)}</g> }.into_any()
        }
    }
}
