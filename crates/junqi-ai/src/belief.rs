//! 暗棋: a belief over the identity of every enemy piece, built only from public information —
//! the setup rules, piece counts, how each piece moved, the result of every contact, and public
//! reveals — and sampled into whole worlds for search (determinization, also called Perfect
//! Information Monte Carlo: Ginsberg 2001, "GIB"; Long et al. 2010, "Understanding the Success
//! of Perfect Information Monte Carlo Sampling in Game Tree Search").

pub use junqi_core::deduce::{movable as movable_mask, role_bit as bit, setup_mask};
use junqi_core::deduce::{Army, Hidden, Problem};
pub use junqi_core::deduce::{RoleMask, ALL_ROLES};
use junqi_core::{Color, Deployment, Piece, Point, PublicEvent, Role, Rules, SplitMix64};

/// What one side has inferred about the other's pieces.
#[derive(Clone, Debug)]
pub struct Belief {
    pub me: Color,
    /// Each enemy piece on the board: where it stands and which roles it may have.
    pub alive: Vec<(Point, RoleMask)>,
    /// Enemy pieces removed, with what they may have been (they still use up the counts).
    pub dead: Vec<RoleMask>,
}

impl Belief {
    /// What the public history proves, from both formations' starting points (the core's
    /// exact deduction: [`Hidden`]).
    pub fn from_history(
        me: Color,
        own: &Deployment,
        history: &[PublicEvent],
        rules: &Rules,
    ) -> Belief {
        let hidden = Hidden::two_player(me, own, history, rules);
        let masks = hidden.possible();
        let mut alive: Vec<(Point, RoleMask)> = hidden
            .at
            .iter()
            .zip(&masks)
            .filter_map(|(p, &m)| p.map(|p| (p, m)))
            .collect();
        alive.sort_by_key(|(p, _)| p.index());
        let dead = hidden.lost.iter().map(|&id| masks[id]).collect();
        Belief { me, alive, dead }
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
        let roles = problem
            .sample(rng)
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
            .map(|&(p, r)| (p, Piece::new(!self.me, r)))
            .collect()
    }
}
