//! The full truth of a game (the referee's position): legal actions, playing them, outcomes.

use crate::action::Action;
use crate::board::{BoardRef, Topology};
use crate::combat::{contact, Clash};
use crate::movement::Barred;
use crate::rules::{Mode, Rules};
use crate::seat::Seating;
use crate::types::{Bitboard, ByColor, Color, Piece, Point, Role, POINTS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What stands on an occupied point, as far as this position knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Occupant {
    /// The owner; `None` only for a face-down piece whose identity is not known (`?`).
    pub color: Option<Color>,
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

/// Why a side won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The loser's flag was captured (or bombed, or carried home).
    FlagCaptured,
    /// The loser had no legal action on its turn.
    NoLegalMove,
    /// `no_collision_31`: the loser was to move after 31 plies without an attack.
    NoContact,
    Resignation,
    /// The loser's clock ran out.
    Timeout,
}

/// Why the game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// 70 plies without a piece removed.
    NoCapture,
    Agreement,
    /// A position given with neither flag on the board.
    NoFlags,
    /// `no_move_draw`: neither side had a legal action.
    NoMoves,
    /// `dead_position_draw`: neither side can ever take the other's flag nor remove all of the
    /// other's movable pieces (docs/rules-variants.md says how this is decided).
    DeadPosition,
    /// `ply_limit`: the game reached its total number of plies.
    PlyLimit,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::FlagCaptured => "flag captured",
                    WinReason::NoLegalMove => "no legal move",
                    WinReason::NoContact => "31 plies without contact",
                    WinReason::Resignation => "resignation",
                    WinReason::Timeout => "time",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::NoCapture => "70 plies without a capture",
                    DrawReason::Agreement => "agreement",
                    DrawReason::NoFlags => "no flags",
                    DrawReason::NoMoves => "neither side can move",
                    DrawReason::DeadPosition => "neither side can win any more",
                    DrawReason::PlyLimit => "ply limit reached",
                };
                write!(f, "draw ({why})")
            }
        }
    }
}

/// What an action did, as far as the board shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionResult {
    /// No contact.
    Move,
    /// The defender was removed and the attacker moved in.
    Win,
    /// The attacker was removed.
    Lose,
    /// Both were removed.
    Both,
    /// A flag was taken.
    Capture,
    /// 工兵侦察: the engineer was removed and the defender shown.
    Scout,
    /// 翻棋: a piece was turned face up.
    Flip,
    /// `mines_bounce` / `marshal_survives_mine`: the attacker went back where it came from and
    /// nothing was removed; the landmine is shown.
    Bounce,
}

impl ActionResult {
    /// The points whose pieces a move from `from` to `to` with this result takes off (RULES.md
    /// §5): what a player who hears only the result learns was removed. The result alone cannot
    /// tell one case: a bomb that takes the flag goes too (the game ends there). Under the
    /// carrying switches a flag can come back to `to` when its carrier falls there.
    pub fn removals(self, from: Point, to: Point) -> Vec<Point> {
        match self {
            ActionResult::Win | ActionResult::Capture => vec![to],
            ActionResult::Lose | ActionResult::Scout => vec![from],
            ActionResult::Both => vec![from, to],
            ActionResult::Move | ActionResult::Flip | ActionResult::Bounce => vec![],
        }
    }

    /// The word of the engine protocol (`scout` is reported as `lose`).
    pub fn protocol_str(self) -> &'static str {
        match self {
            ActionResult::Move => "move",
            ActionResult::Win => "win",
            ActionResult::Lose | ActionResult::Scout => "lose",
            ActionResult::Both => "both",
            ActionResult::Capture => "capture",
            ActionResult::Flip => "flip",
            ActionResult::Bounce => "bounce",
        }
    }
}

/// Everything that happened in one action: enough to animate it and to referee it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReport {
    pub action: Action,
    /// The colour that acted; `None` only for a 翻棋 flip made before colours were assigned.
    pub by: Option<Color>,
    /// The points the piece travelled through, start and end included (one point for a flip).
    pub path: Vec<Point>,
    pub result: ActionResult,
    /// The moving piece (the flipped piece for a flip).
    pub attacker: Option<Piece>,
    /// The piece attacked, if any.
    pub defender: Option<Piece>,
    /// Pieces removed from the board, with the points they stood on.
    pub removed: Vec<(Point, Piece)>,
    /// Identities made public by this action (a flip, a flag after its marshal fell — in 翻棋
    /// turned face up if it was face down —, a scout).
    pub revealed: Vec<(Point, Piece)>,
    /// 翻棋: the colour given to the player who acted, when this action assigned colours.
    pub assigned: Option<Color>,
    /// The game's outcome, if this action ended it.
    pub outcome: Option<Outcome>,
}

impl MoveReport {
    /// Whether this action made anything known that was hidden before: a flip, a contact (its
    /// result tells about both pieces), an identity shown, or 翻棋 colours given. Only an action
    /// that did none of these can be taken back in a game with hidden pieces without leaking.
    pub fn revealed_anything(&self) -> bool {
        self.result != ActionResult::Move || !self.revealed.is_empty() || self.assigned.is_some()
    }
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is already over.
    GameOver,
    /// Not a legal action in this position.
    NotLegal(Action),
    /// The action is legal but its result depends on an identity this position does not know.
    UnknownIdentity(Point),
    /// Resigning is not allowed in the first 20 plies (nor before 翻棋 colours are assigned).
    ResignTooEarly,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => write!(f, "the game is over"),
            IllegalAction::NotLegal(a) => write!(f, "illegal action {a}"),
            IllegalAction::UnknownIdentity(p) => {
                write!(f, "the identity of the piece on {p} is not known")
            }
            IllegalAction::ResignTooEarly => {
                write!(f, "resigning is not allowed in the first 20 plies")
            }
        }
    }
}

impl std::error::Error for IllegalAction {}

/// 翻棋 bookkeeping before and after colours are assigned.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct FlipState {
    /// The colour of the player who acted first, once assigned.
    pub first_color: Option<Color>,
    /// `flip_two_same`: the colour each seat (0 = first player) flipped on its previous turn.
    pub last_flip: [Option<Color>; 2],
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: [Option<Occupant>; POINTS],
    pub(crate) occupied: Bitboard,
    /// Pieces whose colour is known, face-down truth included.
    pub(crate) by_color: ByColor<Bitboard>,
    /// Pieces whose role is known, by role.
    pub(crate) by_role: [Bitboard; 12],
    pub(crate) face_down: Bitboard,
    /// Points whose occupant's identity is public in 暗棋 (revealed flags, scouted pieces).
    pub(crate) public: Bitboard,
    /// `None` in 翻棋 before colours are assigned.
    pub(crate) turn: Option<Color>,
    pub(crate) halfmoves: u32,
    pub(crate) ply: u32,
    pub(crate) mode: Mode,
    pub(crate) rules: Rules,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) flip: FlipState,
    pub(crate) carry: ByColor<Option<Carry>>,
    /// 翻棋 in a player's view: landmines of each colour known (by counting the public removals)
    /// to lie among the face-down pieces of unknown identity.
    pub(crate) hidden_mines: ByColor<u8>,
    /// Turns each side lost to the per-move timer (`timeout_limit`).
    pub(crate) timeouts: ByColor<u8>,
    /// Do the rules change movement ([`Rules::changes_movement`])? Fixed with the rules.
    pub(crate) variant_moves: bool,
    /// The board this position stands on.
    pub(crate) board: BoardRef,
    /// The table: Red is seat 0, Black seat 1. Every "who moves next" and "whose pieces may
    /// be attacked" goes through it.
    pub(crate) seating: Seating,
}

impl Position {
    /// An empty board, Red to move (翻棋: nobody's colour known yet).
    pub fn empty(mode: Mode, rules: Rules) -> Position {
        Position {
            cells: [None; POINTS],
            occupied: Bitboard::EMPTY,
            by_color: ByColor::default(),
            by_role: [Bitboard::EMPTY; 12],
            face_down: Bitboard::EMPTY,
            public: Bitboard::EMPTY,
            turn: if mode == Mode::Flip {
                None
            } else {
                Some(Color::Red)
            },
            halfmoves: 0,
            ply: 1,
            mode,
            rules,
            outcome: None,
            flip: FlipState::default(),
            carry: ByColor::default(),
            hidden_mines: ByColor::default(),
            timeouts: ByColor::default(),
            variant_moves: rules.changes_movement(),
            board: BoardRef::default(),
            seating: Seating::two(),
        }
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The board this position stands on.
    #[inline(always)]
    pub fn board(&self) -> &'static Topology {
        self.board.get()
    }

    /// The table: two seats, Red (seat 0) and Black (seat 1), each its own team.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// Who moves after `c`: the next seat still in, in the seating's turn order.
    #[inline(always)]
    pub fn next_after(&self, c: Color) -> Color {
        self.seating
            .next_in(c.seat())
            .and_then(Color::of_seat)
            .unwrap_or(c)
    }

    /// The colour on the other team: whose pieces `c` may attack, who wins when `c` loses.
    #[inline(always)]
    pub fn opponent(&self, c: Color) -> Color {
        Color::ALL
            .into_iter()
            .find(|&o| self.seating.are_enemies(c.seat(), o.seat()))
            .unwrap_or(c)
    }

    /// The pieces of known colour that `us` may attack: those of every seat on another team.
    #[inline(always)]
    pub(crate) fn enemy_pieces(&self, us: Color) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for c in Color::ALL {
            if self.seating.are_enemies(us.seat(), c.seat()) {
                b |= self.by_color[c];
            }
        }
        b
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The colour to move; `None` in 翻棋 before colours are assigned.
    pub fn turn(&self) -> Option<Color> {
        self.turn
    }

    /// Plies since the last removal.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the ply to be played next, from 1.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// 翻棋: the colour of the player who acted first, once assigned (Red otherwise).
    pub fn first_color(&self) -> Option<Color> {
        match self.mode {
            Mode::Flip => self.flip.first_color,
            _ => Some(Color::Red),
        }
    }

    /// The occupant of a point.
    pub fn at(&self, p: Point) -> Option<Occupant> {
        self.cells[p.index()]
    }

    /// The piece on a point, when its identity is known.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        self.cells[p.index()].and_then(Occupant::piece)
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    pub fn face_down(&self) -> Bitboard {
        self.face_down
    }

    /// Points holding a piece of this colour (as far as known).
    pub fn pieces_of(&self, c: Color) -> Bitboard {
        self.by_color[c]
    }

    /// Points holding a known piece of this colour and role.
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c] & self.by_role[r as usize]
    }

    /// Points whose identity is public in 暗棋 beyond what each side owns.
    pub fn public(&self) -> Bitboard {
        self.public
    }

    /// Puts an occupant on a point (replacing what was there).
    pub fn put(&mut self, p: Point, occ: Occupant) {
        self.take(p);
        self.cells[p.index()] = Some(occ);
        self.occupied.add(p);
        if let Some(c) = occ.color {
            self.by_color[c].add(p);
        }
        if let Some(r) = occ.role {
            self.by_role[r as usize].add(p);
        }
        if occ.face_down {
            self.face_down.add(p);
        }
    }

    /// Removes and returns what stands on a point.
    pub fn take(&mut self, p: Point) -> Option<Occupant> {
        let occ = self.cells[p.index()].take()?;
        self.occupied.remove(p);
        if let Some(c) = occ.color {
            self.by_color[c].remove(p);
        }
        if let Some(r) = occ.role {
            self.by_role[r as usize].remove(p);
        }
        self.face_down.remove(p);
        self.public.remove(p);
        Some(occ)
    }

    /// Editing (a lesson's board, an analysis board): makes the identity standing on `p` known
    /// to both sides, as the referee does for a fallen 司令's flag. Nothing on `p`: no change.
    pub fn make_public(&mut self, p: Point) {
        if self.cells[p.index()].is_some_and(|o| o.role.is_some() && !o.face_down) {
            self.public.add(p);
        }
    }

    /// 暗棋 from a player's knowledge: every identity written down is known, so public.
    pub(crate) fn mark_known_public(&mut self) {
        let mut known = Bitboard::EMPTY;
        for r in self.by_role {
            known |= r;
        }
        self.public = known & !self.face_down;
    }

    pub(crate) fn set_turn(&mut self, turn: Option<Color>) {
        self.turn = turn;
    }

    pub(crate) fn set_counters(&mut self, halfmoves: u32, ply: u32) {
        self.halfmoves = halfmoves;
        self.ply = ply.max(1);
    }

    fn move_piece(&mut self, from: Point, to: Point) {
        let public = self.public.contains(from);
        if let Some(occ) = self.take(from) {
            self.put(to, occ);
            if public {
                self.public.add(to);
            }
        }
    }

    /// May the piece of `us` with role `role` attack the known flag on `flag`?
    fn may_take_flag(&self, us: Color, role: Role, flag_color: Color) -> bool {
        if self.rules.bomb_cannot_take_flag && role == Role::Bomb {
            return false;
        }
        if self.mode == Mode::Flip {
            if self.pieces(flag_color, Role::Landmine).any() || self.hidden_mines[flag_color] > 0 {
                return false;
            }
            if self.rules.flip_smallest_takes_flag {
                let Some(rank) = role.rank() else {
                    return false;
                };
                let smallest = Role::ALL
                    .iter()
                    .filter(|r| r.rank().is_some())
                    .filter(|&&r| (self.pieces(us, r) & !self.face_down).any())
                    .filter_map(|r| r.rank())
                    .min();
                if smallest != Some(rank) {
                    return false;
                }
            }
        }
        true
    }

    /// Points a piece of `us` with `role` may attack.
    #[inline(always)]
    fn attackable(&self, us: Color, role: Role, topo: &Topology) -> Bitboard {
        let mut targets = self.enemy_pieces(us) & !self.face_down & !topo.camps;
        let mut flags = targets & self.by_role[Role::Flag as usize];
        if self.mode == Mode::Dark {
            // In 暗棋 a flag's special rules bind only once it is known to be the flag.
            flags &= self.public;
        }
        if flags.any() && !self.may_take_flag(us, role, self.opponent(us)) {
            targets &= !flags;
        }
        targets
    }

    /// The destinations of the own, face-up, known piece on `from`.
    fn destinations(&self, from: Point, us: Color, role: Role, topo: &Topology) -> Bitboard {
        if self.variant_moves {
            self.destinations_in::<true>(from, us, role, topo)
        } else {
            self.destinations_in::<false>(from, us, role, topo)
        }
    }

    /// [`Position::destinations`], with the switches that change movement (`VARIANT`) decided
    /// at compile time for the move-generation loops ([`crate::movement::destinations`]).
    #[inline(always)]
    fn destinations_in<const VARIANT: bool>(
        &self,
        from: Point,
        us: Color,
        role: Role,
        topo: &Topology,
    ) -> Bitboard {
        if !role.is_movable() {
            return Bitboard::EMPTY;
        }
        crate::movement::destinations::<Point, VARIANT>(
            topo,
            &self.rules,
            from,
            role,
            self.carry[us].is_some_and(|c| c.at == from),
            self.occupied,
            self.attackable(us, role, topo),
            || Barred {
                camps: topo
                    .camps
                    .iter()
                    .filter(|&c| self.seating.are_enemies(us.seat(), topo.half(c).seat()))
                    .collect(),
                reserved: self.reserved(),
            },
        )
    }

    /// The points where carried flags were taken (`carry_flag_home`, `carry_flag_front`).
    fn reserved(&self) -> Bitboard {
        let mut r = Bitboard::EMPTY;
        for c in Color::ALL {
            if let Some(k) = self.carry[c] {
                r.add(k.home);
            }
        }
        r
    }

    /// The colour whose pieces may move now (`None`: 翻棋 before colours, flips only).
    fn mover(&self) -> Option<Color> {
        self.turn
    }

    /// Every legal action of the side to move, in a fixed order (moves by origin, then flips).
    pub fn legal_actions(&self) -> Actions {
        let mut out = Vec::with_capacity(64);
        self.for_each_action(|a| out.push(a));
        out
    }

    /// The number of legal actions (cheaper than listing them).
    pub fn count_actions(&self) -> usize {
        if self.variant_moves {
            self.count_actions_in::<true>()
        } else {
            self.count_actions_in::<false>()
        }
    }

    fn count_actions_in<const VARIANT: bool>(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let topo = self.board();
        let mut n = 0;
        if let Some(us) = self.mover() {
            for from in self.by_color[us] & !self.face_down {
                if let Some(role) = self.cells[from.index()].and_then(|o| o.role) {
                    n += self
                        .destinations_in::<VARIANT>(from, us, role, topo)
                        .count() as usize;
                }
            }
        }
        n + self.face_down.count() as usize
    }

    fn for_each_action(&self, f: impl FnMut(Action)) {
        if self.variant_moves {
            self.for_each_action_in::<true>(f)
        } else {
            self.for_each_action_in::<false>(f)
        }
    }

    fn for_each_action_in<const VARIANT: bool>(&self, mut f: impl FnMut(Action)) {
        if self.outcome.is_some() {
            return;
        }
        let topo = self.board();
        if let Some(us) = self.mover() {
            for from in self.by_color[us] & !self.face_down {
                if let Some(role) = self.cells[from.index()].and_then(|o| o.role) {
                    for to in self.destinations_in::<VARIANT>(from, us, role, topo) {
                        f(Action::Move { from, to });
                    }
                }
            }
        }
        for p in self.face_down {
            f(Action::Flip(p));
        }
    }

    /// The legal destinations of the piece on `from` (empty if it is not the mover's).
    pub fn destinations_from(&self, from: Point) -> Bitboard {
        if self.outcome.is_some() {
            return Bitboard::EMPTY;
        }
        let Some(us) = self.mover() else {
            return Bitboard::EMPTY;
        };
        match self.cells[from.index()] {
            Some(Occupant {
                color: Some(c),
                role: Some(role),
                face_down: false,
            }) if c == us => self.destinations(from, us, role, self.board()),
            _ => Bitboard::EMPTY,
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        match action {
            Action::Move { from, to } => self.destinations_from(from).contains(to),
            Action::Flip(p) => self.outcome.is_none() && self.face_down.contains(p),
        }
    }

    /// The path a legal move takes: a step, a straight run, or an engineer's shortest railway
    /// route (also for a piece whose role this view does not know).
    pub fn path(&self, from: Point, to: Point) -> Vec<Point> {
        let engineer_like = self
            .piece_at(from)
            .is_some_and(|p| crate::movement::runs_like_engineer(p.role, &self.rules));
        crate::movement::path(
            self.board(),
            &self.rules,
            from,
            to,
            engineer_like,
            !self.occupied,
        )
        .unwrap_or_else(|| vec![from, to])
    }

    /// Plays a legal action and reports what happened; refuses anything else, changing nothing.
    pub fn play(&mut self, action: Action) -> Result<MoveReport, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.is_legal(action) {
            return Err(IllegalAction::NotLegal(action));
        }
        match action {
            Action::Move { to, .. } => {
                if let Some(occ) = self.cells[to.index()] {
                    if occ.role.is_none() {
                        return Err(IllegalAction::UnknownIdentity(to));
                    }
                }
            }
            Action::Flip(p) => {
                if self.cells[p.index()].is_some_and(|o| o.piece().is_none()) {
                    return Err(IllegalAction::UnknownIdentity(p));
                }
            }
        }
        let path = match action {
            Action::Move { from, to } => self.path(from, to),
            Action::Flip(p) => vec![p],
        };
        let mut report = self.apply(action, path);
        if report.outcome.is_none() {
            self.settle_outcome();
            report.outcome = self.outcome;
        }
        Ok(report)
    }

    /// 翻棋 search over hypotheses: flips the face-down piece on `p` as if it were `piece`.
    ///
    /// For a player's own reasoning about a view (whose face-down pieces are unknown); the
    /// referee never needs it. Does nothing if `p` holds no face-down piece.
    pub fn play_flip_as(&mut self, p: Point, piece: Piece) {
        let Some(occ) = self.cells[p.index()] else {
            return;
        };
        if !occ.face_down {
            return;
        }
        if occ.role.is_none() && piece.role == Role::Landmine {
            let h = &mut self.hidden_mines[piece.color];
            *h = h.saturating_sub(1);
        }
        self.take(p);
        self.put(
            p,
            Occupant {
                color: Some(piece.color),
                role: Some(piece.role),
                face_down: true,
            },
        );
        self.apply(Action::Flip(p), Vec::new());
    }

    /// Plays an action known to be legal, for search: no checks, no report, and only the flag
    /// capture is noticed as an end (the caller sees "no legal move" from an empty action list).
    pub fn play_unchecked(&mut self, action: Action) {
        self.apply(action, Vec::new());
    }

    /// Decides the end of the game by §6 when the side to move has no legal action or a limit
    /// has been reached.
    pub fn settle_outcome(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let Some(to_move) = self.turn else {
            return;
        };
        if self.count_actions() == 0 {
            self.outcome = Some(if self.rules.no_move_draw && !self.other_side_can_act() {
                Outcome::Draw {
                    reason: DrawReason::NoMoves,
                }
            } else {
                Outcome::Win {
                    winner: self.opponent(to_move),
                    reason: WinReason::NoLegalMove,
                }
            });
        } else if let Some(o) = self.limit_outcome() {
            self.outcome = Some(o);
        } else if self.rules.dead_position_draw && self.is_dead() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::DeadPosition,
            });
        }
    }

    /// The end a counting rule gives this position, if one is reached: the no-capture draw (or
    /// `no_collision_31`'s loss for the side to move), then `ply_limit`'s draw.
    pub fn limit_outcome(&self) -> Option<Outcome> {
        let to_move = self.turn?;
        if self.halfmoves >= self.rules.quiet_limit() {
            return Some(if self.rules.no_collision_31 {
                Outcome::Win {
                    winner: self.opponent(to_move),
                    reason: WinReason::NoContact,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::NoCapture,
                }
            });
        }
        if self.rules.ply_limit > 0 && self.ply > self.rules.ply_limit {
            return Some(Outcome::Draw {
                reason: DrawReason::PlyLimit,
            });
        }
        None
    }

    /// Would the side not to move have a legal action if it were its turn?
    fn other_side_can_act(&self) -> bool {
        let mut other = self.clone();
        other.turn = self.turn.map(|c| self.next_after(c));
        other.count_actions() > 0
    }

    /// The flag `color` is carrying, if any (`carry_flag_home`, `carry_flag_front`).
    pub fn carrying(&self, color: Color) -> Option<Carry> {
        self.carry[color]
    }

    /// Turns `color` lost to the per-move timer so far.
    pub fn timeouts(&self, color: Color) -> u8 {
        self.timeouts[color]
    }

    /// The side to move let its per-move time run out: the turn passes to the other side (a ply
    /// without contact) and the timeout is counted; the `timeout_limit`-th loses the game
    /// ([`WinReason::Timeout`]). In 翻棋 before colours are assigned, the turn passes uncounted.
    pub fn miss_turn(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        self.ply += 1;
        self.halfmoves += 1;
        if let Some(c) = self.turn {
            let n = self.timeouts[c].saturating_add(1);
            self.timeouts[c] = n;
            self.turn = Some(self.next_after(c));
            if self.rules.timeout_limit > 0 && u32::from(n) >= self.rules.timeout_limit {
                self.outcome = Some(Outcome::Win {
                    winner: self.opponent(c),
                    reason: WinReason::Timeout,
                });
            }
        }
        self.settle_outcome();
        Ok(self.outcome)
    }

    fn remove_piece(&mut self, p: Point, report: &mut MoveReport) {
        let Some(occ) = self.take(p) else { return };
        let Some(piece) = occ.piece() else { return };
        report.removed.push((p, piece));
        if piece.role == Role::Marshal {
            // 司令阵亡，亮军旗: the fallen marshal's flag is shown to both players. In 翻棋 a
            // flag still face down is turned face up, so the board shows what the record says.
            // A 翻棋 flag already face up was public before.
            for f in self.pieces(piece.color, Role::Flag) {
                let face_down = self.face_down.contains(f);
                if face_down {
                    self.face_down.remove(f);
                    if let Some(o) = &mut self.cells[f.index()] {
                        o.face_down = false;
                    }
                }
                let known = self.mode == Mode::Flip && !face_down;
                if !known && !self.public.contains(f) {
                    self.public.add(f);
                    report
                        .revealed
                        .push((f, Piece::new(piece.color, Role::Flag)));
                }
            }
        }
        let owner = piece.color;
        if let Some(carry) = self.carry[owner] {
            if carry.at == p {
                // The carrier fell: the flag is dropped and goes back, face up, to the point
                // where it was taken. No piece may stop there while the flag is carried, and the
                // carrier standing on it has just been taken off, so the point is free.
                self.carry[owner] = None;
                if !self.occupied.contains(carry.home) {
                    let flag = Piece::new(self.opponent(owner), Role::Flag);
                    self.put(carry.home, Occupant::known(flag));
                    self.public.add(carry.home);
                    report.revealed.push((carry.home, flag));
                }
            }
        }
    }

    fn assign_colors(&mut self, mover: Color) {
        let seat = (self.ply + 1) % 2; // ply 1 → seat 0
        self.flip.first_color = Some(if seat == 0 {
            mover
        } else {
            self.opponent(mover)
        });
    }

    fn apply(&mut self, action: Action, path: Vec<Point>) -> MoveReport {
        let mut report = MoveReport {
            action,
            by: self.turn,
            path,
            result: ActionResult::Move,
            attacker: None,
            defender: None,
            removed: Vec::new(),
            revealed: Vec::new(),
            assigned: None,
            outcome: None,
        };
        let mut removal = false;
        let next_turn;
        match action {
            Action::Flip(p) => {
                report.result = ActionResult::Flip;
                let mut occ = self.cells[p.index()].unwrap_or(Occupant {
                    color: None,
                    role: None,
                    face_down: true,
                });
                occ.face_down = false;
                self.face_down.remove(p);
                self.cells[p.index()] = Some(occ);
                let piece = occ.piece();
                report.attacker = piece;
                if let Some(piece) = piece {
                    report.revealed.push((p, piece));
                }
                match self.turn {
                    Some(c) => next_turn = Some(self.next_after(c)),
                    None => {
                        let seat = ((self.ply + 1) % 2) as usize;
                        let assigned = piece.and_then(|piece| {
                            if self.rules.flip_first_engineer {
                                (piece.role == Role::Engineer).then_some(piece.color)
                            } else if self.rules.flip_two_same {
                                let same = self.flip.last_flip[seat] == Some(piece.color);
                                self.flip.last_flip[seat] = Some(piece.color);
                                same.then_some(piece.color)
                            } else {
                                Some(piece.color)
                            }
                        });
                        match assigned {
                            Some(c) => {
                                self.assign_colors(c);
                                report.by = Some(c);
                                report.assigned = Some(c);
                                next_turn = Some(self.next_after(c));
                            }
                            None => next_turn = None,
                        }
                    }
                }
            }
            Action::Move { from, to } => {
                let us = self.turn.unwrap_or(Color::Red);
                let attacker = self.cells[from.index()].and_then(Occupant::piece);
                report.attacker = attacker;
                next_turn = Some(self.next_after(us));
                match self.cells[to.index()] {
                    None => {
                        self.move_piece(from, to);
                        self.after_carrier_move(us, from, to);
                    }
                    Some(def_occ) => {
                        let (Some(att), Some(def)) = (attacker, def_occ.piece()) else {
                            // Unknown identities: only reachable through `play_unchecked`.
                            self.turn = next_turn;
                            self.ply += 1;
                            self.halfmoves += 1;
                            return report;
                        };
                        report.defender = Some(def);
                        removal = true;
                        // A bomb that may not take the flag can only meet one in 暗棋, where the
                        // flag is not yet shown: it is spent (`contact`).
                        let result = contact(att.role, def.role, self.mode, &self.rules);
                        if result == Clash::Bounce {
                            // Under `no_collision_31` a bounce is still an attack.
                            removal = self.rules.no_collision_31;
                        }
                        let flag = def.role == Role::Flag;
                        report.result = match result {
                            Clash::Win if flag => ActionResult::Capture,
                            Clash::Win => ActionResult::Win,
                            Clash::Lose => ActionResult::Lose,
                            Clash::Both if flag => ActionResult::Capture,
                            Clash::Both => ActionResult::Both,
                            Clash::Scout => ActionResult::Scout,
                            Clash::Bounce => ActionResult::Bounce,
                        };
                        if result.attacker_removed() {
                            self.remove_piece(from, &mut report);
                        }
                        if result.defender_removed() {
                            self.remove_piece(to, &mut report);
                        }
                        if result == Clash::Win {
                            if self.cells[to.index()].is_none() {
                                self.move_piece(from, to);
                                self.after_carrier_move(us, from, to);
                            } else {
                                // A carrier beaten on the point where it took the flag: the
                                // flag is back there, and the winner stays where it was.
                                report.path.truncate(1);
                            }
                        }
                        if matches!(result, Clash::Scout | Clash::Bounce)
                            && !self.public.contains(to)
                        {
                            self.public.add(to);
                            report.revealed.push((to, def));
                        }
                        if flag && result.defender_removed() {
                            if self.rules.carries_flag() && result == Clash::Win {
                                report.result = ActionResult::Win;
                                // Everyone sees the flag taken: it is carried from now on.
                                report.revealed.push((to, def));
                                self.carry[us] = Some(Carry { at: to, home: to });
                                self.after_carrier_move(us, to, to);
                            } else {
                                self.outcome = Some(Outcome::Win {
                                    winner: us,
                                    reason: WinReason::FlagCaptured,
                                });
                            }
                        }
                    }
                }
            }
        }
        self.turn = next_turn;
        self.ply += 1;
        if removal {
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        report.outcome = self.outcome;
        report
    }

    /// `carry_flag_home` / `carry_flag_front`: follows the carrier and ends the game when it
    /// reaches its own headquarters (`carry_flag_front`: its own half).
    fn after_carrier_move(&mut self, us: Color, from: Point, to: Point) {
        if let Some(mut carry) = self.carry[us] {
            if carry.at == from {
                carry.at = to;
                self.carry[us] = Some(carry);
                let topo = self.board();
                let home = if self.rules.carry_flag_front {
                    topo.half(to) == us
                } else {
                    topo.is_headquarters(to) && topo.half(to) == us
                };
                if home {
                    self.outcome = Some(Outcome::Win {
                        winner: us,
                        reason: WinReason::FlagCaptured,
                    });
                }
            }
        }
    }

    /// `color` resigns. Not allowed in the first 20 plies, nor before 翻棋 colours are assigned.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if self.ply <= 20 || self.turn.is_none() {
            return Err(IllegalAction::ResignTooEarly);
        }
        let o = Outcome::Win {
            winner: self.opponent(color),
            reason: WinReason::Resignation,
        };
        self.outcome = Some(o);
        Ok(o)
    }

    /// May `color` resign now?
    pub fn may_resign(&self) -> bool {
        self.outcome.is_none() && self.ply > 20 && self.turn.is_some()
    }

    /// Both sides agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let o = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        self.outcome = Some(o);
        Ok(o)
    }

    /// `color`'s clock ran out.
    pub fn time_out(&mut self, color: Color) -> Result<Outcome, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let o = Outcome::Win {
            winner: self.opponent(color),
            reason: WinReason::Timeout,
        };
        self.outcome = Some(o);
        Ok(o)
    }

    /// Counts the leaves of the legal-action tree `depth` plies deep (RULES.md §9).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_actions() as u64;
        }
        let mut total = 0;
        self.for_each_action(|a| {
            let mut child = self.clone();
            child.play_unchecked(a);
            total += child.perft(depth - 1);
        });
        total
    }
}
