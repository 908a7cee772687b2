//! One alpha-beta search for every board and seating: iterative deepening over the root moves,
//! a capture quiescence search, killer and history move ordering (Schaeffer 1989).
//!
//! The search is team-aware over the seat order, with two sides: the root's team maximises its
//! score and every other seat minimises it. The window flips only when the side to move
//! changes, so a team that moves twice in a row (its partner after it, or a seat that is out
//! skipped) is searched correctly. On the 2-player board the sides alternate every ply and this
//! is plain negamax (Knuth & Moore 1975); at 四国 (two teams of two) it is exact; at the tables
//! where each plays for himself (四方混战, 三国) it is the "paranoid" reduction of max-n to two
//! players (Sturtevant & Korf 2000), every other seat treated as one enemy.
//!
//! It searches the one engine's position on any board ([`Position`]); what differs between
//! boards is data of the board ([`Ground`]: the evaluation's terms, how many plies of contacts
//! the quiescence search follows). The search never reads a clock: the
//! host passes a [`Stop`] that is asked every few nodes, so the same search runs natively, in a
//! Web Worker, and in tests with node budgets.

pub mod worlds;

use crate::choice::{best, deepen};
use crate::eval::{evaluate_with, Ground, Style, WIN};
use junqi_core::seat::Team;
use junqi_core::siguo::Position;
use junqi_core::Action;

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
/// Order keys: contacts first (by gain), then the two killers, then history.
const CONTACT: i32 = 1_000_000;
const KILLER: i32 = 800_000;
/// A contact losing more than this is not followed in the quiescence search.
const QUIESCENCE_LOSS: i32 = 50;

/// A search over one position whose every piece has a known identity.
pub struct Searcher<'s, G: Ground> {
    stop: &'s mut dyn Stop,
    pub nodes: u64,
    aborted: bool,
    killers: [[Option<Action<G>>; 2]; MAX_PLY],
    history: Vec<u32>,
    style: Style,
    /// The team the search plays for.
    root: Option<Team>,
}

impl<'s, G: Ground> Searcher<'s, G> {
    pub fn new(stop: &'s mut dyn Stop) -> Searcher<'s, G> {
        Searcher::with_style(stop, Style::default())
    }

    pub fn with_style(stop: &'s mut dyn Stop, style: Style) -> Searcher<'s, G> {
        Searcher {
            stop,
            nodes: 0,
            aborted: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; G::POINTS * G::POINTS],
            style,
            root: None,
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

    /// Is the root's team to move in `pos`?
    fn side(&self, pos: &Position<G>) -> bool {
        self.root.is_some() && team_to_move(pos) == self.root
    }

    /// `s`, a score for the root's team, for the side to move (`side`).
    fn for_side(s: i32, side: bool) -> i32 {
        if side {
            s
        } else {
            -s
        }
    }

    fn evaluate(&self, pos: &Position<G>, side: bool) -> i32 {
        match self.root {
            Some(root) => Self::for_side(evaluate_with(pos, root, self.style), side),
            None => 0,
        }
    }

    fn order_score(&self, pos: &Position<G>, m: Action<G>, ply: usize) -> i32 {
        if let Some(g) = contact_gain(pos, m) {
            return CONTACT + g.min(100_000);
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if k[0] == Some(m) {
            return KILLER;
        }
        if k[1] == Some(m) {
            return KILLER - 1;
        }
        let (from, to) = (m.from().index(), m.to().index());
        self.history[from * G::POINTS + to] as i32
    }

    fn order(&self, pos: &Position<G>, moves: &mut [Action<G>], ply: usize) {
        let mut keyed: Vec<(i32, Action<G>)> = moves
            .iter()
            .map(|&m| (self.order_score(pos, m, ply), m))
            .collect();
        keyed.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    /// The score of `child` (reached by a move of `side`) for `side`, searched to `depth`.
    fn child_score(
        &mut self,
        child: &Position<G>,
        side: bool,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
        quiet: bool,
    ) -> i32 {
        if let Some(root) = self.root {
            if let Some(s) = outcome_for(child, root, ply) {
                self.nodes += 1;
                return Self::for_side(s, side);
            }
        }
        let same = self.side(child) == side;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let s = if quiet {
            self.quiescence(child, a, b, ply, depth)
        } else {
            self.negamax(child, depth, a, b, ply)
        };
        if same {
            s
        } else {
            -s
        }
    }

    /// Contacts only, until quiet; scores for the side to move.
    fn quiescence(
        &mut self,
        pos: &Position<G>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        let stand = self.evaluate(pos, side);
        if stand >= beta || depth == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut contacts: Vec<Action<G>> = search_moves(pos)
            .into_iter()
            .filter(|&m| contact_gain(pos, m).is_some_and(|g| g >= -QUIESCENCE_LOSS))
            .collect();
        self.order(pos, &mut contacts, ply);
        for m in contacts {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = self.child_score(&child, side, depth - 1, (alpha, beta), ply + 1, true);
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

    /// Alpha-beta to `depth`, then quiescence; scores for the side to move.
    fn negamax(
        &mut self,
        pos: &Position<G>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, G::QUIESCENCE_DEPTH);
        }
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        let mut moves = search_moves(pos);
        if moves.is_empty() {
            return match self.root {
                Some(root) => Self::for_side(stuck_for(pos, root, ply, self.style), side),
                None => 0,
            };
        }
        self.order(pos, &mut moves, ply);
        let mut best = -INF;
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = self.child_score(&child, side, depth - 1, (alpha, beta), ply + 1, false);
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                if contact_gain(pos, m).is_none() {
                    let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let (from, to) = (m.from().index(), m.to().index());
                    self.history[from * G::POINTS + to] += depth * depth;
                }
                break;
            }
        }
        best
    }

    /// The score of `pos` for its side to move, searched `depth` plies deep (for chance nodes
    /// a host scores itself, such as a 翻棋 flip's possible pieces); 0 when nobody is to move.
    /// The killers and history carry over from one call to the next.
    pub fn value(&mut self, pos: &Position<G>, depth: u32) -> i32 {
        self.root = team_to_move(pos);
        let Some(root) = self.root else { return 0 };
        if let Some(s) = outcome_for(pos, root, 1) {
            self.nodes += 1;
            return s;
        }
        self.negamax(pos, depth, -INF, INF, 1)
    }
}

/// The result of searching one position.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// Each root move with its score for the side to move (exact for the best; bounds for the
    /// rest unless searched exactly).
    pub scored: Vec<(M, i32)>,
    /// The last depth finished.
    pub depth: u32,
    pub nodes: u64,
}

impl<M: Copy + Ord> SearchResult<M> {
    pub fn best(&self) -> Option<(M, i32)> {
        best(&self.scored)
    }
}

/// Iterative deepening from depth 1 to `max_depth` (plies, one seat's move each) until `stop`
/// says so, with the evaluation in its default style. With `exact`, every root move is
/// searched with a full window, so root scores are comparable across sampled worlds.
pub fn search<G: Ground>(
    pos: &Position<G>,
    max_depth: u32,
    exact: bool,
    stop: &mut dyn Stop,
) -> SearchResult<Action<G>> {
    search_with(pos, max_depth, exact, Style::default(), stop)
}

/// [`search`] with the evaluation in `style`.
pub fn search_with<G: Ground>(
    pos: &Position<G>,
    max_depth: u32,
    exact: bool,
    style: Style,
    stop: &mut dyn Stop,
) -> SearchResult<Action<G>> {
    let mut searcher = Searcher::with_style(stop, style);
    searcher.root = team_to_move(pos);
    let mut root = search_moves(pos);
    let mut result = SearchResult {
        scored: root.iter().map(|&m| (m, 0)).collect(),
        depth: 0,
        nodes: 0,
    };
    if root.is_empty() || searcher.root.is_none() {
        return result;
    }
    let listed = root.clone();
    searcher.order(pos, &mut root, 0);
    let (scored, depth) = deepen(
        &listed,
        root,
        max_depth,
        exact,
        |m, depth, lower| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = searcher.child_score(&child, true, depth - 1, (lower, INF), 1, false);
            (!searcher.aborted()).then_some(score)
        },
        // A proven result for the best move: deeper search would not change the choice.
        |scored| best(scored).is_some_and(|(_, s)| s.abs() > WIN / 2),
    );
    result.scored = scored;
    result.depth = depth;
    result.nodes = searcher.nodes;
    result
}

/// The team to move; `None` when no seat is (a 翻棋 game before colours are given).
fn team_to_move<G: Ground>(pos: &Position<G>) -> Option<Team> {
    pos.mover().map(|s| pos.seating().team(s))
}

/// The moves to search, in the order the core lists them: 翻棋's flips are chance nodes the
/// host scores at the root.
fn search_moves<G: Ground>(pos: &Position<G>) -> Vec<Action<G>> {
    let mut moves = pos.legal_actions();
    moves.retain(|a| matches!(a, Action::Move { .. }));
    moves
}

/// What `m` gains the mover when it attacks a piece ([`crate::choice::contact_gain`]: a flag
/// taken wins, a hidden defender is an even chance against the average piece); `None` when
/// `m` meets no piece.
pub(crate) fn contact_gain<G: Ground>(pos: &Position<G>, m: Action<G>) -> Option<i32> {
    let (from, to) = m.as_move()?;
    let def = pos.at(to)?;
    let att = pos.at(from)?.role?;
    Some(crate::choice::contact_gain(
        att,
        def.role,
        pos.contact_mode(),
        &pos.rules().rules,
    ))
}

/// The score for `root` of a game that is over, or that a counting rule (no capture, no
/// contact, total plies) ends here as the core decides it, `ply` plies below the root; `None`
/// while it goes on.
fn outcome_for<G: Ground>(pos: &Position<G>, root: Team, ply: usize) -> Option<i32> {
    let o = pos.outcome().or_else(|| pos.limit_outcome())?;
    Some(match o.winner() {
        Some(w) if w == root => WIN - ply as i32,
        Some(_) => -WIN + ply as i32,
        None => 0,
    })
}

/// The score for `root` when the side to move has nothing to search, `ply` plies below the
/// root. With only 翻棋's flips left the position is judged as it stands (the root's chance
/// nodes weigh the flips); otherwise the core says how having no legal action ends (the seat
/// leaves; at a table of two that loses, or draws under `no_move_draw`), and what is left is
/// judged.
fn stuck_for<G: Ground>(pos: &Position<G>, root: Team, ply: usize, style: Style) -> i32 {
    if pos.face_down().any() {
        return evaluate_with(pos, root, style);
    }
    let mut end = pos.clone();
    end.settle_outcome();
    outcome_for(&end, root, ply).unwrap_or_else(|| evaluate_with(&end, root, style))
}
