//! One 四国 game in play, as the app runs it: the refereed [`Table`], the person's [`Hand`] at
//! the board, whose eyes the board uses, the hand-over screen between people, the hint on show
//! and whether the result was counted. Plain Rust like the 2-player [`Controller`]: every
//! gesture, computer answer, clock tick, undo, draw offer and resignation is one method that
//! answers with [`Effect`]s for the store to carry out (a sound, a notice, a save, the move on
//! show, the end). The store mirrors it into signals; it decides nothing itself.
//!
//! [`Controller`]: crate::state::controller::Controller

use super::hand::{AtBoard, Hand};
use super::Table;
use crate::ai::protocol::AiRequest;
use crate::ground::anim::Cue;
use crate::ground::drag::Gesture;
use crate::state::controller::{Effect, Typed, CLOCK_SAVE_MS};
use junqi_core::seat::Seat;
use junqi_core::siguo::Point;
use junqi_core::{Action, Role};

/// What the session needs to know of the page around it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TablePage {
    /// Another screen is up: no clock runs.
    pub away: bool,
    /// A finished game is being replayed: nobody acts, no clock runs.
    pub replaying: bool,
    /// The last move is on show: the next seat waits.
    pub on_show: bool,
    /// A watched game (旁观) is paused.
    pub paused: bool,
    /// Milliseconds per animation step (0: no animation).
    pub step_ms: u32,
}

/// A 四国 game in play and what the board shows of it.
#[derive(Clone, Debug)]
pub struct Session {
    table: Table,
    /// What the person at the board holds between taps.
    hand: Hand,
    /// The seat whose eyes the board uses.
    viewer: Seat,
    /// The board is hidden until this seat's person says they are ready.
    handover: Option<Seat>,
    /// The computer's suggestion on show.
    hint: Option<Action<Point>>,
    /// The result was counted for the rank (once per game).
    counted: bool,
    /// Counts every change of the game or of whose eyes the board uses.
    edits: u64,
    /// Counts the clock ticks that ran a clock.
    ticks: u64,
    /// The page's time of the last tick, and of the last save of the running clocks.
    clock_last: f64,
    clock_saved: f64,
}

impl Session {
    /// A game opened on the table: a new one, or a saved one resumed (`counted`: its result
    /// was counted already). With more than one person at the table, the person to move gets
    /// the device behind a hand-over screen.
    pub fn new(table: Table, counted: bool) -> Session {
        let handover = if table.config.humans().len() > 1 {
            table.human_to_move()
        } else {
            None
        };
        Session {
            viewer: table.viewer(),
            table,
            hand: Hand::default(),
            handover,
            hint: None,
            counted,
            edits: 0,
            ticks: 0,
            clock_last: 0.0,
            clock_saved: 0.0,
        }
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    pub fn handover(&self) -> Option<Seat> {
        self.handover
    }

    pub fn hint(&self) -> Option<Action<Point>> {
        self.hint
    }

    pub fn counted(&self) -> bool {
        self.counted
    }

    /// Counts every change of the game, of the guesses, or of whose eyes the board uses.
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// Counts the ticks that ran a clock.
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    // ----- who may act ---------------------------------------------------------------------

    /// Nobody may act on the board: a hand-over screen, a replay, or a game only computers
    /// play.
    fn busy(&self, page: TablePage) -> bool {
        self.handover.is_some() || page.replaying || self.table.watched()
    }

    /// The person whose eyes the board uses may move now.
    pub fn may_act(&self, page: TablePage) -> bool {
        !self.busy(page) && !page.on_show && self.table.human_to_move() == Some(self.viewer)
    }

    fn at(&self, page: TablePage) -> AtBoard {
        AtBoard {
            viewer: self.viewer,
            may_act: self.may_act(page),
        }
    }

    /// Whether the person may pick up the piece at `p` and drag it.
    pub fn may_drag(&self, p: Point, page: TablePage) -> bool {
        self.may_act(page) && !self.table.dests(p).is_empty()
    }

    /// A draw may be offered now: the person's turn, and the table allows it
    /// ([`Table::may_offer_draw`]).
    pub fn may_offer_draw(&self, page: TablePage) -> bool {
        self.may_act(page) && self.table.may_offer_draw(self.viewer)
    }

    pub fn may_resign(&self) -> bool {
        self.table.may_resign(self.viewer)
    }

    /// Something can be taken back for the person ([`Table::undo_to`]).
    pub fn may_undo(&self) -> bool {
        self.table.undo_to(self.viewer).is_some()
    }

    // ----- the person's hand ---------------------------------------------------------------

    /// A gesture on the board ([`Hand::gesture`]): the move it answers is played.
    pub fn gesture(&mut self, g: Gesture<Point>, page: TablePage) -> Vec<Effect> {
        if self.busy(page) {
            return Vec::new();
        }
        let at = self.at(page);
        match self.hand.gesture(&self.table, at, g) {
            Some(mv) => self.play(mv, page.step_ms, false),
            None => Vec::new(),
        }
    }

    /// A move typed in the notation ([`Hand::typed`]): played, or the reason it was not.
    pub fn typed(
        &mut self,
        text: &str,
        page: TablePage,
    ) -> Result<Vec<Effect>, Typed<Point, Action<Point>>> {
        let at = self.at(page);
        Ok(match self.hand.typed(&self.table, at, text)? {
            Some(mv) => self.play(mv, page.step_ms, false),
            None => Vec::new(),
        })
    }

    /// The person confirms the move that leaves them no move.
    pub fn confirm_stranding(&mut self, page: TablePage) -> Vec<Effect> {
        let at = self.at(page);
        match self.hand.confirm(at) {
            Some(mv) => self.play(mv, page.step_ms, false),
            None => Vec::new(),
        }
    }

    /// The person takes back the move that would leave them no move.
    pub fn strand_back(&mut self) {
        self.hand.stranding = None;
    }

    /// The viewer marks the piece whose guess picker is open (or clears its mark).
    pub fn set_guess(&mut self, role: Option<Role>) -> Vec<Effect> {
        let Some(p) = self.hand.guess_at.take() else {
            return Vec::new();
        };
        if !self.table.set_guess(self.viewer, p, role) {
            return Vec::new();
        }
        self.edits += 1;
        vec![Effect::Save]
    }

    // ----- moves -----------------------------------------------------------------------------

    /// Plays `mv` for the seat to move. A person's move is on show while it is animated; a
    /// computer's also for a moment after, so that a person follows three of them in a row.
    fn play(&mut self, mv: Action<Point>, step_ms: u32, computer: bool) -> Vec<Effect> {
        if self.table.play(mv).is_err() {
            // (A computer's answer is checked before it is played: this is a person's.)
            return vec![Effect::Sound {
                cue: Cue::Illegal,
                delay_ms: 0,
            }];
        }
        let anim_ms = self.table.last_move_ms(step_ms);
        let mut fx = Vec::new();
        if computer || (anim_ms > 0 && !self.table.is_over()) {
            fx.push(Effect::OnShow { anim_ms, computer });
        }
        fx.extend(self.after_action());
        fx
    }

    /// After any action: the next person gets the device behind a hand-over screen when they
    /// may not see what the last one saw; the game is saved; at the end, the result.
    fn after_action(&mut self) -> Vec<Effect> {
        let before = self.viewer;
        self.changed();
        if self.table.is_over() {
            return self.finish();
        }
        if let Some(next) = self.table.human_to_move() {
            if self.table.needs_handover(before, next) {
                self.handover = Some(next);
            }
        }
        vec![Effect::Save]
    }

    /// The game is over: nothing is held any more, every piece is shown, the result is counted
    /// once.
    fn finish(&mut self) -> Vec<Effect> {
        self.hand = Hand::default();
        self.handover = None;
        let mut fx = vec![Effect::Over];
        if !self.counted {
            self.counted = true;
            fx.push(Effect::CountResult);
            fx.push(Effect::Sound {
                cue: Cue::Flag,
                delay_ms: 0,
            });
        }
        fx.push(Effect::Save);
        fx
    }

    /// The game or whose eyes the board uses changed: the hint goes, the board follows the
    /// table's viewer ([`Table::viewer`]).
    fn changed(&mut self) {
        self.hint = None;
        self.viewer = self.table.viewer();
        self.edits += 1;
    }

    /// The person at the hand-over screen is ready: the board shows their eyes, their hand
    /// empty (nothing of the last person's open).
    pub fn handover_ready(&mut self) {
        let Some(seat) = self.handover.take() else {
            return;
        };
        self.hand = Hand::default();
        self.viewer = seat;
        self.edits += 1;
    }

    // ----- the computer --------------------------------------------------------------------

    /// The question for the computer seat to move (its own view only), if one is to move.
    pub fn computer_question(&self) -> Option<AiRequest> {
        let (_, level) = self.table.computer_to_move()?;
        Some(AiRequest::siguo(
            self.table.ask(),
            level,
            self.table.move_seed(),
        ))
    }

    /// Plays the computer seat's answer to [`Self::computer_question`] (asked of this very
    /// position); a missing or illegal answer is replaced by a legal move drawn from the game's
    /// seed ([`Table::answer`]), so the game always goes on.
    pub fn computer_answer(&mut self, action: Option<&str>, step_ms: u32) -> Vec<Effect> {
        let seed = self.table.move_seed();
        match self.table.answer(action, seed) {
            Some(mv) => self.play(mv, step_ms, true),
            None => Vec::new(),
        }
    }

    /// The question for a hint: the computer's default level for the person to move.
    pub fn hint_question(&self, page: TablePage) -> Option<AiRequest> {
        self.may_act(page).then(|| {
            AiRequest::siguo(
                self.table.ask(),
                junqi_ai::DEFAULT_LEVEL,
                self.table.move_seed() ^ 0x4849_4e54,
            )
        })
    }

    /// The hint's answer (asked of this very position): its piece is picked up and the move
    /// named. An unreadable or illegal answer shows nothing.
    pub fn hint_answer(&mut self, action: Option<&str>) {
        let legal = action
            .and_then(|a| a.parse::<Action<Point>>().ok())
            .filter(|m| self.table.dests(m.from()).contains(&m.to()));
        if let Some(mv) = legal {
            self.hand.selected = Some(mv.from());
            self.hint = Some(mv);
        }
    }

    // ----- time, undo, the end ------------------------------------------------------------

    /// A clock tick at the page's time `now` (ms). The seat to move's clock runs (not behind a
    /// hand-over screen, nor in a replay or while another screen is up); in a watched game only while a seat thinks. A turn
    /// lost to the timer drops what the person held and goes on at once.
    pub fn tick(&mut self, now: f64, page: TablePage) -> Vec<Effect> {
        let last = self.clock_last;
        self.clock_last = now;
        let running = self.handover.is_none()
            && !page.away
            && !page.replaying
            && self.table.is_timed()
            && !self.table.is_over();
        if !running || last <= 0.0 {
            return Vec::new();
        }
        if self.table.watched() && (page.on_show || page.paused) {
            return Vec::new();
        }
        let out = self.table.tick(now - last, page.on_show);
        self.ticks += 1;
        if out.is_some() {
            self.hand.selected = None;
            self.hand.stranding = None;
            let mut fx = vec![Effect::StopAnimation];
            fx.extend(self.after_action());
            fx
        } else if now - self.clock_saved >= CLOCK_SAVE_MS {
            self.clock_saved = now;
            vec![Effect::Save]
        } else {
            Vec::new()
        }
    }

    /// Takes back the person's last move and the computer moves after it ([`Table::undone`]):
    /// whatever was held, asked or on show goes with it.
    pub fn undo(&mut self) -> Vec<Effect> {
        let Some(Ok(back)) = self.table.undone(self.viewer) else {
            return Vec::new();
        };
        self.table = back;
        self.hand = Hand::default();
        self.changed();
        vec![Effect::StopAnimation, Effect::Save]
    }

    /// The person offers a draw: the computer seats judge it from their own views.
    pub fn offer_draw(&mut self, page: TablePage) -> Vec<Effect> {
        if !self.may_act(page) {
            return Vec::new();
        }
        if !self.table.computers_accept_draw(self.viewer) {
            return vec![Effect::Notice(crate::i18n::siguo_text::DRAW_DECLINED)];
        }
        if self.table.agree_draw(self.viewer).is_err() {
            return Vec::new();
        }
        self.hand.selected = None;
        self.after_action()
    }

    /// The person resigns their seat; the partner plays on.
    pub fn resign(&mut self) -> Vec<Effect> {
        if self.table.resign(self.viewer).is_err() {
            return Vec::new();
        }
        self.hand.selected = None;
        self.after_action()
    }
}
