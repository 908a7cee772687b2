//! The choices of the new-game screen, remembered as versioned JSON under `storage::CONFIG`
//! ([`GameConfig::to_json`]); the first version's `key=value` text under its own key is
//! migrated ([`GameConfig::from_text`], the form a saved game still holds; `storage::LEGACY`).

use super::storage::{self, Reads};
use junqi_core::{Mode, Rules};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Who plays the other side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// The computer (junqi-ai) at a level.
    #[default]
    Computer,
    /// A friend on this device (pass and play).
    Friend,
    /// A friend on another device, over a direct connection (src/remote).
    Remote,
    /// Nobody: the computer plays both sides at `level` and the person watches (旁观). A
    /// version of the app before this one reads it as [`Opponent::Computer`].
    Watch,
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
    /// 翻暗棋 (with `Mode::Dark`): a flip of one face-down piece decides the colours before
    /// each side deploys hidden (`Position::flip_for_colour`); the game is then an ordinary
    /// 暗棋 game.
    pub colour_flip: bool,
    /// The course's game: the coach watches the player's moves (when the grown-up setting
    /// allows it; state/controller/coach.rs). Saved with the game, never remembered as a
    /// new-game choice.
    pub coach: bool,
}

impl GameConfig {
    /// The choices of a game agreed with another device, for this device's `seat`: mode,
    /// rules and clocks as proposed; the computer level (the hint's) kept from `level`.
    pub fn of_proposal(p: &junqi_duel::Proposal, seat: u8, level: u8) -> GameConfig {
        GameConfig {
            mode: p.mode,
            rules: p.rules,
            opponent: Opponent::Remote,
            seat,
            level,
            clock_minutes: p.clock.total_s / 60,
            move_seconds: p.clock.move_s,
            ..GameConfig::default()
        }
    }

    /// The clocks of a game with another device on these choices.
    pub fn duel_clock(&self) -> junqi_duel::Clock {
        junqi_duel::Clock {
            total_s: self.clock_minutes.saturating_mul(60),
            move_s: self.move_seconds,
        }
    }
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
            colour_flip: false,
            coach: false,
        }
    }
}

/// The stored form: every entry optional (a missing or unknown value keeps the default).
#[derive(Default, Serialize, Deserialize)]
struct Stored {
    version: u64,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    clock: Option<u32>,
    /// The rule switches on (RULES.md §8 names).
    #[serde(default)]
    rules: Vec<String>,
    /// The rule settings that are not 0 (`Rules::NUMBERS`).
    #[serde(default)]
    numbers: std::collections::BTreeMap<String, u32>,
    /// Seconds for each move; 0 = none.
    #[serde(default, rename = "move")]
    move_seconds: Option<u32>,
    /// `"flip"`: 翻暗棋 (a flip decides the colours); absent: the colours are chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    colours: Option<String>,
    /// The course's coached game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    coach: Option<bool>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

fn opponent_code(o: Opponent) -> &'static str {
    match o {
        Opponent::Computer => "computer",
        Opponent::Friend => "friend",
        Opponent::Remote => "remote",
        Opponent::Watch => "watch",
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
    /// ([`Rules::set_switch`]), so the rules stay valid.
    pub fn set_switch(&mut self, name: &str, on: bool) {
        self.rules.set_switch(name, on);
    }

    /// `key=value` pairs: what a saved game holds (and the first version stored).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "mode={};opponent={};level={};seat={};clock={}",
            self.mode.as_str(),
            opponent_code(self.opponent),
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
        if self.colour_flip {
            out.push_str(";colours=flip");
        }
        if self.coach {
            out.push_str(";coach=1");
        }
        out
    }

    /// Only computers play: the person watches (旁观).
    pub fn watched(&self) -> bool {
        self.opponent == Opponent::Watch
    }

    /// The choices a watched game is played with: no clocks (computers answer at once, the
    /// watcher sets the pace), no colour flip, no coach. Other games as they are.
    pub fn for_watching(self) -> GameConfig {
        if !self.watched() {
            return self;
        }
        GameConfig {
            seat: 0,
            clock_minutes: 0,
            move_seconds: 0,
            colour_flip: false,
            coach: false,
            ..self
        }
    }

    /// The new-game screen's choices while this game is on the board: the game's own, but
    /// for a watched game the clocks, colour flip and side `remembered` (a watched game has
    /// none of its own, and they must be there when the player next plays).
    pub fn as_choices(&self, remembered: &GameConfig) -> GameConfig {
        if !self.watched() {
            return self.clone();
        }
        GameConfig {
            mode: self.mode,
            opponent: self.opponent,
            level: self.level,
            rules: self.rules,
            ..remembered.clone()
        }
    }

    /// Whether the colours are decided by a flip before setup (翻暗棋).
    pub fn flips_for_colours(&self) -> bool {
        // Two computers have no colour to choose: a watched game never flips for it.
        self.colour_flip && self.mode == Mode::Dark && !self.watched()
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
            version: GameConfig::VERSION,
            mode: Some(self.mode.as_str().into()),
            opponent: Some(opponent_code(self.opponent).into()),
            level: Some(self.level),
            seat: Some(self.seat),
            clock: Some(self.clock_minutes),
            rules: Rules::NAMES
                .iter()
                .filter(|n| self.rules.switch(n) == Some(true))
                .map(|n| n.to_string())
                .collect(),
            numbers: Rules::NUMBERS
                .iter()
                .filter_map(|n| Some((n.to_string(), self.rules.number(n).filter(|&x| x > 0)?)))
                .collect(),
            move_seconds: Some(self.move_seconds),
            colours: self.colour_flip.then(|| "flip".to_string()),
            coach: self.coach.then_some(true),
            extra,
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// Reads [`GameConfig::to_json`] with the same tolerance as [`GameConfig::from_text`].
    pub fn from_json(text: &str) -> Result<GameConfig, Reads> {
        let st: Stored = storage::read_json(text, GameConfig::VERSION)?;
        let mut kv = Vec::new();
        if let Some(m) = st.mode {
            kv.push(format!("mode={m}"));
        }
        if let Some(o) = st.opponent {
            kv.push(format!("opponent={o}"));
        }
        if let Some(l) = st.level {
            kv.push(format!("level={l}"));
        }
        if let Some(s) = st.seat {
            kv.push(format!("seat={s}"));
        }
        if let Some(c) = st.clock {
            kv.push(format!("clock={c}"));
        }
        kv.extend(st.rules.iter().map(|r| format!("rule={r}")));
        kv.extend(st.numbers.iter().map(|(k, n)| format!("{k}={n}")));
        if let Some(m) = st.move_seconds {
            kv.push(format!("move={m}"));
        }
        if let Some(c) = st.colours {
            kv.push(format!("colours={c}"));
        }
        if st.coach == Some(true) {
            kv.push("coach=1".into());
        }
        Ok(GameConfig::from_text(&kv.join(";")))
    }

    /// The last choices: the JSON form, else migrated from the first version's text, else the
    /// defaults.
    pub fn load() -> GameConfig {
        storage::load_json(
            storage::CONFIG,
            GameConfig::from_json,
            GameConfig::from_text,
        )
        .unwrap_or_default()
    }

    /// Remembers these choices (never over data this version cannot read without a copy).
    pub fn save(&self) {
        let extra = storage::load(storage::CONFIG)
            .and_then(|t| storage::read_json::<Stored>(&t, GameConfig::VERSION).ok())
            .map(|st| st.extra)
            .unwrap_or_default();
        // The coach belongs to the course's game, not to the choices offered next time.
        let choices = GameConfig {
            coach: false,
            ..self.clone()
        };
        let checked =
            storage::save_checked(storage::CONFIG, &choices.to_json_keeping(extra), |t| {
                storage::json_reads(t, GameConfig::from_json)
            });
        if let Err(why) = checked {
            leptos::logging::warn!("the new-game choices were not saved: {why:?}");
        }
    }

    /// Reads `key=value` pairs ([`GameConfig::to_text`]); unknown or bad entries keep the
    /// defaults.
    pub fn from_text(text: &str) -> GameConfig {
        let mut c = GameConfig::default();
        for kv in text.split(';') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            match k {
                "mode" => c.mode = v.parse().unwrap_or(c.mode),
                "opponent" => {
                    c.opponent = match v {
                        "friend" => Opponent::Friend,
                        "remote" => Opponent::Remote,
                        "watch" => Opponent::Watch,
                        _ => Opponent::Computer,
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
                "colours" => c.colour_flip = v == "flip",
                "coach" => c.coach = v == "1",
                _ => {
                    if let (Some(n), Ok(x)) = (c.rules.number_mut(k), v.parse::<u32>()) {
                        *n = x;
                    }
                }
            }
        }
        // Text from elsewhere (an old setting, a hand-made record) may name two switches that
        // exclude each other: the later one of the pair is dropped.
        c.rules = c.rules.without_conflicts();
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
        c.colour_flip = true;
        c.coach = true;
        assert!(c.flips_for_colours());
        assert_eq!(GameConfig::from_text(&c.to_text()), c);
        assert_eq!(GameConfig::from_json(&c.to_json()), Ok(c.clone()));
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
    fn a_watched_game_round_trips() {
        let c = GameConfig {
            mode: Mode::Dark,
            opponent: Opponent::Watch,
            level: 5,
            ..GameConfig::default()
        };
        assert!(c.to_text().contains("opponent=watch"));
        assert_eq!(GameConfig::from_text(&c.to_text()), c);
        assert_eq!(GameConfig::from_json(&c.to_json()), Ok(c.clone()));
        // Played, it has no clock, side or colour flip; shown, the remembered ones stay.
        let remembered = GameConfig {
            seat: 1,
            clock_minutes: 10,
            move_seconds: 30,
            colour_flip: true,
            ..GameConfig::default()
        };
        let played = GameConfig {
            clock_minutes: 5,
            ..c.clone()
        }
        .for_watching();
        assert_eq!((played.clock_minutes, played.colour_flip), (0, false));
        let shown = played.as_choices(&remembered);
        assert_eq!(
            (shown.mode, shown.opponent, shown.level),
            (Mode::Dark, Opponent::Watch, 5)
        );
        assert_eq!(
            (
                shown.seat,
                shown.clock_minutes,
                shown.move_seconds,
                shown.colour_flip
            ),
            (1, 10, 30, true)
        );
        assert_eq!(
            remembered.as_choices(&c),
            remembered,
            "a game someone plays: its own"
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

    #[test]
    fn json_round_trip_with_the_same_tolerance() {
        let mut c = GameConfig {
            mode: Mode::Flip,
            opponent: Opponent::Friend,
            level: 3,
            seat: 1,
            clock_minutes: 20,
            ..GameConfig::default()
        };
        c.rules.flying_bomb = true;
        c.rules.ply_limit = 300;
        c.move_seconds = 30;
        c.colour_flip = true;
        assert!(!c.flips_for_colours(), "翻暗棋 is a way to start 暗棋 only");
        let text = c.to_json();
        assert!(text.contains("\"colours\":\"flip\""), "{text}");
        assert!(text.contains("\"rules\":[\"flying_bomb\"]"), "{text}");
        assert_eq!(GameConfig::from_json(&text), Ok(c));
        let odd = GameConfig::from_json(
            r#"{"version":2,"level":99,"clock":3,"rules":["warp"],"mode":"chess"}"#,
        )
        .unwrap();
        assert_eq!(
            odd,
            GameConfig {
                level: 5,
                ..GameConfig::default()
            }
        );
        assert_eq!(
            GameConfig::from_json(r#"{"version":5}"#),
            Err(Reads::Newer(5))
        );
        assert_eq!(GameConfig::from_json("mode=dark"), Err(Reads::No));
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_first_versions_text_is_migrated() {
        let old = "mode=dark;opponent=friend;level=4;seat=1;clock=10";
        let old_key = storage::legacy_key(storage::CONFIG).unwrap();
        storage::save(old_key, old);
        let c = GameConfig::load();
        assert_eq!(
            (c.mode, c.opponent, c.level),
            (Mode::Dark, Opponent::Friend, 4)
        );
        c.save();
        let text = storage::load(storage::CONFIG).unwrap();
        assert_eq!(GameConfig::from_json(&text), Ok(c.clone()));
        assert_eq!(
            storage::load(old_key).as_deref(),
            Some(old),
            "the first version's key is left for the first version"
        );
        // Fields a newer version added are kept when rewriting.
        let more = text.replace("\"version\":2", "\"version\":2,\"x\":1");
        storage::save(storage::CONFIG, &more);
        c.save();
        assert!(storage::load(storage::CONFIG).unwrap().contains("\"x\":1"));
    }
}
