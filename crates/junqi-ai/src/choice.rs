//! What the computer player does the same way on every board: step distances between points,
//! iterative deepening over the root moves, and the choice among scored moves (an occasional
//! plausible wander, noise, then the best). Each board's search supplies the move type and the
//! score of one root move.

use crate::eval::{base_value, WIN};
use junqi_core::{Clash, Role, SplitMix64};

const INF: i32 = 2 * WIN;

/// Steps between every pair of `N` points (a step to any of `neighbours(i)`; `u8::MAX` where
/// none leads), by breadth-first search from each point.
pub fn step_distances<const N: usize, I: IntoIterator<Item = usize>>(
    neighbours: impl Fn(usize) -> I,
) -> Vec<[u8; N]> {
    (0..N)
        .map(|p| {
            let mut d = [u8::MAX; N];
            d[p] = 0;
            let mut frontier = vec![p];
            let mut step = 0u8;
            while !frontier.is_empty() {
                step = step.saturating_add(1);
                let mut next = Vec::new();
                for q in frontier {
                    for n in neighbours(q) {
                        if d[n] == u8::MAX {
                            d[n] = step;
                            next.push(n);
                        }
                    }
                }
                frontier = next;
            }
            d
        })
        .collect()
}

/// Iterative deepening from depth 1 to `max_depth` over the non-empty `root`, searched first
/// in the order of `root` and scored in the order of `moves` (the same moves).
///
/// `score(m, depth, lower)` searches move `m` to `depth` plies below the root and returns its
/// score for the side to move, searched with a lower bound `lower` (`-INF` when `exact`), or
/// `None` when the search was stopped. A move that fails low takes a score just under the bound
/// (it is only a bound). Each finished depth reorders the root best first; a stopped depth
/// keeps the scores it found. `done` ends the deepening early (e.g. a proven win). Returns each
/// root move with its score, and the last depth finished.
pub fn deepen<M: Copy + PartialEq>(
    moves: &[M],
    mut root: Vec<M>,
    max_depth: u32,
    exact: bool,
    mut score: impl FnMut(M, u32, i32) -> Option<i32>,
    done: impl Fn(&[(M, i32)]) -> bool,
) -> (Vec<(M, i32)>, u32) {
    let mut result: Vec<(M, i32)> = moves.iter().map(|&m| (m, 0)).collect();
    let mut finished = 0;
    let mut stopped = false;
    for depth in 1..=max_depth.max(1) {
        let mut scored = Vec::with_capacity(root.len());
        let mut alpha = -INF;
        for &m in &root {
            let lower = if exact { -INF } else { alpha };
            let Some(mut s) = score(m, depth, lower) else {
                stopped = true;
                break;
            };
            if !exact && s <= lower && lower > -INF {
                // Failed low: only a bound, so rank it strictly below the best so far.
                s = lower - 1;
            }
            alpha = alpha.max(s);
            scored.push((m, s));
        }
        if stopped && depth > 1 {
            break;
        }
        if scored.len() == root.len() || finished == 0 {
            // Merge: searched moves take their new scores; any left keep the old ones.
            for (m, s) in &scored {
                if let Some(slot) = result.iter_mut().find(|(b, _)| b == m) {
                    slot.1 = *s;
                }
            }
            finished = depth;
            scored.sort_by_key(|x| std::cmp::Reverse(x.1));
            root = scored
                .iter()
                .map(|(m, _)| *m)
                .chain(
                    root.iter()
                        .copied()
                        .filter(|m| !scored.iter().any(|(b, _)| b == m)),
                )
                .collect();
        }
        if stopped || done(&result) {
            break;
        }
    }
    (result, finished)
}

/// The best-scored move, the lowest move first among equals (so the choice is reproducible).
pub fn best<M: Copy + Ord>(scored: &[(M, i32)]) -> Option<(M, i32)> {
    scored
        .iter()
        .copied()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
}

/// The move chosen from `scored` among `legal` (`None` when nothing is legal): a random legal move when nothing
/// legal was scored; with `wander` % chance a random plausible move (one that does not throw a
/// piece away for nothing); otherwise the best after adding up to ±`noise` to every score that
/// is not a proven result.
pub fn pick<M: Copy + Ord>(
    mut scored: Vec<(M, i32)>,
    legal: &[M],
    rng: &mut SplitMix64,
    wander: u32,
    noise: i32,
) -> Option<M> {
    if legal.is_empty() {
        return None;
    }
    scored.retain(|(m, _)| legal.contains(m));
    if scored.is_empty() {
        return Some(legal[rng.below(legal.len() as u64) as usize]);
    }
    if wander > 0 && rng.below(100) < wander as u64 {
        let plausible: Vec<M> = scored
            .iter()
            .filter(|(_, s)| *s > -WIN / 2)
            .map(|(m, _)| *m)
            .collect();
        if !plausible.is_empty() {
            return Some(plausible[rng.below(plausible.len() as u64) as usize]);
        }
    }
    if noise > 0 {
        for (_, s) in scored.iter_mut() {
            if s.abs() < WIN / 2 {
                *s += rng.below(2 * noise as u64 + 1) as i32 - noise;
            }
        }
    }
    best(&scored).map(|(m, _)| m)
}

/// What an attacker of role `att` gains by attacking `def` under the game's `mode` and `rules`
/// (the core's [`junqi_core::contact`]); against a hidden defender (`None`), an even chance
/// against the average piece ([`unknown_gain`]). Both boards' players ask this one function.
pub fn contact_gain(
    att: Role,
    def: Option<Role>,
    mode: junqi_core::Mode,
    rules: &junqi_core::Rules,
) -> i32 {
    match def {
        Some(d) => clash_gain(att, d, junqi_core::contact(att, d, mode, rules)),
        None => unknown_gain(att),
    }
}

/// What an attacker of role `att` gains by a contact with `def` that ends in `clash`: the
/// defender's value, a trade, or the attacker lost; any contact that takes a flag wins.
pub fn clash_gain(att: Role, def: Role, clash: Clash) -> i32 {
    match clash {
        Clash::Win | Clash::Both if def == Role::Flag => WIN,
        Clash::Win => base_value(def),
        Clash::Both => base_value(def) - base_value(att),
        Clash::Lose | Clash::Scout => -base_value(att),
        // Nothing removed: the attacker only learns what stands there.
        Clash::Bounce => 0,
    }
}

/// What attacking a hidden piece with `att` is worth: an even chance against the average piece.
pub fn unknown_gain(att: Role) -> i32 {
    250 - base_value(att) / 2
}

/// `greedy`: the legal move of the best positive `gain` (the first among equals), else a random
/// one; `None` when nothing is legal.
pub fn greedy_pick<M: Copy>(
    legal: &[M],
    gain: impl Fn(M) -> Option<i32>,
    rng: &mut SplitMix64,
) -> Option<M> {
    let mut best: Option<(i32, M)> = None;
    for &m in legal {
        if let Some(g) = gain(m) {
            if g > 0 && best.is_none_or(|(b, _)| g > b) {
                best = Some((g, m));
            }
        }
    }
    best.map(|(_, m)| m).or_else(|| random_pick(legal, rng))
}

/// A uniformly random legal move; `None` when nothing is legal.
pub fn random_pick<M: Copy>(legal: &[M], rng: &mut SplitMix64) -> Option<M> {
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_distances_count_steps_and_mark_what_no_step_reaches() {
        // A path 0 - 1 - 2 and a lone point 3.
        let d = step_distances::<4, Vec<usize>>(|i| match i {
            0 => vec![1],
            1 => vec![0, 2],
            2 => vec![1],
            _ => vec![],
        });
        assert_eq!(d[0], [0, 1, 2, u8::MAX]);
        assert_eq!(d[2], [2, 1, 0, u8::MAX]);
        assert_eq!(d[3], [u8::MAX, u8::MAX, u8::MAX, 0]);
    }

    #[test]
    fn deepening_scores_in_listed_order_and_ranks_a_fail_low_under_its_bound() {
        let values = [(1u8, 5), (2, 9), (3, 1)];
        let (scored, depth) = deepen(
            &[1, 2, 3],
            vec![3, 2, 1],
            3,
            false,
            // A fail-low search returns its bound; here every move returns at most the bound.
            |m, _, lower| {
                let v = values.iter().find(|(k, _)| *k == m).map_or(0, |x| x.1);
                Some(v.max(lower))
            },
            |_| false,
        );
        assert_eq!(depth, 3);
        assert_eq!(scored.iter().map(|x| x.0).collect::<Vec<_>>(), [1, 2, 3]);
        // Depth 3 searches 2 first (best at depth 2): 9; then 1 and 3 fail low under 9.
        assert_eq!(scored, [(1, 8), (2, 9), (3, 8)]);
        assert_eq!(best(&scored), Some((2, 9)));
        // A stop in the first depth keeps what was scored; a later stop keeps the last depth.
        let mut calls = 0;
        let (scored, depth) = deepen(
            &[1, 2],
            vec![1, 2],
            4,
            true,
            |m, _, _| {
                calls += 1;
                (calls < 4).then_some(m)
            },
            |_| false,
        );
        assert_eq!((scored, depth), (vec![(1, 1), (2, 2)], 1));
    }

    #[test]
    fn picks_follow_legality_gain_and_seed() {
        let mut rng = SplitMix64::new(1);
        assert_eq!(pick::<u8>(vec![(1, 5)], &[], &mut rng, 0, 0), None);
        assert_eq!(pick(vec![(1, 5), (2, 7)], &[1, 2], &mut rng, 0, 0), Some(2));
        // An illegal best is never chosen.
        assert_eq!(pick(vec![(1, 5), (2, 7)], &[1], &mut rng, 0, 0), Some(1));
        assert_eq!(
            greedy_pick(&[1, 2, 3], |m| Some([0, -5, 40, 40][m]), &mut rng),
            Some(2)
        );
        assert_eq!(random_pick::<u8>(&[], &mut rng), None);
        let a = greedy_pick(&[1, 2, 3], |_: usize| None, &mut SplitMix64::new(9));
        let b = greedy_pick(&[1, 2, 3], |_: usize| None, &mut SplitMix64::new(9));
        assert_eq!(a, b);
        assert_eq!(clash_gain(Role::Engineer, Role::Flag, Clash::Both), WIN);
        assert!(clash_gain(Role::Engineer, Role::Marshal, Clash::Lose) < 0);
    }
}
