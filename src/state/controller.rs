//! The 2-player game controller: one refereed [`Match`] and what the board shows of it, in
//! plain Rust. It answers the player's gestures, the computer's answers, clock ticks, undo,
//! resign and draws, decides hand-overs between seats, and says what each answer changed as a
//! list of [`Effect`]s (sounds, animations, saving) for the store to carry out. The store keeps
//! signals that mirror it; nothing here knows Leptos.

mod coach;
mod decide;
mod play;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod remote_tests;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
mod time;

pub use coach::Coached;
pub use decide::DrawOffer;
pub use time::{Clock, MoveTimer, CLOCK_SAVE_MS};

use super::config::Opponent;
use super::game::{Known, Match, Row};
use crate::ground::anim::{AnimPlan, Cue};
use crate::ground::geometry::Orientation;
use crate::i18n::{self, Lang};
use junqi_core::types::POINTS;
use junqi_core::{Action, Mode, PlayerView, Point, PublicEvent, Role, Seat};

/// The board as one seat sees it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub view: PlayerView,
    /// Whose eyes.
    pub seat: u8,
    pub orientation: Orientation,
    /// Face to face: this colour's labels are turned.
    pub turned: Option<Seat>,
    /// The last action's start and end.
    pub last: Option<(Point, Point)>,
}

/// Whose eyes a board shows a game through when nobody at the device plays it: a replay, or
/// a game only computers play (旁观).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Eyes {
    #[default]
    Red,
    Black,
    /// Every identity shown (暗棋's hidden pieces too).
    Open,
}

/// The hand-over screen: the board is hidden until this seat says it is ready.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handover {
    pub seat: u8,
    /// The seat's colour, when known.
    pub color: Option<Seat>,
}

/// A row of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    pub ply: u32,
    pub color: Option<Seat>,
    pub text: String,
}

/// Guess marks on the 60 points (暗棋: a player's own idea of an enemy piece).
pub type Marks = [Option<Role>; POINTS];

pub use crate::i18n::board_words::Typed;

/// Something the store carries out after the controller answered, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Play a sound, now (`delay_ms` 0) or when the pieces meet.
    Sound { cue: Cue, delay_ms: u32 },
    /// A short notice for the player.
    Notice(i18n::T),
    /// The game changed: save it now.
    Save,
    /// Save the running clocks if they were last saved a while ago.
    SaveClockIfDue,
    /// Count the result if it is decided (once per game).
    CountResult,
    /// Run this animation, then call [`Controller::finish`].
    Animate(AnimPlan),
    /// Drop any animation running or move on show (its end is no longer awaited); on the
    /// cross board also any computer's answer awaited about the position left.
    StopAnimation,
    /// The cross board: the move just played is animated for `anim_ms` and the next seat waits
    /// meanwhile; a computer's move (`computer`) stays on show a moment longer. (The 2-player
    /// board waits through [`Effect::Animate`] instead.)
    OnShow { anim_ms: u32, computer: bool },
    /// The game is over: show its result.
    Over,
    /// Send these messages to the other device, in order (a game between two devices).
    Send(Vec<String>),
    /// A message from the other device was refused: why (a game between two devices).
    Refused(String),
}

/// What the controller needs to know of the page around it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The game is on the play screen (not over, not in a replay or another screen).
    pub in_play: bool,
    /// Another tab plays this game: this one only shows it.
    pub passive: bool,
    /// A game with another device: the connection is up (its clocks stop while it is down).
    /// Always true for a game on this device.
    pub connected: bool,
    /// Milliseconds per animation step (0: no animation).
    pub step_ms: u32,
}

/// One 2-player game in play and what the board shows of it.
#[derive(Clone, Debug)]
pub struct Controller {
    game: Match,
    /// The board through the displayed seat's eyes; `None` behind a hand-over.
    shown: Option<Shown>,
    /// The piece picked up by a tap.
    selected: Option<Point>,
    /// Pass and play: the seat the device goes to next.
    handover: Option<Handover>,
    /// The displayed seat's guess marks.
    guesses: Marks,
    /// Every seat's guess marks, kept across hand-overs (private to each seat).
    seat_guesses: [Marks; 2],
    /// The enemy piece whose guess picker is open.
    guess_at: Option<Point>,
    /// The notebook is on (a setting): a tap on a hidden enemy piece shows its note.
    notebook: bool,
    /// The hidden enemy piece whose note is shown.
    noted: Option<Point>,
    clock: Option<Clock>,
    move_timer: Option<MoveTimer>,
    /// An action's animation is running (the board waits for [`Controller::finish`]).
    animating: bool,
    /// Face to face (pass and play): the far side's labels are turned.
    face_to_face: bool,
    /// Counts every attempt to change the match (the store's revision follows it).
    edits: u64,
    /// The coach is on (the grown-up setting): in 明棋 against the computer, a move that
    /// gives something away is held back once with a warning (controller/coach.rs).
    coach: bool,
    /// The move held back and what the coach says of it, while its card shows.
    coached: Option<Coached>,
    /// The move the coach last warned of on this board: chosen again, it is played.
    warned: Option<Action>,
    /// A game only computers play (旁观): whose eyes the board uses.
    eyes: Eyes,
}

impl Controller {
    /// A game entering play (new or resumed): `clock` is each seat's time left, `move_left`
    /// the per-move timer's (as saved), `marks` the player's guess marks, `now` the time.
    pub fn new(
        game: Match,
        clock: Option<[f64; 2]>,
        move_left: Option<f64>,
        marks: Marks,
        face_to_face: bool,
        now: f64,
    ) -> Controller {
        let mut c = Controller {
            game,
            shown: None,
            selected: None,
            handover: None,
            guesses: marks,
            seat_guesses: [[None; POINTS]; 2],
            guess_at: None,
            notebook: false,
            noted: None,
            clock: clock.map(|left| Clock::new(left, now)),
            move_timer: None,
            animating: false,
            face_to_face,
            edits: 0,
            coach: false,
            coached: None,
            warned: None,
            eyes: Eyes::default(),
        };
        c.move_timer = c.start_move_timer(move_left, now);
        let friend = c.friend();
        let dark = c.game.mode() == Mode::Dark;
        let over = c.game.outcome().is_some();
        if friend && dark && !over {
            let first = c.game.seat_to_move().unwrap_or(0);
            c.handover = Some(Handover {
                seat: first,
                color: c.game.color_of(first),
            });
        } else {
            c.show_seat(c.display_seat());
        }
        c
    }

    /// The referee.
    pub fn game(&self) -> &Match {
        &self.game
    }

    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref()
    }

    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    pub fn handover(&self) -> Option<Handover> {
        self.handover
    }

    pub fn guesses(&self) -> &Marks {
        &self.guesses
    }

    pub fn guess_at(&self) -> Option<Point> {
        self.guess_at
    }

    /// Turns the notebook on or off (the player's setting).
    pub fn set_notebook(&mut self, on: bool) {
        self.notebook = on;
        if !on {
            self.noted = None;
        }
    }

    /// 暗棋, with the notebook on: what the record proves for the displayed seat, read from its
    /// own view, the public history and its formation only.
    pub fn notebook(&self) -> Option<crate::state::notebook::SeatNotebook<Point>> {
        let seat = self.shown.as_ref()?.seat;
        if !self.notebook {
            return None;
        }
        let own = self.game.formation_of(seat)?;
        crate::state::notebook::two_player(&self.game.full_view_of(seat), own)
    }

    /// Whether the notebook is on in a game it applies to (暗棋).
    pub fn notebook_on(&self) -> bool {
        self.notebook && self.game.mode() == Mode::Dark
    }

    /// The hidden enemy piece whose note is shown.
    pub fn noted(&self) -> Option<Point> {
        self.noted
    }

    pub fn clock(&self) -> Option<Clock> {
        self.clock
    }

    pub fn move_timer(&self) -> Option<MoveTimer> {
        self.move_timer
    }

    pub fn animating(&self) -> bool {
        self.animating
    }

    /// How many changes of the match were tried so far.
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// Follows the face-to-face setting (used the next time a seat is shown).
    pub fn set_face_to_face(&mut self, on: bool) {
        self.face_to_face = on;
    }

    fn friend(&self) -> bool {
        self.game.config.opponent == Opponent::Friend
    }

    /// Only computers play: the person watches (旁观).
    pub fn watched(&self) -> bool {
        self.game.config.watched()
    }

    /// A watched game's eyes.
    pub fn eyes(&self) -> Eyes {
        self.eyes
    }

    /// A watched game is seen through other eyes (a seat's, or every piece open).
    pub fn set_eyes(&mut self, eyes: Eyes) {
        if self.watched() && eyes != self.eyes {
            self.eyes = eyes;
            self.selected = None;
            // A move being animated ends on the board it began on; the new eyes follow it.
            if !self.animating && self.shown.is_some() {
                self.show_seat(self.display_seat());
            }
        }
    }

    /// The seat acting on the buttons: the player against the computer, else the seat to move.
    pub fn acting_seat(&self) -> u8 {
        if self.friend() {
            self.game.seat_to_move().unwrap_or(0)
        } else {
            self.game.config.seat
        }
    }

    /// Whether the displayed seat is to move and played by a person here (the page must
    /// also let it act: see [`Controller::can_act`]).
    pub fn shown_seat_to_move(&self) -> bool {
        self.shown.as_ref().is_some_and(|s| {
            self.game.seat_to_move() == Some(s.seat)
                && self.game.is_human(s.seat)
                && !self.game.waits_for_remote()
        })
    }

    /// Whether the displayed seat may act now.
    pub fn can_act(&self, page: Page) -> bool {
        page.in_play
            && !page.passive
            && !self.animating
            && self.handover.is_none()
            && self.shown_seat_to_move()
    }

    // ----- what the board shows ------------------------------------------------------------

    /// The seat whose eyes the board uses now.
    fn display_seat(&self) -> u8 {
        if self.watched() {
            let color = match self.eyes {
                Eyes::Black => Seat::BLACK,
                Eyes::Red | Eyes::Open => Seat::RED,
            };
            // 翻棋 before the colours are decided: the seats stand for them.
            return self.game.seat_of(color).unwrap_or(color.index() as u8);
        }
        if self.friend() {
            self.game
                .seat_to_move()
                .or_else(|| self.shown.as_ref().map(|s| s.seat))
                .unwrap_or(0)
        } else {
            self.game.config.seat
        }
    }

    /// Orientation and turned labels for a seat.
    fn orientation_for(&self, seat: u8) -> (Orientation, Option<Seat>) {
        let m = &self.game;
        let face = self.friend() && self.face_to_face;
        if m.mode() == Mode::Flip {
            // One fixed board: seat 0 at the bottom.
            return (
                Orientation::RedBottom,
                if face { m.color_of(1) } else { None },
            );
        }
        if face {
            return (Orientation::RedBottom, Some(Seat::BLACK));
        }
        let color = m
            .color_of(seat)
            .unwrap_or(if seat == 0 { Seat::RED } else { Seat::BLACK });
        let o = match color {
            Seat::RED => Orientation::RedBottom,
            _ => Orientation::BlackBottom,
        };
        (o, None)
    }

    /// The board through a seat's eyes now.
    pub fn shown_for(&self, seat: u8) -> Shown {
        let (orientation, turned) = self.orientation_for(seat);
        Shown {
            view: self.view_for(seat),
            seat,
            orientation,
            turned,
            last: self.game.last_action().map(|a| (a.from(), a.to())),
        }
    }

    /// What the board shows through a seat's eyes: the seat's view, or every piece in a
    /// watched game seen all open.
    pub(super) fn view_for(&self, seat: u8) -> PlayerView {
        if self.watched() && self.eyes == Eyes::Open {
            self.game.open_view()
        } else {
            self.game.view_of(seat)
        }
    }

    /// The removed pieces as the board's viewer knows them: a seat's, or every one named in a
    /// watched game seen all open.
    pub fn tray_for(&self, seat: u8) -> super::game::Tray {
        if self.watched() && self.eyes == Eyes::Open {
            if let Some(all) = self.game.open_tray() {
                return all;
            }
        }
        self.game.tray(seat)
    }

    fn show_seat(&mut self, seat: u8) {
        self.noted = None;
        // A move the coach held back belongs to the board it was chosen on.
        self.coached = None;
        self.warned = None;
        self.shown = Some(self.shown_for(seat));
    }

    /// The game changed (and its animation, if any, is over): the board shows the next seat,
    /// the device is handed over, or the game ends.
    fn after_change(&mut self) -> Vec<Effect> {
        let current = self.shown.as_ref().map(|s| s.seat);
        if self.game.outcome().is_some() {
            self.handover = None;
            self.show_seat(current.unwrap_or(0));
            return vec![Effect::CountResult, Effect::Over];
        }
        let next = self.game.seat_to_move().unwrap_or(0);
        let friend = self.friend();
        if friend && self.game.mode() == Mode::Dark && current != Some(next) {
            self.shown = None;
            self.guesses = [None; POINTS];
            self.handover = Some(Handover {
                seat: next,
                color: self.game.color_of(next),
            });
        } else if friend {
            self.show_seat(next);
        } else {
            self.show_seat(self.display_seat());
        }
        Vec::new()
    }

    /// The action's animation is over: show the new position, hand over, or end the game.
    pub fn finish(&mut self) -> Vec<Effect> {
        self.animating = false;
        self.after_change()
    }

    /// The seat handed the device to is ready: in play, its board and its own guess marks
    /// come back.
    pub fn handover_ready(&mut self, seat: u8, in_play: bool) {
        self.handover = None;
        if in_play {
            self.guesses = self.seat_guesses[usize::from(seat.min(1))];
            self.show_seat(seat);
        }
    }

    // ----- the move list -------------------------------------------------------------------

    /// The history as the board's viewer knew it, with the viewer's colour; while no seat's
    /// view is shown (a pass-and-play hand-over), only what both players may know.
    fn viewer_rows(&self) -> (Vec<Row>, Option<Seat>) {
        if self.watched() && self.eyes == Eyes::Open {
            if let Some(rows) = self.game.open_rows() {
                return (rows, None);
            }
        }
        match self.shown.as_ref().map(|s| s.seat) {
            Some(seat) => (self.game.rows(seat), self.game.color_of(seat)),
            None => (self.game.public_rows(), None),
        }
    }

    /// The move list, in `lang`, naming the pieces the viewer could see.
    pub fn move_list(&self, lang: Lang) -> Vec<MoveEntry> {
        self.viewer_rows()
            .0
            .iter()
            .map(|r| move_entry(&r.event, r.known, lang))
            .collect()
    }

    /// The captions of the last `n` actions, oldest first, with their ply numbers: the
    /// screen readers' log of the game.
    pub fn captions(&self, lang: Lang, n: usize) -> Vec<(u32, String)> {
        let (rows, viewer) = self.viewer_rows();
        let from = rows.len().saturating_sub(n);
        rows[from..]
            .iter()
            .map(|r| {
                (
                    r.event.ply,
                    i18n::caption::caption(&r.event, r.known, viewer, lang),
                )
            })
            .collect()
    }

    /// What the last action did, as the viewer knew it: the caption by the board.
    pub fn caption(&self, lang: Lang) -> Option<String> {
        let (mut rows, viewer) = self.viewer_rows();
        let row = rows.pop()?;
        Some(i18n::caption::caption(&row.event, row.known, viewer, lang))
    }

    /// The last action as both players may know it: the pass-and-play hand-over card repeats
    /// it while the device changes hands, so it names no hidden piece.
    pub fn public_caption(&self, lang: Lang) -> Option<String> {
        let row = self.game.public_rows().pop()?;
        Some(i18n::caption::caption(&row.event, row.known, None, lang))
    }
}

/// One row of a move list: the mover's name as the viewer knew it, the points, the result.
pub fn move_entry(ev: &PublicEvent, known: Known, lang: Lang) -> MoveEntry {
    MoveEntry {
        ply: ev.ply,
        color: ev.by,
        text: i18n::caption::move_row(ev, known, lang),
    }
}
