//! The store's side of play: gestures, the computer's answers, clock ticks and the buttons go
//! to the game's [`Controller`]; the store copies what changed into its signals and carries out
//! the effects it answers with (sounds, animations, saving, counting and showing the result).

use super::{Anim, Dialog, MoveEntry, Phase, Store, AI_PATIENCE, CLOCK_SAVE_MS};
use crate::ai::protocol::AiResponse;
use crate::ground::drag::Gesture;
use crate::i18n;
use crate::state::controller::{Controller, DrawOffer, Effect, Page};
use crate::state::storage;
use junqi_core::{Point, Role};
use leptos::prelude::*;
use std::time::Duration;

/// Sets a signal only when its value changes.
fn set_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|v| *v != value) {
        signal.set(value);
    }
}

impl Store {
    /// Reads the game's controller (untracked; track `rev` to follow changes).
    pub(in crate::state) fn with_game<R>(&self, f: impl FnOnce(&Controller) -> R) -> Option<R> {
        self.game.with_value(|c| c.as_ref().map(f))
    }

    /// Changes the game through its controller, then brings the signals in line with it. The
    /// revision moves on whenever the match was changed (or a change was tried).
    pub(super) fn update_game<R>(&self, f: impl FnOnce(&mut Controller) -> R) -> Option<R> {
        let (face, notebook, coach) = self
            .settings
            .with_untracked(|s| (s.face_to_face, s.notebook, s.coach));
        let mut out = None;
        let mut edited = false;
        self.game.update_value(|c| {
            if let Some(c) = c {
                c.set_face_to_face(face);
                c.set_notebook(notebook);
                c.set_coach(coach);
                let before = c.edits();
                out = Some(f(c));
                edited = c.edits() != before;
            }
        });
        if edited {
            self.rev.update(|r| *r += 1);
        }
        self.sync_game();
        out
    }

    /// Copies the controller's board, selection, hand-over, guess marks and clocks into the
    /// signals the components read.
    pub(super) fn sync_game(&self) {
        let Some((shown, selected, handover, guesses, guess_at, clock, timer, coached, eyes)) =
            self.with_game(|c| {
                (
                    c.shown().cloned(),
                    c.selected(),
                    c.handover(),
                    *c.guesses(),
                    c.guess_at(),
                    c.clock(),
                    c.move_timer(),
                    c.coached(),
                    c.eyes(),
                )
            })
        else {
            return;
        };
        // The notebook is read again only when the board or the setting changed.
        let (notebook, noted) = self
            .with_game(|c| {
                let again = self.shown.with_untracked(|s| s.as_ref() != c.shown())
                    || self.notebook.with_untracked(|n| n.is_some()) != c.notebook_on();
                (again.then(|| c.notebook()), c.noted())
            })
            .unwrap_or_default();
        if let Some(notebook) = notebook {
            set_changed(self.notebook, notebook);
        }
        set_changed(self.noted, noted);
        set_changed(self.shown, shown);
        set_changed(self.selected, selected);
        set_changed(self.handover, handover);
        set_changed(self.guesses, guesses);
        set_changed(self.guess_at, guess_at);
        set_changed(self.clock, clock);
        set_changed(self.move_timer, timer);
        set_changed(self.coached, coached);
        set_changed(self.eyes, eyes);
    }

    /// The notebook setting changed: the game follows it.
    pub fn notebook_changed(&self) {
        self.update_game(|_| ());
    }

    /// The coach's "play it anyway": the move held back is played.
    pub fn coach_play(&self) {
        let page = self.page();
        if let Some(fx) = self.update_game(|c| c.coach_play(page)) {
            self.apply(fx);
        }
    }

    /// The coach's "choose another move".
    pub fn coach_back(&self) {
        self.update_game(Controller::coach_back);
    }

    /// Closes the note shown on a hidden enemy piece.
    pub fn close_note(&self) {
        self.update_game(Controller::close_note);
    }

    /// What the controller needs to know of the page.
    fn page(&self) -> Page {
        Page {
            in_play: self.phase.get_untracked() == Phase::Play,
            passive: self.passive(),
            connected: !self.remote_game() || self.remote.linked.get_untracked(),
            step_ms: self.step_ms(),
        }
    }

    /// Plays a sound now (`delay_ms` 0) or after a while (when the pieces meet).
    pub(crate) fn sound_after(&self, cue: crate::ground::anim::Cue, delay_ms: u32) {
        if delay_ms == 0 {
            self.sound(cue);
            return;
        }
        let store = *self;
        set_timeout(
            move || store.sound(cue),
            Duration::from_millis(u64::from(delay_ms)),
        );
    }

    /// Carries out the controller's effects, in order.
    pub(super) fn apply(&self, fx: Vec<Effect>) {
        for e in fx {
            match e {
                Effect::Sound { cue, delay_ms } => self.sound_after(cue, delay_ms),
                Effect::Notice(text) => self.notify(text.get(self.lang())),
                Effect::Save => self.autosave(),
                Effect::SaveClockIfDue => {
                    if storage::now_ms() - self.clock_saved.get_value() >= CLOCK_SAVE_MS {
                        self.autosave();
                    }
                }
                Effect::CountResult => self.count_result(),
                Effect::Animate(plan) => {
                    let total = plan.total_ms();
                    let id = self.serial.with_value(|s| s + 1);
                    self.serial.set_value(id);
                    self.anim.set(Some(Anim { id, plan }));
                    let store = *self;
                    set_timeout(
                        move || store.finish(id),
                        Duration::from_millis(u64::from(total) + 30),
                    );
                }
                Effect::StopAnimation => self.anim.set(None),
                // Only the cross board's session asks for it.
                Effect::OnShow { .. } => {}
                Effect::Send(messages) => self.send_game(messages),
                Effect::Refused(why) => self.remote_refused(&why),
                Effect::Over => {
                    self.result_open.set(true);
                    self.phase.set(Phase::Over);
                }
            }
        }
    }

    /// Whether the displayed seat may act now.
    pub fn can_act(&self) -> bool {
        if self.anim.with(|a| a.is_some())
            || self.handover.with(|h| h.is_some())
            || self.elsewhere.get()
            || self.open_elsewhere.get()
            || self.phase.get() != Phase::Play
        {
            return false;
        }
        self.rev.track();
        self.shown.track();
        self.with_game(Controller::shown_seat_to_move)
            .unwrap_or(false)
    }

    pub(super) fn can_act_untracked(&self) -> bool {
        leptos::prelude::untrack(|| self.can_act())
    }

    /// A gesture on the play board.
    pub fn play_gesture(&self, g: Gesture) {
        let page = self.page();
        if let Some(fx) = self.update_game(|c| c.gesture(g, page)) {
            self.apply(fx);
        }
    }

    /// An action typed in the notation (the move box): played, or the reason it was not.
    pub fn play_typed(&self, text: &str) -> Result<(), crate::state::controller::Typed> {
        let page = self.page();
        match self.update_game(|c| c.typed(text, page)) {
            Some(Ok(fx)) => {
                self.apply(fx);
                Ok(())
            }
            Some(Err(why)) => Err(why),
            None => Err(crate::state::controller::Typed::NotNow),
        }
    }

    /// Plays an action for the seat to move and animates it (the tests play this way).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(super) fn act(&self, action: junqi_core::Action) {
        let step_ms = self.step_ms();
        if let Some(fx) = self.update_game(|c| c.act(action, step_ms)) {
            self.apply(fx);
        }
    }

    /// The animation `id` is over: show the new position, hand over, or end the game.
    fn finish(&self, id: u64) {
        if self.anim.with_untracked(|a| a.as_ref().map(|a| a.id)) != Some(id) {
            return;
        }
        self.anim.set(None);
        if let Some(fx) = self.update_game(Controller::finish) {
            self.apply(fx);
        }
        self.remote_pump();
    }

    /// The seat handed the device to is ready.
    pub fn handover_ready(&self) {
        let Some(h) = self.handover.get_untracked() else {
            return;
        };
        self.handover.set(None);
        let in_play = self.phase.get_untracked() == Phase::Play;
        self.update_game(|c| c.handover_ready(h.seat, in_play));
    }

    /// The computer plays its move, if it is its turn (called by an Effect when idle). It thinks
    /// in its Web Worker and sees only its own view; should the worker fail, a small search on
    /// this thread answers instead.
    pub fn computer_turn(&self) {
        if self.thinking.get_untracked() || self.anim.with_untracked(|a| a.is_some()) {
            return;
        }
        if self.phase.get_untracked() != Phase::Play || self.passive() {
            return;
        }
        let level = self.config.with_untracked(|c| c.level);
        let page = self.page();
        let Some(req) = self
            .with_game(|c| c.computer_question(level, page))
            .flatten()
        else {
            return;
        };
        if !self.watch_lets_move() {
            return;
        }
        self.thinking.set(true);
        let store = *self;
        let rev = self.rev.get_untracked();
        let ask = self.serial.with_value(|s| s + 1);
        self.serial.set_value(ask);
        self.asking.set_value(Some(ask));
        self.ai.request(req, move |res: AiResponse| {
            if store.asking.get_value() != Some(ask) {
                return; // the watchdog answered already
            }
            store.asking.set_value(None);
            store.thinking.set(false);
            store.computer_answer(rev, level, res.action.as_deref());
        });
        // A worker that neither answers nor fails (it should never happen: the strongest level
        // answers in well under a second) must not freeze the game: after a while it is replaced
        // and a small search on this thread answers.
        set_timeout(
            move || {
                if store.asking.get_value() != Some(ask) {
                    return;
                }
                store.asking.set_value(None);
                leptos::logging::warn!("the computer player did not answer; it is restarted");
                store.ai.cancel();
                store.thinking.set(false);
                store.computer_answer(rev, level, None);
            },
            AI_PATIENCE,
        );
    }

    /// Plays the computer's answer if the game is still the one it was asked about (`rev`).
    fn computer_answer(&self, rev: u64, level: u8, action: Option<&str>) {
        // The game may have changed meanwhile (new game, undo).
        if self.rev.get_untracked() != rev {
            return;
        }
        let step_ms = self.step_ms();
        if let Some(fx) = self.update_game(|c| c.computer_answer(level, action, step_ms)) {
            self.apply(fx);
            self.watch_hold();
        }
    }

    /// Takes back the player's last move (and the computer's reply); with a friend on another
    /// device, asks them to.
    pub fn undo(&self) {
        if self.remote_game() {
            if let Some(fx) = self.update_game(Controller::ask_undo) {
                self.apply(fx);
            }
            return;
        }
        if !self.against_computer() || !self.with_game(Controller::undo_allowed).unwrap_or(false) {
            return;
        }
        let seat = self.config.with_untracked(|c| c.seat);
        self.ai.cancel();
        self.asking.set_value(None);
        self.thinking.set(false);
        if let Some(fx) = self.update_game(|c| c.undo(seat)) {
            self.apply(fx);
        }
    }

    /// Answers the friend's ask to take back (the dialog's buttons).
    pub fn answer_undo(&self, accept: bool) {
        self.dialog.set(None);
        if let Some(fx) = self.update_game(|c| c.answer_undo(accept)) {
            self.apply(fx);
        }
    }

    /// Whether undo is offered now (with a friend on another device: asking to).
    pub fn may_undo(&self) -> bool {
        self.rev.track();
        if self.remote_game() {
            return self.phase.get() == Phase::Play
                && !self.passive()
                && self.with_game(Controller::can_undo).unwrap_or(false);
        }
        self.against_computer()
            && self.settings.with(|s| s.allow_undo)
            && self.phase.get() == Phase::Play
            // Not after the end: the result is counted, the game may have been shared with
            // every formation in it, and a finished game is final.
            && self.with_game(Controller::can_undo).unwrap_or(false)
    }

    /// Resign (after confirmation).
    pub fn resign(&self) {
        self.dialog.set(None);
        match self.update_game(Controller::resign) {
            Some(fx) => self.apply(fx),
            None => self.rev.update(|r| *r += 1),
        }
    }

    /// Whether resigning is allowed now (not in the first 20 plies).
    pub fn may_resign(&self) -> bool {
        self.rev.track();
        self.phase.get() == Phase::Play && self.with_game(Controller::may_resign).unwrap_or(false)
    }

    /// Offer a draw: the computer accepts a quiet game; a friend is asked.
    pub fn offer_draw(&self) {
        if self.phase.get_untracked() != Phase::Play {
            return;
        }
        let offer = self
            .with_game(Controller::offer_draw)
            .unwrap_or(if self.against_computer() {
                DrawOffer::Declined
            } else {
                DrawOffer::Ask { from: 0 }
            });
        match offer {
            DrawOffer::Accepted => self.accept_draw(),
            DrawOffer::Declined => self.notify(i18n::DRAW_DECLINED.get(self.lang())),
            DrawOffer::Ask { from } => self.dialog.set(Some(Dialog::DrawOffer { from })),
            DrawOffer::Send => {
                if let Some(fx) = self.update_game(Controller::send_draw_offer) {
                    self.apply(fx);
                }
            }
        }
    }

    pub fn accept_draw(&self) {
        self.dialog.set(None);
        match self.update_game(Controller::accept_draw) {
            Some(fx) => self.apply(fx),
            None => self.rev.update(|r| *r += 1),
        }
    }

    /// Puts (or clears) a guess mark.
    pub fn set_guess(&self, p: Point, role: Option<Role>) {
        match self.update_game(|c| c.set_guess(p, role)) {
            Some(fx) => self.apply(fx),
            None => {
                self.guesses.update(|g| g[p.index()] = role);
                self.guess_at.set(None);
                self.autosave();
            }
        }
    }

    /// Closes the guess picker.
    pub fn close_guess(&self) {
        if self.update_game(Controller::close_guess).is_none() {
            self.guess_at.set(None);
        }
    }

    /// The clock: charge the time since the last tick to the seat to move.
    pub fn tick(&self) {
        let now = storage::now_ms();
        self.siguo.tick(self, now);
        self.watch_left(now);
        self.close_lapsed_ask();
        let page = self.page();
        let Some(fx) = self.update_game(|c| c.tick(now, page)) else {
            return;
        };
        for e in fx {
            if e == Effect::SaveClockIfDue {
                if now - self.clock_saved.get_value() >= CLOCK_SAVE_MS {
                    self.autosave();
                }
            } else {
                self.apply(vec![e]);
            }
        }
    }

    /// Turns each seat has lost to the per-move timer (tracked: redrawn after every change).
    pub fn timeouts(&self) -> Option<[u32; 2]> {
        self.rev.track();
        self.with_game(Controller::timeouts)
    }

    /// The move list, in the interface language, naming the pieces the viewer could see.
    pub fn move_list(&self) -> Vec<MoveEntry> {
        let lang = self.lang();
        self.rev.track();
        self.shown.track();
        self.with_game(|c| c.move_list(lang)).unwrap_or_default()
    }

    /// The captions of the last few actions, oldest first, keyed by ply (tracked).
    pub fn captions(&self, n: usize) -> Vec<(u32, String)> {
        let lang = self.lang();
        self.rev.track();
        self.shown.track();
        self.with_game(|c| c.captions(lang, n)).unwrap_or_default()
    }

    /// What the last action did, as the viewer knew it: the caption by the board.
    pub fn caption(&self) -> Option<String> {
        let lang = self.lang();
        self.rev.track();
        self.shown.track();
        self.with_game(|c| c.caption(lang)).flatten()
    }

    /// The last action as both players may know it: the pass-and-play hand-over card repeats
    /// it while the device changes hands, so it names no hidden piece.
    pub fn public_caption(&self) -> Option<String> {
        let lang = self.lang();
        self.with_game(|c| c.public_caption(lang)).flatten()
    }
}
