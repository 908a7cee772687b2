//! An external engine as `junqi match` runs it: a process group started through `sh -c`, its
//! output read by the host itself with poll(2) and cut into bounded lines, a writer thread so
//! that no write to an engine that stopped reading can block the host, and an end that leaves
//! nothing running.
//!
//! The output is read on the host's own thread, not by a reader thread, so that "every line the
//! engine wrote before this request" is exactly what the pipe holds now: `drain` can drop all of
//! it before a request, and a late or stray line is never taken for the next reply.
//!
//! The protocol-level behaviour is described in docs/engine-host.md. Unix only (process groups,
//! poll); elsewhere external engines are refused.

use crate::lines::{excerpt, MAX_LINE};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Once;
use std::time::{Duration, Instant};

/// Skipped lines logged per engine; the rest are only counted.
const LOGGED_SKIPS: u32 = 20;
/// How long an engine has to exit after `quit` before its process group is ended.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// How long the process group has after SIGTERM before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);
/// The most a `drain` reads and drops before a request; an engine that writes without end is
/// then met by the request's own deadline.
const DRAIN_LIMIT: usize = 8 * MAX_LINE;

/// What waiting for the next line gave.
enum Next {
    /// A complete line (invalid UTF-8 replaced), without its `\n`.
    Line(String),
    /// The engine closed its output.
    End,
    /// Nothing complete before the deadline.
    Timeout,
}

/// A running external engine. Dropping it ends its whole process group and reaps it.
pub struct Engine {
    /// The command, for messages.
    cmd: String,
    child: Child,
    /// The process group's id (the `sh` that leads it), while the leader is not reaped.
    pgid: Option<u32>,
    /// Its entry in [`GROUPS`], if there was room.
    slot: Option<usize>,
    stdout: ChildStdout,
    /// Bytes read and not yet cut into lines: at most [`MAX_LINE`] plus one read.
    pending: Vec<u8>,
    /// The engine closed its output.
    ended: bool,
    /// Lines to write, to the writer thread; `None` once closed.
    to_engine: Option<Sender<Vec<u8>>>,
    /// One result per written line, from the writer thread.
    written: Receiver<Result<(), String>>,
    /// Whether it has kept to the protocol so far (then it is asked to `quit` at the end).
    healthy: bool,
    skipped: u32,
}

impl Engine {
    /// Starts `sh -c cmd` in a process group of its own.
    pub fn spawn(cmd: &str) -> Result<Engine, String> {
        end_groups_on_signals();
        // From the fork until the group is registered, a stop of the host would miss it; the
        // signal handler leaves the ending to this thread meanwhile.
        let spawning = Spawning::begin()?;
        let child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            // Its own process group, so that everything it starts (a pipeline, `a & b`, a
            // wrapper script's children) is ended together: killing `sh` alone would leave
            // them running.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"));
        let slot = child.as_ref().ok().and_then(|c| register_group(c.id()));
        spawning.end();
        let mut child = child?;
        let pgid = Some(child.id());
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            signal_group(child.id(), libc::SIGKILL);
            unregister_group(slot);
            let _ = child.wait();
            return Err("no pipes to the engine".into());
        };
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
            slot,
            stdout,
            pending: Vec::new(),
            ended: false,
            to_engine: Some(to_engine),
            written,
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

    /// Drops (and logs) every line the engine has written so far, so that a late or stray line
    /// cannot be taken for the answer to the next request. True if the engine has closed its
    /// output (it exited).
    pub fn drain(&mut self) -> Result<bool, String> {
        let mut dropped = 0;
        while dropped < DRAIN_LIMIT {
            match self.next_line(Instant::now())? {
                Next::Line(text) => {
                    dropped += text.len() + 1;
                    self.skip(&text, "nothing");
                }
                Next::End => return Ok(true),
                Next::Timeout => break,
            }
        }
        Ok(false)
    }

    /// Waits up to `timeout` for a message whose `type` is one of `types`; every other line
    /// (another type, not JSON, not UTF-8) is skipped and logged to stderr.
    pub fn receive(&mut self, types: &[&str], timeout: Duration) -> Result<Value, String> {
        let deadline = after(timeout);
        let wanted = types.join("' or '");
        let late = || format!("no '{wanted}' within {} ms", timeout.as_millis());
        loop {
            if Instant::now() >= deadline {
                return Err(late());
            }
            let text = match self.next_line(deadline)? {
                Next::Line(text) => text,
                Next::End => return Err(format!("engine ended its output before '{wanted}'")),
                Next::Timeout => return Err(late()),
            };
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

    /// The next complete line, reading from the engine until `deadline` (once at least, even
    /// when it has passed). A line over [`MAX_LINE`] bytes is a protocol error.
    fn next_line(&mut self, deadline: Instant) -> Result<Next, String> {
        let too_long = || format!("engine wrote a line longer than {MAX_LINE} bytes");
        let mut first = true;
        loop {
            if let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
                if i > MAX_LINE {
                    return Err(too_long());
                }
                let mut line: Vec<u8> = self.pending.drain(..=i).collect();
                line.pop();
                return Ok(Next::Line(String::from_utf8_lossy(&line).into_owned()));
            }
            if self.pending.len() > MAX_LINE {
                return Err(too_long());
            }
            if self.ended {
                if self.pending.is_empty() {
                    return Ok(Next::End);
                }
                // A last line without `\n`.
                let line = std::mem::take(&mut self.pending);
                return Ok(Next::Line(String::from_utf8_lossy(&line).into_owned()));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() && !first {
                return Ok(Next::Timeout);
            }
            first = false;
            match poll_readable(self.stdout.as_raw_fd(), left) {
                Poll::Ready => {}
                Poll::NotReady => return Ok(Next::Timeout),
                Poll::Interrupted => continue,
                Poll::Failed(e) => return Err(format!("waiting for the engine: {e}")),
            }
            let mut chunk = [0u8; 1 << 16];
            match self.stdout.read(&mut chunk) {
                Ok(0) => self.ended = true,
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(format!("reading from the engine: {e}")),
            }
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
        let deadline = after(grace);
        loop {
            match self.next_line(deadline) {
                Ok(Next::Line(_)) => {}
                Ok(Next::End) => return true,
                Ok(Next::Timeout) => return false,
                Err(_) => {
                    self.pending.clear();
                    if Instant::now() >= deadline {
                        return false;
                    }
                }
            }
        }
    }
}

/// The moment `d` from now; a span too long for the clock (a huge `--ms`) is cut, not a panic.
pub fn after(d: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(d)
        .or_else(|| now.checked_add(Duration::from_secs(1 << 32)))
        .unwrap_or(now)
}

/// What poll(2) said.
enum Poll {
    Ready,
    NotReady,
    Interrupted,
    Failed(std::io::Error),
}

/// Waits up to `timeout` for `fd` to have input (or to be closed).
fn poll_readable(fd: std::os::fd::RawFd, timeout: Duration) -> Poll {
    let ms = timeout
        .as_micros()
        .div_ceil(1000)
        .min(libc::c_int::MAX as u128) as libc::c_int;
    let mut pfd = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: `pfd` is a valid pollfd that lives across the call, and the count is 1.
    let r = unsafe { libc::poll(&mut pfd, 1, ms) };
    match r {
        0 => Poll::NotReady,
        r if r > 0 => Poll::Ready,
        _ => {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                Poll::Interrupted
            } else {
                Poll::Failed(e)
            }
        }
    }
}

/// Sends `signal` to every process in the group `pgid`.
///
/// `libc` (the rust-lang crate, already in the build through other crates) because std can
/// signal only its own child, not a process group, and spawning `kill` would depend on a
/// program being on PATH at the moment the host most needs to clean up.
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

/// The process groups of the engines now running (0: a free entry), for [`on_signal`]. 64
/// entries: two engines for each of at most 16 match threads, and the probes before them.
static GROUPS: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];

fn register_group(pgid: u32) -> Option<usize> {
    let pgid = i32::try_from(pgid).ok()?;
    GROUPS.iter().position(|g| {
        g.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

fn unregister_group(slot: Option<usize>) {
    if let Some(g) = slot.and_then(|i| GROUPS.get(i)) {
        g.store(0, Ordering::SeqCst);
    }
}

/// When the host itself is stopped (Ctrl-C, SIGTERM, a closed terminal), its engines are in
/// other process groups and would not get the signal: end their groups, then die of the same
/// signal. Signals the host was started ignoring, or that something else handles, stay so.
fn end_groups_on_signals() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: plain sigaction(2) calls on zeroed structs that live across them; the
            // handler only calls async-signal-safe functions and reads atomics.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    continue;
                }
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                libc::sigemptyset(&mut new.sa_mask);
                libc::sigaction(sig, &new, std::ptr::null_mut());
            }
        }
    });
}

/// How many threads are between starting an engine and registering its group.
static SPAWNING: AtomicUsize = AtomicUsize::new(0);
/// The stopping signal received while an engine was being started (0: none).
static PENDING: AtomicI32 = AtomicI32::new(0);

/// A thread starting an engine. While any is, a stopping signal is only noted, and the last
/// thread to register its engine's group ends the host, so no group is started and missed.
struct Spawning;

impl Spawning {
    /// Refuses once the host is being stopped.
    fn begin() -> Result<Spawning, String> {
        SPAWNING.fetch_add(1, Ordering::SeqCst);
        let spawning = Spawning;
        if PENDING.load(Ordering::SeqCst) != 0 {
            spawning.end();
            return Err("the host is stopping".into());
        }
        Ok(spawning)
    }

    /// The group is registered (or no engine started): a signal noted meanwhile ends the host
    /// now, if no other thread is still starting one.
    fn end(self) {
        if SPAWNING.fetch_sub(1, Ordering::SeqCst) == 1 {
            let sig = PENDING.load(Ordering::SeqCst);
            if sig != 0 {
                end_host(sig);
            }
        }
    }
}

extern "C" fn on_signal(sig: libc::c_int) {
    // Noted first, counted second; `Spawning::end` does the reverse, so one of the two sees
    // the other and the host is ended after every started group is registered.
    PENDING.store(sig, Ordering::SeqCst);
    if SPAWNING.load(Ordering::SeqCst) > 0 {
        return;
    }
    end_host(sig);
}

/// Kills every registered group, then dies of `sig`. Only async-signal-safe calls.
fn end_host(sig: libc::c_int) {
    for g in &GROUPS {
        let pgid = g.load(Ordering::SeqCst);
        if pgid > 1 {
            // SAFETY: kill(2) is async-signal-safe and takes plain integers.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
    }
    // SAFETY: signal(2) and raise(3) are async-signal-safe; the default action ends the host.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
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
        if let Some(pgid) = self.pgid.take() {
            signal_group(pgid, libc::SIGTERM);
            if !ended {
                self.wait_output_end(TERM_GRACE);
            }
            signal_group(pgid, libc::SIGKILL);
        }
        unregister_group(self.slot.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
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

    #[test]
    fn drain_drops_what_was_written_before() {
        let mut e = Engine::spawn(
            r#"printf '%s\n' '{"type":"action","action":"a6-a7"}' '{"type":"action","action":"a6-a7"}'; read -r l; printf '%s\n' '{"type":"action","action":"b6-b7"}'; sleep 30"#,
        )
        .expect("sh starts");
        let v = e.receive(&["action"], Duration::from_secs(10));
        assert_eq!(v.ok().map(|v| v["action"].clone()), Some("a6-a7".into()));
        // Both lines were written at once, so the second is in the pipe by now.
        assert_eq!(e.drain(), Ok(false));
        e.send(&json!({"type": "go"}), Duration::from_secs(5))
            .expect("sends");
        let v = e.receive(&["action"], Duration::from_secs(10));
        assert_eq!(v.ok().map(|v| v["action"].clone()), Some("b6-b7".into()));
        e.fail();
    }

    #[test]
    fn drain_tells_that_an_engine_exited() {
        let mut e = Engine::spawn(r#"echo '{"type":"hello"}'"#).expect("sh starts");
        let v = e.receive(&["hello"], Duration::from_secs(10));
        assert!(v.is_ok(), "{v:?}");
        let deadline = Instant::now() + Duration::from_secs(10);
        while e.drain() != Ok(true) {
            assert!(Instant::now() < deadline, "the exit was not seen");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
