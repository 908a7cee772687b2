//! An external engine as `junqi match` runs it: a process group started through `sh -c`, a
//! reader thread that cuts its output into bounded lines, a writer thread so that no write to an
//! engine that stopped reading can block the host, and an end that leaves nothing running.
//!
//! The protocol-level behaviour is described in docs/engine-host.md.

use crate::lines::{excerpt, read_line, Line, MAX_LINE};
use serde_json::{json, Value};
use std::io::{BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{
    channel, sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError,
};
use std::time::{Duration, Instant};

/// Lines read ahead of the host; the reader waits (and the engine with it) beyond this.
const READ_AHEAD: usize = 16;
/// Skipped lines logged per engine; the rest are only counted.
const LOGGED_SKIPS: u32 = 20;
/// How long an engine has to exit after `quit` before its process group is ended.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// How long the process group has after SIGTERM before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);

/// What the reader thread passes on.
enum Incoming {
    Line(Line),
    Failed(String),
}

/// A running external engine. Dropping it ends its whole process group and reaps it.
pub struct Engine {
    /// The command, for messages.
    cmd: String,
    child: Child,
    /// The process group's id (the `sh` that leads it), while the leader is not reaped.
    pgid: Option<u32>,
    /// Lines to write, to the writer thread; `None` once closed.
    to_engine: Option<Sender<Vec<u8>>>,
    /// One result per written line, from the writer thread.
    written: Receiver<Result<(), String>>,
    lines: Receiver<Incoming>,
    /// Whether it has kept to the protocol so far (then it is asked to `quit` at the end).
    healthy: bool,
    skipped: u32,
}

impl Engine {
    /// Starts `sh -c cmd` in a process group of its own.
    pub fn spawn(cmd: &str) -> Result<Engine, String> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group, so that everything it starts (a pipeline, `a & b`, a wrapper
        // script's children) can be ended together: killing `sh` alone would leave them running.
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let pgid = Some(child.id());
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("no pipes to the engine".into());
        };
        let (tx, rx) = sync_channel(READ_AHEAD);
        std::thread::spawn(move || read_lines(BufReader::new(stdout), tx));
        let (to_engine, queue) = channel::<Vec<u8>>();
        let (done, written) = channel();
        std::thread::spawn(move || {
            for bytes in queue {
                let r = stdin
                    .write_all(&bytes)
                    .and_then(|_| stdin.flush())
                    .map_err(|e| format!("engine input closed: {e}"));
                let failed = r.is_err();
                if done.send(r).is_err() || failed {
                    break;
                }
            }
        });
        Ok(Engine {
            cmd: cmd.to_string(),
            child,
            pgid,
            to_engine: Some(to_engine),
            written,
            lines: rx,
            healthy: true,
            skipped: 0,
        })
    }

    /// Marks the engine as broken: at its end it is not asked to quit, only stopped.
    pub fn fail(&mut self) {
        self.healthy = false;
    }

    /// Writes one message as a line; fails if the engine has not taken it within `timeout`.
    pub fn send(&mut self, v: &Value, timeout: Duration) -> Result<(), String> {
        let mut bytes = v.to_string().into_bytes();
        bytes.push(b'\n');
        let tx = self.to_engine.as_ref().ok_or("engine input closed")?;
        tx.send(bytes).map_err(|_| "engine input closed")?;
        match self.written.recv_timeout(timeout) {
            Ok(r) => r,
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "engine did not read its input within {} ms",
                timeout.as_millis()
            )),
            Err(RecvTimeoutError::Disconnected) => Err("engine input closed".into()),
        }
    }

    /// Drops every line the engine wrote that nobody asked for yet (logged), so that a late or
    /// stray line cannot be taken for the answer to the next request.
    pub fn drain(&mut self) -> Result<(), String> {
        loop {
            match self.lines.try_recv() {
                Ok(incoming) => {
                    let text = self.checked(incoming)?;
                    self.skip(&text, "nothing");
                }
                Err(TryRecvError::Empty) => return Ok(()),
                // An exit is noticed by the next request.
                Err(TryRecvError::Disconnected) => return Ok(()),
            }
        }
    }

    /// Waits until `deadline` for a message whose `type` is one of `types`; every other line
    /// (another type, not JSON, not UTF-8, blank) is skipped and logged to stderr.
    pub fn receive(&mut self, types: &[&str], timeout: Duration) -> Result<Value, String> {
        let deadline = Instant::now() + timeout;
        let wanted = types.join("' or '");
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let incoming = match self.lines.recv_timeout(left) {
                Ok(i) => i,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no '{wanted}' within {} ms", timeout.as_millis()))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("engine ended its output before '{wanted}'"))
                }
            };
            let text = self.checked(incoming)?;
            if text.trim().is_empty() {
                continue;
            }
            if let Ok(v) = serde_json::from_str::<Value>(&text) {
                if let Some(t) = v.get("type").and_then(Value::as_str) {
                    if types.contains(&t) {
                        return Ok(v);
                    }
                }
            }
            self.skip(&text, &wanted);
        }
    }

    /// A line as text; a line over the bound or a failed read is a protocol error. Invalid
    /// UTF-8 is kept (replaced) so that it is skipped like any other stray line.
    fn checked(&mut self, incoming: Incoming) -> Result<String, String> {
        match incoming {
            Incoming::Line(Line::Bytes(b)) => Ok(String::from_utf8(b)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())),
            Incoming::Line(Line::TooLong) => {
                Err(format!("engine wrote a line longer than {MAX_LINE} bytes"))
            }
            Incoming::Failed(e) => Err(format!("reading from the engine: {e}")),
        }
    }

    fn skip(&mut self, text: &str, wanted: &str) {
        if text.trim().is_empty() {
            return;
        }
        self.skipped += 1;
        if self.skipped <= LOGGED_SKIPS {
            eprintln!(
                "junqi: engine '{}': skipped a line while waiting for '{wanted}': {}",
                self.cmd,
                excerpt(text, 120)
            );
            if self.skipped == LOGGED_SKIPS {
                eprintln!(
                    "junqi: engine '{}': further skipped lines are not shown",
                    self.cmd
                );
            }
        }
    }

    /// Waits up to `grace` for the engine's output to end (it exited, or closed it), reading
    /// and dropping what it still writes. True if it ended.
    fn wait_output_end(&mut self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Disconnected) => return true,
                Err(RecvTimeoutError::Timeout) => return false,
            }
        }
    }
}

/// Sends `signal` to every process in the group `pgid`.
///
/// `libc` (the rust-lang crate, already in the build through other crates) because std can
/// signal only its own child, not a process group, and spawning `kill` would depend on a
/// program being on PATH at the moment the host most needs to clean up.
#[cfg(unix)]
fn signal_group(pgid: u32, signal: libc::c_int) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        if pgid > 1 {
            // SAFETY: kill(2) takes plain integers and touches no memory of ours. The group id
            // is that of our own child, which is not yet reaped, so the id is not reused.
            unsafe {
                libc::kill(-pgid, signal);
            }
        }
    }
}

impl Drop for Engine {
    /// Ends the engine: `quit` (if it kept to the protocol) and a short grace, then SIGTERM and
    /// SIGKILL to its whole process group, then reaping `sh`. The group is signalled before the
    /// leader is reaped, so its id still names this group.
    fn drop(&mut self) {
        if self.healthy {
            if let Some(tx) = self.to_engine.as_ref() {
                let _ = tx.send(format!("{}\n", json!({"type": "quit"})).into_bytes());
            }
        }
        // Closing its input tells a well-behaved engine to stop, too.
        self.to_engine = None;
        let ended = self.healthy && self.wait_output_end(QUIT_GRACE);
        #[cfg(unix)]
        if let Some(pgid) = self.pgid.take() {
            signal_group(pgid, libc::SIGTERM);
            if !ended {
                self.wait_output_end(TERM_GRACE);
            }
            signal_group(pgid, libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_lines(mut r: BufReader<std::process::ChildStdout>, tx: SyncSender<Incoming>) {
    loop {
        let incoming = match read_line(&mut r, MAX_LINE) {
            Ok(Some(line)) => Incoming::Line(line),
            Ok(None) => return,
            Err(e) => Incoming::Failed(e.to_string()),
        };
        let failed = matches!(incoming, Incoming::Failed(_));
        if tx.send(incoming).is_err() || failed {
            return;
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_write_to_an_engine_that_does_not_read_times_out() {
        let mut e = Engine::spawn("exec sleep 30").expect("sh starts");
        let big = Value::String("x".repeat(4 << 20));
        let t = Instant::now();
        let r = e.send(&big, Duration::from_millis(300));
        assert!(r.is_err(), "{r:?}");
        assert!(t.elapsed() < Duration::from_secs(5));
        e.fail();
        let t = Instant::now();
        drop(e);
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn stray_lines_are_skipped_and_long_lines_refused() {
        let mut e = Engine::spawn(
            r#"printf '%s\n' 'chatter' '{"type":"info"}' '' '{"type":"hello","name":"x"}'; head -c 2000000 /dev/zero | tr '\0' a; echo; sleep 30"#,
        )
        .expect("sh starts");
        let v = e.receive(&["hello"], Duration::from_secs(10));
        assert_eq!(
            v.ok().and_then(|v| v["name"].as_str().map(String::from)),
            Some("x".into())
        );
        let r = e.receive(&["action"], Duration::from_secs(10));
        assert!(
            r.as_ref().is_err_and(|m| m.contains("longer than")),
            "{r:?}"
        );
        assert_eq!(e.skipped, 2);
        e.fail();
    }
}
