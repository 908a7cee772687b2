//! # junqi-ai
//!
//! A computer opponent for Junqi that sees only its player's [`PlayerView`] — never the
//! referee's position. 明棋 is searched directly; 暗棋 through a [`belief::Belief`] sampled into
//! worlds (as 四暗 and 双明 are, [`siguo`]); 翻棋 flips are chance events over the known pool of face-down pieces.
//!
//! Every choice is a pure function of the view, the level and a seed: the same view and seed
//! give the same action on every machine.

pub mod behaviour;
pub mod belief;
pub mod choice;
pub mod coach;
pub mod deploy;
pub mod eval;
pub mod level;
pub mod search;
pub mod siguo;

use belief::Belief;
use junqi_core::deduce::Table;
use junqi_core::{
    Action, ActionResult, Deployment, Mode, Occupant, Piece, PlayerView, Point, Role, Seat,
    SplitMix64,
};
pub use level::{level, Budgets, Level, DEFAULT_LEVEL, LEVELS};
use search::worlds::hidden_scores;
use search::{search, Either, NodeBudget, Searcher, Stop};

/// Everything the computer player needs besides the view.
pub struct Context<'a> {
    /// Its own formation (明棋/暗棋), to replay the public history against.
    pub own: Option<&'a Deployment>,
    pub seed: u64,
}

/// A seed for one move: the game's seed mixed with the ply, so a replay chooses the same.
fn move_seed(seed: u64, view: &PlayerView) -> u64 {
    let mut r = SplitMix64::new(seed ^ (view.ply as u64).wrapping_mul(0x9E37_79B9));
    r.next_u64()
}

/// The computer's action for the side to move in `view`, or `None` if it has none.
///
/// `stop` lets the host end thinking early (time, cancellation); the level's node budget
/// applies in any case.
pub fn choose(
    view: &PlayerView,
    level: &Level,
    ctx: &Context,
    stop: &mut dyn Stop,
) -> Option<Action> {
    let completed;
    let view = if view.mode == Mode::Flip {
        completed = with_flip_pool(view);
        &completed
    } else {
        view
    };
    let legal = view.legal_actions();
    if legal.is_empty() {
        return None;
    }
    if legal.len() == 1 {
        return Some(legal[0]);
    }
    let mut rng = SplitMix64::new(move_seed(ctx.seed, view));
    let budgets = &level.facing;
    let mut budget = NodeBudget(if view.mode == Mode::Dark {
        budgets.hidden_nodes
    } else {
        budgets.nodes
    });
    let mut stop = Either(&mut budget, stop);
    let scored = match view.mode {
        Mode::Open => open_scores(view, budgets, &mut stop),
        Mode::Dark => dark_scores(view, budgets, ctx, &mut rng, &mut stop),
        Mode::Flip => flip_scores(view, budgets, &mut stop),
    };
    let noise = if view.mode == Mode::Dark {
        budgets.hidden_noise
    } else {
        budgets.noise
    };
    choice::pick(scored, &legal, &mut rng, level.wander, noise)
}

/// The best action for the side to move, for the hint button (uses the default level).
pub fn hint(view: &PlayerView, ctx: &Context) -> Option<Action> {
    choose(
        view,
        &level::best_of_default(),
        ctx,
        &mut NodeBudget(u64::MAX),
    )
}

fn open_scores(view: &PlayerView, budgets: &Budgets, stop: &mut dyn Stop) -> Vec<(Action, i32)> {
    let pos = view.to_position().into_engine();
    search(&pos, budgets.max_depth, budgets.noise > 0, stop).scored
}

fn clamp(s: i32) -> i32 {
    s.clamp(-30_000, 30_000)
}

fn dark_scores(
    view: &PlayerView,
    budgets: &Budgets,
    ctx: &Context,
    rng: &mut SplitMix64,
    stop: &mut dyn Stop,
) -> Vec<(Action, i32)> {
    let Some(me) = view.me else { return Vec::new() };
    // With the seat's own formation, the public record read as the core reads it; without
    // (a position set up by hand), what the view alone allows.
    let pos = view.to_position().into_engine();
    let belief = ctx
        .own
        .and_then(|own| Table::read_own(&pos, &view.history, me, own))
        .map(Belief::of);
    hidden_scores(&pos, me, belief.as_ref(), budgets, rng, stop)
}

/// The face-down pool: all 50 pieces less every piece ever turned face up.
fn flip_pool(view: &PlayerView) -> Vec<(Piece, u32)> {
    let mut counts = [[0u32; 12]; 2];
    for c in Seat::RED_BLACK {
        for r in Role::ALL {
            counts[c.index()][r as usize] = r.count() as u32;
        }
    }
    let mut take = |p: Piece| {
        let n = &mut counts[p.color.index()][p.role as usize];
        *n = n.saturating_sub(1);
    };
    let flipped: Vec<Piece> = view
        .history
        .iter()
        .filter(|e| e.result == ActionResult::Flip)
        .flat_map(|e| e.revealed.iter().map(|(_, p)| *p))
        .collect();
    if flipped.is_empty() {
        for p in Point::all() {
            if let Some(piece) = view.cells[p.index()].and_then(Occupant::piece) {
                take(piece);
            }
        }
    } else {
        flipped.into_iter().for_each(&mut take);
    }
    let mut pool = Vec::new();
    for c in Seat::RED_BLACK {
        for r in Role::ALL {
            let n = counts[c.index()][r as usize];
            if n > 0 {
                pool.push((Piece::new(c, r), n));
            }
        }
    }
    pool
}

/// 翻棋: fills in what counting the public flips tells (landmines still face down), which the
/// legality of taking a flag depends on.
pub fn with_flip_pool(view: &PlayerView) -> PlayerView {
    let mut v = view.clone();
    if v.mode == Mode::Flip && !v.history.is_empty() {
        let pool = flip_pool(view);
        for c in Seat::RED_BLACK {
            v.hidden_mines[c] = pool
                .iter()
                .filter(|(p, _)| p.color == c && p.role == Role::Landmine)
                .map(|(_, n)| *n as u8)
                .sum();
        }
    }
    v
}

fn flip_scores(view: &PlayerView, budgets: &Budgets, stop: &mut dyn Stop) -> Vec<(Action, i32)> {
    let pos = view.to_position().into_engine();
    let mut scored = if pos.mover().is_some() {
        search(
            &pos,
            budgets.max_depth.min(4),
            budgets.noise > 0,
            &mut *stop,
        )
        .scored
    } else {
        Vec::new()
    };
    let pool = flip_pool(view);
    let total: u32 = pool.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return scored;
    }
    let flips: Vec<Point> = pos.face_down().iter().collect();
    let depth = if budgets.max_depth >= 3 && flips.len() <= 24 {
        1
    } else {
        0
    };
    let mut searcher = Searcher::new(stop);
    for p in flips {
        let mut expect: i64 = 0;
        for &(piece, n) in &pool {
            let mut child = pos.clone();
            child.flip_as(
                p,
                junqi_core::siguo::Occupant {
                    seat: piece.color,
                    role: Some(piece.role),
                },
            );
            // The flipper's colour after the flip is the one not to move next.
            let flipper = child.mover().map(|t| t.other_side());
            let s = -searcher.value(&child, depth);
            let s = match (pos.mover(), flipper) {
                (Some(us), Some(f)) if us != f => -s,
                _ => s,
            };
            expect += clamp(s) as i64 * n as i64;
        }
        scored.push((
            Action::Flip(p),
            (expect / total as i64) as i32 + flip_position_bonus(p),
        ));
    }
    scored
}

/// Slight preference for flips near the middle of the board, where pieces get into play.
fn flip_position_bonus(p: Point) -> i32 {
    let centre_row = (p.row() as i32 * 2 - 13).abs();
    -centre_row
}

/// `greedy`: the best immediate contact whose outcome it can judge, else a random action.
pub fn greedy(view: &PlayerView, seed: u64) -> Option<Action> {
    let legal = view.legal_actions();
    let mut rng = SplitMix64::new(move_seed(seed, view));
    let gain = |a: Action| {
        let Action::Move { from, to } = a else {
            return None;
        };
        let (att, def) = (view.cells[from.index()]?, view.cells[to.index()]?);
        let ar = att.role?;
        Some(choice::contact_gain(ar, def.role, view.mode, &view.rules))
    };
    choice::greedy_pick(&legal, gain, &mut rng)
}

/// `random`: a uniformly random legal action.
pub fn random(view: &PlayerView, seed: u64) -> Option<Action> {
    let legal = view.legal_actions();
    let mut rng = SplitMix64::new(move_seed(seed, view));
    choice::random_pick(&legal, &mut rng)
}

/// A static score of the view for the side to move (for a UI's advantage bar).
pub fn static_score(view: &PlayerView) -> i32 {
    eval::evaluate_facing(&view.to_position())
}
