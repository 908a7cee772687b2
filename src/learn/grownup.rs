//! The grown-up's settings, behind a sum only a grown-up answers (`gate`): how much help and
//! which games a child gets. Kept in localStorage as versioned JSON ([`GrownUp::to_json`]); the first version's
//! `key=value` text under its own key is migrated ([`GrownUp::from_text`], `storage::LEGACY`).

use crate::state::storage::{self, Reads};
use junqi_core::Mode;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The localStorage key (versioned).
pub const KEY: &str = crate::state::storage::GROWNUP;
/// The hints-per-game choices offered.
pub const HINT_CHOICES: [u8; 6] = [0, 1, 2, 3, 5, 10];

/// When taking back a move against the computer is allowed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum UndoPolicy {
    #[default]
    Always,
    OncePerGame,
    Never,
}

impl UndoPolicy {
    pub const ALL: [UndoPolicy; 3] = [
        UndoPolicy::Always,
        UndoPolicy::OncePerGame,
        UndoPolicy::Never,
    ];

    pub fn code(self) -> &'static str {
        match self {
            UndoPolicy::Always => "always",
            UndoPolicy::OncePerGame => "once",
            UndoPolicy::Never => "never",
        }
    }

    pub fn from_code(s: &str) -> Option<UndoPolicy> {
        UndoPolicy::ALL.into_iter().find(|p| p.code() == s)
    }

    /// Whether one more undo is allowed after `used` in this game.
    pub fn allows(self, used: u32) -> bool {
        match self {
            UndoPolicy::Always => true,
            UndoPolicy::OncePerGame => used < 1,
            UndoPolicy::Never => false,
        }
    }
}

/// Everything behind the gate (sound lives in the player's settings and is switched here too;
/// the computer level is the new-game choice, set here as well).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrownUp {
    pub undo: UndoPolicy,
    /// Hints per game in real games.
    pub hints: u8,
    /// Modes offered on the new-game screen: 明棋, 暗棋, 翻棋.
    pub modes: [bool; 3],
    /// Lesson goals spoken aloud (SpeechSynthesis).
    pub voice: bool,
    /// 明棋: with a piece selected, show the outcome against each enemy piece it can reach.
    pub preview: bool,
    /// Rank points never go below 0 (for children); off: the rule sheets' scoring, where a
    /// loss always costs the point.
    pub floor_points: bool,
    /// 明棋 against the computer: the coach holds back, once, a move that gives something
    /// away, and says why.
    pub coach: bool,
}

/// The stored form: every entry optional (a missing or unknown value keeps the default).
#[derive(Default, Serialize, Deserialize)]
struct Stored {
    version: u64,
    #[serde(default)]
    undo: Option<String>,
    #[serde(default)]
    hints: Option<u32>,
    /// 明棋, 暗棋, 翻棋 offered.
    #[serde(default)]
    modes: Option<[bool; 3]>,
    #[serde(default)]
    voice: Option<bool>,
    #[serde(default)]
    preview: Option<bool>,
    /// Rank points never below 0 (the children's rule) or as the sheets count them.
    #[serde(default)]
    floor: Option<bool>,
    #[serde(default)]
    coach: Option<bool>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

impl Default for GrownUp {
    fn default() -> GrownUp {
        GrownUp {
            undo: UndoPolicy::Always,
            hints: 3,
            modes: [true; 3],
            voice: true,
            preview: true,
            floor_points: true,
            coach: true,
        }
    }
}

fn mode_index(m: Mode) -> usize {
    match m {
        Mode::Open => 0,
        Mode::Dark => 1,
        Mode::Flip => 2,
    }
}

impl GrownUp {
    pub fn offers(&self, m: Mode) -> bool {
        self.modes[mode_index(m)]
    }

    /// Switches a mode on or off; the last mode offered stays on.
    pub fn set_offer(&mut self, m: Mode, on: bool) {
        let i = mode_index(m);
        if !on && self.modes.iter().filter(|x| **x).count() <= 1 {
            return;
        }
        self.modes[i] = on;
    }

    /// The first mode offered (for a choice that is no longer offered).
    pub fn first_offered(&self) -> Mode {
        Mode::ALL
            .into_iter()
            .find(|m| self.offers(*m))
            .unwrap_or(Mode::Open)
    }

    pub fn to_text(&self) -> String {
        let b = |x: bool| if x { "1" } else { "0" };
        format!(
            "undo={};hints={};modes={}{}{};voice={};preview={};floor={};coach={}",
            self.undo.code(),
            self.hints,
            b(self.modes[0]),
            b(self.modes[1]),
            b(self.modes[2]),
            b(self.voice),
            b(self.preview),
            b(self.floor_points),
            b(self.coach)
        )
    }

    /// The stored format's version.
    pub const VERSION: u64 = 2;

    /// The stored form, JSON.
    pub fn to_json(&self) -> String {
        self.to_json_keeping(Map::new())
    }

    /// The stored form, with `extra`: the fields of the stored text this version does not
    /// know, kept when rewriting.
    fn to_json_keeping(&self, extra: Map<String, Value>) -> String {
        let stored = Stored {
            version: GrownUp::VERSION,
            undo: Some(self.undo.code().into()),
            hints: Some(u32::from(self.hints)),
            modes: Some(self.modes),
            voice: Some(self.voice),
            preview: Some(self.preview),
            floor: Some(self.floor_points),
            coach: Some(self.coach),
            extra,
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// Reads [`GrownUp::to_json`] with the same tolerance as [`GrownUp::from_text`].
    pub fn from_json(text: &str) -> Result<GrownUp, Reads> {
        let st: Stored = storage::read_json(text, GrownUp::VERSION)?;
        let b = |x: bool| if x { '1' } else { '0' };
        let mut kv = Vec::new();
        if let Some(u) = st.undo {
            kv.push(format!("undo={u}"));
        }
        if let Some(h) = st.hints {
            kv.push(format!("hints={}", h.min(99)));
        }
        if let Some(m) = st.modes {
            kv.push(format!("modes={}{}{}", b(m[0]), b(m[1]), b(m[2])));
        }
        if let Some(v) = st.voice {
            kv.push(format!("voice={}", b(v)));
        }
        if let Some(p) = st.preview {
            kv.push(format!("preview={}", b(p)));
        }
        if let Some(f) = st.floor {
            kv.push(format!("floor={}", b(f)));
        }
        if let Some(c) = st.coach {
            kv.push(format!("coach={}", b(c)));
        }
        Ok(GrownUp::from_text(&kv.join(";")))
    }

    /// The stored settings (JSON, or the first version's text migrated), else the defaults.
    pub fn load() -> GrownUp {
        storage::load_json(KEY, GrownUp::from_json, GrownUp::from_text).unwrap_or_default()
    }

    /// Stores the settings (never over data this version cannot read without a copy of it).
    pub fn save(&self) {
        let extra = storage::load(KEY)
            .and_then(|t| storage::read_json::<Stored>(&t, GrownUp::VERSION).ok())
            .map(|st| st.extra)
            .unwrap_or_default();
        let checked = storage::save_checked(KEY, &self.to_json_keeping(extra), |t| {
            storage::json_reads(t, GrownUp::from_json)
        });
        if let Err(why) = checked {
            leptos::logging::warn!("the grown-up settings were not saved: {why:?}");
        }
    }

    /// Reads [`GrownUp::to_text`] (the first version's stored form); unknown or bad entries keep
    /// the defaults.
    pub fn from_text(text: &str) -> GrownUp {
        let mut g = GrownUp::default();
        for kv in text.split(';') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            match k {
                "undo" => g.undo = UndoPolicy::from_code(v).unwrap_or(g.undo),
                "hints" => g.hints = v.parse::<u8>().map_or(g.hints, |h| h.min(99)),
                "modes" if v.len() == 3 && v.chars().all(|c| c == '0' || c == '1') => {
                    let m: Vec<bool> = v.chars().map(|c| c == '1').collect();
                    if m.iter().any(|x| *x) {
                        g.modes = [m[0], m[1], m[2]];
                    }
                }
                "voice" => g.voice = v == "1",
                "preview" => g.preview = v == "1",
                "floor" => g.floor_points = v != "0",
                "coach" => g.coach = v != "0",
                _ => {}
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_tolerance() {
        let g = GrownUp {
            undo: UndoPolicy::OncePerGame,
            hints: 5,
            modes: [true, false, true],
            voice: false,
            preview: false,
            floor_points: false,
            coach: false,
        };
        assert_eq!(GrownUp::from_text(&g.to_text()), g);
        let odd = GrownUp::from_text("undo=sometimes;hints=-3;modes=000;junk;voice=1");
        assert_eq!(odd, GrownUp::default());
        assert_eq!(GrownUp::from_text("hints=250").hints, 99);
    }

    #[test]
    fn json_round_trip_and_migration() {
        let g = GrownUp {
            undo: UndoPolicy::Never,
            hints: 10,
            modes: [false, true, true],
            voice: true,
            preview: false,
            floor_points: false,
            coach: false,
        };
        let text = g.to_json();
        assert!(text.contains("\"modes\":[false,true,true]"), "{text}");
        assert_eq!(GrownUp::from_json(&text), Ok(g.clone()));
        assert_eq!(
            GrownUp::from_json(r#"{"version":2,"undo":"sometimes","modes":[false,false,false]}"#),
            Ok(GrownUp::default())
        );
        assert_eq!(GrownUp::from_json(r#"{"version":4}"#), Err(Reads::Newer(4)));
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_first_versions_text_still_loads() {
        let old = "undo=once;hints=2;modes=111;voice=0;preview=1";
        let old_key = storage::legacy_key(KEY).unwrap();
        storage::save(old_key, old);
        let g = GrownUp::load();
        assert_eq!(
            (g.undo, g.hints, g.voice),
            (UndoPolicy::OncePerGame, 2, false)
        );
        g.save();
        assert!(storage::is_json(&storage::load(KEY).unwrap()));
        assert_eq!(
            storage::load(old_key).as_deref(),
            Some(old),
            "left as it is"
        );
        assert_eq!(GrownUp::load(), g);
        // Fields a newer version added are kept when rewriting.
        let text = storage::load(KEY)
            .unwrap()
            .replace("\"version\":2", "\"version\":2,\"bedtime\":20");
        storage::save(KEY, &text);
        g.save();
        assert!(storage::load(KEY).unwrap().contains("\"bedtime\":20"));
    }

    #[test]
    fn undo_policy_counts_per_game() {
        assert!(UndoPolicy::Always.allows(10));
        assert!(UndoPolicy::OncePerGame.allows(0));
        assert!(!UndoPolicy::OncePerGame.allows(1));
        assert!(!UndoPolicy::Never.allows(0));
    }

    #[test]
    fn at_least_one_mode_stays_offered() {
        let mut g = GrownUp::default();
        g.set_offer(Mode::Open, false);
        g.set_offer(Mode::Dark, false);
        assert_eq!(g.first_offered(), Mode::Flip);
        g.set_offer(Mode::Flip, false);
        assert!(g.offers(Mode::Flip), "the last mode cannot be switched off");
        g.set_offer(Mode::Open, true);
        assert_eq!(g.first_offered(), Mode::Open);
    }
}
