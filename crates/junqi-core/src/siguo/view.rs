//! What one seat may know (RULES-4P.md §6.3): its own pieces always, its partner's in 双明 and
//! 全明, everyone's in 全明, and every flag whose owner's Field Marshal has fallen. Whatever it
//! may not know is written `X`.

use super::position::{Occupant, Position};
use super::rules::InfoMode;
use crate::seat::Seat;
use crate::types::Role;

impl Position {
    /// May `viewer` know the identity of the piece `occ` under `mode`?
    pub fn sees(&self, viewer: Seat, occ: Occupant, mode: InfoMode) -> bool {
        self.seating.sees(viewer, occ.seat, mode.visibility())
            || (occ.role == Some(Role::Flag) && self.flag_shown[occ.seat])
    }

    /// `viewer`'s view of this position under `mode`: the same board, with every piece it may
    /// not know turned into an `X` of its seat.
    pub fn view(&self, viewer: Seat, mode: InfoMode) -> Position {
        let mut v = self.clone();
        for p in self.occupied {
            if let Some(occ) = self.cells[p.index()] {
                if occ.role.is_some() && !self.sees(viewer, occ, mode) {
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
