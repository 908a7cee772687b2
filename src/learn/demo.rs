//! A strategy level's demo: before the child plays, the board shows the idea once by itself —
//! the level mirrored left to right and played through its solution (junqi-learn's
//! [`junqi_learn::Lesson::demo`], refereed like the level), or, for a point's name, the enemy's
//! point of that name ringed ([`junqi_learn::Lesson::demo_points`]). A tap on the board or the
//! skip button ends it; the speak button plays it again with the idea's words.

use super::lesson::{Learn, LearnScreen};
use crate::ground::anim::Cue;
use junqi_core::Point;
use junqi_learn::{course, LessonRun};
use leptos::prelude::*;
use std::time::Duration;

/// The pause before the demo's first move (the board is seen first).
pub const DEMO_FIRST_MS: u64 = 900;
/// Between two moves of the demo.
pub const DEMO_STEP_MS: u64 = 1100;
/// How long the demo's last position stays before the level's own board comes back.
pub const DEMO_END_MS: u64 = 1500;
/// How long the enemy's named point is ringed.
pub const DEMO_POINTS_MS: u64 = 2600;

/// What the demo shows now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Watching {
    /// The mirrored level plays itself (its referee is `Learn::demo`).
    Moves,
    /// The enemy's points of the name the level asks for.
    Points(Vec<Point>),
}

impl Watching {
    pub fn kind(&self) -> &'static str {
        match self {
            Watching::Moves => "moves",
            Watching::Points(_) => "points",
        }
    }
}

impl Learn {
    /// Starts the demo of the lesson being played, when it is a strategy level (again from its
    /// start when it was playing). The level itself is left as it is.
    pub(super) fn watch(&self) {
        let Some(lesson) = self.with_lesson(Clone::clone) else {
            return;
        };
        if !course().is_strategy(&lesson)
            || self.screen.get_untracked() != LearnScreen::Lesson
            || self.flash.with_untracked(Option::is_some)
        {
            return;
        }
        let serial = self.quiet_end_watch();
        self.selected.set(None);
        self.hint.set(false);
        match lesson.demo() {
            Some(demo) => {
                let Ok(run) = LessonRun::new(&demo) else {
                    return;
                };
                self.demo.set_value(Some(run));
                self.watching.set(Some(Watching::Moves));
                self.rev.update(|r| *r += 1);
                self.demo_step(serial, 0, DEMO_FIRST_MS);
            }
            None => {
                let points = lesson.demo_points();
                if points.is_empty() {
                    return;
                }
                self.watching.set(Some(Watching::Points(points)));
                self.after_demo(serial, DEMO_POINTS_MS, |learn| learn.end_watch());
            }
        }
    }

    /// Runs `f` after `ms` unless the demo was ended or started again meanwhile.
    fn after_demo(&self, serial: u64, ms: u64, f: impl FnOnce(Learn) + 'static) {
        let learn = *self;
        set_timeout(
            move || {
                if learn.demo_serial.try_get_value() == Some(serial) {
                    f(learn);
                }
            },
            Duration::from_millis(ms),
        );
    }

    /// Plays the demo's step `i` after `wait`, then the next; after the last, the end.
    fn demo_step(&self, serial: u64, i: usize, wait: u64) {
        self.after_demo(serial, wait, move |learn| {
            let mut played = None;
            learn.demo.update_value(|d| {
                if let Some(run) = d {
                    if let Some(&step) = run.lesson.solution.get(i) {
                        let attack = run
                            .position()
                            .is_some_and(|p| p.piece_at(step.to()).is_some());
                        run.step(step);
                        played = Some((attack, run.lesson.solution.len() == i + 1));
                    }
                }
            });
            let Some((attack, last)) = played else {
                learn.end_watch();
                return;
            };
            learn.rev.update(|r| *r += 1);
            learn.sound(if attack { Cue::Capture } else { Cue::Move });
            let wait = if last { DEMO_END_MS } else { DEMO_STEP_MS };
            learn.demo_step(serial, i + 1, wait);
        });
    }

    /// Ends the demo (a tap, the skip button, or its own end): the level's board is back and
    /// the wait for the child's taps starts.
    pub fn end_watch(&self) {
        if self.watching.with_untracked(Option::is_none) {
            return;
        }
        self.quiet_end_watch();
        self.wait_for_taps();
    }

    /// Ends the demo without a word (leaving or starting a level); returns the serial a new
    /// demo runs under.
    pub(super) fn quiet_end_watch(&self) -> u64 {
        let serial = self.demo_serial.with_value(|s| s + 1);
        self.demo_serial.set_value(serial);
        self.demo.set_value(None);
        if self.watching.with_untracked(Option::is_some) {
            self.watching.set(None);
            self.rev.update(|r| *r += 1);
        }
        serial
    }

    /// Reads the referee whose board is shown: the demo's while it plays, else the level's
    /// (tracked through `rev`).
    pub fn with_board<R>(&self, f: impl FnOnce(&LessonRun) -> R) -> Option<R> {
        self.rev.track();
        if self.watching.with(|w| w == &Some(Watching::Moves)) {
            return self.demo.with_value(|d| d.as_ref().map(f));
        }
        self.run.with_value(|r| r.as_ref().map(f))
    }
}
