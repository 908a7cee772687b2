//! The 四国 evaluation, from one team's point of view: material of both partners less the
//! enemies', seats still in, pressure on the enemy flags, danger to each of the team's flags
//! (the partner's counts as much as one's own) and advancement into enemy areas.

use crate::eval::base_value;
use junqi_core::seat::{Seat, Team};
use junqi_core::siguo::{Board, Point, Position, POINTS};
use junqi_core::Role;
use std::sync::OnceLock;

/// A win, less plies to reach it.
pub const WIN: i32 = 1_000_000;

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
        let mut all = Vec::with_capacity(POINTS);
        for p in Point::all() {
            let mut d = [u8::MAX; POINTS];
            d[p.index()] = 0;
            let mut frontier = vec![p];
            let mut step = 0u8;
            while !frontier.is_empty() {
                step = step.saturating_add(1);
                let mut next = Vec::new();
                for q in frontier {
                    for n in b.neighbours(q) {
                        if d[n.index()] == u8::MAX {
                            d[n.index()] = step;
                            next.push(n);
                        }
                    }
                }
                frontier = next;
            }
            all.push(d);
        }
        all
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

/// Score of one seat's army alone: material, advancement, flag danger and pressure.
fn score_seat(pos: &Position, seat: Seat, enemy_flags: &[Point], own_flag: Option<Point>) -> i32 {
    let board = pos.board();
    let seating = pos.seating();
    let mut s = SEAT_IN;
    for p in pos.pieces_of(seat) {
        let Some(occ) = pos.at(p) else { continue };
        let v = piece_value(occ.role);
        s += v;
        let movable = occ.role.is_none_or(|r| r.is_movable() && r != Role::Bomb);
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
        let mut danger = 0;
        for e in seating.seats().filter(|&e| seating.are_enemies(seat, e)) {
            for p in pos.pieces_of(e) {
                let movable = pos
                    .at(p)
                    .and_then(|o| o.role)
                    .is_none_or(|r| r.is_movable());
                if movable {
                    let d = distance(p, flag) as i32;
                    if d <= 4 {
                        danger += (5 - d) * 35;
                    }
                }
            }
        }
        let guards = board.neighbours(flag) & pos.pieces_of(seat);
        danger -= guards.count() as i32 * 15;
        s -= danger.max(0);
    }
    s
}

/// Static evaluation of `pos` for `team`.
pub fn evaluate(pos: &Position, team: Team) -> i32 {
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
        let v = score_seat(pos, s, &enemy_flags, flags[s.index()]);
        if seating.team(s) == team {
            score += v;
        } else {
            score -= v;
        }
    }
    // An advantage that does not turn into a capture drains away with the quiet-move clock.
    let limit = pos.rules().quiet_limit.max(1) as i32;
    let left = (limit - pos.quiet() as i32).max(0);
    score * (limit + left) / (2 * limit)
}
