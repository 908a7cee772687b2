//! Determinised search for hidden games on every board (Perfect Information Monte Carlo:
//! Ginsberg 2001; Long et al. 2010): worlds drawn from what the seat may know, each searched
//! as if its identities were known, the root scores averaged.
//!
//! A root attack on a hidden piece wins or loses mostly by who stands there in the few worlds
//! searched, so its average is corrected by how far their immediate gain strays from its
//! expectation over many more drawn worlds (a control variate: Glasserman 2004, §4.1).
//! Otherwise the attack whose few draws happen to be lucky is chosen.

use super::{contact_gain, search_with, Either, NodeBudget, Stop};
use crate::belief::{self, Belief};
use crate::eval::{Ground, Style};
use crate::level::Budgets;
use junqi_core::seat::Seat;
use junqi_core::siguo::Position;
use junqi_core::{Action, SplitMix64};

/// The root scores of `me`, to move in `pos` (its view: hidden pieces have no role), at the
/// hidden-game budgets of a level: worlds drawn from `belief`, the reading of the game's
/// record, or without one (a position set up by hand) from what the view alone allows.
pub fn hidden_scores<G: Ground>(
    pos: &Position<G>,
    me: Seat,
    belief: Option<&Belief<G>>,
    budgets: &Budgets,
    rng: &mut SplitMix64,
    stop: &mut dyn Stop,
) -> Vec<(Action<G>, i32)> {
    let draw = |rng: &mut SplitMix64| match belief {
        Some(b) => b.sample(pos, me, rng),
        None => belief::view::sample(pos, me, rng),
    };
    let attacks: Vec<Action<G>> = pos
        .legal_actions()
        .into_iter()
        .filter(|m| m.as_move().is_some() && pos.at(m.to()).is_some_and(|o| o.role.is_none()))
        .collect();
    let worlds = budgets.worlds.max(1);
    let budget = Budget {
        worlds,
        extra: G::EXTRA_WORLDS,
        nodes: (budgets.hidden_nodes / worlds as u64).max(200),
        depth: budgets.hidden_depth,
        style: G::HIDDEN_STYLE,
    };
    averaged(&budget, &attacks, draw, rng, stop)
}

/// Root scores are clamped to this before averaging, so one proven result in one world does
/// not outweigh every other world.
const CLAMP: i64 = 30_000;

/// How the worlds are searched.
struct Budget {
    /// Worlds searched.
    worlds: usize,
    /// Worlds drawn beyond those searched, to estimate what a root attack on a hidden piece
    /// gains on the spot.
    extra: usize,
    /// Nodes for each searched world.
    nodes: u64,
    /// Deepest iteration in each world.
    depth: u32,
    /// The evaluation's style.
    style: Style,
}

/// Each root move's score averaged over the worlds `draw` gives.
///
/// `hidden_attacks` are the root moves onto a piece whose identity is hidden; what such a move
/// wins on the spot in a world is its contact's gain there. `stop` may end the drawing early:
/// the worlds searched by then are averaged.
fn averaged<G: Ground>(
    budget: &Budget,
    hidden_attacks: &[Action<G>],
    mut draw: impl FnMut(&mut SplitMix64) -> Position<G>,
    rng: &mut SplitMix64,
    stop: &mut dyn Stop,
) -> Vec<(Action<G>, i32)> {
    let gain_in = |world: &Position<G>, m: Action<G>| {
        contact_gain(world, m)
            .unwrap_or(0)
            .clamp(-CLAMP as i32, CLAMP as i32) as i64
    };
    let mut expected = vec![0i64; hidden_attacks.len()];
    if !hidden_attacks.is_empty() {
        for _ in 0..budget.extra {
            let world = draw(rng);
            for (e, &m) in expected.iter_mut().zip(hidden_attacks) {
                *e += gain_in(&world, m);
            }
        }
    }
    let mut seen = vec![0i64; hidden_attacks.len()];
    let mut totals: Vec<(Action<G>, i64)> = Vec::new();
    let mut searched = 0i64;
    for _ in 0..budget.worlds.max(1) {
        let world = draw(rng);
        for (s, &m) in seen.iter_mut().zip(hidden_attacks) {
            *s += gain_in(&world, m);
        }
        let mut nodes = NodeBudget(budget.nodes);
        let mut both = Either(&mut nodes, &mut *stop);
        let res = search_with(&world, budget.depth, true, budget.style, &mut both);
        searched += 1;
        for (m, s) in res.scored {
            let s = (s as i64).clamp(-CLAMP, CLAMP);
            match totals.iter_mut().find(|(b, _)| *b == m) {
                Some(t) => t.1 += s,
                None => totals.push((m, s)),
            }
        }
        if stop.should_stop(0) {
            break;
        }
    }
    let extra = budget.extra.max(1) as i64;
    totals
        .into_iter()
        .map(|(m, s)| {
            let mut mean = s / searched;
            if budget.extra > 0 {
                if let Some(i) = hidden_attacks.iter().position(|&a| a == m) {
                    mean -= seen[i] / searched - expected[i] / extra;
                }
            }
            (m, mean.clamp(-CLAMP, CLAMP) as i32)
        })
        .collect()
}
