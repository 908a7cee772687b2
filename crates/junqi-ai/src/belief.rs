//! 暗棋: a belief over the identity of every enemy piece, built only from public information —
//! the setup rules, piece counts, how each piece moved, the result of every contact, and public
//! reveals — and sampled into whole worlds for search (determinization, also called Perfect
//! Information Monte Carlo: Ginsberg 2001, "GIB"; Long et al. 2010, "Understanding the Success
//! of Perfect Information Monte Carlo Sampling in Game Tree Search").

pub use junqi_core::deduce::{role_bit as bit, RoleMask, ALL_ROLES};
use junqi_core::deduce::{Army, Problem};
use junqi_core::{
    contact, Action, ActionResult, Bitboard, Clash, Color, Deployment, Mode, Piece, Point,
    PublicEvent, Role, Rules, Slot, SplitMix64, Topology,
};

pub(crate) fn movable_mask() -> RoleMask {
    ALL_ROLES & !bit(Role::Landmine) & !bit(Role::Flag)
}

/// What one side has inferred about the other's pieces.
#[derive(Clone, Debug)]
pub struct Belief {
    pub me: Color,
    /// Each enemy piece on the board: where it stands and which roles it may have.
    pub alive: Vec<(Point, RoleMask)>,
    /// Enemy pieces removed, with what they may have been (they still use up the counts).
    pub dead: Vec<RoleMask>,
}

#[derive(Copy, Clone, Debug)]
enum Tracked {
    Own(Role),
    Enemy(usize),
}

/// The setup rules (RULES.md §3, with the game's setup switches) as a mask for the piece that
/// started on `slot`, as the core states them ([`Deployment::allowed_slots_with`]). The same
/// for any seat's area on any board: slots are read as their owner sees them.
pub(crate) fn setup_mask(slot: Slot, rules: &Rules) -> RoleMask {
    Role::ALL
        .into_iter()
        .filter(|&r| Deployment::allowed_slots_with(r, rules).contains(&slot))
        .fold(0, |m, r| m | bit(r))
}

/// Could a piece that is not an engineer have gone from `from` to `to` (a step, or a railway
/// run as the core decides it: [`Topology::runs`])? Under `rail_three_steps` a run of more than
/// three points, and under `rail_one_turn` a run with more than one turn, is an engineer's.
fn plain_move(from: Point, to: Point, occupied: Bitboard, rules: &Rules) -> bool {
    let topo = Topology::standard();
    topo.road_adjacent[from.index()].contains(to)
        || topo
            .runs(from, !occupied, Bitboard::single(to), rules)
            .contains(to)
}

fn matches(result: ActionResult, c: Clash, defender: Role) -> bool {
    match result {
        ActionResult::Win => c == Clash::Win,
        ActionResult::Lose => c == Clash::Lose || c == Clash::Scout,
        ActionResult::Scout => c == Clash::Scout,
        ActionResult::Both => c == Clash::Both,
        ActionResult::Capture => defender == Role::Flag && (c == Clash::Win || c == Clash::Both),
        ActionResult::Bounce => c == Clash::Bounce,
        ActionResult::Move | ActionResult::Flip => false,
    }
}

impl Belief {
    /// Replays the public history from both formations' starting points.
    pub fn from_history(
        me: Color,
        own: &Deployment,
        history: &[PublicEvent],
        rules: &Rules,
    ) -> Belief {
        let mut cells: [Option<Tracked>; 60] = [None; 60];
        for (p, piece) in own.placed(me) {
            cells[p.index()] = Some(Tracked::Own(piece.role));
        }
        let mut masks: Vec<RoleMask> = Vec::new();
        for slot in Slot::all().filter(|s| s.is_setup_point()) {
            cells[slot.point(!me).index()] = Some(Tracked::Enemy(masks.len()));
            masks.push(setup_mask(slot, rules));
        }
        let mut dead_ids: Vec<usize> = Vec::new();
        for ev in history {
            let Action::Move { from, to } = ev.action else {
                continue;
            };
            let mover = cells[from.index()];
            let target = cells[to.index()];
            if let Some(Tracked::Enemy(id)) = mover {
                masks[id] &= movable_mask();
                let occupied: Bitboard = Point::all()
                    .filter(|q| cells[q.index()].is_some())
                    .collect();
                if !plain_move(from, to, occupied, rules) {
                    let mut m = bit(Role::Engineer);
                    if rules.flying_bomb {
                        m |= bit(Role::Bomb);
                    }
                    masks[id] &= m;
                }
            }
            // What the contact says about the enemy piece in it.
            let constrain = |mask: RoleMask, f: &dyn Fn(Role) -> bool| -> RoleMask {
                let narrowed = Role::ALL
                    .iter()
                    .filter(|&&r| mask & bit(r) != 0 && f(r))
                    .fold(0, |m, &r| m | bit(r));
                if narrowed == 0 {
                    mask
                } else {
                    narrowed
                }
            };
            match (mover, target) {
                (Some(Tracked::Own(a)), Some(Tracked::Enemy(id))) => {
                    masks[id] = constrain(masks[id], &|d| {
                        matches(ev.result, contact(a, d, Mode::Dark, rules), d)
                    });
                }
                (Some(Tracked::Enemy(id)), Some(Tracked::Own(d))) => {
                    masks[id] = constrain(masks[id], &|a| {
                        matches(ev.result, contact(a, d, Mode::Dark, rules), d)
                    });
                }
                _ => {}
            }
            // Removals and the move itself.
            let removed_from = ev.removed.contains(&from);
            let removed_to = ev.removed.contains(&to);
            if removed_to {
                if let Some(Tracked::Enemy(id)) = target {
                    dead_ids.push(id);
                }
                cells[to.index()] = None;
            }
            if removed_from {
                if let Some(Tracked::Enemy(id)) = mover {
                    dead_ids.push(id);
                }
                cells[from.index()] = None;
            } else if cells[to.index()].is_none() || ev.result == ActionResult::Move {
                cells[to.index()] = cells[from.index()].take();
            }
            for (p, piece) in &ev.revealed {
                if piece.color != me {
                    if let Some(Tracked::Enemy(id)) = cells[p.index()] {
                        masks[id] = bit(piece.role);
                    }
                }
            }
        }
        // What the counts prove beyond each piece's own record (the core's exact deduction);
        // a record that contradicts itself (a position set up by hand) keeps the sets as read.
        if let Ok(d) = (Problem {
            armies: vec![Army::standard(masks.clone())],
            links: Vec::new(),
        })
        .deduce()
        {
            masks = d.possible.into_iter().next().unwrap_or(masks);
        }
        let alive = Point::all()
            .filter_map(|p| match cells[p.index()] {
                Some(Tracked::Enemy(id)) => Some((p, masks[id])),
                _ => None,
            })
            .collect();
        let dead = dead_ids.iter().map(|&id| masks[id]).collect();
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
