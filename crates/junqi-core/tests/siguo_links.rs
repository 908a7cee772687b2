//! Share links (compact text) of 4-player records: format 3 round-trips whole games in every
//! information mode and under every table switch, a fixed game is written as a fixed link, every
//! 2-player link of the frozen build still reads identically through the format-neutral reader,
//! and corrupt, cut or random links are refused with a reason, never a panic.

use junqi_core::compact::{read_shared, SharedGame, SharedGameError};
use junqi_core::siguo::{
    InfoMode, SiguoEvent, SiguoRecord, SiguoRecordError, SiguoRules, Table, WipeOut,
};
use junqi_core::{Deployment, GameRecord, Order, PerSeat, RecordError, Rules, Seat, SplitMix64};
use junqi_core::{DrawReason, Outcome};
use proptest::prelude::*;
use std::path::PathBuf;

/// A random game: random legal moves, a seat resigning, timing out or missing a turn now and
/// then.
fn play_game(seed: u64, mode: InfoMode, rules: SiguoRules, max: usize) -> SiguoRecord {
    let mut rng = SplitMix64::new(seed);
    let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
    let mut record = SiguoRecord::new(mode, rules, formations);
    let mut pos = record.start().expect("valid formations");
    for _ in 0..max {
        if pos.is_over() {
            break;
        }
        let seat = pos.turn();
        match rng.below(300) {
            0 => {
                pos.resign(seat).expect("in the game");
                record.events.push(SiguoEvent::Resign { seat });
            }
            1 => {
                pos.time_out(seat).expect("in the game");
                record.events.push(SiguoEvent::Timeout { seat });
            }
            2 | 3 => {
                pos.miss_turn(seat).expect("to move");
                record.events.push(SiguoEvent::Miss { seat });
            }
            _ => {
                let moves = pos.legal_actions();
                let mv = moves[rng.below(moves.len() as u64) as usize];
                pos.play(mv).expect("legal");
                record.events.push(SiguoEvent::Move { mv });
            }
        }
    }
    record.result = pos.outcome();
    record
}

fn switches(seed: u64) -> SiguoRules {
    let mut rules = Rules::default();
    if seed % 2 == 1 {
        rules.mines_explode = true;
        rules.flying_bomb = true;
    }
    if seed % 3 == 1 {
        rules.ply_limit = 300;
    }
    if seed % 5 == 3 {
        rules.timeout_limit = 2;
    }
    SiguoRules {
        rules,
        order: if seed % 4 >= 2 {
            Order::Clockwise
        } else {
            Order::CounterClockwise
        },
        first: Seat::ALL[(seed % 4) as usize],
        wipe_out: if seed.is_multiple_of(5) {
            WipeOut::Draw
        } else {
            WipeOut::MoverWins
        },
        quiet_limit: if seed.is_multiple_of(7) { 40 } else { 70 },
        table: Table::Teams,
    }
}

#[test]
fn links_round_trip_whole_games() {
    for mode in InfoMode::ALL {
        for seed in 0..8 {
            let record = play_game(seed, mode, switches(seed), 3000);
            let link = record.to_compact();
            assert!(
                link.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{link}"
            );
            assert_eq!(SiguoRecord::from_compact(&link), Ok(record.clone()));
            assert_eq!(
                read_shared(&format!("#{link}")),
                Ok(SharedGame::FourPlayer(record.clone()))
            );
            let end = record.replay().expect("replays");
            let back = SiguoRecord::from_compact(&link).unwrap().replay().unwrap();
            assert_eq!(back, end, "{mode} seed {seed}");
        }
    }
}

/// A short game of fixed formations: two moves, E resigns, W times out, so S+N win.
fn fixed_game() -> SiguoRecord {
    let d = Deployment::classic_1();
    let mut record = SiguoRecord::new(
        InfoMode::DoubleOpen,
        SiguoRules::default(),
        PerSeat::new_with(|_| d.clone()),
    );
    let mut pos = record.start().unwrap();
    for _ in 0..2 {
        let mv = pos.legal_actions()[0];
        pos.play(mv).unwrap();
        record.events.push(SiguoEvent::Move { mv });
    }
    pos.resign(Seat::E).unwrap();
    record.events.push(SiguoEvent::Resign { seat: Seat::E });
    pos.time_out(Seat::W).unwrap();
    record.events.push(SiguoEvent::Timeout { seat: Seat::W });
    record.result = pos.outcome();
    record
}

/// The link of [`fixed_game`], frozen: format 3 must go on reading it.
const FIXED_LINK: &str = "AwEAAAAAAgAAAAAAAAAAAAAARgAAAAEDOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLAAYeBP4B_wM";

#[test]
fn a_fixed_game_has_a_fixed_link() {
    let record = fixed_game();
    assert_eq!(
        record
            .result
            .map(|o| o.describe(&junqi_core::Seating::four())),
        Some("S+N win (Timeout)".to_string())
    );
    assert_eq!(record.to_compact(), FIXED_LINK);
    assert_eq!(SiguoRecord::from_compact(FIXED_LINK), Ok(record));
}

#[test]
fn every_two_player_golden_link_reads_as_before() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the fixtures") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("link") {
            continue;
        }
        let link = std::fs::read_to_string(&path).expect("a fixture");
        let direct = GameRecord::from_compact(&link).expect("reads");
        let Ok(SharedGame::TwoPlayer(shared)) = read_shared(&link) else {
            panic!("{path:?}: not read as a 2-player game");
        };
        assert_eq!(shared, direct, "{path:?}");
        assert_eq!(
            shared.to_compact(),
            link,
            "{path:?}: written back byte for byte"
        );
        // The 4-player reader names what it was given.
        assert_eq!(
            SiguoRecord::from_compact(&link).unwrap_err().to_string(),
            "bad shared 4-player game: it holds a 2-player game"
        );
        n += 1;
    }
    assert_eq!(n, 8);
}

#[test]
fn corrupt_and_cut_links_are_refused_with_a_reason() {
    let link = fixed_game().to_compact();
    let err = |text: &str| SiguoRecord::from_compact(text).unwrap_err().to_string();
    // The 2-player reader refuses format 3 as a later version.
    assert_eq!(
        GameRecord::from_compact(&link),
        Err(RecordError::Version(3))
    );
    assert_eq!(err("!!"), "bad shared 4-player game: not base64url");
    assert_eq!(
        err(""),
        "bad shared 4-player game: it ends inside the format"
    );
    // Cut inside the header, inside a formation and inside an event.
    let bytes = |n: usize| {
        use base64::Engine;
        let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(&link)
            .unwrap();
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&raw[..n])
    };
    assert_eq!(
        err(&bytes(4)),
        "bad shared 4-player game: it ends inside the rule switches"
    );
    assert_eq!(
        err(&bytes(30)),
        "bad shared 4-player game: it ends inside seat S's formation"
    );
    assert_eq!(
        err(&bytes(80)),
        "bad shared 4-player game: it ends inside seat W's formation"
    );
    assert_eq!(
        err(&bytes(85)),
        "bad shared 4-player game: it ends inside an event"
    );
    // A later format.
    let mut raw = {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(&link)
            .unwrap()
    };
    let encode = |raw: &[u8]| {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(raw)
    };
    raw[0] = 9;
    assert_eq!(
        err(&encode(&raw)),
        "bad shared 4-player game: format 9 is newer than this version reads (1 to 4)"
    );
    raw[0] = 3;
    raw[1] = 7;
    assert_eq!(
        err(&encode(&raw)),
        "bad shared 4-player game: unknown information mode"
    );
    raw[1] = 1;
    // The first event's destination off the board.
    let first_event = raw.len() - 8;
    raw[first_event + 1] = 200;
    assert_eq!(
        err(&encode(&raw)),
        "bad shared 4-player game: event 0: no point 200"
    );
    // A link that reads but does not replay is refused by the replay, with the event.
    raw[first_event + 1] = raw[first_event];
    assert_eq!(
        err(&encode(&raw)),
        "bad shared 4-player game: event 0: a move to where it starts"
    );
    raw[first_event + 1] = 125;
    let record = SiguoRecord::from_compact(&encode(&raw)).expect("reads");
    assert!(matches!(
        record.replay(),
        Err(SiguoRecordError::Event { index: 0, .. })
    ));
    // read_shared gives the same reasons.
    assert!(matches!(
        read_shared(&bytes(30)),
        Err(SharedGameError::FourPlayer(SiguoRecordError::Link(_)))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200), format in 0u8..5) {
        use base64::Engine;
        let mut bytes = bytes;
        if let Some(b) = bytes.first_mut() {
            *b = format;
        }
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
        if let Ok(r) = SiguoRecord::from_compact(&text) {
            let _ = r.replay();
        }
        let _ = read_shared(&text);
    }

    #[test]
    fn random_text_never_panics(s in "\\PC{0,120}") {
        let _ = SiguoRecord::from_compact(&s);
        let _ = read_shared(&s);
    }

    #[test]
    fn mangled_links_never_panic(seed in 0u64..20, cut in 0usize..400, at in 0usize..400, byte in any::<u8>()) {
        use base64::Engine;
        let link = play_game(seed, InfoMode::ALL[(seed % 3) as usize], switches(seed), 150).to_compact();
        let mut raw = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&link).unwrap();
        if !raw.is_empty() {
            let i = at % raw.len();
            raw[i] = byte;
        }
        raw.truncate(cut.max(1));
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&raw);
        if let Ok(r) = SiguoRecord::from_compact(&text) {
            let _ = r.replay();
        }
    }
}

#[test]
fn an_agreed_draw_is_recorded_linked_and_replayed() {
    let d = Deployment::classic_1();
    let mut record = SiguoRecord::new(
        InfoMode::FourDark,
        SiguoRules::default(),
        PerSeat::new_with(|_| d.clone()),
    );
    let mut pos = record.start().unwrap();
    let mv = pos.legal_actions()[0];
    pos.play(mv).unwrap();
    record.events.push(SiguoEvent::Move { mv });
    let r = pos.agree_draw(Seat::E).unwrap();
    assert_eq!(
        r.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::Agreed
        })
    );
    assert!(pos.agree_draw(Seat::N).is_err(), "the game is over");
    record.events.push(SiguoEvent::Draw { seat: Seat::E });
    record.result = pos.outcome();
    assert_eq!(record.replay().unwrap(), pos);
    let back = SiguoRecord::from_compact(&record.to_compact()).unwrap();
    assert_eq!(back, record);
    let json = SiguoRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(json, record);
    assert!(record.to_json().contains("\"kind\": \"draw\""));
}
