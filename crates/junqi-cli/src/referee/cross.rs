//! Games on the cross board: `junqi match --seats A,B,C,D [--teams each] [--mode siguo-…]`
//! (docs/protocol-4p.md). The places in `--seats` are numbered from 0. At 四国 places 0 and 2
//! are team A, places 1 and 3 team B; in even games place k sits at seat S, E, N, W (k = 0..3),
//! so team A is S+N and moves first; in odd games everyone moves one seat on, so team B moves
//! first. With `--teams each` (四方混战) or three places (三国) each place plays for itself, and
//! game g seats place k at seat (k + g) mod n, so every place sits at every seat in turn. A seat
//! whose player fails resigns, with a line on standard error; its partner plays on.

use super::link::{self, Link, Spec};
use super::proven;
use super::{check_players, percent, play_in_threads, tally, wilson, Match};
use crate::engine::rules_to_json;
use crate::seeds::{self, Purpose};
use crate::siguo_engine::{last_json, new_message, shown_flags, view_fields};
use crate::Fail;
use junqi_ai::deploy::formation_for;
use junqi_ai::search::NodeBudget;
use junqi_ai::siguo::{choose, greedy, random, SeatView};
use junqi_ai::{level, Level};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{
    seat_violations, InfoMode, Point, Position, SiguoEvent, SiguoRecord, SiguoRules, Table,
};
use junqi_core::Deployment;
use junqi_core::Outcome;
use junqi_core::Report;
use junqi_core::{Action, PublicEvent};
use serde_json::{json, Value};
use std::time::Instant;

/// A built-in 四国 player.
#[derive(Copy, Clone, Debug)]
pub enum SiguoPlayer {
    Random,
    Greedy,
    Level(Level),
}

impl SiguoPlayer {
    /// The move of the seat of `view`.
    pub fn act(&self, view: &SeatView, seed: u64) -> Option<Action<Point>> {
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

/// Who plays a place: a built-in player or an external engine.
enum Kind {
    BuiltIn(SiguoPlayer),
    External(Link),
}

/// One place of `--seats` across the games of one match thread.
pub struct Place {
    /// As given in `--seats`.
    name: String,
    kind: Kind,
}

impl Place {
    fn new(name: &str, spec: &Spec, m: &Match) -> Result<Place, Fail> {
        let kind = match spec {
            Spec::Random => Kind::BuiltIn(SiguoPlayer::Random),
            Spec::Greedy => Kind::BuiltIn(SiguoPlayer::Greedy),
            Spec::Level(n) => Kind::BuiltIn(SiguoPlayer::Level(
                level(*n).ok_or_else(|| Fail(format!("no level '{n}' (1..=5)")))?,
            )),
            Spec::External(cmd) => Kind::External(Link::new(cmd, m.limits)),
        };
        Ok(Place {
            name: name.to_string(),
            kind,
        })
    }

    fn end_engine(&mut self) {
        if let Kind::External(link) = &mut self.kind {
            link.end();
        }
    }

    /// Starts a game for the engine playing `seat` (None for a built-in player): its
    /// deployment is checked with the seat's setup rules.
    fn start_engine(
        &mut self,
        mode: InfoMode,
        rules: &SiguoRules,
        seat: Seat,
        seed: u64,
    ) -> Option<Result<Deployment, String>> {
        let Kind::External(link) = &mut self.kind else {
            return None;
        };
        let new = new_message(mode, rules, seat, rules_to_json(&rules.rules), seed);
        Some(link.start(&new, "deployment", |reply| {
            let d = link::deployment(reply)?;
            let v = seat_violations(seat, &d, rules);
            if !v.is_empty() {
                let list: Vec<String> = v.iter().map(ToString::to_string).collect();
                return Err(format!("invalid deployment: {}", list.join(", ")));
            }
            Ok(d)
        }))
    }

    /// Tells the engine (if one is running) what everyone was told, with its own seat's view.
    fn update(
        &mut self,
        truth: &Position,
        seat: Seat,
        mode: InfoMode,
        history: &[PublicEvent<Point>],
        last: &Value,
    ) {
        if let Kind::External(link) = &mut self.kind {
            let (view, ply, quiet) = view_fields(truth, seat, mode);
            let mut update =
                json!({"type": "update", "view": view, "ply": ply, "quiet": quiet, "last": last});
            if let Some(proven) = proven::table(&truth.view(seat, mode), history) {
                update["proven"] = proven;
            }
            link.update(&update);
        }
    }

    /// The move of `seat`, from the built-in player or the engine.
    fn act(
        &mut self,
        truth: &Position,
        seat: Seat,
        mode: InfoMode,
        history: &[PublicEvent<Point>],
        own: &Deployment,
        seed: u64,
    ) -> Result<Action<Point>, String> {
        match &mut self.kind {
            Kind::BuiltIn(p) => {
                let view = SeatView::new(truth, seat, mode)
                    .with_history(history)
                    .with_own(own);
                p.act(&view, seed)
                    .ok_or_else(|| "no legal move".to_string())
            }
            Kind::External(link) => {
                let (view, ply, quiet) = view_fields(truth, seat, mode);
                let mut go = json!({"type": "go", "view": view, "ply": ply, "quiet": quiet, "ms": link.ms()});
                if let Some(proven) = proven::table(&truth.view(seat, mode), history) {
                    go["proven"] = proven;
                }
                link.go(&go, |text| {
                    text.parse()
                        .map_err(|e: junqi_core::action::ParseActionError| e.to_string())
                })
            }
        }
    }
}

/// After each event, every engine hears what everyone was told, in its own seat's view (place
/// k sits at seat k + `shift`, round the table's seats).
fn tell(
    places: &mut [Place],
    truth: &Position,
    report: &Report<Point>,
    before: [bool; 4],
    mode: InfoMode,
    shift: usize,
    history: &[PublicEvent<Point>],
) {
    let last = last_json(report, truth, before);
    let n = places.len();
    for (k, place) in places.iter_mut().enumerate() {
        place.update(truth, Seat::ALL[(k + shift) % n], mode, history, &last);
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
        let seed = seeds::derive(match_seed, game, Purpose::SeatEngine(k));
        match places[k].start_engine(mode, &rules, seat, seed) {
            None => {}
            Some(Ok(d)) => formations[seat] = d,
            Some(Err(e)) => {
                // The seat takes its place with the built-in formation and resigns at once.
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
    let mut history: Vec<PublicEvent<Point>> = Vec::new();
    for seat in failed_start {
        let before = shown_flags(&truth);
        if let Ok(report) = truth.resign(seat) {
            record.events.push(SiguoEvent::Resign { seat });
            history.push(PublicEvent::from_report(history.len() as u32 + 1, &report));
            tell(places, &truth, &report, before, mode, shift, &history);
        }
    }
    while !truth.is_over() && truth.ply() <= MAX_PLIES {
        let seat = truth.turn();
        let place = place_of(seat);
        let clock = Instant::now();
        let own = &record.formations[seat.index()];
        let mv = places[place].act(&truth, seat, mode, &history, own, play_seeds[place]);
        let took = clock.elapsed().as_secs_f64();
        timing.moves[place] += 1;
        timing.total[place] += took;
        timing.longest[place] = timing.longest[place].max(took);
        let before = shown_flags(&truth);
        let played = mv.and_then(|m| truth.play(m).map_err(|e| e.to_string()));
        let report = match played {
            Ok(report) => {
                if let Some(m) = report.action {
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
        history.push(PublicEvent::from_report(history.len() as u32 + 1, &report));
        tell(places, &truth, &report, before, mode, shift, &history);
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
        Some(Outcome::Win { team, .. }) => {
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
        Some(Outcome::Win { team, .. }) => {
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

/// `junqi match --seats A,B,C[,D] [--teams pairs|each] …`
pub fn run(m: &Match, specs: &[&str], teams: Option<&str>) -> Result<String, Fail> {
    let teams_each = match teams {
        None | Some("pairs") => false,
        Some("each") => true,
        Some(t) => {
            return Err(Fail(format!(
                "--teams takes 'pairs' (四国, the default) or 'each' (each for himself), not '{t}'"
            )))
        }
    };
    let mode = match &m.mode {
        None => InfoMode::FourDark,
        Some(text) => InfoMode::ALL
            .into_iter()
            .find(|x| x.as_str() == text)
            .ok_or_else(|| {
                Fail(format!(
                    "unknown 4-player mode '{text}' (siguo-dark, siguo-double or siguo-open)"
                ))
            })?,
    };
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
    let players = check_players(specs, m.limits)?;
    let mut rules = crate::siguo::table_rules(m.rules)?;
    rules.table = table;
    let started = Instant::now();
    let results = play_in_threads(
        m,
        || -> Result<Vec<Place>, Fail> {
            specs
                .iter()
                .zip(&players)
                .map(|(name, spec)| Place::new(name, spec, m))
                .collect()
        },
        |places, g| {
            let played = play_game(places, mode, rules, m.seed, g)?;
            m.write_record(g, || played.record.to_json())?;
            Ok(((played.result, played.winner), played.timing))
        },
    )?;
    let mut timing = Timing::default();
    for (_, t) in &results {
        timing.add(t);
    }
    let seed = m.seed;
    let mut text = if table == Table::Teams {
        let results: Vec<TeamResult> = results.iter().map(|((r, _), _)| *r).collect();
        report(specs, mode, seed, &results, started)
    } else {
        let winners: Vec<Option<usize>> = results.iter().map(|((_, w), _)| *w).collect();
        report_each(specs, table, mode, seed, &winners, started)
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
        lines.push(format!(
            "team {name} ({first}+{second}): {}",
            tally(w, d, l)
        ));
    }
    lines.push(format!("time {:.1}s", started.elapsed().as_secs_f64()));
    lines.join("\n")
}
