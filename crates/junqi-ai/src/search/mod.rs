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
//! What differs between boards — moves, the end of the game, the evaluation, what a contact
//! gains — is asked of the position through [`Searchable`]. The search never reads a clock: the
//! host passes a [`Stop`] that is asked every few nodes, so the same search runs natively, in a
//! Web Worker, and in tests with node budgets.

mod facing;
pub mod worlds;

use crate::choice::{best, deepen};
use crate::eval::{Style, WIN};

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

/// What the search asks of a position of some board. Scores "for `root`" are for the team
/// `root`: positive when it is ahead.
pub trait Searchable: Clone {
    /// A move the search plays.
    type Move: Copy + Ord;
    /// Who moves: a team of the seating.
    type Team: Copy + Eq;
    /// Points of the board, for the history table.
    const POINTS: usize;
    /// How many plies of contacts the quiescence search follows.
    const QUIESCENCE_DEPTH: u32;

    /// The team to move; `None` when no team is (a 翻棋 game before colours are given).
    fn team_to_move(&self) -> Option<Self::Team>;
    /// The moves to search here, in the order the core lists them.
    fn search_moves(&self) -> Vec<Self::Move>;
    /// Plays a move of [`Searchable::search_moves`].
    fn play_move(&mut self, m: Self::Move);
    /// The origin and destination of `m`, as point indices below [`Searchable::POINTS`].
    fn squares(m: Self::Move) -> (usize, usize);
    /// What `m` gains the mover when it attacks a piece (a win is worth more than any
    /// material; where the outcome cannot be judged, the board's estimate); `None` when `m`
    /// meets no piece.
    fn contact_gain(&self, m: Self::Move) -> Option<i32>;
    /// The score for `root` of a game that is over (or has reached a counting limit), `ply`
    /// plies below the root; `None` while it goes on.
    fn outcome_for(&self, root: Self::Team, ply: usize) -> Option<i32>;
    /// The static evaluation for `root`.
    fn evaluate_for(&self, root: Self::Team, style: Style) -> i32;
    /// The score for `root` when the side to move has nothing to search, `ply` plies below the
    /// root.
    fn stuck_for(&self, root: Self::Team, ply: usize, style: Style) -> i32;
}

const INF: i32 = 2 * WIN;
const MAX_PLY: usize = 64;
/// Order keys: contacts first (by gain), then the two killers, then history.
const CONTACT: i32 = 1_000_000;
const KILLER: i32 = 800_000;
/// A contact losing more than this is not followed in the quiescence search.
const QUIESCENCE_LOSS: i32 = 50;

/// A search over one position whose every piece has a known identity.
pub struct Searcher<'s, P: Searchable> {
    stop: &'s mut dyn Stop,
    pub nodes: u64,
    aborted: bool,
    killers: [[Option<P::Move>; 2]; MAX_PLY],
    history: Vec<u32>,
    style: Style,
    /// The team the search plays for.
    root: Option<P::Team>,
}

impl<'s, P: Searchable> Searcher<'s, P> {
    pub fn new(stop: &'s mut dyn Stop) -> Searcher<'s, P> {
        Searcher::with_style(stop, Style::default())
    }

    pub fn with_style(stop: &'s mut dyn Stop, style: Style) -> Searcher<'s, P> {
        Searcher {
            stop,
            nodes: 0,
            aborted: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; P::POINTS * P::POINTS],
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
    fn side(&self, pos: &P) -> bool {
        self.root.is_some() && pos.team_to_move() == self.root
    }

    /// `s`, a score for the root's team, for the side to move (`side`).
    fn for_side(s: i32, side: bool) -> i32 {
        if side {
            s
        } else {
            -s
        }
    }

    fn evaluate(&self, pos: &P, side: bool) -> i32 {
        match self.root {
            Some(root) => Self::for_side(pos.evaluate_for(root, self.style), side),
            None => 0,
        }
    }

    fn order_score(&self, pos: &P, m: P::Move, ply: usize) -> i32 {
        if let Some(g) = pos.contact_gain(m) {
            return CONTACT + g.min(100_000);
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if k[0] == Some(m) {
            return KILLER;
        }
        if k[1] == Some(m) {
            return KILLER - 1;
        }
        let (from, to) = P::squares(m);
        self.history[from * P::POINTS + to] as i32
    }

    fn order(&self, pos: &P, moves: &mut [P::Move], ply: usize) {
        let mut keyed: Vec<(i32, P::Move)> = moves
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
        child: &P,
        side: bool,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
        quiet: bool,
    ) -> i32 {
        if let Some(root) = self.root {
            if let Some(s) = child.outcome_for(root, ply) {
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
    fn quiescence(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, depth: u32) -> i32 {
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        let stand = self.evaluate(pos, side);
        if stand >= beta || depth == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut contacts: Vec<P::Move> = pos
            .search_moves()
            .into_iter()
            .filter(|&m| pos.contact_gain(m).is_some_and(|g| g >= -QUIESCENCE_LOSS))
            .collect();
        self.order(pos, &mut contacts, ply);
        for m in contacts {
            let mut child = pos.clone();
            child.play_move(m);
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
    fn negamax(&mut self, pos: &P, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, P::QUIESCENCE_DEPTH);
        }
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        let mut moves = pos.search_moves();
        if moves.is_empty() {
            return match self.root {
                Some(root) => Self::for_side(pos.stuck_for(root, ply, self.style), side),
                None => 0,
            };
        }
        self.order(pos, &mut moves, ply);
        let mut best = -INF;
        for m in moves {
            let mut child = pos.clone();
            child.play_move(m);
            let score = self.child_score(&child, side, depth - 1, (alpha, beta), ply + 1, false);
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                if pos.contact_gain(m).is_none() {
                    let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let (from, to) = P::squares(m);
                    self.history[from * P::POINTS + to] += depth * depth;
                }
                break;
            }
        }
        best
    }

    /// The score of `pos` for its side to move, searched `depth` plies deep (for chance nodes
    /// a host scores itself, such as a 翻棋 flip's possible pieces); 0 when nobody is to move.
    /// The killers and history carry over from one call to the next.
    pub fn value(&mut self, pos: &P, depth: u32) -> i32 {
        self.root = pos.team_to_move();
        let Some(root) = self.root else { return 0 };
        if let Some(s) = pos.outcome_for(root, 1) {
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
pub fn search<P: Searchable>(
    pos: &P,
    max_depth: u32,
    exact: bool,
    stop: &mut dyn Stop,
) -> SearchResult<P::Move> {
    search_with(pos, max_depth, exact, Style::default(), stop)
}

/// [`search`] with the evaluation in `style`.
pub fn search_with<P: Searchable>(
    pos: &P,
    max_depth: u32,
    exact: bool,
    style: Style,
    stop: &mut dyn Stop,
) -> SearchResult<P::Move> {
    let mut searcher = Searcher::with_style(stop, style);
    searcher.root = pos.team_to_move();
    let mut root = pos.search_moves();
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
            child.play_move(m);
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
