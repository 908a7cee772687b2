//! The `junqi` binary as a user runs it: exact outputs, and one-line errors for bad input.

mod common;
use common::{junqi, JUNQI, START};

use std::process::Command;

#[test]
fn moves_lists_actions() {
    let (code, out, _) = junqi(&["moves", START]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 34);
    assert!(out.lines().any(|l| l == "a6-a7"));
    let (_, out, _) = junqi(&["moves", "1f3/5/5/5/5/5/5/5/5/5/E4/1F3 r 0 1"]);
    assert_eq!(out.lines().count(), 33);
    // Flips are written as one point.
    let (_, out, _) = junqi(&["moves", "1f3/5/5/5/5/?4/M4/5/5/5/5/1F3 r 0 1"]);
    assert!(out.lines().any(|l| l == "a7"));
    // Unknown enemies may be attacked.
    let (_, out, _) = junqi(&["moves", "1f3/5/5/5/5/x4/M4/5/5/5/5/1F3 r 0 1"]);
    assert!(out.lines().any(|l| l == "a6-a7"));
    // Rule switches.
    let (_, out, _) = junqi(&[
        "moves",
        "1f3/5/5/5/5/5/5/5/5/5/Z4/1F3 r 0 1",
        "--rules",
        "flying_bomb",
    ]);
    assert_eq!(out.lines().count(), 33);
}

#[test]
fn perft_matches_rules_md() {
    for (depth, want) in [("1", "34"), ("2", "1158"), ("3", "36564"), ("4", "1151628")] {
        let (code, out, _) = junqi(&["perft", START, depth]);
        assert_eq!(code, 0);
        assert_eq!(out.trim(), want);
    }
    let (_, out, _) = junqi(&["perft", START, "2", "--divide"]);
    assert_eq!(out.lines().last(), Some("1158"));
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 34);
}

#[test]
fn apply_plays_actions() {
    let (code, out, err) = junqi(&["apply", START, "a6-a7"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "llbfb/legme/r1n1r/dz1zd/c1n1c/Depcp/1ECPD/B1C1Z/ZN1RB/G1E1C/MENLP/RPLFL b 0 2"
    );
    let (code, out, _) = junqi(&["apply", START, "b6-b5"]);
    assert_eq!(code, 0);
    assert!(out.trim().ends_with("b 1 2"));
}

#[test]
fn validate_reports_every_violation() {
    let (code, out, _) = junqi(&["validate", "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"]);
    assert_eq!((code, out.trim()), (0, "ok"));
    let (code, out, _) = junqi(&["validate", "PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL"]);
    assert_eq!((code, out.trim()), (0, "ok"));
    let (code, out, _) = junqi(&["validate", "ZLCPD/BCZ/ZNRB/GEC/MENFP/RPLDL"]);
    assert_ne!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"bomb-in-front-row a6"));
    assert!(lines.contains(&"mine-outside-back-rows b6"));
    assert!(lines.contains(&"flag-not-in-headquarters d2"));
}

#[test]
fn bad_input_gives_one_line_errors() {
    for args in [
        vec!["moves", "nonsense"],
        vec!["moves", "1f3/5/5/5/5/5/5/5/5/5/MM3/1F3 r 0 1"],
        vec!["moves"],
        vec![
            "moves",
            "1f3/5/5/5/5/5/5/5/5/5/E4/1F3 r 0 1",
            "--rules",
            "no_such_rule",
        ],
        vec!["apply", START, "a6-a9"],
        vec!["apply", START, "z9-a1"],
        vec!["apply", START, "a6-a6"],
        vec!["perft", START, "x"],
        vec!["perft", START, "99"],
        vec!["validate", "DECPD/BCZ"],
        vec!["validate", "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFQ"],
        vec!["replay", "/no/such/file.json"],
        vec!["frobnicate"],
        vec![],
    ] {
        let (code, out, err) = junqi(&args);
        assert_ne!(code, 0, "{args:?} should fail");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("junqi: "), "{args:?}: {err}");
        let _ = out;
    }
}

#[test]
fn replay_checks_a_record() {
    let dir = std::env::temp_dir().join(format!("junqi-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    std::fs::write(
        &good,
        r#"{"version":1,"mode":"open","setup":{"kind":"deployments","red":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL","black":"PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL"},"actions":[{"action":"a6-a7","result":"win"},{"action":"e7-e6","result":"lose"}]}"#,
    )
    .unwrap();
    let (code, out, err) = junqi(&["replay", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "2 plies, unfinished");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"version":1,"mode":"open","setup":{"kind":"deployments","red":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL","black":"PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL"},"actions":[{"action":"a6-a7","result":"lose"}]}"#,
    )
    .unwrap();
    let (code, _, err) = junqi(&["replay", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("ply 1"), "{err}");
    std::fs::write(&bad, "{ not json").unwrap();
    let (code, _, err) = junqi(&["replay", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("not a game record"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_speaks_the_protocol() {
    use std::io::Write;
    let mut child = Command::new(JUNQI)
        .args(["engine", "--level", "2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{}\n{}\n{}\n{}\n",
        r#"{"type":"hello"}"#,
        r#"{"type":"new","mode":"open","rules":{},"color":"r","seed":5}"#,
        format_args!(r#"{{"type":"go","view":"{START}","ms":500}}"#),
        r#"{"type":"quit"}"#
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0]["type"], "hello");
    assert_eq!(lines[1]["type"], "deployment");
    let d = lines[1]["deployment"].as_str().unwrap();
    let (code, ok, _) = junqi(&["validate", d]);
    assert_eq!((code, ok.trim()), (0, "ok"));
    assert_eq!(lines[2]["type"], "action");
    let action = lines[2]["action"].as_str().unwrap();
    let (_, moves, _) = junqi(&["moves", START]);
    assert!(moves.lines().any(|l| l == action), "{action}");
}

#[test]
fn match_referees_builtin_and_external_players() {
    let (code, out, err) = junqi(&[
        "match", "--red", "level:2", "--black", "random", "--games", "4", "--seed", "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 games"), "{out}");
    assert!(out.contains("95% interval"), "{out}");
    // An external engine through the protocol (this same binary), in every mode.
    let engine = format!("cmd:{} engine --level 1", JUNQI);
    for mode in ["open", "dark", "flip"] {
        let (code, out, err) = junqi(&[
            "match", "--red", &engine, "--black", "greedy", "--mode", mode, "--games", "2",
            "--seed", "9", "--ms", "2000",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("2 games"), "{out}");
    }
    // A command that is no engine is refused before the match, with a hint for a mistyped level.
    let (code, _, err) = junqi(&["match", "--red", "level3", "--black", "random"]);
    assert_ne!(code, 0);
    assert!(err.contains("does not answer hello"), "{err}");
    assert!(err.contains("level:N"), "{err}");
    // Same seed, same result.
    let a = junqi(&[
        "match",
        "--red",
        "level:1",
        "--black",
        "greedy",
        "--games",
        "4",
        "--seed",
        "8",
        "--threads",
        "1",
    ])
    .1;
    let b = junqi(&[
        "match",
        "--red",
        "level:1",
        "--black",
        "greedy",
        "--games",
        "4",
        "--seed",
        "8",
        "--threads",
        "2",
    ])
    .1;
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&a), strip(&b));
}

#[test]
fn help_prints_usage_of_every_command() {
    let (code, out, err) = junqi(&["--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Usage: junqi <COMMAND>"), "{out}");
    for command in [
        "moves", "apply", "perft", "validate", "replay", "engine", "match",
    ] {
        assert!(out.contains(&format!("  {command} ")), "{command}: {out}");
        let (code, sub, err) = junqi(&[command, "--help"]);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(
            sub.contains(&format!("Usage: junqi {command}")),
            "{command}: {sub}"
        );
    }
    // `help <command>` is the same page.
    assert_eq!(junqi(&["help", "match"]).1, junqi(&["match", "--help"]).1);
    let (_, out, _) = junqi(&["match", "--help"]);
    for option in [
        "--red",
        "--black",
        "--seats",
        "--teams",
        "--mode",
        "--games",
        "--seed",
        "--ms",
        "--start-ms",
        "--rules",
        "--threads",
        "--records",
    ] {
        assert!(out.contains(option), "{option}: {out}");
    }
    assert!(out.contains("level:1..5"), "{out}");
    // The rule switches are listed where every command's --rules points.
    let (_, out, _) = junqi(&["--help"]);
    assert!(out.contains("marshal_survives_mine"), "{out}");
}

#[test]
fn match_options_that_do_not_go_together_are_refused_in_one_line() {
    for (args, words) in [
        (vec!["match"], "--red"),
        (vec!["match", "--red", "random"], "--black"),
        (
            vec![
                "match", "--red", "random", "--black", "random", "--seats", "a,b,c,d",
            ],
            "--seats",
        ),
        (
            vec![
                "match", "--red", "random", "--black", "random", "--teams", "each",
            ],
            "--teams",
        ),
        (
            vec![
                "match", "--red", "random", "--black", "random", "--games", "x",
            ],
            "'x'",
        ),
        (
            vec!["match", "--red", "random", "--black", "random", "--colour"],
            "--colour",
        ),
    ] {
        let (code, out, err) = junqi(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("junqi: "), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn a_two_player_match_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("junqi-2p-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let dir_text = dir.to_string_lossy().into_owned();
    let (code, out, err) = junqi(&[
        "match",
        "--red",
        "level:1",
        "--black",
        "greedy",
        "--mode",
        "dark",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "1",
        "--records",
        &dir_text,
    ]);
    assert_eq!(code, 0, "{err}");
    for g in 0..2 {
        let path = dir.join(format!("game-{g}.json"));
        let (code, replayed, err) = junqi(&["replay", &path.to_string_lossy()]);
        assert_eq!(code, 0, "game {g}: {err}");
        assert!(replayed.contains("plies"), "game {g}: {replayed}");
    }
    assert!(out.contains("level:1: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzle_check_proves_the_shipped_puzzles_and_names_a_bad_one() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../junqi-learn/data/puzzles.txt"
    );
    let (code, out, err) = junqi(&["puzzle", "check", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.trim_end().ends_with("puzzles, all proven"), "{out}");
    let bad = std::env::temp_dir().join(format!("junqi-bad-puzzle-{}.txt", std::process::id()));
    std::fs::write(
        &bad,
        "x1 flag 1 540 lfl1p/1B3/5/5/2c2/4r/5/1R1C1/2P2/3P1/2L2/LFLM1 b11-a11\n",
    )
    .unwrap();
    let (code, _, err) = junqi(&["puzzle", "check", bad.to_str().unwrap()]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "junqi: puzzle x1: at move 1 the moves that work are [b11-b12], not only b11-a11"
    );
}
