//! Legal actions on the 4-player board (RULES-4P.md §4): steps, straight rail runs through
//! the arcs, engineers turning anywhere on the rails, camps safe for everyone, headquarters
//! lock, partners' pieces blocking and never attacked.

use super::points::Grid;
use super::position::Position;
use super::rules::InfoMode;
use crate::action::Action;
use crate::movement::{self, Barred};
use crate::pointset::Set;
use crate::seat::Seat;
use crate::types::Role;

impl<P: Grid> Position<P> {
    /// Pieces of seats on the other team than `us`.
    pub(crate) fn enemies_of(&self, us: Seat) -> Set<P> {
        let mut e = Set::EMPTY;
        for s in self.seating.seats() {
            if self.seating.are_enemies(us, s) {
                e |= self.by_seat[s];
            }
        }
        e
    }

    /// Points a piece of `us` with `role` may attack, given the enemy pieces not in camps.
    fn attackable(&self, role: Role, targets: Set<P>) -> Set<P> {
        if role == Role::Bomb && self.rules.rules.bomb_cannot_take_flag {
            targets & !self.known_flags()
        } else {
            targets
        }
    }

    /// 翻棋 (RULES.md §7): the flags of `targets` that may not be taken yet, whoever attacks,
    /// since a landmine of their colour is left, face up or face down (or, in a seat's view,
    /// known to lie among the face-down pieces). Out of line, as [`Position::known_flags`]:
    /// asked once a move list, outside the loop over pieces.
    #[cold]
    #[inline(never)]
    fn mined_flags(&self, targets: Set<P>) -> Set<P> {
        let mut out = Set::EMPTY;
        for f in targets & self.flags {
            let Some(owner) = self.cells[f.index()].map(|o| o.seat) else {
                continue;
            };
            let mines_left = (self.by_seat[owner] | self.face_down()).iter().any(|p| {
                self.cells[p.index()]
                    .is_some_and(|o| o.seat == owner && o.role == Some(Role::Landmine))
            });
            if mines_left || self.hidden_mines(owner) > 0 {
                out.add(f);
            }
        }
        out
    }

    /// `flip_smallest_takes_flag` (翻棋): `targets` without the flags, unless `role` is the
    /// lowest rank among `us`'s face-up pieces.
    #[cold]
    #[inline(never)]
    fn smallest_takes_flag(&self, us: Seat, role: Role, targets: Set<P>) -> Set<P> {
        let smallest = self.by_seat[us]
            .iter()
            .filter_map(|p| self.cells[p.index()].and_then(|o| o.role?.rank()))
            .min();
        if role.rank().is_some() && role.rank() == smallest {
            targets
        } else {
            targets & !self.flags
        }
    }

    /// The flags every seat knows to be flags: all of them in 全明; where enemies are hidden, a
    /// flag shown after its Field Marshal fell, or made public. As in 2-player 暗棋, a flag's own
    /// rules (`bomb_cannot_take_flag`) bind only once it is known: a bomb that attacks a flag
    /// nobody knows is spent against it ([`crate::contact`]), so the truth and each seat's
    /// view allow the same moves. Out of line, so the default move loops stay as they were.
    #[cold]
    #[inline(never)]
    fn known_flags(&self) -> Set<P> {
        if self.info == InfoMode::AllOpen {
            return self.flags;
        }
        let mut known = self.flags & self.public;
        for s in self.seating.seats() {
            if self.flag_shown[s] {
                known |= self.flags & self.by_seat[s];
            }
        }
        known
    }

    /// The destinations of `us`'s piece of `role` on `from`; `targets` are the enemy pieces
    /// outside camps.
    fn destinations(&self, from: P, us: Seat, role: Role, targets: Set<P>) -> Set<P> {
        if self.variant_moves() {
            self.destinations_in::<true>(from, us, role, targets)
        } else {
            self.destinations_in::<false>(from, us, role, targets)
        }
    }

    /// [`Position::destinations`], with the switches that change movement (`VARIANT`) decided
    /// at compile time for the move loops ([`crate::movement::destinations`]).
    #[inline(always)]
    fn destinations_in<const VARIANT: bool>(
        &self,
        from: P,
        us: Seat,
        role: Role,
        targets: Set<P>,
    ) -> Set<P> {
        let targets = if VARIANT && self.rules.rules.flip_smallest_takes_flag && self.is_flip() {
            self.smallest_takes_flag(us, role, targets)
        } else {
            targets
        };
        movement::destinations::<P, VARIANT>(
            &self.board,
            &self.rules.rules,
            from,
            role,
            VARIANT && self.carrier_on(from),
            // A closed area (三国's empty one) is never entered nor run through.
            self.occupied | self.closed,
            self.attackable(role, targets),
            || Barred {
                camps: self.barred_camps(us),
                reserved: self.reserved(),
            },
        )
    }

    /// Do the switches change where pieces may go (railway runs, enemy camps, carried flags,
    /// the flags 翻棋's lowest rank alone may take)?
    fn variant_moves(&self) -> bool {
        self.rules.rules.changes_movement()
            || (self.rules.rules.flip_smallest_takes_flag && self.is_flip())
    }

    /// `no_enemy_camps`: the camps in the areas of `us`'s enemies still in the game (a
    /// partner's camps stay open, and so do those of a seat that is out; the centre has none).
    pub(crate) fn barred_camps(&self, us: Seat) -> Set<P> {
        let mut barred = Set::EMPTY;
        for camp in self.board.camps {
            if camp.area().is_some_and(|owner| {
                self.seating.are_enemies(us, owner) && self.seating.is_in(owner)
            }) {
                barred.add(camp);
            }
        }
        barred
    }

    /// Enemy pieces of `us` that may be attacked (not in camps; in 翻棋 not a flag whose
    /// landmines are left).
    fn targets_of(&self, us: Seat) -> Set<P> {
        let targets = self.enemies_of(us) & !self.board.camps;
        if self.extra.is_some() && self.is_flip() {
            targets & !self.mined_flags(targets)
        } else {
            targets
        }
    }

    /// Calls `f` with every piece of `seat` that knows its role and its destinations.
    pub(crate) fn for_each_piece(&self, seat: Seat, f: impl FnMut(P, Set<P>) -> bool) {
        if self.variant_moves() {
            self.for_each_piece_in::<true>(seat, f)
        } else {
            self.for_each_piece_in::<false>(seat, f)
        }
    }

    fn for_each_piece_in<const VARIANT: bool>(
        &self,
        seat: Seat,
        mut f: impl FnMut(P, Set<P>) -> bool,
    ) {
        let targets = self.targets_of(seat);
        for from in self.by_seat[seat] {
            if let Some(role) = self.cells[from.index()].and_then(|o| o.role) {
                if !f(
                    from,
                    self.destinations_in::<VARIANT>(from, seat, role, targets),
                ) {
                    return;
                }
            }
        }
    }

    /// The moves `seat` could make now, whoever is to move.
    pub fn moves_of(&self, seat: Seat) -> Vec<Action<P>> {
        let mut out = Vec::with_capacity(64);
        self.for_each_piece(seat, |from, dests| {
            out.extend(dests.iter().map(|to| Action::Move { from, to }));
            true
        });
        out
    }

    /// Could `seat` act at all if it were its turn: a move, or in 翻棋 a flip?
    pub(crate) fn has_action(&self, seat: Seat) -> bool {
        self.has_move(seat) || self.face_down().any()
    }

    /// 翻棋: the face-down pieces the player to act may turn up (none once the game is over,
    /// and none in other games).
    pub fn flips(&self) -> Set<P> {
        if self.outcome.is_some() {
            return Set::EMPTY;
        }
        self.face_down()
    }

    /// Has `seat` any move at all?
    pub fn has_move(&self, seat: Seat) -> bool {
        let mut any = false;
        self.for_each_piece(seat, |_, dests| {
            any = dests.any();
            !any
        });
        any
    }

    /// The legal actions of the player to act, in a fixed order: moves by origin then
    /// destination (none once over, nor in 翻棋 before colours are given), then 翻棋's flips.
    pub fn legal_actions(&self) -> Vec<Action<P>> {
        let mut out = match self.mover() {
            Some(us) if self.outcome.is_none() => self.moves_of(us),
            _ => Vec::new(),
        };
        out.extend(self.flips().iter().map(Action::Flip));
        out
    }

    /// The number of legal actions of the player to act, as [`Position::legal_actions`]
    /// lists them (cheaper than listing them).
    pub fn count_actions(&self) -> usize {
        let mut n = self.flips().count() as usize;
        if let Some(us) = self.mover().filter(|_| self.outcome.is_none()) {
            self.for_each_piece(us, |_, dests| {
                n += dests.count() as usize;
                true
            });
        }
        n
    }

    /// The legal destinations of the piece on `from` (empty unless it is the mover's).
    pub fn destinations_from(&self, from: P) -> Set<P> {
        match self.cells[from.index()] {
            Some(occ)
                if Some(occ.seat) == self.mover()
                    && self.by_seat[occ.seat].contains(from)
                    && self.outcome.is_none() =>
            {
                match occ.role {
                    Some(role) => {
                        self.destinations(from, self.turn, role, self.targets_of(self.turn))
                    }
                    None => Set::EMPTY,
                }
            }
            _ => Set::EMPTY,
        }
    }

    /// The destinations of a lone piece of `role` belonging to `seat` on `from`, whatever else
    /// stands on the board (for probes and move previews).
    pub fn reach(&self, from: P, seat: Seat, role: Role) -> Set<P> {
        self.destinations(from, seat, role, self.targets_of(seat))
    }

    pub fn is_legal(&self, action: Action<P>) -> bool {
        match action {
            Action::Move { from, to } => self.destinations_from(from).contains(to),
            Action::Flip(p) => self.flips().contains(p),
        }
    }

    /// Whether `m`, a legal move of the seat to move onto an empty point (so its result is
    /// certain), leaves that seat no move of its own as the board then stands: unless another
    /// seat's move frees one of its pieces first, it is out when its turn comes again
    /// (RULES-4P.md §6.1). A move onto a piece is never said to strand: what the contact
    /// leaves is not known before it. Only the mover's own pieces and where pieces stand
    /// decide it, which every seat may know.
    pub fn strands(&self, m: Action<P>) -> bool {
        let Action::Move { from, to } = m else {
            return false;
        };
        if self.outcome.is_some() || self.cells[to.index()].is_some() || !self.is_legal(m) {
            return false;
        }
        let mut after = self.clone();
        after.move_piece(from, to);
        !after.has_move(self.turn)
    }

    /// Counts the leaves of the tree of legal actions (moves, and 翻棋's flips) `depth` plies
    /// deep.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_actions() as u64,
            _ => {
                let mut total = 0;
                for a in self.legal_actions() {
                    let mut child = self.clone();
                    child.play_unchecked(a);
                    total += child.perft(depth - 1);
                }
                total
            }
        }
    }
}
