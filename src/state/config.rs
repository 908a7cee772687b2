//! The choices of the new-game screen.

use junqi_core::{Mode, Rules};

/// Who plays the other side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// The computer (junqi-ai) at a level.
    #[default]
    Computer,
    /// A friend on this device (pass and play).
    Friend,
}

/// A new game's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameConfig {
    pub mode: Mode,
    pub opponent: Opponent,
    /// Computer level, 1 ..= 5 (`junqi_ai::LEVELS`).
    pub level: u8,
    /// Against the computer: the player's seat, 0 = moves first (Red; in 翻棋 the first to flip).
    pub seat: u8,
    /// The variant switches of RULES.md §8.
    pub rules: Rules,
    /// Minutes on each side's clock; 0 = no clock.
    pub clock_minutes: u32,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            mode: Mode::Open,
            opponent: Opponent::Computer,
            level: 2,
            seat: 0,
            rules: Rules::default(),
            clock_minutes: 0,
        }
    }
}

/// Clock choices offered, in minutes per side (0 = none).
pub const CLOCK_CHOICES: [u32; 5] = [0, 5, 10, 20, 30];

impl GameConfig {
    /// `key=value` pairs, for remembering the last choices.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "mode={};opponent={};level={};seat={};clock={}",
            self.mode.as_str(),
            match self.opponent {
                Opponent::Computer => "computer",
                Opponent::Friend => "friend",
            },
            self.level,
            self.seat,
            self.clock_minutes
        );
        for name in Rules::NAMES {
            if self.rules.switch(name) == Some(true) {
                out.push_str(&format!(";rule={name}"));
            }
        }
        out
    }

    pub fn from_text(text: &str) -> GameConfig {
        let mut c = GameConfig::default();
        for kv in text.split(';') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            match k {
                "mode" => c.mode = v.parse().unwrap_or(c.mode),
                "opponent" => {
                    c.opponent = if v == "friend" {
                        Opponent::Friend
                    } else {
                        Opponent::Computer
                    }
                }
                "level" => c.level = v.parse::<u8>().unwrap_or(c.level).clamp(1, 5),
                "seat" => c.seat = v.parse::<u8>().unwrap_or(0).min(1),
                "clock" => {
                    let m = v.parse().unwrap_or(0);
                    c.clock_minutes = if CLOCK_CHOICES.contains(&m) { m } else { 0 };
                }
                "rule" => {
                    if let Some(b) = c.rules.switch_mut(v) {
                        *b = true;
                    }
                }
                _ => {}
            }
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut c = GameConfig {
            mode: Mode::Dark,
            opponent: Opponent::Friend,
            level: 4,
            seat: 1,
            clock_minutes: 10,
            ..GameConfig::default()
        };
        c.rules.mines_explode = true;
        c.rules.hq_exit = true;
        assert_eq!(GameConfig::from_text(&c.to_text()), c);
        assert_eq!(
            GameConfig::from_text("level=99;seat=7;clock=3"),
            GameConfig {
                level: 5,
                seat: 1,
                ..GameConfig::default()
            }
        );
    }
}
