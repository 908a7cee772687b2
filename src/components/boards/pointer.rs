//! Either board under a mouse, pen or finger: each press goes through the boards' one gesture
//! machine ([`Press`]) — a tap, a piece dragged and dropped, a long press held still (and the
//! context menu) for a guess. The board says where a position falls; the cross also takes its
//! own taps (a small board zooms in first) and slides that drag no piece (they pan the zoom).

use crate::ground::drag::{Gesture, Press, LONG_PRESS_MS};
use crate::ground::geometry::Xy;
use leptos::ev::{MouseEvent, PointerEvent};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use std::time::Duration;

/// Where a screen position (CSS pixels) falls on a board: the drawing's coordinates and the
/// point there, if any.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Spot<P> {
    pub xy: Xy,
    pub point: Option<P>,
}

/// A press beginning: where, whether a piece may be dragged from there.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Landing<P> {
    pub spot: Spot<P>,
    pub draggable: bool,
}

/// A screen position (CSS pixels) and whether a mouse or a pen (not a finger) is there.
pub type Aim = ((f64, f64), bool);

/// The pointer on one board.
pub struct BoardPointer<P: Send + Sync + 'static> {
    /// The press in progress (the board draws a dragged piece from it).
    pub press: RwSignal<Option<Press<P>>>,
    pub on_gesture: Callback<Gesture<P>>,
    /// Where a press at a screen position lands (`true`: a mouse or a pen, not a finger); `None`
    /// starts no press.
    pub land: Callback<Aim, Option<Landing<P>>>,
    /// Where a screen position falls while pressed, and at the release.
    pub locate: Callback<(f64, f64), Option<Spot<P>>>,
    /// A tap the board takes itself, at a screen position (`true`: not a finger); without it the
    /// point there is tapped.
    pub tap: Option<Callback<Aim>>,
    /// A slide that drags no piece, by a screen distance.
    pub slide: Option<Callback<(f64, f64)>>,
    /// A press held still is a long press, and so is the context menu.
    pub long_press: bool,
    /// Bumped by every release: a long press waits for its own press only.
    serial: StoredValue<u64>,
    /// The last screen position and whether the press is not a finger's.
    last: StoredValue<((f64, f64), bool)>,
}

impl<P: Send + Sync + 'static> Clone for BoardPointer<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Send + Sync + 'static> Copy for BoardPointer<P> {}

fn client(ev: &MouseEvent) -> (f64, f64) {
    (f64::from(ev.client_x()), f64::from(ev.client_y()))
}

impl<P: Copy + PartialEq + Send + Sync + 'static> BoardPointer<P> {
    pub fn new(
        press: RwSignal<Option<Press<P>>>,
        on_gesture: Callback<Gesture<P>>,
        land: Callback<Aim, Option<Landing<P>>>,
        locate: Callback<(f64, f64), Option<Spot<P>>>,
    ) -> Self {
        BoardPointer {
            press,
            on_gesture,
            land,
            locate,
            tap: None,
            slide: None,
            long_press: true,
            serial: StoredValue::new(0),
            last: StoredValue::new(((0.0, 0.0), true)),
        }
    }

    pub fn down(&self, ev: PointerEvent) {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        let at = client(&ev);
        let precise = ev.pointer_type() != "touch";
        let Some(landing) = self.land.run((at, precise)) else {
            return;
        };
        ev.prevent_default();
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        self.last.set_value((at, precise));
        self.press.set(Some(Press::new(
            ev.pointer_id(),
            landing.spot.point,
            at,
            landing.draggable,
            landing.spot.xy,
        )));
        if !self.long_press {
            return;
        }
        let id = self.serial.with_value(|s| s + 1);
        self.serial.set_value(id);
        let me = *self;
        set_timeout(
            move || {
                // The board may be gone by now (a new screen, a turned board).
                if me.serial.try_get_value() != Some(id) {
                    return;
                }
                let mut fired = None;
                me.press.try_update_untracked(|pr| {
                    if let Some(pr) = pr {
                        fired = pr.held();
                    }
                });
                if let Some(g) = fired {
                    me.on_gesture.run(g);
                }
            },
            Duration::from_millis(u64::from(LONG_PRESS_MS)),
        );
    }

    pub fn moved(&self, ev: PointerEvent) {
        let active = self
            .press
            .with_untracked(|p| p.as_ref().map(|p| (p.pointer, p.dragging)));
        let Some((pointer, dragging)) = active else {
            return;
        };
        if pointer != ev.pointer_id() {
            return;
        }
        let at = client(&ev);
        let Some(spot) = self.locate.run(at) else {
            return;
        };
        ev.prevent_default();
        let mut started = false;
        let mut slid = false;
        self.press.update_untracked(|p| {
            if let Some(p) = p {
                started = p.moved(at, spot.xy, spot.point);
                slid = !p.dragging && !p.is_tap();
            }
        });
        if dragging || started {
            self.press.notify();
        }
        let (last, precise) = self.last.get_value();
        self.last.set_value((at, precise));
        if let (true, Some(slide)) = (slid, self.slide) {
            slide.run((at.0 - last.0, at.1 - last.1));
        }
    }

    pub fn up(&self, ev: PointerEvent) {
        let Some(p) = self.press.get_untracked() else {
            return;
        };
        if p.pointer != ev.pointer_id() {
            return;
        }
        self.serial.update_value(|s| *s += 1);
        self.press.set(None);
        let at = client(&ev);
        if let (true, Some(tap)) = (p.is_tap(), self.tap) {
            tap.run((at, self.last.with_value(|l| l.1)));
            return;
        }
        let over = self.locate.run(at).and_then(|s| s.point);
        if let Some(g) = p.released(over) {
            self.on_gesture.run(g);
        }
    }

    pub fn cancel(&self) {
        self.serial.update_value(|s| *s += 1);
        self.press.set(None);
    }

    /// The context menu (a mouse's right button, a long touch on some systems): never the
    /// browser's; a long press where the board takes one.
    pub fn context(&self, ev: MouseEvent) {
        ev.prevent_default();
        if !self.long_press {
            return;
        }
        if let Some(p) = self.locate.run(client(&ev)).and_then(|s| s.point) {
            self.cancel();
            self.on_gesture.run(Gesture::LongPress(p));
        }
    }
}
