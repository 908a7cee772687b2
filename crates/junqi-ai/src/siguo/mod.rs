//! Computer players for 四国军棋 (RULES-4P.md). Each plays one seat for its team and sees only
//! that seat's view ([`SeatView`]): its own pieces, its partner's in 双明, everyone's in 全明.
//!
//! - [`random`]: a uniformly random legal move.
//! - [`greedy`]: the best immediate contact it can judge (the core's `contact`), else random.
//! - [`choose`] at a [`Level`] (its cross-board budgets): the team search of [`search`] — the
//!   partners maximise one team score, the enemies minimise it, over the real seat order — on
//!   the view itself when every identity is known (全明), else on worlds drawn from the view and
//!   its record ([`belief`]) with the root scores averaged
//!   ([`crate::search::worlds::hidden_scores`]), the evaluation hunting the enemy flags.
//!
//! Every choice is a pure function of the view, the level and a seed.

use crate::belief::{self, Belief};
use crate::choice;
use crate::level::Level;
use crate::search::worlds::hidden_scores;
use crate::search::{contact_gain, search, Either, NodeBudget, Stop};
use junqi_core::seat::Seat;
use junqi_core::siguo::{InfoMode, Point, Position};
use junqi_core::SplitMix64;
use junqi_core::{Action, Deployment, PublicEvent};

/// What one seat may know of a 4-player game, and nothing else.
///
/// The only way to make one is [`SeatView::new`], which hides every identity the seat may not
/// know under the information mode, so a computer player given a `SeatView` cannot read a
/// hidden piece, whatever position it was made from.
#[derive(Clone, Debug)]
pub struct SeatView {
    pos: Position,
    seat: Seat,
    /// The game's public record so far, when the host keeps one.
    history: Vec<PublicEvent<Point>>,
    /// The seat's own formation, when the host gives it.
    own: Option<Deployment>,
}

impl SeatView {
    /// `seat`'s view of `pos` under `mode` (`pos` may be the referee's truth or a view already).
    pub fn new(pos: &Position, seat: Seat, mode: InfoMode) -> SeatView {
        SeatView {
            pos: pos.view(seat, mode),
            seat,
            history: Vec::new(),
            own: None,
        }
    }

    /// The same view with the game's public record from the start (moves, combat outcomes,
    /// seats that left: what the referee tells everyone), from which hidden pieces are
    /// inferred.
    pub fn with_history(mut self, history: &[PublicEvent<Point>]) -> SeatView {
        self.history = history.to_vec();
        self
    }

    /// The same view with the seat's own formation, which it knows from the start: its pieces
    /// lost since, and what they met, are known too.
    pub fn with_own(mut self, own: &Deployment) -> SeatView {
        self.own = Some(own.clone());
        self
    }

    /// The position as the seat sees it (unknown pieces have no role).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat's legal moves now (none unless it is to move).
    pub fn legal_actions(&self) -> Vec<Action<Point>> {
        if self.pos.turn() != self.seat {
            return Vec::new();
        }
        self.pos.legal_actions()
    }
}

/// A seed for one move: the game's seed mixed with the seat and the ply.
fn move_seed(seed: u64, view: &SeatView) -> u64 {
    let mix = (view.pos.ply() as u64) << 8 | view.seat.index() as u64;
    SplitMix64::new(seed ^ mix.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// `random`: a uniformly random legal move.
pub fn random(view: &SeatView, seed: u64) -> Option<Action<Point>> {
    let legal = view.legal_actions();
    let mut rng = SplitMix64::new(move_seed(seed, view));
    choice::random_pick(&legal, &mut rng)
}

/// `greedy`: the best immediate contact whose outcome it can judge, else a random move.
pub fn greedy(view: &SeatView, seed: u64) -> Option<Action<Point>> {
    let legal = view.legal_actions();
    let mut rng = SplitMix64::new(move_seed(seed, view));
    choice::greedy_pick(&legal, |m| contact_gain(&view.pos, m), &mut rng)
}

/// The computer's move for the seat of `view` at `level` (its cross-board budgets), or `None`
/// if it is not to move or has no move. `stop` lets the host end thinking early; the level's
/// node budget applies anyway.
pub fn choose(
    view: &SeatView,
    level: &Level,
    seed: u64,
    stop: &mut dyn Stop,
) -> Option<Action<Point>> {
    let legal = view.legal_actions();
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let budgets = &level.cross;
    let mut rng = SplitMix64::new(move_seed(seed, view));
    let (scored, noise) = if belief::view::has_hidden(&view.pos) {
        let belief = if view.history.is_empty() {
            None
        } else {
            Belief::infer(
                &view.pos,
                &view.history,
                view.own.as_ref().map(|own| (view.seat, own)),
            )
        };
        let scored = hidden_scores(
            &view.pos,
            view.seat,
            belief.as_ref(),
            budgets,
            &mut rng,
            stop,
        );
        (scored, budgets.hidden_noise)
    } else {
        let mut budget = NodeBudget(budgets.nodes);
        let mut both = Either(&mut budget, stop);
        let scored = search(&view.pos, budgets.max_depth, budgets.noise > 0, &mut both).scored;
        (scored, budgets.noise)
    };
    let scored = shuffle_cost(scored, &view.history);
    choice::pick(scored, &legal, &mut rng, level.wander, noise)
}

/// What a move that shuttles one piece back over the same step costs, per time the record shows
/// that step walked quietly (either way) in the last [`SHUFFLE_WINDOW`] events: a seat that
/// goes back and forth makes no progress while the others move on (seen: one piece moved
/// Sc2↔Sd3 ten times while an enemy walked in and took the flag). Searches see no repetition,
/// so the root pays for it.
const SHUFFLE_COST: i32 = 45;
const SHUFFLE_WINDOW: usize = 24;

fn shuffle_cost(
    mut scored: Vec<(Action<Point>, i32)>,
    history: &[PublicEvent<Point>],
) -> Vec<(Action<Point>, i32)> {
    let recent = &history[history.len().saturating_sub(SHUFFLE_WINDOW)..];
    // Only a move that undoes the last move onto its own start point is a shuttle.
    for (m, s) in scored.iter_mut() {
        if s.abs() >= crate::eval::WIN / 2 {
            continue;
        }
        let came = recent
            .iter()
            .rev()
            .filter_map(|e| e.action.map(|mv| (mv, e.contact())))
            .find(|(mv, _)| mv.to() == m.from());
        let back = matches!(came, Some((mv, None)) if mv.from() == m.to());
        if !back {
            continue;
        }
        *s -= SHUFFLE_COST * walks(recent, *m) as i32;
    }
    scored
}

/// How often `events` walk the step of `m` quietly, either way.
fn walks(events: &[PublicEvent<Point>], m: Action<Point>) -> usize {
    events
        .iter()
        .filter(|e| {
            e.contact().is_none()
                && e.action.is_some_and(|v| {
                    (v.from() == m.from() && v.to() == m.to())
                        || (v.from() == m.to() && v.to() == m.from())
                })
        })
        .count()
}

#[cfg(test)]
mod tests;
