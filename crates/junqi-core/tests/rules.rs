//! Exact outcomes of RULES.md §4–§8: movement corner cases, combat on the board, the end of
//! the game, the three modes and every variant switch.

use junqi_core::*;

fn pos(jfen: &str) -> Position {
    Position::from_jfen(jfen).unwrap()
}

fn with(jfen: &str, switch: &str) -> Position {
    let mut rules = Rules::default();
    *rules.switch_mut(switch).unwrap() = true;
    Position::from_jfen_with(jfen, None, rules).unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    p.legal_actions().iter().map(|a| a.to_string()).collect()
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// A JFEN from "a7:g a6:M ..." plus the trailing fields; the flags default to b12 and b1.
fn fen(pieces: &str, tail: &str) -> String {
    let mut p = Position::empty(Mode::Open, Rules::default());
    let mut flags = true;
    for item in pieces.split_whitespace() {
        if item == "noflags" {
            flags = false;
            continue;
        }
        let (at, ch) = item.split_once(':').unwrap();
        let occ = match ch {
            "?" => Occupant {
                color: None,
                role: None,
                face_down: true,
            },
            "X" => Occupant {
                color: Some(Seat::RED),
                role: None,
                face_down: false,
            },
            "x" => Occupant {
                color: Some(Seat::BLACK),
                role: None,
                face_down: false,
            },
            c => Occupant::known(Piece::from_char(c.chars().next().unwrap()).unwrap()),
        };
        p.put(pt(at), occ);
    }
    if flags {
        for (at, c) in [("b12", 'f'), ("b1", 'F')] {
            if p.at(pt(at)).is_none() {
                p.put(pt(at), Occupant::known(Piece::from_char(c).unwrap()));
            }
        }
    }
    format!("{} {tail}", p.board_fen())
}

#[test]
fn lone_engineer_and_marshal() {
    assert_eq!(
        pos("1f3/5/5/5/5/5/5/5/5/5/E4/1F3 r 0 1")
            .legal_actions()
            .len(),
        33
    );
    assert_eq!(
        pos("1f3/5/5/5/5/5/2M2/5/5/5/5/1F3 r 0 1")
            .legal_actions()
            .len(),
        8
    );
}

#[test]
fn non_engineers_run_straight_only() {
    // A colonel on a2 runs along row 2 and up column a, but cannot turn at a6 or e2.
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/R4/1F3 r 0 1");
    let m = moves(&p);
    assert!(m.contains(&"a2-e2".to_string()));
    assert!(m.contains(&"a2-a11".to_string()));
    assert!(!m.contains(&"a2-b6".to_string()));
    assert!(!m.contains(&"a2-e3".to_string()));
    assert!(m.contains(&"a2-b3".to_string()), "camp diagonal");
    assert!(m.contains(&"a2-a1".to_string()));
    // 4 along row 2, 9 up column a, a1 and the camp b3.
    assert_eq!(m.len(), 15);
}

#[test]
fn engineer_turns_but_not_through_pieces() {
    // A red piece on a6 blocks the engineer's way up column a; it goes round by row 2 and e.
    let p = pos("1f3/5/5/5/5/5/C4/5/5/5/E4/1F3 r 0 1");
    let m = moves(&p);
    assert!(m.contains(&"a2-a11".to_string()), "around by e and row 11");
    assert!(m.contains(&"a2-b6".to_string()));
    assert!(!m.contains(&"a2-a6".to_string()), "own piece");
    // An engineer attacks an enemy next to its path, and stops there.
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/E3e/1F3 r 0 1");
    let m = moves(&p);
    assert!(m.contains(&"a2-e2".to_string()));
    assert!(
        m.contains(&"a2-e3".to_string()),
        "the long way round, by a11 and e11"
    );
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/E3e/1F2e r 0 1");
    assert!(m.contains(&"a2-e11".to_string()));
    let _ = p;
}

#[test]
fn camps_are_safe_and_headquarters_lock() {
    // A black piece in camp c4 cannot be attacked; a red piece may enter an empty camp.
    let p = pos("1f3/5/5/5/5/5/5/5/2c2/2R2/5/1F3 r 0 1");
    assert!(!moves(&p).contains(&"c3-c4".to_string()));
    let p = pos("1f3/5/5/5/5/5/5/5/5/2R2/5/1F3 r 0 1");
    assert!(moves(&p).contains(&"c3-c4".to_string()));
    // Attacking out of a camp is allowed.
    let p = pos("1f3/5/5/5/5/5/5/2p2/2R2/5/5/1F3 r 0 1");
    assert!(moves(&p).contains(&"c4-c5".to_string()));
    // A piece in a headquarters never moves again.
    let p = pos("1f3/5/5/5/5/5/5/5/5/5/5/1F1M1 r 0 1");
    assert!(p.destinations_from(pt("d1")).is_empty());
    // ...unless hq_exit.
    let p = with("1f3/5/5/5/5/5/5/5/5/5/5/1F1M1 r 0 1", "hq_exit");
    assert_eq!(p.destinations_from(pt("d1")).count(), 3);
}

#[test]
fn combat_on_the_board() {
    // Marshal takes general and moves in.
    let mut p = pos("1f3/5/5/5/5/g4/M4/5/5/5/5/1F3 r 0 1");
    let r = p.play(act("a6-a7")).unwrap();
    assert_eq!(r.result, ActionResult::Win);
    assert_eq!(
        p.piece_at(pt("a7")),
        Some(Piece::new(Seat::RED, Role::Marshal))
    );
    assert_eq!(p.halfmoves(), 0);
    assert_eq!(p.ply(), 2);
    // Equal ranks: both removed.
    let mut p = pos("1f3/5/5/5/5/c4/C4/5/5/5/5/1F3 r 5 9");
    let r = p.play(act("a6-a7")).unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert_eq!(r.removed.len(), 2);
    // Officer on a landmine dies; engineer clears it; bomb takes anything with it.
    let mut p = pos("1f3/5/5/5/5/l4/D4/5/5/5/5/1F3 r 0 1");
    assert_eq!(p.play(act("a6-a7")).unwrap().result, ActionResult::Lose);
    assert!(p.piece_at(pt("a7")).is_some());
    let mut p = pos("1f3/5/5/5/5/l4/E4/5/5/5/5/1F3 r 0 1");
    assert_eq!(p.play(act("a6-a7")).unwrap().result, ActionResult::Win);
    let mut p = pos("1f3/5/5/5/5/m4/Z4/5/5/5/5/1F3 r 0 1");
    assert_eq!(p.play(act("a6-a7")).unwrap().result, ActionResult::Both);
    // Taking the flag wins.
    let mut p = pos("1fP2/5/5/5/5/5/5/5/5/5/5/1F3 r 0 1");
    let r = p.play(act("c12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Capture);
    assert_eq!(
        r.outcome,
        Some(Outcome::won_by(Seat::RED, ExitReason::FlagCaptured))
    );
    assert!(p.legal_actions().is_empty());
    assert_eq!(p.play(act("b1-c1")), Err(IllegalAction::GameOver));
}

#[test]
fn marshal_falling_shows_the_flag() {
    let red = Deployment::classic_1();
    let black = Deployment::classic_2();
    let mut p = Position::from_deployments(Mode::Dark, Rules::default(), &red, &black).unwrap();
    let black_flag = pt("d12");
    assert!(!p.identity_visible(black_flag, Some(Seat::RED)));
    // Put a red bomb next to the black marshal by editing the position.
    p.take(pt("c10"));
    p.put(
        pt("c10"),
        Occupant::known(Piece::new(Seat::RED, Role::Bomb)),
    );
    p.take(pt("c9"));
    let mut view_before = p.view(Some(Seat::RED));
    assert!(view_before.cells[black_flag.index()]
        .unwrap()
        .role
        .is_none());
    // Black's marshal stands on c11 in classic-2 (row 11 from e: E M G E L → e11 E, d11 M...).
    let marshal = p.pieces(Seat::BLACK, Role::Marshal).first().unwrap();
    p.take(pt("c10"));
    let next_to_marshal = Point::all()
        .find(|&q| p.board().neighbours(q).contains(marshal) && p.at(q).is_none())
        .unwrap();
    p.put(
        next_to_marshal,
        Occupant::known(Piece::new(Seat::RED, Role::Bomb)),
    );
    let r = p
        .play(Action::Move {
            from: next_to_marshal,
            to: marshal,
        })
        .unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert_eq!(
        r.revealed,
        vec![(black_flag, Piece::new(Seat::BLACK, Role::Flag))]
    );
    view_before = p.view(Some(Seat::RED));
    assert_eq!(
        view_before.cells[black_flag.index()].unwrap().role,
        Some(Role::Flag)
    );
}

/// 翻棋 with the pieces of "a11:m a10:Z …" written face down (`?`) in the JFEN given their
/// real identities, as the referee knows them.
fn flip_referee(jfen: &str, face_down: &[(&str, char)]) -> Position {
    let mut p = Position::from_jfen_with(jfen, Some(Mode::Flip), Rules::default()).unwrap();
    for (at, ch) in face_down {
        let piece = Piece::from_char(*ch).unwrap();
        assert!(p.at(pt(at)).unwrap().face_down, "{at}");
        p.put(
            pt(at),
            Occupant {
                color: Some(piece.color),
                role: Some(piece.role),
                face_down: true,
            },
        );
    }
    p
}

#[test]
fn flip_marshal_falling_turns_a_face_down_flag_face_up() {
    // Black's flag lies face down on b12 and a black mine on c12; Red's flag face down on b1.
    // A red bomb takes the black marshal: the black flag is turned face up for both players,
    // and only it.
    let mut p = flip_referee(
        "1??2/m4/Z4/5/5/5/5/5/5/5/5/1?3 r 0 9",
        &[("b12", 'f'), ("c12", 'l'), ("b1", 'F')],
    );
    let r = p.play(act("a10-a11")).unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert_eq!(
        r.removed,
        vec![
            (pt("a10"), Piece::new(Seat::RED, Role::Bomb)),
            (pt("a11"), Piece::new(Seat::BLACK, Role::Marshal)),
        ]
    );
    let flag = Piece::new(Seat::BLACK, Role::Flag);
    assert_eq!(r.revealed, vec![(pt("b12"), flag)]);
    assert_eq!(
        PublicEvent::from_report(9, &r).revealed,
        vec![(pt("b12"), flag)]
    );
    assert_eq!(p.at(pt("b12")), Some(Occupant::known(flag)));
    assert!(!p.face_down().contains(pt("b12")));
    assert!(p.face_down().contains(pt("c12")) && p.face_down().contains(pt("b1")));
    // Both players' boards show it, and nothing else that was face down.
    for viewer in [Some(Seat::RED), Some(Seat::BLACK), None] {
        let v = p.view(viewer);
        assert_eq!(v.cells[pt("b12").index()], Some(Occupant::known(flag)));
        assert_eq!(
            v.to_jfen(),
            "1f?2/5/5/5/5/5/5/5/5/5/5/1?3 b 0 10",
            "{viewer:?}"
        );
    }
    assert_eq!(p.turn(), Some(Seat::BLACK));
    assert_eq!(p.outcome(), None);
}

#[test]
fn flip_marshal_falling_with_the_flag_face_up_reveals_nothing_new() {
    // The black flag was flipped earlier: it is public already, the record adds nothing.
    let mut p = flip_referee(
        "1f?2/m4/Z4/5/5/5/5/5/5/5/5/1?3 r 0 9",
        &[("c12", 'l'), ("b1", 'F')],
    );
    let r = p.play(act("a10-a11")).unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert_eq!(r.revealed, vec![]);
    assert_eq!(
        p.at(pt("b12")),
        Some(Occupant::known(Piece::new(Seat::BLACK, Role::Flag)))
    );
    // The red marshal falling shows the red flag, face down until then, the same way.
    let mut p = flip_referee(
        "1f?2/5/5/5/z4/M4/5/5/5/5/5/1?3 b 0 9",
        &[("c12", 'l'), ("b1", 'F')],
    );
    let r = p.play(act("a8-a7")).unwrap();
    assert_eq!(
        r.revealed,
        vec![(pt("b1"), Piece::new(Seat::RED, Role::Flag))]
    );
    assert_eq!(
        p.view(Some(Seat::BLACK)).to_jfen(),
        "1f?2/5/5/5/5/5/5/5/5/5/5/1F3 r 0 10"
    );
}

#[test]
fn end_by_no_legal_move() {
    // Red's only movable piece is a general locked in a headquarters: after Black moves, Red
    // has no legal action and loses.
    let mut p = pos("1f1m1/5/5/5/5/5/5/5/5/5/5/1F1G1 b 0 2");
    let r = p.play(act("d12-c12")).err();
    assert_eq!(r, Some(IllegalAction::NotLegal(act("d12-c12"))));
    let mut p = pos("1f3/5/5/5/5/5/5/5/5/5/5/1F1G1 r 0 1");
    p.settle_outcome();
    assert_eq!(
        p.outcome(),
        Some(Outcome::won_by(Seat::BLACK, ExitReason::NoLegalMove))
    );
    let mut p = pos("1f1p1/5/5/5/5/5/5/5/5/5/5/1F1G1 b 0 2");
    let r = p.play(act("d12-e12"));
    // d12 is a headquarters: black's lieutenant is locked there too.
    assert!(r.is_err());
    let mut p = pos("1f2p/5/5/5/5/5/5/5/5/5/5/1F1G1 b 0 2");
    let r = p.play(act("e12-d12")).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::won_by(Seat::BLACK, ExitReason::NoLegalMove))
    );
}

#[test]
fn seventy_plies_without_removal_draw() {
    let mut p = pos("1fm2/5/5/5/5/5/5/5/5/5/5/1FM2 r 68 100");
    p.play(act("c1-c2")).unwrap();
    assert!(p.outcome().is_none());
    let mut p = pos("1fm2/5/5/5/5/5/5/5/5/5/5/1FM2 r 69 100");
    let r = p.play(act("c1-c2")).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::NoCapture
        })
    );
    // A JFEN already at the limit is over.
    assert!(pos("1fm2/5/5/5/5/5/5/5/5/5/5/1FM2 r 70 100")
        .legal_actions()
        .is_empty());
}

#[test]
fn no_collision_31_switch() {
    let mut p = with("1f2m/5/5/5/5/5/5/5/5/5/5/1FM2 r 30 100", "no_collision_31");
    let r = p.play(act("c1-c2")).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::won_by(Seat::RED, ExitReason::NoContact))
    );
}

#[test]
fn resignation_and_agreement() {
    let mut p = pos(CLASSIC_START);
    assert_eq!(p.resign(Seat::RED), Err(IllegalAction::ResignTooEarly));
    let mut p2 =
        pos("llbfb/legme/r1n1r/dz1zd/c1n1c/pepcp/DECPD/B1C1Z/ZN1RB/G1E1C/MENLP/RPLFL r 0 21");
    assert_eq!(
        p2.resign(Seat::RED),
        Ok(Outcome::won_by(Seat::BLACK, ExitReason::Resignation))
    );
    assert!(p.agree_draw().is_ok());
    assert!(p.legal_actions().is_empty());
}

#[test]
fn mines_explode_switch() {
    let mut p = with("1f3/5/5/5/5/l4/D4/5/5/5/5/1F3 r 0 1", "mines_explode");
    let r = p.play(act("a6-a7")).unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert!(p.at(pt("a7")).is_none());
}

#[test]
fn engineer_scouts_switch() {
    let rules = Rules {
        engineer_scouts: true,
        ..Rules::default()
    };
    let mut p = Position::from_jfen_with(
        "1f3/5/5/5/5/m4/E4/5/5/5/5/1F3 r 0 1",
        Some(Mode::Dark),
        rules,
    )
    .unwrap();
    let r = p.play(act("a6-a7")).unwrap();
    assert_eq!(r.result, ActionResult::Scout);
    assert_eq!(
        r.revealed,
        vec![(pt("a7"), Piece::new(Seat::BLACK, Role::Marshal))]
    );
    assert!(p.at(pt("a6")).is_none());
    assert!(p.identity_visible(pt("a7"), Some(Seat::RED)));
    // The scouted piece stays public when it moves.
    p.play(act("a7-a8")).unwrap();
    assert!(p.identity_visible(pt("a8"), Some(Seat::RED)));
    // Engineers still clear mines.
    let mut p = Position::from_jfen_with(
        "1f3/5/5/5/5/l4/E4/5/5/5/5/1F3 r 0 1",
        Some(Mode::Dark),
        rules,
    )
    .unwrap();
    assert_eq!(p.play(act("a6-a7")).unwrap().result, ActionResult::Win);
}

#[test]
fn flying_bomb_switch() {
    assert_eq!(
        pos("1f3/5/5/5/5/5/5/5/5/5/Z4/1F3 r 0 1")
            .legal_actions()
            .len(),
        15
    );
    assert_eq!(
        with("1f3/5/5/5/5/5/5/5/5/5/Z4/1F3 r 0 1", "flying_bomb")
            .legal_actions()
            .len(),
        33
    );
}

#[test]
fn bomb_cannot_take_flag_switch() {
    let jfen = "1fZ2/5/5/5/5/5/5/5/5/5/5/1F3 r 0 1";
    assert!(moves(&pos(jfen)).contains(&"c12-b12".to_string()));
    assert!(!moves(&with(jfen, "bomb_cannot_take_flag")).contains(&"c12-b12".to_string()));
    let mut p = pos(jfen);
    let r = p.play(act("c12-b12")).unwrap();
    assert_eq!(
        r.result,
        ActionResult::Capture,
        "a bombed flag counts as captured"
    );
    assert_eq!(r.outcome.and_then(Outcome::winning_seat), Some(Seat::RED));
}

#[test]
fn carry_flag_home_switch() {
    let jfen = fen("c12:R e5:m", "r 0 1");
    let mut p = with(&jfen, "carry_flag_home");
    let r = p.play(act("c12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Win, "taken, not yet won");
    assert!(p.outcome().is_none());
    // The carrier may leave the enemy headquarters and heads for its own empty one, d1.
    for (i, a) in [
        "e5-e4", "b12-a12", "e4-e5", "a12-a11", "e5-e4", "a11-a2", "e4-e5", "a2-d2", "e5-e4",
    ]
    .iter()
    .enumerate()
    {
        let r = p.play(act(a)).unwrap_or_else(|e| panic!("{i} {a}: {e}"));
        assert_eq!(r.outcome, None);
    }
    let r = p.play(act("d2-d1")).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::won_by(Seat::RED, ExitReason::FlagCaptured))
    );
    // A carrier that falls gives the flag back to where it was taken.
    let jfen = fen("c12:R c11:m a11:g e3:C", "r 0 1");
    let mut p = with(&jfen, "carry_flag_home");
    p.play(act("c12-b12")).unwrap();
    p.play(act("c11-c12")).unwrap();
    p.play(act("b12-a12")).unwrap();
    let r = p.play(act("a11-a12")).unwrap();
    assert_eq!(r.result, ActionResult::Win);
    assert_eq!(
        p.piece_at(pt("b12")),
        Some(Piece::new(Seat::BLACK, Role::Flag))
    );
    assert!(p.outcome().is_none());
}

#[test]
fn flip_mode_basics() {
    // Face-down pieces block and cannot be attacked; flips are actions.
    let p = pos("1f3/5/5/5/5/?4/M4/5/5/5/5/1F3 r 0 1");
    assert_eq!(p.mode(), Mode::Flip);
    let m = moves(&p);
    assert!(m.contains(&"a7".to_string()));
    assert!(!m.contains(&"a6-a7".to_string()));
    assert!(
        !m.iter().any(|s| s.starts_with("a6-a8")),
        "blocked by the face-down piece"
    );
    // A flag is capturable only once its colour's three mines are gone.
    let p = pos("1fP2/5/5/5/5/5/5/5/5/5/l4/1F3 r 0 1");
    assert_eq!(p.mode(), Mode::Open);
    assert!(moves(&p).contains(&"c12-b12".to_string()));
    let p = Position::from_jfen_with(
        "1fP2/5/5/5/5/5/5/5/5/5/l4/1F3 r 0 1",
        Some(Mode::Flip),
        Rules::default(),
    )
    .unwrap();
    assert!(!moves(&p).contains(&"c12-b12".to_string()));
    let p = Position::from_jfen_with(
        "1fP2/5/5/5/5/5/5/5/5/5/L4/1F3 r 0 1",
        Some(Mode::Flip),
        Rules::default(),
    )
    .unwrap();
    assert!(moves(&p).contains(&"c12-b12".to_string()));
}

#[test]
fn flip_game_assigns_colours_by_first_flip() {
    let mut p = Position::new_flip(Rules::default(), 7);
    assert_eq!(p.turn(), None);
    assert_eq!(p.legal_actions().len(), 50);
    assert!(p
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Flip(_))));
    let first = p.legal_actions()[0];
    let r = p.play(first).unwrap();
    let c = r.revealed[0].1.color;
    assert_eq!(r.assigned, Some(c));
    assert_eq!(r.by, Some(c));
    assert_eq!(p.turn(), Some(c.other_side()));
    assert_eq!(p.first_color(), Some(c));
    assert!(p
        .to_jfen()
        .contains(&format!(" {} 1 2", (c.other_side()).rb_char())));
}

#[test]
fn flip_first_engineer_switch() {
    let rules = Rules {
        flip_first_engineer: true,
        ..Rules::default()
    };
    let mut p = Position::new_flip(rules, 11);
    let mut plies = 0;
    while p.turn().is_none() {
        let a = p.legal_actions()[0];
        let r = p.play(a).unwrap();
        plies += 1;
        let piece = r.revealed[0].1;
        if let Some(c) = r.assigned {
            assert_eq!(piece.role, Role::Engineer);
            assert_eq!(c, piece.color);
            // Whoever flipped it (seat by ply parity) takes its colour.
            let first = if plies % 2 == 1 { c } else { c.other_side() };
            assert_eq!(p.first_color(), Some(first));
        } else {
            assert_ne!(piece.role, Role::Engineer);
        }
    }
}

#[test]
fn flip_two_same_switch() {
    let rules = Rules {
        flip_two_same: true,
        ..Rules::default()
    };
    for seed in 0..20 {
        let mut p = Position::new_flip(rules, seed);
        let mut last: [Option<Seat>; 2] = [None, None];
        let mut ply = 0usize;
        while p.turn().is_none() {
            let a = p.legal_actions()[0];
            let r = p.play(a).unwrap();
            let c = r.revealed[0].1.color;
            let seat = ply % 2;
            if last[seat] == Some(c) {
                assert_eq!(r.assigned, Some(c));
            } else {
                assert_eq!(r.assigned, None);
            }
            last[seat] = Some(c);
            ply += 1;
        }
    }
}

#[test]
fn flip_smallest_takes_flag_switch() {
    let rules = Rules {
        flip_smallest_takes_flag: true,
        ..Rules::default()
    };
    // No black mines left; red has a captain and an engineer: only the engineer may take it.
    let jfen = "1fC2/1E3/5/5/5/5/5/5/5/5/5/1F3 r 0 9";
    let p = Position::from_jfen_with(jfen, Some(Mode::Flip), rules).unwrap();
    let m = moves(&p);
    assert!(!m.contains(&"c12-b12".to_string()));
    assert!(m.contains(&"b11-b12".to_string()));
    let p = Position::from_jfen_with(jfen, Some(Mode::Flip), Rules::default()).unwrap();
    assert!(moves(&p).contains(&"c12-b12".to_string()));
}

#[test]
fn report_paths_follow_the_railway() {
    let mut p = pos("1f3/5/5/5/5/5/C4/5/5/5/E4/1F3 r 0 1");
    let r = p.play(act("a2-a11")).unwrap();
    let names: Vec<String> = r.path.iter().map(|p| p.to_string()).collect();
    assert_eq!(names.first().unwrap(), "a2");
    assert_eq!(names.last().unwrap(), "a11");
    // Every step of the path is a railway segment, and it avoids the piece on a6.
    for w in r.path.windows(2) {
        assert_eq!(Topology::standard().edge(w[0], w[1]), Some(EdgeKind::Rail));
    }
    assert!(!names.contains(&"a6".to_string()));
    let mut p = pos("1f3/5/5/5/5/5/5/5/5/5/R4/1F3 r 0 1");
    let r = p.play(act("a2-a6")).unwrap();
    assert_eq!(r.path.len(), 5);
}

#[test]
fn bad_jfen_is_refused_clearly() {
    for (bad, needle) in [
        ("", "empty"),
        ("5/5/5 r 0 1", "rows"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3", "side"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 x 0 1", "side"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F4 r 0 1", "more than 5"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F2 r 0 1", "not 5"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1FT2 r 0 1", "letter"),
        ("1f3/5/5/5/5/5/5/5/5/5/MM3/1F3 r 0 1", "marshal"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r a 1", "number"),
        ("1f3/5/5/5/5/5/5/5/5/5/5/1F3 r 0 0", "start at 1"),
    ] {
        let e = Position::from_jfen(bad).unwrap_err().to_string();
        assert!(
            e.to_lowercase().contains(&needle.to_lowercase()),
            "{bad:?}: {e}"
        );
        assert!(!e.contains('\n'));
    }
}

/// The 2-player game on the general core: Red and Black are seats 0 and 1 of a two-seat table,
/// the position carries the board the shared description generates, and its point sets are the
/// 4-player game's.
#[test]
fn two_player_positions_stand_on_the_general_core() {
    let p = Position::from_jfen(CLASSIC_START).unwrap();
    let seating = p.seating();
    assert_eq!(seating.count(), 2);
    assert_eq!(Seat::RED, Seat::S);
    assert_eq!(Seat::BLACK, Seat::E);
    assert!(seating.are_enemies(Seat::RED, Seat::BLACK));
    assert_eq!(p.next_after(Seat::RED), Seat::BLACK);
    assert_eq!(p.next_after(Seat::BLACK), Seat::RED);
    assert_eq!(p.opponent(Seat::BLACK), Seat::RED);
    assert!(std::ptr::eq(p.board(), Topology::standard()));
    assert_eq!(p.board().half("c6".parse().unwrap()), Seat::RED);
    assert_eq!(p.board().half("c7".parse().unwrap()), Seat::BLACK);
    // The board's sets hold up to 192 points; the 2-player board fills 60 of them.
    assert_eq!(Bitboard::FULL.count(), 60);
    assert_eq!(junqi_core::pointset::CAPACITY, 192);
    assert_eq!(p.occupied().count(), 50);
    assert_eq!(p.perft(3), 36_564);
}
