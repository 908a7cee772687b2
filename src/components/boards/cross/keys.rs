//! The cross board by keys: a cursor moved by the arrows to the nearest point that way, Enter
//! or Space for a tap, Escape to put the piece picked up back, G for a guess mark, the reading
//! keys; the point under the cursor named in words for screen readers.

use super::SiguoPiece;
use crate::ground::drag::{BoardKey, Gesture};
use crate::ground::siguo_geometry::{point_xy, step_towards, SiguoLayout, TILE_H, TILE_W};
use crate::i18n::{self, siguo_text, Lang};
use junqi_core::siguo::{Board, Point, PointSet};
use junqi_core::{PointKind, Seat};
use leptos::prelude::*;
use std::sync::Arc;

/// What the keys read and move.
#[derive(Clone)]
pub(super) struct Keys {
    pub board: Arc<Board>,
    pub viewer: Signal<Seat>,
    pub pieces: Signal<Vec<SiguoPiece>>,
    pub selected: Signal<Option<Point>>,
    pub on_gesture: Callback<Gesture<Point>>,
    pub read: Option<Callback<crate::i18n::reading::Read<Point>>>,
    /// Played by keys at all.
    pub keyboard: bool,
    pub cursor: RwSignal<Option<Point>>,
    pub lang: Signal<Lang>,
    pub layout: Memo<SiguoLayout>,
    pub dests: Memo<PointSet>,
}

impl Keys {
    /// Where the cursor starts: the middle of the viewer's front row.
    fn home(&self) -> Option<Point> {
        Point::in_area(self.viewer.get_untracked(), 2, 0)
    }

    fn tap(&self, p: Point) {
        self.on_gesture.run(Gesture::Tap(p));
    }

    pub fn key(&self, ev: leptos::ev::KeyboardEvent) {
        let Some(key) = BoardKey::of(&ev.key()).filter(|_| self.keyboard) else {
            return;
        };
        let Some(p) = self.cursor.get_untracked().or_else(|| self.home()) else {
            return;
        };
        match key {
            BoardKey::Step(dir) => {
                ev.prevent_default();
                let next = step_towards(&self.board, p, dir, self.viewer.get_untracked());
                self.cursor.set(Some(next.unwrap_or(p)));
            }
            BoardKey::Pick => {
                ev.prevent_default();
                self.cursor.set(Some(p));
                self.tap(p);
            }
            // A second tap on the piece picked up puts it back.
            BoardKey::PutBack => {
                if let Some(s) = self.selected.get_untracked() {
                    self.tap(s);
                }
            }
            // A tap on a hidden piece opens its guess marks.
            BoardKey::Guess => {
                let hidden = self
                    .pieces
                    .with_untracked(|ps| ps.iter().any(|pc| pc.at == p && pc.role.is_none()));
                if hidden {
                    self.tap(p);
                }
            }
            BoardKey::Read(r) => {
                if let Some(read) = self.read {
                    ev.prevent_default();
                    read.run(r.at(p));
                }
            }
        }
    }

    pub fn focus(&self) {
        if self.keyboard && self.cursor.get_untracked().is_none() {
            self.cursor.set(self.home());
        }
    }

    /// The point under the cursor, in words: its name, kind, who stands there as the viewer
    /// may know it, what the notebook proves of it, whether the piece picked up may go there.
    fn words(&self, p: Point) -> String {
        let l = self.lang.get();
        let me = self.viewer.get();
        let (name, kind, rail) = self.layout.with(|lay| {
            lay.points
                .iter()
                .find(|s| s.point == p)
                .map(|s| (s.name.clone(), s.kind, s.on_rail))
                .unwrap_or_else(|| (p.to_string(), PointKind::Post, false))
        });
        let occupant = self.pieces.with(|ps| {
            let piece = ps.iter().find(|pc| pc.at == p);
            i18n::board_words::seat_occupant(
                piece.map(|pc| (siguo_text::seat_name(pc.seat, l), pc.seat == me, pc.role)),
                piece.and_then(|pc| pc.guess),
                self.selected.get() == Some(p),
                l,
            ) + &piece
                .and_then(|pc| pc.proven.filter(|_| pc.role.is_none()))
                .and_then(|m| i18n::notebook::spoken(m.roles, l))
                .unwrap_or_default()
        });
        let dest = self.dests.with(|d| d.contains(p));
        i18n::board_words::point(
            &name,
            i18n::board_words::kind(kind, rail, l),
            &occupant,
            dest,
            l,
        )
    }

    /// The cursor's ring, named in words (the board's active descendant).
    pub fn cursor_mark(&self) -> Option<impl IntoView> {
        let p = self.cursor.get()?;
        let c = point_xy(&self.board, p, self.viewer.get());
        Some(view! {
            <g class="key-cursor" id=format!("sg-pt-{p}") role="img" aria-label=self.words(p)
                data-cursor=p.to_string() transform=format!("translate({} {})", c.x, c.y)>
                <rect x=-TILE_W / 2.0 - 7.0 y=-TILE_H / 2.0 - 7.0 width=TILE_W + 14.0 height=TILE_H + 14.0 rx="9"></rect>
            </g>
        })
    }
}
