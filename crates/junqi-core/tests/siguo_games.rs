//! Whole 4-player games between random players, each choosing from its own seat's view, in
//! every information mode: they finish, and their records replay to the same result.

use junqi_core::siguo::{InfoMode, Position, SiguoEvent, SiguoRecord, SiguoRules, WipeOut};
use junqi_core::{Deployment, Order, PerSeat, Seat, SplitMix64};
use proptest::prelude::*;

fn play_game(seed: u64, mode: InfoMode, rules: SiguoRules) -> SiguoRecord {
    let mut rng = SplitMix64::new(seed);
    let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
    let mut record = SiguoRecord::new(mode, rules, formations);
    let mut pos = record.start().expect("valid formations");
    let mut plies = 0;
    while !pos.is_over() && plies < 5000 {
        let seat = pos.turn();
        // Now and then a seat resigns.
        if rng.below(900) == 0 {
            pos.resign(seat).expect("in the game");
            record.events.push(SiguoEvent::Resign { seat });
            continue;
        }
        let view = pos.view(seat, mode);
        let moves = view.legal_actions();
        assert_eq!(moves, pos.legal_actions(), "seed {seed} {mode}: {pos}");
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play(mv).expect("legal");
        record.events.push(SiguoEvent::Move { mv });
        plies += 1;
    }
    assert!(
        pos.is_over(),
        "seed {seed} {mode}: no end after {plies} plies"
    );
    record.result = pos.outcome();
    record
}

#[test]
fn random_games_finish_and_replay_in_every_mode() {
    let mut results = Vec::new();
    for mode in InfoMode::ALL {
        for seed in 0..6 {
            let record = play_game(seed, mode, SiguoRules::default());
            let json = record.to_json();
            let back = SiguoRecord::from_json(&json).expect("reads back");
            assert_eq!(back, record);
            let end = back.replay().expect("replays");
            assert_eq!(end.outcome(), record.result);
            results.push(record.result);
        }
    }
    assert!(results.iter().all(Option::is_some));
}

#[test]
fn switches_are_recorded_and_replayed() {
    let rules = SiguoRules {
        order: Order::Clockwise,
        first: Seat::W,
        wipe_out: WipeOut::Draw,
        ..SiguoRules::default()
    };
    let record = play_game(11, InfoMode::DoubleOpen, rules);
    let back = SiguoRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(back.rules, rules);
    assert_eq!(back.replay().unwrap().outcome(), record.result);
}

#[test]
fn tampered_records_are_refused_with_a_reason() {
    let record = play_game(3, InfoMode::FourDark, SiguoRules::default());
    let mut wrong_result = record.clone();
    wrong_result.result = None;
    let e = wrong_result.replay().unwrap_err().to_string();
    assert!(e.contains("the record says no result"), "{e}");

    let mut bad_move = record.clone();
    bad_move.events[0] = SiguoEvent::Move {
        mv: "Sa0-Nc5".parse().unwrap(),
    };
    let e = bad_move.replay().unwrap_err().to_string();
    assert!(e.starts_with("event 0: Sa0-Nc5 is not a legal move"), "{e}");

    let mut bad_setup = record.clone();
    bad_setup.formations[2] = "ZECPD/BCD/ZNRB/GEC/MENLP/RPLFL".parse().unwrap();
    let e = bad_setup.replay().unwrap_err().to_string();
    assert!(
        e.starts_with("seat N's formation: bomb-in-front-row"),
        "{e}"
    );

    let newer = record.to_json().replace("\"version\": 1", "\"version\": 9");
    assert_eq!(
        SiguoRecord::from_json(&newer).unwrap_err().to_string(),
        "record version 9 is newer than this"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn record_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = SiguoRecord::from_json(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn mangled_records_never_panic(cut in 0usize..2000, byte in any::<u8>()) {
        let json = play_game(5, InfoMode::AllOpen, SiguoRules::default()).to_json();
        let mut bytes = json.into_bytes();
        if cut < bytes.len() {
            bytes[cut] = byte;
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(r) = SiguoRecord::from_json(&text) {
            let _ = r.replay();
        }
    }
}

#[test]
fn a_new_game_starts_with_the_first_seat() {
    let rules = SiguoRules {
        first: Seat::N,
        ..SiguoRules::default()
    };
    let record = SiguoRecord::new(
        InfoMode::FourDark,
        rules,
        PerSeat::new_with(|_| Deployment::classic_2()),
    );
    let pos: Position = record.start().unwrap();
    assert_eq!(pos.turn(), Seat::N);
    assert_eq!(pos.legal_actions().len(), 42);
}
