//! The other tables of the cross board (docs/rules-variants.md, "Other tables"): 四方混战, four
//! players each for himself, and 三国, three players with W's area empty and closed. Whole
//! games finish with one seat left, replay, and round-trip through JSON and share links
//! (format 4); the closed area is never entered; a 四国 record is written as before.

use junqi_core::compact::{read_shared, SharedGame};
use junqi_core::seat::{Seat, Team};
use junqi_core::siguo::{
    InfoMode, Point, Position, SiguoEvent, SiguoRecord, SiguoRecordError, SiguoRules,
    SiguoRulesError, Table,
};
use junqi_core::{Deployment, PerSeat, SplitMix64};
use junqi_core::{ExitReason, Outcome};

fn table(t: Table) -> SiguoRules {
    SiguoRules {
        table: t,
        ..SiguoRules::default()
    }
}

fn pos(text: &str, t: Table) -> Position {
    Position::from_notation_with(text, table(t)).unwrap()
}

fn mv(s: &str) -> junqi_core::Action<Point> {
    s.parse().unwrap()
}

/// A random game at `t`: random legal moves, now and then a seat resigning.
fn play(seed: u64, t: Table, mode: InfoMode) -> (SiguoRecord, Position) {
    let seats = t.seating();
    let formations = PerSeat::new_with(|s| {
        if seats.contains(s) {
            Deployment::random(seed * 4 + s.index() as u64)
        } else {
            Deployment::empty()
        }
    });
    let mut record = SiguoRecord::new(mode, table(t), formations);
    let mut p = record.start().expect("valid formations");
    let mut rng = SplitMix64::new(seed);
    for _ in 0..4000 {
        if p.is_over() {
            break;
        }
        if rng.below(400) == 0 {
            let seat = p.turn();
            p.resign(seat).unwrap();
            record.events.push(SiguoEvent::Resign { seat });
            continue;
        }
        let moves = p.legal_actions();
        let m = moves[rng.below(moves.len() as u64) as usize];
        for q in p.path(m) {
            assert!(!p.closed().contains(q), "{m} passes the closed area");
        }
        p.play(m).unwrap();
        record.events.push(SiguoEvent::Move { mv: m });
    }
    record.result = p.outcome();
    (record, p)
}

#[test]
fn each_for_himself_every_other_seat_is_an_enemy() {
    let seating = Table::Each.seating();
    assert_eq!(seating.teams(), 4);
    for a in Seat::ALL {
        assert_eq!(seating.partner(a), None);
        for b in Seat::ALL {
            assert_eq!(seating.are_enemies(a, b), a != b);
        }
    }
    // S may take N's piece, which at 四国 would be its partner's.
    let text = "S Na1=0M,Sb5=0F,Na0=2C,Nb5=2F,Eb5=1F,Ea4=1C,Wb5=3F,Wa4=3C";
    assert!(!pos(text, Table::Teams).is_legal(mv("Na1-Na0")));
    assert!(pos(text, Table::Each).is_legal(mv("Na1-Na0")));
}

#[test]
fn the_game_goes_on_until_one_seat_is_left() {
    // S takes W's flag: W is out, E and N play on; the game ends when one seat is left.
    let text = "S Sa0=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,We0=3F,Wa4=3C";
    let mut p = pos(text, Table::Each);
    let r = p.play(mv("Sa0-We0")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat::W, ExitReason::FlagCaptured)]);
    assert_eq!(r.outcome, None);
    p.resign(Seat::E).unwrap();
    assert_eq!(p.outcome(), None);
    let end = p.resign(Seat::N).unwrap();
    assert_eq!(
        end.outcome,
        Some(Outcome::Win {
            team: Team::new(0).unwrap(),
            reason: ExitReason::Resignation
        })
    );
    assert_eq!(
        end.outcome.unwrap().describe(p.seating()),
        "S wins (Resignation)"
    );
}

#[test]
fn three_players_and_a_closed_area() {
    let seating = Table::Three.seating();
    assert_eq!(seating.count(), 3);
    assert!(!seating.contains(Seat::W));
    // An engineer at Sa0 may run round the arc into W's area at 四国, never at 三国.
    let text = "S Sa0=0E,Sb5=0F,Eb5=1F,Nb5=2F";
    let open = Position::from_notation(&format!("{text},Wb5=3F")).unwrap();
    let closed = pos(text, Table::Three);
    let into_w = |p: &Position| {
        p.destinations_from("Sa0".parse().unwrap())
            .into_iter()
            .filter(|q: &Point| q.area() == Some(Seat::W))
            .count()
    };
    assert!(into_w(&open) > 0);
    assert_eq!(into_w(&closed), 0);
    assert!(closed.closed().iter().all(|q| q.area() == Some(Seat::W)));
    assert_eq!(closed.closed().count(), 30);
    // W cannot sit or move at this table.
    let w_piece = Position::from_notation_with("S Sb5=0F,Wb5=3F", table(Table::Three));
    assert!(w_piece.unwrap_err().to_string().contains("seat W"));
    let w_turn = Position::from_notation_with("W Sb5=0F", table(Table::Three));
    assert!(w_turn.is_err());
    let w_first = SiguoRules {
        first: Seat::W,
        ..table(Table::Three)
    };
    assert_eq!(
        w_first.validate(),
        Err(SiguoRulesError::FirstNotAtTable(Seat::W))
    );
    // A record may not give W a formation.
    let mut record = SiguoRecord::new(
        InfoMode::FourDark,
        table(Table::Three),
        PerSeat::new_with(|_| Deployment::classic_1()),
    );
    assert!(matches!(
        record.start(),
        Err(SiguoRecordError::Setup { seat: Seat::W, .. })
    ));
    record.formations[3] = Deployment::empty();
    let start = record.start().unwrap();
    assert!(start.pieces_of(Seat::W).is_empty());
    assert_eq!(start.occupied().count(), 75);
}

/// The starts of the new tables, every seat classic-1.
#[test]
fn perft_of_the_new_tables() {
    for (t, want) in [
        (Table::Teams, [42, 1779, 74881]),
        (Table::Each, [45, 2036, 93402]),
        (Table::Three, [44, 1864, 83172]),
    ] {
        let p = Position::start_all(table(t), &Deployment::classic_1());
        let got: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
        assert_eq!(got, want, "{t:?}");
    }
}

#[test]
fn whole_games_at_the_new_tables_finish_replay_and_round_trip() {
    for t in [Table::Each, Table::Three] {
        for mode in InfoMode::ALL {
            for seed in 0..4 {
                let (record, end) = play(seed, t, mode);
                if let Some(Outcome::Win { team, .. }) = end.outcome() {
                    let left: Vec<Seat> = end
                        .seating()
                        .seats()
                        .filter(|&s| end.seating().is_in(s))
                        .collect();
                    assert_eq!(left.len(), 1, "{t:?} {mode} {seed}: one seat left");
                    assert_eq!(end.seating().team(left[0]), team);
                }
                assert_eq!(record.replay().unwrap(), end, "{t:?} {mode} {seed}");
                let link = record.to_compact();
                let back = SiguoRecord::from_compact(&link).unwrap();
                assert_eq!(back, record);
                assert_eq!(
                    read_shared(&link),
                    Ok(SharedGame::FourPlayer(record.clone()))
                );
                let json = record.to_json();
                assert!(json.contains(&format!("\"table\": \"{}\"", t.as_str())));
                assert_eq!(SiguoRecord::from_json(&json).unwrap(), record);
            }
        }
    }
    // A 四国 record names no table: it is written exactly as before.
    let (record, _) = play(1, Table::Teams, InfoMode::FourDark);
    assert!(!record.to_json().contains("\"table\""));
}
