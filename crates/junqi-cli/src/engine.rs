//! The engine protocol (PROTOCOL.md): `junqi engine` answers a host on stdin/stdout, and
//! `junqi match` is a host that referees any two players — built-in ones or external engines
//! (started and ended by `host.rs`). How the host treats engines that break the protocol, the
//! bounds on lines and the seeds it hands out are described in docs/engine-host.md.

use crate::host::Engine;
use crate::lines::{read_line, Line, MAX_LINE};
use crate::seeds::{self, Player, Purpose};
use crate::siguo_engine::{info_mode, SiguoGame};
use crate::{parse_rules, Fail};
use junqi_ai::search::{NodeBudget, Stop};
use junqi_ai::{choose, deploy, greedy, level, random, Context, Level};
use junqi_core::{
    Action, ActionResult, Color, Deployment, Game, Mode, Outcome, PlayerView, PublicEvent, Rules,
    Setup,
};
use serde_json::{json, Value};
use std::io::Write;
use std::time::{Duration, Instant};

/// Stops thinking at a wall-clock deadline (native only).
struct Deadline(Instant);

impl Stop for Deadline {
    fn should_stop(&mut self, _: u64) -> bool {
        Instant::now() >= self.0
    }
}

/// The `rules` of a `new` message: absent or `null` is the default; otherwise an object of
/// known switches set to `true` or `false` and numeric settings (`Rules::NUMBERS`) set to whole
/// numbers. Every error names the field; two switches that exclude each other are an error
/// naming both.
fn rules_from_json(v: Option<&Value>) -> Result<Rules, String> {
    let mut rules = Rules::default();
    match v {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            for (k, val) in map {
                if let Some(n) = rules.number_mut(k) {
                    *n = val
                        .as_u64()
                        .and_then(|v| u32::try_from(v).ok())
                        .ok_or_else(|| {
                            format!(
                                "'rules.{k}' must be a whole number from 0 to 2^32-1, not {val}"
                            )
                        })?;
                    continue;
                }
                let b = rules.switch_mut(k).ok_or_else(|| {
                    format!(
                        "unknown rule switch '{k}' in 'rules' (known: {}; numbers: {})",
                        Rules::NAMES.join(", "),
                        Rules::NUMBERS.join(", ")
                    )
                })?;
                *b = val
                    .as_bool()
                    .ok_or_else(|| format!("'rules.{k}' must be true or false, not {val}"))?;
            }
        }
        Some(other) => {
            return Err(format!(
                "'rules' must be an object of switches, not {other}"
            ))
        }
    }
    rules.validate().map_err(|e| e.to_string())?;
    Ok(rules)
}

pub(crate) fn rules_to_json(rules: &Rules) -> Value {
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

/// The fields of a `new` message.
struct NewGame {
    mode: Mode,
    rules: Rules,
    color: Option<Color>,
    seed: u64,
}

/// Reads a `new` message; an unknown or malformed field is an error that names it.
fn parse_new(msg: &Value) -> Result<NewGame, String> {
    let mode = match msg.get("mode") {
        Some(Value::String(s)) => s
            .parse()
            .map_err(|_| format!("unknown mode '{s}' in 'mode' (open, dark or flip)"))?,
        Some(other) => {
            return Err(format!(
                "'mode' must be \"open\", \"dark\" or \"flip\", not {other}"
            ))
        }
        None => return Err("'new' needs a 'mode' (open, dark or flip)".into()),
    };
    let rules = rules_from_json(msg.get("rules"))?;
    let color = match msg.get("color") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s == "r" => Some(Color::Red),
        Some(Value::String(s)) if s == "b" => Some(Color::Black),
        Some(other) => return Err(format!("'color' must be \"r\", \"b\" or null, not {other}")),
    };
    let seed = match msg.get("seed") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| format!("'seed' must be a whole number from 0 to 2^64-1, not {v}"))?,
    };
    Ok(NewGame {
        mode,
        rules,
        color,
        seed,
    })
}

fn error_json(message: String) -> Value {
    json!({"type": "error", "message": message})
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
    let removed = result.removals(from, to);
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

/// What `junqi engine` knows of the game it plays.
struct EngineState {
    lvl: Level,
    mode: Mode,
    rules: Rules,
    color: Option<Color>,
    seed: u64,
    own: Option<Deployment>,
    history: Vec<PublicEvent>,
    /// The 4-player game, when the last `new` started one.
    siguo: Option<SiguoGame>,
}

/// What the engine does with one line.
enum Answer {
    Reply(Value),
    Silent,
    Quit,
}

impl EngineState {
    fn answer(&mut self, line: &str) -> Answer {
        if line.trim().is_empty() {
            return Answer::Silent;
        }
        let msg: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return Answer::Reply(error_json(format!("bad JSON: {e}"))),
        };
        let reply = match msg.get("type").and_then(Value::as_str) {
            Some("hello") => json!({
                "type": "hello",
                "name": format!("junqi {}", self.lvl.name_en),
                "version": env!("CARGO_PKG_VERSION"),
            }),
            Some("new") => {
                let siguo_mode = msg.get("mode").and_then(Value::as_str).and_then(info_mode);
                match siguo_mode {
                    Some(mode) => match rules_from_json(msg.get("rules"))
                        .and_then(|rules| SiguoGame::from_new(&msg, mode, rules))
                    {
                        Err(e) => error_json(format!("new: {e}")),
                        Ok(game) => {
                            let reply = game.deployment();
                            self.siguo = Some(game);
                            reply
                        }
                    },
                    None => match parse_new(&msg) {
                        Err(e) => error_json(format!("new: {e}")),
                        Ok(new) => {
                            self.siguo = None;
                            self.new_game(new)
                        }
                    },
                }
            }
            Some("update") if self.siguo.is_some() => {
                if let Some(Err(e)) = self.siguo.as_mut().map(|g| g.update(&msg)) {
                    return Answer::Reply(error_json(format!("update: {e}")));
                }
                return Answer::Silent;
            }
            Some("update") => {
                if let Some(last) = msg.get("last") {
                    if let Some(ev) = event_from_last(last, self.history.len() as u32 + 1) {
                        self.history.push(ev);
                    }
                }
                return Answer::Silent;
            }
            Some("go") => self.go(&msg),
            Some("quit") => return Answer::Quit,
            Some(other) => error_json(format!("unknown message type '{other}'")),
            None => error_json("a message needs a 'type'".into()),
        };
        Answer::Reply(reply)
    }

    fn new_game(&mut self, new: NewGame) -> Value {
        self.mode = new.mode;
        self.rules = new.rules;
        self.color = new.color;
        self.seed = new.seed;
        self.history.clear();
        if self.mode == Mode::Flip {
            self.own = None;
            json!({"type": "ready"})
        } else {
            let d = deploy::formation_for(
                self.seed ^ self.color.map_or(0, |c| c as u64 + 1),
                &self.rules,
            );
            self.own = Some(d.clone());
            json!({"type": "deployment", "deployment": d.to_string()})
        }
    }

    fn go(&self, msg: &Value) -> Value {
        if let Some(game) = &self.siguo {
            let ms = msg.get("ms").and_then(Value::as_u64).unwrap_or(1000);
            let mut deadline = Deadline(crate::host::after(Duration::from_millis(
                ms.saturating_mul(8) / 10,
            )));
            return game.go(msg, &self.lvl, &mut deadline);
        }
        let view_text = msg.get("view").and_then(Value::as_str).unwrap_or("");
        let ms = msg.get("ms").and_then(Value::as_u64).unwrap_or(1000);
        let side = view_text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.chars().next())
            .and_then(Color::from_char);
        let me = self.color.or(side);
        match PlayerView::from_jfen(view_text, me, self.mode, self.rules) {
            Ok(mut view) => {
                view.history = self.history.clone();
                let ctx = Context {
                    own: self.own.as_ref(),
                    seed: self.seed,
                };
                let mut deadline = Deadline(crate::host::after(Duration::from_millis(
                    ms.saturating_mul(8) / 10,
                )));
                match choose(&view, &self.lvl, &ctx, &mut deadline) {
                    Some(a) => json!({"type": "action", "action": a.to_string()}),
                    None => error_json("no legal action".into()),
                }
            }
            Err(e) => error_json(e.to_string()),
        }
    }
}

/// `junqi engine [--level N]`: speaks the protocol on stdin/stdout until `quit` or end of input.
///
/// A line that cannot be a message (longer than [`MAX_LINE`], not UTF-8, not JSON, a message
/// with a bad field) is answered with `{"type":"error","message":…}` and the engine goes on.
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
    let mut state = EngineState {
        lvl,
        mode: Mode::Open,
        rules: Rules::default(),
        color: None,
        seed: 0,
        own: None,
        history: Vec::new(),
        siguo: None,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut number = 0u64;
    loop {
        let read =
            read_line(&mut input, MAX_LINE).map_err(|e| Fail(format!("reading input: {e}")))?;
        number += 1;
        let answer = match read {
            None => break,
            Some(Line::TooLong) => Answer::Reply(error_json(format!(
                "line {number} is longer than {MAX_LINE} bytes; ignored"
            ))),
            Some(Line::Bytes(bytes)) => match String::from_utf8(bytes) {
                Ok(line) => state.answer(&line),
                Err(e) => Answer::Reply(error_json(format!(
                    "line {number} is not UTF-8 (invalid byte at {}); ignored",
                    e.utf8_error().valid_up_to()
                ))),
            },
        };
        match answer {
            Answer::Reply(r) => {
                writeln!(out, "{r}").map_err(|e| Fail(format!("writing output: {e}")))?;
                out.flush().ok();
            }
            Answer::Silent => {}
            Answer::Quit => break,
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

/// Time limits for external engines.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Limits {
    /// Thinking time per move, sent in `go`.
    pub ms: u64,
    /// Time to answer `hello` and `new`.
    pub start: Duration,
}

/// Grace beyond `ms` for an answer to `go` to arrive.
pub(crate) const GO_GRACE: Duration = Duration::from_millis(1000);
/// Time an engine has to take one line of input before it counts as not reading.
pub(crate) const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// Starts `cmd` and checks that it answers the protocol's hello.
pub(crate) fn probe(cmd: &str, limits: Limits) -> Result<(), String> {
    let mut e = Engine::spawn(cmd)?;
    let r = e
        .send(&json!({"type": "hello"}), WRITE_TIMEOUT)
        .and_then(|_| e.receive(&["hello"], limits.start));
    if r.is_err() {
        e.fail();
    }
    r.map(|_| ())
}

/// A player of the match, across its games.
struct Seat {
    /// As given on the command line.
    name: String,
    player: Player,
    kind: PlayerKind,
    limits: Limits,
    /// The running engine, for an external player; ended after any protocol error and started
    /// afresh for the next game.
    engine: Option<Engine>,
    own: Option<Deployment>,
    /// The seed of a built-in player's own choices in this game.
    play_seed: u64,
    /// Why the engine was ended between its turns (an `update` it did not take).
    broken: Option<String>,
}

impl Seat {
    fn new(spec: &str, player: Player, limits: Limits) -> Result<Seat, Fail> {
        Ok(Seat {
            name: spec.to_string(),
            player,
            kind: PlayerKind::parse(spec)?,
            limits,
            engine: None,
            own: None,
            play_seed: 0,
            broken: None,
        })
    }

    /// Ends the engine at once (it broke the protocol); the next game starts a new one.
    fn end_engine(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.fail();
        }
    }

    /// Starts game `game` of the match; returns the formation for 明棋/暗棋 (Err: the player
    /// forfeits).
    fn start(
        &mut self,
        mode: Mode,
        rules: &Rules,
        color: Option<Color>,
        match_seed: u64,
        game: u64,
    ) -> Result<Option<Deployment>, String> {
        self.broken = None;
        self.play_seed = seeds::derive(match_seed, game, Purpose::Play(self.player));
        let formation_seed = seeds::derive(match_seed, game, Purpose::Formation(self.player));
        let d = match &self.kind {
            PlayerKind::Random | PlayerKind::Greedy => {
                (mode != Mode::Flip).then(|| Deployment::random(formation_seed).fitted(rules))
            }
            PlayerKind::Level(_) => {
                (mode != Mode::Flip).then(|| deploy::formation_for(formation_seed, rules))
            }
            PlayerKind::External(_) => {
                // The engine's seed is its own, derived apart from every secret one.
                let seed = seeds::derive(match_seed, game, Purpose::Engine(self.player));
                let r = self.new_game(mode, rules, color, seed);
                if r.is_err() {
                    self.end_engine();
                }
                r?
            }
        };
        self.own = d.clone();
        Ok(d)
    }

    fn new_game(
        &mut self,
        mode: Mode,
        rules: &Rules,
        color: Option<Color>,
        seed: u64,
    ) -> Result<Option<Deployment>, String> {
        let PlayerKind::External(cmd) = &self.kind else {
            return Err("not an engine".into());
        };
        let limits = self.limits;
        // An engine that exited or broke the protocol between games (after the last game's
        // last update) is started afresh rather than blamed for this game.
        if let Some(e) = self.engine.as_mut() {
            let trouble = match e.drain() {
                Ok(true) => Some("it exited".to_string()),
                Ok(false) => None,
                Err(err) => Some(err),
            };
            if let Some(why) = trouble {
                eprintln!("junqi: engine '{cmd}': starting it again ({why})");
                e.fail();
                self.engine = None;
            }
        }
        let e = match &mut self.engine {
            Some(e) => e,
            slot => {
                let mut e = Engine::spawn(cmd)?;
                let hello = e
                    .send(&json!({"type": "hello"}), WRITE_TIMEOUT)
                    .and_then(|_| e.receive(&["hello"], limits.start));
                if let Err(err) = hello {
                    e.fail();
                    return Err(format!("hello: {err}"));
                }
                slot.insert(e)
            }
        };
        e.send(
            &json!({"type": "new", "mode": mode.as_str(), "rules": rules_to_json(rules), "color": color.map(|c| c.char().to_string()), "seed": seed}),
            WRITE_TIMEOUT,
        )?;
        let want = if mode == Mode::Flip {
            "ready"
        } else {
            "deployment"
        };
        let reply = e
            .receive(&[want], limits.start)
            .map_err(|err| format!("new: {err}"))?;
        if mode == Mode::Flip {
            return Ok(None);
        }
        let text = reply
            .get("deployment")
            .and_then(Value::as_str)
            .ok_or("a deployment message without 'deployment'")?;
        let d: Deployment = text
            .parse()
            .map_err(|e: junqi_core::deployment::DeploymentParseError| e.to_string())?;
        d.validate_with(rules)
            .map_err(|v| format!("invalid deployment ({} violations)", v.len()))?;
        Ok(Some(d))
    }

    fn update(&mut self, view: &PlayerView, last: &Value) {
        if let Some(e) = self.engine.as_mut() {
            if let Err(err) = e.send(
                &json!({"type": "update", "view": view.to_jfen(), "last": last}),
                WRITE_TIMEOUT,
            ) {
                self.broken = Some(format!("update: {err}"));
                self.end_engine();
            }
        }
    }

    fn act(&mut self, view: &PlayerView) -> Result<Action, String> {
        let seed = self.play_seed;
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
                let r = self.engine_act(view);
                if r.is_err() {
                    self.end_engine();
                }
                return r;
            }
        };
        a.ok_or_else(|| "no action".to_string())
    }

    fn engine_act(&mut self, view: &PlayerView) -> Result<Action, String> {
        if let Some(reason) = self.broken.take() {
            return Err(reason);
        }
        let ms = self.limits.ms;
        let e = self.engine.as_mut().ok_or("engine not running")?;
        if e.drain()? {
            return Err("engine exited".into());
        }
        e.send(
            &json!({"type": "go", "view": view.to_jfen(), "ms": ms}),
            WRITE_TIMEOUT,
        )?;
        let reply = e
            .receive(&["action"], Duration::from_millis(ms) + GO_GRACE)
            .map_err(|err| format!("go: {err}"))?;
        let text = reply
            .get("action")
            .and_then(Value::as_str)
            .ok_or("an action message without 'action'")?;
        text.parse()
            .map_err(|e: junqi_core::action::ParseActionError| format!("action '{text}': {e}"))
    }

    /// The player lost game `game` by `reason`: logged, and an engine is ended.
    fn forfeit(&mut self, game: u64, reason: &str) {
        eprintln!("junqi: game {game}: '{}' forfeits: {reason}", self.name);
        self.end_engine();
    }
}

/// How one game ended for player A.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameResult {
    AWins,
    Draw,
    BWins,
}

/// Plays game number `game` of the match with seed `match_seed`.
fn play_game(
    a: &mut Seat,
    b: &mut Seat,
    mode: Mode,
    rules: Rules,
    match_seed: u64,
    game: u64,
    a_first: bool,
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
    let d1 = first.start(mode, &rules, first_color, match_seed, game);
    let d2 = second.start(mode, &rules, second_color, match_seed, game);
    if let Err(e) = &d1 {
        first.forfeit(game, e);
    }
    if let Err(e) = &d2 {
        second.forfeit(game, e);
    }
    let setup = match (mode, d1, d2) {
        (_, Err(_), Err(_)) => return GameResult::Draw,
        (_, Err(_), _) => return win_second,
        (_, _, Err(_)) => return win_first,
        (Mode::Flip, _, _) => Setup::Shuffle {
            seed: seeds::derive(match_seed, game, Purpose::Shuffle),
        },
        (_, Ok(Some(r)), Ok(Some(k))) => Setup::Deployments { red: r, black: k },
        _ => return GameResult::Draw,
    };
    let Ok(mut game_state) = Game::new(mode, rules, setup) else {
        return GameResult::Draw;
    };
    for _ in 0..3000 {
        if let Some(o) = game_state.outcome() {
            let first_is = game_state.position().first_color().unwrap_or(Color::Red);
            return match o {
                Outcome::Win { winner, .. } if winner == first_is => win_first,
                Outcome::Win { .. } => win_second,
                Outcome::Draw { .. } => GameResult::Draw,
            };
        }
        let pos = game_state.position();
        let first_is = pos.first_color();
        let (mover_is_first, color) = match pos.turn() {
            Some(t) => (
                Some(t) == first_is || first_is.is_none() && t == Color::Red,
                Some(t),
            ),
            None => (pos.ply() % 2 == 1, None),
        };
        let view = game_state.view(color);
        let (mover, win_other) = if mover_is_first {
            (&mut *first, win_second)
        } else {
            (&mut *second, win_first)
        };
        let action = match mover.act(&view) {
            Ok(a) => a,
            Err(e) => {
                mover.forfeit(game, &e);
                return win_other;
            }
        };
        let report = match game_state.play(action) {
            Ok(r) => r.clone(),
            Err(e) => {
                mover.forfeit(game, &e.to_string());
                return win_other;
            }
        };
        let last = last_json(&report);
        let first_is = game_state.position().first_color();
        let v1 = game_state.view(first_is);
        let v2 = game_state.view(first_is.map(|c| !c));
        first.update(&v1, &last);
        second.update(&v2, &last);
    }
    GameResult::Draw
}

/// Wilson score interval for a proportion, 95 %.
pub(crate) fn wilson(successes: f64, n: f64) -> (f64, f64) {
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

/// `junqi match --red A --black B --mode M --games N [--seed S] [--ms N] [--start-ms N]
/// [--rules a,b] [--threads T]`
pub fn run_match(args: &[String]) -> Result<String, Fail> {
    let mut red = None;
    let mut black = None;
    let mut mode = Mode::Open;
    let mut games = 10u64;
    let mut seed = None;
    let mut ms = 1000u64;
    let mut start_ms = 10_000u64;
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
                seed = Some(
                    val()?
                        .parse()
                        .map_err(|_| Fail("--seed takes a number".into()))?,
                )
            }
            "--ms" => {
                ms = val()?
                    .parse()
                    .map_err(|_| Fail("--ms takes a number".into()))?
            }
            "--start-ms" => {
                start_ms = val()?
                    .parse()
                    .map_err(|_| Fail("--start-ms takes a number".into()))?
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
    // Without --seed, a drawn one (printed below, so the match can be replayed).
    let seed = seed.unwrap_or_else(seeds::fresh);
    let limits = Limits {
        ms,
        start: Duration::from_millis(start_ms),
    };
    // An external engine that does not start or greet is a mistake to report, not a match of
    // forfeits (e.g. `level3` where `level:3` was meant).
    for spec in [&red, &black] {
        if let PlayerKind::External(cmd) = PlayerKind::parse(spec)? {
            probe(&cmd, limits).map_err(|e| {
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
    let results = play_in_threads(
        games,
        threads,
        || {
            Ok((
                Seat::new(&red, Player::A, limits)?,
                Seat::new(&black, Player::B, limits)?,
            ))
        },
        // Colours alternate: even games A (--red) moves first, odd games B.
        |(a, b), g| Ok(play_game(a, b, mode, rules, seed, g, g % 2 == 0)),
    )?;
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

/// Plays games `0..games` on `threads` threads (game g on thread g % threads), each thread
/// with its own state made by `init` (its players), and returns the results in game order.
pub(crate) fn play_in_threads<S, R: Send>(
    games: u64,
    threads: u64,
    init: impl Fn() -> Result<S, Fail> + Sync,
    play: impl Fn(&mut S, u64) -> Result<R, Fail> + Sync,
) -> Result<Vec<R>, Fail> {
    let (init, play) = (&init, &play);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || -> Result<Vec<(u64, R)>, Fail> {
                    let mut state = init()?;
                    let mut out = Vec::new();
                    let mut g = t;
                    while g < games {
                        out.push((g, play(&mut state, g)?));
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
    })
}
