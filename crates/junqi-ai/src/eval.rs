//! The evaluation: what a Junqi player weighs in a position, from the side to move's view.
//!
//! Material with values that change with the game (engineers matter while enemy landmines
//! stand; a bomb is worth what it can take), flag safety (enemy pieces near the flag, mines
//! and pieces guarding it), camps and railway control, and advancement into the enemy half.

use junqi_core::{Bitboard, ByColor, Color, Mode, Point, Position, Role, Topology};
use std::sync::OnceLock;

/// A win, minus plies to reach it.
pub const WIN: i32 = 1_000_000;

/// Base values of the pieces.
pub fn base_value(role: Role) -> i32 {
    match role {
        Role::Marshal => 1000,
        Role::General => 780,
        Role::MajorGeneral => 560,
        Role::Brigadier => 400,
        Role::Colonel => 290,
        Role::Major => 210,
        Role::Captain => 150,
        Role::Lieutenant => 110,
        Role::Engineer => 130,
        Role::Bomb => 450,
        Role::Landmine => 140,
        Role::Flag => 0,
    }
}

/// Road distances between every pair of points (ignoring pieces), computed once.
fn distances() -> &'static Vec<[u8; 60]> {
    static D: OnceLock<Vec<[u8; 60]>> = OnceLock::new();
    D.get_or_init(|| {
        let topo = Topology::standard();
        crate::choice::step_distances(|i| {
            Point::new(i)
                .map(|p| topo.neighbours(p))
                .unwrap_or_default()
                .into_iter()
                .map(Point::index)
        })
    })
}

/// Distance in road steps from `a` to `b`.
pub fn distance(a: Point, b: Point) -> u8 {
    distances()[a.index()][b.index()]
}

/// The position with its pieces sorted by role and colour once, as the evaluation asks for
/// them many times; everything else is the position's own.
struct Sorted<'a> {
    pos: &'a Position,
    roles: [ByColor<Bitboard>; 12],
}

impl Sorted<'_> {
    /// Points holding a known piece of `c` and role `r` ([`Position::pieces`]).
    fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.roles[r as usize][c]
    }
}

impl std::ops::Deref for Sorted<'_> {
    type Target = Position;
    fn deref(&self) -> &Position {
        self.pos
    }
}

/// Per-colour figures the evaluation uses more than once.
struct Side {
    mines: i32,
    top_rank: u8,
    movable: i32,
}

fn side(pos: &Sorted, c: Color) -> Side {
    let mut top_rank = 0;
    for r in Role::ALL {
        if let Some(rank) = r.rank() {
            if (pos.pieces(c, r) & !pos.face_down()).any() {
                top_rank = top_rank.max(rank);
            }
        }
    }
    let mut movable = 0;
    for r in Role::ALL {
        if r.is_movable() {
            movable += (pos.pieces(c, r) & !pos.face_down()).count() as i32;
        }
    }
    Side {
        mines: pos.pieces(c, Role::Landmine).count() as i32,
        top_rank,
        movable,
    }
}

/// The value of one piece of `c` in this position.
fn value(role: Role, own: &Side, enemy: &Side) -> i32 {
    match role {
        Role::Engineer => 70 + 45 * enemy.mines.min(3) + if own.movable < 6 { 60 } else { 0 },
        Role::Bomb => match enemy.top_rank {
            40 => 520,
            39 => 430,
            38 => 330,
            _ => 200,
        },
        r => base_value(r),
    }
}

/// Score of `c`'s side alone.
fn score_side(pos: &Sorted, c: Color, own: &Side, enemy: &Side) -> i32 {
    let topo = pos.board();
    let mut s = 0;
    let known = !pos.face_down();
    for r in Role::ALL {
        let bb = pos.pieces(c, r) & known;
        if bb.is_empty() {
            continue;
        }
        let v = value(r, own, enemy);
        for p in bb {
            s += v;
            if r.is_movable() && r != Role::Bomb {
                // Advancement: a piece in the enemy half presses on the flag.
                if p.half() != c {
                    s += 12 + v / 40;
                    if topo.is_camp(p) {
                        s += 25;
                    }
                } else if topo.is_camp(p) {
                    s += 10;
                }
                if topo.is_rail(p) {
                    s += 4;
                }
            }
        }
    }
    s
}

/// Danger to `c`'s flag: enemy movers close to it, less the guards around it.
fn flag_danger(pos: &Sorted, c: Color) -> i32 {
    let Some(flag) = pos.pieces(c, Role::Flag).first() else {
        return 0;
    };
    let topo = pos.board();
    let mut danger = 0;
    let enemy_movers: Bitboard = {
        let mut b = Bitboard::EMPTY;
        for r in Role::ALL {
            if r.is_movable() {
                b |= pos.pieces(pos.opponent(c), r);
            }
        }
        b & !pos.face_down()
    };
    for p in enemy_movers {
        let d = distance(p, flag) as i32;
        if d <= 4 {
            danger += (5 - d) * 30;
        }
    }
    // Unknown enemy pieces (暗棋 views are resolved to worlds before evaluation).
    let guards = topo.neighbours(flag) & pos.pieces_of(c);
    danger -= guards.count() as i32 * 20;
    danger
}

/// Pressure of `c`'s movers on the enemy flag: pieces closing in on it score.
fn flag_pressure(pos: &Sorted, c: Color) -> i32 {
    let Some(flag) = pos.pieces(pos.opponent(c), Role::Flag).first() else {
        return 0;
    };
    let mut s = 0;
    for r in Role::ALL {
        if !r.is_movable() || r == Role::Bomb {
            continue;
        }
        for p in pos.pieces(c, r) & !pos.face_down() {
            let d = distance(p, flag) as i32;
            s += (9 - d).max(0) * if r == Role::Engineer { 6 } else { 4 };
        }
    }
    s
}

/// Static evaluation from the point of view of the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let Some(us) = pos.turn() else { return 0 };
    let pos = &Sorted {
        pos,
        roles: pos.by_role(),
    };
    let s_us = side(pos, us);
    let them = pos.opponent(us);
    let s_them = side(pos, them);
    let mut score = score_side(pos, us, &s_us, &s_them) - score_side(pos, them, &s_them, &s_us);
    if pos.mode() != Mode::Flip || pos.face_down().count() < 10 {
        score += flag_danger(pos, them) - flag_danger(pos, us);
        score += flag_pressure(pos, us) - flag_pressure(pos, them);
    }
    // The quiet-move clock: an advantage that does not turn into a capture drains away.
    let limit = pos.rules().quiet_limit() as i32;
    let left = (limit - pos.halfmoves() as i32).max(0);
    score * (limit + left) / (2 * limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_symmetric_and_small() {
        for a in Point::all() {
            for b in Point::all() {
                assert_eq!(distance(a, b), distance(b, a));
                assert!(distance(a, b) < 20);
            }
        }
    }

    #[test]
    fn start_is_balanced_for_mirror_formations() {
        let d = junqi_core::Deployment::classic_1();
        let p = Position::from_deployments(Mode::Open, Default::default(), &d, &d).unwrap();
        assert_eq!(evaluate(&p), 0);
    }
}
