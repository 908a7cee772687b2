//! Where a piece may go, on any board (RULES.md §4 and the movement switches of
//! docs/rules-variants.md): one step along a road or railway, straight railway runs (or an
//! engineer's turning ones), the headquarters lock, and the points the switches bar — and the
//! way a move goes. Both games' positions ask here with what they know of the pieces (which
//! points are blocked, which pieces may be attacked), so each movement rule is written once.

use crate::pointset::Set;
use crate::rail;
use crate::rules::Rules;
use crate::siguo::{Board, Grid};
use crate::types::Role;

/// What the movement switches bar, asked for only when one of them is on: the camps a piece
/// may not stop in (`no_enemy_camps`) and the points kept free for carried flags to come back
/// to (the carrying switches).
pub(crate) struct Barred<P> {
    pub camps: Set<P>,
    pub reserved: Set<P>,
}

/// Does a piece of `role` run the railway as an engineer does (turning, any distance)?
#[inline(always)]
pub(crate) fn runs_like_engineer(role: Role, rules: &Rules) -> bool {
    role == Role::Engineer || (role == Role::Bomb && rules.flying_bomb)
}

/// The destinations of a piece of `role` on `from`: `blocked` holds every point it can neither
/// enter nor pass (every piece, and a closed area), `targets` the pieces it may attack. A piece
/// in a headquarters stays there unless `hq_exit`, or it is a carrier leaving the headquarters
/// where it took a flag (`carrier`). `VARIANT` says whether any switch changes movement
/// ([`Rules::changes_movement`]): it is decided at compile time for the move loops, so the
/// default move generation does none of the switches' work; `barred` is asked only then.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn destinations<P: Grid, const VARIANT: bool>(
    board: &Board<P>,
    rules: &Rules,
    from: P,
    role: Role,
    carrier: bool,
    blocked: Set<P>,
    targets: Set<P>,
    barred: impl FnOnce() -> Barred<P>,
) -> Set<P> {
    if !role.is_movable()
        || (board.is_headquarters(from) && !rules.hq_exit && !(VARIANT && carrier))
    {
        return Set::EMPTY;
    }
    let empty = !blocked;
    let open = empty | targets;
    let mut dests = board.step[from.index()] & open;
    // A railway run starts with a railway segment: with none open there is none.
    if (board.rail_step[from.index()] & open).any() {
        if runs_like_engineer(role, rules) {
            dests |= rail::engineer_reach(&board.rail_step, board.rail, blocked, from, targets).0;
        } else if VARIANT && (rules.rail_one_turn || rules.rail_three_steps) {
            dests |= rail::runs(&board.rays, from, empty, targets, rules);
        } else {
            dests |= rail::straight_runs(&board.rays, from, empty, targets);
        }
    }
    if VARIANT && (rules.no_enemy_camps || rules.carries_flag()) {
        let barred = barred();
        if rules.no_enemy_camps {
            dests &= !barred.camps;
        }
        if rules.carries_flag() {
            // Where a carried flag was taken stays free for it to come back to (a carrier
            // standing there may still be attacked).
            dests &= !(barred.reserved & empty);
        }
    }
    dests
}

/// The points a move from `from` to `to` passes, both included, through the points of `empty`:
/// one step, a straight railway run, under `rail_one_turn` a run with one turn (for a piece
/// that does not run like an engineer), or else the shortest railway route (breadth first,
/// neighbours in index order, so the same route every time) — an engineer's, or that of a
/// piece whose role the asker does not know. `None` when no route leads there.
pub(crate) fn path<P: Grid>(
    board: &Board<P>,
    rules: &Rules,
    from: P,
    to: P,
    engineer_like: bool,
    empty: Set<P>,
) -> Option<Vec<P>> {
    if board.step[from.index()].contains(to) {
        return Some(vec![from, to]);
    }
    if let Some(path) = rail::straight_path(&board.rays, from, to, empty) {
        return Some(path);
    }
    if rules.rail_one_turn && !engineer_like {
        if let Some(path) = rail::one_turn_path(&board.rays, from, to, empty) {
            return Some(path);
        }
    }
    let mut parent: Vec<Option<P>> = vec![None; board.step.len()];
    let mut seen = Set::single(from);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        for q in board.rail_step[x.index()] {
            if seen.contains(q) {
                continue;
            }
            seen.add(q);
            parent[q.index()] = Some(x);
            if q == to {
                let mut out = vec![to];
                let mut at = to;
                while let Some(p) = parent[at.index()] {
                    out.push(p);
                    at = p;
                }
                out.reverse();
                return Some(out);
            }
            if empty.contains(q) {
                queue.push_back(q);
            }
        }
    }
    None
}
