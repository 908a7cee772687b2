//! The course's controller: which screen (profiles, menu, lesson), the lesson being played
//! through `junqi-learn`'s [`LessonRun`] referee, taps, feedback and stars.

use super::assist::Assist;
use super::profiles::{self, Loaded, Profiles, KEY};
use super::speech;
use crate::audio;
use crate::ground::anim::Cue;
use crate::ground::pick::{self, Pick};
use crate::i18n::{self, Lang};
use crate::state::storage;
use crate::state::store::Store;
use junqi_core::{Action, Deployment, PlayerView, Point, Role, Seat, Slot};
use junqi_learn::{course, Feedback, Goal, Lesson, LessonRun, Mistake, Picture};
use leptos::prelude::*;
use std::time::Duration;

/// How long a success is shown before the next lesson starts by itself.
pub const NEXT_MS: u64 = 1800;
/// How long a mistake is shown before the lesson starts again.
pub const RESTART_MS: u64 = 2200;
/// How long a lesson waits for a tap before it shows the hint arrow by itself.
pub const IDLE_HINT_MS: u64 = 8000;

/// Where the course is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LearnScreen {
    /// Not in the course (the game's screens show).
    Closed,
    /// Who is playing?
    Profiles,
    Menu,
    Lesson,
    /// A puzzle (learn/puzzles.rs).
    Puzzle,
}

/// What the lesson screen shows over the board for a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flash {
    Success {
        stars: u8,
    },
    /// `at`: where it went wrong (the move's destination), to show the winner or the mine.
    Mistake {
        mistake: Mistake,
        at: Option<Point>,
    },
}

impl Flash {
    pub fn is_success(&self) -> bool {
        matches!(self, Flash::Success { .. })
    }
}

/// The spoken and written sentence of a lesson's goal (a trade says that both pieces go; a
/// strategy level says its idea).
pub fn lesson_text(lesson: &Lesson) -> i18n::T {
    i18n::strategy::idea(&lesson.id).unwrap_or_else(|| lesson_prompt(lesson).1)
}

/// Every goal sentence with the name of its recording (`speech::prompt_url`).
pub const GOAL_PROMPTS: [(&str, i18n::T); 6] = [
    ("remove", i18n::GOAL_REMOVE),
    ("reach", i18n::GOAL_REACH),
    ("flag", i18n::GOAL_FLAG),
    ("valid", i18n::GOAL_VALID),
    ("trade", i18n::GOAL_TRADE),
    ("tap", i18n::GOAL_TAP),
];

/// A lesson's goal: its recording's name and its sentence.
pub fn lesson_prompt(lesson: &Lesson) -> (&'static str, i18n::T) {
    let key = match (lesson.picture(), &lesson.goal) {
        (Some(Picture::Trade { .. }), _) => "trade",
        (_, Goal::Remove(_)) => "remove",
        (_, Goal::Reach(_)) => "reach",
        (_, Goal::Flag(_)) => "flag",
        (_, Goal::Valid(_)) => "valid",
        (_, Goal::Tap(_)) => "tap",
    };
    GOAL_PROMPTS
        .into_iter()
        .find(|(k, _)| *k == key)
        .unwrap_or(GOAL_PROMPTS[0])
}

/// The sound of a mistake: the mine's boom, the bomb's crash, the loser's sigh.
pub fn mistake_cue(m: &Mistake) -> Cue {
    match m {
        Mistake::Lost { by: Some(by), .. } if by.role == Role::Landmine => Cue::Mine,
        Mistake::Lost { piece, .. } if piece.role == Role::Bomb => Cue::Both,
        Mistake::Lost { by: Some(by), .. } if by.role == Role::Bomb => Cue::Both,
        Mistake::Stuck { .. } => Cue::Illegal,
        _ => Cue::Lose,
    }
}

/// The course's state, `Copy` for closures.
#[derive(Copy, Clone)]
pub struct Learn {
    pub store: Store,
    pub assist: Assist,
    pub screen: RwSignal<LearnScreen>,
    pub profiles: RwSignal<Profiles>,
    /// The profiles as this tab last read or wrote them (the base of every merge).
    profiles_base: StoredValue<Profiles>,
    /// The referee of the attempt in progress. Not reactive: `rev` announces changes.
    pub(super) run: StoredValue<Option<LessonRun>>,
    /// A strategy level's demo being shown (learn/demo.rs), and its referee when it plays
    /// moves (not reactive: `rev` announces changes).
    pub watching: RwSignal<Option<super::demo::Watching>>,
    pub(super) demo: StoredValue<Option<LessonRun>>,
    /// Bumped by each demo's start and end: a demo's timers act only under their own.
    pub(super) demo_serial: StoredValue<u64>,
    pub rev: RwSignal<u64>,
    pub lesson: RwSignal<Option<String>>,
    pub selected: RwSignal<Option<Point>>,
    pub flash: RwSignal<Option<Flash>>,
    /// The hint arrow is shown.
    pub hint: RwSignal<bool>,
    /// Taps that did nothing, counted: each one wiggles the pieces that can move.
    pub nudge: RwSignal<u32>,
    /// The goal told again (the speak button): the goal's demo plays again from its start, so
    /// the button does something without a voice too.
    pub retell: RwSignal<u32>,
    serial: StoredValue<u64>,
    /// Bumped by every tap: the idle hint shows only if nothing happened since it was timed.
    idle: StoredValue<u64>,
    /// A mistake was made in this lesson since it was opened: the win gives at most two stars.
    slipped: StoredValue<bool>,
    /// The puzzle being solved (learn/puzzles.rs). Not reactive: `rev` announces changes.
    pub(super) puzzle: StoredValue<Option<junqi_learn::puzzle::PuzzleRun>>,
    /// What the puzzle screen says of the last move.
    pub puzzle_note: RwSignal<Option<super::puzzles::PuzzleNote>>,
}

impl Learn {
    pub fn new(store: Store, assist: Assist) -> Learn {
        let profiles = match Profiles::load(storage::load(KEY).as_deref()) {
            Loaded::Fresh(p) | Loaded::Read(p) => p,
            Loaded::Corrupt { fresh, raw } => {
                // Keep a copy of what could not be read and say so; it is written over only
                // once the copy is kept (see `profiles::sync`), never when a newer version
                // wrote it.
                if profiles::version_of(&raw).is_none_or(|v| v <= 1) {
                    storage::back_up(KEY, &raw);
                }
                let lang = store.settings.with_untracked(|s| s.lang);
                store
                    .message
                    .set(Some(i18n::PROFILES_UNREADABLE.get(lang).to_string()));
                store.aside.set(true);
                fresh
            }
        };
        let learn = Learn {
            store,
            assist,
            screen: RwSignal::new(LearnScreen::Closed),
            profiles_base: StoredValue::new(profiles.clone()),
            profiles: RwSignal::new(profiles),
            run: StoredValue::new(None),
            watching: RwSignal::new(None),
            demo: StoredValue::new(None),
            demo_serial: StoredValue::new(0),
            rev: RwSignal::new(0),
            lesson: RwSignal::new(None),
            selected: RwSignal::new(None),
            flash: RwSignal::new(None),
            hint: RwSignal::new(false),
            nudge: RwSignal::new(0),
            retell: RwSignal::new(0),
            serial: StoredValue::new(0),
            idle: StoredValue::new(0),
            slipped: StoredValue::new(false),
            puzzle: StoredValue::new(None),
            puzzle_note: RwSignal::new(None),
        };
        storage::on_change_elsewhere(move |key| {
            if key.is_empty() || key == KEY {
                learn.profiles_changed_elsewhere();
            }
        });
        learn
    }

    fn lang(&self) -> Lang {
        self.store.settings.with_untracked(|s| s.lang)
    }

    pub(super) fn sound(&self, cue: Cue) {
        let s = self.store.settings.get_untracked();
        if s.sound {
            audio::play(cue, s.volume);
        }
    }

    fn bump(&self) -> u64 {
        let id = self.serial.with_value(|s| s + 1);
        self.serial.set_value(id);
        id
    }

    /// Writes the profiles, merged with what another tab stored meanwhile.
    pub(super) fn save_profiles(&self) {
        let base = self.profiles_base.get_value();
        let mine = self.profiles.get_untracked();
        match profiles::sync(&base, &mine) {
            Ok(written) => {
                self.profiles_base.set_value(written.clone());
                if written != mine {
                    self.profiles.set(written);
                }
            }
            Err(why) => leptos::logging::warn!("the profiles were not saved: {why:?}"),
        }
    }

    /// Another tab wrote the profiles: show its changes (nothing is written).
    pub fn profiles_changed_elsewhere(&self) {
        let Loaded::Read(stored) = Profiles::load(storage::load(KEY).as_deref()) else {
            return;
        };
        let base = self.profiles_base.get_value();
        let mine = self.profiles.get_untracked();
        let merged = Profiles::merge(&base, &stored, &mine);
        self.profiles_base.set_value(stored);
        if merged != mine {
            self.profiles.set(merged);
        }
    }

    // ----- screens -----------------------------------------------------------------------

    /// The course's entry: who is playing, or the menu when a child is chosen already.
    pub fn open(&self) {
        self.store.open_new_game();
        let chosen = self.profiles.with_untracked(|p| p.current().is_some());
        self.screen.set(if chosen {
            LearnScreen::Menu
        } else {
            LearnScreen::Profiles
        });
    }

    /// Leaves the course.
    pub fn close(&self) {
        self.stop();
        self.screen.set(LearnScreen::Closed);
    }

    /// Leaves the course for a real 明棋 game against the first computer level, coached when
    /// the grown-up allows it.
    pub fn play_game(&self) {
        self.close();
        self.store
            .start_course_game(self.assist.grown.with_untracked(|g| g.coach));
    }

    /// Back to the course menu.
    pub fn menu(&self) {
        self.stop();
        self.slipped.set_value(false);
        self.screen.set(LearnScreen::Menu);
    }

    pub fn switch_profile(&self) {
        self.stop();
        self.screen.set(LearnScreen::Profiles);
    }

    pub(super) fn stop(&self) {
        self.bump();
        self.quiet_end_watch();
        self.idle.update_value(|i| *i += 1);
        speech::hush();
        self.flash.set(None);
        self.run.set_value(None);
        self.puzzle.set_value(None);
        self.puzzle_note.set(None);
        self.lesson.set(None);
        self.rev.update(|r| *r += 1);
    }

    pub fn create_profile(&self, name: &str, avatar: u8) -> bool {
        let mut made = false;
        self.profiles
            .update(|p| made = p.create(name, avatar).is_some());
        if made {
            self.save_profiles();
            self.screen.set(LearnScreen::Menu);
        }
        made
    }

    pub fn choose_profile(&self, i: usize) {
        self.profiles.update(|p| p.select(i));
        self.save_profiles();
        self.screen.set(LearnScreen::Menu);
    }

    /// The current child's stars in a lesson (tracked).
    pub fn stars(&self, id: &str) -> u8 {
        self.profiles.with(|p| p.stars(id))
    }

    // ----- a lesson ------------------------------------------------------------------------

    /// Starts a lesson (again).
    pub fn start(&self, id: &str) {
        let Some(lesson) = course().lesson(id) else {
            return;
        };
        let Ok(run) = LessonRun::new(lesson) else {
            return;
        };
        let again = self.lesson.get_untracked().as_deref() == Some(id);
        if !again {
            self.slipped.set_value(false);
        }
        self.bump();
        self.quiet_end_watch();
        self.run.set_value(Some(run));
        self.selected.set(None);
        self.flash.set(None);
        self.hint.set(false);
        self.nudge.set(0);
        self.lesson.set(Some(id.to_string()));
        self.rev.update(|r| *r += 1);
        self.screen.set(LearnScreen::Lesson);
        self.wait_for_taps();
        if !again {
            self.say_goal();
        }
    }

    /// Times the idle hint afresh: after [`IDLE_HINT_MS`] with no tap, the hint arrow shows by
    /// itself, with a soft chime.
    pub(super) fn wait_for_taps(&self) {
        let id = self.idle.with_value(|i| i + 1);
        self.idle.set_value(id);
        let learn = *self;
        set_timeout(
            move || {
                if learn.idle.try_get_value() != Some(id)
                    || learn.screen.get_untracked() != LearnScreen::Lesson
                    || learn.flash.with_untracked(Option::is_some)
                    || learn.hint.get_untracked()
                    || learn.watching.with_untracked(Option::is_some)
                    || learn.with_run(LessonRun::is_done).unwrap_or(true)
                {
                    return;
                }
                learn.hint.set(true);
                learn.sound(Cue::Hint);
            },
            Duration::from_millis(IDLE_HINT_MS),
        );
    }

    /// A tap that did nothing: the buzz, and the pieces that can move wiggle.
    pub(super) fn wrong_tap(&self) {
        self.sound(Cue::Illegal);
        self.nudge.update(|n| *n += 1);
    }

    /// Plays the goal's demo again (a strategy level's on the board too), and speaks the goal
    /// when the grown-up left the voice on and the browser has a voice.
    pub fn say_goal(&self) {
        self.retell.update(|n| *n += 1);
        self.watch();
        if !self.assist.grown.with_untracked(|g| g.voice) {
            return;
        }
        // Where no voice speaks the language, the recording of the goal's kind plays instead.
        if let Some(((key, _), text)) = self.with_lesson(|l| (lesson_prompt(l), lesson_text(l))) {
            let lang = self.lang();
            speech::speak(text.get(lang), key, lang);
        }
    }

    /// Reads the lesson being played (untracked).
    pub fn with_lesson<R>(&self, f: impl FnOnce(&Lesson) -> R) -> Option<R> {
        self.run.with_value(|r| r.as_ref().map(|r| f(&r.lesson)))
    }

    /// Reads the attempt (tracked through `rev`).
    pub fn with_run<R>(&self, f: impl FnOnce(&LessonRun) -> R) -> Option<R> {
        self.rev.track();
        self.run.with_value(|r| r.as_ref().map(f))
    }

    /// What the learner sees of a board lesson (everything in 明棋, their own pieces in a
    /// hidden lesson), or of the demo while it plays.
    pub fn view(&self) -> Option<PlayerView> {
        if self.screen.get() == LearnScreen::Puzzle {
            return self.puzzle_view();
        }
        self.with_board(|r| r.position().map(|p| p.view(Some(Seat::RED))))
            .flatten()
    }

    /// The formation of an arrange lesson.
    pub fn formation(&self) -> Option<Deployment> {
        self.with_run(|r| r.formation().cloned()).flatten()
    }

    /// The bulb: shows the hint arrow (pressed again, or while the idle hint shows, it stays).
    pub fn show_hint(&self) {
        self.hint.set(true);
    }

    /// The arrow the hint shows: the next step of the known way, from where the learner is.
    pub fn hint_arrow(&self) -> Option<(Point, Point)> {
        if !self.hint.get() || self.watching.with(Option::is_some) {
            return None;
        }
        if self.screen.get() == LearnScreen::Puzzle {
            return self.puzzle_hint();
        }
        self.with_run(|r| {
            if r.is_done() {
                return None;
            }
            let a = r
                .lesson
                .solution
                .get(r.moves() as usize)
                .copied()
                .unwrap_or(r.lesson.hint);
            Some((a.from(), a.to()))
        })
        .flatten()
    }

    /// A tap on the lesson board: pick a piece, then its destination (or, arranging, the piece
    /// to swap with).
    pub fn tap(&self, p: Point) {
        if self.flash.with_untracked(Option::is_some) {
            return;
        }
        if self.watching.with_untracked(Option::is_some) {
            // A tap during the demo ends it (and does nothing else: it is not a move).
            self.end_watch();
            return;
        }
        if self.screen.get_untracked() == LearnScreen::Puzzle && !self.puzzle_open() {
            return;
        }
        self.wait_for_taps();
        let lesson = self.screen.get_untracked() == LearnScreen::Lesson;
        if lesson && self.with_lesson(Lesson::is_tap).unwrap_or(false) {
            self.play(Action::Flip(p), false);
            return;
        }
        let arrange = lesson && self.with_lesson(Lesson::is_arrange).unwrap_or(false);
        if arrange {
            self.tap_arrange(p);
        } else {
            self.tap_board(p);
        }
    }

    fn tap_board(&self, p: Point) {
        let Some(view) = leptos::prelude::untrack(|| self.view()) else {
            return;
        };
        let actions = view.legal_actions();
        let pick = pick::tap(
            self.selected.get_untracked(),
            p,
            |from, to| actions.contains(&Action::Move { from, to }),
            |q| actions.iter().any(|a| a.from() == q),
        );
        match pick {
            Pick::Go { from, to } => {
                let enemy = view.cells[to.index()].is_some_and(|o| o.color == Some(Seat::BLACK));
                self.play(Action::Move { from, to }, enemy);
            }
            Pick::Up(p) => self.selected.set(Some(p)),
            Pick::Back(_) => self.selected.set(None),
            Pick::Miss(_) => {
                // The enemy piece first, a piece that cannot move, a point out of reach: show
                // which pieces can go.
                self.selected.set(None);
                self.wrong_tap();
            }
        }
    }

    fn tap_arrange(&self, p: Point) {
        let Some(dep) = leptos::prelude::untrack(|| self.formation()) else {
            return;
        };
        // A swap: a piece "goes" to any other point of Red's half.
        let own = |q: Point| Slot::of_point(q, Seat::RED);
        let pick = pick::tap(
            self.selected.get_untracked(),
            p,
            |_, to| own(to).is_some(),
            |q| own(q).is_some_and(|slot| dep.get(slot).is_some()),
        );
        match pick {
            Pick::Go { from, to } => self.play(Action::Move { from, to }, false),
            Pick::Up(p) => self.selected.set(Some(p)),
            Pick::Back(_) => self.selected.set(None),
            // An empty point with nothing held stays so; off the half, the piece goes back.
            Pick::Miss(q) => {
                if own(q).is_none() {
                    self.selected.set(None);
                }
            }
        }
    }

    /// Plays a step through the referee and shows its feedback.
    fn play(&self, action: Action, attack: bool) {
        if self.screen.get_untracked() == LearnScreen::Puzzle {
            self.play_puzzle(action, attack);
            return;
        }
        let mut feedback = Feedback::Illegal;
        self.run.update_value(|r| {
            if let Some(r) = r {
                feedback = r.step(action);
            }
        });
        self.selected.set(None);
        self.rev.update(|r| *r += 1);
        match feedback {
            Feedback::Illegal | Feedback::Miss => self.wrong_tap(),
            Feedback::Continue { .. } => {
                self.hint.set(false);
                self.wait_for_taps();
                self.sound(if attack { Cue::Capture } else { Cue::Move });
            }
            Feedback::Success { stars } => self.success(stars),
            Feedback::Mistake(m) => self.mistake(m, Some(action.to())),
        }
    }

    fn success(&self, stars: u8) {
        self.sound(Cue::Flag);
        let Some(id) = self.lesson.get_untracked() else {
            return;
        };
        // Done again after a mistake: well done, but not the three stars of a clean win.
        let stars = if self.slipped.get_value() {
            stars.min(2)
        } else {
            stars
        };
        self.slipped.set_value(false);
        self.profiles.update(|p| p.record(&id, stars));
        self.save_profiles();
        self.flash.set(Some(Flash::Success { stars }));
        let serial = self.bump();
        let learn = *self;
        set_timeout(
            move || {
                if learn.serial.try_get_value() != Some(serial) {
                    return;
                }
                match course().next(&id) {
                    Some(next) => learn.start(&next.id),
                    None => learn.menu(),
                }
            },
            Duration::from_millis(NEXT_MS),
        );
    }

    fn mistake(&self, m: Mistake, at: Option<Point>) {
        self.slipped.set_value(true);
        self.sound(mistake_cue(&m));
        self.flash.set(Some(Flash::Mistake { mistake: m, at }));
        let serial = self.bump();
        let learn = *self;
        set_timeout(
            move || {
                if learn.serial.try_get_value() != Some(serial) {
                    return;
                }
                if let Some(id) = learn.lesson.get_untracked() {
                    learn.start(&id);
                }
            },
            Duration::from_millis(RESTART_MS),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Piece;

    #[test]
    fn every_goal_has_words_and_mistakes_their_sound() {
        for l in &course().lessons {
            let text = lesson_text(l);
            assert!(!text.zh.is_empty() && !text.en.is_empty(), "{}", l.id);
        }
        let p = |r| Piece::new(Seat::RED, r);
        let b = |r| Piece::new(Seat::BLACK, r);
        let at: Point = "c7".parse().unwrap();
        let lost = |piece, by| Mistake::Lost {
            at,
            piece,
            by: Some(by),
        };
        assert_eq!(
            mistake_cue(&lost(p(Role::Major), b(Role::Landmine))),
            Cue::Mine
        );
        assert_eq!(mistake_cue(&lost(p(Role::Major), b(Role::Bomb))), Cue::Both);
        assert_eq!(
            mistake_cue(&lost(p(Role::Major), b(Role::Marshal))),
            Cue::Lose
        );
        assert_eq!(mistake_cue(&Mistake::TooManyMoves), Cue::Lose);
        // A hidden mine makes no boom: the sound would name it.
        let hidden = Mistake::Lost {
            at,
            piece: p(Role::Major),
            by: None,
        };
        assert_eq!(mistake_cue(&hidden), Cue::Lose);
    }
}
