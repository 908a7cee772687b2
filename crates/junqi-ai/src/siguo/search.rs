//! Team search for the cross board: alpha-beta over the seat order with two sides, the root's
//! team maximising its score and every other seat minimising it. At 四国 the order S, E, N, W
//! makes partners alternate with enemies, so every other ply changes side — but a seat that is
//! out is skipped, and then one team may move twice in a row: the window flips only when the
//! side to move changes. This is the "paranoid" reduction of max-n to two players (Sturtevant
//! & Korf 2000): exact at 四国, a two-team zero-sum game, and the usual safe approximation at
//! the tables where each plays for himself (四方混战, 三国), where every other seat is treated
//! as one enemy.
//!
//! Iterative deepening, a capture quiescence search, killer and history move ordering; the
//! search reads no clock, only a [`Stop`].

use super::eval::{evaluate_with, piece_value, Style, WIN};
use crate::choice::deepen;
use crate::search::Stop;
use junqi_core::seat::Team;
use junqi_core::siguo::{Move, Position, SiguoOutcome, POINTS};
use junqi_core::{contact, Clash, Role};

const INF: i32 = 2 * WIN;
const MAX_PLY: usize = 64;
const QUIESCENCE_DEPTH: u32 = 3;

/// The team of the seat to move.
fn team_to_move(pos: &Position) -> Team {
    pos.seating().team(pos.turn())
}

/// Which side a score is for: the root's team (`true`) or all the others together.
type Side = bool;

/// The score of a finished game for `team`.
fn outcome_score(o: SiguoOutcome, team: Team, ply: usize) -> i32 {
    match o {
        SiguoOutcome::Win { team: w, .. } if w == team => WIN - ply as i32,
        SiguoOutcome::Win { .. } => -WIN + ply as i32,
        SiguoOutcome::Draw { .. } => 0,
    }
}

/// A search over one position whose every piece has a known role.
pub struct TeamSearcher<'s> {
    stop: &'s mut dyn Stop,
    pub nodes: u64,
    aborted: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<u32>,
    style: Style,
    /// The team the search plays for.
    root: Team,
}

impl<'s> TeamSearcher<'s> {
    pub fn new(stop: &'s mut dyn Stop) -> TeamSearcher<'s> {
        TeamSearcher::with_style(stop, Style::OPEN)
    }

    pub fn with_style(stop: &'s mut dyn Stop, style: Style) -> TeamSearcher<'s> {
        TeamSearcher {
            style,
            stop,
            nodes: 0,
            aborted: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; POINTS * POINTS],
            root: Team::new(0).expect("team 0 exists"),
        }
    }

    /// The side to move in `pos`.
    fn side(&self, pos: &Position) -> Side {
        team_to_move(pos) == self.root
    }

    /// The static score of `pos` for `side`: the root team's evaluation, or its negation.
    fn evaluate(&self, pos: &Position, side: Side) -> i32 {
        let s = evaluate_with(pos, self.root, self.style);
        if side {
            s
        } else {
            -s
        }
    }

    /// The score of a finished game for `side`.
    fn outcome(&self, o: SiguoOutcome, side: Side, ply: usize) -> i32 {
        let s = outcome_score(o, self.root, ply);
        if side {
            s
        } else {
            -s
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

    /// What a contact gains the attacker, when both roles are known.
    fn contact_gain(pos: &Position, m: Move) -> Option<i32> {
        let att = pos.at(m.from)?;
        let def = pos.at(m.to)?;
        let (Some(ar), Some(dr)) = (att.role, def.role) else {
            return Some(piece_value(def.role) / 2 - piece_value(att.role) / 2);
        };
        let c = contact(ar, dr, pos.contact_mode(), &pos.rules().rules);
        Some(match c {
            Clash::Win | Clash::Both if dr == Role::Flag => WIN,
            Clash::Win => piece_value(Some(dr)),
            Clash::Both => piece_value(Some(dr)) - piece_value(Some(ar)),
            Clash::Lose | Clash::Scout => -piece_value(Some(ar)),
            // Nothing removed: the attacker only learns what stands there.
            Clash::Bounce => 0,
        })
    }

    fn order_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        if let Some(g) = Self::contact_gain(pos, m) {
            return 1_000_000 + g.min(100_000);
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if k[0] == Some(m) {
            return 800_000;
        }
        if k[1] == Some(m) {
            return 799_999;
        }
        self.history[m.from.index() * POINTS + m.to.index()] as i32
    }

    fn order(&self, pos: &Position, moves: &mut [Move], ply: usize) {
        let mut keyed: Vec<(i32, Move)> = moves
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
        child: &Position,
        side: Side,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
        quiet: bool,
    ) -> i32 {
        if let Some(o) = child.outcome() {
            self.nodes += 1;
            return self.outcome(o, side, ply);
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

    /// Contacts only, until quiet; scores for the team to move.
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
        let side = self.side(pos);
        let stand = self.evaluate(pos, side);
        if stand >= beta || depth == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut contacts: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| pos.at(m.to).is_some())
            .filter(|&m| Self::contact_gain(pos, m).is_some_and(|g| g > -50))
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

    /// Alpha-beta to `depth`, then quiescence; scores for the team to move.
    pub fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_DEPTH);
        }
        if self.tick() {
            return 0;
        }
        let side = self.side(pos);
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return self.evaluate(pos, side);
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
                if pos.at(m.to).is_none() {
                    let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    self.history[m.from.index() * POINTS + m.to.index()] += depth * depth;
                }
                break;
            }
        }
        best
    }
}

/// The root moves of one search with their scores for the team to move.
#[derive(Clone, Debug)]
pub struct TeamResult {
    pub scored: Vec<(Move, i32)>,
    pub depth: u32,
    pub nodes: u64,
}

/// Iterative deepening from depth 1 to `max_depth` (plies, one seat's move each) until `stop`
/// says so. With `exact`, every root move is searched with a full window, so root scores are
/// comparable across sampled worlds.
pub fn team_search(pos: &Position, max_depth: u32, exact: bool, stop: &mut dyn Stop) -> TeamResult {
    team_search_with(pos, max_depth, exact, Style::OPEN, stop)
}

/// [`team_search`] with the evaluation in `style`.
pub fn team_search_with(
    pos: &Position,
    max_depth: u32,
    exact: bool,
    style: Style,
    stop: &mut dyn Stop,
) -> TeamResult {
    let mut searcher = TeamSearcher::with_style(stop, style);
    searcher.root = team_to_move(pos);
    let mut root = pos.legal_moves();
    let mut result = TeamResult {
        scored: root.iter().map(|&m| (m, 0)).collect(),
        depth: 0,
        nodes: 0,
    };
    if root.is_empty() || pos.is_over() {
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
        |scored| scored.iter().any(|(_, s)| s.abs() > WIN / 2 && *s > 0),
    );
    result.scored = scored;
    result.depth = depth;
    result.nodes = searcher.nodes;
    result
}
