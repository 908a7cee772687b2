//! 四国 notation: round trips of points, moves and position strings, and byte-level fuzzing of
//! the parsers (no panic; a clear error).

use junqi_core::siguo::{InfoMode, Point, Position, SiguoRules};
use junqi_core::Action;
use junqi_core::{Deployment, Seat};
use proptest::prelude::*;

#[test]
fn every_point_name_round_trips() {
    let mut names = std::collections::HashSet::new();
    for p in Point::all() {
        let name = p.to_string();
        assert_eq!(name.parse::<Point>(), Ok(p), "{name}");
        assert!(names.insert(name));
    }
    assert_eq!(names.len(), 129);
}

#[test]
fn the_rules_example_round_trips() {
    let text = "S Sa4=0E,Sb5=0F,Nd5=2F,Ea0=1X";
    let pos = Position::from_notation(text).unwrap();
    assert_eq!(pos.turn(), Seat::S);
    // Written back in board order.
    let back = pos.to_notation();
    assert_eq!(back, "S Sa4=0E,Sb5=0F,Ea0=1X,Nd5=2F");
    assert_eq!(Position::from_notation(&back).unwrap(), pos);
    let m: Action<Point> = "Sa4-Ea0".parse().unwrap();
    assert_eq!(m.to_string(), "Sa4-Ea0");
    assert!(pos.is_legal(m));
}

#[test]
fn the_start_round_trips() {
    let pos = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    let text = pos.to_notation();
    assert_eq!(text.matches('=').count(), 100);
    assert_eq!(Position::from_notation(&text).unwrap(), pos);
    for seat in Seat::ALL {
        assert_eq!(pos.deployment_of(seat), Deployment::classic_1());
        assert!(pos.setup_violations(seat).is_empty());
    }
}

#[test]
fn empty_boards_and_spacing() {
    let pos = Position::from_notation("E").unwrap();
    assert_eq!(pos.turn(), Seat::E);
    assert!(pos.legal_actions().is_empty());
    assert_eq!(pos.to_notation(), "E ");
    assert_eq!(Position::from_notation("E ").unwrap(), pos);
    let spaced = Position::from_notation(" N Sa4=0E, Cc=1M ").unwrap();
    assert_eq!(spaced.to_notation(), "N Sa4=0E,Cc=1M");
}

const PIECE: &str = "[0-3][MGDBRNCPEZLFX]";

fn point_strategy() -> impl Strategy<Value = Point> {
    (0usize..129).prop_map(|i| Point::new(i).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn positions_round_trip(
        turn in 0usize..4,
        items in proptest::collection::btree_map(point_strategy(), PIECE, 0..40),
    ) {
        let seat = Seat::new(turn).unwrap();
        let list: Vec<String> = items.iter().map(|(p, pc)| format!("{p}={pc}")).collect();
        let text = format!("{} {}", seat.letter(), list.join(","));
        let pos = Position::from_notation(&text).unwrap();
        prop_assert_eq!(pos.to_notation(), text.clone());
        let again = Position::from_notation(&pos.to_notation()).unwrap();
        prop_assert_eq!(again, pos.clone());
        // Every listed move is legal, names the mover's piece and parses back.
        for m in pos.legal_actions() {
            prop_assert_eq!(pos.at(m.from()).map(|o| o.seat), Some(seat));
            prop_assert_eq!(m.to_string().parse::<Action<Point>>(), Ok(m));
        }
    }

    /// A seat's moves computed from its own view, in every mode, equal the referee's.
    #[test]
    fn views_list_the_referees_moves(
        turn in 0usize..4,
        items in proptest::collection::btree_map(point_strategy(), "[0-3][MGDBRNCPEZLF]", 0..60),
    ) {
        let seat = Seat::new(turn).unwrap();
        let list: Vec<String> = items.iter().map(|(p, pc)| format!("{p}={pc}")).collect();
        let pos = Position::from_notation(&format!("{} {}", seat.letter(), list.join(","))).unwrap();
        let moves = pos.legal_actions();
        for mode in InfoMode::ALL {
            let view = pos.view(seat, mode);
            prop_assert_eq!(view.legal_actions(), moves.clone());
            for p in view.occupied() {
                let (Some(v), Some(t)) = (view.at(p), pos.at(p)) else {
                    return Err(TestCaseError::fail("a view moved a piece"));
                };
                prop_assert_eq!(v.seat, t.seat);
                prop_assert!(v.role.is_none() || v.role == t.role);
                if v.seat == seat {
                    prop_assert_eq!(v.role, t.role);
                }
            }
        }
    }

    #[test]
    fn position_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = Position::from_notation(&text) {
            prop_assert!(!e.to_string().is_empty());
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn near_miss_positions_never_panic(
        text in "[SENWC ]{0,2}([SENWCXx]{0,2}[a-f ]?[0-9nwse]{0,2}=?[0-9]?[A-Z]?,?){0,6}"
    ) {
        if let Err(e) = Position::from_notation(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn point_and_move_parsers_never_panic(text in "\\PC{0,12}") {
        let _ = text.parse::<Point>();
        if let Err(e) = text.parse::<Action<Point>>() {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
