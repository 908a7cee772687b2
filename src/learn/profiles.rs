//! Child profiles kept on the device: a name, an avatar and the stars earned in each lesson.
//! Stored as versioned JSON in localStorage. Data that cannot be read is copied to a backup
//! before anything is written over it (never written over when a newer version wrote it), the
//! child is told, and the course starts fresh. Every write merges with what another tab may
//! have stored meanwhile ([`Profiles::merge`]); fields a newer version adds are kept.

use crate::state::storage::{self, NotWritten};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The localStorage key (versioned).
pub const KEY: &str = crate::state::storage::PROFILES;
/// Where older versions kept unreadable data (still offered for download).
pub const CORRUPT_KEY: &str = crate::state::storage::PROFILES_CORRUPT;
/// How many built-in avatars there are.
pub const AVATARS: u8 = 6;
/// The longest name kept, in characters.
pub const NAME_MAX: usize = 16;

/// One child.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    /// 0 .. [`AVATARS`].
    pub avatar: u8,
    /// Best stars (1–3) by lesson id.
    #[serde(default)]
    pub stars: BTreeMap<String, u8>,
    /// Puzzles solved, by id: 2 solved at the first try, 1 solved after a wrong move.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub puzzles: BTreeMap<String, u8>,
    /// The days (counted from 1970-01-01 in the child's time zone) on which the puzzle of the
    /// day was solved: the streak is read from them, so two tabs merge by taking both.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub daily: BTreeSet<i64>,
    /// Fields this version does not know: kept as they are.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Profile {
    /// Days in a row, up to `today`, on which the puzzle of the day was solved (a streak
    /// still counts on a day whose puzzle is not solved yet).
    pub fn streak(&self, today: i64) -> u32 {
        let mut day = if self.daily.contains(&today) {
            today
        } else {
            today - 1
        };
        let mut n = 0;
        while self.daily.contains(&day) {
            n += 1;
            day -= 1;
        }
        n
    }
}

/// Every profile on this device and who is playing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profiles {
    /// Format version, 1.
    pub v: u32,
    /// Index of the profile playing now.
    #[serde(default)]
    pub current: Option<usize>,
    #[serde(default)]
    pub list: Vec<Profile>,
    /// Fields this version does not know: kept as they are.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// What loading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    /// Nothing stored yet.
    Fresh(Profiles),
    Read(Profiles),
    /// The stored text could not be read: a fresh start; the text is to be kept aside.
    Corrupt {
        fresh: Profiles,
        raw: String,
    },
}

impl Profiles {
    pub fn new() -> Profiles {
        Profiles {
            v: 1,
            current: None,
            list: Vec::new(),
            extra: Map::new(),
        }
    }

    /// Reads stored text (`None`: nothing stored).
    pub fn load(text: Option<&str>) -> Loaded {
        let Some(text) = text else {
            return Loaded::Fresh(Profiles::new());
        };
        match serde_json::from_str::<Profiles>(text) {
            Ok(mut p) if p.v == 1 => {
                p.sanitize();
                Loaded::Read(p)
            }
            _ => Loaded::Corrupt {
                fresh: Profiles::new(),
                raw: text.to_string(),
            },
        }
    }

    /// Repairs values out of range (a hand-edited store must not crash the page).
    fn sanitize(&mut self) {
        for p in &mut self.list {
            p.avatar %= AVATARS;
            p.name = clean_name(&p.name);
            p.stars.retain(|_, s| (1..=3).contains(s));
            p.puzzles.retain(|_, s| (1..=2).contains(s));
        }
        if self.current.is_some_and(|i| i >= self.list.len()) {
            self.current = None;
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Merges what another tab may have stored meanwhile (`stored`) with this tab's profiles
    /// (`mine`), given what this tab last read or wrote (`base`). Profiles are told apart by
    /// name. A child in both: the best stars of each lesson from either, this tab's avatar if it
    /// changed it. A child only stored is kept (made in another tab); a child only here is kept
    /// (made here). The child playing is this tab's. Unknown fields: the stored ones.
    pub fn merge(base: &Profiles, stored: &Profiles, mine: &Profiles) -> Profiles {
        let find = |p: &Profiles, name: &str| p.list.iter().find(|x| x.name == name).cloned();
        let mut out = stored.clone();
        out.v = 1;
        for m in &mine.list {
            match out.list.iter_mut().find(|x| x.name == m.name) {
                Some(o) => {
                    for (lesson, stars) in &m.stars {
                        let best = o.stars.entry(lesson.clone()).or_insert(0);
                        *best = (*best).max(*stars);
                    }
                    for (puzzle, how) in &m.puzzles {
                        let best = o.puzzles.entry(puzzle.clone()).or_insert(0);
                        *best = (*best).max(*how);
                    }
                    o.daily.extend(m.daily.iter().copied());
                    if find(base, &m.name).is_none_or(|b| b.avatar != m.avatar) {
                        o.avatar = m.avatar;
                    }
                }
                None => out.list.push(m.clone()),
            }
        }
        let playing = mine.current().map(|p| p.name.clone());
        out.current = playing.and_then(|n| out.list.iter().position(|x| x.name == n));
        out
    }

    /// Adds a profile and makes it current. An empty name is refused.
    pub fn create(&mut self, name: &str, avatar: u8) -> Option<usize> {
        let name = clean_name(name);
        if name.is_empty() {
            return None;
        }
        self.list.push(Profile {
            name,
            avatar: avatar % AVATARS,
            stars: BTreeMap::new(),
            puzzles: BTreeMap::new(),
            daily: BTreeSet::new(),
            extra: Map::new(),
        });
        let i = self.list.len() - 1;
        self.current = Some(i);
        Some(i)
    }

    /// `base` if no child has that name yet, else `base 2`, `base 3`, … (profiles are told
    /// apart by name): the name a new child gets from an avatar before one is typed.
    pub fn free_name(&self, base: &str) -> String {
        let taken = |n: &str| self.list.iter().any(|p| p.name == n);
        let base = clean_name(base);
        if !taken(&base) {
            return base;
        }
        (2..100)
            .map(|i| clean_name(&format!("{base} {i}")))
            .find(|n| !taken(n))
            .unwrap_or(base)
    }

    pub fn select(&mut self, i: usize) {
        if i < self.list.len() {
            self.current = Some(i);
        }
    }

    pub fn current(&self) -> Option<&Profile> {
        self.list.get(self.current?)
    }

    /// The current profile's stars in a lesson (0: not done yet).
    pub fn stars(&self, lesson: &str) -> u8 {
        self.current()
            .and_then(|p| p.stars.get(lesson).copied())
            .unwrap_or(0)
    }

    /// Records a solved puzzle for the current profile (`first_try`: with no wrong move),
    /// keeping the best; `day` is set when it was the puzzle of that day.
    pub fn record_puzzle(&mut self, id: &str, first_try: bool, day: Option<i64>) {
        let Some(p) = self.current.and_then(|i| self.list.get_mut(i)) else {
            return;
        };
        let how = if first_try { 2 } else { 1 };
        let best = p.puzzles.entry(id.to_string()).or_insert(0);
        *best = (*best).max(how);
        if let Some(day) = day {
            p.daily.insert(day);
        }
    }

    /// Records a result for the current profile, keeping the best.
    pub fn record(&mut self, lesson: &str, stars: u8) {
        let Some(p) = self.current.and_then(|i| self.list.get_mut(i)) else {
            return;
        };
        let stars = stars.clamp(1, 3);
        let best = p.stars.entry(lesson.to_string()).or_insert(0);
        *best = (*best).max(stars);
    }
}

/// Writes this tab's profiles merged with what is stored now ([`Profiles::merge`]); stored data
/// that cannot be read is written over only once a copy is kept, and a newer version's never.
/// Returns what was written.
pub fn sync(base: &Profiles, mine: &Profiles) -> Result<Profiles, NotWritten> {
    let text = storage::load(KEY);
    let stored = match Profiles::load(text.as_deref()) {
        Loaded::Fresh(p) | Loaded::Read(p) => p,
        Loaded::Corrupt { fresh, raw } => match version_of(&raw) {
            Some(v) if v > 1 => return Err(NotWritten::Newer(v)),
            _ if storage::back_up(KEY, &raw) => fresh,
            _ => return Err(NotWritten::NoBackup),
        },
    };
    let merged = Profiles::merge(base, &stored, mine);
    if !storage::save(KEY, &merged.to_text()) {
        return Err(NotWritten::Refused);
    }
    Ok(merged)
}

/// The format version in stored text, if it has one.
pub fn version_of(text: &str) -> Option<u64> {
    serde_json::from_str::<Value>(text).ok()?.get("v")?.as_u64()
}

/// A name trimmed, without control characters, at most [`NAME_MAX`] characters.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(NAME_MAX)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_are_kept_per_profile_and_the_best_wins() {
        let mut p = Profiles::new();
        assert_eq!(p.create("  Mia ", 2), Some(0));
        p.record("ranks-1", 2);
        p.record("ranks-1", 1);
        assert_eq!(p.stars("ranks-1"), 2);
        p.record("ranks-1", 3);
        assert_eq!(p.stars("ranks-1"), 3);
        assert_eq!(p.create("小明", 9), Some(1));
        assert_eq!(p.list[1].avatar, 9 % AVATARS);
        assert_eq!(p.stars("ranks-1"), 0, "a new child starts with none");
        p.record("roads-1", 9);
        assert_eq!(p.stars("roads-1"), 3);
        p.select(0);
        assert_eq!(p.current().unwrap().name, "Mia");
        assert_eq!(p.stars("roads-1"), 0);
        assert_eq!(p.create(" \n ", 0), None);
    }

    #[test]
    fn round_trip_through_storage_text() {
        let mut p = Profiles::new();
        p.create("Mia", 1);
        p.record("flag-1", 3);
        let text = p.to_text();
        assert!(text.contains("\"v\":1"), "{text}");
        assert_eq!(Profiles::load(Some(&text)), Loaded::Read(p));
        assert_eq!(Profiles::load(None), Loaded::Fresh(Profiles::new()));
    }

    #[test]
    fn corrupt_or_future_data_starts_fresh_and_keeps_the_raw_text() {
        for raw in ["{not json", "[]", "{\"v\":2,\"list\":[]}", ""] {
            match Profiles::load(Some(raw)) {
                Loaded::Corrupt { fresh, raw: kept } => {
                    assert_eq!(fresh, Profiles::new());
                    assert_eq!(kept, raw);
                }
                other => panic!("{raw}: {other:?}"),
            }
        }
    }

    #[test]
    fn two_tabs_keep_both_childrens_progress() {
        let mut base = Profiles::new();
        base.create("Mia", 1);
        base.record("ranks-1", 1);
        // Tab B: Mia earns three stars in another lesson, and Bo joins.
        let mut b = base.clone();
        b.record("roads-1", 3);
        b.create("Bo", 2);
        // Tab A, still with the old list: Mia does better in the first lesson.
        let mut a = base.clone();
        a.record("ranks-1", 2);
        let merged = Profiles::merge(&base, &b, &a);
        assert_eq!(merged.list.len(), 2, "Bo stays");
        assert_eq!(merged.list[0].stars.get("ranks-1"), Some(&2));
        assert_eq!(
            merged.list[0].stars.get("roads-1"),
            Some(&3),
            "B's stars stay"
        );
        assert_eq!(merged.current().map(|p| p.name.as_str()), Some("Mia"));
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn unreadable_profiles_are_not_replaced_without_a_copy() {
        let mut mine = Profiles::new();
        mine.create("Mia", 0);
        storage::save(KEY, "{\"v\":1,\"list\":7}");
        storage::refuse_writes(true);
        assert_eq!(sync(&Profiles::new(), &mine), Err(NotWritten::NoBackup));
        storage::refuse_writes(false);
        assert_eq!(storage::load(KEY).as_deref(), Some("{\"v\":1,\"list\":7}"));
        assert!(sync(&Profiles::new(), &mine).is_ok());
        assert_eq!(storage::backups_of(KEY).len(), 1);
        storage::save(KEY, "{\"v\":2,\"list\":[]}");
        assert_eq!(sync(&Profiles::new(), &mine), Err(NotWritten::Newer(2)));
        // Unknown fields survive a rewrite.
        let text = r#"{"v":1,"theme":"sea","list":[{"name":"Mia","avatar":1,"age":6}]}"#;
        let Loaded::Read(p) = Profiles::load(Some(text)) else {
            panic!()
        };
        let again = p.to_text();
        assert!(
            again.contains("\"theme\":\"sea\"") && again.contains("\"age\":6"),
            "{again}"
        );
    }

    #[test]
    fn puzzles_and_the_daily_streak_are_kept_and_merged() {
        let mut base = Profiles::new();
        base.create("Mia", 1);
        base.record_puzzle("p001", false, Some(100));
        let mut a = base.clone();
        a.record_puzzle("p001", true, None);
        a.record_puzzle("p007", false, Some(101));
        let mut b = base.clone();
        b.record_puzzle("p002", true, Some(102));
        let merged = Profiles::merge(&base, &b, &a);
        let mia = merged.current().unwrap();
        assert_eq!(mia.puzzles.get("p001"), Some(&2), "the best of both");
        assert_eq!(mia.puzzles.len(), 3);
        assert_eq!(mia.streak(102), 3);
        assert_eq!(mia.streak(103), 3, "today's puzzle may still be solved");
        assert_eq!(mia.streak(104), 0);
        let text = merged.to_text();
        assert!(text.contains("\"daily\":[100,101,102]"), "{text}");
        let Loaded::Read(again) = Profiles::load(Some(&text)) else {
            panic!()
        };
        assert_eq!(again, merged);
        // A profile without puzzles is written as before.
        let mut plain = Profiles::new();
        plain.create("Bo", 0);
        assert!(!plain.to_text().contains("puzzles"));
    }

    #[test]
    fn odd_values_are_repaired() {
        let raw = r#"{"v":1,"current":7,"list":[{"name":"  Bo\u0007b  ","avatar":200,"stars":{"a":0,"b":5,"c":2}}]}"#;
        let Loaded::Read(p) = Profiles::load(Some(raw)) else {
            panic!()
        };
        assert_eq!(p.current, None);
        assert_eq!(p.list[0].name, "Bob");
        assert!(p.list[0].avatar < AVATARS);
        assert_eq!(p.list[0].stars.len(), 1);
        assert_eq!(clean_name(&"x".repeat(40)).len(), NAME_MAX);
    }

    #[test]
    fn a_new_child_gets_a_free_name_from_the_avatar() {
        let mut p = Profiles::new();
        assert_eq!(p.free_name("小猫"), "小猫");
        p.create("小猫", 0);
        assert_eq!(p.free_name("小猫"), "小猫 2");
        p.create("小猫 2", 0);
        assert_eq!(p.free_name(" 小猫 "), "小猫 3");
        assert_eq!(p.free_name("Bunny"), "Bunny");
    }
}
