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
use super::points::{Grid, Point, PointSet, AREA, CENTRE};
use crate::board::{EdgeKind, PointKind};
use crate::deployment::Slot;
use crate::pointset::{point_at, Set};
use crate::rules::Rules;
use crate::seat::Seat;
use std::sync::{Arc, OnceLock};

/// A connection between two points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge<P = Point> {
    pub a: P,
    pub b: P,
    pub kind: EdgeKind,
    /// An arc (弧形线) round an empty corner of the cross.
    pub arc: bool,
}

/// The board's tables, in the numbering of its kind of point `P` (the cross's [`Point`] unless
/// said: the 2-player board is also played on [`crate::Point`], whose sets are one word). A
/// position carries its board (see [`Board::shared`]).
#[derive(Debug)]
pub struct Board<P: Grid = Point> {
    layout: Layout,
    kinds: Vec<PointKind>,
    world: Vec<(u8, u8)>,
    edges: Vec<Edge<P>>,
    lines: Vec<Vec<P>>,
    /// Points one step away (road or rail), per point.
    pub(crate) step: Vec<Set<P>>,
    /// Points one rail segment away, per point.
    pub(crate) rail_step: Vec<Set<P>>,
    pub(crate) rail: Set<P>,
    pub(crate) camps: Set<P>,
    pub(crate) headquarters: Set<P>,
    /// Per point, the straight rail runs leaving it, nearest point first (a run that may go
    /// on two ways at a side column's front end is listed once per way).
    pub(crate) rays: Vec<Vec<Vec<P>>>,
    /// Each point in the description's numbering (the cross's), by index.
    general: Vec<Point>,
    /// Each seat's deployment slots, at `seat · 30 + slot`.
    slots: Vec<P>,
}

impl Board {
    /// The 4-player board, built from its description.
    pub fn siguo() -> Board {
        Board::generate(Layout::Cross)
    }

    /// The board of `layout`, in the description's numbering.
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
            general: layout.all().collect(),
            slots: layout.all().filter(|p| p.area().is_some()).collect(),
        }
    }

    /// One shared copy of the 4-player board, built on first use.
    pub fn shared() -> Arc<Board> {
        static SHARED: OnceLock<Arc<Board>> = OnceLock::new();
        SHARED.get_or_init(|| Arc::new(Board::siguo())).clone()
    }
}

impl Board<crate::Point> {
    /// The 2-player board of RULES.md §2 from the same description, its points named `a1` …
    /// `e12` (so its point sets are one word), in RULES.md's order: each connection from its
    /// lower point, by points; the straight lines running towards higher points (left to right,
    /// Red's side to Black's), rows first; each point's rays along them.
    pub fn two_player() -> Board<crate::Point> {
        let mut b: Board<crate::Point> = Board::named(&Board::generate(Layout::Facing));
        for e in &mut b.edges {
            if e.b < e.a {
                std::mem::swap(&mut e.a, &mut e.b);
            }
        }
        b.edges.sort_by_key(|e| (e.a, e.b));
        for line in &mut b.lines {
            if line.first() > line.last() {
                line.reverse();
            }
        }
        let across = |l: &Vec<crate::Point>| matches!(l.as_slice(), [a, b, ..] if b.index() - a.index() != 1);
        b.lines.sort_by_key(|l| (across(l), l.first().copied()));
        b.rays = rays_of(&b.lines, b.kinds.len());
        b
    }

    /// One shared copy of the 2-player board, built on first use.
    pub fn shared_two_player() -> Arc<Board<crate::Point>> {
        Board::two_player_cell().clone()
    }

    /// The same copy, for positions that hold it by reference.
    pub fn standard() -> &'static Board<crate::Point> {
        Board::two_player_cell()
    }

    fn two_player_cell() -> &'static Arc<Board<crate::Point>> {
        static SHARED: OnceLock<Arc<Board<crate::Point>>> = OnceLock::new();
        SHARED.get_or_init(|| Arc::new(Board::two_player()))
    }

    /// The colour whose half holds `p`: where its pieces start, whose camps and headquarters
    /// these are.
    #[inline]
    pub fn half(&self, p: crate::Point) -> crate::Seat {
        p.half()
    }
}

/// Per point, the rays along straight `lines` (none branching) through it, nearest point first.
fn rays_of<P: Grid>(lines: &[Vec<P>], points: usize) -> Vec<Vec<Vec<P>>> {
    let mut rays = vec![Vec::new(); points];
    for line in lines {
        for (i, &pt) in line.iter().enumerate() {
            let forward: Vec<P> = line[i + 1..].to_vec();
            let backward: Vec<P> = line[..i].iter().rev().copied().collect();
            for ray in [forward, backward] {
                if !ray.is_empty() {
                    if let Some(r) = rays.get_mut(pt.index()) {
                        r.push(ray);
                    }
                }
            }
        }
    }
    rays
}

impl<P: Grid> Board<P> {
    /// `general` named in `P`'s numbering. Every point of `general` must have a name in `P`
    /// (true of the layouts each kind of point is built for); one that has none is dropped
    /// with its links.
    fn named(general: &Board) -> Board<P> {
        let n = P::POINTS;
        let name = |g: Point| P::from_general(g);
        let set = |s: PointSet| -> Set<P> { s.iter().filter_map(name).collect() };
        let run = |r: &[Point]| -> Vec<P> { r.iter().copied().filter_map(name).collect() };
        let mut kinds = vec![PointKind::Post; n];
        let mut world = vec![(0, 0); n];
        let mut generals = vec![Point::from_index_unchecked(0); n];
        let mut step = vec![Set::EMPTY; n];
        let mut rail_step = vec![Set::EMPTY; n];
        let mut rays = vec![Vec::new(); n];
        let mut points = 0;
        for g in general.points() {
            let Some(p) = name(g) else { continue };
            let i = p.index();
            points = points.max(i + 1);
            kinds[i] = general.kind(g);
            world[i] = general.world(g);
            generals[i] = g;
            step[i] = set(general.step[g.index()]);
            rail_step[i] = set(general.rail_step[g.index()]);
            rays[i] = general.rays[g.index()].iter().map(|r| run(r)).collect();
        }
        kinds.truncate(points);
        world.truncate(points);
        generals.truncate(points);
        step.truncate(points);
        rail_step.truncate(points);
        rays.truncate(points);
        Board {
            layout: general.layout,
            kinds,
            world,
            edges: general
                .edges
                .iter()
                .filter_map(|e| {
                    Some(Edge {
                        a: name(e.a)?,
                        b: name(e.b)?,
                        kind: e.kind,
                        arc: e.arc,
                    })
                })
                .collect(),
            lines: general.lines.iter().map(|l| run(l)).collect(),
            step,
            rail_step,
            rail: set(general.rail),
            camps: set(general.camps),
            headquarters: set(general.headquarters),
            rays,
            general: generals,
            slots: general.slots.iter().copied().filter_map(name).collect(),
        }
    }

    /// Railway runs from `from` for a piece that does not run like an engineer, through the
    /// points of `empty`, stopping on one of them or on the first of `targets` in the way (the
    /// railway switches of `rules` applied): what any observer can check a move against.
    pub fn runs(&self, from: P, empty: Set<P>, targets: Set<P>, rules: &Rules) -> Set<P> {
        crate::rail::runs(&self.rays, from, empty, targets, rules)
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Is `p` a point of this board?
    pub fn contains(&self, p: P) -> bool {
        p.index() < self.kinds.len()
    }

    /// The points of this board, in index order.
    pub fn points(&self) -> impl Iterator<Item = P> {
        (0..self.kinds.len()).filter_map(point_at)
    }

    pub fn kind(&self, p: P) -> PointKind {
        self.kinds
            .get(p.index())
            .copied()
            .unwrap_or(PointKind::Post)
    }

    pub fn is_rail(&self, p: P) -> bool {
        self.rail.contains(p)
    }

    pub fn is_camp(&self, p: P) -> bool {
        self.camps.contains(p)
    }

    pub fn is_headquarters(&self, p: P) -> bool {
        self.headquarters.contains(p)
    }

    /// The rail points.
    pub fn rail(&self) -> Set<P> {
        self.rail
    }

    /// World coordinates for drawing: X west → east, Y north → south, 0..=16 (RULES-4P.md §2.3).
    pub fn world(&self, p: P) -> (u8, u8) {
        self.world.get(p.index()).copied().unwrap_or((0, 0))
    }

    /// Every connection once.
    pub fn edges(&self) -> &[Edge<P>] {
        &self.edges
    }

    /// The maximal straight rail lines, each once, in order along the line.
    pub fn lines(&self) -> &[Vec<P>] {
        &self.lines
    }

    /// The kind of connection between two points, if any.
    pub fn edge(&self, a: P, b: P) -> Option<EdgeKind> {
        if self.rail_neighbours(a).contains(b) {
            Some(EdgeKind::Rail)
        } else if self.neighbours(a).contains(b) {
            Some(EdgeKind::Road)
        } else {
            None
        }
    }

    /// Points one step (road or rail) from `p`.
    pub fn neighbours(&self, p: P) -> Set<P> {
        self.step.get(p.index()).copied().unwrap_or_default()
    }

    /// Points one rail segment from `p`.
    pub fn rail_neighbours(&self, p: P) -> Set<P> {
        self.rail_step.get(p.index()).copied().unwrap_or_default()
    }

    /// The point of `seat`'s area where a deployment slot lies (`None` for a seat this
    /// board has no area for).
    pub fn slot_point(&self, seat: Seat, slot: Slot) -> Option<P> {
        self.slots.get(seat.index() * AREA + slot.index()).copied()
    }

    /// The slot of `p` in `seat`'s area, if it lies there.
    pub fn point_slot(&self, seat: Seat, p: P) -> Option<Slot> {
        let g = self.general(p)?;
        (g.area() == Some(seat))
            .then(|| Slot::from_index(g.index() % AREA))
            .flatten()
    }

    /// Is `p` one of the nine centre points?
    pub fn is_centre(&self, p: P) -> bool {
        self.general(p).is_some_and(|g| g.index() >= CENTRE)
    }

    /// `p` in the description's numbering (the cross's), if it is a point of this board.
    pub fn general(&self, p: P) -> Option<Point> {
        self.general.get(p.index()).copied()
    }
}
