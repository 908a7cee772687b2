//! The key numbers of RULES-4P.md §0 and §3, checked against the generated board.

use super::*;
use crate::board::EdgeKind;
use crate::siguo::layout::Layout;

fn name(p: Point) -> String {
    p.to_string()
}

#[test]
fn key_numbers() {
    let b = Board::siguo();
    assert_eq!(Point::all().count(), 129);
    assert_eq!(b.rail().count(), 73);
    let roads = b
        .edges()
        .iter()
        .filter(|e| e.kind == EdgeKind::Road)
        .count();
    let rails = b
        .edges()
        .iter()
        .filter(|e| e.kind == EdgeKind::Rail)
        .count();
    let arcs = b.edges().iter().filter(|e| e.arc).count();
    assert_eq!(roads, 196);
    assert_eq!(rails, 92);
    assert_eq!(arcs, 4);
    assert_eq!(b.edges().len(), 288);
    assert_eq!(b.lines().len(), 18, "{:?}", b.lines());
    let mut lens: Vec<usize> = b.lines().iter().map(Vec::len).collect();
    lens.sort();
    assert_eq!(
        lens,
        [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 13, 13, 13, 13]
    );
}

#[test]
fn arcs_join_right_front_corner_to_the_next_left() {
    let b = Board::siguo();
    let mut arcs: Vec<String> = b
        .edges()
        .iter()
        .filter(|e| e.arc)
        .map(|e| format!("{}-{}", name(e.a), name(e.b)))
        .collect();
    arcs.sort();
    assert_eq!(arcs, ["Ee0-Na0", "Ne0-Wa0", "Sa0-We0", "Se0-Ea0"]);
}

#[test]
fn the_eighteen_lines() {
    let b = Board::siguo();
    let lines: Vec<String> = b
        .lines()
        .iter()
        .map(|l| l.iter().map(|p| name(*p)).collect::<Vec<_>>().join(" "))
        .collect();
    for want in [
        "Sa0 Sb0 Sc0 Sd0 Se0",
        "Sa4 Sb4 Sc4 Sd4 Se4",
        "Sa4 Sa3 Sa2 Sa1 Sa0 Csw Cw Cnw Ne0 Ne1 Ne2 Ne3 Ne4",
        "Se4 Se3 Se2 Se1 Se0 Ea0 Ea1 Ea2 Ea3 Ea4",
        "Sa4 Sa3 Sa2 Sa1 Sa0 We0 We1 We2 We3 We4",
        "Sc0 Cs Cc Cn Nc0",
        "Ec0 Ce Cc Cw Wc0",
        "Ea4 Ea3 Ea2 Ea1 Ea0 Cse Cs Csw We0 We1 We2 We3 We4",
    ] {
        let rev: Vec<&str> = want.split(' ').rev().collect();
        let rev = rev.join(" ");
        assert!(
            lines.contains(&want.to_string()) || lines.contains(&rev),
            "{want} missing from {lines:#?}"
        );
    }
}

#[test]
fn world_coordinates_of_rule_table() {
    let b = Board::siguo();
    let find = |n: &str| Point::all().find(|p| p.to_string() == n).unwrap();
    assert_eq!(b.world(find("Sa0")), (6, 11));
    assert_eq!(b.world(find("Ea0")), (11, 10));
    assert_eq!(b.world(find("Nc5")), (8, 0));
    assert_eq!(b.world(find("We2")), (3, 10));
    assert_eq!(b.world(find("Cne")), (10, 6));
}

/// The facing layout in the description's numbering is the 2-player board named `a1` … `e12`
/// (the one the 2-player game reads), link for link.
#[test]
fn the_facing_layout_is_the_two_player_board() {
    use crate::deployment::Slot;
    use crate::Seat;
    let b = Board::generate(Layout::Facing);
    let topo = crate::board::Topology::two_player();
    let to2 = |p: Point| -> crate::types::Point {
        let seat = p.area().unwrap();
        let (c, r) = p.local().unwrap();
        let colour = if seat.index() == 0 {
            Seat::RED
        } else {
            Seat::BLACK
        };
        Slot::new(r, c).unwrap().point(colour)
    };
    assert_eq!(b.points().count(), 60);
    for p in b.points() {
        assert_eq!(b.kind(p), topo.kind(to2(p)), "{p}");
        assert_eq!(b.is_rail(p), topo.is_rail(to2(p)), "{p}");
    }
    let mut mine: Vec<(usize, usize, EdgeKind)> = b
        .edges()
        .iter()
        .map(|e| {
            let (x, y) = (to2(e.a).index(), to2(e.b).index());
            (x.min(y), x.max(y), e.kind)
        })
        .collect();
    let mut theirs: Vec<(usize, usize, EdgeKind)> = topo
        .edges()
        .iter()
        .map(|e| {
            (
                e.a.index().min(e.b.index()),
                e.a.index().max(e.b.index()),
                e.kind,
            )
        })
        .collect();
    mine.sort_by_key(|e| (e.0, e.1));
    theirs.sort_by_key(|e| (e.0, e.1));
    assert_eq!(mine, theirs);
    let norm = |l: Vec<usize>| {
        let r: Vec<usize> = l.iter().rev().copied().collect();
        l.min(r)
    };
    let mut mine: Vec<Vec<usize>> = b
        .lines()
        .iter()
        .map(|l| norm(l.iter().map(|p| to2(*p).index()).collect()))
        .collect();
    let mut theirs: Vec<Vec<usize>> = topo
        .lines()
        .iter()
        .map(|l| norm(l.iter().map(|p| p.index()).collect()))
        .collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
    // Points of another board are answered, not a panic.
    let centre = Point::new(124).unwrap();
    assert!(!b.contains(centre));
    assert!(b.neighbours(centre).is_empty());
}

/// The 4-player rules code on the generated 2-player board, seated for two, reproduces
/// RULES.md §9's perft from the classic start: the new core can carry the 2-player game.
#[test]
fn the_two_player_game_on_the_generated_board() {
    use crate::deployment::Deployment;
    use crate::seat::Seat;
    use std::sync::Arc;
    let mut pos = Position::empty_on(Arc::new(Board::two_player()), SiguoRules::default());
    assert_eq!(pos.seating().count(), 2);
    pos.deploy(Seat::S, &Deployment::classic_1());
    pos.deploy(Seat::E, &Deployment::classic_2());
    assert_eq!(pos.occupied().count(), 50);
    let got: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(got, [34, 1158, 36564, 1151628]);
    // The same in the description's numbering (three-word point sets).
    let mut general = Position::empty_on(
        Arc::new(Board::generate(Layout::Facing)),
        SiguoRules::default(),
    );
    general.deploy(Seat::S, &Deployment::classic_1());
    general.deploy(Seat::E, &Deployment::classic_2());
    assert_eq!(general.perft(3), 36564);
    // A lone engineer on a2 (S's b4... its row 4, column a) with the two flags: 33 moves.
    let mut p = Position::empty_on(
        Arc::new(Board::generate(Layout::Facing)),
        SiguoRules::default(),
    );
    let at = |seat, c, r| Point::in_area(seat, c, r).unwrap();
    let piece = |seat, role| Occupant {
        seat,
        role: Some(role),
    };
    use crate::types::Role;
    p.put(at(Seat::S, 0, 4), piece(Seat::S, Role::Engineer));
    p.put(at(Seat::S, 1, 5), piece(Seat::S, Role::Flag));
    p.put(at(Seat::E, 3, 5), piece(Seat::E, Role::Flag));
    assert_eq!(p.legal_actions().len(), 33);
    // Points off this board are ignored.
    p.put(Point::new(124).unwrap(), piece(Seat::S, Role::Marshal));
    assert_eq!(p.occupied().count(), 3);
}
