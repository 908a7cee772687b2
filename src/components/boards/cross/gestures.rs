//! The cross board under a pointer: where a screen position falls (under the zoom), where a
//! press lands (on a board too small to tap point by point, a finger holds a piece only inside
//! it), a tap (such a board zooms in first), a slide that drags no piece (it pans the zoomed
//! board). The presses themselves go through both boards' pointer ([`BoardPointer`]).
//!
//! [`BoardPointer`]: crate::components::boards::pointer::BoardPointer

use crate::components::boards::pointer::{Landing, Spot};
use crate::ground::drag::Gesture;
use crate::ground::geometry::{ScreenRect, Xy};
use crate::ground::render::PieceModel;
use crate::ground::siguo_geometry::{
    client_to_view, pan, point_at, spacing_px, tile_at, unzoom, view_box, world_xy, xy_world,
    zoom_factor, zoom_window,
};
use junqi_core::siguo::{Board, Point};
use junqi_core::Seat;
use leptos::prelude::*;
use std::sync::Arc;

/// The drawing's box on the screen.
pub(super) fn screen_rect(svg: NodeRef<leptos::svg::Svg>) -> Option<ScreenRect> {
    let svg: web_sys::Element = svg.get_untracked()?.into();
    Some(crate::components::boards::screen_rect(&svg))
}

/// What the pointer's answers read.
#[derive(Clone)]
pub(super) struct Touch {
    pub board: Arc<Board>,
    pub viewer: Signal<Seat>,
    pub pieces: Signal<Vec<PieceModel<Point>>>,
    pub zoom: RwSignal<Option<(f32, f32)>>,
    pub factor: RwSignal<f32>,
    pub svg: NodeRef<leptos::svg::Svg>,
    pub min_target: f32,
    pub panning: RwSignal<bool>,
    pub on_gesture: Callback<Gesture<Point>>,
    pub draggable: Option<Callback<Point, bool>>,
}

impl Touch {
    fn rect(&self) -> Option<ScreenRect> {
        screen_rect(self.svg)
    }

    /// Client coordinates → the drawing's coordinates (under the zoom).
    fn drawing_at(&self, client: (f64, f64), r: ScreenRect) -> Xy {
        let v = client_to_view(client.0, client.1, r);
        match self.zoom.get_untracked() {
            Some(c) => unzoom(
                v,
                zoom_window(
                    world_xy(c, self.viewer.get_untracked()),
                    self.factor.get_untracked(),
                ),
            ),
            None => v,
        }
    }

    /// A tap at `client`: on a board too small to tap point by point (a finger), a tap inside
    /// one of the viewer's own pieces picks it up and any other zooms in about itself; else the
    /// point there is tapped.
    pub fn tap(&self, client: (f64, f64), precise: bool) {
        let Some(r) = self.rect() else {
            return;
        };
        let v = client_to_view(client.0, client.1, r);
        let seat = self.viewer.get_untracked();
        let tapped = |p: Point| self.on_gesture.run(Gesture::Tap(p));
        match self.zoom.get_untracked() {
            None if !precise && zoom_factor(spacing_px(r), self.min_target).is_some() => {
                let own = tile_at(&self.board, v, seat).filter(|&p| {
                    self.pieces.with_untracked(|ps| {
                        ps.iter().any(|pc| pc.at == p && pc.color == Some(seat))
                    })
                });
                match own {
                    Some(p) => tapped(p),
                    None => self.zoom.set(Some(xy_world(v, seat))),
                }
            }
            _ => {
                if let Some(p) = point_at(&self.board, self.drawing_at(client, r), seat) {
                    tapped(p);
                }
            }
        }
    }

    /// Where a press lands. On a board too small to tap point by point a finger holds a piece
    /// only inside it, and drags none: a piece is picked up by a tap there, and the drop waits
    /// for the zoom.
    pub fn land(&self, client: (f64, f64), precise: bool) -> Option<Landing<Point>> {
        let r = self.rect()?;
        let at = self.drawing_at(client, r);
        let seat = self.viewer.get_untracked();
        let small = !precise
            && self.zoom.with_untracked(Option::is_none)
            && zoom_factor(spacing_px(r), self.min_target).is_some();
        let point = if small {
            tile_at(&self.board, at, seat)
        } else {
            point_at(&self.board, at, seat)
        };
        let draggable = !small && point.is_some_and(|p| self.draggable.is_some_and(|d| d.run(p)));
        Some(Landing {
            spot: Spot { xy: at, point },
            draggable,
        })
    }

    /// Where a screen position falls, under the zoom.
    pub fn locate(&self, client: (f64, f64)) -> Option<Spot<Point>> {
        let r = self.rect()?;
        let xy = self.drawing_at(client, r);
        Some(Spot {
            xy,
            point: point_at(&self.board, xy, self.viewer.get_untracked()),
        })
    }

    /// A slide that drags no piece pans the zoomed board by `delta` screen pixels.
    pub fn slide(&self, delta: (f64, f64)) {
        let (Some(c), Some(r)) = (self.zoom.get_untracked(), self.rect()) else {
            return;
        };
        self.panning.set(true);
        let f = self.factor.get_untracked();
        let per_px = view_box().width / (r.width.min(r.height) as f32) / f;
        let delta = Xy {
            x: delta.0 as f32 * per_px,
            y: delta.1 as f32 * per_px,
        };
        let seat = self.viewer.get_untracked();
        self.zoom.set(Some(pan(c, delta, f, seat)));
    }
}
