//! RULES-4P.md's probe table and checksums.

use super::*;
use crate::deployment::Deployment;
use crate::seat::Seat;
use crate::types::Role;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// The destinations of a lone piece of the area's owner (S in the centre) on `from`.
fn lone(from: Point, role: Role) -> PointSet {
    let seat = from.area().unwrap_or(Seat::S);
    let mut pos = Position::empty(SiguoRules::default());
    pos.put(
        from,
        Occupant {
            seat,
            role: Some(role),
        },
    );
    pos.set_turn(seat);
    pos.destinations_from(from)
}

fn names(s: PointSet) -> Vec<String> {
    let mut v: Vec<String> = s.iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn expand(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn probe_table() {
    let cases = [
        ("Sa2", "Cnw Csw Cw Sa0 Sa1 Sa3 Sa4 Sb1 Sb2 Sb3 Ne0 Ne1 Ne2 Ne3 Ne4 We0 We1 We2 We3 We4"),
        ("Sa0", "Cnw Csw Cw Sa1 Sa2 Sa3 Sa4 Sb0 Sb1 Sc0 Sd0 Se0 Ne0 Ne1 Ne2 Ne3 Ne4 We0 We1 We2 We3 We4"),
        ("Csw", "Cnw Cs Cse Cw Sa0 Sa1 Sa2 Sa3 Sa4 Ea0 Ea1 Ea2 Ea3 Ea4 Ne0 Ne1 Ne2 Ne3 Ne4 We0 We1 We2 We3 We4"),
        ("Cc", "Cn Ce Cs Cw Sc0 Ec0 Nc0 Wc0"),
        ("Sc0", "Cc Cn Cs Sa0 Sb0 Sb1 Sc1 Sd0 Sd1 Se0 Nc0"),
    ];
    for (from, want) in cases {
        assert_eq!(
            names(lone(pt(from), Role::Marshal)),
            expand(want),
            "marshal {from}"
        );
    }
    let eng = lone(pt("Sa4"), Role::Engineer);
    assert_eq!(eng.count(), 74);
    assert!(eng.contains(pt("Sa5")) && eng.contains(pt("Sb3")));
}

#[test]
fn empty_board_checksums() {
    let marshal: u32 = Point::all().map(|p| lone(p, Role::Marshal).count()).sum();
    let engineer: u32 = Point::all().map(|p| lone(p, Role::Engineer).count()).sum();
    assert_eq!(marshal, 1392);
    assert_eq!(engineer, 5624);
}

/// Every seat deployed as RULES.md's classic-1 (or classic-2): 42 moves per seat. The issue
/// quotes 41 for "the example formation", which RULES-4P.md does not name; counted by hand
/// from the rules (17 from the front row, 5 + 10 + 5 from rows 1–3, 5 from row 4), classic-1
/// gives 42, two of them attacks across the arcs (`Sa0-We0`, `Se0-Ea0`).
#[test]
fn moves_per_seat_at_the_start() {
    for d in [Deployment::classic_1(), Deployment::classic_2()] {
        for seat in Seat::ALL {
            let mut pos = Position::start_all(SiguoRules::default(), &d);
            pos.set_turn(seat);
            assert_eq!(pos.legal_actions().len(), 42, "{d} seat {seat}");
        }
    }
    let pos = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    let moves: Vec<String> = pos.legal_actions().iter().map(|m| m.to_string()).collect();
    for m in [
        "Sa0-We0", "Sa0-Cnw", "Sc0-Cn", "Se0-Ea0", "Se0-Cne", "Sc4-Sd3",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.contains("Ne0") || m.contains("Nc0")));
}

#[test]
fn perft_from_the_start() {
    let start = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    let got: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(got, [42, 1779, 74881, 3151428]);
}
