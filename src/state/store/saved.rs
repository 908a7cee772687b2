//! The store's saved games: autosave after every action, resume by replay, the records screen's
//! operations, and reading the saved data on start (see `state/saves.rs` for the format).

use super::{Phase, RecordsNote, Store};
use crate::i18n;
use crate::state::config::Opponent;
use crate::state::saves::{self, SavedGame, Saves};
use crate::state::storage;
use junqi_core::types::POINTS;
use junqi_core::Point;
use leptos::prelude::*;

impl Store {
    /// Writes the saved games to localStorage (synchronous: done when this returns).
    pub(super) fn write_saves(&self) {
        let text = self.saves.with_untracked(Saves::to_text);
        if !storage::save(saves::KEY, &text) {
            leptos::logging::warn!("the game could not be saved: the browser refused");
            self.notify(i18n::SAVE_FAILED.get(self.lang()));
        }
    }

    /// Saves the game in progress as it stands now: its actions, result, clocks and guess marks.
    /// Called after every action, so nothing is lost when the page closes.
    pub fn autosave(&self) {
        let Some(id) = self.saves.with_untracked(|s| s.current.clone()) else {
            return;
        };
        let now = storage::now_ms();
        let clock = self.clock.get_untracked().map(|c| c.left);
        let move_left = self.move_timer.get_untracked().map(|t| t.left);
        let computer = self.against_computer();
        let marks = self.guesses.get_untracked();
        let updated = self
            .with_match(|m| {
                let mut g = self.saves.with_untracked(|s| s.get(&id).cloned())?;
                g.update_from(m, now);
                g.clock = clock;
                g.move_left = move_left;
                g.guesses = if computer && m.outcome().is_none() {
                    SavedGame::format_guesses(
                        marks
                            .iter()
                            .enumerate()
                            .filter_map(|(i, r)| Some((Point::new(i)?, (*r)?))),
                    )
                } else {
                    String::new()
                };
                Some(g)
            })
            .flatten();
        if let Some(g) = updated {
            self.saves.update(|s| s.put(g));
            self.clock_saved.set_value(now);
            self.write_saves();
        }
    }

    /// Resumes the unfinished game saved when the page was last open, if any.
    pub fn resume_last(&self) {
        let id = self
            .saves
            .with_untracked(|s| s.resumable().map(|g| g.id.clone()));
        let Some(id) = id else { return };
        if let Err(e) = self.resume(&id) {
            // It cannot be replayed: kept aside for export, out of the list.
            let raw = self.saves.with_untracked(|s| {
                s.get(&id)
                    .and_then(|g| serde_json::to_string(g).ok())
                    .unwrap_or_default()
            });
            if keep_aside(&raw) {
                self.saves.update(|s| s.remove(&id));
                self.write_saves();
            }
            self.aside.set(true);
            self.unreadable.set(Some(e));
        }
    }

    /// Resumes an unfinished saved game by replaying it through the referee.
    pub fn resume(&self, id: &str) -> Result<(), String> {
        let Some(g) = self.saves.with_untracked(|s| s.get(id).cloned()) else {
            return Err(format!("no saved game {id}"));
        };
        if g.finished() {
            return Err("the game is over".into());
        }
        let m = saves::rebuild(&g)?;
        self.ai.cancel();
        self.asking.set_value(None);
        self.thinking.set(false);
        let minutes = m.config.clock_minutes;
        let clock = g
            .clock
            .or((minutes > 0).then(|| [f64::from(minutes) * 60_000.0; 2]));
        let computer = m.config.opponent == Opponent::Computer;
        self.config.set(m.config.clone());
        let mut marks = [None; POINTS];
        if computer {
            for (p, r) in g.guess_marks() {
                marks[p.index()] = Some(r);
            }
        }
        self.guesses.set(marks);
        // Marks kept per seat belong to whatever game was shown before.
        self.seat_guesses.set_value([[None; POINTS]; 2]);
        self.saves.update(|s| s.current = Some(g.id.clone()));
        self.write_saves();
        self.enter_play(m, clock, g.move_left);
        Ok(())
    }

    /// Opens the records screen.
    pub fn open_records(&self) {
        self.records_note.set(None);
        self.phase.set(Phase::Records);
    }

    /// Resumes a game from the records screen.
    pub fn resume_record(&self, id: &str) {
        if let Err(e) = self.resume(id) {
            let text = format!("{}{e}", i18n::RESUME_FAILED.get(self.lang()));
            self.records_note
                .set(Some(RecordsNote { error: true, text }));
        }
    }

    /// Deletes a saved game.
    pub fn delete_record(&self, id: &str) {
        self.saves.update(|s| s.remove(id));
        self.write_saves();
    }

    /// Offers a game as a record file (RULES.md §9), when that shows nothing hidden.
    pub fn export_record(&self, id: &str) {
        let Some(g) = self.saves.with_untracked(|s| s.get(id).cloned()) else {
            return;
        };
        if !g.exportable() {
            return;
        }
        match saves::rebuild(&g) {
            Ok(m) => storage::download(
                &format!("junqi-{}.json", g.id),
                "application/json",
                &m.game().record().to_json(),
            ),
            Err(e) => {
                let text = format!("{}{e}", i18n::EXPORT_FAILED.get(self.lang()));
                self.records_note
                    .set(Some(RecordsNote { error: true, text }));
            }
        }
    }

    /// Opens a finished saved game in the replay viewer.
    pub fn replay_record(&self, id: &str) {
        let Some(g) = self.saves.with_untracked(|s| s.get(id).cloned()) else {
            return;
        };
        if !g.finished() {
            return; // an unfinished game is resumed, never replayed (it may hide pieces)
        }
        let opened = saves::rebuild(&g).and_then(|m| self.open_replay(m.game().record()));
        if let Err(e) = opened {
            self.records_note.set(Some(RecordsNote {
                error: true,
                text: e,
            }));
        }
    }

    /// Adds the game record in `text` (a file's contents) to the records, if junqi-core can
    /// read and replay it; otherwise says why and changes nothing.
    pub fn import_record(&self, name: &str, text: &str) {
        let lang = self.lang();
        let checked = junqi_core::GameRecord::from_json(text).and_then(|r| {
            junqi_core::Game::replay(&r)?;
            Ok(r)
        });
        let note = match checked {
            Ok(record) => {
                let now = storage::now_ms();
                let id = format!("imported-{:x}", now as u64);
                let g = SavedGame::from_record(&record, id, now);
                match saves::rebuild(&g) {
                    Ok(_) => {
                        self.saves.update(|s| s.put(g));
                        self.write_saves();
                        RecordsNote {
                            error: false,
                            text: format!("{}{name}", i18n::IMPORTED.get(lang)),
                        }
                    }
                    Err(e) => RecordsNote {
                        error: true,
                        text: format!("{}{name}: {e}", i18n::IMPORT_FAILED.get(lang)),
                    },
                }
            }
            Err(e) => RecordsNote {
                error: true,
                text: format!("{}{name}: {e}", i18n::IMPORT_FAILED.get(lang)),
            },
        };
        self.records_note.set(Some(note));
    }

    /// Offers the saved data that could not be read as a file.
    pub fn export_unreadable(&self) {
        if let Some(text) = storage::load(saves::ASIDE) {
            storage::download("junqi-unreadable-saves.txt", "text/plain", &text);
        }
    }
}

/// Keeps saved data that cannot be read under [`saves::ASIDE`], after whatever is there already;
/// false if the browser refused.
fn keep_aside(raw: &str) -> bool {
    let kept = match storage::load(saves::ASIDE) {
        Some(old) if !old.is_empty() => format!("{old}\n{raw}"),
        _ => raw.to_string(),
    };
    storage::save(saves::ASIDE, &kept)
}

/// Reads the saved games. Data that cannot be read is kept aside under [`saves::ASIDE`] (added to
/// whatever is there already) and replaced by an empty list, so the app still starts; the reason
/// is returned for the message.
pub(super) fn load_saves() -> (Saves, Option<String>) {
    let Some(text) = storage::load(saves::KEY) else {
        return (Saves::new(), None);
    };
    match saves::read(&text) {
        Ok(loaded) if loaded.broken.is_empty() => (loaded.saves, None),
        Ok(loaded) => {
            let n = loaded.broken.len();
            if keep_aside(&loaded.broken.join("\n")) {
                storage::save(saves::KEY, &loaded.saves.to_text());
            }
            (loaded.saves, Some(format!("{n} saved game(s) unreadable")))
        }
        Err(e) => {
            if keep_aside(&text) {
                storage::save(saves::KEY, &Saves::new().to_text());
            }
            (Saves::new(), Some(e.to_string()))
        }
    }
}
