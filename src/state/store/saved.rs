//! The store's saved games: autosave after every action, resume by replay, the records screen's
//! operations, and reading the saved data on start (see `state/saves.rs` for the format).

use super::{Phase, RecordsNote, Store};
use crate::i18n;
use crate::state::config::Opponent;
use crate::state::saves::{self, SavedGame, Saves};
use crate::state::storage::{self, NotWritten};
use junqi_core::types::POINTS;
use junqi_core::Point;
use leptos::prelude::*;

/// What a write stored: the list written and the games dropped for room.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    pub saves: Saves,
    pub dropped: Vec<String>,
}

/// Writes this tab's games (`mine`) merged with whatever is stored now (re-read right before
/// writing; `base` is what this tab last read or wrote, see [`Saves::merge`]). Stored data
/// that cannot be read is never written over before a copy of it is safely kept
/// ([`storage::back_up`]); data of a newer version is never written over.
pub fn sync_saves(base: &Saves, mine: &Saves) -> Result<Written, NotWritten> {
    let stored = match storage::load(saves::KEY) {
        None => Saves::new(),
        Some(text) => match saves::read(&text) {
            Ok(loaded) => {
                if !loaded.broken.is_empty() && !storage::back_up(saves::KEY, &text) {
                    return Err(NotWritten::NoBackup);
                }
                loaded.saves
            }
            Err(saves::LoadError::UnknownVersion(v)) if v > u64::from(saves::VERSION) => {
                return Err(NotWritten::Newer(v));
            }
            Err(_) => {
                if !storage::back_up(saves::KEY, &text) {
                    return Err(NotWritten::NoBackup);
                }
                Saves::new()
            }
        },
    };
    let mut merged = Saves::merge(base, &stored, mine);
    let dropped = merged.cap();
    if !storage::save(saves::KEY, &merged.to_text()) {
        return Err(NotWritten::Refused);
    }
    Ok(Written {
        saves: merged,
        dropped,
    })
}

impl Store {
    /// Writes the saved games to localStorage (synchronous: done when this returns), merged with
    /// what other tabs stored meanwhile ([`sync_saves`]). The list shown takes in their
    /// changes; the game this tab plays stays its own.
    pub(super) fn write_saves(&self) {
        let base = self.saves_base.get_value();
        let mine = self.saves.get_untracked();
        match sync_saves(&base, &mine) {
            Ok(w) => {
                if !w.dropped.is_empty() {
                    self.pruned.update(|n| *n += w.dropped.len());
                }
                self.saves_base.set_value(w.saves.clone());
                self.take_in(w.saves, mine.current);
            }
            Err(why) => {
                leptos::logging::warn!("the games were not saved: {why:?}");
                let text = match why {
                    NotWritten::Newer(_) => i18n::SAVES_NEWER,
                    NotWritten::NoBackup | NotWritten::Refused => i18n::SAVE_FAILED,
                };
                self.notify(text.get(self.lang()));
            }
        }
    }

    /// Shows `list` (merged with other tabs), keeping this tab's own game in progress; if
    /// another tab has moved that game on, this tab stops writing it and says so.
    fn take_in(&self, mut list: Saves, current: Option<String>) {
        list.current = current.filter(|id| list.get(id).is_some());
        if let Some(id) = &list.current {
            let theirs = list.get(id).map_or(0, |g| g.rev);
            if theirs > self.own_rev.get_value() && !self.elsewhere.get_untracked() {
                self.elsewhere.set(true);
            }
        }
        if self.saves.with_untracked(|s| *s != list) {
            self.saves.set(list);
        }
    }

    /// Another tab wrote the saved games: show its changes (nothing is written).
    pub fn saves_changed_elsewhere(&self) {
        let Some(text) = storage::load(saves::KEY) else {
            return;
        };
        let Ok(loaded) = saves::read(&text) else {
            return;
        };
        let base = self.saves_base.get_value();
        let mine = self.saves.get_untracked();
        let merged = Saves::merge(&base, &loaded.saves, &mine);
        self.saves_base.set_value(loaded.saves);
        self.take_in(merged, mine.current);
    }

    /// Loads the newest version of the game this tab was playing, after another tab moved it on.
    pub fn reload_current(&self) {
        if self.reload_remote(false) {
            return;
        }
        let id = self.saves.with_untracked(|s| s.current.clone());
        self.elsewhere.set(false);
        self.saves_changed_elsewhere();
        if let Some(id) = id {
            if let Err(e) = self.resume(&id) {
                self.message.set(Some(e));
            }
        }
    }

    /// Saves the game in progress as it stands now: its actions, result, clocks and guess marks.
    /// Called after every action, so nothing is lost when the page closes.
    pub fn autosave(&self) {
        if self.remote_unfinished() {
            if !self.passive() {
                self.save_remote();
                self.clock_saved.set_value(storage::now_ms());
            }
            return;
        }
        let Some(id) = self.saves.with_untracked(|s| s.current.clone()) else {
            return;
        };
        if self.passive() {
            // Another tab plays this game (or has moved it on): this tab's version is not
            // written.
            return;
        }
        let now = storage::now_ms();
        let computer = self.against_computer();
        let updated = self
            .with_game(|c| {
                let m = c.game();
                let mut g = self.saves.with_untracked(|s| s.get(&id).cloned())?;
                g.update_from(m, now);
                g.clock = c.clock().map(|c| c.left);
                g.move_left = c.move_timer().map(|t| t.left);
                g.guesses = if computer && m.outcome().is_none() {
                    SavedGame::format_guesses(
                        c.guesses()
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
            self.own_rev.set_value(g.rev);
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
            // And as a record file, importable wherever it replays.
            let record = self
                .saves
                .with_untracked(|s| s.get(&id).and_then(|g| g.to_record()));
            if let Some(r) = record {
                storage::back_up(saves::UNREPLAYABLE, &r.to_json());
            }
            if storage::back_up(saves::KEY, &raw) {
                self.saves.update(|s| s.remove(&id));
                self.write_saves();
            }
            self.aside.set(true);
            self.unreadable.set(Some(e));
        }
    }

    /// Resumes an unfinished saved game by replaying it through the referee.
    pub fn resume(&self, id: &str) -> Result<(), String> {
        self.open_saved(id, false)
    }

    /// Opens a saved game as it stands, finished or not: a finished one at its end, with its
    /// result and rematch (after its replay).
    pub fn reopen(&self, id: &str) -> Result<(), String> {
        self.open_saved(id, true)
    }

    fn open_saved(&self, id: &str, finished_too: bool) -> Result<(), String> {
        // The latest another tab stored.
        self.saves_changed_elsewhere();
        let Some(g) = self.saves.with_untracked(|s| s.get(id).cloned()) else {
            return Err(format!("no saved game {id}"));
        };
        if g.finished() && !finished_too {
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
        self.config.update(|c| *c = m.config.as_choices(c));
        let mut marks = [None; POINTS];
        if computer {
            for (p, r) in g.guess_marks() {
                marks[p.index()] = Some(r);
            }
        }
        self.own_rev.set_value(g.rev);
        self.elsewhere.set(false);
        self.saves.update(|s| s.current = Some(g.id.clone()));
        self.write_saves();
        self.enter_play(m, clock, g.move_left, marks);
        Ok(())
    }

    /// Opens the records screen.
    pub fn open_records(&self) {
        self.records_note.set(None);
        self.last_deleted.set(None);
        // Copies of unreadable data may have been made since the page opened (another tab
        // wrote what this version cannot read).
        self.aside.set(!unreadable_text().is_empty());
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

    /// Deletes a saved game. It is kept in [`Store::last_deleted`] so the delete can be
    /// undone ([`Store::undo_delete`]) until the next delete or until the records are left.
    pub fn delete_record(&self, id: &str) {
        let Some(g) = self.saves.with_untracked(|s| s.get(id).cloned()) else {
            return;
        };
        self.saves.update(|s| s.remove(id));
        self.write_saves();
        self.last_deleted.set(Some(g));
    }

    /// Puts the game last deleted back into the records.
    pub fn undo_delete(&self) {
        let Some(g) = self.last_deleted.get_untracked() else {
            return;
        };
        self.last_deleted.set(None);
        self.saves.update(|s| s.put(g));
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
        match saves::rebuild(&g).and_then(|m| m.record().ok_or_else(|| "no record".to_string())) {
            Ok(record) => storage::download(
                &format!("junqi-{}.json", g.id),
                "application/json",
                &record.to_json(),
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
        let opened = saves::rebuild(&g)
            .and_then(|m| self.open_replay(m.record().ok_or_else(|| "no record".to_string())?));
        self.replay_from_records.set_value(opened.is_ok());
        if let Err(e) = opened {
            self.records_note.set(Some(RecordsNote {
                error: true,
                text: e,
            }));
        }
    }

    /// Adds the game record in `text` (a file's contents) to the records, if junqi-core can
    /// read and replay it; otherwise says why, in the player's language, and changes nothing. A
    /// game already in the records is not added twice (the one there keeps who played it).
    pub fn import_record(&self, name: &str, text: &str) {
        let lang = self.lang();
        let now = storage::now_ms();
        let id = format!("imported-{:x}", now as u64);
        let done: Result<bool, String> = if junqi_core::siguo::SiguoRecord::is_meant(text) {
            // A 4-player record file becomes a 四国 game of its own.
            match junqi_core::siguo::SiguoRecord::from_json(text) {
                Err(e) => Err(i18n::refusal::siguo_record(&e, lang)),
                Ok(record) if crate::state::siguo::save::holds(&record) => Ok(false),
                Ok(record) => crate::state::siguo::save::import(&record, &id, now)
                    .map(|()| self.siguo.records_rev.update(|r| *r += 1))
                    .map(|()| true),
            }
        } else {
            match junqi_core::GameRecord::from_json(text) {
                Err(e) => Err(i18n::refusal::record(&e, lang)),
                Ok(record) => match junqi_core::Game::replay(&record) {
                    Err(e) => Err(i18n::refusal::record(&e, lang)),
                    Ok(_) if self.saves.with_untracked(|s| s.holds(&record)) => Ok(false),
                    Ok(_) => {
                        let g = SavedGame::from_record(&record, id, now);
                        saves::rebuild(&g).map(|_| {
                            self.saves.update(|s| s.put(g));
                            self.write_saves();
                            true
                        })
                    }
                },
            }
        };
        let note = match done {
            Ok(true) => RecordsNote {
                error: false,
                text: format!("{}{name}", i18n::IMPORTED.get(lang)),
            },
            Ok(false) => RecordsNote {
                error: false,
                text: format!("{}{name}", i18n::ALREADY_IMPORTED.get(lang)),
            },
            Err(e) => RecordsNote {
                error: true,
                text: format!("{}{name}: {e}", i18n::IMPORT_FAILED.get(lang)),
            },
        };
        self.records_note.set(Some(note));
    }

    /// Offers the last saved game this version could not replay as a record file.
    pub fn export_unreplayable(&self) {
        if let Some((key, _)) = storage::backups_of(saves::UNREPLAYABLE).last() {
            if let Some(text) = storage::load(key) {
                storage::download("junqi-game.json", "application/json", &text);
            }
        }
    }

    /// Whether a game this version could not replay is kept as a record file.
    pub fn has_unreplayable(&self) -> bool {
        !storage::backups_of(saves::UNREPLAYABLE).is_empty()
    }

    /// Offers every copy of data that could not be read (saved games, results, profiles) as
    /// one file.
    pub fn export_unreadable(&self) {
        let text = unreadable_text();
        if !text.is_empty() {
            storage::download("junqi-unreadable-data.txt", "text/plain", &text);
        }
    }
}

/// Reads the saved games. Data that cannot be read is copied to a backup of its own
/// ([`storage::back_up`]) and left where it is: it is written over only by a later write, and
/// only once a copy is safely kept (see [`sync_saves`]). The app starts with what could be read;
/// the reason is returned for the message.
pub(super) fn load_saves() -> (Saves, Option<String>) {
    let Some(text) = storage::load(saves::KEY) else {
        return (Saves::new(), None);
    };
    let kept = |why: String| {
        if storage::back_up(saves::KEY, &text) {
            why
        } else {
            format!("{why} (no copy could be kept: the data stays where it is)")
        }
    };
    match saves::read(&text) {
        Ok(loaded) if loaded.broken.is_empty() => (loaded.saves, None),
        Ok(loaded) => {
            let n = loaded.broken.len();
            let why = kept(format!("{n} saved game(s) unreadable"));
            (loaded.saves, Some(why))
        }
        Err(e) => {
            let why = kept(e.to_string());
            (Saves::new(), Some(why))
        }
    }
}

/// Every copy of data that could not be read, as one text to download: the backups of every
/// key, and what older versions kept aside.
pub fn unreadable_text() -> String {
    let mut parts: Vec<(String, String)> = storage::all_backups();
    for key in [
        saves::ASIDE,
        crate::state::stats::STATS_UNREADABLE,
        storage::PROFILES_CORRUPT,
    ] {
        if let Some(text) = storage::load(key) {
            parts.push((key.to_string(), text));
        }
    }
    parts
        .iter()
        .map(|(k, t)| format!("=== {k}\n{t}\n"))
        .collect()
}

// Uses the stand-in storage of native builds.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::config::GameConfig;
    use junqi_core::{Deployment, Mode};

    fn game(id: &str, actions: &str, rev: u64) -> SavedGame {
        SavedGame {
            id: id.into(),
            started: 1.0,
            saved: 2.0,
            imported: false,
            config: GameConfig {
                mode: Mode::Open,
                opponent: Opponent::Friend,
                ..GameConfig::default()
            }
            .to_text(),
            choices: None,
            seed: 1,
            setup: saves::SavedSetup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
            actions: actions.into(),
            result: None,
            timeouts: Vec::new(),
            clock: None,
            move_left: None,
            guesses: String::new(),
            seeds: crate::state::seeds::SCHEME,
            rev,
            extra: Default::default(),
        }
    }

    fn one(g: &SavedGame) -> Saves {
        let mut s = Saves::new();
        s.put(g.clone());
        s.current = Some(g.id.clone());
        s
    }

    #[test]
    fn every_write_merges_with_what_another_tab_stored() {
        let a = game("g1", "c6-d5", 1);
        let base = one(&a);
        assert!(storage::save(saves::KEY, &base.to_text()));
        // Tab B moves on and starts another game; tab A writes its older list.
        let b = game("g1", "c6-d5 c7-d8 d5-c6", 3);
        let mut stored = one(&b);
        stored.put(game("g2", "", 0));
        assert!(storage::save(saves::KEY, &stored.to_text()));
        let w = sync_saves(&base, &base).unwrap();
        assert_eq!(w.saves.get("g1").unwrap().actions, b.actions);
        assert!(w.saves.get("g2").is_some());
        let back = saves::read(&storage::load(saves::KEY).unwrap()).unwrap();
        assert_eq!(back.saves, w.saves, "what was written is the merge");
    }

    #[test]
    fn unreadable_data_is_written_over_only_once_a_copy_is_kept() {
        let mine = one(&game("g1", "", 0));
        assert!(storage::save(saves::KEY, "{not json"));
        storage::refuse_writes(true);
        assert_eq!(sync_saves(&Saves::new(), &mine), Err(NotWritten::NoBackup));
        storage::refuse_writes(false);
        assert_eq!(storage::load(saves::KEY).as_deref(), Some("{not json"));
        let (loaded, why) = load_saves();
        assert_eq!(loaded, Saves::new());
        assert!(why.is_some());
        assert_eq!(
            storage::backups_of(saves::KEY).len(),
            1,
            "a copy is kept at start"
        );
        assert_eq!(
            storage::load(saves::KEY).as_deref(),
            Some("{not json"),
            "not yet written over"
        );
        assert!(sync_saves(&Saves::new(), &mine).is_ok());
        assert!(unreadable_text().contains("{not json"));
        assert_eq!(
            storage::backups_of(saves::KEY).len(),
            1,
            "the same copy is not kept twice"
        );
    }

    #[test]
    fn a_newer_versions_data_is_never_written_over() {
        let newer = r#"{"version":9,"games":[]}"#;
        assert!(storage::save(saves::KEY, newer));
        let mine = one(&game("g1", "", 0));
        assert_eq!(sync_saves(&Saves::new(), &mine), Err(NotWritten::Newer(9)));
        assert_eq!(storage::load(saves::KEY).as_deref(), Some(newer));
    }

    #[test]
    fn games_one_cannot_read_are_kept_when_the_list_is_rewritten() {
        let mine = one(&game("g1", "", 0));
        let text = r#"{"version":1,"games":[{"id":"odd","nonsense":1}]}"#;
        assert!(storage::save(saves::KEY, text));
        let w = sync_saves(&Saves::new(), &mine).unwrap();
        assert!(w.saves.get("g1").is_some());
        assert!(
            unreadable_text().contains("nonsense"),
            "the odd game is in a backup"
        );
    }
}
