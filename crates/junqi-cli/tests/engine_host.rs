//! `junqi match` against scripted fake engines that break the protocol in the ways real ones
//! do, and `junqi engine` fed lines no host should send. After every match, none of the fake's
//! processes may still run. The fakes are `sh` scripts written into a temporary folder; each
//! writes its pid and process group into `pids` as it starts.
#![cfg(target_os = "linux")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{outcome, JUNQI};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("junqi-host-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The start of every fake: writes "pid pgid" of its `sh` into `dir/pids`.
fn record(dir: &Path) -> String {
    format!(
        "read -r p1 p2 p3 p4 pg rest < /proc/$$/stat; echo \"$$ $pg\" >> '{}/pids'; ",
        dir.display()
    )
}

/// Writes a fake engine's `sh` script into `dir` and returns the `cmd:` that runs it.
fn fake(dir: &Path, name: &str, script: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, script).expect("write the fake");
    format!("cmd:{}sh '{}'", record(dir), path.display())
}

/// Waits until `n` engines have started (written their line into `dir/pids`).
fn wait_for_starts(dir: &Path, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(dir.join("pids")).map_or(0, |t| t.lines().count()) < n {
        assert!(Instant::now() < deadline, "the engines did not start");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn run_match(args: &[&str]) -> (i32, String, String, Duration) {
    let t = Instant::now();
    let out = Command::new(JUNQI)
        .arg("match")
        .args(args)
        .output()
        .expect("junqi runs");
    let (code, stdout, stderr) = outcome(out);
    (code, stdout, stderr, t.elapsed())
}

/// Live (not zombie) processes whose process group is `pgid`, as "pid state command".
fn live_in_group(pgid: u32) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.parse::<u32>().is_err() {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
        let Some(close) = stat.rfind(')') else {
            continue;
        };
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        let (Some(state), Some(pgrp)) = (fields.first(), fields.get(2)) else {
            continue;
        };
        if pgrp.parse() == Ok(pgid) && *state != "Z" {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            found.push(format!("{name} {state} {cmdline}"));
        }
    }
    found
}

/// Every engine the fake started ran in its own process group, and none of those groups has a
/// live process left. Returns how many engines were started.
fn assert_no_leftovers(dir: &Path) -> usize {
    let text = std::fs::read_to_string(dir.join("pids")).expect("the fake recorded its pids");
    let groups: Vec<u32> = text
        .lines()
        .map(|l| {
            let (pid, pg) = l.split_once(' ').expect("pid pgid");
            assert_eq!(pid, pg, "the engine's sh leads its own process group");
            pg.parse().expect("a number")
        })
        .collect();
    assert!(!groups.is_empty());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left: Vec<String> = groups.iter().flat_map(|g| live_in_group(*g)).collect();
        if left.is_empty() {
            return groups.len();
        }
        assert!(
            Instant::now() < deadline,
            "processes left running: {left:#?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A host started in the background, killed if the test fails before it ends.
struct Host(std::process::Child);

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Host {
    fn start(args: &[&str]) -> Host {
        Host(
            Command::new(JUNQI)
                .arg("match")
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("junqi runs"),
        )
    }

    /// Sends SIGTERM and waits: the host must die of it.
    fn stop(&mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let status = self.0.wait().expect("the host ends");
        assert!(!status.success());
    }
}

/// Forfeits reported by a match. Matches that must have none give each move 5 s: a level-1
/// engine stops at its node budget long before, so a busy machine cannot make it late.
fn forfeits(stderr: &str) -> usize {
    stderr.lines().filter(|l| l.contains("forfeits")).count()
}

#[test]
fn a_slow_new_forfeits_and_leaves_nothing_running() {
    let dir = temp_dir("slow-new");
    let cmd = fake(
        &dir,
        "slow.sh",
        r#"while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","name":"slow","version":"0"}' ;;
    *'"type":"new"'*) sleep 60; echo '{"type":"deployment","deployment":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"}' ;;
    *'"type":"quit"'*) exit 0 ;;
  esac
done
"#,
    );
    let (code, out, err, took) = run_match(&[
        "--red",
        &cmd,
        "--black",
        "random",
        "--games",
        "3",
        "--seed",
        "4",
        "--start-ms",
        "2000",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 0 wins, 0 draws, 3 losses"), "{out}");
    assert_eq!(forfeits(&err), 3, "{err}");
    assert!(err.contains("new: no 'deployment' within 2000 ms"), "{err}");
    assert!(took < Duration::from_secs(40), "{took:?}");
    // The probe, then a fresh engine for each game after each forfeit.
    assert_eq!(assert_no_leftovers(&dir), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extra_lines_after_go_are_skipped() {
    let dir = temp_dir("extra-after-go");
    // Every action comes twice, then a line of a type nobody asked for — all in one write.
    let cmd = format!(
        "cmd:{}'{JUNQI}' engine --level 1 | while IFS= read -r l; do case \"$l\" in \
         *'\"type\":\"action\"'*) printf '%s\\n%s\\n%s\\n' \"$l\" \"$l\" '{{\"type\":\"info\",\"text\":\"done\"}}' ;; \
         *) printf '%s\\n' \"$l\" ;; esac; done",
        record(&dir)
    );
    for mode in ["open", "flip"] {
        let (code, out, err, _) = run_match(&[
            "--red",
            &cmd,
            "--black",
            "greedy",
            "--mode",
            mode,
            "--games",
            "2",
            "--seed",
            "5",
            "--ms",
            "5000",
            "--threads",
            "1",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("2 games"), "{out}");
        assert_eq!(forfeits(&err), 0, "{err}");
        assert!(err.contains("skipped a line"), "{err}");
    }
    assert_no_leftovers(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replies_to_update_are_skipped() {
    let dir = temp_dir("update-reply");
    // The fake answers every update with lines the protocol does not expect there.
    let cmd = format!(
        "cmd:{}exec 3>&1; while IFS= read -r l; do case \"$l\" in \
         *'\"type\":\"update\"'*) printf '%s\\n%s\\n' '{{\"type\":\"ready\"}}' '{{\"type\":\"error\",\"message\":\"not my turn\"}}' >&3 ;; \
         esac; printf '%s\\n' \"$l\"; done | '{JUNQI}' engine --level 1",
        record(&dir)
    );
    let (code, out, err, _) = run_match(&[
        "--red",
        &cmd,
        "--black",
        "random",
        "--mode",
        "dark",
        "--games",
        "2",
        "--seed",
        "6",
        "--ms",
        "5000",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 games"), "{out}");
    assert_eq!(forfeits(&err), 0, "{err}");
    assert!(err.contains("skipped a line"), "{err}");
    assert_no_leftovers(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_compound_command_is_ended_whole() {
    let dir = temp_dir("compound");
    // A background process that holds the engine's output open, and the engine exec'd.
    let cmd = format!(
        "cmd:{}sleep 120 & exec '{JUNQI}' engine --level 1",
        record(&dir)
    );
    let (code, out, err, took) = run_match(&[
        "--red",
        &cmd,
        "--black",
        "greedy",
        "--games",
        "2",
        "--seed",
        "7",
        "--ms",
        "5000",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 games"), "{out}");
    assert_eq!(forfeits(&err), 0, "{err}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert_eq!(assert_no_leftovers(&dir), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_over_long_line_forfeits_and_the_engine_is_restarted() {
    let dir = temp_dir("long-line");
    // Answers go with 2 MiB on one line; a sleeping child keeps the group alive meanwhile.
    let cmd = fake(
        &dir,
        "long.sh",
        r#"sleep 120 &
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","name":"long","version":"0"}' ;;
    *'"type":"new"'*) echo '{"type":"ready"}' ;;
    *'"type":"go"'*) head -c 2097152 /dev/zero | tr '\0' a; echo ;;
    *'"type":"quit"'*) exit 0 ;;
  esac
done
"#,
    );
    let (code, out, err, _) = run_match(&[
        "--red",
        &cmd,
        "--black",
        "random",
        "--mode",
        "flip",
        "--games",
        "2",
        "--seed",
        "8",
        "--ms",
        "5000",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 0 wins, 0 draws, 2 losses"), "{out}");
    assert_eq!(forfeits(&err), 2, "{err}");
    assert!(err.contains("longer than 1048576 bytes"), "{err}");
    assert_eq!(assert_no_leftovers(&dir), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `new` messages a logging fake received, as JSON.
fn new_messages(dir: &Path, args: &[&str]) -> Vec<serde_json::Value> {
    let log = dir.join("log");
    let _ = std::fs::remove_file(&log);
    let cmd = format!(
        "cmd:tee -a '{}' | '{JUNQI}' engine --level 1",
        log.display()
    );
    let mut all = vec![
        "--red",
        &cmd,
        "--games",
        "2",
        "--ms",
        "5000",
        "--threads",
        "1",
    ];
    all.extend_from_slice(args);
    let (code, _, err, _) = run_match(&all);
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(&log)
        .expect("the fake logged")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "new")
        .collect()
}

#[test]
fn engines_get_only_their_own_seeds() {
    let dir = temp_dir("seeds");
    let args = ["--black", "level:1", "--mode", "flip", "--seed", "12"];
    let first = new_messages(&dir, &args);
    let again = new_messages(&dir, &args);
    assert_eq!(first.len(), 2);
    // Deterministic: the same match seed, the same engine seeds.
    assert_eq!(first, again);
    let seeds: Vec<u64> = first.iter().filter_map(|v| v["seed"].as_u64()).collect();
    assert_eq!(seeds.len(), 2);
    assert_ne!(seeds[0], seeds[1]);
    for (g, s) in seeds.iter().enumerate() {
        // Not the match seed, the game's seed or the seats' seeds it was once made from.
        let game = 12 + g as u64;
        for old in [12, game, game * 2 + 1, game * 2 + 2] {
            assert_ne!(*s, old);
        }
        assert!(*s > 1 << 20, "a seed this small could be searched: {s}");
    }
    // A different match seed gives different engine seeds.
    let other = new_messages(
        &dir,
        &["--black", "level:1", "--mode", "flip", "--seed", "13"],
    );
    assert_ne!(first, other);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_names_an_unknown_mode_or_switch() {
    let (code, _, err, _) = run_match(&["--red", "random", "--black", "greedy", "--mode", "dusk"]);
    assert_ne!(code, 0);
    assert!(err.contains("'dusk'"), "{err}");
    let (code, _, err, _) = run_match(&[
        "--red",
        "random",
        "--black",
        "greedy",
        "--rules",
        "mines_explode,no_such_switch",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("'no_such_switch'"), "{err}");
}

/// Feeds `input` to `junqi engine` and returns its reply lines as JSON; it must exit cleanly.
fn engine_replies(input: &[u8]) -> Vec<serde_json::Value> {
    let mut child = Command::new(JUNQI)
        .args(["engine", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("junqi engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("junqi engine ends");
    let _ = writer.join();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("replies are UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("replies are JSON"))
        .collect()
}

#[test]
fn engine_answers_bad_bytes_and_long_lines_and_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"type\":\"hel\xfflo\"}\n");
    input.extend_from_slice(&vec![b'a'; 2 << 20]);
    input.push(b'\n');
    input.extend_from_slice(b"{\"type\":\"hello\"}\n{\"type\":\"quit\"}\n");
    let replies = engine_replies(&input);
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[0]["type"], "error");
    assert!(
        replies[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("line 1 is not UTF-8")),
        "{replies:?}"
    );
    assert_eq!(replies[1]["type"], "error");
    assert!(
        replies[1]["message"]
            .as_str()
            .is_some_and(|m| m.contains("line 2 is longer than")),
        "{replies:?}"
    );
    assert_eq!(replies[2]["type"], "hello");
}

#[test]
fn engine_names_an_unknown_switch_or_mode() {
    let input = [
        r#"{"type":"new","mode":"open","rules":{"mines_explode":true,"no_such_switch":true},"color":"r","seed":1}"#,
        r#"{"type":"new","mode":"dusk","rules":{},"color":"r","seed":1}"#,
        r#"{"type":"new","rules":{},"color":"r","seed":1}"#,
        r#"{"type":"new","mode":"open","rules":{"hq_exit":"yes"},"color":"r","seed":1}"#,
        r#"{"type":"new","mode":"open","rules":{},"color":"green","seed":1}"#,
        r#"{"type":"new","mode":"flip","rules":{"mines_explode":true},"color":null,"seed":1}"#,
    ]
    .join("\n");
    let replies = engine_replies(input.as_bytes());
    assert_eq!(replies.len(), 6, "{replies:?}");
    let message = |i: usize| replies[i]["message"].as_str().unwrap_or("").to_string();
    for (i, words) in [
        (0, ["'no_such_switch'", "'rules'"]),
        (1, ["'dusk'", "'mode'"]),
        (2, ["'mode'", "new"]),
        (3, ["'rules.hq_exit'", "true or false"]),
        (4, ["'color'", "green"]),
    ] {
        assert_eq!(replies[i]["type"], "error", "{replies:?}");
        for w in words {
            assert!(message(i).contains(w), "{i}: {}", message(i));
        }
    }
    assert_eq!(replies[5]["type"], "ready");
}

#[test]
fn engine_takes_numbers_and_names_both_switches_of_a_conflict() {
    let input = [
        r#"{"type":"new","mode":"open","rules":{"ply_limit":200,"timeout_limit":5,"bombs_front_row":true},"color":"r","seed":1}"#,
        r#"{"type":"new","mode":"open","rules":{"mines_explode":true,"mines_bounce":true},"color":"r","seed":1}"#,
        r#"{"type":"new","mode":"flip","rules":{"flip_first_engineer":true,"flip_two_same":true},"color":null,"seed":1}"#,
        r#"{"type":"new","mode":"open","rules":{"ply_limit":"many"},"color":"r","seed":1}"#,
    ]
    .join("\n");
    let replies = engine_replies(input.as_bytes());
    assert_eq!(replies.len(), 4, "{replies:?}");
    let message = |i: usize| replies[i]["message"].as_str().unwrap_or("").to_string();
    assert_eq!(replies[0]["type"], "deployment", "{replies:?}");
    for (i, words) in [
        (1, ["'mines_explode'", "'mines_bounce'"]),
        (2, ["'flip_first_engineer'", "'flip_two_same'"]),
        (3, ["'rules.ply_limit'", "whole number"]),
    ] {
        assert_eq!(replies[i]["type"], "error", "{replies:?}");
        for w in words {
            assert!(message(i).contains(w), "{i}: {}", message(i));
        }
    }
}

#[test]
fn a_stopped_host_ends_its_engines() {
    let dir = temp_dir("host-stopped");
    let cmd = format!(
        "cmd:{}sleep 120 & exec '{JUNQI}' engine --level 1",
        record(&dir)
    );
    let mut host = Host::start(&[
        "--red",
        &cmd,
        "--black",
        "greedy",
        "--games",
        "100000",
        "--seed",
        "3",
        "--ms",
        "5000",
        "--threads",
        "1",
    ]);
    // Wait until the probe and the first game's engine have started.
    wait_for_starts(&dir, 2);
    std::thread::sleep(Duration::from_millis(200));
    host.stop();
    assert_no_leftovers(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that passes the probe and then dies at every game's `new`, so the host starts a
/// new one for every game: stopping the host at any moment, even while it is starting an
/// engine, leaves nothing running.
#[test]
fn a_host_stopped_while_starting_engines_ends_them_all() {
    let dir = temp_dir("host-stopped-starting");
    let cmd = fake(
        &dir,
        "quitter.sh",
        r#"sleep 120 </dev/null >/dev/null &
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","name":"quitter","version":"0"}' ;;
    *'"type":"new"'*) exit 1 ;;
  esac
done
"#,
    );
    for round in 0..40u64 {
        let _ = std::fs::remove_file(dir.join("pids"));
        let mut host = Host::start(&[
            "--red",
            &cmd,
            "--black",
            "random",
            "--games",
            "100000",
            "--seed",
            "3",
            "--ms",
            "5000",
            "--threads",
            "2",
        ]);
        // Stop it after a varying number of engine starts, at a varying moment after.
        wait_for_starts(&dir, 3 + (round % 4) as usize);
        std::thread::sleep(Duration::from_micros((round % 12) * 700));
        host.stop();
        assert_no_leftovers(&dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
