//! What an action or another event of the game did, on any board: the one report that the
//! engine gives ([`Report`]), and what a contact looked like to someone watching the board
//! ([`ActionResult`]).

use crate::action::Action;
use crate::combat::Clash;
use crate::seat::Seat;
use crate::types::{Piece, Point, Role};
use crate::{ExitReason, Outcome};
use serde::{Deserialize, Serialize};

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
    pub fn removals<P>(self, from: P, to: P) -> Vec<P> {
        match self {
            ActionResult::Win | ActionResult::Capture => vec![to],
            ActionResult::Lose | ActionResult::Scout => vec![from],
            ActionResult::Both => vec![from, to],
            ActionResult::Move | ActionResult::Flip | ActionResult::Bounce => vec![],
        }
    }

    /// What the board shows of a contact: `clash` between `attacker` and `defender`, the
    /// defender's flag `carried` (not taken at once).
    pub fn of_contact(clash: Clash, defender: Role, carried: bool) -> ActionResult {
        let flag = defender == Role::Flag;
        match clash {
            Clash::Win if flag && carried => ActionResult::Win,
            Clash::Win | Clash::Both if flag => ActionResult::Capture,
            Clash::Win => ActionResult::Win,
            Clash::Lose => ActionResult::Lose,
            Clash::Both => ActionResult::Both,
            Clash::Scout => ActionResult::Scout,
            Clash::Bounce => ActionResult::Bounce,
        }
    }

    /// The result a word of the engine protocol names (`lose` a plain loss: a scout is told
    /// by what it shows, [`crate::PublicEvent::heard`]).
    pub fn from_protocol(word: &str) -> Option<ActionResult> {
        [
            ActionResult::Move,
            ActionResult::Win,
            ActionResult::Lose,
            ActionResult::Both,
            ActionResult::Capture,
            ActionResult::Flip,
            ActionResult::Bounce,
        ]
        .into_iter()
        .find(|r| r.protocol_str() == word)
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

/// What an action (a move, a 翻棋 flip) or another event of the game (a resignation, a
/// timeout, a seat leaving) did, on any board (`P`: the board's kind of point).
///
/// The engine's own search plays without a report; every action played through
/// [`crate::siguo::Position::play`] names all of it: the route, the pieces met, removed and
/// shown — enough to animate it, to referee it and to tell each seat what it saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<P = Point> {
    /// The seat that acted; `None` only for a 翻棋 flip made before colours were given that
    /// did not give them (then nobody's colour is known yet).
    pub by: Option<Seat>,
    /// The move or 翻棋 flip played; `None` for a resignation, a timeout, a missed turn, an
    /// agreed draw, or a seat leaving at the start of its turn.
    pub action: Option<Action<P>>,
    /// The points the piece travelled through, start and end included (one point for a flip;
    /// only the start for an attacker that stayed where it was).
    pub path: Vec<P>,
    /// What the board showed of the action.
    pub result: ActionResult,
    /// 翻棋: the colour (seat) this flip gave to the player who made it.
    pub assigned: Option<Seat>,
    /// The combat result, when the move attacked a piece of known identity.
    pub clash: Option<Clash>,
    /// The moving piece (the flipped piece for a flip), when its identity is known.
    pub attacker: Option<Piece>,
    /// The piece attacked, if any, when its identity is known.
    pub defender: Option<Piece>,
    /// Pieces the contact removed, with the points they stood on (a seat leaving the game takes
    /// its pieces with it: see `eliminated`).
    pub removed: Vec<(P, Piece)>,
    /// Identities this action made public: a flip, a flag after its Field Marshal fell (in 翻棋
    /// turned face up if it was face down), a scouted defender or a landmine that sent a piece
    /// back, a flag taken to be carried or dropped back where it was taken.
    pub revealed: Vec<(P, Piece)>,
    /// Points whose piece this move made known to every seat: the defender an engineer
    /// scouted, a landmine that sent a piece back, a fallen 司令's flag turned face up.
    pub shown: Vec<P>,
    /// Seats that left the game because of this move, in order.
    pub eliminated: Vec<(Seat, ExitReason)>,
    /// `carry_flag_home`, `carry_flag_front`: the seat whose flag this move took, to be carried
    /// from the move's destination (the owner stays in until it arrives).
    pub carried: Option<Seat>,
    /// The game's outcome, if this ended it.
    pub outcome: Option<Outcome>,
}

impl<P> Report<P> {
    /// Whether this action made anything known that was hidden before: a flip or the colours
    /// it gave, a contact (its result tells about both pieces), a piece shown to every seat, a
    /// seat leaving (its pieces leave the board with it), a flag taken. Where pieces are hidden
    /// from some seat, only an action that did none of these can be taken back without leaking
    /// — what was seen cannot be unseen.
    pub fn revealed_anything(&self) -> bool {
        matches!(self.action, Some(Action::Flip(_)))
            || self.assigned.is_some()
            || self.clash.is_some()
            || !self.shown.is_empty()
            || !self.revealed.is_empty()
            || !self.eliminated.is_empty()
            || self.carried.is_some()
    }

    /// The report of an event of `by` that is not a move, before it has done anything.
    pub(crate) fn of(by: Seat) -> Report<P> {
        Report {
            by: Some(by),
            action: None,
            path: Vec::new(),
            result: ActionResult::Move,
            assigned: None,
            clash: None,
            attacker: None,
            defender: None,
            removed: Vec::new(),
            revealed: Vec::new(),
            shown: Vec::new(),
            eliminated: Vec::new(),
            carried: None,
            outcome: None,
        }
    }
}
