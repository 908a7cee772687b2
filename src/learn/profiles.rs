//! Child profiles kept on the device: a name, an avatar and the stars earned in each lesson.
//! Stored as versioned JSON in localStorage; data that cannot be read is kept aside (under
//! [`CORRUPT_KEY`]) and the course starts fresh.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The localStorage key (versioned).
pub const KEY: &str = "junqi.learn.profiles.v1";
/// Where unreadable data is kept, untouched, when the course starts fresh.
pub const CORRUPT_KEY: &str = "junqi.learn.profiles.v1.corrupt";
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
        }
        if self.current.is_some_and(|i| i >= self.list.len()) {
            self.current = None;
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
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
        });
        let i = self.list.len() - 1;
        self.current = Some(i);
        Some(i)
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
}
