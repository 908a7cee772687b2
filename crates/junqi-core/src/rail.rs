//! Railway movement on any board (RULES.md §4 and the railway switches of
//! docs/rules-variants.md): an engineer's reach through the rail network, the limited runs of
//! every other piece, and the route of a one-turn run. Both boards' positions call these with
//! their own tables, so each rule is written once.

use crate::pointset::{BoardPoint, Set};
use crate::rules::Rules;

/// An engineer's railway reach from `from` over a board whose rail segments are `rail_step`
/// and rail points `rail`: (destinations, the empty points reached). It runs through empty rail
/// points and may stop on any of them or on a target next to one.
#[inline]
pub(crate) fn engineer_reach<P: BoardPoint>(
    rail_step: &[Set<P>],
    rail: Set<P>,
    occupied: Set<P>,
    from: P,
    targets: Set<P>,
) -> (Set<P>, Set<P>) {
    let empty_rail = rail & !occupied;
    let mut reached = Set::EMPTY;
    let mut hits = Set::EMPTY;
    let mut frontier = Set::single(from);
    while frontier.any() {
        let mut next = Set::EMPTY;
        for q in frontier {
            next |= rail_step[q.index()];
        }
        hits |= next & targets;
        frontier = next & empty_rail & !reached;
        frontier.remove(from);
        reached |= frontier;
    }
    (reached | hits, reached)
}

/// Adds to `dests` what a run along `ray` (its first `limit` points at most) reaches: each
/// empty point, and the first target in the way, where it stops.
#[inline(always)]
fn walk<P: BoardPoint>(
    ray: &[P],
    limit: usize,
    empty: Set<P>,
    targets: Set<P>,
    dests: &mut Set<P>,
) {
    for &q in &ray[..ray.len().min(limit)] {
        if empty.contains(q) {
            dests.add(q);
        } else {
            if targets.contains(q) {
                dests.add(q);
            }
            break;
        }
    }
}

/// Straight railway runs from `from` under the default rules: along each ray through empty
/// points, stopping on an empty point or the first target in the way.
#[inline(always)]
pub(crate) fn straight_runs<P: BoardPoint>(
    rays: &[Vec<Vec<P>>],
    from: P,
    empty: Set<P>,
    targets: Set<P>,
) -> Set<P> {
    let mut dests = Set::EMPTY;
    for ray in &rays[from.index()] {
        walk(ray, usize::MAX, empty, targets, &mut dests);
    }
    dests
}

/// Railway runs from `from` for a piece that does not run like an engineer, over a board whose
/// straight runs leaving each point are `rays`: straight through empty points to an empty point
/// or the first target; with `rail_one_turn` it may change line once at an empty point, with
/// `rail_three_steps` it runs at most three points (the turn counted in).
pub(crate) fn runs<P: BoardPoint + PartialEq>(
    rays: &[Vec<Vec<P>>],
    from: P,
    empty: Set<P>,
    targets: Set<P>,
    rules: &Rules,
) -> Set<P> {
    let max = if rules.rail_three_steps {
        3
    } else {
        usize::MAX
    };
    let mut dests = Set::EMPTY;
    for ray in &rays[from.index()] {
        for (i, &q) in ray.iter().enumerate() {
            if i >= max {
                break;
            }
            if !empty.contains(q) {
                if targets.contains(q) {
                    dests.add(q);
                }
                break;
            }
            dests.add(q);
            if !rules.rail_one_turn {
                continue;
            }
            let prev = if i == 0 { from } else { ray[i - 1] };
            let next = ray.get(i + 1).copied();
            for turn in &rays[q.index()] {
                let first = turn[0];
                if first == prev || Some(first) == next {
                    continue;
                }
                // The turn counts among the three steps: what is left after `i + 1`.
                walk(turn, max - (i + 1), empty, targets, &mut dests);
            }
        }
    }
    dests
}

/// The route of a straight railway run from `from` to `to` through empty points, `from` and
/// `to` included.
pub(crate) fn straight_path<P: BoardPoint + PartialEq>(
    rays: &[Vec<Vec<P>>],
    from: P,
    to: P,
    empty: Set<P>,
) -> Option<Vec<P>> {
    for ray in &rays[from.index()] {
        if let Some(i) = ray.iter().position(|&q| q == to) {
            if ray[..i].iter().all(|&q| empty.contains(q)) {
                let mut path = vec![from];
                path.extend_from_slice(&ray[..=i]);
                return Some(path);
            }
        }
    }
    None
}

/// The route of a one-turn railway run (`rail_one_turn`) from `from` to `to`, if there is one.
pub(crate) fn one_turn_path<P: BoardPoint + PartialEq>(
    rays: &[Vec<Vec<P>>],
    from: P,
    to: P,
    empty: Set<P>,
) -> Option<Vec<P>> {
    for ray in &rays[from.index()] {
        for (i, &q) in ray.iter().enumerate() {
            if !empty.contains(q) {
                break;
            }
            for turn in &rays[q.index()] {
                if let Some(j) = turn.iter().position(|&t| t == to) {
                    if turn[..j].iter().all(|&t| empty.contains(t)) {
                        let mut path = vec![from];
                        path.extend_from_slice(&ray[..=i]);
                        path.extend_from_slice(&turn[..=j]);
                        return Some(path);
                    }
                }
            }
        }
    }
    None
}
