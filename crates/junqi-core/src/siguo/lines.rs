//! Straight rail runs from geometry: a run goes on through a point when it leaves in the
//! direction it arrived; an arc leaves and arrives along its tangent (perpendicular to the
//! radius from the empty corner square it bends round).

use super::board::Edge;
use super::layout::Placement;
use super::points::{Point, PointSet};
use crate::board::EdgeKind;

/// A unit direction in the world grid.
type Dir = (i8, i8);

/// Per point, its rail segments: (other end, direction leaving here, direction arriving there).
type Leaving = Vec<Vec<(Point, Dir, Dir)>>;

fn sign(v: i16) -> i8 {
    v.signum() as i8
}

/// The direction in which the rail segment `p`–`q` leaves `p`.
fn leave(place: &Placement, arcs: &[Edge], p: Point, q: Point) -> Dir {
    let (px, py) = place.world[p.index()];
    let (qx, qy) = place.world[q.index()];
    let (dx, dy) = (qx as i16 - px as i16, qy as i16 - py as i16);
    let is_arc = arcs
        .iter()
        .any(|e| (e.a, e.b) == (p, q) || (e.a, e.b) == (q, p));
    if is_arc {
        if let Some((cx, cy)) = place.corner(p, q) {
            let (rx, ry) = (cx - px as i16, cy - py as i16);
            let (tx, ty) = (ry, rx);
            let s = if tx * dx + ty * dy > 0 { 1 } else { -1 };
            return (sign(tx * s), sign(ty * s));
        }
    }
    (sign(dx), sign(dy))
}

/// The rays leaving each point and the maximal straight lines (each once, sorted).
pub(crate) fn straight_runs(
    place: &Placement,
    edges: &[Edge],
    rail_step: &[PointSet],
) -> (Vec<Vec<Vec<Point>>>, Vec<Vec<Point>>) {
    let n = rail_step.len();
    let arcs: Vec<Edge> = edges
        .iter()
        .filter(|e| e.arc && e.kind == EdgeKind::Rail)
        .copied()
        .collect();
    let mut leaving: Leaving = vec![Vec::new(); n];
    for (i, out) in leaving.iter_mut().enumerate() {
        let Some(p) = Point::new(i) else { continue };
        for q in rail_step[i] {
            let back = leave(place, &arcs, q, p);
            out.push((q, leave(place, &arcs, p, q), (-back.0, -back.1)));
        }
    }
    // Rays: every straight run from each point, branching where a run may go on two ways.
    let mut rays = vec![Vec::new(); n];
    for (i, ray) in rays.iter_mut().enumerate() {
        for &(q, _, arrive) in &leaving[i] {
            extend(&leaving, vec![q], arrive, ray);
        }
    }
    // Lines: the runs from points where no run arrives straight.
    let mut lines = Vec::new();
    for (i, segs) in leaving.iter().enumerate() {
        let Some(p) = Point::new(i) else { continue };
        for &(q, d, arrive) in segs {
            if segs.iter().any(|&(_, e, _)| e == (-d.0, -d.1)) {
                continue;
            }
            let mut runs = Vec::new();
            extend(&leaving, vec![q], arrive, &mut runs);
            for run in runs {
                if run.last().is_some_and(|&last| p < last) {
                    let mut line = vec![p];
                    line.extend(run);
                    lines.push(line);
                }
            }
        }
    }
    lines.sort();
    (rays, lines)
}

/// Follows straight continuations from the end of `run`, which arrived there moving `arrive`.
fn extend(leaving: &Leaving, run: Vec<Point>, arrive: Dir, out: &mut Vec<Vec<Point>>) {
    let Some(&end) = run.last() else {
        return;
    };
    let next: Vec<(Point, Dir)> = leaving[end.index()]
        .iter()
        .filter(|&&(q, d, _)| d == arrive && !run.contains(&q))
        .map(|&(q, _, a)| (q, a))
        .collect();
    if next.is_empty() || run.len() > leaving.len() {
        out.push(run);
        return;
    }
    for (q, a) in next {
        let mut longer = run.clone();
        longer.push(q);
        extend(leaving, longer, a, out);
    }
}
