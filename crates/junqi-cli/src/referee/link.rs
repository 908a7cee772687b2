//! The players of a match as the command line names them, and the link to an external engine:
//! one for both protocols (PROTOCOL.md, docs/protocol-4p.md), whose messages differ only in
//! their fields, which each board's loop writes.

use super::Limits;
use crate::host::Engine;
use crate::Fail;
use junqi_core::Deployment;
use serde_json::{json, Value};
use std::time::Duration;

/// Grace beyond `ms` for an answer to `go` to arrive.
const GO_GRACE: Duration = Duration::from_millis(1000);
/// Time an engine has to take one line of input before it counts as not reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// A player as written on the command line.
#[derive(Clone, Debug)]
pub enum Spec {
    Random,
    Greedy,
    /// A built-in computer level, 1..=5.
    Level(u8),
    /// An engine's command (`cmd:<command>`, or any other text).
    External(String),
}

impl Spec {
    pub fn parse(s: &str) -> Result<Spec, Fail> {
        Ok(match s {
            "random" => Spec::Random,
            "greedy" => Spec::Greedy,
            _ => match s.strip_prefix("level:") {
                Some(n) => n
                    .parse()
                    .ok()
                    .filter(|n| (1..=5).contains(n))
                    .map(Spec::Level)
                    .ok_or_else(|| Fail(format!("no level '{n}' (1..=5)")))?,
                None => Spec::External(s.strip_prefix("cmd:").unwrap_or(s).to_string()),
            },
        })
    }
}

/// Starts `cmd` and checks that it answers the protocol's hello.
pub fn probe(cmd: &str, limits: Limits) -> Result<(), String> {
    Engine::spawn(cmd)
        .and_then(|e| greet(e, limits))
        .map(|_| ())
}

/// Sends `hello` and waits for the answer; an engine that does not answer is ended.
fn greet(mut e: Engine, limits: Limits) -> Result<Engine, String> {
    let hello = e
        .send(&json!({"type": "hello"}), WRITE_TIMEOUT)
        .and_then(|_| e.receive(&["hello"], limits.start));
    match hello {
        Ok(_) => Ok(e),
        Err(err) => {
            e.fail();
            Err(err)
        }
    }
}

/// One external player across the games of one match thread: its running engine is kept from
/// game to game, ended after any protocol error, and started afresh for the next game.
pub struct Link {
    cmd: String,
    limits: Limits,
    engine: Option<Engine>,
    /// Why the engine was ended between its turns (an `update` it did not take).
    broken: Option<String>,
}

impl Link {
    pub fn new(cmd: &str, limits: Limits) -> Link {
        Link {
            cmd: cmd.to_string(),
            limits,
            engine: None,
            broken: None,
        }
    }

    /// Ends the engine at once (it broke the protocol); the next game starts a new one.
    pub fn end(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.fail();
        }
    }

    /// Starts a game: greets the engine if none is running, sends `new` and reads the reply of
    /// type `want` with `read`. Any failure ends the engine.
    pub fn start<T>(
        &mut self,
        new: &Value,
        want: &str,
        read: impl FnOnce(&Value) -> Result<T, String>,
    ) -> Result<T, String> {
        self.broken = None;
        let r = self.try_start(new, want).and_then(|reply| read(&reply));
        if r.is_err() {
            self.end();
        }
        r
    }

    fn try_start(&mut self, new: &Value, want: &str) -> Result<Value, String> {
        // An engine that exited or broke the protocol between games (after the last game's
        // last update) is started afresh rather than blamed for this game.
        if let Some(e) = self.engine.as_mut() {
            let trouble = match e.drain() {
                Ok(true) => Some("it exited".to_string()),
                Ok(false) => None,
                Err(err) => Some(err),
            };
            if let Some(why) = trouble {
                eprintln!("junqi: engine '{}': starting it again ({why})", self.cmd);
                self.end();
            }
        }
        let limits = self.limits;
        let e = match &mut self.engine {
            Some(e) => e,
            slot => {
                let e =
                    greet(Engine::spawn(&self.cmd)?, limits).map_err(|e| format!("hello: {e}"))?;
                slot.insert(e)
            }
        };
        e.send(new, WRITE_TIMEOUT)?;
        e.receive(&[want], limits.start)
            .map_err(|err| format!("new: {err}"))
    }

    /// Tells the engine, if one is running, what happened; one that does not take it is ended
    /// and loses at its next turn.
    pub fn update(&mut self, msg: &Value) {
        if let Some(e) = self.engine.as_mut() {
            if let Err(err) = e.send(msg, WRITE_TIMEOUT) {
                self.broken = Some(format!("update: {err}"));
                self.end();
            }
        }
    }

    /// Sends `go` (which carries the thinking time `ms`) and reads the action with `read`. Any
    /// failure ends the engine.
    pub fn go<T>(
        &mut self,
        msg: &Value,
        read: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        let r = self
            .try_go(msg)
            .and_then(|text| read(&text).map_err(|e| format!("action '{text}': {e}")));
        if r.is_err() {
            self.end();
        }
        r
    }

    fn try_go(&mut self, msg: &Value) -> Result<String, String> {
        if let Some(reason) = self.broken.take() {
            return Err(reason);
        }
        let ms = self.limits.ms;
        let e = self.engine.as_mut().ok_or("engine not running")?;
        if e.drain()? {
            return Err("engine exited".into());
        }
        e.send(msg, WRITE_TIMEOUT)?;
        let reply = e
            .receive(&["action"], Duration::from_millis(ms) + GO_GRACE)
            .map_err(|err| format!("go: {err}"))?;
        reply
            .get("action")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| "an action message without 'action'".to_string())
    }

    /// The thinking time a move, for `go`.
    pub fn ms(&self) -> u64 {
        self.limits.ms
    }
}

/// The formation of a `deployment` reply (its setup rules are the board's to check).
pub fn deployment(reply: &Value) -> Result<Deployment, String> {
    reply
        .get("deployment")
        .and_then(Value::as_str)
        .ok_or("a deployment message without 'deployment'")?
        .parse()
        .map_err(|e: junqi_core::deployment::DeploymentParseError| e.to_string())
}
