//! A 4-player record read as a deduction problem (RULES-4P.md §6.3): what the referee tells
//! everyone — each move, each combat's outcome (attacker wins, defender wins, both removed) and
//! each seat that left — with the setup rules, as for the 2-player game ([`super::Hidden`]),
//! generalised to four armies and to combats between two pieces hidden to the seat.
//!
//! Every piece of the game is followed from its setup point. Each has a set of roles it may
//! have: the setup rules' for its slot (flag in a headquarters, landmines on the last two rows,
//! no bomb on the first), movable roles once it has moved, an engineer (or a flying bomb) once
//! it made a run no other piece could, a lost piece of a seat still in is not its flag, and
//! each combat links its two pieces' roles by its outcome.

use super::{movable, role_bit as bit, setup_mask, Army, Link, PieceRef, Problem, RoleMask};
use crate::seat::Seat;
use crate::siguo::{Move, Point, PointSet, Position, SiguoReport, POINTS};
use crate::{contact, Clash, Role, Slot};

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
    /// What everyone is told of a combat that `contact` decides so.
    pub fn of(c: Clash) -> Contact {
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

/// One piece followed through the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TablePiece {
    pub seat: Seat,
    /// The roles its own record allows, narrowed by [`Table::read`] with the combats and counts.
    pub mask: RoleMask,
    /// Where it stands at the end, `None` once lost.
    pub at: Option<Point>,
}

/// Every piece of a 4-player game with the roles it may have, as one seat reads the record.
#[derive(Clone, Debug)]
pub struct Table {
    pub pieces: Vec<TablePiece>,
    /// Each piece's place in `problem`.
    pub refs: Vec<PieceRef>,
    /// The record as a deduction problem, its sets narrowed ([`Problem::narrow`]).
    pub problem: Problem,
}

impl Table {
    /// Replays `history` from the start (every seat's 25 pieces on its setup points) and checks
    /// the result against `view`; `None` when they disagree (a position that did not start
    /// from a full setup).
    pub fn read(view: &Position, history: &[TableEvent]) -> Option<Table> {
        let board = view.board();
        let rules = view.rules().rules;
        let mut cells: [Option<usize>; POINTS] = [None; POINTS];
        let mut pieces: Vec<TablePiece> = Vec::with_capacity(100);
        let seats: Vec<Seat> = view.seating().seats().collect();
        for &seat in &seats {
            for slot in Slot::all().filter(|s| s.is_setup_point()) {
                let p = board.slot_point(seat, slot);
                cells[p.index()] = Some(pieces.len());
                pieces.push(TablePiece {
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
        Some(Table {
            pieces,
            refs,
            problem,
        })
    }
}
