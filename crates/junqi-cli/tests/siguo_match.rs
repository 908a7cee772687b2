//! `junqi match --seats`: 4-player matches between built-in players.

use std::process::Command;

fn junqi(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_junqi"))
        .args(args)
        .output()
        .expect("junqi runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn match_args<'a>(seats: &'a str, mode: &'a str, games: &'a str) -> Vec<&'a str> {
    vec![
        "match",
        "--seats",
        seats,
        "--mode",
        mode,
        "--games",
        games,
        "--seed",
        "7",
        "--threads",
        "2",
    ]
}

#[test]
fn four_player_match_reports_both_teams_in_every_mode() {
    for mode in ["siguo-dark", "siguo-double", "siguo-open"] {
        let (code, out, err) = junqi(&match_args("level:1,random,greedy,random", mode, "4"));
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("4 games, seed 7"), "{out}");
        assert!(out.contains("team A (level:1+greedy):"), "{out}");
        assert!(out.contains("team B (random+random):"), "{out}");
        assert!(out.contains("95% interval"), "{out}");
    }
}

#[test]
fn four_player_match_replays_from_its_seed() {
    let args = match_args("greedy,random,random,greedy", "siguo-dark", "6");
    let strip = |s: String| {
        s.lines()
            .filter(|l| l.starts_with("team"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (_, a, _) = junqi(&args);
    let (_, b, _) = junqi(&args);
    assert_eq!(strip(a), strip(b));
}

#[test]
fn four_player_match_refuses_bad_seats() {
    for (seats, mode) in [
        ("random,random,random", "siguo-dark"),
        ("random,random,random,level:9", "siguo-dark"),
        ("random,random,random,nobody", "siguo-open"),
        ("random,random,random,random", "siguo-nothing"),
    ] {
        let (code, out, err) = junqi(&match_args(seats, mode, "2"));
        assert_ne!(code, 0, "{seats} {mode}: {out}");
        assert!(!err.trim().is_empty());
    }
}
