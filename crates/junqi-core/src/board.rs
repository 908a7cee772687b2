//! The 2-player board (RULES.md §2) as data: points, roads, railway segments, straight
//! railway lines, camps and headquarters. Movement generation reads only these tables, so a
//! different board (the 4-player cross of RULES-4P.md) is a different table, not new code.
//!
//! ```text
//!  12  ○ ─ [H] ─ ○ ─ [H] ─ ○
//!  11  ●═══●═══●═══●═══●
//!  10  ║  (c)  ○  (c)  ║
//!   9  ║   ○  (c)  ○   ║
//!   8  ║  (c)  ○  (c)  ║
//!   7  ●═══●═══●═══●═══●
//!      ║   ^   ║   ^   ║     b and d are blocked by mountains
//!   6  ●═══●═══●═══●═══●
//!   5  ║  (c)  ○  (c)  ║
//!   4  ║   ○  (c)  ○   ║
//!   3  ║  (c)  ○  (c)  ║
//!   2  ●═══●═══●═══●═══●
//!   1  ○ ─ [H] ─ ○ ─ [H] ─ ○
//!      a   b   c   d   e
//! ```

use crate::types::{Bitboard, Point, COLUMNS, POINTS, ROWS};
use std::sync::OnceLock;

/// What stands at a point of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// 兵站: an ordinary point.
    Post,
    /// 行营: a safe camp.
    Camp,
    /// 大本营: a headquarters.
    Headquarters,
}

/// How two points are joined.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    /// 公路: one step.
    Road,
    /// 铁路: part of a railway line (also a one-step road).
    Rail,
}

impl EdgeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EdgeKind::Road => "road",
            EdgeKind::Rail => "rail",
        }
    }
}

/// A connection between two points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub a: Point,
    pub b: Point,
    pub kind: EdgeKind,
}

/// The board's tables. Built once; see [`board`].
#[derive(Debug)]
pub struct Topology {
    /// The kind of each point, by index.
    pub kinds: Vec<PointKind>,
    /// Every connection once, railway segments included (133 on the 2-player board).
    pub edges: Vec<Edge>,
    /// The straight railway lines, each a run of points in order.
    pub lines: Vec<Vec<Point>>,
    /// Points joined by any connection, per point.
    pub road_adjacent: Vec<Bitboard>,
    /// Points joined by a railway segment, per point.
    pub rail_adjacent: Vec<Bitboard>,
    /// Points on a railway.
    pub rail: Bitboard,
    pub camps: Bitboard,
    pub headquarters: Bitboard,
    /// For each point, the rays along the straight lines through it: points in order of distance.
    pub rays: Vec<Vec<Vec<Point>>>,
}

fn p(column: u8, row: u8) -> Point {
    Point::from_index_unchecked((row - 1) * COLUMNS + column)
}

impl Topology {
    /// The 2-player board of RULES.md §2.
    pub fn two_player() -> Topology {
        let camp_points = [(1, 3), (3, 3), (2, 4), (1, 5), (3, 5)];
        let mut kinds = vec![PointKind::Post; POINTS];
        for (c, r) in camp_points {
            kinds[p(c, r).index()] = PointKind::Camp;
            kinds[p(c, 13 - r).index()] = PointKind::Camp;
        }
        for c in [1, 3] {
            kinds[p(c, 1).index()] = PointKind::Headquarters;
            kinds[p(c, 12).index()] = PointKind::Headquarters;
        }

        // Straight railway lines.
        let mut lines: Vec<Vec<Point>> = Vec::new();
        for r in [2, 6, 7, 11] {
            lines.push((0..COLUMNS).map(|c| p(c, r)).collect());
        }
        for c in [0, 4] {
            lines.push((2..=11).map(|r| p(c, r)).collect());
        }
        lines.push(vec![p(2, 6), p(2, 7)]);

        let mut rail_pairs: Vec<(Point, Point)> = Vec::new();
        for line in &lines {
            for w in line.windows(2) {
                rail_pairs.push((w[0], w[1]));
            }
        }
        let is_rail = |a: Point, b: Point| {
            rail_pairs
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        };

        let mut edges: Vec<Edge> = Vec::new();
        let push = |a: Point, b: Point, edges: &mut Vec<Edge>| {
            let (a, b) = if a < b { (a, b) } else { (b, a) };
            if !edges.iter().any(|e| e.a == a && e.b == b) {
                let kind = if is_rail(a, b) {
                    EdgeKind::Rail
                } else {
                    EdgeKind::Road
                };
                edges.push(Edge { a, b, kind });
            }
        };
        // Orthogonal neighbours within a half, and the three crossings of the front.
        for r in 1..=ROWS {
            for c in 0..COLUMNS {
                if c + 1 < COLUMNS {
                    push(p(c, r), p(c + 1, r), &mut edges);
                }
                if r < ROWS && (r != 6 || c % 2 == 0) {
                    push(p(c, r), p(c, r + 1), &mut edges);
                }
            }
        }
        // Camp diagonals.
        for (i, kind) in kinds.iter().enumerate() {
            if *kind == PointKind::Camp {
                let camp = Point::from_index_unchecked(i as u8);
                let (c, r) = (camp.column() as i8, camp.row() as i8);
                for (dc, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                    let (nc, nr) = (c + dc, r + dr);
                    if (0..COLUMNS as i8).contains(&nc) && (1..=ROWS as i8).contains(&nr) {
                        push(camp, p(nc as u8, nr as u8), &mut edges);
                    }
                }
            }
        }
        edges.sort_by_key(|e| (e.a, e.b));

        let mut road_adjacent = vec![Bitboard::EMPTY; POINTS];
        let mut rail_adjacent = vec![Bitboard::EMPTY; POINTS];
        let mut rail = Bitboard::EMPTY;
        for e in &edges {
            road_adjacent[e.a.index()].add(e.b);
            road_adjacent[e.b.index()].add(e.a);
            if e.kind == EdgeKind::Rail {
                rail_adjacent[e.a.index()].add(e.b);
                rail_adjacent[e.b.index()].add(e.a);
                rail.add(e.a);
                rail.add(e.b);
            }
        }

        let mut rays = vec![Vec::new(); POINTS];
        for line in &lines {
            for (i, &pt) in line.iter().enumerate() {
                let forward: Vec<Point> = line[i + 1..].to_vec();
                let backward: Vec<Point> = line[..i].iter().rev().copied().collect();
                for ray in [forward, backward] {
                    if !ray.is_empty() {
                        rays[pt.index()].push(ray);
                    }
                }
            }
        }

        let of_kind = |k: PointKind| {
            (0..POINTS)
                .filter(|&i| kinds[i] == k)
                .map(|i| Point::from_index_unchecked(i as u8))
                .collect::<Bitboard>()
        };
        let camps = of_kind(PointKind::Camp);
        let headquarters = of_kind(PointKind::Headquarters);
        Topology {
            kinds,
            edges,
            lines,
            road_adjacent,
            rail_adjacent,
            rail,
            camps,
            headquarters,
            rays,
        }
    }

    pub fn kind(&self, p: Point) -> PointKind {
        self.kinds[p.index()]
    }

    pub fn is_camp(&self, p: Point) -> bool {
        self.camps.contains(p)
    }

    pub fn is_headquarters(&self, p: Point) -> bool {
        self.headquarters.contains(p)
    }

    pub fn is_rail(&self, p: Point) -> bool {
        self.rail.contains(p)
    }

    /// The kind of connection between two points, if any.
    pub fn edge(&self, a: Point, b: Point) -> Option<EdgeKind> {
        if self.rail_adjacent[a.index()].contains(b) {
            Some(EdgeKind::Rail)
        } else if self.road_adjacent[a.index()].contains(b) {
            Some(EdgeKind::Road)
        } else {
            None
        }
    }
}

/// The 2-player board, built on first use.
pub fn board() -> &'static Topology {
    static BOARD: OnceLock<Topology> = OnceLock::new();
    BOARD.get_or_init(Topology::two_player)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn counts_match_rules() {
        let b = board();
        assert_eq!(b.edges.len(), 133);
        assert_eq!(
            b.edges.iter().filter(|e| e.kind == EdgeKind::Rail).count(),
            35
        );
        assert_eq!(b.camps.count(), 10);
        assert_eq!(b.headquarters.count(), 4);
        assert_eq!(b.rail.count(), 32);
        for c in ["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"] {
            assert!(b.is_camp(pt(c)), "{c}");
            assert!(!b.is_rail(pt(c)));
        }
        for h in ["b1", "d1", "b12", "d12"] {
            assert!(b.is_headquarters(pt(h)));
            assert!(!b.is_rail(pt(h)));
        }
    }

    #[test]
    fn front_crossings() {
        let b = board();
        assert_eq!(b.edge(pt("a6"), pt("a7")), Some(EdgeKind::Rail));
        assert_eq!(b.edge(pt("c6"), pt("c7")), Some(EdgeKind::Rail));
        assert_eq!(b.edge(pt("e6"), pt("e7")), Some(EdgeKind::Rail));
        assert_eq!(b.edge(pt("b6"), pt("b7")), None);
        assert_eq!(b.edge(pt("d6"), pt("d7")), None);
        assert_eq!(b.edge(pt("c4"), pt("b5")), Some(EdgeKind::Road));
        assert_eq!(b.edge(pt("b5"), pt("a6")), Some(EdgeKind::Road));
        assert_eq!(b.edge(pt("c5"), pt("c6")), Some(EdgeKind::Road));
        assert_eq!(b.edge(pt("b2"), pt("b3")), Some(EdgeKind::Road));
        assert_eq!(b.edge(pt("a1"), pt("a2")), Some(EdgeKind::Road));
        assert_eq!(b.edge(pt("c3"), pt("b4")), None);
    }

    #[test]
    fn each_half_has_23_posts_5_camps_2_hq() {
        let b = board();
        for half in [1..=6, 7..=12] {
            let pts: Vec<Point> = Point::all().filter(|p| half.contains(&p.row())).collect();
            let n = |k| pts.iter().filter(|&&p| b.kind(p) == k).count();
            assert_eq!(n(PointKind::Post), 23);
            assert_eq!(n(PointKind::Camp), 5);
            assert_eq!(n(PointKind::Headquarters), 2);
        }
    }
}
