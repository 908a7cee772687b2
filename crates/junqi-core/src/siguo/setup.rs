//! Setup per seat: RULES.md §3's deployment rules, mapped onto each seat's area through the
//! board's slot map.

use super::points::{Grid, Point};
use super::position::{Occupant, Position};
use super::rules::SiguoRules;
use crate::deployment::{Deployment, Slot, Violation, ViolationKind};
use crate::seat::{PerSeat, Seat};
use std::fmt;

/// A violation of the setup rules by one seat's formation, at its point on the 4-player board
/// (none for a wrong count).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatViolation {
    pub point: Option<Point>,
    pub kind: ViolationKind,
}

impl fmt::Display for SeatViolation {
    /// `code point` (`bomb-in-front-row Sa0`) or `wrong-count B: 1 found, 2 expected`, as the
    /// 2-player violations are written, with RULES-4P.md point names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.point, self.kind) {
            (Some(p), k) if !matches!(k, ViolationKind::WrongCount { .. }) => {
                write!(f, "{} {p}", k.code())
            }
            (_, k) => fmt::Display::fmt(
                &Violation {
                    slot: None,
                    kind: k,
                },
                f,
            ),
        }
    }
}

/// Every violation of RULES.md §3 under `rules`' setup switches (`bombs_front_row`,
/// `mines_around_flag`) by `d` deployed as `seat`'s formation, at the points of `seat`'s area:
/// the rules a 4-player game checks before it starts.
pub fn seat_violations(seat: Seat, d: &Deployment, rules: &SiguoRules) -> Vec<SeatViolation> {
    let mut pos = Position::empty(*rules);
    pos.deploy(seat, d);
    pos.setup_violations(seat)
        .into_iter()
        .map(|v| SeatViolation {
            point: v.slot.and_then(|s| pos.board().slot_point(seat, s)),
            kind: v.kind,
        })
        .collect()
}

impl<P: Grid> Position<P> {
    /// Places `d` in `seat`'s area (whatever it holds; see [`Position::setup_violations`]).
    pub fn deploy(&mut self, seat: Seat, d: &Deployment) {
        for slot in Slot::all() {
            let Some(p) = self.board.slot_point(seat, slot) else {
                continue;
            };
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
            let Some(p) = self.board.slot_point(seat, slot) else {
                continue;
            };
            if let Some(occ) = self.at(p).filter(|o| o.seat == seat) {
                d.set(slot, occ.role);
            }
        }
        d
    }

    /// Every violation of RULES.md §3, under this game's setup switches, by the pieces `seat`
    /// has in its own area, with slots read as that seat sees its area (a piece of another seat
    /// there counts as missing).
    pub fn setup_violations(&self, seat: Seat) -> Vec<Violation> {
        self.deployment_of(seat).violations_with(&self.rules.rules)
    }
}

impl Position {
    /// The start: every seat at the table (see [`SiguoRules::table`]) deploys its formation in
    /// its area, `rules.first` to move; the formation of a seat not at the table is ignored.
    pub fn start(rules: SiguoRules, formations: &PerSeat<Deployment>) -> Position {
        let mut pos = Position::empty(rules);
        let seats: Vec<Seat> = pos.seating.seats().collect();
        for seat in seats {
            pos.deploy(seat, &formations[seat]);
        }
        pos
    }

    /// The start with every seat deployed as `d`.
    pub fn start_all(rules: SiguoRules, d: &Deployment) -> Position {
        Position::start(rules, &PerSeat::new_with(|_| d.clone()))
    }
}
