//! 四国 games in storage: each game under a key of its own (`junqi.siguo.game.<id>`), so a tab
//! only ever writes the game it plays: no list is read and written back, and another tab's game
//! or a newer version's entry is never touched. A game this version cannot read is listed as
//! unreadable and left as it is.

use super::config::SiguoConfig;
use super::table::Table;
use crate::state::storage;
use junqi_core::seat::Seat;
use junqi_core::siguo::SiguoRecord;
use junqi_core::Deployment;
use serde::{Deserialize, Serialize};

/// The prefix of every saved 四国 game's key.
pub const PREFIX: &str = "junqi.siguo.game.";
/// The format version this app writes; a newer one is listed as unreadable and left alone.
/// Version 2: an unfinished game keeps no computer seat's formation, only the seed it was
/// drawn from ([`computer_formation`]); version 1 saves, which kept all four, still open.
pub const VERSION: u32 = 2;

/// The formation a computer seat draws at the start of a game of `seed`: a save of a game in
/// play keeps only the seed, so the computers' pieces never stand in storage in plain text
/// for the person at the table to read.
pub fn computer_formation(seed: u64, seat: Seat, rules: &junqi_core::Rules) -> Deployment {
    junqi_ai::deploy::formation_for(seed.wrapping_add(1 + seat.index() as u64), rules)
}

/// One saved 四国 game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SiguoSave {
    pub version: u32,
    pub id: String,
    pub config: SiguoConfig,
    pub record: SiguoRecord,
    pub seed: u64,
    /// When it started and when it was last written (ms since 1970).
    pub started: f64,
    pub updated: f64,
    /// The result was counted on the profile.
    #[serde(default)]
    pub counted: bool,
    /// Milliseconds left on each seat's clock.
    #[serde(default)]
    pub clocks: Option<[f64; 4]>,
    /// Milliseconds left for the move of the person to move (per-move timer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_left: Option<f64>,
    /// Guess marks: seat digit, point and role letter, e.g. `0:Na4:G`.
    #[serde(default)]
    pub guesses: Vec<String>,
    /// Seats whose formation is left out of `record` and drawn again from `seed`
    /// ([`computer_formation`]) when the game is opened: the computer seats of a game in play.
    #[serde(default)]
    pub drawn: Vec<Seat>,
}

/// Why a saved game cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Not JSON of this shape (damaged).
    Damaged(String),
    /// Written by a newer version of the app.
    Newer(u32),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Damaged(e) => write!(f, "damaged: {e}"),
            Unreadable::Newer(v) => write!(f, "written by a newer version (format {v})"),
        }
    }
}

impl SiguoSave {
    pub fn of(table: &Table, id: &str, started: f64, now: f64, counted: bool) -> SiguoSave {
        let mut record = table.record().clone();
        // While the game is played, a computer seat's formation is kept as its seed only
        // (where the seed gives it back exactly; an imported game's stay as they are). Once the
        // game is over every piece is shown anyway, and the record is kept whole.
        let mut drawn = Vec::new();
        if !table.is_over() {
            for seat in table.config.seats() {
                let i = seat.index();
                let computer = !table.config.is_human(seat);
                if computer
                    && record.formations[i]
                        == computer_formation(table.seed, seat, &record.rules.rules)
                {
                    record.formations[i] = Deployment::empty();
                    drawn.push(seat);
                }
            }
        }
        SiguoSave {
            version: VERSION,
            id: id.to_string(),
            config: table.config.clone(),
            record,
            seed: table.seed,
            started,
            updated: now,
            counted,
            clocks: table.clocks(),
            move_left: table.move_left(),
            guesses: table
                .all_guesses()
                .into_iter()
                .map(|(s, p, r)| format!("{}:{p}:{}", s.digit(), r.upper_char()))
                .collect(),
            drawn,
        }
    }

    /// The whole record: the formations left out drawn again from the seed.
    pub fn full_record(&self) -> SiguoRecord {
        let mut record = self.record.clone();
        for &seat in &self.drawn {
            let f = &mut record.formations[seat.index()];
            // A formation that is there after all (a record written in whole) is kept.
            if *f == Deployment::empty() {
                *f = computer_formation(self.seed, seat, &record.rules.rules);
            }
        }
        record
    }

    pub fn key(&self) -> String {
        key(&self.id)
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_text(text: &str) -> Result<SiguoSave, Unreadable> {
        #[derive(Deserialize)]
        struct Head {
            version: u32,
        }
        let head: Head =
            serde_json::from_str(text).map_err(|e| Unreadable::Damaged(e.to_string()))?;
        if head.version > VERSION {
            return Err(Unreadable::Newer(head.version));
        }
        serde_json::from_str(text).map_err(|e| Unreadable::Damaged(e.to_string()))
    }

    /// The game, replayed from its record.
    pub fn table(&self) -> Result<Table, String> {
        let mut t = Table::from_record(self.config.clone(), &self.full_record(), self.seed)?;
        t.set_clocks(self.clocks);
        t.set_move_left(self.move_left);
        // A mark that does not read is dropped; the game itself is not touched.
        let marks: Vec<_> = self
            .guesses
            .iter()
            .filter_map(|m| {
                let mut it = m.split(':');
                let s = it.next()?.chars().next().and_then(Seat::from_digit)?;
                let p = it.next()?.parse().ok()?;
                let r = it
                    .next()?
                    .chars()
                    .next()
                    .and_then(junqi_core::Role::from_char)?;
                Some((s, p, r))
            })
            .collect();
        t.set_guesses(&marks);
        Ok(t)
    }

    pub fn finished(&self) -> bool {
        self.record.result.is_some()
    }

    pub fn plies(&self) -> usize {
        self.record.events.len()
    }
}

pub fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// Writes one game under its own key; false if the browser refused.
pub fn write(save: &SiguoSave) -> bool {
    storage::save(&save.key(), &save.to_text())
}

/// Reads one game.
pub fn read(id: &str) -> Option<Result<SiguoSave, Unreadable>> {
    storage::load(&key(id)).map(|t| SiguoSave::from_text(&t))
}

/// Removes one game.
pub fn delete(id: &str) {
    storage::remove(&key(id));
}

/// Saves an imported 4-player record as a game of its own, after replaying it.
pub fn import(record: &SiguoRecord, id: &str, now: f64) -> Result<(), String> {
    let table = Table::from_record(SiguoConfig::default(), record, 0)?;
    let save = SiguoSave::of(&table, id, now, now, true);
    if write(&save) {
        Ok(())
    } else {
        Err("the browser refused to store it".into())
    }
}

/// Whether a saved 四国 game is the game of `record` (the same table, formations and events).
pub fn holds(record: &SiguoRecord) -> bool {
    list().0.iter().any(|g| {
        let mine = g.full_record();
        mine.mode == record.mode
            && mine.rules == record.rules
            && mine.formations == record.formations
            && mine.events == record.events
    })
}

/// Every saved 四国 game, newest first; the ones this version cannot read come as their key and
/// the reason, and stay stored as they are.
pub fn list() -> (Vec<SiguoSave>, Vec<(String, Unreadable)>) {
    let mut games = Vec::new();
    let mut bad = Vec::new();
    for k in storage::keys()
        .into_iter()
        .filter(|k| k.starts_with(PREFIX))
    {
        let Some(text) = storage::load(&k) else {
            continue;
        };
        match SiguoSave::from_text(&text) {
            Ok(g) => games.push(g),
            Err(e) => bad.push((k, e)),
        }
    }
    games.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    (games, bad)
}
