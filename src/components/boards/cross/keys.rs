//! The cross board's words for the keys' cursor ([`crate::components::boards::keys`]): the
//! point under it named for screen readers, and its ring.

use crate::components::boards::keys::cursor_ring;
use crate::ground::render::PieceModel;
use crate::ground::siguo_geometry::{point_xy, SiguoLayout, TILE_H, TILE_W};
use crate::i18n::{self, siguo_text, Lang};
use junqi_core::siguo::{Board, Point, PointSet};
use junqi_core::{PointKind, Seat};
use leptos::prelude::*;
use std::sync::Arc;

/// What the cursor's words read.
pub(super) struct Words {
    pub board: Arc<Board>,
    pub viewer: Signal<Seat>,
    pub pieces: Signal<Vec<PieceModel<Point>>>,
    pub selected: Signal<Option<Point>>,
    pub cursor: RwSignal<Option<Point>>,
    pub lang: Signal<Lang>,
    pub layout: Memo<SiguoLayout>,
    pub dests: Memo<PointSet>,
}

impl Words {
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
                piece.and_then(|pc| {
                    let seat = pc.color?;
                    Some((siguo_text::seat_name(seat, l), seat == me, pc.role))
                }),
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
        Some(cursor_ring(
            format!("sg-pt-{p}"),
            p.to_string(),
            c,
            (TILE_W + 14.0, TILE_H + 14.0, 9.0),
            self.words(p),
        ))
    }
}
