//! The player's settings, kept in the browser between visits.

use crate::ground::label::LabelStyle;
use crate::i18n::Lang;

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
    /// Pass-and-play: the far side's labels are turned toward its player.
    pub face_to_face: bool,
    /// Sounds on.
    pub sound: bool,
    /// 0 ..= 100.
    pub volume: u8,
    /// Animation speed (`prefers-reduced-motion` turns animation off whatever this says).
    pub speed: Speed,
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
            face_to_face: false,
            sound: true,
            volume: 70,
            speed: Speed::Normal,
        }
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
}
