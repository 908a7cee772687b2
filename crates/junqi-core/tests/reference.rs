//! An independent, deliberately naive move generator written from the text of RULES.md §2, §4
//! and §7 — coordinates and loops, no precomputed tables — compared with the core on thousands
//! of random positions of every kind.

mod common;

use common::{random_position, random_rules, Kind};
use junqi_core::{Action, Mode, Point, Position, Role, Rules, Seat};
use std::collections::BTreeSet;

type Cr = (i32, i32); // (column 0..5, row 1..=12)

fn pt(c: Cr) -> Point {
    Point::at(c.0 as u8, c.1 as u8).unwrap()
}

fn on_board(c: Cr) -> bool {
    (0..5).contains(&c.0) && (1..=12).contains(&c.1)
}

fn is_camp(c: Cr) -> bool {
    let r = if c.1 > 6 { 13 - c.1 } else { c.1 };
    ((r == 3 || r == 5) && (c.0 == 1 || c.0 == 3)) || (r == 4 && c.0 == 2)
}

fn is_hq(c: Cr) -> bool {
    (c.1 == 1 || c.1 == 12) && (c.0 == 1 || c.0 == 3)
}

fn rail_segment(a: Cr, b: Cr) -> bool {
    let (dc, dr) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    if dc == 1 && dr == 0 {
        return [2, 6, 7, 11].contains(&a.1);
    }
    if dc == 0 && dr == 1 {
        let (lo, hi) = (a.1.min(b.1), a.1.max(b.1));
        if a.0 == 0 || a.0 == 4 {
            return lo >= 2 && hi <= 11;
        }
        if a.0 == 2 {
            return lo == 6 && hi == 7;
        }
    }
    false
}

fn road(a: Cr, b: Cr) -> bool {
    let (dc, dr) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    if dc + dr == 1 {
        let crosses = a.1.min(b.1) == 6 && a.1.max(b.1) == 7;
        return !crosses || a.0 % 2 == 0;
    }
    dc == 1 && dr == 1 && (is_camp(a) || is_camp(b))
}

fn on_rail(c: Cr) -> bool {
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .any(|d| rail_segment(c, (c.0 + d.0, c.1 + d.1)))
}

fn neighbours(c: Cr) -> Vec<Cr> {
    let mut v = Vec::new();
    for dc in -1..=1 {
        for dr in -1..=1 {
            let n = (c.0 + dc, c.1 + dr);
            if (dc, dr) != (0, 0) && on_board(n) && road(c, n) {
                v.push(n);
            }
        }
    }
    v
}

/// The reference list of legal actions.
fn reference_actions(pos: &Position) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if pos.outcome().is_some() {
        return out;
    }
    let rules = *pos.rules();
    let all: Vec<Cr> = (1..=12).flat_map(|r| (0..5).map(move |c| (c, r))).collect();
    for &c in &all {
        if pos.at(pt(c)).is_some_and(|o| o.face_down) {
            out.insert(pt(c).to_string());
        }
    }
    let Some(us) = pos.turn() else { return out };
    let occupied = |c: Cr| pos.at(pt(c)).is_some();
    let may_attack = |role: Role, c: Cr| -> bool {
        let Some(o) = pos.at(pt(c)) else { return false };
        if o.face_down || o.color != Some(us.other_side()) || is_camp(c) {
            return false;
        }
        if o.role == Some(Role::Flag) {
            if rules.bomb_cannot_take_flag && role == Role::Bomb {
                return false;
            }
            if pos.mode() == Mode::Flip {
                let mines_left = all.iter().any(|&q| {
                    pos.at(pt(q)).is_some_and(|o| {
                        o.color == Some(us.other_side()) && o.role == Some(Role::Landmine)
                    })
                });
                if mines_left {
                    return false;
                }
                if rules.flip_smallest_takes_flag {
                    let smallest = all
                        .iter()
                        .filter_map(|&q| pos.at(pt(q)))
                        .filter(|o| o.color == Some(us) && !o.face_down)
                        .filter_map(|o| o.role.and_then(|r| r.rank()))
                        .min();
                    if role.rank().is_none() || role.rank() != smallest {
                        return false;
                    }
                }
            }
        }
        true
    };
    for &from in &all {
        let Some(o) = pos.at(pt(from)) else { continue };
        if o.face_down || o.color != Some(us) {
            continue;
        }
        let Some(role) = o.role else { continue };
        if role == Role::Flag || role == Role::Landmine {
            continue;
        }
        if is_hq(from) && !rules.hq_exit {
            continue;
        }
        let mut dests: BTreeSet<Cr> = BTreeSet::new();
        for n in neighbours(from) {
            if !occupied(n) || may_attack(role, n) {
                dests.insert(n);
            }
        }
        if on_rail(from) {
            let engineer_like = role == Role::Engineer || (role == Role::Bomb && rules.flying_bomb);
            if engineer_like {
                let mut seen = BTreeSet::from([from]);
                let mut stack = vec![from];
                while let Some(c) = stack.pop() {
                    for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let n = (c.0 + d.0, c.1 + d.1);
                        if !on_board(n) || !rail_segment(c, n) || seen.contains(&n) {
                            continue;
                        }
                        if !occupied(n) {
                            seen.insert(n);
                            dests.insert(n);
                            stack.push(n);
                        } else if may_attack(role, n) {
                            dests.insert(n);
                        }
                    }
                }
            } else {
                // Straight runs; `rail_three_steps`: at most three points; `rail_one_turn`: one
                // right-angle turn at an empty point on the way.
                let max = if rules.rail_three_steps { 3 } else { 99 };
                let run = |start: Cr, d: Cr, steps: usize, dests: &mut BTreeSet<Cr>| {
                    let mut ends = Vec::new();
                    let mut c = start;
                    let mut k = steps;
                    loop {
                        let n = (c.0 + d.0, c.1 + d.1);
                        if k >= max || !on_board(n) || !rail_segment(c, n) {
                            break;
                        }
                        k += 1;
                        if !occupied(n) {
                            dests.insert(n);
                            ends.push((n, k));
                            c = n;
                            continue;
                        }
                        if may_attack(role, n) {
                            dests.insert(n);
                        }
                        break;
                    }
                    ends
                };
                for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let ends = run(from, d, 0, &mut dests);
                    if rules.rail_one_turn {
                        for (c, k) in ends {
                            for d2 in [(d.1, d.0), (-d.1, -d.0)] {
                                run(c, d2, k, &mut dests);
                            }
                        }
                    }
                }
            }
        }
        if rules.no_enemy_camps {
            dests.retain(|&c| !(is_camp(c) && (c.1 > 6) == (us == Seat::RED)));
        }
        for d in dests {
            out.insert(format!("{}-{}", pt(from), pt(d)));
        }
    }
    out
}

fn core_actions(pos: &Position) -> BTreeSet<String> {
    pos.legal_actions().iter().map(Action::to_string).collect()
}

fn compare(kind: Kind, seeds: std::ops::Range<u64>, vary_rules: bool) {
    for seed in seeds {
        let rules = if vary_rules {
            random_rules(seed)
        } else {
            Rules::default()
        };
        let pos = random_position(seed, kind, rules);
        let want = reference_actions(&pos);
        let got = core_actions(&pos);
        assert_eq!(
            got,
            want,
            "seed {seed} {kind:?} rules {rules:?}\n{}",
            pos.to_jfen()
        );
        assert_eq!(pos.count_actions(), got.len());
    }
}

#[test]
fn open_positions_match_reference() {
    let kind = Kind {
        unknown_enemies: false,
        face_down: false,
    };
    compare(kind, 0..3000, false);
    compare(kind, 3000..5000, true);
}

#[test]
fn unknown_enemy_positions_match_reference() {
    let kind = Kind {
        unknown_enemies: true,
        face_down: false,
    };
    compare(kind, 10_000..12_000, false);
    compare(kind, 12_000..13_000, true);
}

#[test]
fn face_down_positions_match_reference() {
    let kind = Kind {
        unknown_enemies: false,
        face_down: true,
    };
    compare(kind, 20_000..22_000, false);
    compare(kind, 22_000..23_000, true);
}

#[test]
fn games_played_out_match_reference() {
    // Positions reached in real play, not only scattered ones.
    for seed in 0..40u64 {
        let red = junqi_core::Deployment::random(seed);
        let black = junqi_core::Deployment::random(seed + 1000);
        let rules = random_rules(seed);
        let mut pos = Position::from_deployments(Mode::Open, rules, &red, &black).unwrap();
        let mut rng = junqi_core::SplitMix64::new(seed);
        for _ in 0..150 {
            let acts = pos.legal_actions();
            assert_eq!(
                core_actions(&pos),
                reference_actions(&pos),
                "{}",
                pos.to_jfen()
            );
            if acts.is_empty() {
                break;
            }
            let a = acts[rng.below(acts.len() as u64) as usize];
            pos.play(a).unwrap();
        }
        let _ = Seat::RED;
    }
}
