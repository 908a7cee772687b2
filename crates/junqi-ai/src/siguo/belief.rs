//! 四暗 and 双明 with the game's public record: what every hidden piece may be, inferred from
//! what the referee tells everyone (RULES-4P.md §6.3) — each move, each combat's outcome
//! (attacker wins, defender wins, both removed) and each seat that left — and from the setup
//! rules, the same ideas as 2-player 暗棋's belief (`crate::belief`), generalised to four armies
//! and to combats between two hidden pieces.
//!
//! Every piece of the game is followed from its setup point. Each has a set of roles it may
//! have: the setup rules' for its slot (flag in a headquarters, landmines on the last two rows,
//! no bomb on the first), movable roles once it has moved, and what each of its combats allows
//! given the other piece's set. Worlds are then drawn seat by seat, the most constrained pieces
//! first, from each seat's 25 roles; the lost pieces use up roles too.

use super::worlds;
use junqi_core::seat::Seat;
use junqi_core::siguo::{Move, Occupant, Point, PointSet, Position, SiguoReport, POINTS};
use junqi_core::{contact, Clash, Mode, Role, Rules, Slot, SplitMix64};

/// What everyone is told about a combat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    AttackerWins,
    DefenderWins,
    BothRemoved,
    /// `mines_bounce`: the attacker went back where it came from, both pieces stay.
    Bounced,
}

impl Contact {
    fn of(c: Clash) -> Contact {
        match c {
            Clash::Win => Contact::AttackerWins,
            Clash::Lose | Clash::Scout => Contact::DefenderWins,
            Clash::Both => Contact::BothRemoved,
            Clash::Bounce => Contact::Bounced,
        }
    }
}

/// One public event of a 4-player game: a move with its combat outcome, or a seat leaving.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableEvent {
    /// The move played; `None` for a resignation or timeout.
    pub mv: Option<Move>,
    /// The outcome, when the move attacked.
    pub contact: Option<Contact>,
    /// Seats that left because of this event.
    pub left: Vec<Seat>,
}

impl TableEvent {
    /// The public part of what the referee reported.
    pub fn from_report(r: &SiguoReport) -> TableEvent {
        TableEvent {
            mv: r.mv,
            contact: r.clash.map(Contact::of),
            left: r.eliminated.iter().map(|(s, _)| *s).collect(),
        }
    }
}

use crate::belief::{bit, movable_mask as movable, setup_mask, RoleMask};

fn roles(m: RoleMask) -> impl Iterator<Item = Role> {
    Role::ALL.into_iter().filter(move |&r| m & bit(r) != 0)
}

/// The roles of `att` and `def` that agree with the combat's outcome `c` for some role of the
/// other; a set that would become empty (a position set up by hand) is left as it was.
fn narrow(
    att: RoleMask,
    def: RoleMask,
    c: Contact,
    mode: Mode,
    rules: &Rules,
) -> (RoleMask, RoleMask) {
    let agrees = |a: Role, d: Role| Contact::of(contact(a, d, mode, rules)) == c;
    let mut a2 = 0;
    let mut d2 = 0;
    for a in roles(att) {
        for d in roles(def) {
            if agrees(a, d) {
                a2 |= bit(a);
                d2 |= bit(d);
            }
        }
    }
    (
        if a2 == 0 { att } else { a2 },
        if d2 == 0 { def } else { d2 },
    )
}

/// Narrows the lost pieces of `seat`, whose standing pieces all have a single role, to the
/// roles it lost: 25 pieces less those standing, each role as often as it was lost.
fn lost_roles(pieces: &mut [Piece], seat: Seat) {
    let mut left = [0u8; 12];
    for r in Role::ALL {
        left[r as usize] = r.count();
    }
    for q in pieces.iter().filter(|q| q.seat == seat && q.at.is_some()) {
        if let Some(r) = roles(q.mask).next() {
            left[r as usize] = left[r as usize].saturating_sub(1);
        }
    }
    let lost: RoleMask = Role::ALL
        .into_iter()
        .filter(|&r| left[r as usize] > 0)
        .fold(0, |m, r| m | bit(r));
    let ids: Vec<usize> = (0..pieces.len())
        .filter(|&i| pieces[i].seat == seat && pieces[i].at.is_none())
        .collect();
    for &i in &ids {
        if pieces[i].mask & lost != 0 {
            pieces[i].mask &= lost;
        }
    }
    // A role whose every lost copy is already pinned to a piece is no other piece's.
    for r in Role::ALL {
        let pinned = ids.iter().filter(|&&i| pieces[i].mask == bit(r)).count();
        if pinned >= left[r as usize] as usize {
            for &i in &ids {
                if pieces[i].mask != bit(r) && pieces[i].mask & !bit(r) != 0 {
                    pieces[i].mask &= !bit(r);
                }
            }
        }
    }
}

/// One piece followed through the game.
#[derive(Copy, Clone, Debug)]
struct Piece {
    seat: Seat,
    mask: RoleMask,
    /// Where it stands at the end, `None` once lost.
    at: Option<Point>,
}

/// Every piece of the game with the roles it may have, as one seat infers them.
#[derive(Clone, Debug)]
pub struct TableBelief {
    pieces: Vec<Piece>,
}

impl TableBelief {
    /// Replays `history` from the start (every seat's 25 pieces on its setup points) and checks
    /// the result against `view`; `None` when they disagree (a position that did not start
    /// from a full setup).
    pub fn infer(view: &Position, history: &[TableEvent]) -> Option<TableBelief> {
        let board = view.board();
        let rules = view.rules().rules;
        let mut cells: [Option<usize>; POINTS] = [None; POINTS];
        let mut pieces: Vec<Piece> = Vec::with_capacity(100);
        let seats: Vec<Seat> = view.seating().seats().collect();
        for &seat in &seats {
            for slot in Slot::all().filter(|s| s.is_setup_point()) {
                let p = board.slot_point(seat, slot);
                cells[p.index()] = Some(pieces.len());
                pieces.push(Piece {
                    seat,
                    mask: setup_mask(slot, &rules),
                    at: Some(p),
                });
            }
        }
        let mut contacts: Vec<(usize, usize, Contact)> = Vec::new();
        for ev in history {
            if let Some(m) = ev.mv {
                let mover = cells[m.from.index()]?;
                pieces[mover].mask &= movable();
                // A move no other piece could make (a railway run that turns, one longer than
                // the railway switches allow) shows everyone an engineer (or a flying bomb).
                let occupied: PointSet = Point::all()
                    .filter(|q| cells[q.index()].is_some())
                    .collect();
                let plain = board.neighbours(m.from).contains(m.to)
                    || board
                        .runs(m.from, !occupied, PointSet::single(m.to), &rules)
                        .contains(m.to);
                if !plain {
                    let mut runner = bit(Role::Engineer);
                    if rules.flying_bomb {
                        runner |= bit(Role::Bomb);
                    }
                    if pieces[mover].mask & runner != 0 {
                        pieces[mover].mask &= runner;
                    }
                }
                let target = cells[m.to.index()];
                cells[m.from.index()] = None;
                match (target, ev.contact) {
                    (None, _) => cells[m.to.index()] = Some(mover),
                    (Some(t), Some(c)) => {
                        contacts.push((mover, t, c));
                        match c {
                            Contact::AttackerWins => {
                                pieces[t].at = None;
                                cells[m.to.index()] = Some(mover);
                            }
                            Contact::DefenderWins => pieces[mover].at = None,
                            Contact::BothRemoved => {
                                pieces[t].at = None;
                                pieces[mover].at = None;
                                cells[m.to.index()] = None;
                            }
                            Contact::Bounced => cells[m.from.index()] = Some(mover),
                        }
                    }
                    (Some(_), None) => return None,
                }
                if let Some(id) = cells[m.to.index()] {
                    pieces[id].at = Some(m.to);
                }
            }
            for &s in &ev.left {
                for c in cells.iter_mut() {
                    if let Some(id) = c.filter(|&id| pieces[id].seat == s) {
                        pieces[id].at = None;
                        *c = None;
                    }
                }
            }
        }
        // The replay must end where the view stands.
        for p in Point::all().take(POINTS) {
            let tracked = cells[p.index()].map(|id| pieces[id].seat);
            if tracked != view.at(p).map(|o| o.seat) {
                return None;
            }
        }
        for p in view.occupied() {
            if let (Some(id), Some(role)) = (cells[p.index()], view.at(p).and_then(|o| o.role)) {
                pieces[id].mask = bit(role);
            }
        }
        // A seat still in has its flag standing.
        for piece in pieces.iter_mut() {
            if piece.at.is_none() {
                piece.mask = match piece.mask & !bit(Role::Flag) {
                    0 => piece.mask,
                    m => m,
                };
            }
        }
        // A seat whose standing pieces the view all shows (one's own; the partner's in 双明)
        // lost exactly the roles it no longer has: its lost pieces take their roles from those.
        let known: Vec<Seat> = seats
            .into_iter()
            .filter(|&s| {
                let mut standing = pieces.iter().filter_map(|q| q.at.filter(|_| q.seat == s));
                let mut any = false;
                let all = standing.all(|p| {
                    any = true;
                    view.at(p).is_some_and(|o| o.role.is_some())
                });
                any && all
            })
            .collect();
        // Passes let what one combat tells reach the next.
        for _ in 0..3 {
            for &s in &known {
                lost_roles(&mut pieces, s);
            }
            for &(a, d, c) in &contacts {
                let (ma, md) = narrow(
                    pieces[a].mask,
                    pieces[d].mask,
                    c,
                    view.contact_mode(),
                    &rules,
                );
                pieces[a].mask = ma;
                pieces[d].mask = md;
            }
        }
        Some(TableBelief { pieces })
    }

    /// One world consistent with the view of `me` and with this belief.
    pub fn sample(&self, view: &Position, me: Seat, rng: &mut SplitMix64) -> Position {
        let mut world = view.clone();
        for seat in Seat::ALL {
            if seat == me || !view.seating().is_in(seat) {
                continue;
            }
            let mut counts = [0u8; 12];
            for r in Role::ALL {
                counts[r as usize] = r.count();
            }
            let mut ids: Vec<usize> = (0..self.pieces.len())
                .filter(|&i| self.pieces[i].seat == seat)
                .collect();
            // The flag first: one of the standing pieces that may be it.
            let mut homes: Vec<usize> = ids
                .iter()
                .copied()
                .filter(|&i| {
                    self.pieces[i].at.is_some() && self.pieces[i].mask & bit(Role::Flag) != 0
                })
                .collect();
            if let Some(&known) = homes
                .iter()
                .find(|&&i| self.pieces[i].mask == bit(Role::Flag))
            {
                homes.retain(|&i| i == known);
            }
            let mut flag_at = None;
            if !homes.is_empty() {
                let i = homes[rng.below(homes.len() as u64) as usize];
                flag_at = Some(i);
                counts[Role::Flag as usize] = 0;
                if let Some(p) = self.pieces[i].at {
                    world.put(
                        p,
                        Occupant {
                            seat,
                            role: Some(Role::Flag),
                        },
                    );
                }
                ids.retain(|&j| j != i);
            }
            rng.shuffle(&mut ids);
            // Most constrained first; known pieces are a single role.
            ids.sort_by_key(|&i| self.pieces[i].mask.count_ones());
            for i in ids {
                let mut piece = self.pieces[i];
                if flag_at.is_some() {
                    piece.mask &= !bit(Role::Flag);
                }
                let weight = |r: Role| {
                    if piece.mask & bit(r) != 0 {
                        counts[r as usize] as u64
                    } else {
                        0
                    }
                };
                let total: u64 = Role::ALL.into_iter().map(weight).sum();
                let role = if total > 0 {
                    let mut k = rng.below(total);
                    let mut chosen = Role::Captain;
                    for r in Role::ALL {
                        let w = weight(r);
                        if k < w {
                            chosen = r;
                            break;
                        }
                        k -= w;
                    }
                    chosen
                } else {
                    // Nothing left that fits: the least surprising piece left, else an average one.
                    roles(piece.mask)
                        .find(|r| r.is_movable())
                        .unwrap_or(Role::Captain)
                };
                counts[role as usize] = counts[role as usize].saturating_sub(1);
                if let Some(p) = piece.at {
                    if world
                        .at(p)
                        .is_some_and(|o| o.role.is_none() && o.seat == seat)
                    {
                        world.put(
                            p,
                            Occupant {
                                seat,
                                role: Some(role),
                            },
                        );
                    }
                }
            }
        }
        // Anything left unknown (should not happen) takes a role from the view alone.
        if worlds::has_hidden(&world) {
            world = worlds::sample(&world, me, rng);
        }
        world
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::siguo::{random, InfoMode, SeatView};
    use junqi_core::seat::PerSeat;
    use junqi_core::siguo::SiguoRules;

    /// The rule switches the belief reads: railway runs, scouting, bounces, setup.
    fn table(seed: u64) -> SiguoRules {
        let mut rules = Rules::default();
        match seed % 4 {
            1 => rules.rail_one_turn = true,
            2 => {
                rules.rail_three_steps = true;
                rules.engineer_scouts = true;
            }
            3 => {
                rules.mines_bounce = true;
                rules.bombs_front_row = true;
            }
            _ => {}
        }
        SiguoRules {
            rules,
            ..SiguoRules::default()
        }
    }

    /// Whatever the game and its switches, the truth is one of the worlds the belief allows:
    /// every standing piece's true role is in its set, for every seat's belief. And a move no
    /// other piece could make shows an engineer.
    #[test]
    fn the_truth_is_always_allowed() {
        let mut engineers_seen = 0;
        for seed in 0..12u64 {
            let rules = table(seed);
            let formations = PerSeat::new_with(|s| {
                crate::deploy::formation_for(seed * 4 + s.index() as u64, &rules.rules)
            });
            let mut truth = Position::start(rules, &formations);
            truth.settle();
            let mut history = Vec::new();
            let mut rng = SplitMix64::new(seed);
            while !truth.is_over() && truth.ply() < 300 {
                let seat = truth.turn();
                let view = SeatView::new(&truth, seat, InfoMode::FourDark);
                let belief = TableBelief::infer(view.position(), &history)
                    .unwrap_or_else(|| panic!("replay disagrees at ply {}", truth.ply()));
                // Pieces are followed in setup order, seat by seat.
                let setup: Vec<Role> = Seat::ALL
                    .into_iter()
                    .flat_map(|s| {
                        let d = formations[s].clone();
                        Slot::all()
                            .filter(|x| x.is_setup_point())
                            .map(move |x| d.get(x).expect("a full formation"))
                    })
                    .collect();
                for (piece, &role) in belief.pieces.iter().zip(&setup) {
                    if piece.seat != seat && piece.mask == bit(Role::Engineer) {
                        engineers_seen += 1;
                    }
                    if let Some(p) = piece.at {
                        let shown = truth.at(p).and_then(|o| o.role).expect("a known piece");
                        assert_eq!(shown, role);
                        assert!(piece.mask & bit(role) != 0, "{p} is {role:?}, ruled out");
                    } else if piece.seat == seat {
                        // One's own lost pieces, narrowed to the roles lost.
                        assert!(piece.mask & bit(role) != 0, "own lost {role:?} ruled out");
                    }
                }
                let world = belief.sample(view.position(), seat, &mut rng);
                assert!(!worlds::has_hidden(&world));
                let m = random(&view, rng.next_u64()).expect("a move");
                let report = truth.play(m).expect("legal");
                history.push(TableEvent::from_report(&report));
            }
        }
        assert!(engineers_seen > 0, "no engineer was ever told by its run");
    }
}
