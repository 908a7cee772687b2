//! `junqi match --seats`: 4-player matches between built-in players.

mod common;
use common::{junqi, JUNQI};

use std::process::Command;

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
        ("random,random", "siguo-dark"),
        ("random,random,random,random,random", "siguo-dark"),
        ("random,random,random,level:9", "siguo-dark"),
        ("random,random,random,nobody", "siguo-open"),
        ("random,random,random,random", "siguo-nothing"),
    ] {
        let (code, out, err) = junqi(&match_args(seats, mode, "2"));
        assert_ne!(code, 0, "{seats} {mode}: {out}");
        assert!(!err.trim().is_empty());
    }
}

/// `junqi match --seats SEATS --mode siguo-dark --games GAMES --seed SEED --threads 2`, with
/// thinking and start deadlines far beyond any level's node budget (a loaded machine can never
/// cut a search short and change the games), then `extra`.
fn engine_match(seats: &str, games: &str, seed: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "match",
        "--seats",
        seats,
        "--mode",
        "siguo-dark",
        "--games",
        games,
        "--seed",
        seed,
        "--threads",
        "2",
        "--ms",
        "60000",
        "--start-ms",
        "60000",
    ];
    args.extend_from_slice(extra);
    junqi(&args)
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("junqi-siguo-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn replay(path: &std::path::Path) -> String {
    let (code, out, err) = junqi(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    out.trim().to_string()
}

/// The engines think within their level's node budget; the deadlines are set far beyond it so
/// that a loaded machine can never cut a search short and change the games.
#[test]
fn engines_play_seats_of_a_four_player_match() {
    let bin = JUNQI;
    let seats = format!("cmd:{bin} engine --level 1,random,cmd:{bin} engine --level 2,greedy");
    let dir = temp_dir("engines");
    let (code, out, err) = junqi(&[
        "match",
        "--seats",
        &seats,
        "--mode",
        "siguo-dark",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "2",
        "--ms",
        "60000",
        "--start-ms",
        "60000",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("resigns"), "{err}");
    let teams: Vec<&str> = out.lines().filter(|l| l.starts_with("team")).collect();
    assert_eq!(teams.len(), 2, "{out}");
    assert!(
        teams[0].starts_with(&format!(
            "team A (cmd:{bin} engine --level 1+cmd:{bin} engine --level 2): 2 wins, 0 draws, 0 losses;"
        )),
        "{out}"
    );
    assert!(
        teams[1].starts_with("team B (random+greedy): 0 wins, 0 draws, 2 losses;"),
        "{out}"
    );
    // Both games were recorded and replay. Their results pin the players' choices (the seeds
    // and node budgets decide them), so any change to a player shows here: the engines win
    // game 0, where they sit at S and N, and game 1, where every place sits one seat on
    // (E+W). Over 60 games the same levels win 95 % against random+greedy (BENCHMARKS.md).
    assert_eq!(
        replay(&dir.join("game-0.json")),
        "309 events, S+N win (FlagCaptured)"
    );
    assert_eq!(
        replay(&dir.join("game-1.json")),
        "177 events, E+W win (FlagCaptured)"
    );
}

/// Engines that answer the protocol but play an illegal move, or exit when asked to move.
const ILLEGAL: &str = r#"while read -r l; do case "$l" in *hello*) echo '{"type":"hello","name":"bad"}';; *'"new"'*) echo '{"type":"deployment","deployment":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"}';; *'"go"'*) echo '{"type":"action","action":"Sa0-Nc5"}';; esac; done"#;
const CRASH: &str = r#"while read -r l; do case "$l" in *hello*) echo '{"type":"hello","name":"crash"}';; *'"new"'*) echo '{"type":"deployment","deployment":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"}';; *'"go"'*) exit 3;; esac; done"#;

#[test]
fn a_misbehaving_engine_resigns_its_seat_and_the_partner_plays_on() {
    use junqi_core::siguo::{SiguoEvent, SiguoRecord};
    let dir = temp_dir("bad");
    let illegal = dir.join("illegal.sh");
    let crash = dir.join("crash.sh");
    std::fs::write(&illegal, ILLEGAL).unwrap();
    std::fs::write(&crash, CRASH).unwrap();
    let seats = format!(
        "cmd:sh {},random,greedy,cmd:sh {}",
        illegal.display(),
        crash.display()
    );
    let (code, out, err) = junqi(&[
        "match",
        "--seats",
        &seats,
        "--mode",
        "siguo-dark",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "1",
        "--ms",
        "60000",
        "--start-ms",
        "60000",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let i = format!("cmd:sh {}", illegal.display());
    let c = format!("cmd:sh {}", crash.display());
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!("junqi: game 0: seat S ('{i}') resigns: Sa0-Nc5 is not a legal move"),
            format!("junqi: game 0: seat W ('{c}') resigns: go: engine ended its output before 'action'"),
            format!("junqi: game 1: seat S ('{c}') resigns: go: engine ended its output before 'action'"),
            format!("junqi: game 1: seat E ('{i}') resigns: Sa0-Nc5 is not a legal move"),
        ]
    );
    assert!(out.contains("team A ("), "{out}");
    assert_eq!(
        replay(&dir.join("game-0.json")),
        "256 events, draw (NoCapture)"
    );
    assert_eq!(
        replay(&dir.join("game-1.json")),
        "283 events, S+N win (NoLegalMove)"
    );
    // In game 0, S resigned at its first turn; its partner N moved on until the game ended.
    let text = std::fs::read_to_string(dir.join("game-0.json")).unwrap();
    let record = SiguoRecord::from_json(&text).unwrap();
    let mut pos = record.start().unwrap();
    let mut north_after = 0;
    let mut resigned = false;
    for e in &record.events {
        match *e {
            SiguoEvent::Move { mv } => {
                if resigned && pos.turn() == junqi_core::Seat::N {
                    north_after += 1;
                }
                pos.play(mv).unwrap();
            }
            SiguoEvent::Resign { seat } => {
                resigned |= seat == junqi_core::Seat::S;
                pos.resign(seat).unwrap();
            }
            SiguoEvent::Timeout { seat } => {
                pos.time_out(seat).unwrap();
            }
            SiguoEvent::Miss { seat } => {
                pos.miss_turn(seat).unwrap();
            }
            SiguoEvent::Draw { seat } => {
                pos.agree_draw(seat).unwrap();
            }
        }
    }
    assert_eq!(
        record.events[0],
        SiguoEvent::Resign {
            seat: junqi_core::Seat::S
        }
    );
    assert!(north_after > 50, "{north_after}");
}

#[test]
fn engine_answers_the_four_player_protocol() {
    use std::io::Write;
    let mut child = Command::new(JUNQI)
        .args(["engine", "--level", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let view = "E Sa0=0X,Sb5=0X,Ea0=1G,Eb5=1F,Ed5=1L,Na0=2X,Nb5=2X";
    let input = [
        r#"{"type":"hello"}"#.to_string(),
        r#"{"type":"new","mode":"siguo-double","seat":"E","seating":{"order":"counter-clockwise","first":"S"},"seed":11}"#.to_string(),
        r#"{"type":"update","view":"E Sa0=0X","ply":2,"quiet":1,"last":{"by":"S","action":"Sa1-Sa0","result":"move","out":[],"revealed":[]}}"#.to_string(),
        format!(r#"{{"type":"go","view":"{view}","ply":2,"quiet":1,"ms":3000}}"#),
        r#"{"type":"new","mode":"siguo-dark","seed":1}"#.to_string(),
        r#"{"type":"new","mode":"siguo-dark","seat":"Q"}"#.to_string(),
        r#"{"type":"update","last":{"by":"S","action":"Sa1-Sa0","result":"dance"}}"#.to_string(),
        r#"{"type":"update","last":{"by":"S","action":"Sa1-Sa0","result":"move","revealed":[["Nb5"]]}}"#.to_string(),
        r#"{"type":"update","last":{"by":"S","action":"Sa1-Sa0","result":"move","revealed":[["Nb5","2X"]]}}"#.to_string(),
        r#"{"type":"go","view":"S Sa0=0X","ms":100}"#.to_string(),
        r#"{"type":"quit"}"#.to_string(),
    ];
    child
        .stdin
        .take()
        .unwrap()
        .write_all((input.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 9, "{lines:?}");
    assert_eq!(lines[0]["type"], "hello");
    assert_eq!(lines[1]["type"], "deployment");
    let d = lines[1]["deployment"].as_str().unwrap();
    let (code, ok, _) = junqi(&["validate", "--seat", "E", d]);
    assert_eq!((code, ok.trim()), (0, "ok"));
    // The move is one of E's legal moves in that view.
    assert_eq!(lines[2]["type"], "action", "{:?}", lines[2]);
    let (_, moves, _) = junqi(&["moves", view]);
    let action = lines[2]["action"].as_str().unwrap();
    assert!(moves.lines().any(|m| m == action), "{action}: {moves}");
    assert_eq!(
        lines[3]["message"],
        "new: a 4-player 'new' needs a 'seat' (S, E, N or W)"
    );
    assert_eq!(
        lines[4]["message"],
        "new: 'seat' must be \"S\", \"E\", \"N\" or \"W\", not \"Q\""
    );
    assert_eq!(
        lines[5]["message"],
        "update: 'last.result' must be move, win, lose, both, bounce, resign, timeout or miss"
    );
    assert_eq!(
        lines[6]["message"],
        r#"update: 'last.revealed': bad entry ["Nb5"] (a point and a piece, e.g. ["Nb5","2F"]) (the event is kept without it)"#
    );
    assert_eq!(
        lines[7]["message"],
        "update: 'last.revealed': a piece made public names its rank, not '2X' (the event is kept without it)"
    );
    assert_eq!(
        lines[8]["message"],
        "go: it is S's turn, and this engine plays E"
    );
}

#[test]
fn an_engine_is_only_ever_shown_its_own_seats_pieces() {
    let bin = JUNQI;
    let dir = temp_dir("views");
    let log = dir.join("input.log");
    // The engine at place 1 writes down every line the host sends it.
    let seats = format!(
        "level:1,cmd:tee -a {} | {bin} engine --level 1,random,greedy",
        log.display()
    );
    let (code, out, err) = junqi(&[
        "match",
        "--seats",
        &seats,
        "--mode",
        "siguo-dark",
        "--games",
        "2",
        "--seed",
        "5",
        "--threads",
        "1",
        "--ms",
        "60000",
        "--start-ms",
        "60000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("resigns"), "{err}");
    assert!(out.contains("2 games"), "{out}");
    let text = std::fs::read_to_string(&log).unwrap();
    let mut seat = None;
    let (mut views, mut updates, mut gos) = (0, 0, 0);
    for line in text.lines() {
        let msg: serde_json::Value = serde_json::from_str(line).unwrap();
        match msg["type"].as_str() {
            Some("new") => {
                assert_eq!(msg["mode"], "siguo-dark");
                assert_eq!(
                    msg["seating"]["teams"],
                    serde_json::json!([["S", "N"], ["E", "W"]])
                );
                seat = msg["seat"].as_str().map(|s| match s {
                    "S" => '0',
                    "E" => '1',
                    "N" => '2',
                    _ => '3',
                });
            }
            Some("update") => updates += 1,
            Some("go") => gos += 1,
            _ => {}
        }
        let Some(view) = msg["view"].as_str() else {
            continue;
        };
        let me = seat.expect("new comes first");
        views += 1;
        let (_, list) = view.split_once(' ').unwrap();
        for item in list.split(',').filter(|s| !s.is_empty()) {
            let (_, piece) = item.split_once('=').unwrap();
            let mut c = piece.chars();
            let (owner, letter) = (c.next().unwrap(), c.next().unwrap());
            // Its own pieces by name; every other piece hidden, but a flag shown to everyone.
            assert!(
                owner == me && letter != 'X' || owner != me && (letter == 'X' || letter == 'F'),
                "seat {me} was shown {item} in {view}"
            );
        }
    }
    // Place 1 sits at E in game 0 and at N in game 1.
    assert_eq!(seat, Some('2'));
    assert!(
        views > 100 && gos > 20 && updates > gos,
        "{views} {gos} {updates}"
    );
}

/// Every switch that applies on the cross board reaches the games, the engines and the records:
/// engines and built-in players play whole games under them without a forfeit, every record
/// replays under the switches it names, and a 2-player-only switch is refused by name.
#[test]
fn four_player_matches_play_under_the_cross_board_switches() {
    let bin = JUNQI;
    let seats = format!("cmd:{bin} engine --level 1,random,greedy,level:1");
    for (k, switches) in [
        "rail_one_turn,no_enemy_camps,mines_around_flag",
        "rail_three_steps,engineer_scouts,mines_bounce,bombs_front_row",
        "marshal_survives_mine,no_collision_31,ply_limit=120,dead_position_draw",
    ]
    .into_iter()
    .enumerate()
    {
        let dir = temp_dir(&format!("switches-{k}"));
        let (code, out, err) = engine_match(
            &seats,
            "2",
            "5",
            &["--rules", switches, "--records", dir.to_str().unwrap()],
        );
        assert_eq!(code, 0, "{switches}: {err}");
        assert!(!err.contains("resigns"), "{switches}: {err}");
        assert!(out.contains("2 games, seed 5"), "{out}");
        for g in 0..2 {
            let path = dir.join(format!("game-{g}.json"));
            let text = std::fs::read_to_string(&path).unwrap();
            for name in switches.split(',') {
                let key = name.split('=').next().unwrap();
                assert!(text.contains(&format!("\"{key}\"")), "{key} in game {g}");
            }
            assert!(replay(&path).contains("events"), "{switches} game {g}");
        }
    }
    let (code, _, err) = junqi(&[
        "match",
        "--seats",
        "random,random,random,random",
        "--games",
        "1",
        "--rules",
        "flip_two_same",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'flip_two_same' does not apply to the 4-player game"),
        "{err}"
    );
}

/// 四方混战 and 三国 through `junqi match`: whole games between engines and built-in players,
/// every place sitting at every seat in turn, each place's results, every record replaying.
#[test]
fn matches_at_the_tables_where_each_plays_for_himself() {
    let bin = JUNQI;
    for (seats, teams, n) in [
        (
            format!("cmd:{bin} engine --level 1,random,greedy,level:1"),
            Some("each"),
            4,
        ),
        (
            format!("level:1,cmd:{bin} engine --level 1,random"),
            None,
            3,
        ),
    ] {
        let dir = temp_dir(&format!("each-{n}"));
        let mut extra = vec!["--records", dir.to_str().unwrap()];
        if let Some(t) = teams {
            extra.extend(["--teams", t]);
        }
        let (code, out, err) = engine_match(&seats, "3", "9", &extra);
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains("resigns"), "{err}");
        let table = if n == 4 {
            "each (四方混战)"
        } else {
            "three (三国)"
        };
        assert!(
            out.contains(&format!("{table}, mode siguo-dark (四暗), 3 games, seed 9")),
            "{out}"
        );
        let places: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("place ") && l.contains("wins,"))
            .collect();
        assert_eq!(places.len(), n, "{out}");
        let wins: f64 = places
            .iter()
            .map(|l| {
                l.split(": ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse::<f64>()
                    .unwrap()
            })
            .sum();
        let draws: f64 = places[0]
            .split(", ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(wins + draws, 3.0, "{out}");
        for g in 0..3 {
            let path = dir.join(format!("game-{g}.json"));
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains(if n == 4 {
                "\"table\": \"each\""
            } else {
                "\"table\": \"three\""
            }));
            let line = replay(&path);
            assert!(line.contains(" wins (") || line.contains("draw"), "{line}");
        }
    }
    let (code, _, err) = junqi(&["match", "--seats", "random,random", "--games", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--seats takes four players"), "{err}");
}
