//! Alpha-beta search (negamax form, Knuth & Moore 1975) with iterative deepening, a capture
//! quiescence search, and killer/history move ordering (Schaeffer 1989). The search never
//! reads a clock: the host passes a [`Stop`] that is asked every few nodes, so the same search
//! runs natively, in a Web Worker, and in tests with node budgets (as in tantabus).

use crate::choice::{best, deepen};
use crate::eval::{base_value, evaluate, WIN};
use junqi_core::{contact, Action, Clash, Mode, Position, Role};

/// Asked by the search whether to give up; `nodes` is the count so far.
pub trait Stop {
    fn should_stop(&mut self, nodes: u64) -> bool;
}

/// Stops after a number of nodes: deterministic on every machine.
pub struct NodeBudget(pub u64);

impl Stop for NodeBudget {
    fn should_stop(&mut self, nodes: u64) -> bool {
        nodes >= self.0
    }
}

/// Stops when either stop does.
pub struct Either<'a, A: Stop + ?Sized, B: Stop + ?Sized>(pub &'a mut A, pub &'a mut B);

impl<A: Stop + ?Sized, B: Stop + ?Sized> Stop for Either<'_, A, B> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.0.should_stop(nodes) || self.1.should_stop(nodes)
    }
}

const INF: i32 = 2 * WIN;
const MAX_PLY: usize = 64;
const QUIESCENCE_DEPTH: u32 = 4;

/// A search over one fully known position.
pub struct Searcher<'s> {
    stop: &'s mut dyn Stop,
    pub nodes: u64,
    aborted: bool,
    killers: [[Option<Action>; 2]; MAX_PLY],
    history: Vec<u32>,
}

impl<'s> Searcher<'s> {
    pub fn new(stop: &'s mut dyn Stop) -> Searcher<'s> {
        Searcher {
            stop,
            nodes: 0,
            aborted: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 60 * 60],
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.stop.should_stop(self.nodes) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Terminal score of a finished or limit-reached position, from the side to move.
    fn terminal(pos: &Position, ply: usize) -> Option<i32> {
        if let Some(o) = pos.outcome() {
            return Some(match (o.winner(), pos.turn()) {
                (Some(w), Some(t)) if w == t => WIN - ply as i32,
                (Some(_), _) => -WIN + ply as i32,
                (None, _) => 0,
            });
        }
        // The counting rules (no capture, no contact, total plies) as the core decides them.
        pos.limit_outcome().map(|o| match (o.winner(), pos.turn()) {
            (Some(w), Some(t)) if w == t => WIN - ply as i32,
            (Some(_), _) => -WIN + ply as i32,
            (None, _) => 0,
        })
    }

    /// Actions to search here: in 翻棋 below the root, flips are left to the root's chance nodes.
    fn actions(pos: &Position, root: bool) -> Vec<Action> {
        let mut acts = pos.legal_actions();
        if pos.mode() == Mode::Flip && !root {
            acts.retain(|a| matches!(a, Action::Move { .. }));
        }
        acts
    }

    /// Ordering score: good captures first, then killers, then history.
    fn order_score(&self, pos: &Position, a: Action, ply: usize) -> i32 {
        if let Action::Move { from, to } = a {
            if let (Some(att), Some(def)) = (pos.piece_at(from), pos.piece_at(to)) {
                let c = contact(att.role, def.role, pos.mode(), pos.rules());
                let gain = match c {
                    Clash::Win => {
                        base_value(def.role) + if def.role == Role::Flag { WIN } else { 0 }
                    }
                    Clash::Both => base_value(def.role) - base_value(att.role),
                    Clash::Lose | Clash::Scout => -base_value(att.role),
                    // A bounce changes nothing but the turn.
                    Clash::Bounce => -1,
                };
                return 1_000_000 + gain;
            }
            if pos.at(to).is_some() {
                return 900_000; // unknown defender
            }
            let k = &self.killers[ply.min(MAX_PLY - 1)];
            if k[0] == Some(a) {
                return 800_000;
            }
            if k[1] == Some(a) {
                return 799_999;
            }
            return self.history[from.index() * 60 + to.index()] as i32;
        }
        0
    }

    fn order(&self, pos: &Position, acts: &mut [Action], ply: usize) {
        let mut keyed: Vec<(i32, Action)> = acts
            .iter()
            .map(|&a| (self.order_score(pos, a, ply), a))
            .collect();
        keyed.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        for (slot, (_, a)) in acts.iter_mut().zip(keyed) {
            *slot = a;
        }
    }

    fn is_contact(pos: &Position, a: Action) -> bool {
        matches!(a, Action::Move { to, .. } if pos.at(to).is_some())
    }

    /// Captures only, until quiet.
    fn quiescence(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(t) = Self::terminal(pos, ply) {
            return t;
        }
        let stand = evaluate(pos);
        if stand >= beta || depth == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut acts: Vec<Action> = Self::actions(pos, false)
            .into_iter()
            .filter(|&a| Self::is_contact(pos, a))
            .collect();
        self.order(pos, &mut acts, ply);
        for a in acts {
            // Skip contacts that only lose the attacker.
            if self.order_score(pos, a, ply) < 1_000_000 - 50 {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(a);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, depth - 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Negamax alpha-beta to `depth`, then quiescence.
    pub fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(t) = Self::terminal(pos, ply) {
            self.nodes += 1;
            return t;
        }
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_DEPTH);
        }
        if self.tick() {
            return 0;
        }
        let mut acts = Self::actions(pos, false);
        if acts.is_empty() {
            if !pos.face_down().is_empty() {
                return evaluate(pos); // only flips left: judged at the root's chance nodes
            }
            // No legal action: the core says how that ends under the game's rules (a loss, or a
            // draw under `no_move_draw` when neither side can move).
            let mut end = pos.clone();
            end.settle_outcome();
            return Self::terminal(&end, ply).unwrap_or(-WIN + ply as i32);
        }
        self.order(pos, &mut acts, ply);
        let mut best = -INF;
        for a in acts {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !Self::is_contact(pos, a) {
                    let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                    if k[0] != Some(a) {
                        k[1] = k[0];
                        k[0] = Some(a);
                    }
                    if let Action::Move { from, to } = a {
                        self.history[from.index() * 60 + to.index()] += depth * depth;
                    }
                }
                break;
            }
        }
        best
    }
}

/// The result of searching one position.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Each root action with its score (exact for the best; bounds for the rest).
    pub scored: Vec<(Action, i32)>,
    pub depth: u32,
    pub nodes: u64,
}

impl SearchResult {
    pub fn best(&self) -> Option<(Action, i32)> {
        best(&self.scored)
    }
}

/// Iterative deepening from depth 1 to `max_depth` until `stop` says so. Root actions are
/// searched with full windows when `exact` (so every root score is comparable across worlds).
pub fn search(pos: &Position, max_depth: u32, exact: bool, stop: &mut dyn Stop) -> SearchResult {
    let mut searcher = Searcher::new(stop);
    let mut root = Searcher::actions(pos, true);
    root.retain(|a| matches!(a, Action::Move { .. }));
    let mut result = SearchResult {
        scored: root.iter().map(|&a| (a, 0)).collect(),
        depth: 0,
        nodes: 0,
    };
    if root.is_empty() {
        return result;
    }
    let (scored, depth) = deepen(
        &root.clone(),
        root,
        max_depth,
        exact,
        |a, depth, lower| {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let score = -searcher.negamax(&child, depth - 1, -INF, -lower, 1);
            (!searcher.aborted()).then_some(score)
        },
        |scored| best(scored).is_some_and(|(_, s)| s.abs() > WIN / 2),
    );
    result.scored = scored;
    result.depth = depth;
    result.nodes = searcher.nodes;
    result
}
