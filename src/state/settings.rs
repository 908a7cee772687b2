//! The player's settings, kept in the browser between visits: versioned JSON under
//! `storage::SETTINGS` ([`Settings::to_json`]); the first version's `key=value` text under its
//! own key is migrated ([`Settings::from_text`], `storage::LEGACY`).

use super::storage::{self, Reads};
use crate::ground::label::LabelStyle;
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How fast pieces travel and effects play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Speed {
    /// No animation: the board jumps to the result.
    Off,
    Slow,
    #[default]
    Normal,
    Fast,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Off, Speed::Slow, Speed::Normal, Speed::Fast];

    /// Milliseconds per step of a piece's route (0: no animation).
    pub fn step_ms(self) -> u32 {
        match self {
            Speed::Off => 0,
            Speed::Slow => 230,
            Speed::Normal => 130,
            Speed::Fast => 65,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Speed::Off => "off",
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
        }
    }

    pub fn from_code(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|x| x.code() == s)
    }
}

/// Everything the settings panel changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Interface language (default: the browser's).
    pub lang: Lang,
    /// How pieces are labelled.
    pub labels: LabelStyle,
    /// Larger labels for young or tired eyes.
    pub large_labels: bool,
    /// Mark the selected piece's legal destinations.
    pub show_dests: bool,
    /// Allow taking back moves against the computer.
    pub allow_undo: bool,
    /// 明棋 against the computer: the coach warns of a move that gives something away. Set
    /// from the grown-up settings (learn/assist.rs), which keep it; not stored here.
    pub coach: bool,
    /// Pass-and-play: the far side's labels are turned toward its player.
    pub face_to_face: bool,
    /// 暗棋 and 四暗: the notebook shows what the record proves on each hidden enemy piece (off
    /// by default: working it out is the game).
    pub notebook: bool,
    /// Sounds on.
    pub sound: bool,
    /// 0 ..= 100.
    pub volume: u8,
    /// Animation speed (`prefers-reduced-motion` turns animation off whatever this says).
    pub speed: Speed,
    /// STUN servers for a game with a friend on another device (`crate::remote::DEFAULT_STUN`
    /// unless changed; empty: none, and nothing leaves the local network).
    pub stun: Vec<String>,
    /// Stored fields this version does not know: kept as they are.
    pub extra: Map<String, Value>,
}

/// The stored form: every entry optional (a missing or unknown value keeps the default).
#[derive(Default, Serialize, Deserialize)]
struct Stored {
    version: u64,
    #[serde(default)]
    lang: Option<String>,
    #[serde(default)]
    labels: Option<String>,
    #[serde(default)]
    large: Option<bool>,
    #[serde(default)]
    dests: Option<bool>,
    #[serde(default)]
    undo: Option<bool>,
    #[serde(default)]
    face: Option<bool>,
    #[serde(default)]
    notebook: Option<bool>,
    #[serde(default)]
    sound: Option<bool>,
    #[serde(default)]
    volume: Option<u32>,
    #[serde(default)]
    speed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stun: Option<Vec<String>>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

impl Settings {
    /// Defaults for a language: Chinese players read 司令, others the rank numbers.
    pub fn defaults(lang: Lang) -> Settings {
        Settings {
            lang,
            labels: match lang {
                Lang::Zh => LabelStyle::Two,
                Lang::En => LabelStyle::Rank,
            },
            large_labels: false,
            show_dests: true,
            allow_undo: true,
            coach: true,
            face_to_face: false,
            notebook: false,
            sound: true,
            volume: 70,
            speed: Speed::Normal,
            stun: crate::remote::DEFAULT_STUN
                .iter()
                .map(|s| s.to_string())
                .collect(),
            extra: Map::new(),
        }
    }

    /// The stored format's version.
    pub const VERSION: u64 = 2;

    /// The stored form, JSON.
    pub fn to_json(&self) -> String {
        let stored = Stored {
            version: Settings::VERSION,
            lang: Some(self.lang.code().into()),
            labels: Some(self.labels.code().into()),
            large: Some(self.large_labels),
            dests: Some(self.show_dests),
            undo: Some(self.allow_undo),
            face: Some(self.face_to_face),
            notebook: Some(self.notebook),
            sound: Some(self.sound),
            volume: Some(u32::from(self.volume)),
            speed: Some(self.speed.code().into()),
            stun: (self.stun != Settings::defaults(self.lang).stun).then(|| self.stun.clone()),
            extra: self.extra.clone(),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// Reads [`Settings::to_json`]; values this version does not know keep the defaults of
    /// `browser` (or of the stored language).
    pub fn from_json(text: &str, browser: Lang) -> Result<Settings, Reads> {
        let st: Stored = storage::read_json(text, Settings::VERSION)?;
        let lang = st
            .lang
            .as_deref()
            .and_then(Lang::from_code)
            .unwrap_or(browser);
        let mut s = Settings::defaults(lang);
        if let Some(l) = st.labels.as_deref().and_then(LabelStyle::from_code) {
            s.labels = l;
        }
        s.large_labels = st.large.unwrap_or(s.large_labels);
        s.show_dests = st.dests.unwrap_or(s.show_dests);
        s.allow_undo = st.undo.unwrap_or(s.allow_undo);
        s.face_to_face = st.face.unwrap_or(s.face_to_face);
        s.notebook = st.notebook.unwrap_or(s.notebook);
        s.sound = st.sound.unwrap_or(s.sound);
        if let Some(v) = st.volume {
            s.volume = v.min(100) as u8;
        }
        if let Some(sp) = st.speed.as_deref().and_then(Speed::from_code) {
            s.speed = sp;
        }
        if let Some(stun) = st.stun {
            // Only STUN addresses: anything else in the stored list is dropped.
            s.stun = stun
                .into_iter()
                .filter(|u| crate::remote::is_stun_url(u))
                .collect();
        }
        s.extra = st.extra;
        Ok(s)
    }

    /// The stored settings: the JSON form, or migrated from the first version's text, else
    /// the defaults for `browser`.
    pub fn load(browser: Lang) -> Settings {
        storage::load_json(
            storage::SETTINGS,
            |t| Settings::from_json(t, browser),
            |t| Settings::from_text(t, browser),
        )
        .unwrap_or_else(|| Settings::defaults(browser))
    }

    /// Stores the settings (never over data this version cannot read without a copy of it).
    pub fn save(&self) -> Result<(), storage::NotWritten> {
        storage::save_checked(storage::SETTINGS, &self.to_json(), |t| {
            storage::json_reads(t, |t| Settings::from_json(t, Lang::En))
        })
    }

    /// `key=value` pairs separated by `;`, for localStorage.
    pub fn to_text(&self) -> String {
        let b = |x: bool| if x { "1" } else { "0" };
        format!(
            "lang={};labels={};large={};dests={};undo={};face={};sound={};volume={};speed={}",
            self.lang.code(),
            self.labels.code(),
            b(self.large_labels),
            b(self.show_dests),
            b(self.allow_undo),
            b(self.face_to_face),
            b(self.sound),
            self.volume,
            self.speed.code()
        )
    }

    /// Reads [`Settings::to_text`]; unknown or bad entries keep the defaults of `browser`.
    pub fn from_text(text: &str, browser: Lang) -> Settings {
        let lang = text
            .split(';')
            .find_map(|kv| kv.strip_prefix("lang="))
            .and_then(Lang::from_code)
            .unwrap_or(browser);
        let mut s = Settings::defaults(lang);
        for kv in text.split(';') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            let flag = v == "1";
            match k {
                "labels" => s.labels = LabelStyle::from_code(v).unwrap_or(s.labels),
                "large" => s.large_labels = flag,
                "dests" => s.show_dests = flag,
                "undo" => s.allow_undo = flag,
                "face" => s.face_to_face = flag,
                "sound" => s.sound = flag,
                "volume" => s.volume = v.parse::<u32>().map_or(s.volume, |x| x.min(100) as u8),
                "speed" => s.speed = Speed::from_code(v).unwrap_or(s.speed),
                _ => {}
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_tolerance() {
        let mut s = Settings::defaults(Lang::En);
        s.large_labels = true;
        s.volume = 33;
        s.speed = Speed::Fast;
        s.labels = LabelStyle::Icon;
        assert_eq!(Settings::from_text(&s.to_text(), Lang::Zh), s);
        let odd = Settings::from_text("volume=900;speed=warp;junk;x=y", Lang::Zh);
        assert_eq!(odd.volume, 100);
        assert_eq!(odd.speed, Speed::Normal);
        assert_eq!(odd.lang, Lang::Zh);
        assert_eq!(odd.labels, LabelStyle::Two);
        assert_eq!(Settings::from_text("", Lang::En).labels, LabelStyle::Rank);
    }

    #[test]
    fn json_round_trip_keeps_unknown_fields_and_refuses_newer() {
        let mut s = Settings::defaults(Lang::En);
        s.volume = 12;
        s.speed = Speed::Off;
        s.extra.insert("contrast".into(), Value::from("high"));
        let text = s.to_json();
        assert!(text.contains("\"version\":2") && text.contains("\"contrast\":\"high\""));
        assert_eq!(Settings::from_json(&text, Lang::Zh), Ok(s));
        let odd =
            Settings::from_json(r#"{"version":2,"speed":"warp","volume":900}"#, Lang::Zh).unwrap();
        assert_eq!(
            (odd.speed, odd.volume, odd.lang),
            (Speed::Normal, 100, Lang::Zh)
        );
        assert_eq!(
            Settings::from_json(r#"{"version":3}"#, Lang::Zh),
            Err(Reads::Newer(3))
        );
        assert_eq!(Settings::from_json("undo=0", Lang::Zh), Err(Reads::No));
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_first_versions_text_is_migrated_and_nothing_unread_is_written_over() {
        let old = "lang=en;labels=icon;large=1;dests=0;undo=0;face=1;sound=0;volume=33;speed=fast";
        let old_key = storage::legacy_key(storage::SETTINGS).unwrap();
        storage::save(old_key, old);
        let s = Settings::load(Lang::Zh);
        assert_eq!(s, Settings::from_text(old, Lang::Zh));
        assert_eq!(s.save(), Ok(()));
        assert!(storage::is_json(&storage::load(storage::SETTINGS).unwrap()));
        assert_eq!(
            storage::load(old_key).as_deref(),
            Some(old),
            "the first version's key is left for the first version"
        );
        assert_eq!(Settings::load(Lang::Zh), s);
        // Once the new key holds settings, the old key is no longer read.
        storage::save(old_key, "lang=zh;volume=5");
        assert_eq!(Settings::load(Lang::Zh), s);
        // A newer version's settings are never written over: the defaults are used meanwhile.
        let newer = r#"{"version":3,"lang":"en"}"#;
        storage::save(storage::SETTINGS, newer);
        assert_eq!(Settings::load(Lang::Zh), Settings::defaults(Lang::Zh));
        assert_eq!(s.save(), Err(storage::NotWritten::Newer(3)));
        assert_eq!(storage::load(storage::SETTINGS).as_deref(), Some(newer));
        // Broken JSON is copied before it is written over.
        storage::save(storage::SETTINGS, "{\"version\":2,\"volume\":\"loud\"}");
        assert_eq!(Settings::load(Lang::Zh), Settings::defaults(Lang::Zh));
        assert_eq!(storage::backups_of(storage::SETTINGS).len(), 1);
        assert_eq!(s.save(), Ok(()));
    }
}
