//! 四国 positions through the `junqi` binary: RULES-4P.md's probe table and checksums, and
//! one-line errors for malformed positions.

mod common;
use common::junqi;

use junqi_core::siguo::{Position, SiguoRules};
use junqi_core::Deployment;

fn moves(pos: &str) -> Vec<String> {
    let (code, out, err) = junqi(&["moves", pos]);
    assert_eq!(code, 0, "{pos}: {err}");
    out.lines().map(str::to_string).collect()
}

/// Every point name: 4 areas of 30, then the centre.
fn points() -> Vec<String> {
    let mut v = Vec::new();
    for s in ["S", "E", "N", "W"] {
        for r in 0..6 {
            for c in ["a", "b", "c", "d", "e"] {
                v.push(format!("{s}{c}{r}"));
            }
        }
    }
    for c in ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"] {
        v.push(format!("C{c}"));
    }
    v
}

/// A lone piece of the area's owner (S in the centre).
fn lone(point: &str, letter: char) -> String {
    let (seat, digit) = match point.chars().next() {
        Some('E') => ('E', '1'),
        Some('N') => ('N', '2'),
        Some('W') => ('W', '3'),
        _ => ('S', '0'),
    };
    format!("{seat} {point}={digit}{letter}")
}

fn destinations(point: &str, letter: char) -> Vec<String> {
    let mut d: Vec<String> = moves(&lone(point, letter))
        .iter()
        .map(|m| {
            let (from, to) = m.split_once('-').expect("from-to");
            assert_eq!(from, point);
            to.to_string()
        })
        .collect();
    d.sort();
    d
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// RULES-4P.md's probe table through the binary: one row of it and the engineer's count (the
/// whole table is the core's test, `siguo::probe_tests`).
#[test]
fn probe_table() {
    assert_eq!(
        destinations("Cc", 'M'),
        sorted("Cn Ce Cs Cw Sc0 Ec0 Nc0 Wc0"),
        "marshal Cc"
    );
    let eng = destinations("Sa4", 'E');
    assert_eq!(eng.len(), 74);
    assert!(eng.contains(&"Sa5".to_string()) && eng.contains(&"Sb3".to_string()));
}

#[test]
fn empty_board_checksums() {
    let all = points();
    assert_eq!(all.len(), 129);
    let marshal: usize = all.iter().map(|p| moves(&lone(p, 'M')).len()).sum();
    let engineer: usize = all.iter().map(|p| moves(&lone(p, 'E')).len()).sum();
    assert_eq!(marshal, 1392);
    assert_eq!(engineer, 5624);
}

#[test]
fn every_seat_deployed() {
    let mut pos = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    for seat in ["S", "E", "N", "W"] {
        let text = pos.to_notation();
        let text = format!("{seat}{}", &text[1..]);
        let list = moves(&text);
        assert_eq!(list.len(), 42, "{seat}");
        assert!(list.iter().all(|m| m.starts_with(seat)), "{list:?}");
        pos = Position::from_notation(&text).expect("round trip");
    }
    let start = pos.to_notation();
    for (depth, want) in [("1", "42"), ("2", "1779"), ("3", "74881")] {
        let (code, out, err) = junqi(&["perft", &start, depth]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.trim(), want);
    }
    let (_, out, _) = junqi(&["perft", &start, "2", "--divide"]);
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 42);
}

#[test]
fn unknown_pieces_may_be_attacked_unless_partners() {
    // An engineer next to an unknown E piece (enemy) and an unknown N piece (partner).
    let list = moves("S Sa4=0E,Sb4=1X,Sa3=2X,Sb5=0F");
    assert!(list.contains(&"Sa4-Sb4".to_string()), "{list:?}");
    assert!(!list.iter().any(|m| m.ends_with("Sa3")), "{list:?}");
    // Unknown pieces of the mover do not move.
    assert!(moves("S Sa4=0X").is_empty());
}

#[test]
fn malformed_positions_name_the_fault() {
    for (pos, says) in [
        ("S Sa4=0Q", "piece letter"),
        ("S Sa9=0E", "row"),
        ("S Sf4=0E", "column"),
        ("S Sa4=5E", "seat digit"),
        ("S Sa4=0E,Sa4=0M", "twice"),
        ("S Sa4", "point=piece"),
        ("S Cxx=0E", "centre"),
        ("S Sa4=0E,", "point"),
        ("S Qa4=0E", "starts with"),
    ] {
        let (code, out, err) = junqi(&["moves", pos]);
        assert_ne!(code, 0, "{pos}");
        assert!(out.is_empty(), "{pos}: {out}");
        assert!(err.contains(says), "{pos}: {err}");
        assert_eq!(err.lines().count(), 1, "{pos}: {err}");
        let (code, _, err2) = junqi(&["perft", pos, "1"]);
        assert_ne!(code, 0);
        assert_eq!(err, err2);
    }
}

#[test]
fn apply_plays_moves_and_reports_who_left() {
    let (code, out, err) = junqi(&[
        "apply",
        "S Sa0=0M,Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,We0=3F,Wa4=3C",
        "Sa0-We0",
        "Ea4-Ea3",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "N Sb5=0F,Ea3=1C,Eb5=1F,Na4=2C,Nb5=2F,We0=0M",
            "out W FlagCaptured"
        ]
    );
    let (code, out, err) = junqi(&["apply", "S Sa0=0M,Sb5=0F", "Sa0-Ce"]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("Sa0-Ce is not a legal move"), "{err}");
}

#[test]
fn replay_checks_a_four_player_record() {
    use junqi_core::siguo::{InfoMode, SiguoEvent, SiguoRecord};
    use junqi_core::PerSeat;
    let dir = std::env::temp_dir().join(format!("junqi-cli-siguo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut record = SiguoRecord::new(
        InfoMode::FourDark,
        SiguoRules::default(),
        PerSeat::new_with(|_| Deployment::classic_1()),
    );
    for m in ["Sa0-We0", "Ea0-Se0"] {
        record.events.push(SiguoEvent::Move {
            mv: m.parse().unwrap(),
        });
    }
    let good = dir.join("good.json");
    std::fs::write(&good, record.to_json()).unwrap();
    let (code, out, err) = junqi(&["replay", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "2 events, unfinished");
    record.events.push(SiguoEvent::Move {
        mv: "Sa0-Sa1".parse().unwrap(),
    });
    let bad = dir.join("bad.json");
    std::fs::write(&bad, record.to_json()).unwrap();
    let (code, out, err) = junqi(&["replay", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("event 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_referees_four_player_games() {
    let args = [
        "match",
        "--seats",
        "greedy,random,greedy,random",
        "--mode",
        "siguo-open",
        "--games",
        "4",
        "--seed",
        "3",
    ];
    let (code, out, err) = junqi(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("greedy+greedy vs random+random, mode siguo-open (全明), 4 games"),
        "{out}"
    );
    assert!(out.contains("95% interval"), "{out}");
    // Deterministic for a seed (the last lines give think times).
    let (_, again, _) = junqi(&args);
    let results = |s: &str| s.lines().take(3).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(results(&out), results(&again));
    let (code, out, err) = junqi(&["match", "--seats", "random,random"]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("four players"), "{err}");
    let (code, _, err) = junqi(&["match", "--seats", "random,random,random,level:9"]);
    assert_ne!(code, 0);
    assert!(err.contains("no level '9'"), "{err}");
    let (code, _, err) = junqi(&[
        "match",
        "--seats",
        "random,random,random,random",
        "--mode",
        "dark",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown 4-player mode"), "{err}");
}

#[test]
fn validate_checks_a_seats_formation_at_its_points() {
    for seat in ["S", "E", "N", "W", "e", "3"] {
        let (code, out, err) =
            junqi(&["validate", "--seat", seat, "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"]);
        assert_eq!((code, out.trim()), (0, "ok"), "{seat}: {err}");
    }
    let (code, out, err) = junqi(&["validate", "--seat", "E", "ZLCPD/BCZ/ZNRB/GEC/MENFP/RPLDL"]);
    assert_eq!(code, 2);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "bomb-in-front-row Ea0",
            "mine-outside-back-rows Eb0",
            "flag-not-in-headquarters Ed4",
            "wrong-count E: 2 found, 3 expected",
            "wrong-count Z: 3 found, 2 expected",
        ]
    );
    assert_eq!(err, "junqi: 5 violation(s) in seat E's formation\n");
    let (code, out, err) = junqi(&["validate", "--seat", "N", "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFD"]);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "wrong-count D: 3 found, 2 expected\nwrong-count L: 2 found, 3 expected\n"
    );
    assert_eq!(err, "junqi: 2 violation(s) in seat N's formation\n");
    // The same formation on W's side of the board is named with W's points.
    let (_, out, _) = junqi(&["validate", "--seat", "W", "ZLCPD/BCZ/ZNRB/GEC/MENFP/RPLDL"]);
    assert!(out.starts_with("bomb-in-front-row Wa0\n"), "{out}");
}

#[test]
fn validate_with_a_seat_refuses_bad_input_in_one_line() {
    for (args, msg) in [
        (
            vec!["validate", "--seat", "Q", "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"],
            "junqi: unknown seat 'Q' (S, E, N or W, or 0 to 3)\n",
        ),
        (
            vec!["validate", "--seat", "S", "DECPD/BCZ"],
            "junqi: bad deployment: 2 rows, a deployment has 6 (5/3/4/3/5/5 letters)\n",
        ),
        (
            vec!["validate", "--seat", "S"],
            "junqi: the following required arguments were not provided: <DEPLOYMENT> (see --help)\n",
        ),
        (
            vec!["validate", "--seat", "S", "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFQ"],
            "junqi: bad deployment: unknown piece letter 'Q'\n",
        ),
    ] {
        let (code, out, err) = junqi(&args);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", msg), "{args:?}");
    }
}

/// A 4-player share link (format 3): S+N win after two moves, E's resignation and W's timeout.
const SIGUO_LINK: &str = "AwEAAAAAAgAAAAAAAAAAAAAARgAAAAEDOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLOXg0BwqmBUIJBxlrhYvLAAYeBP4B_wM";

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("junqi-siguo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn replay_reads_share_links_of_both_games() {
    for (name, text) in [
        ("bare.link", SIGUO_LINK.to_string()),
        ("fragment.link", format!("#r={SIGUO_LINK}\n")),
        (
            "address.link",
            format!("https://example.org/junqi/#r={SIGUO_LINK}"),
        ),
    ] {
        let (code, out, err) = junqi(&["replay", &temp_file(name, &text)]);
        assert_eq!(
            (code, out.as_str()),
            (0, "4 events, S+N win (Timeout)\n"),
            "{err}"
        );
    }
    // Every 2-player link of the frozen build replays as its record file does.
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../junqi-core/tests/golden");
    let mut n = 0;
    for entry in std::fs::read_dir(&golden).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("link") {
            continue;
        }
        let json = path.with_extension("json");
        let (code, from_link, err) = junqi(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{path:?}: {err}");
        let (_, from_json, _) = junqi(&["replay", json.to_str().unwrap()]);
        assert_eq!(from_link, from_json, "{path:?}");
        n += 1;
    }
    assert_eq!(n, 8);
    // A cut link: one line naming what is missing.
    let cut = temp_file("cut.link", &SIGUO_LINK[..56]);
    let (code, out, err) = junqi(&["replay", &cut]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "junqi: bad shared 4-player game: it ends inside seat E's formation\n"
        )
    );
}

/// The setup switches per seat, and a switch that stays 2-player only refused by name.
#[test]
fn four_player_commands_take_the_cross_board_switches() {
    // classic-1 with its front-row lieutenant and a bomb swapped: a bomb in the front row.
    let bomb_front = "DECZD/BCP/ZNRB/GEC/MENLP/RPLFL";
    let (code, out, _) = junqi(&["validate", "--seat", "E", bomb_front]);
    assert_eq!(code, 2);
    assert!(out.starts_with("bomb-in-front-row E"), "{out}");
    let (code, out, err) = junqi(&[
        "validate",
        "--seat",
        "E",
        bomb_front,
        "--rules",
        "bombs_front_row",
    ]);
    assert_eq!((code, out.trim()), (0, "ok"), "{err}");
    let start = "S Sc4=0R,Sb5=0F,Eb5=1F,Nb5=2F,Wb5=3F";
    let (_, plain, _) = junqi(&["moves", start]);
    let (code, turned, err) = junqi(&["moves", start, "--rules", "rail_one_turn"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !plain.contains("Sc4-Sa3") && turned.contains("Sc4-Sa3"),
        "{turned}"
    );
    for switch in [
        "flip_two_same",
        "flip_first_engineer",
        "flip_smallest_takes_flag",
    ] {
        let (code, _, err) = junqi(&["perft", start, "2", "--rules", switch]);
        assert_eq!(code, 2, "{switch}");
        let name = switch.split('=').next().unwrap();
        assert!(
            err.contains(&format!("'{name}' does not apply to the 4-player game")),
            "{err}"
        );
    }
}
