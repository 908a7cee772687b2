//! The evaluation, one for every board and seating: what a Junqi player weighs in a position,
//! for one team.
//!
//! Each seat still in scores its own army — material (on the 2-player board with values that
//! change with the game: engineers matter while enemy landmines stand, a bomb is worth what it
//! can take), advancement into enemy areas, camps and railways, pressure on the enemy flags —
//! less the danger to its own flag (enemy pieces close to it, fewer for each guard beside it;
//! once a flag is shown, every enemy piece that can reach it or a point beside it). A team's
//! score is its seats' scores less the others'. A flag being carried draws its carrier home.
//! When identities are hidden, [`Style::DARK`] also hunts the enemy flags. What differs from one
//! board to the other is a value of [`Terms`], not a second evaluation.

use junqi_core::pointset::Set;
use junqi_core::seat::{Seat, Team};
use junqi_core::siguo::Board;
use junqi_core::siguo::{Grid, Position};
use junqi_core::Role;
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

/// The value assumed for a piece whose identity is unknown on the cross board (views are
/// resolved to worlds before search, so this is only a fallback).
const UNKNOWN: i32 = 250;

/// The value of a piece of known or unknown role, as the cross board counts it.
pub fn piece_value(role: Option<Role>) -> i32 {
    role.map_or(UNKNOWN, base_value)
}

/// What the evaluation weighs differently from one board to the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Values that follow the game: an engineer is worth more while enemy landmines stand and
    /// when few of its own pieces can move, a bomb what the best enemy piece is worth.
    pub live_values: bool,
    /// The value of a piece whose identity this position does not know; `None`: not counted.
    pub unknown: Option<i32>,
    /// A mover standing in a camp of its own team's areas.
    pub own_camp: i32,
    /// Danger to a flag from each enemy mover per step closer than five.
    pub danger_step: i32,
    /// Each piece beside its flag, while the flag is not shown.
    pub guard: i32,
    /// A seat's flag danger never counts below zero (guards do not add to the score).
    pub danger_floor: bool,
    /// Once a flag is shown, each enemy piece's next move counts ([`FLAG_IN_REACH`],
    /// [`GATE_IN_REACH`]).
    pub watch_shown_flag: bool,
}

impl Terms {
    /// The 2-player board: two armies face to face.
    pub const FACING: Terms = Terms {
        live_values: true,
        unknown: None,
        own_camp: 10,
        danger_step: 30,
        guard: 20,
        danger_floor: false,
        watch_shown_flag: false,
    };
    /// The cross board: four areas and the centre, partners opposite.
    pub const CROSS: Terms = Terms {
        live_values: false,
        unknown: Some(UNKNOWN),
        own_camp: 8,
        danger_step: 35,
        guard: 15,
        danger_floor: true,
        watch_shown_flag: true,
    };
}

/// A kind of point with its board's steps and [`Terms`]: the 2-player board's and the cross's.
pub trait Ground: Grid {
    /// How this board is weighed.
    const TERMS: Terms;
    /// How many plies of contacts the search's quiescence follows: two rounds of the facing
    /// board, most of a round of the cross's four seats.
    const QUIESCENCE_DEPTH: u32;
    /// How likely what a hidden piece was seen to do is for each role, fitted from this
    /// board's games ([`crate::behaviour`]).
    const LIKELIHOOD: &'static crate::behaviour::Likelihood;
    /// How the worlds of a hidden game are searched here: the 2-player game hunts pieces
    /// ([`Style::OPEN`]), 四国's four armies make the evaluation hunt the enemy flags
    /// ([`Style::DARK`]).
    const HIDDEN_STYLE: Style;
    /// Worlds drawn, beyond those searched, to estimate what a root attack on a hidden piece
    /// gains on the spot ([`crate::search::worlds::hidden_scores`]).
    const EXTRA_WORLDS: usize;
    /// Steps (a road or rail step counts one) from `a` to `b` on the empty board.
    fn steps(a: Self, b: Self) -> u8;
}

/// Steps between every pair of points of `board`, computed once per board kind.
fn step_table<P: Grid, const N: usize>(board: &Board<P>) -> Vec<[u8; N]> {
    let points: Vec<P> = board.points().collect();
    crate::choice::step_distances(|i| {
        points
            .get(i)
            .map(|&p| board.neighbours(p))
            .unwrap_or_default()
            .into_iter()
            .map(|q| q.index())
    })
}

impl Ground for junqi_core::Point {
    const TERMS: Terms = Terms::FACING;
    const QUIESCENCE_DEPTH: u32 = 4;
    const LIKELIHOOD: &'static crate::behaviour::Likelihood = &crate::behaviour::FACING;
    const HIDDEN_STYLE: Style = Style::OPEN;
    const EXTRA_WORLDS: usize = 48;
    fn steps(a: Self, b: Self) -> u8 {
        static D: OnceLock<Vec<[u8; junqi_core::types::POINTS]>> = OnceLock::new();
        D.get_or_init(|| step_table(Board::standard()))[a.index()][b.index()]
    }
}

impl Ground for junqi_core::siguo::Point {
    const TERMS: Terms = Terms::CROSS;
    const QUIESCENCE_DEPTH: u32 = 3;
    const LIKELIHOOD: &'static crate::behaviour::Likelihood = &crate::behaviour::CROSS;
    const HIDDEN_STYLE: Style = Style::DARK;
    const EXTRA_WORLDS: usize = 32;
    fn steps(a: Self, b: Self) -> u8 {
        static D: OnceLock<Vec<[u8; junqi_core::siguo::POINTS]>> = OnceLock::new();
        D.get_or_init(|| step_table(&Board::siguo()))[a.index()][b.index()]
    }
}

/// How the evaluation plays: [`Style::OPEN`] when identities are known, [`Style::DARK`] for
/// the 四国 worlds drawn when they are hidden.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
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

/// A seat still in the game: its flag stands and its turns count.
const SEAT_IN: i32 = 1500;

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

/// While this many pieces or more are face down (翻棋), the flags' terms are not counted:
/// nobody knows yet where they stand or who would reach them.
const FACE_DOWN_EARLY: u32 = 10;

/// The points holding `seat`'s pieces, face up or down.
fn army<P: Ground>(pos: &Position<P>, seat: Seat) -> Set<P> {
    let mut set = pos.pieces_of(seat);
    for p in pos.face_down() {
        if pos.at(p).is_some_and(|o| o.seat == seat) {
            set.add(p);
        }
    }
    set
}

/// What one seat's army holds that the values of [`Terms::live_values`] follow.
#[derive(Copy, Clone, Default)]
struct Strength {
    /// Landmines, face up or down.
    mines: i32,
    /// The highest rank face up.
    top_rank: u8,
    /// Pieces face up that can move.
    movers: i32,
}

fn strength<P: Ground>(pos: &Position<P>, army: Set<P>) -> Strength {
    let face_down = pos.face_down();
    let mut s = Strength::default();
    for p in army {
        let Some(role) = pos.at(p).and_then(|o| o.role) else {
            continue;
        };
        if role == Role::Landmine {
            s.mines += 1;
        }
        if face_down.contains(p) {
            continue;
        }
        if let Some(rank) = role.rank() {
            s.top_rank = s.top_rank.max(rank);
        }
        if role.is_movable() {
            s.movers += 1;
        }
    }
    s
}

/// The value of one of `seat`'s pieces in this position.
fn value(role: Role, terms: &Terms, own: &Strength, enemy: &Strength) -> i32 {
    if !terms.live_values {
        return base_value(role);
    }
    match role {
        Role::Engineer => 70 + 45 * enemy.mines.min(3) + if own.movers < 6 { 60 } else { 0 },
        Role::Bomb => match enemy.top_rank {
            40 => 520,
            39 => 430,
            38 => 330,
            _ => 200,
        },
        r => base_value(r),
    }
}

/// The position's figures every seat's score reads.
struct Scene<'a, P: Ground> {
    pos: &'a Position<P>,
    style: Style,
    /// Each seat's flag, where this position knows it (seats still in).
    flags: [Option<P>; 4],
    /// Each seat's [`Strength`] (under [`Terms::live_values`]).
    strength: [Strength; 4],
    /// Whether the flags' terms count ([`FACE_DOWN_EARLY`]).
    flag_terms: bool,
    /// Each seat's pieces, face up or down ([`army`]).
    armies: [Set<P>; 4],
}

impl<P: Ground> Scene<'_, P> {
    /// The enemies of `seat` taken together, as [`Terms::live_values`] weighs them.
    fn enemies_strength(&self, seat: Seat) -> Strength {
        let seating = self.pos.seating();
        let mut s = Strength::default();
        for e in seating.seats().filter(|&e| seating.are_enemies(seat, e)) {
            let o = self.strength[e.index()];
            s.mines += o.mines;
            s.top_rank = s.top_rank.max(o.top_rank);
            s.movers += o.movers;
        }
        s
    }

    /// Score of one seat's army alone: material, advancement, pressure on the enemy flags, the
    /// danger to its own.
    fn score_seat(&self, seat: Seat) -> i32 {
        let pos = self.pos;
        let terms = &P::TERMS;
        let board = pos.board();
        let seating = pos.seating();
        let face_down = pos.face_down();
        let mut enemy_flags = [None; 4];
        let mut n = 0;
        for e in seating.seats().filter(|&e| seating.are_enemies(seat, e)) {
            if let Some(f) = self.flags[e.index()] {
                enemy_flags[n] = Some(f);
                n += 1;
            }
        }
        let enemy_flags = &enemy_flags[..n];
        let own = self.strength[seat.index()];
        let enemy = if terms.live_values {
            self.enemies_strength(seat)
        } else {
            Strength::default()
        };
        let mut s = SEAT_IN;
        let mut movers = 0usize;
        let mut nearest = [u8::MAX; 4];
        for p in self.armies[seat.index()] & !face_down {
            let role = pos.at(p).and_then(|o| o.role);
            let v = match (role, terms.unknown) {
                (Some(r), _) => value(r, terms, &own, &enemy),
                (None, Some(u)) => u,
                (None, None) => continue,
            };
            let movable = role.is_none_or(|r| r.is_movable() && r != Role::Bomb);
            if self.style.hunt && role != Some(Role::Flag) && board.is_headquarters(p) {
                s += v * STUCK_PERCENT / 100;
                continue;
            }
            s += v;
            if self.style.hunt && role.is_none_or(|r| r.is_movable()) {
                movers += 1;
                for (i, f) in enemy_flags.iter().flatten().enumerate() {
                    nearest[i] = nearest[i].min(P::steps(p, *f));
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
                        s += terms.own_camp;
                    }
                }
                None => s += 6,
            }
            if board.is_rail(p) {
                s += 4;
            }
            if self.flag_terms {
                let near = enemy_flags
                    .iter()
                    .flatten()
                    .map(|&f| 9 - P::steps(p, f) as i32)
                    .max()
                    .unwrap_or(0)
                    .max(0);
                s += near * if role == Some(Role::Engineer) { 6 } else { 4 };
            }
        }
        if let Some(flag) = self.flags[seat.index()].filter(|_| self.flag_terms) {
            s -= self.flag_danger(seat, flag);
        }
        if self.style.hunt {
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

    /// Danger to `seat`'s flag on `flag`: enemy movers close to it, less the guards beside it.
    fn flag_danger(&self, seat: Seat, flag: P) -> i32 {
        let pos = self.pos;
        let terms = &P::TERMS;
        let seating = pos.seating();
        let face_down = pos.face_down();
        let mine = self.armies[seat.index()];
        let gates = pos.board().neighbours(flag);
        let guards = gates & mine;
        // Once the flag is shown every enemy knows where to go, so each enemy piece's next move
        // counts: one that takes the flag, or one that reaches a point next to it that `seat`
        // does not hold (a rail run crosses the board in one move, which step distance alone
        // does not see). Unknown identities move as engineers, the farthest runners.
        let shown = terms.watch_shown_flag && pos.flag_shown(seat);
        let open = gates & !mine;
        let mut danger = 0;
        for e in seating.seats().filter(|&e| seating.are_enemies(seat, e)) {
            let watch = shown && seating.is_in(e);
            for p in self.armies[e.index()] & !face_down {
                let role = pos.at(p).and_then(|o| o.role);
                if role.is_none() && terms.unknown.is_none() {
                    continue;
                }
                if !role.is_none_or(|r| r.is_movable()) {
                    continue;
                }
                let d = P::steps(p, flag) as i32;
                if d <= 4 {
                    danger += (5 - d) * terms.danger_step;
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
        danger -= guards.count() as i32 * if shown { GUARD_SHOWN } else { terms.guard };
        if terms.danger_floor {
            danger.max(0)
        } else {
            danger
        }
    }
}

/// Steps from a carrier on `at` to where its flag counts: one of its own seat's headquarters
/// (`carry_flag_front`: any point of its own area).
fn steps_home<P: Ground>(pos: &Position<P>, by: Seat, at: P) -> i32 {
    let board = pos.board();
    let front = pos.rules().rules.carry_flag_front;
    board
        .points()
        .filter(|&p| p.area() == Some(by) && (front || board.is_headquarters(p)))
        .map(|p| P::steps(at, p) as i32)
        .min()
        .unwrap_or(CARRY_FAR)
}

/// Static evaluation of `pos` for `team` (0 in 翻棋 before colours are given).
pub fn evaluate<P: Ground>(pos: &Position<P>, team: Team) -> i32 {
    evaluate_with(pos, team, Style::OPEN)
}

/// Static evaluation of `pos` for `team` in `style`.
pub fn evaluate_with<P: Ground>(pos: &Position<P>, team: Team, style: Style) -> i32 {
    if pos.mover().is_none() {
        return 0;
    }
    let seating = pos.seating();
    let mut scene = Scene {
        pos,
        style,
        flags: [None; 4],
        strength: [Strength::default(); 4],
        flag_terms: !pos.is_flip() || pos.face_down().count() < FACE_DOWN_EARLY,
        armies: [Set::EMPTY; 4],
    };
    for s in seating.seats() {
        scene.armies[s.index()] = army(pos, s);
    }
    for s in seating.seats().filter(|&s| seating.is_in(s)) {
        let army = scene.armies[s.index()];
        scene.flags[s.index()] = army
            .iter()
            .find(|&p| pos.at(p).is_some_and(|o| o.role == Some(Role::Flag)));
        if P::TERMS.live_values {
            scene.strength[s.index()] = strength(pos, army);
        }
    }
    let mut score = 0;
    for s in seating.seats().filter(|&s| seating.is_in(s)) {
        let v = scene.score_seat(s);
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
    // (the plies without an attack under `no_collision_31`, where that clock puts a seat out).
    let limit = pos.quiet_limit().max(1) as i32;
    let left = (limit - pos.quiet() as i32).max(0);
    score * (limit + left) / (2 * limit)
}

/// The static evaluation of a 2-player position for the side to move.
pub fn evaluate_facing(pos: &junqi_core::Position) -> i32 {
    let g = pos.engine();
    match g.mover() {
        Some(seat) => evaluate(g, g.seating().team(seat)),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Mode, Point};

    #[test]
    fn distances_are_symmetric_and_small() {
        for a in Point::all() {
            for b in Point::all() {
                assert_eq!(Point::steps(a, b), Point::steps(b, a));
                assert!(Point::steps(a, b) < 20);
            }
        }
        for a in junqi_core::siguo::Point::all() {
            for b in junqi_core::siguo::Point::all() {
                let (ab, ba) = (Ground::steps(a, b), Ground::steps(b, a));
                assert_eq!(ab, ba);
                assert!(ab < 30);
            }
        }
    }

    #[test]
    fn start_is_balanced_for_mirror_formations() {
        let d = junqi_core::Deployment::classic_1();
        let p = junqi_core::Position::from_deployments(Mode::Open, Default::default(), &d, &d)
            .expect("a position");
        assert_eq!(evaluate_facing(&p), 0);
    }
}
