//! The 四国 evaluation, from one team's point of view: material of both partners less the
//! enemies', seats still in, pressure on the enemy flags, danger to each of the team's flags
//! (the partner's counts as much as one's own) and advancement into enemy areas; when
//! identities are hidden, also the hunt for the enemy flags ([`Style`]).

use crate::eval::base_value;
use junqi_core::seat::{Seat, Team};
use junqi_core::siguo::{Board, Point, Position, POINTS};
use junqi_core::Role;
use std::sync::OnceLock;

pub use crate::eval::WIN;

/// A seat still in the game: its flag stands and its turns count.
const SEAT_IN: i32 = 1500;

/// The value assumed for a piece whose identity is unknown (views are resolved to worlds
/// before search, so this is only a fallback).
const UNKNOWN: i32 = 250;

/// Step distances (a road or rail step counts one) between every pair of points.
fn distances() -> &'static Vec<[u8; POINTS]> {
    static D: OnceLock<Vec<[u8; POINTS]>> = OnceLock::new();
    D.get_or_init(|| {
        let b = Board::siguo();
        let points: Vec<Point> = Point::all().collect();
        crate::choice::step_distances(|i| b.neighbours(points[i]).into_iter().map(Point::index))
    })
}

/// Steps from `a` to `b` on the empty board.
pub fn distance(a: Point, b: Point) -> u8 {
    distances()[a.index()][b.index()]
}

/// The value of a piece of known or unknown role.
pub fn piece_value(role: Option<Role>) -> i32 {
    role.map_or(UNKNOWN, base_value)
}

/// The point of `seat`'s flag, when this position knows it.
fn flag_of(pos: &Position, seat: Seat) -> Option<Point> {
    pos.pieces_of(seat)
        .iter()
        .find(|&p| pos.at(p).is_some_and(|o| o.role == Some(Role::Flag)))
}

/// How the evaluation plays: [`Style::OPEN`] for 全明, [`Style::DARK`] for the worlds drawn
/// when identities are hidden.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Hunt the enemy flags: a piece that can never move again (standing in a headquarters)
    /// counts for little, a seat with few pieces left that can move is close to leaving (it is
    /// out when it cannot move), and each seat's nearest piece is drawn to each enemy flag from
    /// anywhere on the board, not only from close by. With every identity hidden the last
    /// enemy pieces are found only by going to them, within the 70-ply quiet limit.
    pub hunt: bool,
}

impl Style {
    pub const OPEN: Style = Style { hunt: false };
    pub const DARK: Style = Style { hunt: true };
}

/// What a piece that stands in a headquarters (where it never moves again) keeps of its value
/// under [`Style::hunt`], in percent: it still blocks and must be beaten to pass.
const STUCK_PERCENT: i32 = 35;

/// Penalty under [`Style::hunt`] for a seat with 0, 1, 2 or 3 pieces that can still move: with
/// none it is out at its turn (its flag and every piece gone).
const FEW_MOVERS: [i32; 4] = [1200, 260, 90, 30];

/// Pull under [`Style::hunt`] on a seat's nearest mobile piece to each enemy flag, per step.
const HUNT_STEP: i32 = 14;

/// Under [`Style::hunt`], a mobile piece next to an enemy flag: it takes the flag on its next
/// move unless it is taken first.
const FLAG_THREAT: i32 = 300;

/// A piece standing next to its seat's flag once the flag is shown (every enemy knows where
/// to go): each one an attacker must beat before the flag.
const GUARD_SHOWN: i32 = 70;

/// A shown flag that an enemy piece can take with its next move.
const FLAG_IN_REACH: i32 = 600;

/// A shown flag with an unguarded point next to it that an enemy piece can reach with its next
/// move: from there it takes the flag the move after. A rail run crosses the board in one move,
/// so step distance alone does not see it coming.
const GATE_IN_REACH: i32 = 220;

/// A flag being carried (`carry_flag_home`, `carry_flag_front`): worth this much to the
/// carrier's side, and [`CARRY_STEP`] more for each step it is closer to counting than
/// [`CARRY_FAR`] steps away. Its owner is out once it arrives, so the carrier is drawn home
/// and the owner's side to the carrier.
const CARRY: i32 = 500;
const CARRY_STEP: i32 = 45;
const CARRY_FAR: i32 = 16;

/// Steps from a carrier on `at` to where its flag counts: one of its own seat's headquarters
/// (`carry_flag_front`: any point of its own area).
fn steps_home(pos: &Position, by: Seat, at: Point) -> i32 {
    let board = pos.board();
    let front = pos.rules().rules.carry_flag_front;
    board
        .points()
        .filter(|&p| p.area() == Some(by) && (front || board.is_headquarters(p)))
        .map(|p| distance(at, p) as i32)
        .min()
        .unwrap_or(CARRY_FAR)
}

/// Score of one seat's army alone: material, advancement, flag danger and pressure.
fn score_seat(
    pos: &Position,
    seat: Seat,
    enemy_flags: &[Point],
    own_flag: Option<Point>,
    style: Style,
) -> i32 {
    let board = pos.board();
    let seating = pos.seating();
    let mut s = SEAT_IN;
    let mut movers = 0usize;
    let mut nearest = [u8::MAX; 4];
    for p in pos.pieces_of(seat) {
        let Some(occ) = pos.at(p) else { continue };
        let v = piece_value(occ.role);
        let movable = occ.role.is_none_or(|r| r.is_movable() && r != Role::Bomb);
        if style.hunt && occ.role != Some(Role::Flag) && board.is_headquarters(p) {
            s += v * STUCK_PERCENT / 100;
            continue;
        }
        s += v;
        if style.hunt && occ.role.is_none_or(|r| r.is_movable()) {
            movers += 1;
            for (i, &f) in enemy_flags.iter().enumerate().take(4) {
                nearest[i] = nearest[i].min(distance(p, f));
            }
        }
        if !movable {
            continue;
        }
        match p.area() {
            Some(area) if seating.are_enemies(seat, area) => {
                s += 12 + v / 40;
                if board.is_camp(p) {
                    s += 25;
                }
            }
            Some(_) => {
                if board.is_camp(p) {
                    s += 8;
                }
            }
            None => s += 6,
        }
        if board.is_rail(p) {
            s += 4;
        }
        let near = enemy_flags
            .iter()
            .map(|&f| 9 - distance(p, f) as i32)
            .max()
            .unwrap_or(0)
            .max(0);
        s += near
            * if occ.role == Some(Role::Engineer) {
                6
            } else {
                4
            };
    }
    if let Some(flag) = own_flag {
        let gates = board.neighbours(flag);
        let guards = gates & pos.pieces_of(seat);
        // Once the flag is shown every enemy knows where to go, so each enemy piece's next move
        // counts: one that takes the flag, or one that reaches a point next to it that `seat`
        // does not hold (a rail run crosses the board in one move, which step distance alone
        // does not see). Unknown identities move as engineers, the farthest runners.
        let shown = pos.flag_shown(seat);
        let open = gates & !pos.pieces_of(seat);
        let mut danger = 0;
        for e in seating.seats().filter(|&e| seating.are_enemies(seat, e)) {
            let watch = shown && seating.is_in(e);
            for p in pos.pieces_of(e) {
                let role = pos.at(p).and_then(|o| o.role);
                if !role.is_none_or(|r| r.is_movable()) {
                    continue;
                }
                let d = distance(p, flag) as i32;
                if d <= 4 {
                    danger += (5 - d) * 35;
                }
                if watch {
                    let reach = pos.reach(p, e, role.unwrap_or(Role::Engineer));
                    if reach.contains(flag) {
                        danger += FLAG_IN_REACH;
                    } else if !(reach & open).is_empty() {
                        danger += GATE_IN_REACH;
                    }
                }
            }
        }
        danger -= guards.count() as i32 * if shown { GUARD_SHOWN } else { 15 };
        s -= danger.max(0);
    }
    if style.hunt {
        s -= FEW_MOVERS.get(movers).copied().unwrap_or(0);
        for &d in nearest.iter().take(enemy_flags.len()) {
            if d != u8::MAX {
                s += (30 - d as i32).max(0) * HUNT_STEP;
            }
            if d == 1 {
                s += FLAG_THREAT;
            }
        }
    }
    s
}

/// Static evaluation of `pos` for `team`.
pub fn evaluate(pos: &Position, team: Team) -> i32 {
    evaluate_with(pos, team, Style::OPEN)
}

/// Static evaluation of `pos` for `team` in `style`.
pub fn evaluate_with(pos: &Position, team: Team, style: Style) -> i32 {
    let seating = pos.seating();
    let mut flags: [Option<Point>; 4] = [None; 4];
    for s in seating.seats().filter(|&s| seating.is_in(s)) {
        flags[s.index()] = flag_of(pos, s);
    }
    let mut score = 0;
    for s in seating.seats().filter(|&s| seating.is_in(s)) {
        let enemy_flags: Vec<Point> = seating
            .seats()
            .filter(|&e| seating.are_enemies(s, e))
            .filter_map(|e| flags[e.index()])
            .collect();
        let v = score_seat(pos, s, &enemy_flags, flags[s.index()], style);
        if seating.team(s) == team {
            score += v;
        } else {
            score -= v;
        }
    }
    for (_, c) in pos.carries() {
        let v = CARRY + (CARRY_FAR - steps_home(pos, c.by, c.at)).max(0) * CARRY_STEP;
        if seating.team(c.by) == team {
            score += v;
        } else {
            score -= v;
        }
    }
    // An advantage that does not turn into a capture drains away with the quiet-move clock
    // (31 plies without an attack under `no_collision_31`, where that clock puts a seat out).
    let rules = pos.rules();
    let limit = if rules.rules.no_collision_31 {
        junqi_core::rules::NO_COLLISION_LIMIT
    } else {
        rules.quiet_limit
    }
    .max(1) as i32;
    let left = (limit - pos.quiet() as i32).max(0);
    score * (limit + left) / (2 * limit)
}
