//! Playing: gestures on the board (select, move, attack, flip, guess marks), the computer's
//! answers, and one action's way from the referee to the animation.

use super::{Controller, Effect, Page, Shown, Typed};
use crate::ai::protocol::{AiRequest, AiTask};
use crate::ground::anim::{self, Cue};
use crate::ground::drag::Gesture;
use crate::ground::pick::{self, Pick};
use crate::i18n;
use crate::state::game::Played;
use junqi_core::{Action, Mode, Point, PublicEvent, Role};
use junqi_duel::Refusal;

/// The most nodes the computer searches on the page's thread when its Web Worker fails, so the
/// page stays responsive.
pub const FALLBACK_NODES: u64 = 4_000;

/// Puts the messages for the other device right after the effects' first save: a message
/// sent is never one the saved game does not know.
pub(super) fn sent_after_saving(fx: &mut Vec<Effect>, send: Vec<Effect>) {
    let at = fx
        .iter()
        .position(|e| *e == Effect::Save)
        .map_or(0, |i| i + 1);
    fx.splice(at..at, send);
}

impl Controller {
    /// A gesture on the play board.
    pub fn gesture(&mut self, g: Gesture, page: Page) -> Vec<Effect> {
        match g {
            Gesture::LongPress(p) => {
                self.open_guess(p);
                Vec::new()
            }
            Gesture::Tap(p) => {
                // With the notebook on, a tap on a hidden enemy piece that is not an attack
                // shows what the record proves of it.
                if self.notebook && self.hidden_enemy(p) && !self.would_act(p, page) {
                    self.selected = None;
                    self.noted = Some(p);
                    return Vec::new();
                }
                self.noted = None;
                self.tap(p, page)
            }
            Gesture::Drop { from, to } => match to {
                Some(to) if to != from => {
                    if !self.can_act(page) {
                        return Vec::new();
                    }
                    self.chosen(Action::Move { from, to }, page.step_ms)
                }
                _ => {
                    self.selected = None;
                    Vec::new()
                }
            },
        }
    }

    /// A tap: pick up a piece, put it down again, move or attack with the piece picked up, or
    /// turn a face-down piece (翻棋).
    fn tap(&mut self, p: Point, page: Page) -> Vec<Effect> {
        if !self.can_act(page) {
            return Vec::new();
        }
        let Some(view) = self.shown.as_ref().map(|s| s.view.clone()) else {
            return Vec::new();
        };
        let actions = view.legal_actions();
        let pick = pick::tap(
            self.selected,
            p,
            |from, to| actions.contains(&Action::Move { from, to }),
            |q| {
                actions
                    .iter()
                    .any(|a| matches!(a, Action::Move { from, .. } if *from == q))
            },
        );
        let mut fx = Vec::new();
        match pick {
            Pick::Go { from, to } => return self.chosen(Action::Move { from, to }, page.step_ms),
            Pick::Back(_) => self.selected = None,
            // 翻棋: a face-down piece is turned up, whatever was picked up.
            Pick::Miss(p) if actions.contains(&Action::Flip(p)) => {
                return self.act(Action::Flip(p), page.step_ms);
            }
            Pick::Up(p) => {
                // Picking up another piece answers the coach's warning too.
                self.coached = None;
                self.selected = Some(p);
            }
            Pick::Miss(p) => {
                self.coached = None;
                let own =
                    view.cells[p.index()].is_some_and(|o| o.color.is_some() && o.color == view.me);
                if own && self.selected.is_none() {
                    fx.push(Effect::Sound {
                        cue: Cue::Illegal,
                        delay_ms: 0,
                    });
                }
                self.selected = None;
            }
        }
        fx
    }

    /// An action typed in the project's notation (`c6-c7`; `c6` turns a piece up in 翻棋):
    /// played when it is one of the viewer's legal actions now, else refused with the reason.
    pub fn typed(&mut self, text: &str, page: Page) -> Result<Vec<Effect>, Typed> {
        let action: Action = text.trim().parse().map_err(|_| Typed::Unreadable)?;
        if !self.can_act(page) {
            return Err(Typed::NotNow);
        }
        let Some(view) = self.shown.as_ref().map(|s| s.view.clone()) else {
            return Err(Typed::NotNow);
        };
        if view.legal_actions().contains(&action) {
            return Ok(self.chosen(action, page.step_ms));
        }
        let from = action.from();
        let own = view.cells[from.index()].is_some_and(|o| o.color.is_some() && o.color == view.me);
        Err(match action {
            Action::Move { .. } if !own => Typed::NotYours(from),
            Action::Move { .. } => Typed::CannotGo(from, action),
            Action::Flip(p) => Typed::NoFlip(p),
        })
    }

    /// Plays an action for the seat to move and plans its animation (`step_ms` per step; 0:
    /// none, and the board moves on at once).
    pub fn act(&mut self, action: Action, step_ms: u32) -> Vec<Effect> {
        let Some(before) = self.shown.clone() else {
            return Vec::new();
        };
        self.edits += 1;
        self.coached = None;
        self.warned = None;
        let played = match self.game.play(action) {
            Ok(p) => p,
            Err(_) => {
                self.selected = None;
                return vec![
                    Effect::Sound {
                        cue: Cue::Illegal,
                        delay_ms: 0,
                    },
                    Effect::Notice(i18n::ILLEGAL),
                ];
            }
        };
        self.selected = None;
        self.guess_at = None;
        self.noted = None;
        let send = self.outbox();
        let mut fx = match played {
            Some(played) => self.show_played(before, &played, step_ms),
            // An attack settled with the other device first: it comes back as a message.
            None => vec![Effect::Save],
        };
        sent_after_saving(&mut fx, send);
        fx
    }

    /// The messages for the other device, as effects.
    pub fn outbox(&mut self) -> Vec<Effect> {
        let out = self.game.take_outbox();
        if out.is_empty() {
            Vec::new()
        } else {
            vec![Effect::Send(out)]
        }
    }

    /// Shows an action just played, from the board `before` it: save, count, sound, animate.
    fn show_played(&mut self, before: Shown, played: &Played, step_ms: u32) -> Vec<Effect> {
        self.move_guesses(&played.event);
        // The result counts as soon as it is decided, not after the last animation.
        let mut fx = vec![Effect::Save, Effect::CountResult];
        let after = self.view_for(before.seat);
        let plan = anim::plan(
            &before.view,
            &after,
            &played.event,
            &played.path,
            before.orientation,
            step_ms,
        );
        // Plain moves and flips sound at once, contacts when the pieces meet.
        let cue = plan.cue;
        let delay_ms = if matches!(cue, Cue::Move | Cue::Flip) || plan.travel_ms == 0 {
            0
        } else {
            plan.travel_ms
        };
        fx.push(Effect::Sound { cue, delay_ms });
        if plan.total_ms() == 0 {
            fx.push(Effect::StopAnimation);
            fx.extend(self.finish());
        } else {
            self.animating = true;
            fx.push(Effect::Animate(plan));
        }
        fx
    }

    /// A message from the other device (a game with a friend on another device), taken when
    /// the board is still: the other side's action or the result of this side's attack is
    /// played and animated; the messages it calls for go back. A message that is not a legal
    /// part of the game is refused and reported; one sent again after a reconnection is
    /// dropped quietly.
    pub fn remote_message(&mut self, text: &str, step_ms: u32) -> Vec<Effect> {
        let Some(before) = self.shown.clone() else {
            return Vec::new();
        };
        // A game checked at its end here: what the other device sends again after a
        // reconnection is already known.
        if self.game.duel().is_none() {
            return Vec::new();
        }
        let over = self.game.outcome().is_some();
        let ply = self.game.position().ply();
        let waiting = self.undo_waiting();
        match self.game.receive(text) {
            Ok(played) => {
                self.edits += 1;
                let send = self.outbox();
                let mut fx = match played.last() {
                    Some(p) => self.show_played(before, p, step_ms),
                    // The other side resigned, or accepted this side's draw.
                    None if !over && self.game.outcome().is_some() => self.ended(),
                    // Anything else taken (commitments, a piece opened, a draw offered, the
                    // other side's openings) may change what the board shows, and is kept.
                    None => {
                        if self.game.position().ply() != ply {
                            // A turn passed, or plies taken back: nothing stays picked up.
                            self.selected = None;
                        }
                        if self.game.position().ply() < ply {
                            self.turn_again();
                        }
                        self.shown = Some(self.shown_for(before.seat));
                        let mut fx = vec![Effect::Save];
                        if waiting && !self.undo_waiting() {
                            // Declined, or taken back; an ask that lapsed says nothing.
                            let now = self.game.position().ply();
                            if now == ply {
                                fx.push(Effect::Notice(i18n::REMOTE_UNDO_DECLINED));
                            } else if now < ply {
                                fx.push(Effect::Notice(i18n::REMOTE_UNDO_TAKEN));
                            }
                        }
                        fx
                    }
                };
                sent_after_saving(&mut fx, send);
                fx
            }
            Err(Refusal::Duplicate { .. }) => Vec::new(),
            Err(why) => {
                self.edits += 1;
                vec![
                    Effect::Sound {
                        cue: Cue::Illegal,
                        delay_ms: 0,
                    },
                    Effect::Refused(why.to_string()),
                    Effect::Save,
                ]
            }
        }
    }

    /// The question for the computer player, when it is its turn and the board is still: its
    /// own view and formation only.
    pub fn computer_question(&self, level: u8, page: Page) -> Option<AiRequest> {
        if !page.in_play || page.passive || self.animating {
            return None;
        }
        let m = &self.game;
        let seat = m.computer_to_move()?;
        let view = m.full_view_of(seat);
        Some(AiRequest::from_view(
            AiTask::Move,
            &view,
            m.formation_of(seat),
            level,
            m.computer_seed(),
        ))
    }

    /// The hint button's question: the best action for the displayed seat, asked with that
    /// seat's own view and formation.
    pub fn hint_question(&self, level: u8) -> Option<AiRequest> {
        let seat = self.shown.as_ref()?.seat;
        let m = &self.game;
        Some(AiRequest::from_view(
            AiTask::Hint,
            &m.full_view_of(seat),
            m.formation_of(seat),
            level,
            m.hint_seed(),
        ))
    }

    /// An answer of the computer player (an action's string form), if it is legal now.
    pub fn legal_answer(&self, action: Option<&str>) -> Option<Action> {
        action
            .and_then(|a| a.parse::<Action>().ok())
            .filter(|a| self.game.position().legal_actions().contains(a))
    }

    /// Plays the computer's answer `action` (its string form). An answer that is missing,
    /// unreadable or illegal is replaced by a small search here, so the game always goes on.
    pub fn computer_answer(
        &mut self,
        level: u8,
        action: Option<&str>,
        step_ms: u32,
    ) -> Vec<Effect> {
        let action = self
            .legal_answer(action)
            .or_else(|| self.game.computer_action(level, FALLBACK_NODES));
        match action {
            Some(a) => self.act(a, step_ms),
            None => Vec::new(),
        }
    }

    /// 暗棋: is there an enemy piece on `p` whose identity the displayed seat may not know?
    fn hidden_enemy(&self, p: Point) -> bool {
        self.shown.as_ref().is_some_and(|s| {
            s.view.mode == Mode::Dark
                && s.view.cells[p.index()]
                    .is_some_and(|o| o.role.is_none() && o.color.is_some() && o.color != s.view.me)
        })
    }

    /// Would a tap on `p` play an action now (the piece picked up moves or attacks there)?
    fn would_act(&self, p: Point, page: Page) -> bool {
        let Some(from) = self.selected else {
            return false;
        };
        self.can_act(page)
            && self.shown.as_ref().is_some_and(|s| {
                s.view
                    .legal_actions()
                    .contains(&Action::Move { from, to: p })
            })
    }

    /// 暗棋: opens the guess picker on an enemy piece whose identity is hidden.
    fn open_guess(&mut self, p: Point) {
        if self.hidden_enemy(p) {
            self.noted = None;
            self.guess_at = Some(p);
        }
    }

    /// Closes the notebook's note.
    pub fn close_note(&mut self) {
        self.noted = None;
    }

    /// Closes the guess picker without a mark.
    pub fn close_guess(&mut self) {
        self.guess_at = None;
    }

    /// Puts (or clears) a guess mark for the displayed seat.
    pub fn set_guess(&mut self, p: Point, role: Option<Role>) -> Vec<Effect> {
        self.guesses[p.index()] = role;
        if let Some(seat) = self.shown.as_ref().map(|s| s.seat) {
            self.seat_guesses[usize::from(seat.min(1))][p.index()] = role;
        }
        self.guess_at = None;
        vec![Effect::Save]
    }

    /// Guess marks follow the pieces they are on (every seat's).
    fn move_guesses(&mut self, ev: &PublicEvent) {
        let Some((from, to)) = ev.span() else { return };
        let follow = |g: &mut super::Marks| {
            let mark = g[from.index()].take();
            for p in &ev.removed {
                g[p.index()] = None;
            }
            if matches!(ev.action, Some(Action::Move { .. })) && !ev.removed.contains(&from) {
                g[to.index()] = mark;
            }
            for (p, _) in &ev.revealed {
                g[p.index()] = None;
            }
        };
        follow(&mut self.guesses);
        self.seat_guesses.iter_mut().for_each(follow);
    }
}
