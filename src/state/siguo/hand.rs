//! What the person at the cross board holds between taps, and what their gestures mean: the
//! piece picked up, the hidden piece whose guess is being chosen, and the move waiting to be
//! confirmed because it would leave them no move. Plain Rust, read against the [`Table`]: the
//! [`Session`](super::session::Session) holds the hand and plays the move a gesture answers.

use super::Table;
use crate::ground::drag::Gesture;
use crate::ground::pick::{self, Pick};
use crate::state::controller::Typed;
use junqi_core::seat::Seat;
use junqi_core::siguo::Point;
use junqi_core::Action;

/// The person's hand at the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    /// The piece picked up.
    pub selected: Option<Point>,
    /// The hidden piece whose guess picker is open.
    pub guess_at: Option<Point>,
    /// A move that would leave the person no move of their own, asked first.
    pub stranding: Option<Action<Point>>,
}

/// Who is at the board: the seat whose eyes it uses, and whether that person may move now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AtBoard {
    pub viewer: Seat,
    pub may_act: bool,
}

/// Whether `p` holds a piece the viewer cannot see, in a game still going.
pub fn hidden_at(t: &Table, viewer: Seat, p: Point) -> bool {
    !t.is_over()
        && t.pieces(viewer)
            .iter()
            .any(|(q, _, role)| *q == p && role.is_none())
}

impl Hand {
    /// A gesture on the board: a tap, a piece dragged and dropped (a move when the drop is one
    /// of its destinations, else the piece goes back), a long press (a guess on a hidden
    /// piece). Returns the move to play now.
    pub fn gesture(&mut self, t: &Table, at: AtBoard, g: Gesture<Point>) -> Option<Action<Point>> {
        match g {
            Gesture::Tap(p) => self.tap(t, at, p),
            // The cross board marks guesses with a tap; a long press marks one too.
            Gesture::LongPress(p) if hidden_at(t, at.viewer, p) => self.tap(t, at, p),
            Gesture::LongPress(_) => None,
            Gesture::Drop { from, to: Some(to) }
                if to != from && at.may_act && t.dests(from).contains(&to) =>
            {
                self.selected = Some(from);
                self.tap(t, at, to)
            }
            // Dropped nowhere (or Escape): the piece goes back, and a question about a move
            // that would leave the person no move goes with it.
            Gesture::Drop { .. } => {
                self.selected = None;
                self.stranding = None;
                None
            }
        }
    }

    /// A tap on a point: pick a piece up or put it back, move it, or open the guess picker on
    /// a hidden piece. Nothing is picked up or moved while the person may not act.
    pub fn tap(&mut self, t: &Table, at: AtBoard, p: Point) -> Option<Action<Point>> {
        self.stranding = None;
        let act = at.may_act;
        let pick = pick::tap(
            self.selected,
            p,
            |from, to| act && t.dests(from).contains(&to),
            |q| act && !t.dests(q).is_empty(),
        );
        match pick {
            Pick::Go { from, to } => {
                self.guess_at = None;
                // Asked first, the piece stays picked up until the move is confirmed.
                let mv = self.go(t, Action::Move { from, to });
                if mv.is_some() {
                    self.selected = None;
                }
                mv
            }
            Pick::Up(p) => {
                self.guess_at = None;
                self.selected = Some(p);
                None
            }
            Pick::Back(p) | Pick::Miss(p) if hidden_at(t, at.viewer, p) => {
                self.selected = None;
                self.guess_at = Some(p);
                None
            }
            Pick::Back(_) | Pick::Miss(_) => {
                self.guess_at = None;
                if act {
                    self.selected = None;
                }
                None
            }
        }
    }

    /// A move typed in the notation (`Sa4-Ea0`, the move box): the move to play when it is the
    /// person's legal move now (one that would leave them no move is asked first, as a tap's
    /// is), else the reason it was not.
    pub fn typed(
        &mut self,
        t: &Table,
        at: AtBoard,
        text: &str,
    ) -> Result<Option<Action<Point>>, Typed<Point, Action<Point>>> {
        let mv: Action<Point> = text.trim().parse().map_err(|_| Typed::Unreadable)?;
        if !at.may_act {
            return Err(Typed::NotNow);
        }
        let own = t
            .pieces(at.viewer)
            .iter()
            .any(|(p, s, _)| *p == mv.from() && *s == at.viewer);
        if !own {
            return Err(Typed::NotYours(mv.from()));
        }
        if !t.dests(mv.from()).contains(&mv.to()) {
            return Err(Typed::CannotGo(mv.from(), mv));
        }
        self.guess_at = None;
        self.selected = None;
        Ok(self.go(t, mv))
    }

    /// The person confirms the move that leaves them no move.
    pub fn confirm(&mut self, at: AtBoard) -> Option<Action<Point>> {
        let mv = self.stranding.take()?;
        if at.may_act {
            self.selected = None;
            Some(mv)
        } else {
            None
        }
    }

    /// A legal move chosen: played now, or asked first when it leaves the person no move.
    fn go(&mut self, t: &Table, mv: Action<Point>) -> Option<Action<Point>> {
        if t.strands(mv) {
            self.stranding = Some(mv);
            return None;
        }
        Some(mv)
    }
}
