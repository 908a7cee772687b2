//! `junqi match --seats A,B,C,D --mode siguo-dark|siguo-double|siguo-open`: games on the cross
//! board between built-in players and external engines (docs/protocol-4p.md; started, timed
//! and ended by `host.rs` as in 2-player matches). The places in `--seats` are numbered from 0.
//! At 四国 places 0 and 2 are team A, places 1 and 3 team B; in even games place k sits at seat
//! S, E, N, W (k = 0..3), so team A is S+N and moves first; in odd games everyone moves one
//! seat on, so team B moves first. With `--teams each` (四方混战) or three places (三国) each
//! place plays for itself, and game g seats place k at seat (k + g) mod n, so every place sits
//! at every seat in turn. Every seed (formations, each player's own choices) is derived one-way
//! from `--seed` (see `seeds.rs`).

use crate::engine::{
    play_in_threads, probe, rules_to_json, wilson, Limits, GO_GRACE, WRITE_TIMEOUT,
};
use crate::host::Engine;
use crate::seeds::{self, Purpose};
use crate::siguo_engine::{last_json, new_message, shown_flags, view_fields};
use crate::Fail;
use junqi_ai::deploy::formation_for;
use junqi_ai::search::NodeBudget;
use junqi_ai::siguo::belief::TableEvent;
use junqi_ai::siguo::{choose, greedy, random, siguo_level, SeatView, SiguoLevel};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{
    seat_violations, InfoMode, Move, Position, SiguoEvent, SiguoOutcome, SiguoRecord, SiguoReport,
    SiguoRules, Table,
};
use junqi_core::{Deployment, Rules};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A built-in 四国 player.
#[derive(Copy, Clone, Debug)]
pub enum SiguoPlayer {
    Random,
    Greedy,
    Level(SiguoLevel),
}

impl SiguoPlayer {
    /// A built-in player's name, or `None` for anything else (an engine command).
    pub fn parse(s: &str) -> Result<Option<SiguoPlayer>, Fail> {
        match s {
            "random" => Ok(Some(SiguoPlayer::Random)),
            "greedy" => Ok(Some(SiguoPlayer::Greedy)),
            _ => match s.strip_prefix("level:") {
                Some(n) => n
                    .parse()
                    .ok()
                    .and_then(siguo_level)
                    .map(|l| Some(SiguoPlayer::Level(l)))
                    .ok_or_else(|| Fail(format!("no level '{n}' (1..=5)"))),
                None => Ok(None),
            },
        }
    }

    /// The move of the seat of `view`.
    pub fn act(&self, view: &SeatView, seed: u64) -> Option<Move> {
        match self {
            SiguoPlayer::Random => random(view, seed),
            SiguoPlayer::Greedy => greedy(view, seed),
            SiguoPlayer::Level(l) => choose(view, l, seed, &mut NodeBudget(u64::MAX)),
        }
    }
}

/// The result of one game for the teams of the match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TeamResult {
    AWins,
    Draw,
    BWins,
}

/// The longest game refereed, in plies; a game still going is a draw (the 70-ply rule ends
/// every real game far sooner).
const MAX_PLIES: u32 = 5000;

/// Thinking time of each place in `--seats`: moves, total and longest.
#[derive(Copy, Clone, Debug, Default)]
pub struct Timing {
    pub moves: [u64; 4],
    pub total: [f64; 4],
    pub longest: [f64; 4],
}

impl Timing {
    fn add(&mut self, o: &Timing) {
        for k in 0..4 {
            self.moves[k] += o.moves[k];
            self.total[k] += o.total[k];
            self.longest[k] = self.longest[k].max(o.longest[k]);
        }
    }
}

/// Who plays a place: a built-in player or an external engine's command.
enum Kind {
    BuiltIn(SiguoPlayer),
    External(String),
}

/// One place of `--seats` across the games of one match thread: what plays it, and its running
/// engine (ended after any protocol error and started afresh for the next game).
pub struct Place {
    /// As given in `--seats`.
    name: String,
    kind: Kind,
    limits: Limits,
    engine: Option<Engine>,
    /// Why the engine was ended between its turns (an `update` it did not take).
    broken: Option<String>,
}

impl Place {
    /// `spec` is a built-in player, `cmd:<command>` or any other text, run as a command.
    pub fn new(spec: &str, limits: Limits) -> Result<Place, Fail> {
        let kind = match SiguoPlayer::parse(spec)? {
            Some(p) => Kind::BuiltIn(p),
            None => Kind::External(spec.strip_prefix("cmd:").unwrap_or(spec).to_string()),
        };
        Ok(Place {
            name: spec.to_string(),
            kind,
            limits,
            engine: None,
            broken: None,
        })
    }

    /// The engine command, for an external player.
    fn command(&self) -> Option<&str> {
        match &self.kind {
            Kind::External(cmd) => Some(cmd),
            Kind::BuiltIn(_) => None,
        }
    }

    fn end_engine(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.fail();
        }
    }

    /// Starts a game for the engine playing `seat`: `hello` if it is not running, then `new`;
    /// its deployment is checked with the seat's setup rules.
    fn start_engine(
        &mut self,
        mode: InfoMode,
        rules: &SiguoRules,
        seat: Seat,
        seed: u64,
    ) -> Result<Deployment, String> {
        let Some(cmd) = self.command().map(str::to_string) else {
            return Err("not an engine".into());
        };
        let limits = self.limits;
        self.broken = None;
        // An engine that exited or broke the protocol between games is started afresh rather
        // than blamed for this game.
        if let Some(e) = self.engine.as_mut() {
            let trouble = match e.drain() {
                Ok(true) => Some("it exited".to_string()),
                Ok(false) => None,
                Err(err) => Some(err),
            };
            if let Some(why) = trouble {
                eprintln!("junqi: engine '{cmd}': starting it again ({why})");
                self.end_engine();
            }
        }
        let e = match &mut self.engine {
            Some(e) => e,
            slot => {
                let mut e = Engine::spawn(&cmd)?;
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
            &new_message(mode, rules, seat, rules_to_json(&rules.rules), seed),
            WRITE_TIMEOUT,
        )?;
        let reply = e
            .receive(&["deployment"], limits.start)
            .map_err(|err| format!("new: {err}"))?;
        let text = reply
            .get("deployment")
            .and_then(Value::as_str)
            .ok_or("a deployment message without 'deployment'")?;
        let d: Deployment = text
            .parse()
            .map_err(|e: junqi_core::deployment::DeploymentParseError| e.to_string())?;
        let v = seat_violations(seat, &d, rules);
        if !v.is_empty() {
            let list: Vec<String> = v.iter().map(ToString::to_string).collect();
            return Err(format!("invalid deployment: {}", list.join(", ")));
        }
        Ok(d)
    }

    /// Tells the engine (if one is running) what everyone was told, with its own seat's view.
    fn update(&mut self, truth: &Position, seat: Seat, mode: InfoMode, last: &Value) {
        let Some(e) = self.engine.as_mut() else {
            return;
        };
        let (view, ply, quiet) = view_fields(truth, seat, mode);
        let msg = json!({"type": "update", "view": view, "ply": ply, "quiet": quiet, "last": last});
        if let Err(err) = e.send(&msg, WRITE_TIMEOUT) {
            self.broken = Some(format!("update: {err}"));
            self.end_engine();
        }
    }

    /// Asks the engine for `seat`'s move.
    fn engine_move(
        &mut self,
        truth: &Position,
        seat: Seat,
        mode: InfoMode,
    ) -> Result<Move, String> {
        if let Some(reason) = self.broken.take() {
            return Err(reason);
        }
        let ms = self.limits.ms;
        let e = self.engine.as_mut().ok_or("engine not running")?;
        if e.drain()? {
            return Err("engine exited".into());
        }
        let (view, ply, quiet) = view_fields(truth, seat, mode);
        e.send(
            &json!({"type": "go", "view": view, "ply": ply, "quiet": quiet, "ms": ms}),
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
            .map_err(|e: junqi_core::siguo::NotationError| format!("action '{text}': {e}"))
    }
}

/// After each event, every engine hears what everyone was told, in its own seat's view (place
/// k sits at seat k + `shift`, round the table's seats).
fn tell(
    places: &mut [Place],
    truth: &Position,
    report: &SiguoReport,
    before: [bool; 4],
    mode: InfoMode,
    shift: usize,
) {
    let last = last_json(report, truth, before);
    let n = places.len();
    for (k, place) in places.iter_mut().enumerate() {
        place.update(truth, Seat::ALL[(k + shift) % n], mode, &last);
    }
}

/// A finished game: the result for the teams (at 四国), the place whose seat won (at the tables
/// where each plays for himself), the record and the thinking times.
pub struct Played {
    pub result: TeamResult,
    pub winner: Option<usize>,
    pub record: SiguoRecord,
    pub timing: Timing,
}

/// Plays game `game` of the match: `places` in `--seats` order. A seat whose engine fails
/// (no start, a bad deployment, an illegal or late move, a crash) resigns, with a line on
/// standard error; its partner plays on.
pub fn play_game(
    places: &mut [Place],
    mode: InfoMode,
    rules: SiguoRules,
    match_seed: u64,
    game: u64,
) -> Result<Played, Fail> {
    let mut timing = Timing::default();
    let n = places.len();
    let shift = if rules.table == Table::Teams {
        (game % 2) as usize
    } else {
        (game % n as u64) as usize
    };
    // Place k sits at seat k + shift.
    let place_of = |seat: Seat| (seat.index() + n - shift) % n;
    let seat_of = |place: usize| Seat::ALL[(place + shift) % n];
    let seating = rules.table.seating();
    let resigns = |places: &[Place], seat: Seat, why: &str| {
        eprintln!(
            "junqi: game {game}: seat {seat} ('{}') resigns: {why}",
            places[place_of(seat)].name
        );
    };
    let builtin_formation = |seat: Seat| {
        if !seating.contains(seat) {
            return Deployment::empty();
        }
        formation_for(
            seeds::derive(match_seed, game, Purpose::SeatFormation(place_of(seat))),
            &rules.rules,
        )
    };
    let mut formations = PerSeat::new_with(builtin_formation);
    let mut failed_start = Vec::new();
    for seat in seating.seats() {
        let k = place_of(seat);
        if places[k].command().is_none() {
            continue;
        }
        let seed = seeds::derive(match_seed, game, Purpose::SeatEngine(k));
        match places[k].start_engine(mode, &rules, seat, seed) {
            Ok(d) => formations[seat] = d,
            Err(e) => {
                // The seat takes its place with the built-in formation and resigns at once.
                places[k].end_engine();
                resigns(places, seat, &e);
                failed_start.push(seat);
            }
        }
    }
    let play_seeds: [u64; 4] =
        std::array::from_fn(|k| seeds::derive(match_seed, game, Purpose::SeatPlay(k)));
    let mut record = SiguoRecord::new(mode, rules, formations);
    let mut truth = record
        .start()
        .map_err(|e| Fail(format!("game {game}: {e}")))?;
    let mut history: Vec<TableEvent> = Vec::new();
    for seat in failed_start {
        let before = shown_flags(&truth);
        if let Ok(report) = truth.resign(seat) {
            record.events.push(SiguoEvent::Resign { seat });
            history.push(TableEvent::from_report(&report));
            tell(places, &truth, &report, before, mode, shift);
        }
    }
    while !truth.is_over() && truth.ply() <= MAX_PLIES {
        let seat = truth.turn();
        let place = place_of(seat);
        let clock = Instant::now();
        let mv = match places[place].kind {
            Kind::BuiltIn(p) => {
                let view = SeatView::new(&truth, seat, mode).with_history(&history);
                p.act(&view, play_seeds[place])
                    .ok_or_else(|| "no legal move".to_string())
            }
            Kind::External(_) => places[place].engine_move(&truth, seat, mode),
        };
        let took = clock.elapsed().as_secs_f64();
        timing.moves[place] += 1;
        timing.total[place] += took;
        timing.longest[place] = timing.longest[place].max(took);
        let before = shown_flags(&truth);
        let played = mv.and_then(|m| truth.play(m).map_err(|e| e.to_string()));
        let report = match played {
            Ok(report) => {
                if let Some(m) = report.mv {
                    record.events.push(SiguoEvent::Move { mv: m });
                }
                report
            }
            Err(why) => {
                resigns(places, seat, &why);
                places[place].end_engine();
                record.events.push(SiguoEvent::Resign { seat });
                match truth.resign(seat) {
                    Ok(report) => report,
                    Err(_) => break,
                }
            }
        };
        history.push(TableEvent::from_report(&report));
        tell(places, &truth, &report, before, mode, shift);
    }
    // The record of the game replays to the same position and result.
    record.result = truth.outcome();
    match record.replay() {
        Ok(replayed) if replayed == truth => {}
        Ok(_) => {
            return Err(Fail(format!(
                "game {game}: the record replays to another position"
            )))
        }
        Err(e) => {
            return Err(Fail(format!(
                "game {game}: the record does not replay: {e}"
            )))
        }
    }
    let result = match truth.outcome() {
        Some(SiguoOutcome::Win { team, .. }) => {
            // The team of place 0 is the team of its seat.
            if truth.seating().team(seat_of(0)) == team {
                TeamResult::AWins
            } else {
                TeamResult::BWins
            }
        }
        _ => TeamResult::Draw,
    };
    let winner = match truth.outcome() {
        Some(SiguoOutcome::Win { team, .. }) => {
            (0..n).find(|&k| truth.seating().team(seat_of(k)) == team)
        }
        _ => None,
    };
    Ok(Played {
        result,
        winner,
        record,
        timing,
    })
}

/// `junqi match --seats A,B,C,D --mode siguo-... [--games N] [--seed S] [--rules a,b]
/// [--threads T]`
pub fn run_siguo_match(args: &[String]) -> Result<String, Fail> {
    let mut seats = None;
    let mut teams_each = false;
    let mut mode = InfoMode::FourDark;
    let mut games = 10u64;
    let mut seed = None;
    let mut rules = Rules::default();
    let mut ms = 1000u64;
    let mut start_ms = 10_000u64;
    let mut records: Option<std::path::PathBuf> = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || {
            it.next()
                .cloned()
                .ok_or_else(|| Fail(format!("{a} needs a value")))
        };
        match a.as_str() {
            "--seats" => seats = Some(val()?),
            "--teams" => {
                let t = val()?;
                teams_each = match t.as_str() {
                    "each" => true,
                    "pairs" => false,
                    _ => {
                        return Err(Fail(format!(
                            "--teams takes 'pairs' (四国, the default) or 'each' (each for himself), not '{t}'"
                        )))
                    }
                };
            }
            "--mode" => {
                let m = val()?;
                mode = InfoMode::ALL
                    .into_iter()
                    .find(|x| x.as_str() == m)
                    .ok_or_else(|| {
                        Fail(format!(
                            "unknown 4-player mode '{m}' (siguo-dark, siguo-double or siguo-open)"
                        ))
                    })?;
            }
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
            "--rules" => rules = crate::parse_rules(&val()?)?,
            "--ms" => {
                ms = val()?
                    .parse()
                    .map_err(|_| Fail("--ms takes a number".into()))?
            }
            "--records" => records = Some(val()?.into()),
            "--start-ms" => {
                start_ms = val()?
                    .parse()
                    .map_err(|_| Fail("--start-ms takes a number".into()))?
            }
            "--threads" => {
                threads = val()?
                    .parse()
                    .map_err(|_| Fail("--threads takes a number".into()))?
            }
            other => return Err(Fail(format!("unknown 4-player match option '{other}'"))),
        }
    }
    let seats = seats.ok_or_else(|| Fail("a 4-player match needs --seats A,B,C,D".into()))?;
    let specs: Vec<&str> = seats.split(',').map(str::trim).collect();
    let table = match (specs.len(), teams_each) {
        (4, false) => Table::Teams,
        (4, true) => Table::Each,
        (3, _) => Table::Three,
        (n, _) => {
            return Err(Fail(format!(
                "--seats takes four players (四国, or 四方混战 with --teams each) or three (三国), not {n}"
            )))
        }
    };
    let limits = Limits {
        ms,
        start: Duration::from_millis(start_ms),
    };
    // Every place is read, and every engine greeted, before the first game: a mistyped player
    // is reported at once instead of becoming a match of resignations.
    for &spec in &specs {
        if let Some(cmd) = Place::new(spec, limits)?.command() {
            probe(cmd, limits).map_err(|e| {
                let hint = if spec.starts_with("level") {
                    " (built-in levels are written level:N)"
                } else {
                    ""
                };
                Fail(format!(
                    "engine '{cmd}' does not answer hello: {e}{hint} (4-player players: \
                     random, greedy, level:N or cmd:<engine command>)"
                ))
            })?;
        }
    }
    let mut rules = crate::siguo::table_rules(rules)?;
    rules.table = table;
    let seed = seed.unwrap_or_else(seeds::fresh);
    let threads = threads.clamp(1, 16) as u64;
    let started = Instant::now();
    let results = play_in_threads(
        games,
        threads,
        || -> Result<Vec<Place>, Fail> {
            specs.iter().map(|spec| Place::new(spec, limits)).collect()
        },
        |places, g| {
            let played = play_game(places, mode, rules, seed, g)?;
            if let Some(dir) = &records {
                let path = dir.join(format!("game-{g}.json"));
                std::fs::write(&path, played.record.to_json())
                    .map_err(|e| Fail(format!("cannot write '{}': {e}", path.display())))?;
            }
            Ok(((played.result, played.winner), played.timing))
        },
    )?;
    let mut timing = Timing::default();
    for (_, t) in &results {
        timing.add(t);
    }
    let mut text = if table == Table::Teams {
        let results: Vec<TeamResult> = results.iter().map(|((r, _), _)| *r).collect();
        report(&specs, mode, seed, &results, started)
    } else {
        let winners: Vec<Option<usize>> = results.iter().map(|((_, w), _)| *w).collect();
        report_each(&specs, table, mode, seed, &winners, started)
    };
    for (k, spec) in specs.iter().enumerate() {
        let mean = 1000.0 * timing.total[k] / timing.moves[k].max(1) as f64;
        text.push_str(&format!(
            "\nplace {k} ({spec}): {} moves, {mean:.2} ms a move on average, longest {:.1} ms",
            timing.moves[k],
            1000.0 * timing.longest[k]
        ));
    }
    Ok(text)
}

fn percent(x: f64, n: f64) -> f64 {
    if n > 0.0 {
        100.0 * x / n
    } else {
        0.0
    }
}

/// Each place's wins, draws and losses at a table where each plays for himself: a game won by
/// another place is a loss.
fn report_each(
    specs: &[&str],
    table: Table,
    mode: InfoMode,
    seed: u64,
    winners: &[Option<usize>],
    started: Instant,
) -> String {
    let n = winners.len() as f64;
    let d = winners.iter().filter(|w| w.is_none()).count() as f64;
    let mut lines = vec![format!(
        "{}, {} ({}), mode {mode} ({}), {n} games, seed {seed}",
        specs.join(" vs "),
        table.as_str(),
        table.zh(),
        mode.zh()
    )];
    for (k, spec) in specs.iter().enumerate() {
        let w = winners.iter().filter(|x| **x == Some(k)).count() as f64;
        let l = n - w - d;
        let (lo, hi) = wilson(w, n);
        lines.push(format!(
            "place {k} ({spec}): {w} wins, {d} draws, {l} losses; wins {:.1}% (95% interval \
             {:.1}%–{:.1}%)",
            percent(w, n),
            100.0 * lo,
            100.0 * hi,
        ));
    }
    lines.push(format!("time {:.1}s", started.elapsed().as_secs_f64()));
    lines.join("\n")
}

fn report(
    specs: &[&str],
    mode: InfoMode,
    seed: u64,
    results: &[TeamResult],
    started: Instant,
) -> String {
    let n = results.len() as f64;
    let a = results.iter().filter(|r| **r == TeamResult::AWins).count() as f64;
    let d = results.iter().filter(|r| **r == TeamResult::Draw).count() as f64;
    let b = results.iter().filter(|r| **r == TeamResult::BWins).count() as f64;
    let mut lines = vec![format!(
        "{} vs {}, mode {mode} ({}), {n} games, seed {seed}",
        format_args!("{}+{}", specs[0], specs[2]),
        format_args!("{}+{}", specs[1], specs[3]),
        mode.zh()
    )];
    for (name, w, l) in [("A", a, b), ("B", b, a)] {
        let (first, second) = if name == "A" {
            (specs[0], specs[2])
        } else {
            (specs[1], specs[3])
        };
        let (lo, hi) = wilson(w, n);
        let (dlo, dhi) = wilson(w, w + l);
        lines.push(format!(
            "team {name} ({first}+{second}): {w} wins, {d} draws, {l} losses; \
             wins {:.1}% (95% interval {:.1}%–{:.1}%); decisive games won {:.1}% \
             (95% interval {:.1}%–{:.1}%)",
            percent(w, n),
            100.0 * lo,
            100.0 * hi,
            percent(w, w + l),
            100.0 * dlo,
            100.0 * dhi,
        ));
    }
    lines.push(format!("time {:.1}s", started.elapsed().as_secs_f64()));
    lines.join("\n")
}
