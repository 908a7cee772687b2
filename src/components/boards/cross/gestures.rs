//! The cross board's pointer: presses go through the boards' one gesture machine
//! ([`Press`]); a tap is mapped through the zoom (a small board zooms in first), a slide that
//! drags no piece pans the zoomed board.

use super::Pointer;
use crate::components::boards::cross::SiguoPiece;
use crate::ground::drag::{Gesture, Press};
use crate::ground::geometry::{ScreenRect, Xy};
use crate::ground::siguo_geometry::{
    client_to_view, pan, point_at, spacing_px, tile_at, unzoom, view_box, world_xy, xy_world,
    zoom_factor, zoom_window,
};
use junqi_core::siguo::{Board, Point};
use junqi_core::Seat;
use leptos::ev::PointerEvent;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use std::sync::Arc;

/// The drawing's box on the screen.
pub(super) fn screen_rect(svg: NodeRef<leptos::svg::Svg>) -> Option<ScreenRect> {
    let svg: web_sys::Element = svg.get_untracked()?.into();
    Some(crate::components::boards::screen_rect(&svg))
}

/// What the pointer's handlers share.
#[derive(Clone)]
pub(super) struct Touch {
    pub board: Arc<Board>,
    pub viewer: Signal<Seat>,
    pub pieces: Signal<Vec<SiguoPiece>>,
    pub zoom: RwSignal<Option<(f32, f32)>>,
    pub factor: RwSignal<f32>,
    pub svg: NodeRef<leptos::svg::Svg>,
    pub min_target: f32,
    pub press: RwSignal<Option<Press<Point>>>,
    pub pointer: StoredValue<Pointer>,
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
    fn tap(&self, client: (f64, f64), precise: bool) {
        let Some(r) = self.rect() else {
            return;
        };
        let v = client_to_view(client.0, client.1, r);
        let seat = self.viewer.get_untracked();
        let tapped = |p: Point| self.on_gesture.run(Gesture::Tap(p));
        match self.zoom.get_untracked() {
            None if !precise && zoom_factor(spacing_px(r), self.min_target).is_some() => {
                let own = tile_at(&self.board, v, seat).filter(|&p| {
                    self.pieces
                        .with_untracked(|ps| ps.iter().any(|pc| pc.at == p && pc.seat == seat))
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

    pub fn down(&self, ev: PointerEvent) {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        ev.prevent_default();
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        let Some(r) = self.rect() else {
            return;
        };
        let client = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let precise = ev.pointer_type() != "touch";
        let at = self.drawing_at(client, r);
        let seat = self.viewer.get_untracked();
        // On a board too small to tap point by point, a finger holds a piece only inside it.
        let small = !precise
            && self.zoom.with_untracked(Option::is_none)
            && zoom_factor(spacing_px(r), self.min_target).is_some();
        let point = if small {
            tile_at(&self.board, at, seat)
        } else {
            point_at(&self.board, at, seat)
        };
        // A finger drags only on a board whose points it can tell apart (zoomed in, or large
        // enough): on a small one a piece is picked up by a tap, and the drop waits for the zoom.
        let can_drag = !small && point.is_some_and(|p| self.draggable.is_some_and(|d| d.run(p)));
        self.pointer.set_value(Pointer {
            last: client,
            precise,
        });
        self.press.set(Some(Press::new(
            ev.pointer_id(),
            point,
            client,
            can_drag,
            at,
        )));
    }

    pub fn moved(&self, ev: PointerEvent) {
        let active = self
            .press
            .with_untracked(|p| p.as_ref().map(|p| (p.pointer, p.dragging)));
        let Some((id, dragging)) = active else {
            return;
        };
        if id != ev.pointer_id() {
            return;
        }
        let Some(r) = self.rect() else {
            return;
        };
        let client = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let at = self.drawing_at(client, r);
        let over = point_at(&self.board, at, self.viewer.get_untracked());
        let mut started = false;
        let mut slid = false;
        self.press.update_untracked(|p| {
            if let Some(p) = p {
                started = p.moved(client, at, over);
                slid = !p.dragging && !p.is_tap();
            }
        });
        if dragging || started {
            self.press.notify();
        }
        let last = self.pointer.with_value(|p| p.last);
        self.pointer.update_value(|p| p.last = client);
        // A slide that drags no piece pans the zoomed board.
        if let (true, Some(c)) = (slid, self.zoom.get_untracked()) {
            self.panning.set(true);
            let f = self.factor.get_untracked();
            let per_px = view_box().width / (r.width.min(r.height) as f32) / f;
            let delta = Xy {
                x: (client.0 - last.0) as f32 * per_px,
                y: (client.1 - last.1) as f32 * per_px,
            };
            let seat = self.viewer.get_untracked();
            self.zoom.set(Some(pan(c, delta, f, seat)));
        }
    }

    pub fn up(&self, ev: PointerEvent) {
        let Some(p) = self.press.get_untracked() else {
            return;
        };
        if p.pointer != ev.pointer_id() {
            return;
        }
        self.press.set(None);
        self.panning.set(false);
        let client = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        if p.is_tap() {
            self.tap(client, self.pointer.with_value(|p| p.precise));
            return;
        }
        let over = self.rect().and_then(|r| {
            point_at(
                &self.board,
                self.drawing_at(client, r),
                self.viewer.get_untracked(),
            )
        });
        if let Some(g) = p.released(over) {
            self.on_gesture.run(g);
        }
    }

    pub fn cancel(&self) {
        self.press.set(None);
        self.panning.set(false);
    }
}
