//! Exact outcomes of the rule switches taken from the players' rule sheets
//! (docs/rules-variants.md): movement, contacts, setup, the end of the game, records.

use junqi_core::*;

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn rules(items: &[&str]) -> Rules {
    let mut r = Rules::default();
    for item in items {
        r.set_from_text(item).unwrap();
    }
    r
}

/// A position from "a7:g a6:M ..." (flags at b12 and b1 unless placed), in `mode`.
fn position(pieces: &str, turn: &str, mode: Mode, r: Rules) -> Position {
    let mut p = Position::empty(Mode::Open, Rules::default());
    for item in pieces.split_whitespace() {
        let (at, ch) = item.split_once(':').unwrap();
        p.put(
            pt(at),
            Occupant::known(Piece::from_char(ch.chars().next().unwrap()).unwrap()),
        );
    }
    if p.pieces(Seat::BLACK, Role::Flag).is_empty() {
        p.put(
            pt("b12"),
            Occupant::known(Piece::new(Seat::BLACK, Role::Flag)),
        );
    }
    if p.pieces(Seat::RED, Role::Flag).is_empty() {
        p.put(pt("b1"), Occupant::known(Piece::new(Seat::RED, Role::Flag)));
    }
    let text = format!("{} {turn} 0 1", p.board_fen());
    Position::from_jfen_with(&text, Some(mode), r).unwrap()
}

fn open(pieces: &str, turn: &str, r: Rules) -> Position {
    position(pieces, turn, Mode::Open, r)
}

fn dests(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .destinations_from(pt(from))
        .into_iter()
        .map(|q| q.to_string())
        .collect();
    v.sort();
    v
}

fn flag(c: Seat) -> Option<Piece> {
    Some(Piece::new(c, Role::Flag))
}

// ---------------------------------------------------------------- carrying the flag

#[test]
fn carrier_beaten_on_the_headquarters_gives_the_flag_back_and_the_winner_stays() {
    let mut p = open("c12:R a12:g e5:m e3:C", "r", rules(&["carry_flag_home"]));
    let r = p.play(act("c12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Win, "taken, not yet won");
    assert_eq!(
        p.at(pt("b12")).and_then(|o| o.piece()),
        Some(Piece::new(Seat::RED, Role::Colonel))
    );
    let r = p.play(act("a12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Win);
    assert_eq!(
        r.removed,
        vec![(pt("b12"), Piece::new(Seat::RED, Role::Colonel))]
    );
    assert_eq!(
        r.revealed,
        vec![(pt("b12"), Piece::new(Seat::BLACK, Role::Flag))]
    );
    assert_eq!(r.path, vec![pt("a12")], "the general did not move in");
    assert_eq!(p.piece_at(pt("b12")), flag(Seat::BLACK), "the flag is back");
    assert_eq!(
        p.piece_at(pt("a12")),
        Some(Piece::new(Seat::BLACK, Role::General))
    );
    assert_eq!(p.outcome(), None);
    assert_eq!(p.turn(), Some(Seat::RED));
}

#[test]
fn carrier_and_defender_both_removed_on_the_headquarters() {
    let mut p = open("c12:R a12:r e5:m e3:C", "r", rules(&["carry_flag_home"]));
    p.play(act("c12-b12")).unwrap();
    let r = p.play(act("a12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Both);
    assert_eq!(p.piece_at(pt("b12")), flag(Seat::BLACK));
    assert_eq!(p.at(pt("a12")), None);
    assert_eq!(p.outcome(), None);
}

#[test]
fn the_point_where_the_flag_was_taken_stays_free_while_it_is_carried() {
    let mut p = open("c12:R a12:g e5:m e3:C", "r", rules(&["carry_flag_home"]));
    p.play(act("c12-b12")).unwrap();
    p.play(act("e5-e4")).unwrap();
    p.play(act("b12-c12")).unwrap();
    // b12 is empty but kept for the flag: the general may not stop there.
    assert!(!dests(&p, "a12").contains(&"b12".to_string()));
    assert_eq!(dests(&p, "a12"), vec!["a11"]);
    // The carrier dies elsewhere: the flag goes back to b12, the game goes on.
    let mut q = open("c12:R c10:g e5:m e3:C", "r", rules(&["carry_flag_home"]));
    q.play(act("c12-b12")).unwrap();
    q.play(act("e5-e4")).unwrap();
    q.play(act("b12-c12")).unwrap();
    q.play(act("c10-c11")).unwrap();
    let mut q2 = q.clone();
    let r = q2.play(act("c12-c11")).unwrap();
    assert_eq!(
        r.result,
        ActionResult::Lose,
        "the carrier attacks the general and dies"
    );
    assert_eq!(q2.piece_at(pt("b12")), flag(Seat::BLACK));
    assert_eq!(q2.outcome(), None);
    q.play(act("e3-e2")).unwrap();
    let r = q.play(act("c11-c12")).unwrap();
    assert_eq!(r.result, ActionResult::Win);
    assert_eq!(
        r.revealed,
        vec![(pt("b12"), Piece::new(Seat::BLACK, Role::Flag))]
    );
    assert_eq!(q.piece_at(pt("b12")), flag(Seat::BLACK));
    assert_eq!(
        q.piece_at(pt("c12")),
        Some(Piece::new(Seat::BLACK, Role::General))
    );
    assert_eq!(q.outcome(), None, "the carrier's side does not win");
}

#[test]
fn a_bombed_flag_counts_at_once_even_when_carried_home() {
    let mut p = open("c12:Z e5:m", "r", rules(&["carry_flag_home"]));
    let r = p.play(act("c12-b12")).unwrap();
    assert_eq!(r.result, ActionResult::Capture);
    assert_eq!(r.outcome.and_then(Outcome::winning_seat), Some(Seat::RED));
}

#[test]
fn carry_flag_front_wins_once_the_carrier_crosses_the_front() {
    for r in [
        rules(&["carry_flag_front"]),
        rules(&["carry_flag_front", "carry_flag_home"]),
    ] {
        let mut p = open("c12:R e5:m", "r", r);
        assert_eq!(p.play(act("c12-b12")).unwrap().result, ActionResult::Win);
        for a in [
            "e5-e4", "b12-a12", "e4-e5", "a12-a11", "e5-e4", "a11-a7", "e4-e5",
        ] {
            assert_eq!(p.play(act(a)).unwrap().outcome, None, "{a}");
        }
        let rep = p.play(act("a7-a6")).unwrap();
        assert_eq!(
            rep.outcome,
            Some(Outcome::won_by(Seat::RED, ExitReason::FlagCaptured))
        );
    }
}

// ---------------------------------------------------------------- scouting

#[test]
fn a_scouting_engineer_still_clears_mines_and_takes_the_flag() {
    let r = rules(&["engineer_scouts"]);
    let mut p = position("a11:E c7:E c8:g a7:l", "r", Mode::Dark, r);
    let rep = p.play(act("c7-c8")).unwrap();
    assert_eq!(rep.result, ActionResult::Scout, "an officer is scouted");
    assert_eq!(
        rep.revealed,
        vec![(pt("c8"), Piece::new(Seat::BLACK, Role::General))]
    );
    assert_eq!(p.at(pt("c7")), None, "the engineer is spent");
    let mut p = position("a11:E a6:E b10:g a7:l", "r", Mode::Dark, r);
    let rep = p.play(act("a6-a7")).unwrap();
    assert_eq!(rep.result, ActionResult::Win, "a landmine is cleared");
    p.play(act("b10-c10")).unwrap();
    let rep = p.play(act("a11-a12")).unwrap();
    assert_eq!(rep.result, ActionResult::Move);
    p.play(act("c10-b10")).unwrap();
    let rep = p.play(act("a12-b12")).unwrap();
    assert_eq!(rep.result, ActionResult::Capture, "the flag is taken");
    assert_eq!(rep.outcome.and_then(Outcome::winning_seat), Some(Seat::RED));
    assert_eq!(
        contact(Role::Engineer, Role::Flag, Mode::Dark, &r),
        Clash::Win
    );
    assert_eq!(
        contact(Role::Engineer, Role::Landmine, Mode::Dark, &r),
        Clash::Win
    );
    assert_eq!(
        contact(Role::Engineer, Role::Bomb, Mode::Dark, &r),
        Clash::Scout
    );
}

// ---------------------------------------------------------------- railways

#[test]
fn rail_one_turn_lets_any_piece_turn_once() {
    let r = rules(&["rail_one_turn"]);
    let plain = open("c6:M", "r", Rules::default());
    assert_eq!(plain.legal_actions().len(), 8);
    let p = open("c6:M", "r", r);
    // 8 as before, the rest of columns a and e (9 each) and b7, d7 through c7.
    assert_eq!(p.legal_actions().len(), 28);
    for d in ["a2", "a11", "e2", "e11", "b7", "d7"] {
        assert!(dests(&p, "c6").contains(&d.to_string()), "{d}");
    }
    assert!(!dests(&p, "c6").contains(&"b11".to_string()), "two turns");
    assert_eq!(
        p.engine().path(Action::Move {
            from: pt("c6"),
            to: pt("a9")
        }),
        ["c6", "b6", "a6", "a7", "a8", "a9"].map(pt).to_vec()
    );
    // A turn happens only at an empty point, and the run may end in an attack after it.
    let p = open("c6:M a8:g b6:C", "r", r);
    assert!(dests(&p, "c6").contains(&"b7".to_string()));
    let q = open("c6:M b6:C e9:g", "r", r);
    assert!(
        dests(&q, "c6").contains(&"e9".to_string()),
        "attack after the turn at e6"
    );
    assert!(
        !dests(&q, "c6").contains(&"e10".to_string()),
        "not past the general"
    );
    assert!(
        !dests(&q, "c6").contains(&"a5".to_string()),
        "b6 blocks the way to a6"
    );
    // Engineers are unchanged: 33 from a2 on an empty board.
    assert_eq!(open("a2:E", "r", r).legal_actions().len(), 33);
}

#[test]
fn rail_three_steps_limits_runs_to_three_points() {
    let r = rules(&["rail_three_steps"]);
    let p = open("a2:M", "r", r);
    assert_eq!(
        dests(&p, "a2"),
        vec!["a1", "a3", "a4", "a5", "b2", "b3", "c2", "d2"]
    );
    let p = open("a2:M a5:g", "r", r);
    assert!(
        dests(&p, "a2").contains(&"a5".to_string()),
        "the third point may be an attack"
    );
    let p = open("a2:M a6:g", "r", r);
    assert!(!dests(&p, "a2").contains(&"a6".to_string()));
    assert_eq!(
        open("a2:E", "r", r).legal_actions().len(),
        33,
        "engineers unchanged"
    );
    // Both switches: one turn, three points in all.
    let both = rules(&["rail_one_turn", "rail_three_steps"]);
    let p = open("c6:M", "r", both);
    assert_eq!(p.legal_actions().len(), 14);
    assert_eq!(
        dests(&p, "c6"),
        vec!["a5", "a6", "a7", "b5", "b6", "b7", "c5", "c7", "d5", "d6", "d7", "e5", "e6", "e7"]
    );
}

// ---------------------------------------------------------------- camps

#[test]
fn no_enemy_camps_keeps_pieces_out_of_the_enemys_camps() {
    let p = open("b7:C c5:C", "r", Rules::default());
    assert!(dests(&p, "b7").contains(&"b8".to_string()));
    let p = open("b7:C c5:C", "r", rules(&["no_enemy_camps"]));
    assert_eq!(dests(&p, "b7"), vec!["a7", "c7", "d7", "e7"]);
    assert_eq!(
        dests(&p, "c5"),
        vec!["b5", "c4", "c6", "d5"],
        "own camps are open"
    );
    let p = open("b4:C c9:c", "b", rules(&["no_enemy_camps"]));
    assert_eq!(
        dests(&p, "c9"),
        vec!["b10", "b8", "b9", "c10", "c8", "d10", "d8", "d9"],
        "its own camp: every way out"
    );
    assert!(!dests(
        &open("b4:C c9:c c5:c", "b", rules(&["no_enemy_camps"])),
        "c5"
    )
    .contains(&"c4".to_string()));
}

// ---------------------------------------------------------------- mines

#[test]
fn mines_bounce_sends_the_attacker_back() {
    let r = rules(&["mines_bounce"]);
    let mut p = open("c5:C c6:l e5:m", "r", r);
    let rep = p.play(act("c5-c6")).unwrap();
    assert_eq!(rep.result, ActionResult::Bounce);
    assert!(rep.removed.is_empty());
    assert_eq!(
        rep.revealed,
        vec![(pt("c6"), Piece::new(Seat::BLACK, Role::Landmine))]
    );
    assert_eq!(
        p.piece_at(pt("c5")),
        Some(Piece::new(Seat::RED, Role::Captain))
    );
    assert_eq!(
        p.piece_at(pt("c6")),
        Some(Piece::new(Seat::BLACK, Role::Landmine))
    );
    assert_eq!(p.halfmoves(), 1, "nothing was removed");
    assert_eq!(p.turn(), Some(Seat::BLACK));
    assert_eq!(
        contact(Role::Marshal, Role::Landmine, Mode::Open, &r),
        Clash::Bounce
    );
    assert_eq!(
        contact(Role::Engineer, Role::Landmine, Mode::Open, &r),
        Clash::Win
    );
    assert_eq!(
        contact(Role::Bomb, Role::Landmine, Mode::Open, &r),
        Clash::Both
    );
    assert_eq!(
        contact(Role::Marshal, Role::General, Mode::Open, &r),
        Clash::Win
    );
    // Under no_collision_31 a bounce is an attack and resets the count.
    let mut p = open(
        "c5:C c6:l e5:m",
        "r",
        rules(&["mines_bounce", "no_collision_31"]),
    );
    p.play(act("c5-c6")).unwrap();
    assert_eq!(p.halfmoves(), 0);
}

#[test]
fn marshal_survives_mine_bounces_only_the_marshal() {
    let r = rules(&["marshal_survives_mine"]);
    assert_eq!(
        contact(Role::Marshal, Role::Landmine, Mode::Open, &r),
        Clash::Bounce
    );
    assert_eq!(
        contact(Role::General, Role::Landmine, Mode::Open, &r),
        Clash::Lose
    );
    let with_explode = rules(&["marshal_survives_mine", "mines_explode"]);
    assert_eq!(
        contact(Role::Marshal, Role::Landmine, Mode::Open, &with_explode),
        Clash::Bounce
    );
    assert_eq!(
        contact(Role::General, Role::Landmine, Mode::Open, &with_explode),
        Clash::Both
    );
    let mut p = open("c5:M c6:l e5:m", "r", r);
    let rep = p.play(act("c5-c6")).unwrap();
    assert_eq!(rep.result, ActionResult::Bounce);
    assert_eq!(
        p.piece_at(pt("c5")),
        Some(Piece::new(Seat::RED, Role::Marshal))
    );
}

#[test]
fn mines_explode_and_mines_bounce_exclude_each_other() {
    let r = rules(&["mines_explode", "mines_bounce"]);
    assert_eq!(
        r.validate(),
        Err(rules::RulesConflict("mines_explode", "mines_bounce"))
    );
    let e = Game::new(
        Mode::Open,
        r,
        Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the rule switches 'mines_explode' and 'mines_bounce' cannot both be on"
    );
}

// ---------------------------------------------------------------- setup

#[test]
fn bombs_front_row_allows_bombs_in_the_front_row() {
    let d: Deployment = "ZECPD/BCD/ZNRB/GEC/MENLP/RPLFL".parse().unwrap();
    assert_eq!(
        d.violations()
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>(),
        vec!["bomb-in-front-row a6"]
    );
    assert!(d.is_valid_with(&rules(&["bombs_front_row"])));
    assert!(
        Deployment::allowed_slots_with(Role::Bomb, &rules(&["bombs_front_row"])).len()
            > Deployment::allowed_slots(Role::Bomb).len()
    );
}

#[test]
fn mines_around_flag_needs_every_point_next_to_the_flag_mined() {
    let r = rules(&["mines_around_flag"]);
    // classic-1 has its flag on d1 and landmines on c1, e1 and d2.
    assert!(Deployment::classic_1().is_valid_with(&r));
    let c2 = Deployment::classic_2();
    let v: Vec<String> = c2
        .violations_with(&r)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(
        v,
        vec![
            "mine-not-around-flag b2",
            "mine-not-around-flag a1",
            "mine-not-around-flag c1"
        ]
    );
    let fitted = c2.fitted(&r);
    assert!(fitted.is_valid_with(&r), "{fitted}");
    assert!(fitted.is_valid());
    assert_eq!(Deployment::classic_1().fitted(&r), Deployment::classic_1());
    assert_eq!(c2.fitted(&Rules::default()), c2);
    let c3 = Deployment::classic_3();
    assert_eq!(c3.violations_with(&r).len(), 1);
    let slots: Vec<String> = Deployment::around(Slot::of_point(pt("b1"), Seat::RED).unwrap())
        .iter()
        .map(|s| s.point(Seat::RED).to_string())
        .collect();
    assert_eq!(slots, vec!["a1", "c1", "b2"]);
    let game = Game::new(
        Mode::Open,
        r,
        Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
    );
    assert!(matches!(
        game,
        Err(SetupError::Invalid {
            color: Seat::BLACK,
            ..
        })
    ));
}

#[test]
fn the_second_classic_formation_of_the_sheets_is_valid() {
    assert_eq!(deployment::CLASSIC_3, "CBMER/DZG/RPCE/PNN/LLCDZ/LFBPE");
    let d = Deployment::classic_3();
    assert_eq!(d.violations(), vec![]);
    assert_eq!(d.to_string(), deployment::CLASSIC_3);
}

// ---------------------------------------------------------------- the end of the game

#[test]
fn both_sides_without_a_move_is_a_draw_under_no_move_draw() {
    let start = "a7:P a8:p";
    let mut p = open(start, "r", Rules::default());
    let rep = p.play(act("a7-a8")).unwrap();
    assert_eq!(rep.result, ActionResult::Both);
    assert_eq!(
        p.outcome(),
        Some(Outcome::won_by(Seat::RED, ExitReason::NoLegalMove))
    );
    let mut p = open(start, "r", rules(&["no_move_draw"]));
    p.play(act("a7-a8")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MutualWipeOut
        })
    );
    // Only the side to move stuck: it still loses.
    let mut p = open("a7:P a8:p e3:C", "r", rules(&["no_move_draw"]));
    p.play(act("a7-a8")).unwrap();
    assert_eq!(p.outcome().and_then(Outcome::winning_seat), Some(Seat::RED));
}

/// Each side's lieutenant is shut in a corner by its own flag and landmines.
const SHUT_IN: &str = "a1:P b1:F b2:L a3:L b3:L e12:p d12:f d11:l e10:l d10:l";

#[test]
fn a_dead_position_is_drawn_under_dead_position_draw() {
    let mut p = open(SHUT_IN, "r", Rules::default());
    p.play(act("a1-a2")).unwrap();
    assert_eq!(p.outcome(), None);
    let mut p = open(SHUT_IN, "r", rules(&["dead_position_draw"]));
    p.play(act("a1-a2")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
    assert_eq!(
        p.outcome().unwrap().describe(&p.seating()),
        "draw (neither side can win any more)"
    );
    // Not dead: a red engineer free on the board can reach the black flag.
    let mut p = open(
        &format!("{SHUT_IN} c6:E"),
        "r",
        rules(&["dead_position_draw"]),
    );
    p.play(act("a1-a2")).unwrap();
    assert_eq!(p.outcome(), None);
    // Not dead: the black lieutenant can reach an empty headquarters (e11-e12 free, d12 empty).
    let open_hq = "a1:P b1:F b2:L a3:L b3:L e11:p b12:f d11:l e10:l d10:l";
    let mut p = open(open_hq, "r", rules(&["dead_position_draw"]));
    p.play(act("a1-a2")).unwrap();
    assert_eq!(p.outcome(), None);
    // Not dead: two lieutenants shut in two points have no room to move.
    let crowded = "a1:P a2:P b1:F b2:L a3:L b3:L e12:p d12:f d11:l e10:l d10:l c6:C";
    let mut p = open(crowded, "r", rules(&["dead_position_draw"]));
    p.play(act("c6-c5")).unwrap();
    assert_eq!(p.outcome(), None);
}

#[test]
fn ply_limit_draws_the_game() {
    let r = rules(&["ply_limit=4"]);
    assert_eq!(r.ply_limit, 4);
    let mut p = open("e3:C e10:c", "r", r);
    for a in ["e3-e4", "e10-e9", "e4-e3"] {
        assert_eq!(p.play(act(a)).unwrap().outcome, None);
    }
    let rep = p.play(act("e9-e10")).unwrap();
    assert_eq!(
        rep.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::PlyLimit
        })
    );
    let mut p = open("e3:C e10:c", "r", Rules::default());
    for a in ["e3-e4", "e10-e9", "e4-e3", "e9-e10"] {
        assert_eq!(p.play(act(a)).unwrap().outcome, None);
    }
}

#[test]
fn the_fifth_timed_out_turn_loses() {
    let r = rules(&["timeout_limit=5"]);
    let mut g = Game::new(
        Mode::Open,
        r,
        Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
    )
    .unwrap();
    for i in 0..5 {
        assert_eq!(g.position().turn(), Some(Seat::RED));
        let o = g.miss_turn().unwrap();
        assert_eq!(g.position().timeouts(Seat::RED), i + 1);
        if i < 4 {
            assert_eq!(o, None);
            // Black plays a move that touches no red piece.
            let quiet = g
                .position()
                .legal_actions()
                .into_iter()
                .find(|a| g.position().at(a.to()).is_none())
                .unwrap();
            g.play(quiet).unwrap();
        } else {
            assert_eq!(o, Some(Outcome::won_by(Seat::BLACK, ExitReason::Timeout)));
        }
    }
    assert_eq!(g.timeouts(), &[0, 1, 2, 3, 4]);
    let rec = g.record();
    let json = rec.to_json();
    assert!(json.contains("\"timeouts\""));
    assert!(json.contains("\"timeout_limit\": 5"));
    let back = GameRecord::from_json(&json).unwrap();
    assert_eq!(back, rec);
    let replayed = Game::replay(&back).unwrap();
    assert_eq!(replayed.outcome(), g.outcome());
    assert_eq!(replayed.position(), g.position());
    let compact = rec.to_compact();
    let from_compact = GameRecord::from_compact(&compact).unwrap();
    assert_eq!(from_compact.timeouts, rec.timeouts);
    assert_eq!(from_compact.rules, rec.rules);
    assert_eq!(
        Game::replay(&from_compact).unwrap().position(),
        g.position()
    );
    // Undo takes back the timed-out turn itself.
    let mut h = Game::replay(&back).unwrap();
    assert!(h.undo());
    assert_eq!(h.timeouts(), &[0, 1, 2, 3]);
    assert_eq!(h.outcome(), None);
    assert_eq!(h.position().turn(), Some(Seat::RED));
    // Without a limit a timed-out turn only passes the turn.
    let mut p = Position::from_jfen(CLASSIC_START).unwrap();
    for _ in 0..6 {
        assert_eq!(p.miss_turn().unwrap(), None);
    }
    assert_eq!(p.timeouts(Seat::RED), 3);
    assert_eq!(p.ply(), 7);
}

#[test]
fn flip_colour_rules_exclude_each_other() {
    let r = rules(&["flip_first_engineer", "flip_two_same"]);
    let e = Game::new(Mode::Flip, r, Setup::Shuffle { seed: 1 }).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the rule switches 'flip_first_engineer' and 'flip_two_same' cannot both be on"
    );
    let json = r#"{"version":1,"mode":"flip","rules":{"flip_first_engineer":true,"flip_two_same":true},"setup":{"kind":"shuffle","seed":1},"actions":[]}"#;
    let rec = GameRecord::from_json(json).unwrap();
    let err = Game::replay(&rec).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad setup: the rule switches 'flip_first_engineer' and 'flip_two_same' cannot both be on"
    );
    assert!(rules(&["flip_first_engineer"]).validate().is_ok());
}

// ---------------------------------------------------------------- names, records, perft

#[test]
fn every_switch_has_a_name_and_text_settings_are_checked() {
    for name in Rules::NAMES {
        let mut r = Rules::default();
        *r.switch_mut(name).unwrap() = true;
        assert_ne!(r, Rules::default(), "{name}");
        assert_eq!(r.switch(name), Some(true));
    }
    for name in Rules::NUMBERS {
        let mut r = Rules::default();
        r.set_from_text(&format!("{name}=7")).unwrap();
        assert_eq!(r.number(name), Some(7));
    }
    let mut r = Rules::default();
    assert_eq!(
        r.set_from_text("ply_limit"),
        Err("rule setting 'ply_limit' needs a number".to_string())
    );
    assert_eq!(
        r.set_from_text("ply_limit=x"),
        Err("rule setting 'ply_limit' needs a number, not 'x'".to_string())
    );
    assert_eq!(
        r.set_from_text("nope"),
        Err("unknown rule switch 'nope'".to_string())
    );
    // The default rules write exactly the ten switches of RULES.md §8.
    let json = serde_json::to_string(&Rules::default()).unwrap();
    assert_eq!(
        json,
        r#"{"mines_explode":false,"engineer_scouts":false,"flying_bomb":false,"bomb_cannot_take_flag":false,"hq_exit":false,"carry_flag_home":false,"no_collision_31":false,"flip_first_engineer":false,"flip_two_same":false,"flip_smallest_takes_flag":false}"#
    );
}

const NEW: [&str; 12] = [
    "rail_one_turn",
    "rail_three_steps",
    "mines_bounce",
    "marshal_survives_mine",
    "bombs_front_row",
    "mines_around_flag",
    "no_enemy_camps",
    "carry_flag_front",
    "no_move_draw",
    "dead_position_draw",
    "ply_limit=60",
    "timeout_limit=5",
];

#[test]
fn records_with_each_new_switch_round_trip() {
    for item in NEW {
        let r = rules(&[item]);
        let mut g = Game::new(
            Mode::Open,
            r,
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_1(),
            },
        )
        .unwrap();
        let mut rng = SplitMix64::new(7);
        while g.outcome().is_none() && g.reports().len() < 80 {
            let acts = g.position().legal_actions();
            let a = acts[rng.below(acts.len() as u64) as usize];
            g.play(a).unwrap();
        }
        let rec = g.record();
        let json = rec.to_json();
        let name = item.split('=').next().unwrap();
        assert!(json.contains(name), "{item}: {json}");
        let back = GameRecord::from_json(&json).unwrap();
        assert_eq!(back, rec, "{item}");
        assert_eq!(
            Game::replay(&back).unwrap().position(),
            g.position(),
            "{item}"
        );
        assert!(rec.to_compact().starts_with("Ag"), "{item}: format 2");
        let compact = GameRecord::from_compact(&rec.to_compact()).unwrap();
        assert_eq!(compact.rules, r, "{item}");
        assert_eq!(
            Game::replay(&compact).unwrap().position(),
            g.position(),
            "{item}"
        );
    }
}

#[test]
fn a_default_record_is_written_as_before() {
    let mut g = Game::new(
        Mode::Open,
        Rules::default(),
        Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
    )
    .unwrap();
    g.play(act("a6-a7")).unwrap();
    let json = g.record().to_json();
    assert!(!json.contains("timeouts"));
    assert!(!json.contains("rail_one_turn"));
    assert!(g.record().to_compact().starts_with("AQ"), "format 1");
}

/// Perft from the classic start (RULES.md §9) with each switch on, depths 1–4. Switches that
/// cannot matter so early (contacts with landmines, setup, the end of the game) give the default
/// figures; the railway and camp switches differ, and a total of two plies ends the game
/// (docs/rules-variants.md explains each).
#[test]
fn perft_with_each_switch() {
    let table: [(&str, [u64; 4]); 14] = [
        ("", [34, 1158, 36564, 1151628]),
        ("rail_one_turn", [34, 1164, 37196, 1192146]),
        ("rail_three_steps", [34, 1158, 36563, 1151517]),
        ("no_enemy_camps", [34, 1158, 36456, 1148449]),
        ("mines_bounce", [34, 1158, 36564, 1151628]),
        ("marshal_survives_mine", [34, 1158, 36564, 1151628]),
        ("bombs_front_row", [34, 1158, 36564, 1151628]),
        ("mines_around_flag", [34, 1158, 36564, 1151628]),
        ("carry_flag_front", [34, 1158, 36564, 1151628]),
        ("no_move_draw", [34, 1158, 36564, 1151628]),
        ("dead_position_draw", [34, 1158, 36564, 1151628]),
        // Drawn once two plies are played: nothing is left to count at depth 3.
        ("ply_limit=2", [34, 1158, 0, 0]),
        ("timeout_limit=5", [34, 1158, 36564, 1151628]),
        ("rail_one_turn,rail_three_steps", [34, 1164, 37193, 1191758]),
    ];
    for (items, want) in table {
        let list: Vec<&str> = items.split(',').filter(|s| !s.is_empty()).collect();
        let p = Position::from_jfen_with(CLASSIC_START, None, rules(&list)).unwrap();
        for (d, &n) in want.iter().enumerate() {
            if n > 0 {
                assert_eq!(p.perft(d as u32 + 1), n, "{items} depth {}", d + 1);
            }
        }
    }
}

#[test]
fn views_know_the_carried_flag() {
    let r = rules(&["carry_flag_home"]);
    let mut p = open("c12:R a12:g e5:m e3:C", "r", r);
    let mut history = Vec::new();
    for (i, a) in ["c12-b12", "e5-e4", "b12-c12", "e4-e5"].iter().enumerate() {
        let rep = p.play(act(a)).unwrap();
        if i == 0 {
            assert_eq!(
                rep.revealed,
                vec![(pt("b12"), Piece::new(Seat::BLACK, Role::Flag))],
                "everyone sees the flag taken"
            );
        }
        history.push(PublicEvent::from_report(i as u32 + 1, &rep));
    }
    assert_eq!(
        p.carrying(Seat::RED),
        Some(Carry {
            at: pt("c12"),
            home: pt("b12")
        })
    );
    for mode in [Mode::Open, Mode::Dark] {
        let mut q = position("c12:R a12:g e5:m e3:C", "r", mode, r);
        for a in ["c12-b12", "e5-e4", "b12-c12", "e4-e5"] {
            q.play(act(a)).unwrap();
        }
        // Red to move: the carrier may go anywhere but b12.
        let view = q.view(Some(Seat::RED));
        assert_eq!(view.legal_actions(), q.legal_actions(), "{mode}");
        // The same view read from JFEN learns the carry from the history.
        let mut from_text =
            PlayerView::from_jfen(&view.to_jfen(), Some(Seat::RED), mode, r).unwrap();
        from_text.history = history.clone();
        assert_eq!(from_text.legal_actions(), q.legal_actions(), "{mode}");
        assert!(!q.legal_actions().contains(&act("c12-b12")));
    }
}

#[test]
fn a_flip_decides_the_colours_of_a_hidden_game() {
    // 翻暗棋: the first player turns up one piece of a 翻棋 shuffle; its colour is theirs.
    let mut red = 0;
    for p in Point::all() {
        match Position::flip_for_colour(42, p) {
            Some(piece) => {
                assert_eq!(Position::flip_for_colour(42, p), Some(piece), "seeded");
                if piece.color == Seat::RED {
                    red += 1;
                }
            }
            None => assert!(Topology::standard().is_camp(p), "{p}"),
        }
    }
    assert_eq!(red, 25);
    assert_eq!(Position::flip_for_colour(42, pt("c4")), None);
    let first = Position::flip_for_colour(42, pt("a1")).unwrap();
    assert_eq!(
        Some(first),
        Position::new_flip(Rules::default(), 42).piece_at(pt("a1"))
    );
}
