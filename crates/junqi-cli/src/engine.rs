//! The engine protocol (PROTOCOL.md, and docs/protocol-4p.md through `siguo_engine.rs`):
//! `junqi engine` answers a host on stdin/stdout. The host, `junqi match`, is `referee/`. What
//! the engine accepts and the bounds on lines are described in docs/engine-host.md.

use crate::lines::{read_line, Line, MAX_LINE};
use crate::siguo_engine::{info_mode, SiguoGame};
use crate::Fail;
use junqi_ai::search::Stop;
use junqi_ai::{choose, deploy, level, Context, Level};
use junqi_core::{Action, ActionResult, Deployment, Mode, PlayerView, PublicEvent, Rules, Seat};
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
    color: Option<Seat>,
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
        Some(Value::String(s)) if s == "r" => Some(Seat::RED),
        Some(Value::String(s)) if s == "b" => Some(Seat::BLACK),
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
    let result = ActionResult::from_protocol(last.get("result")?.as_str()?)?;
    let by = last
        .get("by")
        .and_then(Value::as_str)
        .and_then(|s| s.chars().next())
        .and_then(Seat::from_rb_char);
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
    Some(PublicEvent::heard(ply, by, Some(action), result, revealed))
}

/// `last` for a report, as the protocol writes it.
pub(crate) fn last_json(report: &junqi_core::Report) -> Value {
    json!({
        "by": report.by.map(|c| c.rb_char().to_string()),
        "action": report.action.map(|a| a.to_string()),
        "result": report.result.protocol_str(),
        "revealed": report.revealed.iter().map(|(p, piece)| json!([p.to_string(), piece.char().to_string()])).collect::<Vec<_>>(),
    })
}

/// What `junqi engine` knows of the game it plays.
struct EngineState {
    lvl: Level,
    mode: Mode,
    rules: Rules,
    color: Option<Seat>,
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
                self.seed ^ self.color.map_or(0, |c| c.index() as u64 + 1),
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
            .and_then(Seat::from_rb_char);
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
pub fn run_engine(level_arg: Option<&str>) -> Result<(), Fail> {
    let lvl: Level = match level_arg {
        Some(n) => n
            .parse()
            .ok()
            .and_then(level)
            .ok_or_else(|| Fail("--level takes 1..=5".into()))?,
        None => level(junqi_ai::DEFAULT_LEVEL).ok_or_else(|| Fail("no default level".into()))?,
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Piece, Point, Role};

    /// A lost attack is a scout when its defender was shown to everyone (`engineer_scouts`:
    /// the protocol says `lose` for both): what the attack removed follows from the result.
    #[test]
    fn a_lost_attack_that_showed_its_defender_is_read_as_a_scout() {
        let pt = |s: &str| s.parse::<Point>().expect("a point");
        let scout =
            json!({"by": "r", "action": "c6-c7", "result": "lose", "revealed": [["c7", "d"]]});
        let ev = event_from_last(&scout, 5).expect("an event");
        assert_eq!(ev.result, ActionResult::Scout);
        assert_eq!(ev.removed, vec![pt("c6")]);
        assert_eq!(
            ev.revealed,
            vec![(pt("c7"), Piece::new(Seat::BLACK, Role::MajorGeneral))]
        );
        let lost = json!({"by": "r", "action": "c6-c7", "result": "lose", "revealed": []});
        let ev = event_from_last(&lost, 5).expect("an event");
        assert_eq!(ev.result, ActionResult::Lose);
        assert_eq!(ev.removed, vec![pt("c6")]);
        let both = json!({"by": "b", "action": "c7-c6", "result": "both"});
        let ev = event_from_last(&both, 6).expect("an event");
        assert_eq!(ev.removed, vec![pt("c7"), pt("c6")]);
        assert_eq!(ev.by, Some(Seat::BLACK));
    }
}
