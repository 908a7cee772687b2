//! The engine protocol (PROTOCOL.md): `junqi engine` answers a host on stdin/stdout, and
//! `junqi match` is a host that referees any two players — built-in ones or external engines.

use crate::{parse_rules, Fail};
use junqi_ai::search::{NodeBudget, Stop};
use junqi_ai::{choose, deploy, greedy, level, random, Context, Level};
use junqi_core::{
    Action, ActionResult, Color, Deployment, Game, Mode, Outcome, PlayerView, PublicEvent, Rules,
    Setup,
};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Stops thinking at a wall-clock deadline (native only).
struct Deadline(Instant);

impl Stop for Deadline {
    fn should_stop(&mut self, _: u64) -> bool {
        Instant::now() >= self.0
    }
}

fn rules_from_json(v: Option<&Value>) -> Result<Rules, String> {
    let mut rules = Rules::default();
    if let Some(Value::Object(map)) = v {
        for (k, val) in map {
            if let Some(n) = rules.number_mut(k) {
                *n = val
                    .as_u64()
                    .and_then(|v| u32::try_from(v).ok())
                    .unwrap_or(0);
                continue;
            }
            let b = rules
                .switch_mut(k)
                .ok_or_else(|| format!("unknown rule switch '{k}'"))?;
            *b = val.as_bool().unwrap_or(false);
        }
    }
    rules.validate().map_err(|e| e.to_string())?;
    Ok(rules)
}

fn rules_to_json(rules: &Rules) -> Value {
    let mut map = serde_json::Map::new();
    for name in Rules::NAMES {
        if rules.switch(name) == Some(true) {
            map.insert(name.to_string(), Value::Bool(true));
        }
    }
    for name in Rules::NUMBERS {
        if let Some(n) = rules.number(name).filter(|&n| n > 0) {
            map.insert(name.to_string(), Value::from(n));
        }
    }
    Value::Object(map)
}

/// The public event a host's `last` describes.
fn event_from_last(last: &Value, ply: u32) -> Option<PublicEvent> {
    let action: Action = last.get("action")?.as_str()?.parse().ok()?;
    let result = match last.get("result")?.as_str()? {
        "move" => ActionResult::Move,
        "win" => ActionResult::Win,
        "lose" => ActionResult::Lose,
        "both" => ActionResult::Both,
        "capture" => ActionResult::Capture,
        "flip" => ActionResult::Flip,
        "bounce" => ActionResult::Bounce,
        _ => return None,
    };
    let by = last
        .get("by")
        .and_then(Value::as_str)
        .and_then(|s| s.chars().next())
        .and_then(Color::from_char);
    let mut revealed = Vec::new();
    if let Some(Value::Array(items)) = last.get("revealed") {
        for item in items {
            let p = item
                .get(0)
                .and_then(Value::as_str)
                .and_then(|s| s.parse().ok());
            let piece = item
                .get(1)
                .and_then(Value::as_str)
                .and_then(|s| s.chars().next())
                .and_then(junqi_core::Piece::from_char);
            if let (Some(p), Some(piece)) = (p, piece) {
                revealed.push((p, piece));
            }
        }
    }
    let (from, to) = (action.from(), action.to());
    let removed = match result {
        ActionResult::Win | ActionResult::Capture => vec![to],
        ActionResult::Lose | ActionResult::Scout => vec![from],
        ActionResult::Both => vec![from, to],
        ActionResult::Move | ActionResult::Flip | ActionResult::Bounce => vec![],
    };
    Some(PublicEvent {
        ply,
        by,
        action,
        result,
        removed,
        revealed,
        assigned: None,
    })
}

/// `last` for a report, as the protocol writes it.
fn last_json(report: &junqi_core::MoveReport) -> Value {
    json!({
        "by": report.by.map(|c| c.char().to_string()),
        "action": report.action.to_string(),
        "result": report.result.protocol_str(),
        "revealed": report.revealed.iter().map(|(p, piece)| json!([p.to_string(), piece.char().to_string()])).collect::<Vec<_>>(),
    })
}

/// `junqi engine [--level N]`: speaks the protocol on stdin/stdout until `quit` or end of input.
pub fn run_engine(args: &[String]) -> Result<(), Fail> {
    let mut lvl: Level =
        level(junqi_ai::DEFAULT_LEVEL).ok_or_else(|| Fail("no default level".into()))?;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--level" => {
                let n = it.next().and_then(|s| s.parse().ok()).and_then(level);
                lvl = n.ok_or_else(|| Fail("--level takes 1..=5".into()))?;
            }
            other => return Err(Fail(format!("unknown engine option '{other}'"))),
        }
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut mode = Mode::Open;
    let mut rules = Rules::default();
    let mut color: Option<Color> = None;
    let mut seed = 0u64;
    let mut own: Option<Deployment> = None;
    let mut history: Vec<PublicEvent> = Vec::new();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| Fail(format!("reading input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let msg: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                writeln!(
                    out,
                    "{}",
                    json!({"type": "error", "message": format!("bad JSON: {e}")})
                )
                .ok();
                continue;
            }
        };
        let reply = match msg.get("type").and_then(Value::as_str) {
            Some("hello") => Some(
                json!({"type": "hello", "name": format!("junqi {}", lvl.name_en), "version": env!("CARGO_PKG_VERSION")}),
            ),
            Some("new") => {
                mode = msg
                    .get("mode")
                    .and_then(Value::as_str)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(Mode::Open);
                rules = rules_from_json(msg.get("rules")).unwrap_or_default();
                color = msg
                    .get("color")
                    .and_then(Value::as_str)
                    .and_then(|s| s.chars().next())
                    .and_then(Color::from_char);
                seed = msg.get("seed").and_then(Value::as_u64).unwrap_or(0);
                history.clear();
                if mode == Mode::Flip {
                    own = None;
                    Some(json!({"type": "ready"}))
                } else {
                    let d = deploy::formation_for(seed ^ color.map_or(0, |c| c as u64 + 1), &rules);
                    own = Some(d.clone());
                    Some(json!({"type": "deployment", "deployment": d.to_string()}))
                }
            }
            Some("update") => {
                if let Some(last) = msg.get("last") {
                    if let Some(ev) = event_from_last(last, history.len() as u32 + 1) {
                        if mode == Mode::Flip && color.is_none() && ev.result == ActionResult::Flip
                        {
                            // Colours follow the first flip (default rule): the flipper takes it.
                        }
                        history.push(ev);
                    }
                }
                None
            }
            Some("go") => {
                let view_text = msg.get("view").and_then(Value::as_str).unwrap_or("");
                let ms = msg.get("ms").and_then(Value::as_u64).unwrap_or(1000);
                let side = view_text
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.chars().next())
                    .and_then(Color::from_char);
                let me = color.or(side);
                match PlayerView::from_jfen(view_text, me, mode, rules) {
                    Ok(mut view) => {
                        view.history = history.clone();
                        let ctx = Context {
                            own: own.as_ref(),
                            seed,
                        };
                        let mut deadline = Deadline(
                            Instant::now() + Duration::from_millis(ms.saturating_mul(8) / 10),
                        );
                        match choose(&view, &lvl, &ctx, &mut deadline) {
                            Some(a) => Some(json!({"type": "action", "action": a.to_string()})),
                            None => Some(json!({"type": "error", "message": "no legal action"})),
                        }
                    }
                    Err(e) => Some(json!({"type": "error", "message": e.to_string()})),
                }
            }
            Some("quit") => break,
            _ => Some(json!({"type": "error", "message": "unknown message type"})),
        };
        if let Some(r) = reply {
            writeln!(out, "{r}").map_err(|e| Fail(format!("writing output: {e}")))?;
            out.flush().ok();
        }
    }
    Ok(())
}

/// One side of a match.
enum PlayerKind {
    Random,
    Greedy,
    Level(Level),
    External(String),
}

impl PlayerKind {
    fn parse(s: &str) -> Result<PlayerKind, Fail> {
        if s == "random" {
            Ok(PlayerKind::Random)
        } else if s == "greedy" {
            Ok(PlayerKind::Greedy)
        } else if let Some(n) = s.strip_prefix("level:") {
            let lvl = n
                .parse()
                .ok()
                .and_then(level)
                .ok_or_else(|| Fail(format!("no level '{n}' (1..=5)")))?;
            Ok(PlayerKind::Level(lvl))
        } else if let Some(cmd) = s.strip_prefix("cmd:") {
            Ok(PlayerKind::External(cmd.to_string()))
        } else {
            Ok(PlayerKind::External(s.to_string()))
        }
    }
}

/// A running external engine.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn spawn(cmd: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines: rx,
        })
    }

    fn send(&mut self, v: &Value) -> Result<(), String> {
        writeln!(self.stdin, "{v}").map_err(|e| format!("engine input closed: {e}"))?;
        self.stdin.flush().map_err(|e| e.to_string())
    }

    fn receive(&mut self, ms: u64) -> Result<Value, String> {
        let deadline = Instant::now() + Duration::from_millis(ms);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => {
                    return serde_json::from_str(&line)
                        .map_err(|e| format!("bad JSON from engine: {e}"))
                }
                Err(RecvTimeoutError::Timeout) => return Err("engine too slow".into()),
                Err(RecvTimeoutError::Disconnected) => return Err("engine exited".into()),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", json!({"type": "quit"}));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `cmd` and checks that it answers the protocol's hello.
fn probe(cmd: &str) -> Result<(), String> {
    let mut e = Engine::spawn(cmd)?;
    e.send(&json!({"type": "hello"}))?;
    let reply = e.receive(10_000)?;
    match reply.get("type").and_then(Value::as_str) {
        Some("hello") => Ok(()),
        _ => Err(format!("it answered {reply}")),
    }
}

/// A player in one game.
struct Seat {
    kind: PlayerKind,
    engine: Option<Engine>,
    own: Option<Deployment>,
    seed: u64,
}

impl Seat {
    fn new(spec: &str, seed: u64) -> Result<Seat, Fail> {
        Ok(Seat {
            kind: PlayerKind::parse(spec)?,
            engine: None,
            own: None,
            seed,
        })
    }

    /// Starts a game; returns the formation for 明棋/暗棋 (Err: the player forfeits).
    fn start(
        &mut self,
        mode: Mode,
        rules: &Rules,
        color: Option<Color>,
        seed: u64,
    ) -> Result<Option<Deployment>, String> {
        self.seed = seed;
        let d = match &self.kind {
            PlayerKind::Random | PlayerKind::Greedy => {
                (mode != Mode::Flip).then(|| Deployment::random(seed).fitted(rules))
            }
            PlayerKind::Level(_) => {
                (mode != Mode::Flip).then(|| deploy::formation_for(seed, rules))
            }
            PlayerKind::External(cmd) => {
                if self.engine.is_none() {
                    let mut e = Engine::spawn(cmd)?;
                    e.send(&json!({"type": "hello"}))?;
                    e.receive(10_000)?;
                    self.engine = Some(e);
                }
                let e = self.engine.as_mut().ok_or("no engine")?;
                e.send(&json!({"type": "new", "mode": mode.as_str(), "rules": rules_to_json(rules), "color": color.map(|c| c.char().to_string()), "seed": seed}))?;
                let reply = e.receive(10_000)?;
                if mode == Mode::Flip {
                    None
                } else {
                    let text = reply
                        .get("deployment")
                        .and_then(Value::as_str)
                        .ok_or("no deployment")?;
                    let d: Deployment = text
                        .parse()
                        .map_err(|e: junqi_core::deployment::DeploymentParseError| e.to_string())?;
                    d.validate_with(rules)
                        .map_err(|v| format!("invalid deployment ({} violations)", v.len()))?;
                    Some(d)
                }
            }
        };
        self.own = d.clone();
        Ok(d)
    }

    fn update(&mut self, view: &PlayerView, last: &Value) {
        if let Some(e) = self.engine.as_mut() {
            if e.send(&json!({"type": "update", "view": view.to_jfen(), "last": last}))
                .is_err()
            {
                self.engine = None;
            }
        }
    }

    fn act(&mut self, view: &PlayerView, ms: u64) -> Result<Action, String> {
        let seed = self.seed;
        let a = match &self.kind {
            PlayerKind::Random => random(view, seed),
            PlayerKind::Greedy => greedy(view, seed),
            PlayerKind::Level(lvl) => {
                let ctx = Context {
                    own: self.own.as_ref(),
                    seed,
                };
                choose(view, lvl, &ctx, &mut NodeBudget(u64::MAX))
            }
            PlayerKind::External(_) => {
                let e = self.engine.as_mut().ok_or("engine not running")?;
                e.send(&json!({"type": "go", "view": view.to_jfen(), "ms": ms}))?;
                let reply = e.receive(ms + 1000).inspect_err(|_| self.engine = None)?;
                let text = reply
                    .get("action")
                    .and_then(Value::as_str)
                    .ok_or("no action in reply")?;
                Some(
                    text.parse()
                        .map_err(|e: junqi_core::action::ParseActionError| e.to_string())?,
                )
            }
        };
        a.ok_or_else(|| "no action".to_string())
    }
}

/// How one game ended for player A.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameResult {
    AWins,
    Draw,
    BWins,
}

fn play_game(
    a: &mut Seat,
    b: &mut Seat,
    mode: Mode,
    rules: Rules,
    seed: u64,
    a_first: bool,
    ms: u64,
) -> GameResult {
    // In 明棋/暗棋 the first player is Red; in 翻棋 the first player flips first.
    let (first, second) = if a_first {
        (&mut *a, &mut *b)
    } else {
        (&mut *b, &mut *a)
    };
    let first_color = (mode != Mode::Flip).then_some(Color::Red);
    let second_color = (mode != Mode::Flip).then_some(Color::Black);
    let win_first = if a_first {
        GameResult::AWins
    } else {
        GameResult::BWins
    };
    let win_second = if a_first {
        GameResult::BWins
    } else {
        GameResult::AWins
    };
    let d1 = first.start(
        mode,
        &rules,
        first_color,
        seed.wrapping_mul(2).wrapping_add(1),
    );
    let d2 = second.start(
        mode,
        &rules,
        second_color,
        seed.wrapping_mul(2).wrapping_add(2),
    );
    let setup = match (mode, d1, d2) {
        (_, Err(_), Err(_)) => return GameResult::Draw,
        (_, Err(_), _) => return win_second,
        (_, _, Err(_)) => return win_first,
        (Mode::Flip, _, _) => Setup::Shuffle { seed },
        (_, Ok(Some(r)), Ok(Some(k))) => Setup::Deployments { red: r, black: k },
        _ => return GameResult::Draw,
    };
    let Ok(mut game) = Game::new(mode, rules, setup) else {
        return GameResult::Draw;
    };
    for _ in 0..3000 {
        if let Some(o) = game.outcome() {
            let first_is = game.position().first_color().unwrap_or(Color::Red);
            return match o {
                Outcome::Win { winner, .. } if winner == first_is => win_first,
                Outcome::Win { .. } => win_second,
                Outcome::Draw { .. } => GameResult::Draw,
            };
        }
        let pos = game.position();
        let first_is = pos.first_color();
        let (mover_is_first, color) = match pos.turn() {
            Some(t) => (
                Some(t) == first_is || first_is.is_none() && t == Color::Red,
                Some(t),
            ),
            None => (pos.ply() % 2 == 1, None),
        };
        let view = game.view(color);
        let mover = if mover_is_first {
            &mut *first
        } else {
            &mut *second
        };
        let action = match mover.act(&view, ms) {
            Ok(a) => a,
            Err(_) => {
                return if mover_is_first {
                    win_second
                } else {
                    win_first
                }
            }
        };
        let report = match game.play(action) {
            Ok(r) => r.clone(),
            Err(_) => {
                return if mover_is_first {
                    win_second
                } else {
                    win_first
                }
            }
        };
        let last = last_json(&report);
        let first_is = game.position().first_color();
        let c1 = first_is;
        let c2 = first_is.map(|c| !c);
        let v1 = game.view(c1);
        let v2 = game.view(c2);
        first.update(&v1, &last);
        second.update(&v2, &last);
    }
    GameResult::Draw
}

/// Wilson score interval for a proportion, 95 %.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `junqi match --red A --black B --mode M --games N --seed S [--ms N] [--rules a,b] [--threads T]`
pub fn run_match(args: &[String]) -> Result<String, Fail> {
    let mut red = None;
    let mut black = None;
    let mut mode = Mode::Open;
    let mut games = 10u64;
    let mut seed = 1u64;
    let mut ms = 1000u64;
    let mut rules = Rules::default();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || {
            it.next()
                .cloned()
                .ok_or_else(|| Fail(format!("{a} needs a value")))
        };
        match a.as_str() {
            "--red" => red = Some(val()?),
            "--black" => black = Some(val()?),
            "--mode" => mode = val()?.parse().map_err(Fail)?,
            "--games" => {
                games = val()?
                    .parse()
                    .map_err(|_| Fail("--games takes a number".into()))?
            }
            "--seed" => {
                seed = val()?
                    .parse()
                    .map_err(|_| Fail("--seed takes a number".into()))?
            }
            "--ms" => {
                ms = val()?
                    .parse()
                    .map_err(|_| Fail("--ms takes a number".into()))?
            }
            "--rules" => rules = parse_rules(&val()?)?,
            "--threads" => {
                threads = val()?
                    .parse()
                    .map_err(|_| Fail("--threads takes a number".into()))?
            }
            other => return Err(Fail(format!("unknown match option '{other}'"))),
        }
    }
    let red = red.ok_or_else(|| Fail("match needs --red".into()))?;
    let black = black.ok_or_else(|| Fail("match needs --black".into()))?;
    // An external engine that does not start or greet is a mistake to report, not a match of
    // forfeits (e.g. `level3` where `level:3` was meant).
    for spec in [&red, &black] {
        if let PlayerKind::External(cmd) = PlayerKind::parse(spec)? {
            probe(&cmd).map_err(|e| {
                let hint = if spec.starts_with("level") {
                    " (built-in levels are written level:N)"
                } else {
                    ""
                };
                Fail(format!("engine '{cmd}' does not answer hello: {e}{hint}"))
            })?;
        }
    }
    let threads = threads.clamp(1, 16) as u64;
    let started = Instant::now();
    let results: Vec<GameResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (red, black) = (red.clone(), black.clone());
                scope.spawn(move || -> Result<Vec<(u64, GameResult)>, Fail> {
                    let mut a = Seat::new(&red, 0)?;
                    let mut b = Seat::new(&black, 0)?;
                    let mut out = Vec::new();
                    let mut g = t;
                    while g < games {
                        // Colours alternate: even games A (--red) moves first, odd games B.
                        let r = play_game(
                            &mut a,
                            &mut b,
                            mode,
                            rules,
                            seed.wrapping_add(g),
                            g % 2 == 0,
                            ms,
                        );
                        out.push((g, r));
                        g += threads;
                    }
                    Ok(out)
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            match h.join() {
                Ok(Ok(v)) => all.extend(v),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(Fail("a match thread failed".into())),
            }
        }
        all.sort_by_key(|(g, _)| *g);
        Ok(all.into_iter().map(|(_, r)| r).collect())
    })?;
    let n = results.len() as f64;
    let w = results.iter().filter(|r| **r == GameResult::AWins).count() as f64;
    let d = results.iter().filter(|r| **r == GameResult::Draw).count() as f64;
    let l = results.iter().filter(|r| **r == GameResult::BWins).count() as f64;
    let score = w + d / 2.0;
    let (lo, hi) = wilson(score, n);
    let (dlo, dhi) = wilson(w, w + l);
    let decisive = if w + l > 0.0 {
        100.0 * w / (w + l)
    } else {
        0.0
    };
    Ok(format!(
        "{red} vs {black}, mode {mode}, {n} games, seed {seed}\n\
         {red}: {w} wins, {d} draws, {l} losses\n\
         score {:.1}% (95% interval {:.1}%–{:.1}%)\n\
         decisive games won by {red}: {decisive:.1}% (95% interval {:.1}%–{:.1}%)\n\
         time {:.1}s",
        100.0 * score / n.max(1.0),
        100.0 * lo,
        100.0 * hi,
        100.0 * dlo,
        100.0 * dhi,
        started.elapsed().as_secs_f64()
    ))
}
