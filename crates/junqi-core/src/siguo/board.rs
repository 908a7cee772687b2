//! The 129-point cross of RULES-4P.md §1–§3, generated from a short description rather than
//! listed by hand:
//!
//! * one player's area (6 rows × 5 columns, HQs, camps, rail points) in local coordinates,
//!   placed four times by the world rotation `(X, Y) → (Y, 16 − X)`;
//! * the 九宫 centre, a 3 × 3 grid of rail points two world units apart;
//! * roads: orthogonal neighbours inside an area and each camp's diagonals;
//! * rails: orthogonal neighbours that are both rail points (inside an area, in the centre, or
//!   one world unit across the gap from a front row to the centre), and the four arcs, which
//!   join two rail points of neighbouring areas that are diagonal neighbours in the world grid,
//!   as quarter circles round the empty corner square between them.
//!
//! Straight lines follow from geometry: a run continues through a point when it leaves in the
//! direction it arrived, an arc leaving and arriving along its tangent.
//!
//! The same description with two areas facing each other across the front and no centre
//! ([`Layout::Facing`]) gives the 2-player board of RULES.md §2, link for link.

use super::points::{Point, PointSet, AREA, CENTRE, POINTS};
use crate::board::{EdgeKind, PointKind};
use crate::deployment::Slot;
use crate::seat::Seat;
use std::sync::{Arc, OnceLock};

/// A connection between two points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub a: Point,
    pub b: Point,
    pub kind: EdgeKind,
    /// An arc (弧形线) round an empty corner of the cross.
    pub arc: bool,
}

/// The board's tables. A position carries its board (see [`Board::shared`]).
#[derive(Debug)]
pub struct Board {
    layout: Layout,
    kinds: Vec<PointKind>,
    world: Vec<(u8, u8)>,
    edges: Vec<Edge>,
    lines: Vec<Vec<Point>>,
    /// Points one step away (road or rail), per point.
    pub(crate) step: Vec<PointSet>,
    /// Points one rail segment away, per point.
    pub(crate) rail_step: Vec<PointSet>,
    pub(crate) rail: PointSet,
    pub(crate) camps: PointSet,
    pub(crate) headquarters: PointSet,
    /// Per point, the straight rail runs leaving it, nearest point first (a run that may go
    /// on two ways at a side column's front end is listed once per way).
    pub(crate) rays: Vec<Vec<Vec<Point>>>,
}

/// How the player areas are placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Four areas round the 九宫 centre (RULES-4P.md).
    Cross,
    /// Two areas facing each other across the front (RULES.md §2): seat 0 at the bottom.
    Facing,
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
}

/// A unit direction in the world grid.
type Dir = (i8, i8);

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

fn sign(v: i16) -> i8 {
    v.signum() as i8
}

impl Board {
    /// The 4-player board, built from its description.
    pub fn siguo() -> Board {
        Board::generate(Layout::Cross)
    }

    /// The 2-player board of RULES.md §2 from the same description.
    pub fn two_player() -> Board {
        Board::generate(Layout::Facing)
    }

    /// The board of `layout`.
    pub fn generate(layout: Layout) -> Board {
        let n = layout.points();
        let all = move || (0..n).filter_map(Point::new);
        let mut kinds = vec![PointKind::Post; n];
        let mut world = vec![(0u8, 0u8); n];
        let mut rail = PointSet::EMPTY;
        let mut camps = PointSet::EMPTY;
        let mut headquarters = PointSet::EMPTY;
        for seat in Seat::ALL.into_iter().take(layout.seats()) {
            for r in 0..6u8 {
                for c in 0..5u8 {
                    let Some(p) = Point::in_area(seat, c, r) else {
                        continue;
                    };
                    kinds[p.index()] = area_kind(c, r);
                    world[p.index()] = layout.world(seat, c, r);
                    if area_rail(c, r) {
                        rail.add(p);
                    }
                }
            }
        }
        for y in 0..3u8 {
            for x in 0..3u8 {
                if let Some(p) = Point::centre(x, y).filter(|_| layout.has_centre()) {
                    world[p.index()] = (6 + 2 * x, 6 + 2 * y);
                    rail.add(p);
                }
            }
        }
        for p in all() {
            match kinds[p.index()] {
                PointKind::Camp => camps.add(p),
                PointKind::Headquarters => headquarters.add(p),
                PointKind::Post => {}
            }
        }
        let at = |x: i16, y: i16| -> Option<Point> {
            all().find(|p| {
                let (px, py) = world[p.index()];
                (px as i16, py as i16) == (x, y)
            })
        };

        // The empty corner square between two diagonal neighbours, if there is one.
        let corner_of = |p: Point, q: Point| -> Option<(i16, i16)> {
            let (px, py) = world[p.index()];
            let (qx, qy) = world[q.index()];
            [(px, qy), (qx, py)]
                .into_iter()
                .map(|(x, y)| (x as i16, y as i16))
                .find(|&(x, y)| at(x, y).is_none())
        };
        let mut edges = Vec::new();
        // Only columns a, c and e cross a front (b and d are blocked, RULES.md §2).
        let crosses = |p: Point| p.local().is_none_or(|(c, _)| c % 2 == 0);
        for a in all() {
            for b in all().filter(|b| *b > a) {
                let (ax, ay) = world[a.index()];
                let (bx, by) = world[b.index()];
                let (dx, dy) = (bx as i16 - ax as i16, by as i16 - ay as i16);
                let both_rail = rail.contains(a) && rail.contains(b);
                let same_area = a.area().is_some() && a.area() == b.area();
                let orthogonal = (dx == 0) != (dy == 0);
                let dist = dx.abs() + dy.abs();
                let edge = if same_area && orthogonal && dist == 1 {
                    // Orthogonal neighbours inside an area: rail if both are rail points.
                    Some((
                        if both_rail {
                            EdgeKind::Rail
                        } else {
                            EdgeKind::Road
                        },
                        false,
                    ))
                } else if same_area
                    && dx.abs() == 1
                    && dy.abs() == 1
                    && (camps.contains(a) || camps.contains(b))
                {
                    Some((EdgeKind::Road, false))
                } else if !same_area && both_rail && orthogonal {
                    // Across a front (1 unit) or inside the centre (2 units).
                    let in_centre = a.area().is_none() && b.area().is_none();
                    let ok = (dist == 1 && crosses(a) && crosses(b)) || (dist == 2 && in_centre);
                    ok.then_some((EdgeKind::Rail, false))
                } else if !same_area
                    && both_rail
                    && a.area().is_some()
                    && b.area().is_some()
                    && dx.abs() == 1
                    && dy.abs() == 1
                    && corner_of(a, b).is_some()
                {
                    // Diagonal neighbours in two areas: an arc round the empty corner square.
                    Some((EdgeKind::Rail, true))
                } else {
                    None
                };
                if let Some((kind, arc)) = edge {
                    edges.push(Edge { a, b, kind, arc });
                }
            }
        }

        let mut step = vec![PointSet::EMPTY; n];
        let mut rail_step = vec![PointSet::EMPTY; n];
        for e in &edges {
            step[e.a.index()].add(e.b);
            step[e.b.index()].add(e.a);
            if e.kind == EdgeKind::Rail {
                rail_step[e.a.index()].add(e.b);
                rail_step[e.b.index()].add(e.a);
            }
        }

        // The direction in which a rail segment leaves `p` towards `q`.
        let is_arc = |p: Point, q: Point| {
            edges
                .iter()
                .any(|e| e.arc && ((e.a, e.b) == (p, q) || (e.a, e.b) == (q, p)))
        };
        let leave = |p: Point, q: Point| -> Dir {
            let (px, py) = world[p.index()];
            let (qx, qy) = world[q.index()];
            let (dx, dy) = (qx as i16 - px as i16, qy as i16 - py as i16);
            if is_arc(p, q) {
                // Tangent to the circle round the corner: perpendicular to the radius.
                if let Some((cx, cy)) = corner_of(p, q) {
                    let (rx, ry) = (cx - px as i16, cy - py as i16);
                    let (tx, ty) = (ry, rx);
                    let s = if tx * dx + ty * dy > 0 { 1 } else { -1 };
                    return (sign(tx * s), sign(ty * s));
                }
            }
            (sign(dx), sign(dy))
        };
        let mut leaving: Vec<Vec<(Point, Dir, Dir)>> = vec![Vec::new(); n];
        for p in all() {
            for q in rail_step[p.index()] {
                let d = leave(p, q);
                let back = leave(q, p);
                leaving[p.index()].push((q, d, (-back.0, -back.1)));
            }
        }

        // Rays: every straight run from each point, branching where a run may go on two ways.
        let mut rays = vec![Vec::new(); n];
        for p in all() {
            for &(q, _, arrive) in &leaving[p.index()] {
                let mut out = Vec::new();
                extend(&leaving, vec![q], arrive, &mut out);
                rays[p.index()].extend(out);
            }
        }
        // Lines: the runs from points where no run arrives straight.
        let mut lines = Vec::new();
        for p in all() {
            for (i, &(_, d, _)) in leaving[p.index()].iter().enumerate() {
                let starts = !leaving[p.index()]
                    .iter()
                    .any(|&(_, e, _)| e == (-d.0, -d.1));
                if !starts {
                    continue;
                }
                let (q, _, arrive) = leaving[p.index()][i];
                let mut out = Vec::new();
                extend(&leaving, vec![q], arrive, &mut out);
                for run in out {
                    let mut line = vec![p];
                    line.extend(run);
                    let last = line.last().copied().unwrap_or(p);
                    if p < last {
                        lines.push(line);
                    }
                }
            }
        }
        lines.sort();

        Board {
            layout,
            kinds,
            world,
            edges,
            lines,
            step,
            rail_step,
            rail,
            camps,
            headquarters,
            rays,
        }
    }

    /// One shared copy of the 4-player board, built on first use.
    pub fn shared() -> Arc<Board> {
        static SHARED: OnceLock<Arc<Board>> = OnceLock::new();
        SHARED.get_or_init(|| Arc::new(Board::siguo())).clone()
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Is `p` a point of this board?
    pub fn contains(&self, p: Point) -> bool {
        p.index() < self.kinds.len()
    }

    /// The points of this board, in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        (0..self.kinds.len()).filter_map(Point::new)
    }

    pub fn kind(&self, p: Point) -> PointKind {
        self.kinds
            .get(p.index())
            .copied()
            .unwrap_or(PointKind::Post)
    }

    pub fn is_rail(&self, p: Point) -> bool {
        self.rail.contains(p)
    }

    pub fn is_camp(&self, p: Point) -> bool {
        self.camps.contains(p)
    }

    pub fn is_headquarters(&self, p: Point) -> bool {
        self.headquarters.contains(p)
    }

    /// The rail points.
    pub fn rail(&self) -> PointSet {
        self.rail
    }

    /// World coordinates for drawing: X west → east, Y north → south, 0..=16 (RULES-4P.md §2.3).
    pub fn world(&self, p: Point) -> (u8, u8) {
        self.world.get(p.index()).copied().unwrap_or((0, 0))
    }

    /// Every connection once.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The maximal straight rail lines, each once, in order along the line.
    pub fn lines(&self) -> &[Vec<Point>] {
        &self.lines
    }

    /// Points one step (road or rail) from `p`.
    pub fn neighbours(&self, p: Point) -> PointSet {
        self.step.get(p.index()).copied().unwrap_or_default()
    }

    /// Points one rail segment from `p`.
    pub fn rail_neighbours(&self, p: Point) -> PointSet {
        self.rail_step.get(p.index()).copied().unwrap_or_default()
    }

    /// The point of `seat`'s area where a deployment slot lies.
    pub fn slot_point(&self, seat: Seat, slot: Slot) -> Point {
        Point::from_index_unchecked(seat.index() * AREA + slot.index())
    }

    /// The slot of `p` in `seat`'s area, if it lies there.
    pub fn point_slot(&self, seat: Seat, p: Point) -> Option<Slot> {
        (p.area() == Some(seat))
            .then(|| Slot::from_index(p.index() % AREA))
            .flatten()
    }

    /// Is `p` one of the nine centre points?
    pub fn is_centre(&self, p: Point) -> bool {
        p.index() >= CENTRE
    }
}

/// Follows straight continuations from the end of `run`, which arrived there moving `arrive`.
fn extend(
    leaving: &[Vec<(Point, Dir, Dir)>],
    run: Vec<Point>,
    arrive: Dir,
    out: &mut Vec<Vec<Point>>,
) {
    let Some(&end) = run.last() else {
        return;
    };
    let next: Vec<(Point, Dir)> = leaving[end.index()]
        .iter()
        .filter(|&&(q, d, _)| d == arrive && !run.contains(&q))
        .map(|&(q, _, a)| (q, a))
        .collect();
    if next.is_empty() || run.len() > POINTS {
        out.push(run);
        return;
    }
    for (q, a) in next {
        let mut longer = run.clone();
        longer.push(q);
        extend(leaving, longer, a, out);
    }
}
