//! The description the boards are generated from: one player's area in local coordinates,
//! where each area sits in the world grid, the 九宫 centre, and which neighbours are joined.

use super::board::Edge;
use super::points::{Point, PointSet, AREA};
use crate::board::{EdgeKind, PointKind};
use crate::seat::Seat;

/// How the player areas are placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Four areas round the 九宫 centre (RULES-4P.md).
    Cross,
    /// Two areas facing each other across the front (RULES.md §2): seat 0 at the bottom.
    Facing,
}

/// Where the points are: kinds, world coordinates and rail points.
pub(crate) struct Placement {
    pub kinds: Vec<PointKind>,
    pub world: Vec<(u8, u8)>,
    pub rail: PointSet,
    pub camps: PointSet,
    pub headquarters: PointSet,
}

impl Layout {
    pub fn seats(self) -> usize {
        match self {
            Layout::Cross => 4,
            Layout::Facing => 2,
        }
    }

    pub fn has_centre(self) -> bool {
        self == Layout::Cross
    }

    /// The number of points.
    pub fn points(self) -> usize {
        self.seats() * AREA + if self.has_centre() { 9 } else { 0 }
    }

    /// The points of this layout, in index order.
    pub(crate) fn all(self) -> impl Iterator<Item = Point> + Clone {
        (0..self.points()).filter_map(Point::new)
    }

    /// World coordinates of `seat`'s `(column, row)`.
    fn world(self, seat: Seat, c: u8, r: u8) -> (u8, u8) {
        match self {
            Layout::Cross => area_world(seat, c, r),
            Layout::Facing if seat == Seat::S => area_world(seat, c, r),
            // The far area sits where N's does, moved down so that its front row meets S's.
            Layout::Facing => {
                let (x, y) = area_world(Seat::N, c, r);
                (x, y + 5)
            }
        }
    }

    /// Places every point.
    pub(crate) fn place(self) -> Placement {
        let n = self.points();
        let mut kinds = vec![PointKind::Post; n];
        let mut world = vec![(0u8, 0u8); n];
        let mut rail = PointSet::EMPTY;
        for seat in Seat::ALL.into_iter().take(self.seats()) {
            for r in 0..6u8 {
                for c in 0..5u8 {
                    let Some(p) = Point::in_area(seat, c, r) else {
                        continue;
                    };
                    kinds[p.index()] = area_kind(c, r);
                    world[p.index()] = self.world(seat, c, r);
                    if area_rail(c, r) {
                        rail.add(p);
                    }
                }
            }
        }
        for y in 0..3u8 {
            for x in 0..3u8 {
                if let Some(p) = Point::centre(x, y).filter(|_| self.has_centre()) {
                    world[p.index()] = (6 + 2 * x, 6 + 2 * y);
                    rail.add(p);
                }
            }
        }
        let of_kind = |k| self.all().filter(|p| kinds[p.index()] == k).collect();
        Placement {
            camps: of_kind(PointKind::Camp),
            headquarters: of_kind(PointKind::Headquarters),
            kinds,
            world,
            rail,
        }
    }
}

impl Placement {
    /// The point at world `(x, y)`, if any.
    fn at(&self, x: i16, y: i16) -> Option<Point> {
        self.world
            .iter()
            .position(|&(px, py)| (px as i16, py as i16) == (x, y))
            .and_then(Point::new)
    }

    /// The empty corner square between two diagonal neighbours, if there is one.
    pub fn corner(&self, p: Point, q: Point) -> Option<(i16, i16)> {
        let (px, py) = self.world[p.index()];
        let (qx, qy) = self.world[q.index()];
        [(px, qy), (qx, py)]
            .into_iter()
            .map(|(x, y)| (x as i16, y as i16))
            .find(|&(x, y)| self.at(x, y).is_none())
    }

    /// The link between `a` and `b`, if they are joined.
    fn link(&self, a: Point, b: Point) -> Option<(EdgeKind, bool)> {
        let (ax, ay) = self.world[a.index()];
        let (bx, by) = self.world[b.index()];
        let (dx, dy) = (bx as i16 - ax as i16, by as i16 - ay as i16);
        let both_rail = self.rail.contains(a) && self.rail.contains(b);
        let same_area = a.area().is_some() && a.area() == b.area();
        let orthogonal = (dx == 0) != (dy == 0);
        let diagonal = dx.abs() == 1 && dy.abs() == 1;
        let dist = dx.abs() + dy.abs();
        // Only columns a, c and e cross a front (b and d are blocked, RULES.md §2).
        let crosses = |p: Point| p.local().is_none_or(|(c, _)| c % 2 == 0);
        if same_area {
            if orthogonal && dist == 1 {
                // Orthogonal neighbours inside an area: rail if both are rail points.
                let kind = if both_rail {
                    EdgeKind::Rail
                } else {
                    EdgeKind::Road
                };
                return Some((kind, false));
            }
            let camp = self.camps.contains(a) || self.camps.contains(b);
            return (diagonal && camp).then_some((EdgeKind::Road, false));
        }
        if !both_rail {
            return None;
        }
        if orthogonal {
            // Across a front (1 unit) or inside the centre (2 units).
            let in_centre = a.area().is_none() && b.area().is_none();
            let ok = (dist == 1 && crosses(a) && crosses(b)) || (dist == 2 && in_centre);
            return ok.then_some((EdgeKind::Rail, false));
        }
        // Diagonal neighbours in two areas: an arc round the empty corner square.
        let two_areas = a.area().is_some() && b.area().is_some();
        (diagonal && two_areas && self.corner(a, b).is_some()).then_some((EdgeKind::Rail, true))
    }

    /// Every link once.
    pub fn edges(&self, layout: Layout) -> Vec<Edge> {
        let mut edges = Vec::new();
        for a in layout.all() {
            for b in layout.all().filter(|b| *b > a) {
                if let Some((kind, arc)) = self.link(a, b) {
                    edges.push(Edge { a, b, kind, arc });
                }
            }
        }
        edges
    }
}

/// Local kind of `(column, row)` in a player's area (RULES-4P.md §1.1).
fn area_kind(c: u8, r: u8) -> PointKind {
    match (c, r) {
        (1 | 3, 5) => PointKind::Headquarters,
        (1 | 3, 1 | 3) | (2, 2) => PointKind::Camp,
        _ => PointKind::Post,
    }
}

/// Rail points of an area: rows 0 and 4, and columns a and e from row 0 to row 4.
fn area_rail(c: u8, r: u8) -> bool {
    r == 0 || r == 4 || ((c == 0 || c == 4) && r <= 4)
}

/// World coordinates of S's `(column, row)`, rotated `seat` times by `(X, Y) → (Y, 16 − X)`.
fn area_world(seat: Seat, c: u8, r: u8) -> (u8, u8) {
    let (mut x, mut y) = (6 + c, 11 + r);
    for _ in 0..seat.index() {
        (x, y) = (y, 16 - x);
    }
    (x, y)
}
