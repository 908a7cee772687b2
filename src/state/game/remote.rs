//! A game with a friend on another device: this device's side of it (junqi-duel's [`Duel`]:
//! its own formation and secrets, and the game as this side may know it), and the messages
//! waiting to go to the other device. The other device is a seat like the computer's: its
//! actions arrive as messages, and the core checks each one ([`Duel::receive`]).

use super::Played;
use junqi_core::{Action, Deployment, IllegalAction, Outcome, PlayerView, Position, PublicEvent};
use junqi_duel::{Duel, Phase, Refusal};
use std::fmt;

/// Where a game with another device stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteState {
    /// Waiting for the other device's commitments (and in 明棋 its formation).
    Setting,
    Playing,
    /// An attack waits for the other device's part of the contact.
    Settling,
    /// The game is over; waiting for the other device to open its pieces.
    Ending,
    /// Both devices opened everything, and this one checked the whole game.
    Verified,
    /// The other device lied: what, where and when.
    Cheated(String),
}

/// This device's side.
#[derive(Clone)]
pub(super) struct Remote {
    duel: Duel,
    /// Messages to send, oldest first.
    outbox: Vec<String>,
}

impl fmt::Debug for Remote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the secrets: the seat and how far the game is.
        f.debug_struct("Remote")
            .field("me", &self.duel.me())
            .field("plies", &self.duel.history().len())
            .finish()
    }
}

impl Remote {
    /// This side, with its first message (its commitments) waiting to go.
    pub(super) fn new(duel: Duel, first: Vec<String>) -> Remote {
        Remote {
            duel,
            outbox: first,
        }
    }

    pub(super) fn duel(&self) -> &Duel {
        &self.duel
    }

    pub(super) fn position(&self) -> &Position {
        self.duel.view()
    }

    /// What this side may see now.
    pub(super) fn view(&self) -> PlayerView {
        self.duel.view().view(Some(self.duel.me()))
    }

    pub(super) fn formation(&self) -> &Deployment {
        self.duel.formation()
    }

    pub(super) fn history(&self) -> &[PublicEvent] {
        self.duel.history()
    }

    pub(super) fn state(&self) -> RemoteState {
        match self.duel.phase() {
            Phase::Setting => RemoteState::Setting,
            Phase::Playing if self.duel.waiting() => RemoteState::Settling,
            Phase::Playing => RemoteState::Playing,
            Phase::Ending => RemoteState::Ending,
            Phase::Verified(_) => RemoteState::Verified,
            Phase::Cheated(c) => RemoteState::Cheated(c.to_string()),
        }
    }

    pub(super) fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// Plays this side's action; what it settled at once (an attack in 暗棋 waits for the
    /// other device).
    pub(super) fn play(&mut self, action: Action) -> Result<Vec<Played>, IllegalAction> {
        let before = self.before();
        let out = self
            .duel
            .play(action)
            .map_err(|_| IllegalAction::NotLegal(action))?;
        self.outbox.extend(out);
        Ok(self.since(before))
    }

    /// Takes a message from the other device; what it settled.
    pub(super) fn receive(&mut self, text: &str) -> Result<Vec<Played>, Refusal> {
        let before = self.before();
        let out = self.duel.receive(text)?;
        self.outbox.extend(out);
        Ok(self.since(before))
    }

    pub(super) fn resign(&mut self) -> Result<Outcome, IllegalAction> {
        let out = self.duel.resign().map_err(|_| {
            if self.position().may_resign() {
                IllegalAction::NotYourTurn
            } else {
                IllegalAction::ResignTooEarly
            }
        })?;
        self.outbox.extend(out);
        self.position().outcome().ok_or(IllegalAction::GameOver)
    }

    pub(super) fn offer_draw(&mut self) -> bool {
        self.send_if(Duel::offer_draw)
    }

    pub(super) fn accept_draw(&mut self) -> Result<Outcome, IllegalAction> {
        let out = self
            .duel
            .accept_draw()
            .map_err(|_| IllegalAction::NotYourTurn)?;
        self.outbox.extend(out);
        self.position().outcome().ok_or(IllegalAction::GameOver)
    }

    /// Asks the other device to take back this side's last own action; `false` when the rule
    /// allows nothing now.
    pub(super) fn ask_undo(&mut self) -> bool {
        self.send_if(|d| d.ask_undo())
    }

    /// Answers the other device's ask to take back.
    pub(super) fn answer_undo(&mut self, accept: bool) -> bool {
        self.send_if(|d| d.answer_undo(accept))
    }

    /// This side's time ran out (`total`: its clock for the whole game; otherwise the
    /// per-move timer, and the turn passes).
    pub(super) fn out_of_time(&mut self, total: bool) -> bool {
        self.send_if(|d| d.out_of_time(total))
    }

    /// Claims the other side's time, by this device's measurement.
    pub(super) fn claim_time(&mut self, total: bool) -> bool {
        self.send_if(|d| d.claim_time(total))
    }

    /// Does `act` on this side; what it sends waits in the outbox. `false` if refused.
    fn send_if(&mut self, act: impl FnOnce(&mut Duel) -> Result<Vec<String>, Refusal>) -> bool {
        match act(&mut self.duel) {
            Ok(out) => {
                self.outbox.extend(out);
                true
            }
            Err(_) => false,
        }
    }

    /// The history's length and the position before a change.
    fn before(&self) -> (usize, Position) {
        (self.duel.history().len(), self.duel.view().clone())
    }

    /// The actions played since `before`, each with its route over the board it was played on.
    fn since(&self, (len, pos): (usize, Position)) -> Vec<Played> {
        self.duel
            .history()
            .get(len..)
            .unwrap_or_default()
            .iter()
            .map(|event| Played {
                event: event.clone(),
                path: event
                    .action
                    .map_or_else(Vec::new, |a| pos.engine().route(a)),
            })
            .collect()
    }
}
