//! A 2-player record read as a deduction problem: the enemy's 25 pieces followed from their
//! setup points through every public event, each with the roles its own record allows — the
//! setup rules for its slot (RULES.md §3 with the game's switches), movable roles once it has
//! moved, an engineer (or a flying bomb) once it made a run no other piece could, what each
//! contact with one of the seat's own pieces allows, and public reveals.

use super::notebook::{Clue, Followed, Notebook};
use super::{role_bit, roles_in, Army, Contact, Deduction, PieceRef, Problem, RoleMask, ALL_ROLES};
use crate::{
    contact, Action, ActionResult, Bitboard, Clash, Deployment, Mode, Point, PublicEvent, Role,
    Rules, Seat, Slot, Topology,
};

/// Every role but the landmine and the flag: what a piece that moved may be.
pub fn movable() -> RoleMask {
    ALL_ROLES & !role_bit(Role::Landmine) & !role_bit(Role::Flag)
}

/// The setup rules (RULES.md §3, with the game's setup switches) as a mask for the piece that
/// started on `slot`, as the core states them ([`Deployment::allowed_slots_with`]). The same
/// for any seat's area on any board: slots are read as their owner sees them.
pub fn setup_mask(slot: Slot, rules: &Rules) -> RoleMask {
    Role::ALL
        .into_iter()
        .filter(|&r| Deployment::allowed_slots_with(r, rules).contains(&slot))
        .fold(0, |m, r| m | role_bit(r))
}

/// Could a piece that is not an engineer have gone from `from` to `to` (a step, or a railway
/// run as the core decides it: [`Topology::runs`])? Under `rail_three_steps` a run of more than
/// three points, and under `rail_one_turn` a run with more than one turn, is an engineer's.
fn plain_move(from: Point, to: Point, occupied: Bitboard, rules: &Rules) -> bool {
    let topo = Topology::standard();
    topo.step[from.index()].contains(to)
        || topo
            .runs(from, !occupied, Bitboard::single(to), rules)
            .contains(to)
}

/// Does the public result of a contact agree with what `contact` gives for these roles?
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

/// What everyone is told of a contact, in the words both boards share.
fn told(result: ActionResult) -> Option<Contact> {
    match result {
        ActionResult::Win | ActionResult::Capture => Some(Contact::AttackerWins),
        ActionResult::Lose | ActionResult::Scout => Some(Contact::DefenderWins),
        ActionResult::Both => Some(Contact::BothRemoved),
        ActionResult::Bounce => Some(Contact::Bounced),
        ActionResult::Move | ActionResult::Flip => None,
    }
}

/// The roles of `among` for which `f` holds.
fn only(among: RoleMask, f: impl Fn(Role) -> bool) -> RoleMask {
    roles_in(among)
        .filter(|&r| f(r))
        .fold(0, |m, r| m | role_bit(r))
}

#[derive(Copy, Clone, Debug)]
enum Tracked {
    Own(Role),
    Enemy(usize),
}

/// The enemy army as one seat of a 2-player 暗棋 game can know it.
#[derive(Clone, Debug)]
pub struct Hidden {
    /// One army: the enemy's pieces in setup order, with what each one's own record allows.
    pub problem: Problem,
    /// Where each of those pieces stands now; `None` once lost.
    pub at: Vec<Option<Point>>,
    /// The lost pieces, in the order they were lost.
    pub lost: Vec<usize>,
    /// How often each piece moved, and how many of those moves attacked one of the seat's
    /// pieces: public behaviour, for players that weigh it.
    pub moves: Vec<u16>,
    pub attacks: Vec<u16>,
    /// Each piece's setup roles and clues, for the notebook ([`Hidden::notebook`]).
    setup: Vec<RoleMask>,
    clues: Vec<Vec<Clue>>,
}

impl Hidden {
    /// Replays the public history from both formations' starting points (`own`: the seat's
    /// own formation).
    pub fn two_player(
        me: Seat,
        own: &Deployment,
        history: &[PublicEvent],
        rules: &Rules,
    ) -> Hidden {
        let mut cells: [Option<Tracked>; 60] = [None; 60];
        for (p, piece) in own.placed(me) {
            cells[p.index()] = Some(Tracked::Own(piece.role));
        }
        let mut masks: Vec<RoleMask> = Vec::new();
        for slot in Slot::setup() {
            cells[slot.point(me.other_side()).index()] = Some(Tracked::Enemy(masks.len()));
            masks.push(setup_mask(slot, rules));
        }
        let mut lost: Vec<usize> = Vec::new();
        let mut moves = vec![0u16; masks.len()];
        let mut attacks = vec![0u16; masks.len()];
        let setup = masks.clone();
        let mut clues: Vec<Vec<Clue>> = vec![Vec::new(); masks.len()];
        for ev in history {
            let Action::Move { from, to } = ev.action else {
                continue;
            };
            let mover = cells[from.index()];
            let target = cells[to.index()];
            if let Some(Tracked::Enemy(id)) = mover {
                if moves[id] == 0 {
                    clues[id].push(Clue::Moved { ply: ev.ply });
                }
                moves[id] = moves[id].saturating_add(1);
                if matches!(target, Some(Tracked::Own(_))) {
                    attacks[id] = attacks[id].saturating_add(1);
                }
                masks[id] &= movable();
                let occupied: Bitboard = Point::all()
                    .filter(|q| cells[q.index()].is_some())
                    .collect();
                if !plain_move(from, to, occupied, rules) {
                    let mut m = role_bit(Role::Engineer);
                    if rules.flying_bomb {
                        m |= role_bit(Role::Bomb);
                    }
                    masks[id] &= m;
                    if !clues[id].iter().any(|c| matches!(c, Clue::Ran { .. })) {
                        clues[id].push(Clue::Ran { ply: ev.ply });
                    }
                }
            }
            // What the contact says about the enemy piece in it; a set that would become empty
            // (a position set up by hand) is left as it was.
            let met = match (mover, target) {
                (Some(Tracked::Own(a)), Some(Tracked::Enemy(id))) => Some((
                    id,
                    false,
                    a,
                    only(ALL_ROLES, |d| {
                        matches(ev.result, contact(a, d, Mode::Dark, rules), d)
                    }),
                )),
                (Some(Tracked::Enemy(id)), Some(Tracked::Own(d))) => Some((
                    id,
                    true,
                    d,
                    only(movable(), |a| {
                        matches(ev.result, contact(a, d, Mode::Dark, rules), d)
                    }),
                )),
                _ => None,
            };
            if let (Some((id, attacked, other, roles)), Some(outcome)) = (met, told(ev.result)) {
                if masks[id] & roles != 0 {
                    masks[id] &= roles;
                }
                clues[id].push(Clue::Met {
                    ply: ev.ply,
                    attacked,
                    other: Some(other),
                    outcome,
                    roles,
                });
            }
            // Removals and the move itself.
            let removed_from = ev.removed.contains(&from);
            let removed_to = ev.removed.contains(&to);
            if removed_to {
                if let Some(Tracked::Enemy(id)) = target {
                    lost.push(id);
                }
                cells[to.index()] = None;
            }
            if removed_from {
                if let Some(Tracked::Enemy(id)) = mover {
                    lost.push(id);
                }
                cells[from.index()] = None;
            } else if cells[to.index()].is_none() || ev.result == ActionResult::Move {
                cells[to.index()] = cells[from.index()].take();
            }
            for (p, piece) in &ev.revealed {
                if piece.color != me {
                    if let Some(Tracked::Enemy(id)) = cells[p.index()] {
                        masks[id] = role_bit(piece.role);
                        clues[id].push(Clue::Shown {
                            ply: Some(ev.ply),
                            role: piece.role,
                        });
                    }
                }
            }
        }
        let mut at = vec![None; masks.len()];
        for p in Point::all() {
            if let Some(Tracked::Enemy(id)) = cells[p.index()] {
                at[id] = Some(p);
            }
        }
        Hidden {
            problem: Problem {
                armies: vec![Army::standard(masks)],
                links: Vec::new(),
            },
            at,
            lost,
            moves,
            attacks,
            setup,
            clues,
        }
    }

    /// The notebook of the enemy army: each piece's clues, the roles they allow, and the roles
    /// it can still have with the counts.
    pub fn notebook(&self) -> Notebook {
        let followed = self
            .setup
            .iter()
            .zip(&self.clues)
            .zip(&self.at)
            .enumerate()
            .map(|(piece, ((&setup, clues), at))| Followed {
                at: PieceRef { army: 0, piece },
                own: self.problem.armies[0].pieces[piece],
                setup,
                clues: clues.clone(),
                lost: at.is_none(),
            })
            .collect();
        Notebook::new(&self.problem, followed)
    }

    /// What the record proves: the roles each enemy piece can still have, exactly ([`Problem::deduce`]
    /// with the counts); a record that contradicts itself (a position set up by hand) keeps the
    /// sets as each piece's own record reads.
    pub fn possible(&self) -> Vec<RoleMask> {
        match self.problem.deduce() {
            Ok(Deduction { possible, .. }) => possible.into_iter().next().unwrap_or_default(),
            Err(_) => self.problem.armies[0].pieces.clone(),
        }
    }
}
