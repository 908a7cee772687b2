//! A 4-player position: the board it is played on, the pieces, the seating and whose turn it is.

use super::board::Board;
use super::points::{Grid, Point, POINTS};
use super::rules::{InfoMode, SiguoRules};
use crate::outcome::Outcome;
use crate::pointset::Set;
use crate::seat::{PerSeat, Seat, Seating};
use crate::types::Role;
use std::sync::Arc;

/// A piece on the 4-player board: its seat, and its role when known (`X` when not).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occupant {
    pub seat: Seat,
    pub role: Option<Role>,
}

/// A captured flag on its way to the taker's side (`carry_flag_home`, `carry_flag_front`):
/// public, as everyone sees the flag taken and the carrier move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Carry<P = Point> {
    /// The seat of the piece carrying it.
    pub by: Seat,
    /// Where the carrier stands.
    pub at: P,
    /// Where the flag was taken (its owner's headquarters), kept free for it to come back to.
    pub home: P,
}

/// The truth of a 4-player game, or one seat's view of it (pieces it may not see are `X`).
#[derive(Clone, Debug)]
pub struct Position<P: Grid = Point> {
    pub(crate) board: Arc<Board<P>>,
    pub(crate) cells: [Option<Occupant>; POINTS],
    pub(crate) by_seat: PerSeat<Set<P>>,
    pub(crate) occupied: Set<P>,
    /// Points holding a piece known to be a flag.
    pub(crate) flags: Set<P>,
    pub(crate) seating: Seating,
    pub(crate) turn: Seat,
    pub(crate) quiet: u32,
    pub(crate) ply: u32,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rules: SiguoRules,
    /// Seats whose Field Marshal has fallen: their flag is shown to everyone.
    pub(crate) flag_shown: PerSeat<bool>,
    /// Points whose piece every seat knows (a piece scouted under `engineer_scouts`, a
    /// landmine that sent a piece back); the mark moves with the piece.
    pub(crate) public: Set<P>,
    /// Who sees what; scouting applies where enemies are hidden.
    pub(crate) info: InfoMode,
    /// Points of areas no seat plays (W's at 三国): never entered, nor passed on a run.
    pub(crate) closed: Set<P>,
    /// What only some games hold ([`Extra`]); `None` until one does.
    pub(crate) extra: Option<Box<Extra<P>>>,
}

/// What only some games hold: flags being carried, turns lost to the per-move timer, 翻棋's
/// face-down pieces. Kept behind a pointer so that the position the move loops copy is no
/// larger for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Extra<P: Grid> {
    /// Each seat's flag while it is carried, by the flag's owner.
    pub(crate) carry: PerSeat<Option<Carry<P>>>,
    /// Turns each seat lost to the per-move timer (`timeout_limit`).
    pub(crate) timeouts: PerSeat<u8>,
    /// 翻棋: the colours, once given ([`Flip`]); `None` in every other game.
    pub(crate) flip: Option<Flip>,
    /// 翻棋: points whose piece is still face down. Such a piece blocks, but belongs to no
    /// seat's pieces until it is turned up: it neither moves nor may be attacked. The referee
    /// knows what it is (it stands in the cells); a seat's view does not (its cell is empty).
    pub(crate) face_down: Set<P>,
    /// 翻棋, in a seat's view: landmines of each seat known to lie among the face-down pieces
    /// (none in the referee's position, where the cells say so).
    pub(crate) hidden_mines: PerSeat<u8>,
}

impl<P: Grid> Default for Extra<P> {
    fn default() -> Extra<P> {
        Extra {
            carry: PerSeat::default(),
            timeouts: PerSeat::default(),
            flip: None,
            face_down: Set::EMPTY,
            hidden_mines: PerSeat::default(),
        }
    }
}

/// 翻棋 (RULES.md §7): the two players are "first" and "second" (by the parity of the ply)
/// until a flip gives the first player a colour, that is a seat; the other player then sits in
/// the other seat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flip {
    /// The seat of the player who acted first, once colours are given.
    pub first: Option<Seat>,
    /// `flip_two_same`: the colour each player (0 = first) turned up on its previous flip.
    pub last_flip: [Option<Seat>; 2],
}

impl<P: Grid> PartialEq for Position<P> {
    fn eq(&self, o: &Position<P>) -> bool {
        self.cells == o.cells
            && self.seating == o.seating
            && self.turn == o.turn
            && self.quiet == o.quiet
            && self.ply == o.ply
            && self.outcome == o.outcome
            && self.rules == o.rules
            && self.flag_shown == o.flag_shown
            && self.public == o.public
            && self.info == o.info
            && self.closed == o.closed
            && self.extra() == o.extra()
    }
}

impl Position {
    /// An empty 4-player board, `rules.first` to move.
    pub fn empty(rules: SiguoRules) -> Position {
        Position::empty_on(Board::shared(), rules)
    }
}

impl<P: Grid> Position<P> {
    /// An empty `board`, seated for its layout (4 seats round the cross, 2 facing).
    pub fn empty_on(board: Arc<Board<P>>, rules: SiguoRules) -> Position<P> {
        let seating = rules.seating_for(board.layout().seats());
        let closed = board
            .points()
            .filter(|p| p.area().is_some_and(|a| !seating.contains(a)))
            .collect();
        Position {
            closed,
            board,
            cells: [None; POINTS],
            by_seat: PerSeat::default(),
            occupied: Set::EMPTY,
            flags: Set::EMPTY,
            turn: seating.first(),
            seating,
            quiet: 0,
            ply: 1,
            outcome: None,
            rules,
            flag_shown: PerSeat::default(),
            public: Set::EMPTY,
            info: InfoMode::default(),
            extra: None,
        }
    }

    /// What only some games hold, all empty when nothing is.
    pub(crate) fn extra(&self) -> Extra<P> {
        self.extra.as_deref().cloned().unwrap_or_default()
    }

    /// The same, to change.
    pub(crate) fn extra_mut(&mut self) -> &mut Extra<P> {
        self.extra.get_or_insert_with(Box::default)
    }

    pub fn board(&self) -> &Board<P> {
        &self.board
    }

    pub fn rules(&self) -> &SiguoRules {
        &self.rules
    }

    /// Who sees what in this game (四暗 unless set).
    pub fn info(&self) -> InfoMode {
        self.info
    }

    /// Sets who sees what (a new game's mode: it decides where `engineer_scouts` applies).
    pub fn set_info(&mut self, info: InfoMode) {
        self.info = info;
    }

    /// Is the identity of the piece on `p` known to every seat (scouted, or a landmine that
    /// sent a piece back)?
    pub fn is_public(&self, p: P) -> bool {
        self.public.contains(p)
    }

    /// Marks the piece on `p` as known to every seat (for setting up positions).
    pub fn make_public(&mut self, p: P) {
        if self.occupied.contains(p) {
            self.public.add(p);
        }
    }

    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    /// The seat to move. In 翻棋 before colours are given, the seat the next flip's player
    /// would have if the flip were theirs: see [`Position::mover`].
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The seat to move, `None` in 翻棋 before colours are given (when only flips are legal
    /// and the players are known only as first and second).
    #[inline(always)]
    pub fn mover(&self) -> Option<Seat> {
        match &self.extra {
            Some(e) if e.flip.is_some_and(|f| f.first.is_none()) => None,
            _ => Some(self.turn),
        }
    }

    /// 翻棋's colours ([`Flip`]); `None` in every other game.
    pub fn flip_state(&self) -> Option<Flip> {
        self.extra.as_ref().and_then(|e| e.flip)
    }

    /// 翻棋: the points whose piece is still face down (empty in every other game).
    pub fn face_down(&self) -> Set<P> {
        self.extra.as_ref().map_or(Set::EMPTY, |e| e.face_down)
    }

    /// Is this a 翻棋 game (a face-down start)?
    pub fn is_flip(&self) -> bool {
        self.flip_state().is_some()
    }

    /// Plies since the last capture.
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// How many plies [`Position::quiet`] counts to before it ends the game (a draw), or puts
    /// the seat to move out under `no_collision_31` (then the plies without an attack).
    #[inline(always)]
    pub fn quiet_limit(&self) -> u32 {
        if self.rules.rules.no_collision_31 {
            crate::rules::NO_COLLISION_LIMIT
        } else {
            self.rules.quiet_limit
        }
    }

    /// The number of the ply to be played, from 1.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn at(&self, p: P) -> Option<Occupant> {
        self.cells[p.index()]
    }

    pub fn occupied(&self) -> Set<P> {
        self.occupied
    }

    /// The points of `seat`'s pieces.
    pub fn pieces_of(&self, seat: Seat) -> Set<P> {
        self.by_seat[seat]
    }

    /// Has `seat`'s Field Marshal fallen (so its flag is shown)?
    pub fn flag_shown(&self, seat: Seat) -> bool {
        self.flag_shown[seat]
    }

    /// Turns `seat` lost to the per-move timer so far.
    pub fn timeouts(&self, seat: Seat) -> u8 {
        self.extra.as_ref().map_or(0, |e| e.timeouts[seat])
    }

    /// `owner`'s flag while it is carried (`carry_flag_home`, `carry_flag_front`).
    pub fn carried(&self, owner: Seat) -> Option<Carry<P>> {
        self.extra.as_ref().and_then(|e| e.carry[owner])
    }

    /// Every flag being carried, with its owner, in seat order.
    pub fn carries(&self) -> impl Iterator<Item = (Seat, Carry<P>)> + '_ {
        let carry = self.extra.as_ref().map(|e| e.carry);
        Seat::ALL
            .into_iter()
            .filter_map(move |s| carry.and_then(|c| c[s]).map(|c| (s, c)))
    }

    /// The points where carried flags were taken: no piece may stop there.
    pub(crate) fn reserved(&self) -> Set<P> {
        self.carries().map(|(_, c)| c.home).collect()
    }

    /// Is a carrier standing on `p`?
    pub(crate) fn carrier_on(&self, p: P) -> bool {
        self.carries().any(|(_, c)| c.at == p)
    }

    /// Sets `owner`'s flag as carried by the piece on `at`, taken on `home` (for setting up
    /// positions: a position string's carries). `None` when that cannot be: `home` not one of
    /// `owner`'s headquarters (but in 翻棋) or held by another piece than the carrier, no piece of another
    /// team on `at`, or `owner`'s flag still on the board.
    pub fn set_carry(&mut self, owner: Seat, home: P, at: P) -> Option<()> {
        let by = self.at(at)?.seat;
        let flag_standing = (self.pieces_of(owner) & self.flags).any();
        // (In 翻棋 a flag lies wherever the shuffle put it.)
        let at_home =
            self.is_flip() || (self.board.is_headquarters(home) && home.area() == Some(owner));
        if !at_home
            || (self.at(home).is_some() && home != at)
            || self.seating.team(by) == self.seating.team(owner)
            || flag_standing
        {
            return None;
        }
        self.extra_mut().carry[owner] = Some(Carry { by, at, home });
        Some(())
    }

    /// The points of areas no seat plays, which no piece enters (empty but at 三国).
    pub fn closed(&self) -> Set<P> {
        self.closed
    }

    /// Puts `occ` on `p`, replacing whatever stood there (a point off this board, in a closed
    /// area or of a seat not at this table is ignored).
    pub fn put(&mut self, p: P, occ: Occupant) {
        if !self.board.contains(p) || self.closed.contains(p) || !self.seating.contains(occ.seat) {
            return;
        }
        self.take(p);
        self.cells[p.index()] = Some(occ);
        self.by_seat[occ.seat].add(p);
        self.occupied.add(p);
        if occ.role == Some(Role::Flag) {
            self.flags.add(p);
        }
    }

    /// Puts a face-down piece on `p` (翻棋), replacing whatever stood there: `occ` as the
    /// referee knows it, or `None` in a seat's view, where nobody knows it. It blocks, but
    /// neither moves nor may be attacked until it is turned up. The position becomes a 翻棋
    /// game, its colours not yet given unless [`Position::give_colours`] says otherwise.
    pub fn put_face_down(&mut self, p: P, occ: Option<Occupant>) {
        if !self.board.contains(p)
            || self.closed.contains(p)
            || occ.is_some_and(|o| !self.seating.contains(o.seat))
        {
            return;
        }
        self.take(p);
        self.cells[p.index()] = occ;
        self.occupied.add(p);
        let extra = self.extra_mut();
        extra.face_down.add(p);
        extra.flip.get_or_insert_with(Flip::default);
    }

    /// Makes this a 翻棋 game (a face-down start), its colours not yet given.
    pub fn start_flip(&mut self) {
        self.extra_mut().flip.get_or_insert_with(Flip::default);
    }

    /// 翻棋: gives colours as a game in progress has them: `first` is the seat of the player
    /// who acted first (for setting up positions). Makes the position a 翻棋 game.
    pub fn give_colours(&mut self, first: Seat) {
        self.extra_mut()
            .flip
            .get_or_insert_with(Flip::default)
            .first = Some(first);
    }

    /// 翻棋, in a seat's view: landmines of `seat` known to lie among the face-down pieces.
    pub fn hidden_mines(&self, seat: Seat) -> u8 {
        self.extra.as_ref().map_or(0, |e| e.hidden_mines[seat])
    }

    /// Sets [`Position::hidden_mines`] (for setting up a seat's view).
    pub fn set_hidden_mines(&mut self, seat: Seat, mines: u8) {
        self.extra_mut().hidden_mines[seat] = mines;
    }

    /// Turns the face-down piece on `p` face up, where every seat sees it; `None` if no piece
    /// lies face down there, or nobody knows it (a seat's view: the point stays blocked, by a
    /// piece of no known seat, as the referee has not said what it is).
    pub(crate) fn turn_up(&mut self, p: P) -> Option<Occupant> {
        let extra = self.extra.as_deref_mut()?;
        if !extra.face_down.contains(p) {
            return None;
        }
        let occ = self.cells[p.index()]?;
        extra.face_down.remove(p);
        self.by_seat[occ.seat].add(p);
        if occ.role == Some(Role::Flag) {
            self.flags.add(p);
        }
        Some(occ)
    }

    /// Removes and returns what stands on `p` (`None` for nothing, or a face-down piece
    /// nobody knows, which is removed all the same).
    pub fn take(&mut self, p: P) -> Option<Occupant> {
        if let Some(e) = self.extra.as_deref_mut() {
            if e.face_down.contains(p) && self.cells[p.index()].is_none() {
                e.face_down.remove(p);
                self.occupied.remove(p);
                return None;
            }
        }
        let occ = self.cells[p.index()].take()?;
        self.by_seat[occ.seat].remove(p);
        self.occupied.remove(p);
        self.flags.remove(p);
        self.public.remove(p);
        if let Some(e) = self.extra.as_deref_mut() {
            e.face_down.remove(p);
        }
        Some(occ)
    }

    /// Moves the piece on `from` to `to`, which must be empty; a public piece stays public.
    pub(crate) fn move_piece(&mut self, from: P, to: P) {
        let public = self.public.contains(from);
        if let Some(occ) = self.take(from) {
            self.put(to, occ);
            if public {
                self.public.add(to);
            }
        }
    }

    /// Marks `seat`'s flag as shown to everyone, as after its Field Marshal fell (for setting
    /// up positions, e.g. a seat's view read back from its position string, where a shown flag
    /// is written with its letter).
    pub fn show_flag(&mut self, seat: Seat) {
        self.flag_shown[seat] = true;
    }

    /// Sets the seat to move (for setting up positions).
    pub fn set_turn(&mut self, seat: Seat) {
        self.turn = seat;
    }

    /// Sets the quiet-ply counter and ply number (for setting up positions).
    pub fn set_counters(&mut self, quiet: u32, ply: u32) {
        self.quiet = quiet;
        self.ply = ply.max(1);
    }

    /// Marks seats without a piece as out, and the others in (for setting up positions).
    pub fn settle_seats(&mut self) {
        let face_down = self.face_down();
        for s in Seat::ALL {
            let down = face_down
                .iter()
                .any(|p| self.cells[p.index()].is_some_and(|o| o.seat == s));
            if self.by_seat[s].any() || down {
                self.seating.reinstate(s);
            } else {
                self.seating.eliminate(s);
            }
        }
    }

    /// Takes `seat` out: its pieces leave the board at once.
    pub(crate) fn remove_seat(&mut self, seat: Seat) {
        self.seating.eliminate(seat);
        for p in self.by_seat[seat] {
            self.take(p);
        }
    }
}
