//! `junqi match --seats P,P,P,P`: referees 4-player games between built-in players, each seeing
//! only its own seat's view, and reports team S+N's wins, draws and losses.

use crate::Fail;
use junqi_core::siguo::{InfoMode, Move, Position, SiguoOutcome, SiguoRecord, SiguoRules};
use junqi_core::{Deployment, PerSeat, Seat, SplitMix64};

/// A built-in 4-player player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Player {
    /// Any legal move, uniformly.
    Random,
    /// Takes a piece it can see it beats (or a shown flag); otherwise a random move.
    Greedy,
}

impl Player {
    fn parse(s: &str) -> Result<Player, Fail> {
        match s {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => Err(Fail(format!(
                "unknown 4-player player '{s}' (random or greedy)"
            ))),
        }
    }

    fn choose(self, view: &Position, rng: &mut SplitMix64) -> Option<Move> {
        let moves = view.legal_moves();
        if moves.is_empty() {
            return None;
        }
        if self == Player::Greedy {
            let wins: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| sure_win(view, *m))
                .collect();
            if !wins.is_empty() {
                return Some(wins[rng.below(wins.len() as u64) as usize]);
            }
        }
        Some(moves[rng.below(moves.len() as u64) as usize])
    }
}

/// Does the view show that `m` takes the piece it attacks?
fn sure_win(view: &Position, m: Move) -> bool {
    let (Some(att), Some(def)) = (view.at(m.from), view.at(m.to)) else {
        return false;
    };
    let (Some(a), Some(d)) = (att.role, def.role) else {
        return false;
    };
    let result = junqi_core::contact(a, d, junqi_core::Mode::Open, &view.rules().rules);
    result == junqi_core::Clash::Win
}

fn mode_of(s: &str) -> Result<InfoMode, Fail> {
    InfoMode::ALL
        .into_iter()
        .find(|m| m.as_str() == s)
        .ok_or_else(|| {
            Fail(format!(
                "unknown 4-player mode '{s}' (siguo-dark, siguo-double or siguo-open)"
            ))
        })
}

/// One game; `first` moves first. The record replays to the same result.
fn play(
    players: &PerSeat<Player>,
    mode: InfoMode,
    first: Seat,
    seed: u64,
) -> Result<Option<SiguoOutcome>, Fail> {
    let rules = SiguoRules {
        first,
        ..SiguoRules::default()
    };
    let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
    let mut record = SiguoRecord::new(mode, rules, formations);
    let mut pos = record.start()?;
    let mut rng = SplitMix64::new(seed);
    // The 70-ply rule ends every game; the cap only guards against a referee bug.
    for _ in 0..100_000 {
        if pos.is_over() {
            break;
        }
        let seat = pos.turn();
        let view = pos.view(seat, mode);
        let Some(m) = players[seat].choose(&view, &mut rng) else {
            break;
        };
        pos.play(m)
            .map_err(|e| Fail(format!("seat {seat} chose {m}: {e}")))?;
        record
            .events
            .push(junqi_core::siguo::SiguoEvent::Move { mv: m });
    }
    record.result = pos.outcome();
    record.replay()?;
    Ok(pos.outcome())
}

/// Wilson score interval for a proportion, 95 %.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
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

/// `junqi match --seats S,E,N,W [--mode siguo-dark] [--games N] [--seed S]`.
pub fn run(args: &[String]) -> Result<String, Fail> {
    let mut seats = None;
    let mut mode = InfoMode::FourDark;
    let mut games = 10u64;
    let mut seed = 1u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let val = it
            .next()
            .ok_or_else(|| Fail(format!("{a} needs a value")))?;
        match a.as_str() {
            "--seats" => seats = Some(val.clone()),
            "--mode" => mode = mode_of(val)?,
            "--games" => {
                games = val
                    .parse()
                    .map_err(|_| Fail("--games takes a number".into()))?
            }
            "--seed" => {
                seed = val
                    .parse()
                    .map_err(|_| Fail("--seed takes a number".into()))?
            }
            other => return Err(Fail(format!("unknown 4-player match option '{other}'"))),
        }
    }
    let seats = seats.ok_or_else(|| Fail("match needs --seats".into()))?;
    let list: Vec<&str> = seats.split(',').map(str::trim).collect();
    let [s, e, n, w] = list[..] else {
        return Err(Fail(format!(
            "--seats takes four players (S,E,N,W), not {}",
            list.len()
        )));
    };
    let players = PerSeat([
        Player::parse(s)?,
        Player::parse(e)?,
        Player::parse(n)?,
        Player::parse(w)?,
    ]);
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    for g in 0..games {
        let first = Seat::ALL[(g % 4) as usize];
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
        match play(&players, mode, first, game_seed)? {
            Some(SiguoOutcome::Win { team, .. }) if team.index() == 0 => wins += 1,
            Some(SiguoOutcome::Win { .. }) => losses += 1,
            _ => draws += 1,
        }
    }
    let total = games as f64;
    let score = wins as f64 + draws as f64 / 2.0;
    let (lo, hi) = wilson(score, total);
    let decisive = (wins + losses) as f64;
    let (dlo, dhi) = wilson(wins as f64, decisive);
    Ok(format!(
        "S+N ({s},{n}) vs E+W ({e},{w}), mode {mode}, {games} games, seed {seed}\n\
         S+N: {wins} wins, {draws} draws, {losses} losses\n\
         score {:.1}% (95% interval {:.1}%–{:.1}%)\n\
         decisive games won by S+N: {:.1}% (95% interval {:.1}%–{:.1}%)",
        100.0 * score / total.max(1.0),
        100.0 * lo,
        100.0 * hi,
        100.0 * wins as f64 / decisive.max(1.0),
        100.0 * dlo,
        100.0 * dhi,
    ))
}
