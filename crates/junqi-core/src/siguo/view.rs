//! What one seat may know (RULES-4P.md §6.3): its own pieces always, its partner's in 双明 and
//! 全明, everyone's in 全明, every flag whose owner's Field Marshal has fallen, and every piece a
//! contact made public (scouted, or a landmine that sent a piece back). Whatever it may not know
//! is written `X`.

use super::points::Grid;
use super::position::{Occupant, Position};
use super::rules::InfoMode;
use crate::seat::{PerSeat, Seat};
use crate::types::Role;

impl<P: Grid> Position<P> {
    /// May `viewer` know the identity of the piece `occ` under `mode`?
    pub fn sees(&self, viewer: Seat, occ: Occupant, mode: InfoMode) -> bool {
        self.seating.sees(viewer, occ.seat, mode.visibility())
            || (occ.role == Some(Role::Flag) && self.flag_shown[occ.seat])
    }

    /// May `viewer` know the identity of the piece on `p` under `mode` (false for an empty
    /// point, and for a 翻棋 piece still face down, which nobody knows)?
    pub fn sees_at(&self, viewer: Seat, p: P, mode: InfoMode) -> bool {
        !self.face_down().contains(p)
            && (self.public.contains(p)
                || self.cells[p.index()].is_some_and(|occ| self.sees(viewer, occ, mode)))
    }

    /// Takes a position read back from `viewer`'s view (its position string) under `mode` as
    /// that view: the game's mode is `mode`, and every piece written with its letter that the
    /// mode hides from `viewer` was shown to everyone — a flag after its Field Marshal fell,
    /// any other piece by a contact.
    pub fn settle_view(&mut self, viewer: Seat, mode: InfoMode) {
        self.info = mode;
        for p in self.occupied {
            if let Some(occ) = self.cells[p.index()] {
                if occ.role.is_some() && !self.sees(viewer, occ, mode) {
                    if occ.role == Some(Role::Flag) {
                        self.flag_shown[occ.seat] = true;
                    } else {
                        self.public.add(p);
                    }
                }
            }
        }
    }

    /// `viewer`'s view of this position under `mode`: the same board, with every piece it may
    /// not know turned into an `X` of its seat.
    pub fn view(&self, viewer: Seat, mode: InfoMode) -> Position<P> {
        let mut v = self.clone();
        v.info = mode;
        let face_down = self.face_down();
        if face_down.any() {
            // 翻棋: nobody knows a face-down piece, neither its seat nor its role; the view
            // keeps only how many landmines of each seat lie among them.
            let mut mines = PerSeat::<u8>::default();
            for p in face_down {
                if let Some(occ) = v.cells[p.index()].take() {
                    if occ.role == Some(Role::Landmine) {
                        mines[occ.seat] += 1;
                    }
                }
            }
            for s in self.seating.seats() {
                v.set_hidden_mines(s, self.hidden_mines(s) + mines[s]);
            }
        }
        for p in self.occupied & !face_down {
            if let Some(occ) = self.cells[p.index()] {
                if occ.role.is_some() && !self.sees_at(viewer, p, mode) {
                    v.put(
                        p,
                        Occupant {
                            seat: occ.seat,
                            role: None,
                        },
                    );
                }
            }
        }
        v
    }
}
