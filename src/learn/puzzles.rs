//! Puzzles in the course: the puzzle of the day (chosen by the date, offline), the next one the
//! child has not solved, a wrong move answered by its refutation and tried again, and each
//! child's record and daily streak in the profiles. The puzzles and their referee are
//! `junqi_learn::puzzle`'s; the taps are the lesson board's ([`Learn::tap`]).

use super::lesson::{Learn, LearnScreen};
use crate::ground::anim::Cue;
use crate::i18n;
use junqi_core::{Action, PlayerView, Point, Seat};
use junqi_learn::puzzle::{self, Puzzle, PuzzleFeedback, PuzzleRun};
use leptos::prelude::*;

pub use crate::i18n::puzzle::PuzzleNote;

/// Today as days since 1970-01-01 in the player's time zone (the puzzle of the day changes at
/// local midnight).
pub fn today() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        let now = js_sys::Date::new_0();
        let local_ms = now.get_time() - now.get_timezone_offset() * 60_000.0;
        (local_ms / 86_400_000.0).floor() as i64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| (d.as_secs() / 86_400) as i64)
    }
}

/// The puzzle of the day `day`.
pub fn daily(day: i64) -> Option<&'static Puzzle> {
    puzzle::of_the_day(puzzle::puzzles(), day)
}

impl Learn {
    /// Opens a puzzle by id (again, after a wrong move or from the menu).
    pub fn open_puzzle(&self, id: &str) {
        let Some(p) = puzzle::puzzles().iter().find(|p| p.id == id) else {
            return;
        };
        let Ok(run) = PuzzleRun::new(p) else {
            return;
        };
        self.stop();
        self.puzzle.set_value(Some(run));
        self.selected.set(None);
        self.hint.set(false);
        self.nudge.set(0);
        self.rev.update(|r| *r += 1);
        self.screen.set(LearnScreen::Puzzle);
    }

    /// Today's puzzle.
    pub fn open_daily(&self) {
        if let Some(p) = daily(today()) {
            self.open_puzzle(&p.id);
        }
    }

    /// The next puzzle the child has not solved, after the one open (or from the first), in
    /// the order of the list, which goes from easy to hard.
    pub fn next_puzzle(&self) {
        let list = puzzle::puzzles();
        let now = self
            .puzzle
            .with_value(|r| r.as_ref().map(|r| r.puzzle.id.clone()));
        let start = now
            .as_deref()
            .and_then(|id| list.iter().position(|p| p.id == id))
            .map_or(0, |i| i + 1);
        let solved = |id: &str| {
            self.profiles
                .with_untracked(|p| p.current().is_some_and(|pr| pr.puzzles.contains_key(id)))
        };
        let next = list[start.min(list.len())..]
            .iter()
            .chain(list.iter())
            .find(|p| !solved(&p.id) && Some(p.id.as_str()) != now.as_deref())
            .or_else(|| list.get(start % list.len().max(1)));
        if let Some(p) = next {
            self.open_puzzle(&p.id);
        }
    }

    /// Whether the puzzle on screen takes a move: not solved, no wrong move waiting for "try
    /// again".
    pub(super) fn puzzle_open(&self) -> bool {
        self.puzzle
            .with_value(|r| r.as_ref().is_some_and(|r| !r.is_solved() && !r.is_wrong()))
    }

    /// The id of the puzzle open (tracked).
    pub fn puzzle_id(&self) -> Option<String> {
        self.with_puzzle(|r| r.puzzle.id.clone())
    }

    /// Reads the puzzle attempt (tracked through `rev`).
    pub fn with_puzzle<R>(&self, f: impl FnOnce(&PuzzleRun) -> R) -> Option<R> {
        self.rev.track();
        self.puzzle.with_value(|r| r.as_ref().map(f))
    }

    /// What the child sees of the puzzle (everything: 明棋).
    pub(super) fn puzzle_view(&self) -> Option<PlayerView> {
        self.with_puzzle(|r| r.position().view(Some(Seat::RED)))
    }

    /// The hint: the line's next move.
    pub(super) fn puzzle_hint(&self) -> Option<(Point, Point)> {
        self.with_puzzle(|r| r.expected().map(|a| (a.from(), a.to())))
            .flatten()
    }

    /// The current child's record of a puzzle: 0 not solved, 1 solved, 2 at the first try.
    pub fn puzzle_record(&self, id: &str) -> u8 {
        self.profiles.with(|p| {
            p.current()
                .and_then(|pr| pr.puzzles.get(id).copied())
                .unwrap_or(0)
        })
    }

    /// The current child's score in words: puzzles solved of all, and the daily streak
    /// (tracked).
    pub fn puzzle_score(&self) -> String {
        let day = today();
        let (solved, streak) = self.profiles.with(|p| {
            p.current()
                .map_or((0, 0), |pr| (pr.puzzles.len(), pr.streak(day)))
        });
        i18n::puzzle::score(solved, puzzle::puzzles().len(), streak, self.store.lang())
    }

    /// Back to before the wrong move.
    pub fn retry_puzzle(&self) {
        self.puzzle.update_value(|r| {
            if let Some(r) = r {
                r.retry();
            }
        });
        self.puzzle_note.set(None);
        self.selected.set(None);
        self.rev.update(|r| *r += 1);
    }

    pub(super) fn play_puzzle(&self, action: Action, attack: bool) {
        let mut feedback = PuzzleFeedback::Illegal;
        self.puzzle.update_value(|r| {
            if let Some(r) = r {
                feedback = r.play(action);
            }
        });
        self.selected.set(None);
        self.hint.set(false);
        self.rev.update(|r| *r += 1);
        match feedback {
            PuzzleFeedback::Illegal => self.wrong_tap(),
            PuzzleFeedback::Right { reply } => {
                self.sound(if attack { Cue::Capture } else { Cue::Move });
                let reply = reply.and_then(|r| r.action).map(|a| (a.from(), a.to()));
                self.puzzle_note.set(Some(PuzzleNote::Right { reply }));
            }
            PuzzleFeedback::Wrong { refutation } => {
                self.sound(Cue::Lose);
                let reply = refutation
                    .and_then(|r| r.action)
                    .map(|a| (a.from(), a.to()));
                self.puzzle_note.set(Some(PuzzleNote::Wrong { reply }));
            }
            PuzzleFeedback::Solved => {
                self.sound(Cue::Flag);
                let Some((id, first_try)) = self
                    .puzzle
                    .with_value(|r| r.as_ref().map(|r| (r.puzzle.id.clone(), r.mistakes() == 0)))
                else {
                    return;
                };
                let day = today();
                let is_daily = daily(day).is_some_and(|p| p.id == id);
                self.profiles
                    .update(|p| p.record_puzzle(&id, first_try, is_daily.then_some(day)));
                self.save_profiles();
                self.puzzle_note.set(Some(PuzzleNote::Solved { first_try }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Action;

    /// The day, puzzle, a wrong first move and its refutation that the end-to-end test plays
    /// (`tests/e2e/fixtures/puzzle-day.json`): written from the puzzles with
    /// `JUNQI_WRITE_PUZZLE_DAY=1 cargo test -p junqi puzzle_day`, and kept equal to them here.
    /// The first day from 20 000 whose puzzle takes two moves and whose first piece has a wrong
    /// move the referee refutes.
    #[test]
    fn puzzle_day_fixture_is_the_puzzles() {
        let mut found = None;
        for day in 20_000..20_400 {
            let Some(p) = daily(day) else { continue };
            if p.depth < 2 {
                continue;
            }
            let first = p.line[0];
            let wrong: Vec<Action> = p
                .position()
                .unwrap()
                .legal_actions()
                .into_iter()
                .filter(|a| a.from() == first.from() && *a != first)
                .collect();
            for w in wrong {
                let mut r = PuzzleRun::new(p).unwrap();
                if let PuzzleFeedback::Wrong {
                    refutation:
                        Some(junqi_core::Report {
                            action: Some(b), ..
                        }),
                } = r.play(w)
                {
                    found = Some((day, p, w, b));
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        let (day, p, wrong, refutation) = found.expect("a day with a two-move puzzle");
        let line: Vec<String> = p.line.iter().map(ToString::to_string).collect();
        let text = format!(
            "{}\n",
            serde_json::to_string_pretty(&serde_json::json!({
                "day": day,
                "id": p.id,
                "line": line,
                "wrong": wrong.to_string(),
                "refutation": refutation.to_string(),
            }))
            .unwrap()
        );
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/e2e/fixtures/puzzle-day.json"
        );
        if std::env::var_os("JUNQI_WRITE_PUZZLE_DAY").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        assert_eq!(std::fs::read_to_string(path).unwrap_or_default(), text);
    }
}
