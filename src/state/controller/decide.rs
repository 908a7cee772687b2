//! The buttons beside the board: undo (against the computer), resign, and draws (the computer
//! accepts a quiet game; a friend is asked).

use super::{Controller, Effect};
use crate::i18n;
use junqi_core::IllegalAction;

/// Plies without a capture after which the computer accepts a draw.
const QUIET_FOR_DRAW: u32 = 30;

/// What offering a draw leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The computer accepts: the game ends drawn ([`Controller::accept_draw`]).
    Accepted,
    /// The computer declines.
    Declined,
    /// Pass and play: the other seat is asked, on behalf of `from`.
    Ask { from: u8 },
    /// A friend on another device is asked ([`Controller::send_draw_offer`]).
    Send,
}

impl Controller {
    /// Whether an undo may be tried now: against the computer, the board still, the game on.
    pub fn undo_allowed(&self) -> bool {
        !self.friend() && !self.watched() && !self.animating && self.game.outcome().is_none()
    }

    /// Whether the player has an action of their own to take back (with a friend on another
    /// device: may ask to).
    pub fn can_undo(&self) -> bool {
        if self.game.duel().is_some() {
            return !self.animating && self.game.may_ask_undo();
        }
        self.game.outcome().is_none() && self.game.can_undo(self.game.config.seat)
    }

    /// Asks the friend on another device to take back this side's last move (and their reply,
    /// if they made one).
    pub fn ask_undo(&mut self) -> Vec<Effect> {
        self.edits += 1;
        if !self.game.ask_undo() {
            return Vec::new();
        }
        self.selected = None;
        let mut fx = vec![Effect::Save];
        fx.extend(self.outbox());
        fx.push(Effect::Notice(i18n::REMOTE_UNDO_SENT));
        fx
    }

    /// The friend on another device asks to take back: the seat that asked, while the ask
    /// waits for this side's answer.
    pub fn undo_asked(&self) -> Option<u8> {
        self.game
            .undo_asked()
            .filter(|&from| from != self.game.config.seat)
    }

    /// Whether this side's own ask to take back waits for the friend's answer.
    pub fn undo_waiting(&self) -> bool {
        self.game.undo_asked() == Some(self.game.config.seat)
    }

    /// Answers the friend's ask to take back; accepted, the board goes back with theirs.
    pub fn answer_undo(&mut self, accept: bool) -> Vec<Effect> {
        self.edits += 1;
        let ply = self.game.position().ply();
        if !self.game.answer_undo(accept) {
            return Vec::new();
        }
        if self.game.position().ply() != ply {
            self.selected = None;
            self.show_seat(self.display_seat());
            self.turn_again();
        }
        let mut fx = vec![Effect::Save];
        fx.extend(self.outbox());
        fx
    }

    /// Takes back `seat`'s last move (and the computer's reply).
    pub fn undo(&mut self, seat: u8) -> Vec<Effect> {
        self.edits += 1;
        if !self.game.undo_for(seat) {
            return Vec::new();
        }
        self.selected = None;
        self.show_seat(seat);
        vec![Effect::Save]
    }

    /// The acting seat resigns (refused in the first 20 plies).
    pub fn resign(&mut self) -> Vec<Effect> {
        if self.watched() {
            return Vec::new();
        }
        let seat = self.acting_seat();
        self.edits += 1;
        match self.game.resign(seat) {
            Ok(_) => self.ended(),
            Err(IllegalAction::ResignTooEarly) => vec![Effect::Notice(i18n::RESIGN_TOO_EARLY)],
            Err(IllegalAction::NotYourTurn) => vec![Effect::Notice(i18n::RESIGN_ON_YOUR_TURN)],
            Err(_) => Vec::new(),
        }
    }

    /// Whether resigning is allowed now (not in the first 20 plies).
    pub fn may_resign(&self) -> bool {
        // With a friend on another device a press on the friend's turn says to wait for one's
        // own (`RESIGN_ON_YOUR_TURN`).
        !self.watched() && self.game.may_resign()
    }

    /// What offering a draw leads to now.
    pub fn offer_draw(&self) -> DrawOffer {
        if self.game.remote_state().is_some() {
            DrawOffer::Send
        } else if self.friend() {
            DrawOffer::Ask {
                from: self.acting_seat(),
            }
        } else if self.game.halfmoves() >= QUIET_FOR_DRAW {
            DrawOffer::Accepted
        } else {
            DrawOffer::Declined
        }
    }

    /// Offers the friend on another device a draw, on this side's turn.
    pub fn send_draw_offer(&mut self) -> Vec<Effect> {
        self.edits += 1;
        if !self.game.offer_draw() {
            return vec![Effect::Notice(i18n::DRAW_ON_YOUR_TURN)];
        }
        let mut fx = vec![Effect::Save];
        fx.extend(self.outbox());
        fx.push(Effect::Notice(i18n::REMOTE_DRAW_SENT));
        fx
    }

    /// The friend on another device offered a draw that this device may accept now (its own
    /// turn): the seat that offered.
    pub fn draw_offered(&self) -> Option<u8> {
        self.game.draw_offered().filter(|&from| {
            from != self.game.config.seat && self.game.seat_to_move() == Some(self.game.config.seat)
        })
    }

    /// Both sides agree to a draw.
    pub fn accept_draw(&mut self) -> Vec<Effect> {
        self.edits += 1;
        let _ = self.game.agree_draw();
        self.ended()
    }

    /// A decision ended the game (or tried to): save, drop the animation, show the result.
    pub(super) fn ended(&mut self) -> Vec<Effect> {
        self.animating = false;
        let mut fx = vec![Effect::Save];
        // Kept before it goes (the resignation or the acceptance).
        fx.extend(self.outbox());
        fx.push(Effect::StopAnimation);
        fx.extend(self.after_change());
        fx
    }
}
