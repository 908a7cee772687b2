//! The cross board's pieces: a tile with its label or its back, the viewer's guess, the
//! notebook's strip, a carried flag; drawn where they stand, or by the effects layer.

use crate::components::boards::fx::FxPiece;
use crate::components::boards::piece::{tile_view, LabelLook, Shown, Tile, TileLook};
use crate::ground::geometry::Xy;
use crate::ground::render::PieceModel;
use crate::ground::siguo_geometry::{TILE_H, TILE_W};
use junqi_core::siguo::Point;
use junqi_core::{Role, Seat};
use leptos::prelude::*;

/// A piece where it stands (or under the pointer, dragged), with its test hooks.
pub(super) fn piece_view(pm: PieceModel<Point>, look: LabelLook) -> impl IntoView {
    let mut class = String::from("sg-piece-slot");
    if pm.selected {
        class.push_str(" selected");
    }
    if pm.dragging {
        class.push_str(" dragging");
    }
    view! {
        <g
            class=class
            transform=format!("translate({} {})", pm.center.x, pm.center.y)
            data-carrying=pm.carrying.map(|s| s.index().to_string())
            data-proven=pm.proven.filter(|_| pm.role.is_none()).map(|m| junqi_core::deduce::letters(m.roles))
            data-at=pm.name.clone()
            data-seat=pm.color.map(|s| s.index().to_string())
            data-role=pm.role.map(|r| r.upper_char().to_string())
            data-face=pm.role.is_none().then_some("down")
        >
            {piece_body(&pm, look)}
        </g>
    }
}

impl FxPiece for PieceModel<Point> {
    fn center(&self) -> Xy {
        self.center
    }

    fn body(&self, look: LabelLook) -> AnyView {
        piece_body(self, look).into_any()
    }
}

/// A small piece of `seat`'s, face up (`role`) or down, for the trays: the piece the board
/// draws, on a drawing of its own.
pub fn tray_chip(seat: Seat, role: Option<Role>, look: LabelLook) -> impl IntoView {
    let p = PieceModel::lone_on_cross(seat, role);
    let (w, h) = (TILE_W + 4.0, TILE_H + 4.0);
    view! {
        <svg class="tray-piece" viewBox=format!("{} {} {w} {h}", -w / 2.0, -h / 2.0)>
            {piece_body(&p, look)}
        </svg>
    }
}

/// The cross's tiles: larger than the facing board's, to be read on its smaller points.
const CROSS_TILE: TileLook = TileLook {
    half_w: TILE_W / 2.0,
    half_h: TILE_H / 2.0,
    rx: 7.0,
    inlay: 3.5,
    inlay_rx: 5.0,
    text_one: (28, 33),
    text_more: (20, 23),
    text_digits: (24, 28),
    icon: ("scale(0.98)", "scale(1.12)"),
    back: "M-14 0L0 -9L14 0L0 9Z",
    guess: (TILE_W / 2.0 - 9.0, -TILE_H / 2.0 + 5.0, 12.0),
    ring_rx: 9.0,
    pennant: (-TILE_W / 2.0 + 4.0, -TILE_H / 2.0 + 2.0, 16.0, 10.0, 20.0),
};

/// A piece's drawing, centred on the origin, in its seat's colour: face up with its label, or
/// face down (its identity unknown to the viewer) with its back, the viewer's guess and the
/// notebook's strip; a carried flag.
pub(super) fn piece_body(p: &PieceModel<Point>, look: LabelLook) -> impl IntoView {
    let face = if p.role.is_some() { "up" } else { "down" };
    let seat = p.color.map_or(0, Seat::index);
    tile_view(
        &Tile {
            class: format!("sg-piece {face} seat-{seat}"),
            transform: "",
            shown: p.role.map_or(Shown::Back, Shown::Role),
            guess: p.guess,
            proven: p.proven,
            carrying: p.carrying.map(|s| format!("seat-{}", s.index())),
        },
        &CROSS_TILE,
        look,
    )
}
