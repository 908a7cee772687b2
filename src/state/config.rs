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
    /// Seconds for each move (the platforms' per-move timer); 0 = none. A move not made in
    /// time passes the turn and counts a timeout (`Game::miss_turn`).
    pub move_seconds: u32,
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
            move_seconds: 0,
        }
    }
}

/// Clock choices offered, in minutes per side (0 = none).
pub const CLOCK_CHOICES: [u32; 5] = [0, 5, 10, 20, 30];
/// Per-move timer choices, in seconds (0 = none).
pub const MOVE_CHOICES: [u32; 4] = [0, 15, 30, 60];
/// The longest per-move time a remembered or shared setting may give, in seconds.
pub const MOVE_MAX: u32 = 600;
/// Choices for `Rules::ply_limit` (0 = no limit).
pub const PLY_LIMIT_CHOICES: [u32; 4] = [0, 200, 300, 500];
/// Choices for `Rules::timeout_limit` (0 = a timed-out turn only passes the turn).
pub const TIMEOUT_LIMIT_CHOICES: [u32; 3] = [0, 3, 5];

impl GameConfig {
    /// Turns the switch `name` on or off; turning one on turns off the switches it excludes
    /// (`Rules::CONFLICTS`), so the rules stay valid.
    pub fn set_switch(&mut self, name: &str, on: bool) {
        if on {
            for (a, b) in Rules::CONFLICTS {
                let other = if a == name {
                    b
                } else if b == name {
                    a
                } else {
                    continue;
                };
                if let Some(o) = self.rules.switch_mut(other) {
                    *o = false;
                }
            }
        }
        if let Some(s) = self.rules.switch_mut(name) {
            *s = on;
        }
    }

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
        for name in Rules::NUMBERS {
            if let Some(n) = self.rules.number(name).filter(|&n| n > 0) {
                out.push_str(&format!(";{name}={n}"));
            }
        }
        if self.move_seconds > 0 {
            out.push_str(&format!(";move={}", self.move_seconds));
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
                "move" => c.move_seconds = v.parse::<u32>().unwrap_or(0).min(MOVE_MAX),
                _ => {
                    if let (Some(n), Ok(x)) = (c.rules.number_mut(k), v.parse::<u32>()) {
                        *n = x;
                    }
                }
            }
        }
        // Text from elsewhere (an old setting, a hand-made record) may name two switches that
        // exclude each other: the later one of the pair is dropped.
        while let Err(conflict) = c.rules.validate() {
            if let Some(b) = c.rules.switch_mut(conflict.1) {
                *b = false;
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
        c.rules.ply_limit = 300;
        c.rules.timeout_limit = 5;
        c.move_seconds = 30;
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

    #[test]
    fn exclusive_switches_stay_exclusive() {
        let mut c = GameConfig::default();
        c.set_switch("flip_first_engineer", true);
        c.set_switch("flip_two_same", true);
        assert!(!c.rules.flip_first_engineer && c.rules.flip_two_same);
        c.set_switch("mines_bounce", true);
        c.set_switch("mines_explode", true);
        assert!(c.rules.mines_explode && !c.rules.mines_bounce);
        c.set_switch("mines_explode", false);
        assert!(!c.rules.mines_explode && !c.rules.mines_bounce);
        assert_eq!(c.rules.validate(), Ok(()));
        let read = GameConfig::from_text("rule=mines_explode;rule=mines_bounce;move=99999");
        assert_eq!(read.rules.validate(), Ok(()));
        assert!(read.rules.mines_explode && !read.rules.mines_bounce);
        assert_eq!(read.move_seconds, MOVE_MAX);
        assert_eq!(GameConfig::from_text("ply_limit=x").rules.ply_limit, 0);
    }
}
