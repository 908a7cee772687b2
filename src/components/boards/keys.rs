//! Either board played by keys: a cursor moved by the arrows to the nearest point that way on
//! the screen, Enter or Space for a tap, Escape to put the piece picked up back, G for a long
//! press (a guess mark), the reading keys; and the cursor's ring, which names the point under
//! it in words for screen readers. The layout gives where the cursor starts and where an
//! arrow takes it; everything else is the same on every board.

use crate::ground::drag::{BoardKey, Gesture};
use crate::ground::geometry::{Screen, Xy};
use crate::i18n::reading::Read;
use leptos::prelude::*;

/// What the keys read and move.
pub struct BoardKeys<P: Send + Sync + 'static> {
    /// Played by keys at all.
    pub keyboard: bool,
    pub cursor: RwSignal<Option<P>>,
    /// Where the cursor starts: the middle of the viewer's own side.
    pub home: Signal<Option<P>>,
    /// The nearest point from a point the arrow's way on the screen.
    pub step: Callback<(P, Screen), Option<P>>,
    pub on_gesture: Callback<Gesture<P>>,
    /// Receives the reading keys (L, P, T, X at the cursor, ? for the key list).
    pub read: Option<Callback<Read<P>>>,
}

impl<P: Send + Sync + 'static> Clone for BoardKeys<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Send + Sync + 'static> Copy for BoardKeys<P> {}

impl<P: Copy + Send + Sync + 'static> BoardKeys<P> {
    pub fn key(&self, ev: &leptos::ev::KeyboardEvent) {
        let Some(key) = BoardKey::of(&ev.key()).filter(|_| self.keyboard) else {
            return;
        };
        let Some(p) = self.cursor.get_untracked().or(self.home.get_untracked()) else {
            return;
        };
        let emit = |g| self.on_gesture.run(g);
        match key {
            BoardKey::Step(dir) => {
                ev.prevent_default();
                let next = self.step.run((p, dir));
                self.cursor.set(Some(next.unwrap_or(p)));
            }
            BoardKey::Pick => {
                ev.prevent_default();
                self.cursor.set(Some(p));
                emit(Gesture::Tap(p));
            }
            BoardKey::PutBack => emit(Gesture::Drop { from: p, to: None }),
            BoardKey::Guess => emit(Gesture::LongPress(p)),
            BoardKey::Read(r) => {
                if let Some(read) = self.read {
                    ev.prevent_default();
                    read.run(r.at(p));
                }
            }
        }
    }

    /// The board takes the focus: the cursor appears where it starts.
    pub fn focus(&self) {
        if self.keyboard && self.cursor.get_untracked().is_none() {
            self.cursor.set(self.home.get_untracked());
        }
    }
}

/// The cursor's ring round the point `name` centred at `center` (`size`: the ring's width,
/// height and corner radius), named in words: the board's active descendant `id`.
pub fn cursor_ring(
    id: String,
    name: String,
    center: Xy,
    size: (f32, f32, f32),
    said: String,
) -> impl IntoView {
    let (w, h, rx) = size;
    view! {
        <g class="key-cursor" id=id role="img" aria-label=said data-cursor=name
            transform=format!("translate({} {})", center.x, center.y)>
            <rect x=-w / 2.0 y=-h / 2.0 width=w height=h rx=rx></rect>
        </g>
    }
}
