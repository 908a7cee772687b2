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

pub use super::layout::Layout;
use super::lines::straight_runs;
use super::points::{Point, PointSet, AREA, CENTRE};
use crate::board::{EdgeKind, PointKind};
use crate::deployment::Slot;
use crate::rules::Rules;
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
        let place = layout.place();
        let edges = place.edges(layout);
        let n = layout.points();
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
        let (rays, lines) = straight_runs(&place, &edges, &rail_step);
        Board {
            layout,
            kinds: place.kinds,
            world: place.world,
            edges,
            lines,
            step,
            rail_step,
            rail: place.rail,
            camps: place.camps,
            headquarters: place.headquarters,
            rays,
        }
    }

    /// Railway runs from `from` for a piece that does not run like an engineer, through the
    /// points of `empty`, stopping on one of them or on the first of `targets` in the way (the
    /// railway switches of `rules` applied): what any observer can check a move against.
    pub fn runs(&self, from: Point, empty: PointSet, targets: PointSet, rules: &Rules) -> PointSet {
        crate::rail::runs(&self.rays, from, empty, targets, rules)
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
