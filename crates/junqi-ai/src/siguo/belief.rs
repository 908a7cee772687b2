//! 四暗 and 双明 with the game's public record: what every hidden piece may be, inferred from
//! what the referee tells everyone (RULES-4P.md §6.3) — each move, each combat's outcome
//! (attacker wins, defender wins, both removed) and each seat that left — and from the setup
//! rules, the same ideas as 2-player 暗棋's belief (`crate::belief`), generalised to four armies
//! and to combats between two hidden pieces.
//!
//! Every piece of the game is followed from its setup point. Each has a set of roles it may
//! have: the setup rules' for its slot (flag in a headquarters, landmines on the last two rows,
//! no bomb on the first), movable roles once it has moved, a lost piece of a seat still in is
//! not its flag, and each combat ties its two pieces' roles. The core's deduction
//! (`junqi_core::deduce`) narrows the sets by the combats and each army's counts, and draws
//! every world as a whole assignment of the armies that agrees with all of it.

use super::worlds;
use junqi_core::deduce::{Army, Link, PieceRef, Problem};
use junqi_core::seat::Seat;
use junqi_core::siguo::{Move, Occupant, Point, PointSet, Position, SiguoReport, POINTS};
use junqi_core::{contact, Clash, Role, Slot, SplitMix64};

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
    /// Each piece's place in `problem`.
    refs: Vec<PieceRef>,
    /// The record as the core's deduction reads it, with the sets it proved.
    problem: Problem,
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
            if piece.at.is_none() && view.seating().is_in(piece.seat) {
                piece.mask = match piece.mask & !bit(Role::Flag) {
                    0 => piece.mask,
                    m => m,
                };
            }
        }
        // Seat by seat, an army of 25; each combat links its two pieces by its outcome.
        let mut refs = vec![PieceRef { army: 0, piece: 0 }; pieces.len()];
        let mut armies: Vec<Army> = Vec::new();
        for &seat in &seats {
            let mut masks = Vec::new();
            for (i, q) in pieces.iter().enumerate().filter(|(_, q)| q.seat == seat) {
                refs[i] = PieceRef {
                    army: armies.len(),
                    piece: masks.len(),
                };
                masks.push(q.mask);
            }
            armies.push(Army::standard(masks));
        }
        let mode = view.contact_mode();
        let links = contacts
            .iter()
            .map(|&(a, d, c)| {
                Link::by(refs[a], refs[d], |ra, rd| {
                    Contact::of(contact(ra, rd, mode, &rules)) == c
                })
            })
            .collect();
        let mut problem = Problem { armies, links };
        // The links and the counts applied until nothing changes (the exact deduction's search
        // is left to the drawing of worlds, which checks every link); a record that
        // contradicts itself (a position set up by hand) keeps the sets as read.
        if let Ok(possible) = problem.narrow() {
            for (army, possible) in problem.armies.iter_mut().zip(possible) {
                army.pieces = possible;
            }
            for (piece, r) in pieces.iter_mut().zip(&refs) {
                piece.mask = problem.armies[r.army].pieces[r.piece];
            }
        }
        Some(TableBelief {
            pieces,
            refs,
            problem,
        })
    }

    /// One world consistent with the view of `me` and with this belief.
    pub fn sample(&self, view: &Position, me: Seat, rng: &mut SplitMix64) -> Position {
        let mut world = view.clone();
        if let Some(roles) = self.problem.sample(rng) {
            for (piece, r) in self.pieces.iter().zip(&self.refs) {
                let Some(p) = piece.at else { continue };
                if piece.seat == me {
                    continue;
                }
                if world
                    .at(p)
                    .is_some_and(|o| o.role.is_none() && o.seat == piece.seat)
                {
                    world.put(
                        p,
                        Occupant {
                            seat: piece.seat,
                            role: Some(roles[r.army][r.piece]),
                        },
                    );
                }
            }
        }
        // Anything left unknown (no assignment agreed: a position set up by hand) takes a role
        // from the view alone.
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
    use junqi_core::Rules;

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
