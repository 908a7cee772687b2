//! The 2-player game as its callers name it: Red and Black (seats 0 and 1), [`Action`]s and
//! [`Report`]s, over the one engine ([`siguo::Position`] on the facing board, seated for
//! two), whose [`Outcome`] it reports as it is. Every rule — movement, combat, 翻棋's flips
//! and colours, flag carrying, the counting rules and the end of the game — is decided there;
//! this type only names what it decides in the 2-player terms that JFEN, records, the computer
//! player and the app speak.

use crate::action::{Action, IllegalAction};
use crate::board::{BoardRef, Topology};
use crate::outcome::Outcome;
use crate::report::Report;
use crate::rules::{Mode, Rules};
use crate::seat::{Seat, Seating};
use crate::siguo::{self, InfoMode, SiguoRules};
use crate::types::{Bitboard, BySide, Piece, Point, Role};

/// What stands on an occupied point, as far as this position knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occupant {
    /// The owner; `None` only for a face-down piece whose identity is not known (`?`).
    pub color: Option<Seat>,
    /// The role; `None` when the identity is not known (`X`, `x`, `?`).
    pub role: Option<Role>,
    /// 翻棋: not yet turned face up.
    pub face_down: bool,
}

impl Occupant {
    pub fn known(piece: Piece) -> Occupant {
        Occupant {
            color: Some(piece.color),
            role: Some(piece.role),
            face_down: false,
        }
    }

    /// The piece, when both colour and role are known.
    pub fn piece(self) -> Option<Piece> {
        Some(Piece::new(self.color?, self.role?))
    }
}

/// A captured flag on its way home (`carry_flag_home`, `carry_flag_front`). Public: everyone
/// sees the flag taken and the carrier move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Carry {
    /// Where the carrier stands.
    pub at: Point,
    /// Where the flag was taken (kept free for it).
    pub home: Point,
}

/// A list of legal actions.
pub type Actions = Vec<Action>;

/// The whole truth of a game in progress: every piece and identity, whose turn, counters.
///
/// In 暗棋 and 翻棋 this is the referee's knowledge; players see a [`crate::PlayerView`].
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The game on the one engine.
    pub(crate) g: siguo::Position<Point>,
    pub(crate) mode: Mode,
}

impl Eq for Position {}

impl Position {
    /// An empty board, Red to move (翻棋: nobody's colour known yet).
    pub fn empty(mode: Mode, rules: Rules) -> Position {
        let table = SiguoRules {
            rules,
            ..SiguoRules::default()
        };
        let mut g = siguo::Position::empty_on(siguo::Board::shared_two_player(), table);
        g.set_info(match mode {
            Mode::Dark => InfoMode::FourDark,
            Mode::Open | Mode::Flip => InfoMode::AllOpen,
        });
        if mode == Mode::Flip {
            g.start_flip();
        }
        Position { g, mode }
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The game on the one engine, for code that works on every board (the computer player's
    /// evaluation).
    pub fn engine(&self) -> &siguo::Position<Point> {
        &self.g
    }

    /// The board this position stands on.
    #[inline(always)]
    pub fn board(&self) -> &'static Topology {
        BoardRef::default().get()
    }

    /// The table: two seats, Red (seat 0) and Black (seat 1), each its own team.
    pub fn seating(&self) -> Seating {
        *self.g.seating()
    }

    /// Who moves after `c`: the next seat still in, in the seating's turn order.
    #[inline(always)]
    pub fn next_after(&self, c: Seat) -> Seat {
        self.g.seating().next_in(c).unwrap_or(c)
    }

    /// The colour on the other team: whose pieces `c` may attack, who wins when `c` loses.
    #[inline(always)]
    pub fn opponent(&self, c: Seat) -> Seat {
        let seating = self.g.seating();
        seating
            .seats()
            .find(|&o| seating.are_enemies(c, o))
            .unwrap_or(c)
    }

    pub fn rules(&self) -> &Rules {
        &self.g.rules().rules
    }

    /// The colour to move; `None` in 翻棋 before colours are assigned.
    pub fn turn(&self) -> Option<Seat> {
        self.g.mover()
    }

    /// Plies since the last removal.
    pub fn halfmoves(&self) -> u32 {
        self.g.quiet()
    }

    /// The number of the ply to be played next, from 1.
    pub fn ply(&self) -> u32 {
        self.g.ply()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.g.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.g.is_over()
    }

    /// 翻棋: the colour of the player who acted first, once assigned (Red otherwise).
    pub fn first_color(&self) -> Option<Seat> {
        match self.mode {
            Mode::Flip => self.g.flip_state().and_then(|f| f.first),
            _ => Some(Seat::RED),
        }
    }

    /// The occupant of a point.
    #[inline]
    pub fn at(&self, p: Point) -> Option<Occupant> {
        let face_down = self.g.extra.is_some() && self.g.face_down().contains(p);
        match self.g.cells[p.index()] {
            Some(o) => Some(Occupant {
                color: Some(o.seat),
                role: o.role,
                face_down,
            }),
            // A face-down piece nobody knows (a player's view of 翻棋).
            None if face_down => Some(Occupant {
                color: None,
                role: None,
                face_down: true,
            }),
            None => None,
        }
    }

    /// The piece on a point, when its identity is known.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        self.at(p).and_then(Occupant::piece)
    }

    pub fn occupied(&self) -> Bitboard {
        self.g.occupied()
    }

    pub fn face_down(&self) -> Bitboard {
        self.g.face_down()
    }

    /// Points holding a piece of this colour (as far as known), face down or up.
    pub fn pieces_of(&self, c: Seat) -> Bitboard {
        let mut b = self.g.pieces_of(c);
        for p in self.g.face_down() {
            if self.g.at(p).is_some_and(|o| o.seat == c) {
                b.add(p);
            }
        }
        b
    }

    /// Points holding a known piece of this colour and role.
    pub fn pieces(&self, c: Seat, r: Role) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for p in self.pieces_of(c) {
            if self.g.at(p).is_some_and(|o| o.role == Some(r)) {
                b.add(p);
            }
        }
        b
    }

    /// Every known piece by role and colour, in one pass over the board: for callers that ask
    /// [`Position::pieces`] many times (an evaluation).
    pub fn by_role(&self) -> [BySide<Bitboard>; 12] {
        let mut out = [BySide::<Bitboard>::default(); 12];
        for c in Seat::RED_BLACK {
            for p in self.g.by_seat[c] | self.g.face_down() {
                if let Some(siguo::Occupant {
                    seat,
                    role: Some(r),
                }) = self.g.cells[p.index()]
                {
                    if seat == c {
                        out[r as usize][c].add(p);
                    }
                }
            }
        }
        out
    }

    /// Points whose identity is public in 暗棋 beyond what each side owns: pieces a contact
    /// showed, and the flags of a side whose Field Marshal fell.
    pub fn public(&self) -> Bitboard {
        self.g
            .occupied()
            .iter()
            .filter(|&p| self.is_public(p))
            .collect()
    }

    /// Is the identity on `p` public ([`Position::public`])?
    pub(crate) fn is_public(&self, p: Point) -> bool {
        self.g.known_to_all(p)
    }

    /// Puts an occupant on a point (replacing what was there).
    pub fn put(&mut self, p: Point, occ: Occupant) {
        let known = occ.color.map(|c| siguo::Occupant {
            seat: c,
            role: occ.role,
        });
        match known {
            _ if occ.face_down => self.g.put_face_down(p, known.filter(|o| o.role.is_some())),
            Some(o) => self.g.put(p, o),
            None => {}
        }
    }

    /// Removes and returns what stands on a point.
    pub fn take(&mut self, p: Point) -> Option<Occupant> {
        let occ = self.at(p)?;
        self.g.take(p);
        Some(occ)
    }

    /// Editing (a lesson's board, an analysis board): makes the identity standing on `p` known
    /// to both sides, as the referee does for a fallen 司令's flag. Nothing on `p`: no change.
    pub fn make_public(&mut self, p: Point) {
        if self.at(p).is_some_and(|o| o.role.is_some() && !o.face_down) {
            self.g.make_public(p);
        }
    }

    /// 暗棋 from a player's knowledge: every identity written down is known, so public.
    pub(crate) fn mark_known_public(&mut self) {
        for p in self.g.occupied() & !self.g.face_down() {
            if self.g.at(p).is_some_and(|o| o.role.is_some()) {
                self.g.make_public(p);
            }
        }
    }

    /// Sets the colour to move (`None`: 翻棋 before colours are known). In 翻棋 with a colour,
    /// whoever moves at odd plies moved first.
    pub(crate) fn set_turn(&mut self, turn: Option<Seat>) {
        if let Some(c) = turn {
            self.g.set_turn(c);
        }
    }

    /// 翻棋: gives colours, `first` being the colour of the player who acted first.
    pub(crate) fn give_colours(&mut self, first: Seat) {
        self.g.give_colours(first);
    }

    pub(crate) fn set_counters(&mut self, halfmoves: u32, ply: u32) {
        self.g.set_counters(halfmoves, ply);
    }

    /// Sets how the game ended (a position read from a record, a view).
    pub(crate) fn set_outcome(&mut self, outcome: Option<Outcome>) {
        self.g.outcome = outcome;
    }

    /// 翻棋 in a player's view: landmines of `c` known to lie among the face-down pieces.
    pub(crate) fn set_hidden_mines(&mut self, c: Seat, mines: u8) {
        if mines > 0 || self.g.hidden_mines(c) > 0 {
            self.g.set_hidden_mines(c, mines);
        }
    }

    /// Sets the flag `carrier` is carrying (a view read from its history).
    pub(crate) fn set_carrying(&mut self, carrier: Seat, carry: Carry) {
        let owner = self.opponent(carrier);
        let _ = self.g.set_carry(owner, carry.home, carry.at);
    }

    /// Every legal action of the side to move, in a fixed order (moves by origin, then flips).
    pub fn legal_actions(&self) -> Actions {
        self.g.legal_actions()
    }

    /// The number of legal actions (cheaper than listing them).
    pub fn count_actions(&self) -> usize {
        self.g.count_actions()
    }

    /// The legal destinations of the piece on `from` (empty if it is not the mover's).
    pub fn destinations_from(&self, from: Point) -> Bitboard {
        self.g.destinations_from(from)
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.g.is_legal(action)
    }

    /// Plays a legal action and reports everything it did ([`siguo::Position::play`]);
    /// refuses anything else, changing nothing.
    pub fn play(&mut self, action: Action) -> Result<Report, IllegalAction> {
        let report = self.g.play(action)?;
        self.hand_on(&report);
        Ok(report)
    }

    /// Plays an action its identities make legal (a seat's reasoning) and reports everything
    /// it did.
    pub(crate) fn play_named(&mut self, action: Action) -> Report {
        let report = self.g.play_named(action);
        self.hand_on(&report);
        report
    }

    /// Plays an action known to be legal, for search: no checks and no report.
    pub fn play_unchecked(&mut self, action: Action) {
        self.act(action);
    }

    /// Plays `action` on the engine, without naming what it did.
    fn act(&mut self, action: Action) {
        let report = self.g.apply(action);
        self.hand_on(&report);
    }

    /// An action that ends the game still hands the turn on, as the 2-player position string
    /// has always written it (to the side that lost by it, or that would have moved next). (A
    /// flip that gives colours reports the seat it gave as `by`.)
    fn hand_on(&mut self, report: &Report) {
        if let (true, Some(by)) = (self.g.is_over(), report.by) {
            self.pass_from(by);
        }
    }

    /// After the end of the game: the turn passes from `by` to the other side.
    fn pass_from(&mut self, by: Seat) {
        let next = self.g.seating().next_in_order(by);
        self.g.set_turn(next);
    }

    /// Decides the end of the game by §6 when the side to move has no legal action or a limit
    /// has been reached (for a position set up by hand).
    pub fn settle_outcome(&mut self) {
        self.g.settle_outcome();
    }

    /// The game on the one engine, for a player's search.
    pub fn into_engine(self) -> siguo::Position<Point> {
        self.g
    }

    /// The flag `color` is carrying, if any (`carry_flag_home`, `carry_flag_front`).
    pub fn carrying(&self, color: Seat) -> Option<Carry> {
        self.g
            .carries()
            .find(|(_, c)| c.by == color)
            .map(|(_, c)| Carry {
                at: c.at,
                home: c.home,
            })
    }

    /// Turns `color` lost to the per-move timer so far.
    pub fn timeouts(&self, color: Seat) -> u8 {
        self.g.timeouts(color)
    }

    /// The side to move let its per-move time run out: the turn passes to the other side (a ply
    /// without contact) and the timeout is counted; the `timeout_limit`-th loses the game
    /// ([`crate::ExitReason::Timeout`]). In 翻棋 before colours are assigned, the turn passes uncounted.
    pub fn miss_turn(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        let seat = self.g.turn();
        let colours = self.g.mover().is_some();
        self.g
            .miss_turn(seat)
            .map_err(|_| IllegalAction::GameOver)?;
        if self.g.is_over() && colours {
            self.pass_from(seat);
        }
        Ok(self.outcome())
    }

    /// `color` resigns. Not allowed in the first 20 plies, nor before 翻棋 colours are assigned.
    pub fn resign(&mut self, color: Seat) -> Result<Outcome, IllegalAction> {
        match self.g.resign(color) {
            Ok(_) => self.outcome().ok_or(IllegalAction::GameOver),
            Err(e @ IllegalAction::ResignTooEarly) => Err(e),
            Err(_) => Err(IllegalAction::GameOver),
        }
    }

    /// May `color` resign now?
    pub fn may_resign(&self) -> bool {
        self.g.may_resign()
    }

    /// Both sides agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalAction> {
        let seat = self.g.turn();
        self.g
            .agree_draw(seat)
            .map_err(|_| IllegalAction::GameOver)?;
        self.outcome().ok_or(IllegalAction::GameOver)
    }

    /// `color`'s clock ran out.
    pub fn time_out(&mut self, color: Seat) -> Result<Outcome, IllegalAction> {
        self.g
            .time_out(color)
            .map_err(|_| IllegalAction::GameOver)?;
        self.outcome().ok_or(IllegalAction::GameOver)
    }

    /// Counts the leaves of the legal-action tree `depth` plies deep (RULES.md §9).
    pub fn perft(&self, depth: u32) -> u64 {
        self.g.perft(depth)
    }
}
