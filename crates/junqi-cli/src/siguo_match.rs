//! `junqi match --seats A,B,C,D --mode siguo-dark|siguo-double|siguo-open`: 4-player games
//! between built-in players. The places in `--seats` are numbered 0 to 3; places 0 and 2 are
//! team A, places 1 and 3 team B. In even games place k sits at seat S, E, N, W (k = 0..3), so
//! team A is S+N and moves first; in odd games everyone moves one seat on, so team B moves
//! first. Every seed (formations, each player's own choices) is derived one-way from `--seed`
//! (see `seeds.rs`).

use crate::engine::{play_in_threads, wilson};
use crate::seeds::{self, Purpose};
use crate::Fail;
use junqi_ai::deploy::formation;
use junqi_ai::search::NodeBudget;
use junqi_ai::siguo::belief::TableEvent;
use junqi_ai::siguo::{choose, greedy, random, siguo_level, SeatView, SiguoLevel};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{InfoMode, Move, SiguoEvent, SiguoOutcome, SiguoRecord, SiguoRules};
use junqi_core::Rules;
use std::time::Instant;

/// A built-in 四国 player.
#[derive(Copy, Clone, Debug)]
pub enum SiguoPlayer {
    Random,
    Greedy,
    Level(SiguoLevel),
}

impl SiguoPlayer {
    pub fn parse(s: &str) -> Result<SiguoPlayer, Fail> {
        match s {
            "random" => Ok(SiguoPlayer::Random),
            "greedy" => Ok(SiguoPlayer::Greedy),
            _ => match s.strip_prefix("level:") {
                Some(n) => n
                    .parse()
                    .ok()
                    .and_then(siguo_level)
                    .map(SiguoPlayer::Level)
                    .ok_or_else(|| Fail(format!("no level '{n}' (1..=5)"))),
                None => Err(Fail(format!(
                    "unknown 四国 player '{s}' (random, greedy or level:N; external engines \
                     are not yet seated in 4-player matches)"
                ))),
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

/// Plays game `game` of the match: `players` in `--seats` order.
pub fn play_game(
    players: &[SiguoPlayer; 4],
    mode: InfoMode,
    rules: SiguoRules,
    match_seed: u64,
    game: u64,
) -> Result<(TeamResult, Option<SiguoOutcome>, Timing), Fail> {
    let mut timing = Timing::default();
    let shift = (game % 2) as usize;
    // Place k sits at seat k + shift.
    let place_of = |seat: Seat| (seat.index() + 4 - shift) % 4;
    let formations = PerSeat::new_with(|seat| {
        formation(seeds::derive(
            match_seed,
            game,
            Purpose::SeatFormation(place_of(seat)),
        ))
    });
    let play_seeds: [u64; 4] =
        std::array::from_fn(|k| seeds::derive(match_seed, game, Purpose::SeatPlay(k)));
    let mut record = SiguoRecord::new(mode, rules, formations.clone());
    let mut truth = record
        .start()
        .map_err(|e| Fail(format!("game {game}: {e}")))?;
    let mut history: Vec<TableEvent> = Vec::new();
    while !truth.is_over() && truth.ply() <= MAX_PLIES {
        let seat = truth.turn();
        let place = place_of(seat);
        let view = SeatView::new(&truth, seat, mode).with_history(&history);
        let clock = Instant::now();
        let mv = players[place].act(&view, play_seeds[place]);
        let took = clock.elapsed().as_secs_f64();
        timing.moves[place] += 1;
        timing.total[place] += took;
        timing.longest[place] = timing.longest[place].max(took);
        let played = mv.and_then(|m| truth.play(m).ok());
        match played {
            Some(report) => {
                history.push(TableEvent::from_report(&report));
                if let Some(m) = report.mv {
                    record.events.push(SiguoEvent::Move { mv: m });
                }
            }
            None => {
                // A built-in player with no move or an illegal one leaves the game.
                eprintln!("game {game}: seat {seat} gave no legal move and leaves");
                record.events.push(SiguoEvent::Resign { seat });
                match truth.resign(seat) {
                    Ok(report) => history.push(TableEvent::from_report(&report)),
                    Err(_) => break,
                }
            }
        }
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
            let seat0 = Seat::ALL[shift];
            if truth.seating().team(seat0) == team {
                TeamResult::AWins
            } else {
                TeamResult::BWins
            }
        }
        _ => TeamResult::Draw,
    };
    Ok((result, truth.outcome(), timing))
}

/// `junqi match --seats A,B,C,D --mode siguo-... [--games N] [--seed S] [--rules a,b]
/// [--threads T]`
pub fn run_siguo_match(args: &[String]) -> Result<String, Fail> {
    let mut seats = None;
    let mut mode = InfoMode::FourDark;
    let mut games = 10u64;
    let mut seed = None;
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
            "--seats" => seats = Some(val()?),
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
    let [s0, s1, s2, s3] = specs[..] else {
        return Err(Fail(format!(
            "--seats takes four players, not {}",
            specs.len()
        )));
    };
    let players = [
        SiguoPlayer::parse(s0)?,
        SiguoPlayer::parse(s1)?,
        SiguoPlayer::parse(s2)?,
        SiguoPlayer::parse(s3)?,
    ];
    let rules = SiguoRules {
        rules,
        ..SiguoRules::default()
    };
    let seed = seed.unwrap_or_else(seeds::fresh);
    let threads = threads.clamp(1, 16) as u64;
    let started = Instant::now();
    let results = play_in_threads(
        games,
        threads,
        || Ok(()),
        |_, g| play_game(&players, mode, rules, seed, g).map(|(r, _, t)| (r, t)),
    )?;
    let mut timing = Timing::default();
    for (_, t) in &results {
        timing.add(t);
    }
    let results: Vec<TeamResult> = results.into_iter().map(|(r, _)| r).collect();
    let mut text = report(&specs, mode, seed, &results, started);
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
