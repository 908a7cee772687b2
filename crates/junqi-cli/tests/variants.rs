//! The rule switches of the rule sheets through the command line and the engine protocol.

mod common;
use common::{junqi, JUNQI, START};

use junqi_core::{Deployment, Rules};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn rules_on_the_command_line() {
    let (code, out, err) = junqi(&["perft", START, "3", "--rules", "rail_one_turn"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "37196");
    let (code, out, _) = junqi(&["perft", START, "3", "--rules", "mines_bounce,ply_limit=200"]);
    assert_eq!((code, out.trim()), (0, "36564"));
    let (code, _, err) = junqi(&["perft", START, "1", "--rules", "ply_limit=x"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "junqi: rule setting 'ply_limit' needs a number, not 'x'"
    );
    let (code, _, err) = junqi(&[
        "moves",
        START,
        "--rules",
        "flip_first_engineer,flip_two_same",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "junqi: the rule switches 'flip_first_engineer' and 'flip_two_same' cannot both be on"
    );
}

#[test]
fn the_engine_deploys_under_the_setup_switches() {
    let mut child = Command::new(JUNQI)
        .args(["engine", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{}\n{}\n{}\n",
        r#"{"type":"hello"}"#,
        r#"{"type":"new","mode":"dark","rules":{"mines_around_flag":true,"ply_limit":100},"color":"b","seed":4}"#,
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
    let reply: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let d: Deployment = reply["deployment"].as_str().unwrap().parse().unwrap();
    let rules = Rules {
        mines_around_flag: true,
        ..Rules::default()
    };
    assert_eq!(d.violations_with(&rules), vec![], "{d}");
}

#[test]
fn a_match_under_new_switches_with_an_external_engine() {
    let engine = format!("cmd:{} engine --level 1", JUNQI);
    for mode in ["open", "dark"] {
        let (code, out, err) = junqi(&[
            "match",
            "--red",
            &engine,
            "--black",
            "random",
            "--mode",
            mode,
            "--games",
            "2",
            "--seed",
            "5",
            "--ms",
            "2000",
            "--rules",
            "mines_around_flag,mines_bounce,rail_one_turn,no_enemy_camps,ply_limit=300",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("2 games"), "{out}");
    }
}
