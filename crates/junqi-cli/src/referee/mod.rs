//! `junqi match`: one referee for every board and seating. It reads the match's options, checks
//! the players before the first game, plays the games on threads with seeds derived one-way
//! from the match seed (`seeds.rs`), and prints the figures. What differs between boards is the
//! game loop each board's core needs: `facing.rs` (the 2-player board, `--red`/`--black`) and
//! `cross.rs` (the cross board, `--seats`). External engines are spoken to through one link
//! (`link.rs`; processes started and ended by `host.rs`); how the host treats engines that
//! break the protocol is described in docs/engine-host.md.

mod cross;
mod facing;
mod link;
mod proven;

use crate::{parse_rules, seeds, Fail};
use clap::{ArgGroup, Args};
use junqi_core::Rules;
use link::{probe, Spec};
use std::path::PathBuf;
use std::time::Duration;

/// Shown under `junqi match --help`.
const PLAYERS_HELP: &str = "Players: random, greedy, level:1..5 (the built-in computer), or \
cmd:<engine command> (any program speaking PROTOCOL.md or docs/protocol-4p.md; a text that is \
none of these is run as a command too).

With --red and --black: 2-player games, the players taking turns to move first.
With --seats A,B,C,D: 四国, A+C against B+D, everyone moving one seat on each game;
  with --teams each: 四方混战, each for himself; with --seats A,B,C: 三国 (W's area empty).
Without --seed a seed is drawn and printed, so every match replays exactly.";

/// `junqi match`'s options.
#[derive(Args, Debug)]
#[command(after_help = PLAYERS_HELP)]
#[command(group(ArgGroup::new("players").required(true).args(["red", "seats"])))]
pub struct MatchArgs {
    /// 2-player match: the player who moves first in even games
    #[arg(long, value_name = "PLAYER", requires = "black")]
    red: Option<String>,
    /// 2-player match: the player who moves first in odd games
    #[arg(long, value_name = "PLAYER", requires = "red")]
    black: Option<String>,
    /// 四国 match: the players in place order, four or three
    #[arg(long, value_name = "A,B,C[,D]", conflicts_with_all = ["red", "black"])]
    seats: Option<String>,
    /// With four --seats: pairs (四国, the default) or each (四方混战)
    #[arg(long, value_name = "pairs|each", requires = "seats", conflicts_with_all = ["red", "black"])]
    teams: Option<String>,
    /// open, dark or flip (2-player, default open); siguo-dark, siguo-double or siguo-open
    /// (四国, default siguo-dark)
    #[arg(long)]
    mode: Option<String>,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u64,
    /// The match seed (drawn and printed when absent)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// An engine's thinking time a move, in milliseconds
    #[arg(long, value_name = "N", default_value_t = 1000)]
    ms: u64,
    /// The time an engine has to answer hello and new, in milliseconds
    #[arg(long = "start-ms", value_name = "N", default_value_t = 10_000)]
    start_ms: u64,
    /// Rule switches and settings, comma-separated (see `junqi --help`)
    #[arg(long, value_name = "SWITCHES")]
    rules: Option<String>,
    /// Games played at once (1..=16; default: the machine's cores)
    #[arg(long, value_name = "T")]
    threads: Option<u64>,
    /// Writes each game's record as DIR/game-N.json
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
}

/// Time limits for external engines.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Thinking time per move, sent in `go`.
    pub ms: u64,
    /// Time to answer `hello` and `new`.
    pub start: Duration,
}

/// What every board's match shares: read from the options once.
pub struct Match {
    pub games: u64,
    pub seed: u64,
    pub limits: Limits,
    pub threads: u64,
    pub rules: Rules,
    pub mode: Option<String>,
    pub records: Option<PathBuf>,
}

impl Match {
    /// Writes game `g`'s record where `--records` asks.
    fn write_record(&self, g: u64, json: impl FnOnce() -> String) -> Result<(), Fail> {
        let Some(dir) = &self.records else {
            return Ok(());
        };
        let path = dir.join(format!("game-{g}.json"));
        std::fs::write(&path, json())
            .map_err(|e| Fail(format!("cannot write '{}': {e}", path.display())))
    }
}

/// `junqi match …`: the figures of the whole match, as text.
pub fn run_match(args: MatchArgs) -> Result<String, Fail> {
    let rules = args
        .rules
        .as_deref()
        .map_or(Ok(Rules::default()), parse_rules)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64));
    let m = Match {
        games: args.games,
        // Without --seed, a drawn one (printed with the figures, so the match can be replayed).
        seed: args.seed.unwrap_or_else(seeds::fresh),
        limits: Limits {
            ms: args.ms,
            start: Duration::from_millis(args.start_ms),
        },
        threads: threads.clamp(1, 16),
        rules,
        mode: args.mode,
        records: args.records,
    };
    match (args.seats, args.red, args.black) {
        (Some(seats), _, _) => {
            let specs: Vec<&str> = seats.split(',').map(str::trim).collect();
            cross::run(&m, &specs, args.teams.as_deref())
        }
        (None, Some(red), Some(black)) => facing::run(&m, &red, &black),
        // clap asks for --red with --black or --seats; this is the same refusal.
        _ => Err(Fail("match needs --red and --black, or --seats".into())),
    }
}

/// Every player is read, and every engine greeted, before the first game: a mistyped player is
/// reported at once instead of becoming a match of forfeits (e.g. `level3` for `level:3`).
fn check_players(specs: &[&str], limits: Limits) -> Result<Vec<Spec>, Fail> {
    specs
        .iter()
        .map(|&text| {
            let spec = Spec::parse(text)?;
            if let Spec::External(cmd) = &spec {
                probe(cmd, limits).map_err(|e| {
                    let hint = if text.starts_with("level") {
                        " (built-in levels are written level:N)"
                    } else {
                        ""
                    };
                    Fail(format!(
                        "engine '{cmd}' does not answer hello: {e}{hint} (players: random, \
                         greedy, level:N or cmd:<engine command>)"
                    ))
                })?;
            }
            Ok(spec)
        })
        .collect()
}

/// Wilson score interval for a proportion, 95 %.
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
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

/// `x` as a percentage of `n` (0 when there is nothing to count).
fn percent(x: f64, n: f64) -> f64 {
    if n > 0.0 {
        100.0 * x / n
    } else {
        0.0
    }
}

/// Wins, draws and losses of one side, with the share of points and of decisive games won and
/// their 95 % intervals.
fn tally(w: f64, d: f64, l: f64) -> String {
    let n = w + d + l;
    let score = w + d / 2.0;
    let (lo, hi) = wilson(score, n);
    let (dlo, dhi) = wilson(w, w + l);
    format!(
        "{w} wins, {d} draws, {l} losses; score {:.1}% (95% interval {:.1}%–{:.1}%); decisive \
         games won {:.1}% (95% interval {:.1}%–{:.1}%)",
        percent(score, n),
        100.0 * lo,
        100.0 * hi,
        percent(w, w + l),
        100.0 * dlo,
        100.0 * dhi,
    )
}

/// Plays games `0..m.games` on `m.threads` threads (game g on thread g % threads), each thread
/// with its own state made by `init` (its players), and returns the results in game order.
fn play_in_threads<S, R: Send>(
    m: &Match,
    init: impl Fn() -> Result<S, Fail> + Sync,
    play: impl Fn(&mut S, u64) -> Result<R, Fail> + Sync,
) -> Result<Vec<R>, Fail> {
    let (init, play) = (&init, &play);
    let (games, threads) = (m.games, m.threads);
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
