//! Setup per seat: RULES.md §3's deployment rules, mapped onto each seat's area through the
//! board's slot map.

use super::position::{Occupant, Position};
use super::rules::SiguoRules;
use crate::deployment::{Deployment, Slot, Violation};
use crate::seat::{PerSeat, Seat};

impl Position {
    /// Places `d` in `seat`'s area (whatever it holds; see [`Position::setup_violations`]).
    pub fn deploy(&mut self, seat: Seat, d: &Deployment) {
        for slot in Slot::all() {
            let p = self.board.slot_point(seat, slot);
            match d.get(slot) {
                Some(role) => self.put(
                    p,
                    Occupant {
                        seat,
                        role: Some(role),
                    },
                ),
                None => {
                    self.take(p);
                }
            }
        }
        self.seating.reinstate(seat);
    }

    /// `seat`'s own pieces in its area, read back as a deployment.
    pub fn deployment_of(&self, seat: Seat) -> Deployment {
        let mut d = Deployment::empty();
        for slot in Slot::all() {
            let p = self.board.slot_point(seat, slot);
            if let Some(occ) = self.at(p).filter(|o| o.seat == seat) {
                d.set(slot, occ.role);
            }
        }
        d
    }

    /// Every violation of RULES.md §3 by the pieces `seat` has in its own area, with slots
    /// read as that seat sees its area (a piece of another seat there counts as missing).
    pub fn setup_violations(&self, seat: Seat) -> Vec<Violation> {
        self.deployment_of(seat).violations()
    }

    /// The start: every seat's formation in its area, `rules.first` to move.
    pub fn start(rules: SiguoRules, formations: &PerSeat<Deployment>) -> Position {
        let mut pos = Position::empty(rules);
        for seat in Seat::ALL {
            pos.deploy(seat, &formations[seat]);
        }
        pos
    }

    /// The start with every seat deployed as `d`.
    pub fn start_all(rules: SiguoRules, d: &Deployment) -> Position {
        Position::start(rules, &PerSeat::new_with(|_| d.clone()))
    }
}
