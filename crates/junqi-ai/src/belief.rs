//! 暗棋: a belief over the identity of every enemy piece, built only from public information —
//! the setup rules, piece counts, how each piece moved, the result of every contact, and public
//! reveals — and sampled into whole worlds for search (determinization, also called Perfect
//! Information Monte Carlo: Ginsberg 2001, "GIB"; Long et al. 2010, "Understanding the Success
//! of Perfect Information Monte Carlo Sampling in Game Tree Search").

use junqi_core::{
    contact, Action, ActionResult, Bitboard, Clash, Color, Deployment, Mode, Piece, Point,
    PublicEvent, Role, Rules, Slot, SplitMix64, Topology,
};

/// A set of roles, one bit per [`Role`].
pub type RoleMask = u16;

pub const ALL_ROLES: RoleMask = (1 << 12) - 1;

pub fn bit(r: Role) -> RoleMask {
    1 << r as u16
}

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
        propagate(&mut masks);
        let alive = Point::all()
            .filter_map(|p| match cells[p.index()] {
                Some(Tracked::Enemy(id)) => Some((p, masks[id])),
                _ => None,
            })
            .collect();
        let dead = dead_ids.iter().map(|&id| masks[id]).collect();
        Belief { me, alive, dead }
    }

    /// One world consistent with the belief: a role for every enemy piece on the board.
    pub fn sample(&self, rng: &mut SplitMix64) -> Vec<(Point, Role)> {
        let n_alive = self.alive.len();
        let masks: Vec<RoleMask> = self
            .alive
            .iter()
            .map(|(_, m)| *m)
            .chain(self.dead.iter().copied())
            .collect();
        for attempt in 0..40 {
            let mut counts: [u8; 12] = [0; 12];
            for r in Role::ALL {
                counts[r as usize] = r.count();
            }
            let mut order: Vec<usize> = (0..masks.len()).collect();
            rng.shuffle(&mut order);
            order.sort_by_key(|&i| masks[i].count_ones());
            let mut roles = vec![None; masks.len()];
            let mut ok = true;
            for &i in &order {
                let mask = if attempt < 30 { masks[i] } else { ALL_ROLES };
                let total: u64 = Role::ALL
                    .iter()
                    .filter(|&&r| mask & bit(r) != 0)
                    .map(|&r| counts[r as usize] as u64)
                    .sum();
                if total == 0 {
                    ok = false;
                    break;
                }
                let mut pick = rng.below(total);
                for r in Role::ALL {
                    if mask & bit(r) == 0 {
                        continue;
                    }
                    let c = counts[r as usize] as u64;
                    if pick < c {
                        roles[i] = Some(r);
                        counts[r as usize] -= 1;
                        break;
                    }
                    pick -= c;
                }
            }
            if ok {
                return (0..n_alive)
                    .map(|i| (self.alive[i].0, roles[i].unwrap_or(Role::Lieutenant)))
                    .collect();
            }
        }
        // Counts could not be met (should not happen): fall back to the first role of each mask.
        self.alive
            .iter()
            .map(|&(p, m)| {
                (
                    p,
                    Role::ALL
                        .into_iter()
                        .find(|&r| m & bit(r) != 0)
                        .unwrap_or(Role::Lieutenant),
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

/// A role whose every copy is pinned to pieces that can only be it is removed from the others.
fn propagate(masks: &mut [RoleMask]) {
    for _ in 0..12 {
        let mut changed = false;
        for r in Role::ALL {
            let b = bit(r);
            let pinned = masks.iter().filter(|&&m| m == b).count();
            if pinned >= r.count() as usize {
                for m in masks.iter_mut() {
                    if *m != b && *m & b != 0 && *m & !b != 0 {
                        *m &= !b;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
}
