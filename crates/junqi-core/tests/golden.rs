//! Golden fixtures: record files (RULES.md §9 JSON) and share-link records (`to_compact`) written
//! by the build of 2026-11-30, before seats, the 4-player board and the new rule switches came
//! in. Every one must still read, replay to the same position and outcome, and be written back
//! byte for byte. `JUNQI_WRITE_GOLDEN=1 cargo test -p junqi-core --test golden` writes them
//! anew — only ever with the build whose formats they freeze.

mod common;

use junqi_core::{
    Deployment, DrawReason, Game, GameRecord, Mode, Outcome, Rules, Seat, Setup, SplitMix64,
};
use std::path::PathBuf;

/// The games frozen: a mode, the switches on, a seed, and how many plies at most.
const GAMES: [(&str, Mode, &[&str], u64, usize); 8] = [
    ("open-default", Mode::Open, &[], 1, 400),
    ("open-short", Mode::Open, &[], 2, 25),
    (
        "dark-scouts-flying",
        Mode::Dark,
        &["engineer_scouts", "flying_bomb"],
        3,
        400,
    ),
    (
        "dark-carry-home",
        Mode::Dark,
        &["carry_flag_home", "hq_exit"],
        4,
        400,
    ),
    ("flip-default", Mode::Flip, &[], 5, 400),
    (
        "flip-first-engineer",
        Mode::Flip,
        &["flip_first_engineer", "flip_smallest_takes_flag"],
        6,
        400,
    ),
    (
        "open-mines-explode",
        Mode::Open,
        &["mines_explode", "bomb_cannot_take_flag"],
        7,
        400,
    ),
    (
        "dark-no-collision",
        Mode::Dark,
        &["no_collision_31"],
        8,
        400,
    ),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// A seeded game of random legal actions, as the build of the fixtures plays it.
fn play(mode: Mode, switches: &[&str], seed: u64, max_plies: usize) -> Game {
    let mut rules = Rules::default();
    for name in switches {
        *rules
            .switch_mut(name)
            .expect("a switch of the frozen build") = true;
    }
    let setup = match mode {
        Mode::Flip => Setup::Shuffle { seed },
        _ => Setup::Deployments {
            red: Deployment::random(seed),
            black: Deployment::random(seed ^ 0xb1ac),
        },
    };
    let mut game = Game::new(mode, rules, setup).expect("random formations are valid");
    let mut rng = SplitMix64::new(seed);
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let actions = game.position().legal_actions();
        if actions.is_empty() {
            break;
        }
        let a = actions[rng.below(actions.len() as u64) as usize];
        game.play(a).expect("a legal action");
    }
    game
}

#[test]
fn records_and_links_of_the_frozen_build_still_hold() {
    let write = std::env::var_os("JUNQI_WRITE_GOLDEN").is_some();
    for (name, mode, switches, seed, plies) in GAMES {
        let json_path = dir().join(format!("{name}.json"));
        let link_path = dir().join(format!("{name}.link"));
        let end_path = dir().join(format!("{name}.end"));
        if write {
            let game = play(mode, switches, seed, plies);
            let record = game.record();
            std::fs::write(&json_path, record.to_json()).expect("write the record");
            std::fs::write(&link_path, record.to_compact()).expect("write the link");
            let end = end_of(&game);
            std::fs::write(&end_path, end).expect("write the end");
            continue;
        }
        let json = std::fs::read_to_string(&json_path).expect("a fixture");
        let link = std::fs::read_to_string(&link_path).expect("a fixture");
        let end = std::fs::read_to_string(&end_path).expect("a fixture");
        let record = GameRecord::from_json(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = Game::replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            end_of(&game),
            end,
            "{name}: the record replays to the same end"
        );
        assert_eq!(
            record.to_json(),
            json,
            "{name}: the record is written back byte for byte"
        );
        let from_link = GameRecord::from_compact(&link).unwrap_or_else(|e| panic!("{name}: {e}"));
        // A link leaves out what a replay works out (each action's result): replayed, it is
        // the same record.
        let replayed = Game::replay(&from_link).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            replayed.record().to_json(),
            json,
            "{name}: the link holds the same game"
        );
        assert_eq!(
            from_link.to_compact(),
            link,
            "{name}: the link is written back byte for byte"
        );
    }
}

/// The final position and outcome as the fixtures write them: in the words of the frozen
/// build's 2-player outcome (its winner `Red` or `Black`, its draws `NoMoves` and
/// `Agreement`).
fn end_of(game: &Game) -> String {
    let outcome = match game.outcome() {
        None => "None".to_string(),
        Some(o @ Outcome::Win { reason, .. }) => {
            let who = if o.winning_seat() == Some(Seat::RED) {
                "Red"
            } else {
                "Black"
            };
            format!("Some(Win {{ winner: {who}, reason: {reason:?} }})")
        }
        Some(Outcome::Draw { reason }) => {
            let reason = match reason {
                DrawReason::MutualWipeOut => "NoMoves".to_string(),
                DrawReason::Agreed => "Agreement".to_string(),
                other => format!("{other:?}"),
            };
            format!("Some(Draw {{ reason: {reason} }})")
        }
    };
    format!("{}\n{outcome}\n", game.position().to_jfen())
}
