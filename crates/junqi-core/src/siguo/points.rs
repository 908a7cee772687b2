//! Points of the cross-shaped board and sets of them.
//!
//! Point indices: seat `s`'s area holds `30·s + 5·row + column` (row 0 = front, column 0 = the
//! owner's left); the nine centre points follow at 120..129 in reading order with S at the
//! bottom (`Cnw Cn Cne Cw Cc Ce Csw Cs Cse`). A [`PointSet`] is three 64-bit words.

use crate::pointset::{BoardPoint, Set, SetIter};
use crate::seat::{Seat, Seating};
use std::fmt;
use std::hash::Hash;

/// A kind of point the general engine plays on, each with its own set width: the cross's
/// [`Point`] (129 points, three words) and the 2-player board's [`crate::Point`] (60 points,
/// one word, named `a1` … `e12`). Every board is generated in the cross's numbering
/// ([`super::layout::Layout`]) and then named in its own.
pub trait Grid: BoardPoint + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static {
    /// Whether a game on this kind of point can hold 翻棋's face-down pieces (the 2-player
    /// board's: 翻棋 is a 2-player game), so that a lone point is an action (a flip).
    const FLIPS: bool;
    /// This kind's point for `general`, a point of the boards' description in the cross's
    /// numbering, if this kind has it.
    fn from_general(general: Point) -> Option<Self>;
    /// The seat whose area holds this point; `None` for the centre.
    fn area(self) -> Option<Seat>;
}

impl Grid for Point {
    const FLIPS: bool = false;
    #[inline]
    fn from_general(general: Point) -> Option<Point> {
        Some(general)
    }
    #[inline]
    fn area(self) -> Option<Seat> {
        Point::area(self)
    }
}

impl Grid for crate::Point {
    const FLIPS: bool = true;
    /// A point of seat 0's or seat 1's area at its local `(column, row)` is Red's or Black's
    /// deployment slot there (row 0 = the front).
    fn from_general(general: Point) -> Option<crate::Point> {
        let colour = general.area().filter(|&s| Seating::two().contains(s))?;
        let (c, r) = general.local()?;
        Some(crate::deployment::Slot::new(r, c)?.point(colour))
    }
    #[inline]
    fn area(self) -> Option<Seat> {
        Some(self.half())
    }
}

/// Points on the board: 4 × 30 + 9.
pub const POINTS: usize = 129;
/// Points of one seat's area.
pub const AREA: usize = 30;
/// Index of the first centre point.
pub const CENTRE: usize = 120;

/// The centre points' names, in index order.
pub const CENTRE_NAMES: [&str; 9] = ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"];

/// One point of the 4-player board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    pub fn new(index: usize) -> Option<Point> {
        (index < POINTS).then_some(Point(index as u8))
    }

    /// The point at `(column, row)` of `seat`'s area.
    pub fn in_area(seat: Seat, column: u8, row: u8) -> Option<Point> {
        (column < 5 && row < 6).then(|| Point((seat.index() * AREA) as u8 + row * 5 + column))
    }

    /// The centre point at `(x, y)`, each 0..3, x west → east and y north → south.
    pub fn centre(x: u8, y: u8) -> Option<Point> {
        (x < 3 && y < 3).then(|| Point(CENTRE as u8 + y * 3 + x))
    }

    pub(crate) const fn from_index_unchecked(i: usize) -> Point {
        Point(i as u8)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat whose area holds this point; `None` for the centre.
    pub fn area(self) -> Option<Seat> {
        Seat::new(self.index() / AREA).filter(|_| self.index() < CENTRE)
    }

    /// `(column, row)` inside its area.
    pub fn local(self) -> Option<(u8, u8)> {
        self.area().map(|_| {
            (
                (self.0 as usize % AREA % 5) as u8,
                (self.0 as usize % AREA / 5) as u8,
            )
        })
    }

    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }
}

impl fmt::Display for Point {
    /// `Sa4`, `Ec0`, `Cnw` (RULES-4P.md notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.area(), self.local()) {
            (Some(seat), Some((c, r))) => {
                write!(f, "{}{}{}", seat.letter(), (b'a' + c) as char, r)
            }
            _ => write!(f, "C{}", CENTRE_NAMES[self.index() - CENTRE]),
        }
    }
}

/// A set of points of the 4-player board (the general set of [`crate::pointset`]).
pub type PointSet = Set<Point>;
/// The points of a set in index order.
pub type PointSetIter = SetIter<Point>;

crate::pointset::index_point!(Point, POINTS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_areas() {
        let p = Point::in_area(Seat::S, 0, 4).unwrap();
        assert_eq!(p.to_string(), "Sa4");
        assert_eq!(Point::in_area(Seat::W, 3, 1).unwrap().to_string(), "Wd1");
        assert_eq!(Point::centre(0, 0).unwrap().to_string(), "Cnw");
        assert_eq!(Point::centre(2, 2).unwrap().to_string(), "Cse");
        assert_eq!(Point::centre(1, 1).unwrap().area(), None);
        assert_eq!(Point::in_area(Seat::N, 2, 5).unwrap().area(), Some(Seat::N));
    }

    #[test]
    fn sets_hold_all_129_points() {
        let all: PointSet = Point::all().collect();
        assert_eq!(all, PointSet::FULL);
        assert_eq!(all.count(), 129);
        assert_eq!((!all).count(), 0);
        assert_eq!((!PointSet::EMPTY).count(), 129);
        let last = Point::new(128).unwrap();
        let mut s = PointSet::single(last);
        assert!(s.contains(last));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![last]);
        s.remove(last);
        assert!(s.is_empty());
    }
}
