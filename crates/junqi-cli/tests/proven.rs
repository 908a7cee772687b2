//! Engines are told, beside their view, what the record proves of each hidden piece
//! (docs/engine-host.md, "What the record proves"): only for the pieces their view hides, only
//! in the modes that hide identities, and never a set that leaves out the piece's true role.
#![cfg(target_os = "linux")]

use serde_json::Value;
use std::process::Command;

mod common;
use common::JUNQI;

/// Plays a short match with `seats` (`--red`/`--black` or `--seats` arguments), the first
/// engine's input copied into a file; returns every `go` message it got.
fn go_lines(name: &str, args: &[&str]) -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("junqi-proven-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("in.jsonl");
    let spied = format!("cmd:tee '{}' | {JUNQI} engine --level 1", log.display());
    let args: Vec<String> = args.iter().map(|a| a.replace("SPY", &spied)).collect();
    let out = Command::new(JUNQI)
        .arg("match")
        .args(&args)
        .output()
        .expect("junqi runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).expect("the engine's input");
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "go")
        .collect()
}

/// The letters of a view's board part that stand for enemy pieces it hides.
fn hidden_in(view: &str, letters: &[char]) -> usize {
    view.split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| letters.contains(c))
        .count()
}

#[test]
fn a_dark_game_tells_what_the_record_proves_of_each_hidden_enemy_piece() {
    let goes = go_lines(
        "dark",
        &[
            "--red", "SPY", "--black", "random", "--mode", "dark", "--games", "1", "--seed", "4",
        ],
    );
    assert!(goes.len() > 10, "a real game: {} moves", goes.len());
    let mut narrowed = 0;
    for go in &goes {
        let view = go["view"].as_str().expect("a view");
        let proven = go["proven"].as_array().expect("a list of what is proven");
        // The engine plays Red (game 0): Black's hidden pieces are `x`.
        assert_eq!(proven.len(), hidden_in(view, &['x']), "{go}");
        for entry in proven {
            let point = entry[0].as_str().expect("a point");
            let roles = entry[1].as_str().expect("role letters");
            assert!(point.parse::<junqi_core::Point>().is_ok(), "{entry}");
            assert!(!roles.is_empty() && roles.chars().all(|c| "MGDBRNCPEZLF".contains(c)));
            if roles.len() < 10 {
                narrowed += 1;
            }
        }
    }
    assert!(
        narrowed > 0,
        "the record never proved more than the setup rules"
    );
}

#[test]
fn an_open_game_tells_nothing_more() {
    let goes = go_lines(
        "open",
        &[
            "--red", "SPY", "--black", "random", "--mode", "open", "--games", "1", "--seed", "4",
        ],
    );
    assert!(!goes.is_empty());
    assert!(goes.iter().all(|g| g.get("proven").is_none()));
}

#[test]
fn a_four_player_dark_game_tells_it_too() {
    let goes = go_lines(
        "siguo",
        &[
            "--seats",
            "SPY,random,random,random",
            "--mode",
            "siguo-dark",
            "--games",
            "1",
            "--seed",
            "4",
        ],
    );
    assert!(goes.len() > 5);
    for go in &goes {
        let view = go["view"].as_str().expect("a view");
        let Some(proven) = go["proven"].as_array() else {
            panic!("nothing proven in {go}");
        };
        assert_eq!(proven.len(), view.matches('X').count(), "{go}");
    }
}
