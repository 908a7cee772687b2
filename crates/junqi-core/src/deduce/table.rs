//! A game's public record read as a deduction problem, on any board and at any table (RULES.md
//! §7, RULES-4P.md §6.3): what the referee tells everyone — each move, each combat's outcome
//! (attacker wins, defender wins, both removed, bounced) and each seat that left — with the
//! setup rules. The 2-player game reads its record here too ([`Table::two_player`]); a combat
//! between two pieces hidden to the seat (another two seats' at the cross) links their roles.
//!
//! Every piece of the game is followed from its setup point. Each has a set of roles it may
//! have: the setup rules' for its slot (flag in a headquarters, landmines on the last two rows,
//! no bomb on the first), movable roles once it has moved, an engineer (or a flying bomb) once
//! it made a run no other piece could, a lost piece of a seat still in is not its flag, and
//! each combat links its two pieces' roles by its outcome.

use super::notebook::{Clue, Followed, Notebook};
use super::{
    movable, role_bit as bit, roles_in, setup_mask, Army, Link, PieceRef, Problem, RoleMask,
    ALL_ROLES,
};
use crate::pointset::Set;
use crate::report::ActionResult;
use crate::seat::Seat;
use crate::siguo::{Grid, Point, Position};
use crate::view::PublicEvent;
use crate::{contact, Clash, Piece, Role, Slot};

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

    /// The word the 4-player protocol and the app's worker write for it (`result` in
    /// docs/protocol-4p.md).
    pub fn word(self) -> &'static str {
        match self {
            Contact::AttackerWins => "win",
            Contact::DefenderWins => "lose",
            Contact::BothRemoved => "both",
            Contact::Bounced => "bounce",
        }
    }

    /// The contact a [`Contact::word`] names.
    pub fn from_word(w: &str) -> Option<Contact> {
        [
            Contact::AttackerWins,
            Contact::DefenderWins,
            Contact::BothRemoved,
            Contact::Bounced,
        ]
        .into_iter()
        .find(|c| c.word() == w)
    }
}

impl Contact {
    /// What the board shows of a contact everyone was told in these words (the protocols and
    /// the app's worker speak them): a flag taken is read as any attack that won.
    pub fn result(self) -> ActionResult {
        match self {
            Contact::AttackerWins => ActionResult::Win,
            Contact::DefenderWins => ActionResult::Lose,
            Contact::BothRemoved => ActionResult::Both,
            Contact::Bounced => ActionResult::Bounce,
        }
    }
}

impl<P: Copy + PartialEq> PublicEvent<P> {
    /// What everyone was told of the event's contact, if it had one.
    pub fn contact(&self) -> Option<Contact> {
        let (from, _) = self.mv()?;
        match self.result {
            // A bomb that takes the flag goes too: the result alone says "capture".
            ActionResult::Capture if self.removed.contains(&from) => Some(Contact::BothRemoved),
            ActionResult::Win | ActionResult::Capture => Some(Contact::AttackerWins),
            ActionResult::Lose | ActionResult::Scout => Some(Contact::DefenderWins),
            ActionResult::Both => Some(Contact::BothRemoved),
            ActionResult::Bounce => Some(Contact::Bounced),
            ActionResult::Move | ActionResult::Flip => None,
        }
    }

    /// The seat whose flag the event's move took to be carried: as the event says, or (a
    /// history that does not say) a flag shown on the destination of an attack that won.
    pub fn carried_flag(&self) -> Option<Seat> {
        let (_, to) = self.mv()?;
        self.carried.or_else(|| {
            (self.result == ActionResult::Win)
                .then(|| {
                    self.revealed
                        .iter()
                        .find(|(p, piece)| *p == to && piece.role == Role::Flag)
                        .map(|(_, piece)| piece.color)
                })
                .flatten()
        })
    }
}

/// One piece followed through the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TablePiece<P = Point> {
    pub seat: Seat,
    /// The roles its own record allows, narrowed by [`Table::read`] with the combats and counts.
    pub mask: RoleMask,
    /// Where it stands at the end, `None` once lost.
    pub at: Option<P>,
}

/// Every piece of a game with the roles it may have, as one seat reads the record.
#[derive(Clone, Debug)]
pub struct Table<P = Point> {
    pub pieces: Vec<TablePiece<P>>,
    /// Each piece's place in `problem`.
    pub refs: Vec<PieceRef>,
    /// The record as a deduction problem, its sets narrowed ([`Problem::narrow`]).
    pub problem: Problem,
    /// How often each piece moved, and how many of those moves attacked a piece: public
    /// behaviour, for players that weigh it.
    pub moves: Vec<u16>,
    pub attacks: Vec<u16>,
    /// Each piece's sets before the counts and links: what its own record allows.
    own: Vec<RoleMask>,
    /// Each piece's setup roles and clues, for the notebook ([`Table::notebook`]).
    setup: Vec<RoleMask>,
    clues: Vec<Vec<Clue>>,
}

impl<P: Grid> Table<P> {
    /// Replays `history` from the start (every seat's 25 pieces on its setup points) and checks
    /// the result against `view`; `None` when they disagree (a position that did not start
    /// from a full setup).
    pub fn read(view: &Position<P>, history: &[PublicEvent<P>]) -> Option<Table<P>> {
        Table::read_knowing(view, history, None)
    }

    /// [`Table::read`], with what the seat saw at the start (`start`: its view of the starting
    /// position): the pieces it saw then (its own, and its partner's in 双明) are known from
    /// their setup points on, lost or not, and so is what they met.
    pub fn read_knowing(
        view: &Position<P>,
        history: &[PublicEvent<P>],
        start: Option<&Position<P>>,
    ) -> Option<Table<P>> {
        let board = view.board();
        let rules = view.rules().rules;
        let mut cells: Vec<Option<usize>> = vec![None; P::POINTS];
        let mut pieces: Vec<TablePiece<P>> = Vec::with_capacity(100);
        let seats: Vec<Seat> = view.seating().seats().collect();
        for &seat in &seats {
            for slot in Slot::setup() {
                let Some(p) = board.slot_point(seat, slot) else {
                    continue;
                };
                cells[p.index()] = Some(pieces.len());
                pieces.push(TablePiece {
                    seat,
                    mask: setup_mask(slot, &rules),
                    at: Some(p),
                });
            }
        }
        let setup: Vec<RoleMask> = pieces.iter().map(|q| q.mask).collect();
        let mut known: Vec<Option<Role>> = vec![None; pieces.len()];
        if let Some(start) = start {
            for (id, q) in pieces.iter_mut().enumerate() {
                if let Some(role) = q.at.and_then(|p| start.at(p)).and_then(|o| o.role) {
                    q.mask = bit(role);
                    known[id] = Some(role);
                }
            }
        }
        let mut clues: Vec<Vec<Clue>> = vec![Vec::new(); pieces.len()];
        let mut moves = vec![0u16; pieces.len()];
        let mut attacks = vec![0u16; pieces.len()];
        let mut contacts: Vec<(usize, usize, Contact, u32)> = Vec::new();
        // Flags being carried: (the flag, its carrier, where it was taken).
        let mut carried: Vec<(usize, usize, P)> = Vec::new();
        for ev in history {
            let ply = ev.ply;
            // An engineer's scout shows the engineer too: only an engineer scouts.
            let scout = (ev.result == ActionResult::Scout)
                .then(|| ev.mv())
                .flatten()
                .and_then(|(from, _)| Some((from, pieces[cells[from.index()]?].seat)))
                .map(|(from, seat)| (from, Piece::new(seat, Role::Engineer)));
            for &(p, piece) in ev.revealed.iter().chain(&scout) {
                let Some(id) = cells[p.index()] else { continue };
                let role = piece.role;
                if pieces[id].seat == piece.color
                    && pieces[id].mask & bit(role) != 0
                    && known[id].is_none()
                {
                    pieces[id].mask = bit(role);
                    known[id] = Some(role);
                    clues[id].push(Clue::Shown {
                        ply: Some(ply),
                        role,
                    });
                }
            }
            if let Some((from, to)) = ev.mv() {
                let mover = cells[from.index()]?;
                moves[mover] = moves[mover].saturating_add(1);
                if cells[to.index()].is_some() {
                    attacks[mover] = attacks[mover].saturating_add(1);
                }
                if !clues[mover].iter().any(|c| matches!(c, Clue::Moved { .. })) {
                    clues[mover].push(Clue::Moved { ply });
                }
                pieces[mover].mask &= movable();
                // A move no other piece could make (a railway run that turns, one longer than
                // the railway switches allow) shows everyone an engineer (or a flying bomb).
                let occupied: Set<P> = board
                    .points()
                    .filter(|q| cells[q.index()].is_some())
                    .collect();
                let plain = board.neighbours(from).contains(to)
                    || board
                        .runs(from, !occupied, Set::single(to), &rules)
                        .contains(to);
                if !plain {
                    let mut runner = bit(Role::Engineer);
                    if rules.flying_bomb {
                        runner |= bit(Role::Bomb);
                    }
                    if pieces[mover].mask & runner != 0 {
                        pieces[mover].mask &= runner;
                    }
                    if !clues[mover].iter().any(|c| matches!(c, Clue::Ran { .. })) {
                        clues[mover].push(Clue::Ran { ply });
                    }
                }
                let target = cells[to.index()];
                cells[from.index()] = None;
                match (target, ev.contact()) {
                    (None, _) => cells[to.index()] = Some(mover),
                    (Some(t), Some(c)) => {
                        contacts.push((mover, t, c, ply));
                        match c {
                            // A carrier beaten where it took a flag: the flag is back there
                            // and the winner stays where it was.
                            Contact::AttackerWins
                                if carried.iter().any(|&(_, k, home)| k == t && home == to) =>
                            {
                                pieces[t].at = None;
                                cells[to.index()] = None;
                                cells[from.index()] = Some(mover);
                            }
                            Contact::AttackerWins => {
                                pieces[t].at = None;
                                cells[to.index()] = Some(mover);
                                if ev.carried_flag().is_some() {
                                    // The flag, taken in sight of everyone, leaves with its taker
                                    // (the event may have named it already).
                                    pieces[t].mask = bit(Role::Flag);
                                    if known[t].replace(Role::Flag).is_none() {
                                        clues[t].push(Clue::Shown {
                                            ply: Some(ply),
                                            role: Role::Flag,
                                        });
                                    }
                                    carried.push((t, mover, to));
                                }
                            }
                            Contact::DefenderWins => pieces[mover].at = None,
                            Contact::BothRemoved => {
                                pieces[t].at = None;
                                pieces[mover].at = None;
                                cells[to.index()] = None;
                            }
                            Contact::Bounced => cells[from.index()] = Some(mover),
                        }
                    }
                    (Some(_), None) => return None,
                }
                if let Some(id) = cells[to.index()] {
                    pieces[id].at = Some(to);
                }
            }
            // A seat that leaves a table of more than two takes its pieces with it; at two, the
            // game is over and the board stays as it was.
            for &s in ev.left.iter().filter(|_| seats.len() > 2) {
                for c in cells.iter_mut() {
                    if let Some(id) = c.filter(|&id| pieces[id].seat == s) {
                        pieces[id].at = None;
                        *c = None;
                    }
                }
            }
            // A flag whose owner left is gone for good; one whose carrier fell (or left) goes
            // back where it was taken.
            carried.retain(|&(flag, carrier, home)| {
                if ev.left.contains(&pieces[flag].seat) {
                    return false;
                }
                if pieces[carrier].at.is_some() {
                    return true;
                }
                cells[home.index()] = Some(flag);
                pieces[flag].at = Some(home);
                false
            });
        }
        // The replay must end where the view stands.
        for p in board.points() {
            let tracked = cells[p.index()].map(|id| pieces[id].seat);
            if tracked != view.at(p).map(|o| o.seat) {
                return None;
            }
        }
        for p in view.occupied() {
            if let (Some(id), Some(role)) = (cells[p.index()], view.at(p).and_then(|o| o.role)) {
                if known[id].is_some_and(|k| k != role) {
                    // What the seat was told it started with is not what stands there.
                    return None;
                }
                pieces[id].mask = bit(role);
                if start.is_some() && known[id].is_none() {
                    clues[id].push(Clue::Shown { ply: None, role });
                }
                known[id] = Some(role);
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
        let own: Vec<RoleMask> = pieces.iter().map(|q| q.mask).collect();
        let links: Vec<Link> = contacts
            .iter()
            .map(|&(a, d, c, _)| {
                Link::by(refs[a], refs[d], |ra, rd| {
                    Contact::of(contact(ra, rd, mode, &rules)) == c
                })
            })
            .collect();
        // Each combat as a clue on both of its pieces: the roles it allows each, given what
        // the other's own record allows.
        for (link, &(a, d, outcome, ply)) in links.iter().zip(&contacts) {
            let of_a = roles_in(ALL_ROLES)
                .filter(|&ra| link.allowed[ra as usize] & own[d] != 0)
                .fold(0, |m, r| m | bit(r));
            let of_d = roles_in(own[a]).fold(0, |m, ra| m | link.allowed[ra as usize]);
            clues[a].push(Clue::Met {
                ply,
                attacked: true,
                other: known[d],
                outcome,
                roles: of_a & movable(),
            });
            clues[d].push(Clue::Met {
                ply,
                attacked: false,
                other: known[a],
                outcome,
                roles: of_d,
            });
        }
        for c in clues.iter_mut() {
            c.sort_by_key(|c| c.ply().unwrap_or(u32::MAX));
        }
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
            moves,
            attacks,
            own,
            setup,
            clues,
        })
    }

    /// What the record proves of every piece, in the order of [`Table::pieces`]: the roles each
    /// can still have, exactly ([`Problem::deduce`]: some complete assignment of every army
    /// agrees with every set, count and combat); a record that contradicts itself (a position
    /// set up by hand) keeps the sets as read.
    pub fn possible(&self) -> Vec<RoleMask> {
        match self.problem.deduce() {
            Ok(d) => self
                .refs
                .iter()
                .map(|r| d.possible[r.army][r.piece])
                .collect(),
            Err(_) => self.pieces.iter().map(|q| q.mask).collect(),
        }
    }

    /// The notebook of every piece of the table (the seat's own too): each one's clues, the
    /// roles they allow, and the roles it can still have with the counts and the combats,
    /// exactly ([`Problem::deduce`]).
    pub fn notebook(&self) -> Notebook {
        // The search starts from the narrowed sets (sound, so the answer is the same with
        // less search); the notes keep what each piece's own record allows.
        let followed = self
            .refs
            .iter()
            .zip(&self.pieces)
            .enumerate()
            .map(|(i, (&at, q))| Followed {
                at,
                own: self.own[i],
                setup: self.setup[i],
                clues: self.clues[i].clone(),
                lost: q.at.is_none(),
            })
            .collect();
        Notebook::new(&self.problem, followed)
    }
}
