//! Elimination, turn skipping, a team's loss, the mutual wipe-out switch and the 70-ply draw.

use super::*;
use crate::combat::Clash;
use crate::seat::{Order, Seat};
use crate::types::Role;
use crate::IllegalAction;
use crate::{DrawReason, ExitReason, Outcome};

fn pos(s: &str) -> Position {
    Position::from_notation(s).unwrap()
}

fn mv(s: &str) -> crate::Action<Point> {
    s.parse().unwrap()
}

#[test]
fn a_captured_flag_puts_its_owner_out_and_its_turns_are_skipped() {
    let mut p = pos("S Sa0=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,We0=3F,Wa4=3C");
    let r = p.play(mv("Sa0-We0")).unwrap();
    assert_eq!(r.clash, Some(Clash::Win));
    assert_eq!(r.eliminated, vec![(Seat::W, ExitReason::FlagCaptured)]);
    assert_eq!(r.outcome, None);
    // W's pieces left the board at once.
    assert!(p.pieces_of(Seat::W).is_empty());
    assert!(p.at("Wa4".parse().unwrap()).is_none());
    assert!(!p.seating().is_in(Seat::W));
    assert_eq!(p.turn(), Seat::E);
    p.play(mv("Ea4-Ea3")).unwrap();
    assert_eq!(p.turn(), Seat::N);
    p.play(mv("Na4-Na3")).unwrap();
    // W is skipped.
    assert_eq!(p.turn(), Seat::S);
}

#[test]
fn a_team_loses_when_both_players_are_out() {
    let mut p = pos("S We1=0M,Sb5=0F,Ea0=1F,Ea4=1C,Na4=2C,Nb5=2F,We0=3F");
    p.play(mv("We1-We0")).unwrap();
    assert_eq!(p.turn(), Seat::E);
    assert_eq!(p.outcome(), None);
    p.play(mv("Ea4-Eb3")).unwrap();
    p.play(mv("Na4-Na3")).unwrap();
    assert_eq!(p.turn(), Seat::S);
    let r = p.play(mv("We0-Ea0")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::E, ExitReason::FlagCaptured)]);
    let s_n = p.seating().team(Seat::S);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            team: s_n,
            reason: ExitReason::FlagCaptured
        })
    );
    assert!(p.legal_actions().is_empty());
    assert!(p.play(mv("Na3-Na2")).is_err());
}

#[test]
fn a_seat_without_a_legal_move_leaves_when_its_turn_comes() {
    // E has only its flag: it leaves when its turn comes, and N plays.
    let mut p = pos("S Sa4=0C,Sb5=0F,Eb5=1F,Ea4=1L,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    let r = p.play(mv("Sa4-Sa3")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::E, ExitReason::NoLegalMove)]);
    assert!(p.pieces_of(Seat::E).is_empty());
    assert_eq!(p.turn(), Seat::N);
    assert_eq!(p.outcome(), None);
}

#[test]
fn mutual_wipe_out_goes_to_the_mover_or_is_drawn() {
    // The last movable pieces of both teams meet: nobody can move any more.
    let text = "S Sa0=0M,Sb5=0F,We0=3M,Wb5=3F";
    let mut p = pos(text);
    let r = p.play(mv("Sa0-We0")).unwrap();
    assert_eq!(r.clash, Some(Clash::Both));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            team: p.seating().team(Seat::S),
            reason: ExitReason::NoLegalMove
        })
    );
    let rules = SiguoRules {
        wipe_out: WipeOut::Draw,
        ..SiguoRules::default()
    };
    let mut p = Position::from_notation_with(text, rules).unwrap();
    p.play(mv("Sa0-We0")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::MutualWipeOut
        })
    );
}

#[test]
fn seventy_quiet_plies_draw_and_a_capture_resets_the_count() {
    let mut p = pos("S Sa4=0C,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    p.set_counters(68, 100);
    p.play(mv("Sa4-Sa3")).unwrap();
    assert_eq!(p.quiet(), 69);
    assert_eq!(p.outcome(), None);
    p.play(mv("Ea4-Ea3")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCapture
        })
    );
    let mut p = pos("S Sa4=0C,Sb5=0F,Sa3=1P,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    p.set_counters(69, 100);
    p.play(mv("Sa4-Sa3")).unwrap();
    assert_eq!(p.quiet(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn a_report_says_whether_the_action_revealed_anything() {
    let mut p = pos("S Sa0=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,We0=3F,Wa4=3C");
    // A quiet move shows nothing; a contact and the seat it puts out do.
    let quiet = p.clone().play(mv("Sa0-Sa1")).unwrap();
    assert!(!quiet.revealed_anything());
    assert!(p.play(mv("Sa0-We0")).unwrap().revealed_anything());
    // A resignation takes the seat's pieces off the board: that is shown too.
    assert!(p.resign(Seat::E).unwrap().revealed_anything());
}

#[test]
fn resignation_removes_the_seat_and_its_partner_plays_on() {
    let mut p = pos("S Sa4=0C,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    let r = p.resign(Seat::S).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::S, ExitReason::Resignation)]);
    assert!(p.pieces_of(Seat::S).is_empty());
    assert_eq!(p.turn(), Seat::E);
    assert_eq!(p.outcome(), None);
    assert!(p.resign(Seat::S).is_err());
    p.play(mv("Ea4-Ea3")).unwrap();
    assert_eq!(p.turn(), Seat::N);
    let r = p.time_out(Seat::N).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::Win {
            team: p.seating().team(Seat::E),
            reason: ExitReason::Timeout
        })
    );
}

#[test]
fn clockwise_order_and_first_seat_are_switches() {
    let rules = SiguoRules {
        order: Order::Clockwise,
        first: Seat::N,
        ..SiguoRules::default()
    };
    let start = Position::start_all(rules, &crate::deployment::Deployment::classic_1());
    assert_eq!(start.turn(), Seat::N);
    let mut p = start.clone();
    let m = p.legal_actions()[0];
    p.play(m).unwrap();
    assert_eq!(p.turn(), Seat::E);
    let m = p.legal_actions()[0];
    p.play(m).unwrap();
    assert_eq!(p.turn(), Seat::S);
}

#[test]
fn partners_block_and_are_never_attacked_camps_are_safe_hqs_lock() {
    // N's piece on Csw blocks S's run and cannot be attacked; E's piece in S's camp is safe.
    let p = pos("S Sa2=0M,Csw=2C,Sb1=1C,Sb3=1C,Sa1=3E,Sb5=0G");
    let d: Vec<String> = p.legal_actions().iter().map(|m| m.to_string()).collect();
    assert!(d.contains(&"Sa2-Sa1".to_string()), "{d:?}");
    assert!(!d
        .iter()
        .any(|m| m.ends_with("Csw") || m.ends_with("Sb1") || m.ends_with("Sb3")));
    assert!(
        !d.iter().any(|m| m.starts_with("Sb5")),
        "a piece in a HQ never moves: {d:?}"
    );
}

#[test]
fn a_fallen_marshal_shows_its_flag() {
    let mut p = pos("S Sa0=0M,Sb5=0F,We0=3M,Wb5=3F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F");
    assert!(!p.flag_shown(Seat::W));
    p.play(mv("Sa0-We0")).unwrap();
    assert!(p.flag_shown(Seat::W) && p.flag_shown(Seat::S));
    assert_eq!(p.turn(), Seat::E);
}

#[test]
fn a_bomb_on_the_flag_removes_both_and_its_owner_is_out() {
    let mut p = pos("S Sa0=0Z,Sb5=0F,We0=3F,Wa4=3C,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F");
    let r = p.play(mv("Sa0-We0")).unwrap();
    assert_eq!(r.clash, Some(Clash::Both));
    assert_eq!(r.eliminated, vec![(Seat::W, ExitReason::FlagCaptured)]);
    assert!(p.at("We0".parse().unwrap()).is_none());
}

#[test]
fn setup_is_checked_per_seat_through_its_slot_map() {
    use crate::deployment::Deployment;
    let mut p = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    for seat in Seat::ALL {
        assert!(p.setup_violations(seat).is_empty(), "{seat}");
    }
    // A bomb moved into E's front row breaks E's setup only, named by E's own slot.
    let bomb = "Ee1".parse().unwrap();
    let front = "Ed0".parse().unwrap();
    let b = p.take(bomb).unwrap();
    let f = p.take(front).unwrap();
    p.put(front, b);
    p.put(bomb, f);
    assert!(p.setup_violations(Seat::S).is_empty());
    let v: Vec<String> = p
        .setup_violations(Seat::E)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(v, ["bomb-in-front-row d6"]);
    // Another seat's piece in E's area counts as a hole in E's formation.
    p.put(
        "Ea5".parse().unwrap(),
        Occupant {
            seat: Seat::N,
            role: Some(crate::types::Role::Colonel),
        },
    );
    assert!(p
        .setup_violations(Seat::E)
        .iter()
        .any(|v| v.to_string() == "empty-point a1"));
}

#[test]
fn settle_applies_the_start_of_turn_rule() {
    // S to move with only a flag and a mine: S leaves, E moves.
    let mut p = pos("S Sb5=0F,Sa4=0L,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    assert!(p.legal_actions().is_empty());
    assert_eq!(p.settle(), vec![(Seat::S, ExitReason::NoLegalMove)]);
    assert_eq!(p.turn(), Seat::E);
    assert!(p.pieces_of(Seat::S).is_empty());
    assert_eq!(p.settle(), vec![]);
    let start = Position::start_all(
        SiguoRules::default(),
        &crate::deployment::Deployment::classic_1(),
    );
    let mut settled = start.clone();
    assert_eq!(settled.settle(), vec![]);
    assert_eq!(settled, start);
}

#[test]
fn a_move_that_leaves_its_mover_no_move_is_said_to_strand() {
    // S's only piece that moves is the captain on d4: into the headquarters d5 it never moves
    // again, and S (flag and landmine besides) would have no move at its next turn.
    let p = pos("S Sd4=0C,Sb5=0F,Sa4=0L,Ec3=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    assert!(p.is_legal(mv("Sd4-Sd5")));
    assert!(p.strands(mv("Sd4-Sd5")));
    assert!(!p.strands(mv("Sd4-Sd3")));
    assert!(!p.strands(mv("Sd4-Sc4")));
    // Not a legal move, or not the mover's: never said to strand.
    assert!(!p.strands(mv("Sd4-Sd1")));
    assert!(!p.strands(mv("Ec3-Ec2")));
    let mut played = p.clone();
    played.play(mv("Sd4-Sd5")).unwrap();
    assert!(!played.has_move(Seat::S));

    // Onto a piece the result is not known before the contact: not said to strand, even
    // where a loss would leave the mover nothing.
    let q = pos("S Sd4=0C,Sb5=0F,Sa4=0L,Sd5=1G,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F");
    assert!(q.is_legal(mv("Sd4-Sd5")));
    assert!(!q.strands(mv("Sd4-Sd5")));
}

/// Rules with the carrying switch `name` on.
fn carrying(name: &str) -> SiguoRules {
    let mut rules = SiguoRules::default();
    rules.rules.set_switch(name, true);
    rules
}

fn carry_pos(s: &str, name: &str) -> Position {
    Position::from_notation_with(s, carrying(name)).unwrap()
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn a_carried_flag_leaves_its_owner_in_until_it_arrives() {
    let start = "S Eb4=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F";
    let mut p = carry_pos(start, "carry_flag_home");
    let r = p.play(mv("Eb4-Eb5")).unwrap();
    assert_eq!(r.clash, Some(Clash::Win));
    assert_eq!(r.carried, Some(Seat::E));
    assert!(r.eliminated.is_empty());
    assert!(p.seating().is_in(Seat::E));
    let carry = Carry {
        by: Seat::S,
        at: pt("Eb5"),
        home: pt("Eb5"),
    };
    assert_eq!(p.carried(Seat::E), Some(carry));
    assert_eq!(
        p.to_notation(),
        "E Sb5=0F,Ea4=1C,Eb5=0M,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F carry Eb5>Eb5"
    );
    p.play(mv("Ea4-Ea3")).unwrap();
    p.play(mv("Na4-Na3")).unwrap();
    p.play(mv("Wa4-Wa3")).unwrap();
    // The carrier leaves the headquarters where it took the flag, which stays free.
    p.play(mv("Eb5-Eb4")).unwrap();
    assert_eq!(p.carried(Seat::E).map(|c| c.at), Some(pt("Eb4")));
    for seat in [Seat::E, Seat::N, Seat::W, Seat::S] {
        assert!(p.moves_of(seat).iter().all(|m| m.to() != pt("Eb5")));
    }
    // Without the switch the same capture puts E out at once.
    let mut q = pos(start);
    let r = q.play(mv("Eb4-Eb5")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::E, ExitReason::FlagCaptured)]);
    assert_eq!(r.carried, None);
}

#[test]
fn the_capture_counts_in_the_carriers_own_headquarters_or_area() {
    let home = "E Ed4=1M,Eb5=1F,Sb5=0F,Sa4=0C,Na4=2C,Wa4=3C,Wb5=3F carry Nb5>Ed4";
    let mut p = carry_pos(home, "carry_flag_home");
    // A step inside its own area is not yet home under carry_flag_home.
    let r = p.play(mv("Ed4-Ec4")).unwrap();
    assert!(r.eliminated.is_empty());
    let mut p = carry_pos(home, "carry_flag_home");
    let r = p.play(mv("Ed4-Ed5")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::N, ExitReason::FlagCaptured)]);
    assert!(p.pieces_of(Seat::N).is_empty());
    assert_eq!(p.carried(Seat::N), None);
    assert_eq!(p.outcome(), None);
    // carry_flag_front: anywhere in its own area.
    let mut p = carry_pos(
        "E Cc=1M,Eb5=1F,Sb5=0F,Sa4=0C,Na4=2C,Wa4=3C,Wb5=3F carry Nb5>Cc",
        "carry_flag_front",
    );
    let into_area = p
        .legal_actions()
        .into_iter()
        .find(|m| m.from() == pt("Cc") && m.to().area() == Some(Seat::E))
        .expect("a run into E's area");
    let r = p.play(into_area).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::N, ExitReason::FlagCaptured)]);
}

#[test]
fn a_fallen_carrier_drops_the_flag_back_face_up() {
    let s = "N Nb4=1C,Na4=2M,Sb5=0F,Sa4=0C,Eb5=1F,Wa4=3C,Wb5=3F carry Nb5>Nb4";
    let mut p = carry_pos(s, "carry_flag_home");
    let r = p.play(mv("Na4-Nb4")).unwrap();
    assert_eq!(r.clash, Some(Clash::Win));
    assert_eq!(r.shown, vec![pt("Nb5")]);
    assert_eq!(
        p.at(pt("Nb5")),
        Some(Occupant {
            seat: Seat::N,
            role: Some(Role::Flag)
        })
    );
    assert!(p.is_public(pt("Nb5")));
    assert_eq!(p.carried(Seat::N), None);
    assert_eq!(p.at(pt("Nb4")).map(|o| o.seat), Some(Seat::N));
    // Every seat sees it.
    let v = p.view(Seat::E, InfoMode::FourDark);
    assert_eq!(v.at(pt("Nb5")).and_then(|o| o.role), Some(Role::Flag));

    // Beaten on the point where it took the flag: the flag is back there, and the winner
    // stays where it attacked from.
    let s = "N Nb5=1C,Nb4=2M,Sb5=0F,Sa4=0C,Eb5=1F,Wa4=3C,Wb5=3F carry Nb5>Nb5";
    let mut p = carry_pos(s, "carry_flag_home");
    let r = p.play(mv("Nb4-Nb5")).unwrap();
    assert_eq!(r.clash, Some(Clash::Win));
    assert_eq!(p.at(pt("Nb5")).and_then(|o| o.role), Some(Role::Flag));
    assert_eq!(p.at(pt("Nb4")).and_then(|o| o.role), Some(Role::Marshal));
}

#[test]
fn a_carry_ends_with_the_carriers_seat_or_the_owners() {
    let s = "N Nb4=1C,Na4=2M,Sb5=0F,Sa4=0C,Eb5=1F,Wa4=3C,Wb5=3F carry Nb5>Nb4";
    // The carrier's seat resigns: its pieces leave, and the flag goes back.
    let mut p = carry_pos(s, "carry_flag_home");
    let r = p.resign(Seat::E).unwrap();
    assert_eq!(r.shown, vec![pt("Nb5")]);
    assert_eq!(p.at(pt("Nb5")).and_then(|o| o.role), Some(Role::Flag));
    // The owner resigns: nothing is left to carry.
    let mut p = carry_pos(s, "carry_flag_home");
    p.resign(Seat::N).unwrap();
    assert_eq!(p.carried(Seat::N), None);
    assert!(p.at(pt("Nb5")).is_none());
    assert_eq!(p.at(pt("Nb4")).and_then(|o| o.role), Some(Role::Captain));
}

#[test]
fn a_bombed_flag_counts_at_once_and_carries_are_written_only_when_carried() {
    let mut p = carry_pos(
        "S Eb4=0Z,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F",
        "carry_flag_home",
    );
    let r = p.play(mv("Eb4-Eb5")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::E, ExitReason::FlagCaptured)]);
    assert_eq!(r.carried, None);
    // A carry needs a carrying switch, an empty headquarters of its owner, a piece of
    // another team and no flag of the owner on the board.
    let carried = "N Sb5=0F,Eb5=1F,Na4=2M,Nb4=1C,Wb5=3F carry Nb5>Nb4";
    assert!(Position::from_notation(carried).is_err());
    for bad in [
        "N Nb4=1C,Na4=2M,Sb5=0F,Eb5=1F,Wb5=3F carry Nc5>Nb4",
        "N Nb4=1C,Na4=2M,Nb5=2F,Sb5=0F,Eb5=1F,Wb5=3F carry Nd5>Nb4",
        "N Nb4=0C,Na4=2M,Sb5=0F,Eb5=1F,Wb5=3F carry Nb5>Nb4",
        "N Nb4=1C,Na4=2M,Sb5=0F,Eb5=1F,Wb5=3F carry Nb5>Nb3",
        "N Nb4=1C,Na4=2M,Sb5=0F,Eb5=1F,Wb5=3F carry Nb5-Nb4",
    ] {
        assert!(
            Position::from_notation_with(bad, carrying("carry_flag_home")).is_err(),
            "{bad}"
        );
    }
    let p = carry_pos(carried, "carry_flag_home");
    assert_eq!(p.to_notation(), carried);
}

#[test]
fn a_missed_turn_passes_and_the_limit_puts_the_seat_out() {
    let s = "S Sa4=0C,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F";
    let mut rules = SiguoRules::default();
    rules.rules.timeout_limit = 2;
    let mut p = Position::from_notation_with(s, rules).unwrap();
    assert_eq!(p.miss_turn(Seat::E), Err(IllegalAction::NotToMove(Seat::E)));
    let r = p.miss_turn(Seat::S).unwrap();
    assert!(r.eliminated.is_empty() && r.action.is_none());
    assert_eq!((p.turn(), p.ply(), p.quiet()), (Seat::E, 2, 1));
    assert_eq!(p.timeouts(Seat::S), 1);
    p.play(mv("Ea4-Ea3")).unwrap();
    p.play(mv("Na4-Na3")).unwrap();
    p.play(mv("Wa4-Wa3")).unwrap();
    // The second puts S out; its partner plays on.
    let r = p.miss_turn(Seat::S).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::S, ExitReason::Timeout)]);
    assert!(p.pieces_of(Seat::S).is_empty());
    assert_eq!(p.turn(), Seat::E);
    // With no limit a missed turn only passes.
    let mut p = pos(s);
    for _ in 0..5 {
        let seat = p.turn();
        assert!(p.miss_turn(seat).unwrap().eliminated.is_empty());
    }
    assert_eq!(p.timeouts(Seat::S), 2);
}
