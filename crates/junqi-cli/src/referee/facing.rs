//! Games on the 2-player board: `junqi match --red A --black B [--mode open|dark|flip]`. Colours
//! alternate: in even games A (`--red`) moves first, in odd games B. A player that fails (no
//! start, a bad deployment, an illegal or late move, a crash) forfeits the game, with a line on
//! standard error.

use super::link::{self, Link, Spec};
use super::proven;
use super::{check_players, play_in_threads, tally, Match};
use crate::engine::{last_json, rules_to_json};
use crate::seeds::{self, Player, Purpose};
use crate::Fail;
use junqi_ai::search::NodeBudget;
use junqi_ai::{choose, deploy, greedy, level, random, Context, Level};
use junqi_core::{Action, Deployment, Game, Mode, Outcome, PlayerView, Rules, Seat, Setup};
use serde_json::json;
use std::time::Instant;

/// The longest game refereed, in plies; a game still going is a draw.
const MAX_PLIES: usize = 3000;

/// Who plays one side.
enum Kind {
    Random,
    Greedy,
    Level(Level),
    External(Link),
}

/// A player of the match, across its games.
struct Side {
    /// As given on the command line.
    name: String,
    player: Player,
    kind: Kind,
    own: Option<Deployment>,
    /// The seed of a built-in player's own choices in this game.
    play_seed: u64,
}

impl Side {
    fn new(name: &str, spec: &Spec, player: Player, m: &Match) -> Result<Side, Fail> {
        let kind = match spec {
            Spec::Random => Kind::Random,
            Spec::Greedy => Kind::Greedy,
            Spec::Level(n) => {
                Kind::Level(level(*n).ok_or_else(|| Fail(format!("no level '{n}' (1..=5)")))?)
            }
            Spec::External(cmd) => Kind::External(Link::new(cmd, m.limits)),
        };
        Ok(Side {
            name: name.to_string(),
            player,
            kind,
            own: None,
            play_seed: 0,
        })
    }

    /// Starts game `game` of the match; returns the formation for 明棋/暗棋 (Err: the player
    /// forfeits).
    fn start(
        &mut self,
        mode: Mode,
        rules: &Rules,
        color: Option<Seat>,
        match_seed: u64,
        game: u64,
    ) -> Result<Option<Deployment>, String> {
        self.play_seed = seeds::derive(match_seed, game, Purpose::Play(self.player));
        let formation_seed = seeds::derive(match_seed, game, Purpose::Formation(self.player));
        let d = match &mut self.kind {
            Kind::Random | Kind::Greedy => {
                (mode != Mode::Flip).then(|| Deployment::random(formation_seed).fitted(rules))
            }
            Kind::Level(_) => {
                (mode != Mode::Flip).then(|| deploy::formation_for(formation_seed, rules))
            }
            Kind::External(link) => {
                // The engine's seed is its own, derived apart from every secret one.
                let seed = seeds::derive(match_seed, game, Purpose::Engine(self.player));
                let new = json!({"type": "new", "mode": mode.as_str(), "rules": rules_to_json(rules), "color": color.map(|c| c.rb_char().to_string()), "seed": seed});
                let want = if mode == Mode::Flip {
                    "ready"
                } else {
                    "deployment"
                };
                link.start(&new, want, |reply| {
                    if mode == Mode::Flip {
                        return Ok(None);
                    }
                    let d = link::deployment(reply)?;
                    d.validate_with(rules)
                        .map_err(|v| format!("invalid deployment ({} violations)", v.len()))?;
                    Ok(Some(d))
                })?
            }
        };
        self.own = d.clone();
        Ok(d)
    }

    fn update(&mut self, view: &PlayerView, last: &serde_json::Value) {
        if let Kind::External(link) = &mut self.kind {
            let mut update = json!({"type": "update", "view": view.to_jfen(), "last": last});
            if let Some(proven) = proven::facing(view, self.own.as_ref()) {
                update["proven"] = proven;
            }
            link.update(&update);
        }
    }

    fn act(&mut self, view: &PlayerView) -> Result<Action, String> {
        let seed = self.play_seed;
        let a = match &mut self.kind {
            Kind::Random => random(view, seed),
            Kind::Greedy => greedy(view, seed),
            Kind::Level(lvl) => {
                let ctx = Context {
                    own: self.own.as_ref(),
                    seed,
                };
                choose(view, lvl, &ctx, &mut NodeBudget(u64::MAX))
            }
            Kind::External(link) => {
                let mut go = json!({"type": "go", "view": view.to_jfen(), "ms": link.ms()});
                if let Some(proven) = proven::facing(view, self.own.as_ref()) {
                    go["proven"] = proven;
                }
                return link.go(&go, |text| {
                    text.parse()
                        .map_err(|e: junqi_core::action::ParseActionError| e.to_string())
                });
            }
        };
        a.ok_or_else(|| "no action".to_string())
    }

    /// The player lost game `game` by `reason`: logged, and an engine is ended.
    fn forfeit(&mut self, game: u64, reason: &str) {
        eprintln!("junqi: game {game}: '{}' forfeits: {reason}", self.name);
        if let Kind::External(link) = &mut self.kind {
            link.end();
        }
    }
}

/// How one game ended for player A.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameResult {
    AWins,
    Draw,
    BWins,
}

/// Plays game number `game` of the match; the record is the game's as far as it was played.
fn play_game(
    a: &mut Side,
    b: &mut Side,
    mode: Mode,
    rules: Rules,
    match_seed: u64,
    game: u64,
) -> (GameResult, Option<Game>) {
    let a_first = game.is_multiple_of(2);
    // In 明棋/暗棋 the first player is Red; in 翻棋 the first player flips first.
    let (first, second) = if a_first {
        (&mut *a, &mut *b)
    } else {
        (&mut *b, &mut *a)
    };
    let (win_first, win_second) = if a_first {
        (GameResult::AWins, GameResult::BWins)
    } else {
        (GameResult::BWins, GameResult::AWins)
    };
    let first_color = (mode != Mode::Flip).then_some(Seat::RED);
    let second_color = (mode != Mode::Flip).then_some(Seat::BLACK);
    let d1 = first.start(mode, &rules, first_color, match_seed, game);
    let d2 = second.start(mode, &rules, second_color, match_seed, game);
    if let Err(e) = &d1 {
        first.forfeit(game, e);
    }
    if let Err(e) = &d2 {
        second.forfeit(game, e);
    }
    let setup = match (mode, d1, d2) {
        (_, Err(_), Err(_)) => return (GameResult::Draw, None),
        (_, Err(_), _) => return (win_second, None),
        (_, _, Err(_)) => return (win_first, None),
        (Mode::Flip, _, _) => Setup::Shuffle {
            seed: seeds::derive(match_seed, game, Purpose::Shuffle),
        },
        (_, Ok(Some(r)), Ok(Some(k))) => Setup::Deployments { red: r, black: k },
        _ => return (GameResult::Draw, None),
    };
    let Ok(mut state) = Game::new(mode, rules, setup) else {
        return (GameResult::Draw, None);
    };
    for _ in 0..MAX_PLIES {
        if let Some(o) = state.outcome() {
            let first_is = state.position().first_color().unwrap_or(Seat::RED);
            let result = match o {
                Outcome::Win { .. } if o.winning_seat() == Some(first_is) => win_first,
                Outcome::Win { .. } => win_second,
                Outcome::Draw { .. } => GameResult::Draw,
            };
            return (result, Some(state));
        }
        let pos = state.position();
        let first_is = pos.first_color();
        let (mover_is_first, color) = match pos.turn() {
            Some(t) => (
                Some(t) == first_is || first_is.is_none() && t == Seat::RED,
                Some(t),
            ),
            None => (pos.ply() % 2 == 1, None),
        };
        let view = state.view(color);
        let (mover, win_other) = if mover_is_first {
            (&mut *first, win_second)
        } else {
            (&mut *second, win_first)
        };
        let report = mover
            .act(&view)
            .and_then(|action| state.play(action).cloned().map_err(|e| e.to_string()));
        let report = match report {
            Ok(r) => r,
            Err(e) => {
                mover.forfeit(game, &e);
                return (win_other, Some(state));
            }
        };
        let last = last_json(&report);
        let first_is = state.position().first_color();
        first.update(&state.view(first_is), &last);
        second.update(&state.view(first_is.map(|c| c.other_side())), &last);
    }
    (GameResult::Draw, Some(state))
}

/// `junqi match --red A --black B …`
pub fn run(m: &Match, red: &str, black: &str) -> Result<String, Fail> {
    let mode: Mode = match &m.mode {
        Some(text) => text.parse().map_err(Fail)?,
        None => Mode::Open,
    };
    let specs = check_players(&[red, black], m.limits)?;
    let started = Instant::now();
    let results = play_in_threads(
        m,
        || {
            Ok((
                Side::new(red, &specs[0], Player::A, m)?,
                Side::new(black, &specs[1], Player::B, m)?,
            ))
        },
        |(a, b), g| {
            let (result, state) = play_game(a, b, mode, m.rules, m.seed, g);
            if let Some(state) = state {
                m.write_record(g, || state.record().to_json())?;
            }
            Ok(result)
        },
    )?;
    let count = |r: GameResult| results.iter().filter(|x| **x == r).count() as f64;
    Ok(format!(
        "{red} vs {black}, mode {mode}, {} games, seed {}\n{red}: {}\ntime {:.1}s",
        results.len(),
        m.seed,
        tally(
            count(GameResult::AWins),
            count(GameResult::Draw),
            count(GameResult::BWins)
        ),
        started.elapsed().as_secs_f64()
    ))
}
