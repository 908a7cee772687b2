//! The rule switches on the cross board (docs/rules-variants.md, "On the cross board"): exact
//! perft of the 4-player start with each switch, and each switch's 4-player meaning — railway
//! turns and short runs, enemy camps, setup, scouting and bounces made public, the counting
//! rules, no-move and dead-position draws — and the switches that stay 2-player only, refused
//! by name.

use junqi_core::seat::Seat;
use junqi_core::siguo::{
    seat_violations, InfoMode, Point, Position, SiguoEvent, SiguoRecord, SiguoRecordError,
    SiguoRules, SiguoRulesError,
};
use junqi_core::{Clash, Deployment, PerSeat, Role, Rules, Slot, ViolationKind};
use junqi_core::{DrawReason, ExitReason, Outcome};

fn rules(items: &[&str]) -> SiguoRules {
    let mut r = Rules::default();
    for item in items {
        r.set_from_text(item).unwrap();
    }
    SiguoRules {
        rules: r,
        ..SiguoRules::default()
    }
}

fn pos(text: &str, table: SiguoRules) -> Position {
    Position::from_notation_with(text, table).unwrap()
}

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn mv(s: &str) -> junqi_core::Action<Point> {
    s.parse().unwrap()
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

/// Where a flag can be taken the carrying switches change the game: its owner stays in and
/// plays on (docs/rules-variants.md, below the table).
#[test]
fn perft_where_a_flag_is_in_reach() {
    let text = "S Eb4=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F";
    assert_eq!(pos(text, rules(&[])).perft(4), 62624);
    assert_eq!(pos(text, rules(&["carry_flag_home"])).perft(4), 65923);
    assert_eq!(pos(text, rules(&["carry_flag_front"])).perft(4), 65923);
}

/// Depths 1–3 of the table in docs/rules-variants.md (depth 4 there comes from
/// `cargo run --release -p junqi-core --example siguo_switch_perft -- 4`).
#[test]
fn perft_of_the_start_with_each_switch() {
    let want: [(&str, [u64; 3]); 19] = [
        ("none", [42, 1779, 74881]),
        ("mines_explode", [42, 1779, 74881]),
        ("engineer_scouts", [42, 1779, 74880]),
        ("flying_bomb", [42, 1779, 74881]),
        ("bomb_cannot_take_flag", [42, 1779, 74881]),
        ("hq_exit", [42, 1779, 74881]),
        ("no_collision_31", [42, 1779, 74881]),
        ("rail_one_turn", [76, 5591, 393036]),
        ("rail_three_steps", [42, 1777, 74460]),
        ("mines_bounce", [42, 1779, 74881]),
        ("marshal_survives_mine", [42, 1779, 74881]),
        ("bombs_front_row", [42, 1779, 74881]),
        ("mines_around_flag", [42, 1779, 74881]),
        ("no_enemy_camps", [42, 1779, 74881]),
        ("no_move_draw", [42, 1779, 74881]),
        ("dead_position_draw", [42, 1779, 74881]),
        ("carry_flag_home", [42, 1779, 74881]),
        ("carry_flag_front", [42, 1779, 74881]),
        ("rail_one_turn,rail_three_steps", [56, 3091, 166795]),
    ];
    let applying: Vec<&str> = Rules::NAMES
        .into_iter()
        .filter(|n| SiguoRules::applies(n))
        .collect();
    assert_eq!(
        applying.len() + 2,
        want.len(),
        "one row per switch that applies"
    );
    for (names, counts) in want {
        let items: Vec<&str> = names.split(',').filter(|n| *n != "none").collect();
        let start = Position::start_all(rules(&items), &Deployment::classic_1());
        let got: Vec<u64> = (1..=3).map(|d| start.perft(d)).collect();
        assert_eq!(got, counts, "{names}");
    }
}

#[test]
fn the_two_player_only_switches_are_refused_by_name() {
    for (name, _) in SiguoRules::TWO_PLAYER_ONLY {
        let item = if name == "timeout_limit" {
            "timeout_limit=5".to_string()
        } else {
            name.to_string()
        };
        let table = rules(&[&item]);
        let err = table.validate().unwrap_err();
        assert!(
            matches!(err, SiguoRulesError::NotOnThisBoard { name: n, .. } if n == name),
            "{err}"
        );
        assert!(err.to_string().contains(&format!("'{name}'")), "{err}");
        let record = SiguoRecord::new(
            InfoMode::FourDark,
            table,
            PerSeat::new_with(|_| Deployment::classic_1()),
        );
        assert!(matches!(record.start(), Err(SiguoRecordError::Rules(_))));
    }
    let conflict = rules(&["mines_explode", "mines_bounce"]);
    assert!(matches!(
        conflict.validate(),
        Err(SiguoRulesError::Conflict(_))
    ));
    for name in Rules::NAMES.iter().filter(|n| SiguoRules::applies(n)) {
        assert_eq!(rules(&[name]).validate(), Ok(()), "{name}");
    }
    assert_eq!(rules(&["ply_limit=200"]).validate(), Ok(()));
}

#[test]
fn rail_one_turn_and_three_steps_on_the_cross() {
    let text = "S Sc4=0R,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F";
    // Straight along the rail row only: Sa3 needs a turn at Sa4.
    let plain = pos(text, SiguoRules::default());
    assert!(!dests(&plain, "Sc4").contains(&"Sa3".to_string()));
    let turn = pos(text, rules(&["rail_one_turn"]));
    let d = dests(&turn, "Sc4");
    for q in ["Sa3", "Sa2", "Sa1", "Sa0", "Se3", "Se0"] {
        assert!(d.contains(&q.to_string()), "{q} in {d:?}");
    }
    assert_eq!(
        turn.path(mv("Sc4-Sa2")),
        ["Sc4", "Sb4", "Sa4", "Sa3", "Sa2"].map(pt).to_vec()
    );
    // Three points at most, the turn counted in.
    let short = pos(text, rules(&["rail_one_turn", "rail_three_steps"]));
    let d = dests(&short, "Sc4");
    assert!(d.contains(&"Sa3".to_string()), "{d:?}");
    assert!(!d.contains(&"Sa2".to_string()), "{d:?}");
    let three = pos(
        "S Sa0=0R,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F",
        rules(&["rail_three_steps"]),
    );
    let d = dests(&three, "Sa0");
    assert!(d.contains(&"Sa3".to_string()), "{d:?}");
    assert!(!d.contains(&"Sa4".to_string()), "{d:?}");
    // Engineers are not limited.
    let engineer = pos(
        "S Sa0=0E,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F",
        rules(&["rail_three_steps"]),
    );
    assert!(dests(&engineer, "Sa0").contains(&"Sa4".to_string()));
}

#[test]
fn no_enemy_camps_bars_the_enemies_camps_not_the_partners() {
    // Eb3 and Nb3 are camps; E is S's enemy, N its partner.
    let text = "S Ea2=0R,Na2=0C,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F";
    let plain = pos(text, SiguoRules::default());
    assert!(dests(&plain, "Ea2").contains(&"Eb3".to_string()));
    let barred = pos(text, rules(&["no_enemy_camps"]));
    assert!(!dests(&barred, "Ea2").contains(&"Eb3".to_string()));
    assert!(dests(&barred, "Na2").contains(&"Nb3".to_string()));
}

#[test]
fn setup_switches_apply_to_every_seat() {
    let mut d = Deployment::classic_1();
    let bomb = Slot::all().find(|&s| d.get(s) == Some(Role::Bomb)).unwrap();
    let front = Slot::all()
        .find(|&s| s.rank() == 0 && d.get(s).is_some())
        .unwrap();
    d.swap(bomb, front);
    for seat in Seat::ALL {
        let v = seat_violations(seat, &d, &SiguoRules::default());
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].kind, ViolationKind::BombInFrontRow);
        assert!(v[0].to_string().starts_with("bomb-in-front-row "));
        assert!(seat_violations(seat, &d, &rules(&["bombs_front_row"])).is_empty());
    }
    // A record under the switch replays; under the default rules it is refused.
    let formations = PerSeat::new_with(|_| d.clone());
    let allowed = SiguoRecord::new(
        InfoMode::AllOpen,
        rules(&["bombs_front_row"]),
        formations.clone(),
    );
    assert!(allowed.replay().is_ok());
    let refused = SiguoRecord::new(InfoMode::AllOpen, SiguoRules::default(), formations);
    assert!(matches!(
        refused.start(),
        Err(SiguoRecordError::Setup { .. })
    ));
    // mines_around_flag: a formation valid by default whose mines do not ring its flag.
    let around = rules(&["mines_around_flag"]);
    let loose = (0..200)
        .map(Deployment::random)
        .find(|d| d.is_valid() && !d.is_valid_with(&around.rules))
        .unwrap();
    for seat in Seat::ALL {
        let v = seat_violations(seat, &loose, &around);
        assert!(!v.is_empty());
        for x in &v {
            assert_eq!(x.point.and_then(|p| p.area()), Some(seat), "{x}");
        }
    }
}

/// A 4-player start from `text`'s pieces, as a record would start it.
fn table_game(text: &str, table: SiguoRules, info: InfoMode) -> Position {
    let mut p = pos(text, table);
    p.set_info(info);
    p
}

#[test]
fn a_scouting_engineer_shows_the_defender_to_everyone_where_enemies_are_hidden() {
    let text = "S Sa0=0E,Sb5=0F,Sb0=1R,Eb5=1F,Nb5=2F,Na4=2C,Wb5=3F,Wa4=3C";
    let scouts = rules(&["engineer_scouts"]);
    for info in [InfoMode::FourDark, InfoMode::DoubleOpen] {
        let mut p = table_game(text, scouts, info);
        let r = p.play(mv("Sa0-Sb0")).unwrap();
        assert_eq!(r.clash, Some(Clash::Scout), "{info}");
        assert_eq!(r.shown, vec![pt("Sb0")]);
        assert!(p.at(pt("Sa0")).is_none(), "the engineer is removed");
        assert!(p.is_public(pt("Sb0")));
        for viewer in Seat::ALL {
            let v = p.view(viewer, info);
            assert_eq!(v.at(pt("Sb0")).and_then(|o| o.role), Some(Role::Colonel));
            assert!(v.sees_at(viewer, pt("Sb0"), info));
        }
        // The colonel stays public when it moves.
        p.play(mv("Sb0-Sb1")).unwrap();
        assert!(p.is_public(pt("Sb1")));
        assert!(!p.is_public(pt("Sb0")));
        let n = p.view(Seat::N, info);
        assert_eq!(n.at(pt("Sb1")).and_then(|o| o.role), Some(Role::Colonel));
        // A view read back from its string knows the shown piece as public.
        let mut back = Position::from_notation_with(&n.to_notation(), scouts).unwrap();
        back.settle_view(Seat::N, info);
        assert!(back.is_public(pt("Sb1")));
    }
    // In 全明 everyone sees everything: no scouting, the engineer simply loses.
    let mut open = table_game(text, scouts, InfoMode::AllOpen);
    assert_eq!(open.play(mv("Sa0-Sb0")).unwrap().clash, Some(Clash::Lose));
}

#[test]
fn a_bounce_shows_the_landmine_and_removes_nothing() {
    let text = "S Sa0=0R,Sb5=0F,Sb0=1L,Eb5=1F,Nb5=2F,Na4=2C,Wb5=3F,Wa4=3C,Ea4=1C";
    for switch in ["mines_bounce", "marshal_survives_mine"] {
        let text = if switch == "marshal_survives_mine" {
            text.replace("Sa0=0R", "Sa0=0M")
        } else {
            text.to_string()
        };
        let mut p = table_game(&text, rules(&[switch]), InfoMode::FourDark);
        p.set_counters(5, 20);
        let r = p.play(mv("Sa0-Sb0")).unwrap();
        assert_eq!(r.clash, Some(Clash::Bounce), "{switch}");
        assert_eq!(r.shown, vec![pt("Sb0")]);
        assert!(p.at(pt("Sa0")).is_some(), "the attacker went back");
        assert_eq!(p.at(pt("Sb0")).and_then(|o| o.role), Some(Role::Landmine));
        assert_eq!(p.quiet(), 6, "nothing removed: the count goes on");
        for viewer in Seat::ALL {
            let v = p.view(viewer, InfoMode::FourDark);
            assert_eq!(v.at(pt("Sb0")).and_then(|o| o.role), Some(Role::Landmine));
        }
    }
}

#[test]
fn no_collision_31_puts_the_seat_to_move_out() {
    let text = "S Sa4=0C,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F";
    let mut p = pos(text, rules(&["no_collision_31"]));
    p.set_counters(30, 100);
    let r = p.play(mv("Sa4-Sa3")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::E, ExitReason::NoContact)]);
    assert!(p.pieces_of(Seat::E).is_empty());
    assert_eq!(p.turn(), Seat::N);
    assert_eq!(p.quiet(), 0, "the count starts again");
    assert_eq!(p.outcome(), None);
    // By default 31 quiet plies are nothing.
    let mut plain = pos(text, SiguoRules::default());
    plain.set_counters(30, 100);
    assert!(plain.play(mv("Sa4-Sa3")).unwrap().eliminated.is_empty());
}

#[test]
fn ply_limit_draws() {
    let text = "S Sa4=0C,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wa4=3C,Wb5=3F";
    let mut p = pos(text, rules(&["ply_limit=40"]));
    p.set_counters(0, 39);
    assert_eq!(p.play(mv("Sa4-Sa3")).unwrap().outcome, None);
    assert_eq!(
        p.play(mv("Ea4-Ea3")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::PlyLimit
        })
    );
}

#[test]
fn no_move_draw_draws_when_no_seat_can_move() {
    // S's bomb takes E's last movable piece: then no seat has a move.
    let text = "S Sa0=0Z,Sb0=1M,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F";
    let mut drawn = pos(text, rules(&["no_move_draw"]));
    assert_eq!(
        drawn.play(mv("Sa0-Sb0")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::MutualWipeOut
        })
    );
    let mut won = pos(text, SiguoRules::default());
    assert!(matches!(
        won.play(mv("Sa0-Sb0")).unwrap().outcome,
        Some(Outcome::Win { .. })
    ));
}

#[test]
fn dead_position_draw_on_the_cross() {
    // Every seat's last free piece is shut in its corner by its own flag and landmines.
    let mut items = Vec::new();
    for (k, s) in ["S", "E", "N", "W"].into_iter().enumerate() {
        for (at, piece) in [
            ("e5", 'C'),
            ("d5", 'F'),
            ("d4", 'L'),
            ("d3", 'L'),
            ("e3", 'L'),
        ] {
            items.push(format!("{s}{at}={k}{piece}"));
        }
    }
    let text = format!("S {}", items.join(","));
    let mut dead = pos(&text, rules(&["dead_position_draw"]));
    assert_eq!(
        dead.play(mv("Se5-Se4")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
    let mut alive = pos(&text, SiguoRules::default());
    assert_eq!(alive.play(mv("Se5-Se4")).unwrap().outcome, None);
    // An enemy piece that can reach the region keeps it alive.
    let open = text.replace("Se3=0L", "Se3=1C");
    let mut p = pos(&open, rules(&["dead_position_draw"]));
    assert_eq!(p.play(mv("Se5-Se4")).unwrap().outcome, None);
}

#[test]
fn records_under_every_switch_that_applies_replay_and_round_trip() {
    for (k, name) in Rules::NAMES
        .iter()
        .filter(|n| SiguoRules::applies(n))
        .enumerate()
    {
        let table = rules(&[name]);
        let formations = PerSeat::new_with(|s| {
            junqi_core::Deployment::random(k as u64 * 4 + s.index() as u64).fitted(&table.rules)
        });
        for info in InfoMode::ALL {
            let mut record = SiguoRecord::new(info, table, formations.clone());
            let mut p = record.start().expect("fitted formations");
            let mut rng = junqi_core::SplitMix64::new(k as u64);
            for _ in 0..400 {
                if p.is_over() {
                    break;
                }
                let moves = p.legal_actions();
                let m = moves[rng.below(moves.len() as u64) as usize];
                p.play(m).unwrap();
                record.events.push(SiguoEvent::Move { mv: m });
            }
            record.result = p.outcome();
            let back = SiguoRecord::from_compact(&record.to_compact()).unwrap();
            assert_eq!(back, record, "{name} {info}");
            assert_eq!(back.replay().unwrap(), p, "{name} {info}");
            let json = SiguoRecord::from_json(&record.to_json()).unwrap();
            assert_eq!(json.replay().unwrap(), p, "{name} {info}");
        }
    }
}

/// Records under a switch that version 1 did not play on the cross board are version 2; a
/// version-1 record naming such a switch is refused by name, since it was played without it.
#[test]
fn records_under_the_newly_applied_switches_are_version_2() {
    let formations = PerSeat::new_with(|_| Deployment::classic_1());
    let plain = SiguoRecord::new(
        InfoMode::FourDark,
        rules(&["mines_explode"]),
        formations.clone(),
    );
    assert_eq!(plain.version, 1);
    let turned = SiguoRecord::new(InfoMode::FourDark, rules(&["rail_one_turn"]), formations);
    assert_eq!(turned.version, 2);
    assert_eq!(
        SiguoRecord::from_json(&turned.to_json()),
        Ok(turned.clone())
    );
    assert_eq!(
        SiguoRecord::from_compact(&turned.to_compact()),
        Ok(turned.clone())
    );
    let old = turned.to_json().replace("\"version\": 2", "\"version\": 1");
    let err = SiguoRecord::from_json(&old).unwrap_err().to_string();
    assert!(err.contains("'rail_one_turn'"), "{err}");
}

#[test]
fn the_camps_of_a_seat_that_is_out_are_open() {
    // E is out (no pieces): its camp Eb3 is open to S under no_enemy_camps; W's stays barred.
    let text = "S Ea2=0R,Wa2=0C,Sb5=0F,Nb5=2F,Wb5=3F";
    let p = pos(text, rules(&["no_enemy_camps"]));
    assert!(dests(&p, "Ea2").contains(&"Eb3".to_string()));
    assert!(!dests(&p, "Wa2").contains(&"Wb3".to_string()));
}

/// `bomb_cannot_take_flag` binds, as in 2-player 暗棋, once the flag is known to every seat: in
/// 全明, or where enemies are hidden after its Field Marshal fell. A bomb that attacks a flag
/// nobody knows is spent against it, and the flag stays: the referee allows what each seat's
/// view allows, and refusing the move would show where the flag is.
#[test]
fn a_bomb_may_attack_a_flag_nobody_knows() {
    let table = rules(&["bomb_cannot_take_flag"]);
    let text = "S Sa3=0Z,Sa2=1F,Sb5=0F,Ne0=2F,Nc3=2C,We0=3F,Wc3=3C,Ec3=1C";
    let hidden = pos(text, table);
    assert_eq!(hidden.info(), InfoMode::FourDark);
    assert!(dests(&hidden, "Sa3").contains(&"Sa2".to_string()));
    // S's view (the flag an X) allows the same move.
    let view = hidden.view(Seat::S, InfoMode::FourDark);
    assert!(dests(&view, "Sa3").contains(&"Sa2".to_string()));
    let mut after = hidden.clone();
    let report = after.play(mv("Sa3-Sa2")).unwrap();
    assert_eq!(report.clash, Some(Clash::Lose));
    assert_eq!(after.at(pt("Sa3")), None);
    assert_eq!(after.at(pt("Sa2")).and_then(|o| o.role), Some(Role::Flag));
    assert!(after.seating().is_in(Seat::E));
    // Known flags are protected: in 全明, and once E's Field Marshal has fallen.
    let mut open = pos(text, table);
    open.set_info(InfoMode::AllOpen);
    assert!(!dests(&open, "Sa3").contains(&"Sa2".to_string()));
    let mut shown = pos(text, table);
    shown.show_flag(Seat::E);
    assert!(!dests(&shown, "Sa3").contains(&"Sa2".to_string()));
    // Without the switch the bomb takes the flag.
    let mut plain = pos(text, SiguoRules::default());
    let report = plain.play(mv("Sa3-Sa2")).unwrap();
    assert_eq!(report.eliminated, vec![(Seat::E, ExitReason::FlagCaptured)]);
}
