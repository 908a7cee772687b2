//! 暗棋: a belief over the identity of every enemy piece, built only from public information —
//! the setup rules, piece counts, how each piece moved, the result of every contact, and public
//! reveals — and sampled into whole worlds for search (determinization, also called Perfect
//! Information Monte Carlo: Ginsberg 2001, "GIB"; Long et al. 2010, "Understanding the Success
//! of Perfect Information Monte Carlo Sampling in Game Tree Search").

use crate::behaviour;
pub use junqi_core::deduce::{movable as movable_mask, role_bit as bit, setup_mask};
use junqi_core::deduce::{Army, Hidden, PieceRef, Problem};
pub use junqi_core::deduce::{RoleMask, ALL_ROLES};
use junqi_core::{Deployment, Piece, Point, PublicEvent, Role, Rules, Seat, SplitMix64};

/// What one side has inferred about the other's pieces.
#[derive(Clone, Debug)]
pub struct Belief {
    pub me: Seat,
    /// Each enemy piece on the board: where it stands and which roles it may have.
    pub alive: Vec<(Point, RoleMask)>,
    /// Enemy pieces removed, with what they may have been (they still use up the counts).
    pub dead: Vec<RoleMask>,
    /// The behaviour bucket ([`crate::behaviour::bucket`]) of each piece of `alive`, then of
    /// each of `dead`; empty when nothing was seen.
    pub buckets: Vec<usize>,
}

impl Belief {
    /// What the public history proves, from both formations' starting points (the core's
    /// exact deduction: [`Hidden`]).
    pub fn from_history(
        me: Seat,
        own: &Deployment,
        history: &[PublicEvent],
        rules: &Rules,
    ) -> Belief {
        let hidden = Hidden::two_player(me, own, history, rules);
        let masks = hidden.possible();
        let mut standing: Vec<(Point, usize)> = hidden
            .at
            .iter()
            .enumerate()
            .filter_map(|(id, p)| p.map(|p| (p, id)))
            .collect();
        standing.sort_by_key(|(p, _)| p.index());
        let alive = standing.iter().map(|&(p, id)| (p, masks[id])).collect();
        let dead = hidden.lost.iter().map(|&id| masks[id]).collect();
        let buckets = standing
            .iter()
            .map(|&(_, id)| id)
            .chain(hidden.lost.iter().copied())
            .map(|id| behaviour::bucket(hidden.moves[id], hidden.attacks[id]))
            .collect();
        Belief {
            me,
            alive,
            dead,
            buckets,
        }
    }

    /// One world consistent with the belief: a role for every enemy piece on the board, drawn
    /// by the core among the assignments that agree with every set and the counts.
    pub fn sample(&self, rng: &mut SplitMix64) -> Vec<(Point, Role)> {
        let masks: Vec<RoleMask> = self
            .alive
            .iter()
            .map(|(_, m)| *m)
            .chain(self.dead.iter().copied())
            .collect();
        let problem = Problem {
            armies: vec![Army::standard(masks)],
            links: Vec::new(),
        };
        // Each role weighted by how likely what the piece was seen to do is for it.
        let weight = |at: PieceRef, r: Role| {
            self.buckets
                .get(at.piece)
                .map_or(1, |&b| behaviour::weight(&behaviour::FACING, b, r))
        };
        let roles = problem
            .sample_weighted(rng, &weight)
            .and_then(|armies| armies.into_iter().next());
        self.alive
            .iter()
            .enumerate()
            .map(|(i, &(p, m))| {
                let fallback = || {
                    // No assignment agrees (a position set up by hand): the first role of each set.
                    Role::ALL
                        .into_iter()
                        .find(|&r| m & bit(r) != 0)
                        .unwrap_or(Role::Lieutenant)
                };
                (
                    p,
                    roles
                        .as_ref()
                        .and_then(|r| r.get(i).copied())
                        .unwrap_or_else(fallback),
                )
            })
            .collect()
    }

    /// The roles an enemy piece on `p` may have.
    pub fn mask_at(&self, p: Point) -> Option<RoleMask> {
        self.alive.iter().find(|(q, _)| *q == p).map(|(_, m)| *m)
    }

    /// The pieces of the sampled world, as pieces of the enemy colour.
    pub fn pieces(&self, world: &[(Point, Role)]) -> Vec<(Point, Piece)> {
        world
            .iter()
            .map(|&(p, r)| (p, Piece::new(self.me.other_side(), r)))
            .collect()
    }
}
