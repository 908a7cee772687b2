//! External engines need process groups and poll(2), so `junqi match` runs them on Unix only;
//! elsewhere this stands in for `host.rs` and refuses to start one.

use serde_json::Value;
use std::time::{Duration, Instant};

const UNIX_ONLY: &str = "external engines need a Unix system";

pub struct Engine;

impl Engine {
    pub fn spawn(_cmd: &str) -> Result<Engine, String> {
        Err(UNIX_ONLY.into())
    }

    pub fn fail(&mut self) {}

    pub fn send(&mut self, _v: &Value, _timeout: Duration) -> Result<(), String> {
        Err(UNIX_ONLY.into())
    }

    pub fn drain(&mut self) -> Result<bool, String> {
        Ok(true)
    }

    pub fn receive(&mut self, _types: &[&str], _timeout: Duration) -> Result<Value, String> {
        Err(UNIX_ONLY.into())
    }
}

/// The moment `d` from now; a span too long for the clock is cut, not a panic.
pub fn after(d: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(d)
        .or_else(|| now.checked_add(Duration::from_secs(1 << 32)))
        .unwrap_or(now)
}
