//! Saved games: the game in progress and the records list, kept in the browser's localStorage
//! under one key ([`KEY`]) as a versioned envelope. Plain Rust, tested natively.
//!
//! localStorage rather than IndexedDB: it is synchronous, so the save of an action is complete
//! before the handler that played it returns, and survives the tab being closed right after.
//!
//! A saved game holds how it began and the list of actions, never derived state: resuming
//! replays them through junqi-core ([`rebuild`]). Against the computer in 明棋 and 暗棋 only
//! the player's own formation is written down; the computer's is regenerated from the game's
//! seed ([`computer_formation`]), so no enemy identity sits in storage in clear.

use super::config::{GameConfig, Opponent};
use super::game::Match;
use super::seeds;
use junqi_core::{
    Action, Deployment, GameRecord, Mode, Outcome, Point, RecordedAction, Role, Rules, Setup,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The localStorage key of the envelope.
pub const KEY: &str = "junqi.saves";
/// Where data that could not be read is kept aside, for export.
pub const ASIDE: &str = "junqi.saves.unreadable";
/// Saved games this version could not replay, each as a record file (RULES.md §9): kept with
/// `storage::back_up` under this key, offered for download, importable wherever a rules core
/// can replay them.
pub const UNREPLAYABLE: &str = "junqi.unreplayable";
/// The envelope's current version.
pub const VERSION: u32 = 1;
/// The most finished games kept. Every action rewrites the whole list, and localStorage holds
/// about 5 MB per site: 100 games of a few KB each keep a save quick and far from that limit.
/// Unfinished games are never dropped for it (see [`Saves::cap`]).
pub const CAP: usize = 100;

/// A migration step: an envelope of version `n` (its index + 1) to version `n + 1`.
pub type Migration = fn(Value) -> Result<Value, String>;

/// The migration chain: `MIGRATIONS[i]` turns version `i + 1` into `i + 2`. Version 2 adds its
/// step here and raises [`VERSION`].
pub const MIGRATIONS: &[Migration] = &[];

/// The computer's formation in a game against it (明棋, 暗棋), from the game's seed by the
/// game's seed scheme ([`seeds::SCHEME`]: games saved before it, scheme 0, keep theirs), fitted
/// to the game's setup switches (the same as before those switches under the default rules).
pub fn computer_formation(seed: u64, scheme: u32, rules: &Rules) -> Deployment {
    let seed = if scheme == 0 {
        seed ^ 0xA5A5
    } else {
        seeds::derive(seed, seeds::Purpose::Formation)
    };
    junqi_ai::deploy::formation_for(seed, rules)
}

/// How a saved game began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SavedSetup {
    /// Against the computer (明棋, 暗棋): the player's own formation only; the computer's
    /// comes from the game seed.
    Computer { own: Deployment },
    /// Both formations (pass and play, imported records).
    Deployments { red: Deployment, black: Deployment },
    /// 翻棋: the seed of the shuffle.
    Shuffle { seed: u64 },
}

/// One game, finished or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub id: String,
    /// When it began and when it was last saved (ms since 1970).
    pub started: f64,
    pub saved: f64,
    /// Read from a file rather than played here.
    #[serde(default)]
    pub imported: bool,
    /// The new-game choices as the first version wrote them (`GameConfig::to_text`), kept
    /// beside [`SavedGame::choices`] so that a page of that version, still open in another tab
    /// after an update, reads every game it lists. Set both with [`SavedGame::set_config`].
    pub config: String,
    /// The new-game choices in the same JSON as the remembered ones (`GameConfig::to_json`):
    /// what this version reads first. Absent in games saved before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<Value>,
    /// The seed of the computer's choices.
    pub seed: u64,
    pub setup: SavedSetup,
    /// The actions played, space separated (`a6-a7 c4 …`), after any undo.
    #[serde(default)]
    pub actions: String,
    /// For each turn lost to the per-move timer, how many actions had been played before it
    /// (as in a record).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub timeouts: Vec<u32>,
    /// The result, once over (checked against the replay).
    #[serde(default, with = "junqi_core::outcome::facing::opt")]
    pub result: Option<Outcome>,
    /// Milliseconds left on each seat's clock. Time while the page is closed does not count:
    /// the clocks stop with the page, like an adjourned game.
    #[serde(default)]
    pub clock: Option<[f64; 2]>,
    /// Milliseconds left on the per-move timer for the move being thought about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_left: Option<f64>,
    /// 暗棋: the player's guess marks, `a7=G b8=C`.
    #[serde(default)]
    pub guesses: String,
    /// How the secret seeds come from `seed` ([`seeds::SCHEME`]); 0 for games saved before.
    #[serde(default)]
    pub seeds: u32,
    /// How many times the game was changed (an action, an undo, an ending). Two tabs merge
    /// their versions by it ([`Saves::merge`]); clocks and guess marks do not count.
    #[serde(default)]
    pub rev: u64,
    /// Fields this version does not know (written by a newer one): kept as they are.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl SavedGame {
    /// The new-game choices: the JSON form when it is there and readable, else the first
    /// version's text.
    pub fn config(&self) -> GameConfig {
        self.choices
            .as_ref()
            .and_then(|v| GameConfig::from_json(&v.to_string()).ok())
            .unwrap_or_else(|| GameConfig::from_text(&self.config))
    }

    /// The game as a record file (RULES.md §9) written from what is saved, without replaying
    /// it: for a game this version cannot replay (a newer rules core, damaged moves), so that
    /// it can still be kept in a standard form and imported where it replays. `None` when an
    /// action cannot even be read.
    pub fn to_record(&self) -> Option<GameRecord> {
        let config = self.config();
        let actions = self
            .actions
            .split_whitespace()
            .map(|a| {
                Some(RecordedAction {
                    action: a.parse().ok()?,
                    result: None,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(GameRecord {
            version: GameRecord::VERSION,
            mode: config.mode,
            rules: config.rules,
            setup: self.setup(),
            actions,
            timeouts: self.timeouts.clone(),
            result: self.result,
        })
    }

    /// Writes the new-game choices in both forms.
    pub fn set_config(&mut self, config: &GameConfig) {
        self.config = config.to_text();
        self.choices = serde_json::from_str(&config.to_json()).ok();
    }

    pub fn plies(&self) -> usize {
        self.actions.split_whitespace().count()
    }

    pub fn finished(&self) -> bool {
        self.result.is_some()
    }

    /// Whether exporting it now would show nothing hidden: a finished game, or 明棋 (a record
    /// holds every formation, and the 翻棋 shuffle seed tells every face-down piece).
    pub fn exportable(&self) -> bool {
        self.finished() || self.config().mode == Mode::Open
    }

    /// The guess marks, by point.
    pub fn guess_marks(&self) -> Vec<(Point, Role)> {
        self.guesses
            .split_whitespace()
            .filter_map(|kv| {
                let (p, r) = kv.split_once('=')?;
                let role = Role::from_char(r.chars().next()?)?;
                Some((p.parse().ok()?, role))
            })
            .collect()
    }

    /// Guess marks as saved.
    pub fn format_guesses(marks: impl IntoIterator<Item = (Point, Role)>) -> String {
        marks
            .into_iter()
            .map(|(p, r)| format!("{p}={}", r.upper_char()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The setup to play from (regenerating the computer's formation).
    pub fn setup(&self) -> Setup {
        match &self.setup {
            SavedSetup::Computer { own } => {
                let computer = computer_formation(self.seed, self.seeds, &self.config().rules);
                if self.config().seat == 0 {
                    Setup::Deployments {
                        red: own.clone(),
                        black: computer,
                    }
                } else {
                    Setup::Deployments {
                        red: computer,
                        black: own.clone(),
                    }
                }
            }
            SavedSetup::Deployments { red, black } => Setup::Deployments {
                red: red.clone(),
                black: black.clone(),
            },
            SavedSetup::Shuffle { seed } => Setup::Shuffle { seed: *seed },
        }
    }

    /// The state of `m` written into this game; its edit count goes up when the actions or the
    /// result changed.
    pub fn update_from(&mut self, m: &Match, now: f64) {
        let actions = m
            .history()
            .iter()
            .filter_map(|e| e.action)
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let result = m.outcome();
        let timeouts = m.timeouts();
        if actions != self.actions || result != self.result || timeouts != self.timeouts {
            self.rev += 1;
        }
        self.actions = actions;
        self.timeouts = timeouts;
        self.result = result;
        self.saved = now;
    }

    /// Whether this version is newer than `other` (of the same game): more changes, or as
    /// many and saved later.
    pub fn newer_than(&self, other: &SavedGame) -> bool {
        match self.rev.cmp(&other.rev) {
            std::cmp::Ordering::Equal => self.saved > other.saved,
            o => o == std::cmp::Ordering::Greater,
        }
    }

    /// A game read from a record file, to be played on as pass and play.
    pub fn from_record(record: &GameRecord, id: String, now: f64) -> SavedGame {
        let config = GameConfig {
            mode: record.mode,
            opponent: Opponent::Friend,
            rules: record.rules,
            ..GameConfig::default()
        };
        let setup = match &record.setup {
            Setup::Deployments { red, black } => SavedSetup::Deployments {
                red: red.clone(),
                black: black.clone(),
            },
            Setup::Shuffle { seed } => SavedSetup::Shuffle { seed: *seed },
        };
        SavedGame {
            id,
            started: now,
            saved: now,
            imported: true,
            config: config.to_text(),
            choices: serde_json::from_str(&config.to_json()).ok(),
            seed: 0,
            setup,
            actions: record
                .actions
                .iter()
                .map(|a| a.action.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            timeouts: record.timeouts.clone(),
            result: record.result,
            clock: None,
            move_left: None,
            guesses: String::new(),
            seeds: seeds::SCHEME,
            rev: 0,
            extra: Map::new(),
        }
    }
}

/// Replays a saved game through junqi-core: the same position, trays, history and result.
pub fn rebuild(g: &SavedGame) -> Result<Match, String> {
    if g.seeds > seeds::SCHEME {
        return Err(format!("seed scheme {} is unknown", g.seeds));
    }
    let mut m = Match::new(g.config(), g.setup(), g.seed).map_err(|e| e.to_string())?;
    let actions = g.actions.split_whitespace().enumerate().map(|(i, text)| {
        text.parse::<Action>()
            .map_err(|_| format!("ply {}: '{text}' is not an action", i + 1))
    });
    m.play_all(actions, &g.timeouts)?;
    if let Some(claimed) = g.result {
        m.end_as(claimed)?;
    } else if let Some(o) = m.outcome() {
        return Err(format!(
            "saved as unfinished, but the replay ends: {}",
            o.describe(&junqi_core::Seating::two())
        ));
    }
    Ok(m)
}

/// The envelope: every game kept, and which one is being played.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Saves {
    pub version: u32,
    /// The id of the game in progress (not resumed once finished).
    #[serde(default)]
    pub current: Option<String>,
    /// Newest first.
    #[serde(default)]
    pub games: Vec<SavedGame>,
    /// Fields this version does not know (written by a newer one): kept as they are.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Saves {
    pub fn new() -> Saves {
        Saves {
            version: VERSION,
            ..Saves::default()
        }
    }

    /// Whether a saved game is the game of `record`: the same mode, rules, setup and moves.
    pub fn holds(&self, record: &GameRecord) -> bool {
        let moves = |r: &GameRecord| r.actions.iter().map(|a| a.action).collect::<Vec<_>>();
        self.games.iter().filter_map(SavedGame::to_record).any(|g| {
            g.mode == record.mode
                && g.rules == record.rules
                && g.setup == record.setup
                && moves(&g) == moves(record)
        })
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn get(&self, id: &str) -> Option<&SavedGame> {
        self.games.iter().find(|g| g.id == id)
    }

    /// Puts a game first, replacing the one with its id. The list is capped when written
    /// ([`Saves::cap`]).
    pub fn put(&mut self, g: SavedGame) {
        self.games.retain(|x| x.id != g.id);
        self.games.insert(0, g);
    }

    /// Keeps at most [`CAP`] finished games, dropping the oldest (last in the list) — games
    /// only computers played (旁观) before any the player played. Unfinished games are never
    /// dropped, nor the current one. Returns the ids dropped.
    pub fn cap(&mut self) -> Vec<String> {
        let mut finished = self.games.iter().filter(|g| g.finished()).count();
        let mut dropped = Vec::new();
        while finished > CAP {
            let current = self.current.clone();
            let droppable = |x: &SavedGame| x.finished() && Some(&x.id) != current.as_ref();
            let watched = self
                .games
                .iter()
                .rposition(|x| droppable(x) && x.config().watched());
            let Some(i) = watched.or_else(|| self.games.iter().rposition(droppable)) else {
                break;
            };
            dropped.push(self.games.remove(i).id);
            finished -= 1;
        }
        dropped
    }

    /// Merges what another tab may have stored meanwhile (`stored`, read right before a write)
    /// with this tab's list (`mine`), given what this tab last read or wrote (`base`):
    ///
    /// - a game in both: the newer version ([`SavedGame::newer_than`]: more changes, then saved
    ///   later), so an older tab writing on closing never undoes the moves made in another;
    /// - a game only stored: kept (another tab's new game), unless this tab deleted it and it
    ///   has not changed since this tab last saw it;
    /// - a game only here: kept (this tab's new game), unless another tab deleted it (or dropped
    ///   it for room) and it has not changed here since; the game this tab plays is always kept;
    /// - the game in progress: this tab's choice if it changed it, else the stored one;
    /// - fields this version does not know: the stored ones.
    ///
    /// Newest first (by when saved); the list is not capped here.
    pub fn merge(base: &Saves, stored: &Saves, mine: &Saves) -> Saves {
        let rev_in = |s: &Saves, id: &str| s.get(id).map(|g| g.rev);
        let mut games: Vec<SavedGame> = Vec::new();
        for g in &mine.games {
            let kept = match stored.get(&g.id) {
                Some(other) if other.newer_than(g) => Some(other.clone()),
                Some(_) => Some(g.clone()),
                None if mine.current.as_ref() == Some(&g.id) => Some(g.clone()),
                None => match rev_in(base, &g.id) {
                    Some(seen) if g.rev <= seen => None,
                    _ => Some(g.clone()),
                },
            };
            games.extend(kept);
        }
        for g in &stored.games {
            if mine.get(&g.id).is_some() {
                continue;
            }
            match rev_in(base, &g.id) {
                Some(seen) if g.rev <= seen => {}
                _ => games.push(g.clone()),
            }
        }
        games.sort_by(|a, b| b.saved.total_cmp(&a.saved));
        let current = if mine.current != base.current {
            mine.current.clone()
        } else {
            stored.current.clone()
        }
        .filter(|id| games.iter().any(|g| &g.id == id));
        Saves {
            version: VERSION,
            current,
            games,
            extra: stored.extra.clone(),
        }
    }

    pub fn remove(&mut self, id: &str) {
        self.games.retain(|g| g.id != id);
        if self.current.as_deref() == Some(id) {
            self.current = None;
        }
    }

    /// The unfinished game to resume on opening the page.
    pub fn resumable(&self) -> Option<&SavedGame> {
        self.get(self.current.as_deref()?).filter(|g| !g.finished())
    }
}

/// Why saved data could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    NotJson(String),
    NoVersion,
    /// Written by a newer version of the app (or nonsense).
    UnknownVersion(u64),
    Migration {
        from: u64,
        error: String,
    },
    NotSaves(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotJson(e) => write!(f, "not JSON: {e}"),
            LoadError::NoVersion => write!(f, "no version number"),
            LoadError::UnknownVersion(v) => {
                write!(f, "version {v} is unknown (this app reads 1 to {VERSION})")
            }
            LoadError::Migration { from, error } => {
                write!(f, "could not upgrade from version {from}: {error}")
            }
            LoadError::NotSaves(e) => write!(f, "not a list of games: {e}"),
        }
    }
}

/// What was read: the envelope, and the raw text of any game in it that could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub saves: Saves,
    pub broken: Vec<String>,
}

/// Upgrades `value`, an envelope of `version`, to `target` through `steps` (see [`MIGRATIONS`]).
pub fn migrate_with(
    mut value: Value,
    version: u64,
    steps: &[Migration],
    target: u32,
) -> Result<Value, LoadError> {
    if version == 0 || version > u64::from(target) {
        return Err(LoadError::UnknownVersion(version));
    }
    for v in version..u64::from(target) {
        let step = usize::try_from(v - 1)
            .ok()
            .and_then(|i| steps.get(i))
            .ok_or(LoadError::UnknownVersion(version))?;
        value = step(value).map_err(|error| LoadError::Migration { from: v, error })?;
        if let Some(obj) = value.as_object_mut() {
            obj.insert("version".into(), Value::from(v + 1));
        }
    }
    Ok(value)
}

/// Reads the stored envelope, upgrading old versions. A game in it that cannot be read is
/// returned in `broken` (raw), the others are kept.
pub fn read(text: &str) -> Result<Loaded, LoadError> {
    read_with(text, MIGRATIONS, VERSION)
}

pub fn read_with(text: &str, steps: &[Migration], target: u32) -> Result<Loaded, LoadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
    let version = value
        .get("version")
        .and_then(Value::as_u64)
        .ok_or(LoadError::NoVersion)?;
    let mut value = migrate_with(value, version, steps, target)?;
    let obj = value
        .as_object_mut()
        .ok_or_else(|| LoadError::NotSaves("not an object".into()))?;
    let games = match obj.remove("games") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a,
        Some(_) => return Err(LoadError::NotSaves("'games' is not a list".into())),
    };
    let current = obj
        .remove("current")
        .and_then(|v| v.as_str().map(str::to_string));
    obj.remove("version");
    let mut saves = Saves {
        version: target,
        current,
        games: Vec::new(),
        extra: std::mem::take(obj),
    };
    let mut broken = Vec::new();
    for g in games {
        match serde_json::from_value::<SavedGame>(g.clone()) {
            Ok(g) => saves.games.push(g),
            Err(_) => broken.push(g.to_string()),
        }
    }
    Ok(Loaded { saves, broken })
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{DrawReason, ExitReason};

    fn game(mode: Mode, opponent: Opponent) -> SavedGame {
        let config = GameConfig {
            mode,
            opponent,
            level: 3,
            seat: 1,
            clock_minutes: 5,
            ..GameConfig::default()
        };
        let setup = match (mode, opponent) {
            (Mode::Flip, _) => SavedSetup::Shuffle { seed: 77 },
            (_, Opponent::Computer) => SavedSetup::Computer {
                own: Deployment::classic_2(),
            },
            _ => SavedSetup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
        };
        SavedGame {
            id: "g1".into(),
            started: 1.0,
            saved: 2.0,
            imported: false,
            config: config.to_text(),
            choices: serde_json::from_str(&config.to_json()).ok(),
            seed: u64::MAX - 5,
            setup,
            actions: String::new(),
            timeouts: Vec::new(),
            result: None,
            clock: Some([1000.0, 2000.5]),
            move_left: None,
            guesses: String::new(),
            seeds: seeds::SCHEME,
            rev: 0,
            extra: Map::new(),
        }
    }

    /// Plays `n` plies with the computer on both sides and saves them.
    fn played(mut g: SavedGame, n: usize) -> (SavedGame, Match) {
        let mut m = rebuild(&g).unwrap();
        for _ in 0..n {
            let mut cfg = m.config.clone();
            cfg.opponent = Opponent::Watch;
            let mut both = m.clone();
            both.config = cfg;
            let a = both.computer_action(1, 200).unwrap();
            m.play(a).unwrap();
        }
        g.update_from(&m, 3.0);
        (g, m)
    }

    #[test]
    fn a_saved_game_replays_to_the_same_state() {
        for (mode, opp) in [
            (Mode::Open, Opponent::Computer),
            (Mode::Dark, Opponent::Computer),
            (Mode::Flip, Opponent::Computer),
            (Mode::Dark, Opponent::Friend),
        ] {
            let (g, m) = played(game(mode, opp), 12);
            let mut saves = Saves::new();
            saves.current = Some(g.id.clone());
            saves.put(g.clone());
            let loaded = read(&saves.to_text()).unwrap();
            assert!(loaded.broken.is_empty());
            assert_eq!(loaded.saves, saves, "{mode}: the envelope round-trips");
            let back = rebuild(loaded.saves.resumable().unwrap()).unwrap();
            assert_eq!(back.position(), m.position());
            assert_eq!(back.history(), m.history());
            assert_eq!(back.tray(0), m.tray(0));
            assert_eq!(back.tray(1), m.tray(1));
            assert_eq!(back.seed(), m.seed(), "the computer's seed survives");
            assert_eq!(back.config, m.config);
        }
    }

    #[test]
    fn timed_out_turns_are_kept_and_the_fifth_loses() {
        let mut g = game(Mode::Open, Opponent::Computer);
        let mut config = g.config();
        config.move_seconds = 3;
        config.rules.timeout_limit = 5;
        g.set_config(&config);
        let (mut g, mut m) = played(g, 1);
        // Seat 1 (the person, Black) lets the timer run out; the computer (Red) moves between.
        m.miss_turn().unwrap();
        g.update_from(&m, 4.0);
        g.move_left = Some(1234.0);
        let text = Saves {
            current: Some(g.id.clone()),
            games: vec![g.clone()],
            ..Saves::new()
        }
        .to_text();
        let loaded = read(&text).unwrap();
        let again = loaded.saves.resumable().unwrap();
        assert_eq!(again.timeouts, vec![1]);
        assert_eq!(again.move_left, Some(1234.0));
        let back = rebuild(again).unwrap();
        assert_eq!(back.position(), m.position());
        assert_eq!(back.timeouts_of(1), 1);
        assert_eq!(back.seat_to_move(), Some(0));
        for _ in 0..4 {
            let mut both = m.clone();
            both.config.opponent = Opponent::Watch;
            let a = both.computer_action(1, 200).unwrap();
            m.play(a).unwrap();
            m.miss_turn().unwrap();
        }
        assert_eq!(m.timeouts_of(1), 5);
        let lost = Outcome::won_by(m.color_of(0).unwrap(), ExitReason::Timeout);
        assert_eq!(m.outcome(), Some(lost));
        g.update_from(&m, 5.0);
        assert_eq!(g.timeouts.len(), 5);
        assert_eq!(rebuild(&g).unwrap().outcome(), Some(lost));
        assert!(!m.can_undo(1), "a timed-out turn is not taken back");
        g.timeouts.push(99);
        assert!(rebuild(&g).is_err());
    }

    #[test]
    fn a_game_that_no_longer_replays_is_still_a_record_file() {
        let (mut g, m) = played(game(Mode::Open, Opponent::Friend), 6);
        let record = g.to_record().expect("a record");
        assert_eq!(record.setup, m.record().unwrap().setup);
        assert_eq!(
            GameRecord::from_json(&record.to_json()).map(|r| r.actions.len()),
            Ok(6)
        );
        assert!(junqi_core::Game::replay(&record).is_ok());
        // An action this version cannot play: no replay, but still a record file of it.
        g.actions.push_str(" a1-a2");
        assert!(rebuild(&g).is_err());
        let kept = g.to_record().expect("a record");
        assert_eq!(GameRecord::from_json(&kept.to_json()), Ok(kept.clone()));
        assert_eq!(kept.actions.len(), 7);
        g.actions.push_str(" nonsense");
        assert_eq!(g.to_record(), None);
    }

    #[test]
    fn the_choices_are_kept_as_json_and_as_the_first_versions_text() {
        let mut g = game(Mode::Dark, Opponent::Computer);
        let mut config = g.config();
        config.rules.rail_one_turn = true;
        config.rules.ply_limit = 300;
        config.move_seconds = 30;
        g.set_config(&config);
        let text = serde_json::to_string(&g).unwrap();
        assert!(text.contains("\"choices\":{"), "{text}");
        let back: SavedGame = serde_json::from_str(&text).unwrap();
        assert_eq!(back.config(), config);
        // The first version's text is there too, for a page of that version.
        assert_eq!(GameConfig::from_text(&back.config), config);
        // A game saved before reads its text; choices this version cannot read fall back to it.
        let mut old = back.clone();
        old.choices = None;
        assert_eq!(old.config(), config);
        old.choices = Some(serde_json::json!({"version": 99}));
        assert_eq!(old.config(), config);
    }

    #[test]
    fn the_computers_formation_is_not_written_down() {
        let (g, m) = played(game(Mode::Dark, Opponent::Computer), 4);
        let text = serde_json::to_string(&g).unwrap();
        let computer = m.formation_of(0).unwrap().to_string();
        assert_eq!(
            computer,
            computer_formation(g.seed, g.seeds, &Rules::default()).to_string()
        );
        assert!(!text.contains(&computer), "{text}");
        assert!(text.contains(&Deployment::classic_2().to_string()));
    }

    #[test]
    fn games_saved_before_the_seed_scheme_rebuild_the_same_formation() {
        // A game against the computer as saved before: no `seeds` field.
        let text = r#"{"id":"17f-2a2a","started":5,"saved":6,"seed":123456789,
            "config":"mode=dark;opponent=computer;level=2;seat=0",
            "setup":{"kind":"computer","own":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"},"actions":""}"#;
        let old: SavedGame = serde_json::from_str(text).unwrap();
        assert_eq!(old.seeds, 0);
        let m = rebuild(&old).unwrap();
        let computer = junqi_ai::deploy::formation(123456789 ^ 0xA5A5);
        assert_eq!(
            m.formation_of(1),
            Some(&computer),
            "the same formation as before"
        );
        // A new game's formation comes from a one-way hash of its seed instead.
        let mut new = old.clone();
        new.seeds = seeds::SCHEME;
        let m = rebuild(&new).unwrap();
        assert_ne!(m.formation_of(1), Some(&computer));
        assert_eq!(
            m.formation_of(1),
            Some(&computer_formation(
                123456789,
                seeds::SCHEME,
                &Rules::default()
            ))
        );
        new.seeds = seeds::SCHEME + 1;
        assert!(rebuild(&new).unwrap_err().contains("seed scheme"));
    }

    #[test]
    fn no_seed_that_leaves_the_referee_rebuilds_the_computers_formation() {
        for scheme in [0, seeds::SCHEME] {
            let mut g = game(Mode::Dark, Opponent::Computer);
            g.seeds = scheme;
            let m = rebuild(&g).unwrap();
            let secret = m.formation_of(0).unwrap().clone();
            for sent in [m.hint_seed(), m.computer_seed()] {
                assert_ne!(sent, m.seed());
                for guess in [sent, sent ^ 0xA5A5] {
                    assert_ne!(junqi_ai::deploy::formation(guess), secret);
                }
                for s in 0..=seeds::SCHEME {
                    assert_ne!(computer_formation(sent, s, &Rules::default()), secret);
                }
            }
        }
    }

    #[test]
    fn endings_that_are_not_moves_are_replayed() {
        let (mut g, mut m) = played(game(Mode::Open, Opponent::Friend), 22);
        let loser = m.seat_to_move().unwrap();
        m.resign(loser).unwrap();
        g.update_from(&m, 4.0);
        assert!(g.finished());
        let back = rebuild(&g).unwrap();
        assert_eq!(back.outcome(), m.outcome());
        let mut saves = Saves::new();
        saves.current = Some(g.id.clone());
        saves.put(g);
        assert!(
            saves.resumable().is_none(),
            "a finished game is not resumed"
        );

        // Time-out (翻棋, before any colour is known) and a draw by agreement.
        let (mut g, mut m) = played(game(Mode::Flip, Opponent::Computer), 0);
        m.time_out(0).unwrap();
        g.update_from(&m, 5.0);
        assert_eq!(rebuild(&g).unwrap().outcome(), m.outcome());
        let (mut g, mut m) = played(game(Mode::Dark, Opponent::Computer), 3);
        m.agree_draw().unwrap();
        g.update_from(&m, 6.0);
        assert_eq!(rebuild(&g).unwrap().outcome(), m.outcome());
    }

    #[test]
    fn bad_games_are_refused_with_a_reason() {
        let mut g = game(Mode::Open, Opponent::Friend);
        g.actions = "a1-a2".into();
        assert!(rebuild(&g).unwrap_err().starts_with("ply 1:"));
        g.actions = "c6-d5 qq".into();
        assert!(rebuild(&g).unwrap_err().contains("ply 2: 'qq'"));
        g.actions = String::new();
        g.result = Some(Outcome::Draw {
            reason: DrawReason::NoCapture,
        });
        assert!(rebuild(&g).is_err());
    }

    #[test]
    fn old_odd_and_unknown_data() {
        // A hand-made version 1 envelope with only the required fields, one game that is not a
        // game, and a field this version does not know.
        let text = r#"{"version":1,"extra":true,"games":[
            {"id":"a","started":5,"saved":6,"config":"mode=open;opponent=friend","seed":1,
             "setup":{"kind":"deployments","red":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL",
                      "black":"PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL"},"actions":"c6-d5"},
            {"id":"b","nonsense":1}]}"#;
        let loaded = read(text).unwrap();
        assert_eq!(loaded.saves.games.len(), 1);
        assert_eq!(loaded.saves.current, None);
        assert_eq!(loaded.broken.len(), 1);
        assert!(loaded.broken[0].contains("nonsense"));
        let g = &loaded.saves.games[0];
        assert_eq!(g.plies(), 1);
        assert!(!g.imported && g.clock.is_none() && g.guesses.is_empty());
        assert!(rebuild(g).is_ok());

        assert_eq!(
            read(r#"{"version":7,"games":[]}"#),
            Err(LoadError::UnknownVersion(7))
        );
        assert_eq!(read(r#"{"version":0}"#), Err(LoadError::UnknownVersion(0)));
        assert_eq!(read(r#"{"version":"1"}"#), Err(LoadError::NoVersion));
        assert!(matches!(read("garbage{"), Err(LoadError::NotJson(_))));
        assert!(matches!(
            read(r#"{"version":1,"games":3}"#),
            Err(LoadError::NotSaves(_))
        ));
        assert_eq!(read(r#"{"version":1}"#).unwrap().saves, Saves::new());
    }

    #[test]
    fn the_migration_chain_upgrades_step_by_step() {
        // A made-up version 2 that renames `games` to `list`, and 3 that renames it back.
        fn one_to_two(mut v: Value) -> Result<Value, String> {
            let games = v
                .as_object_mut()
                .and_then(|o| o.remove("games"))
                .ok_or("no games")?;
            v["list"] = games;
            Ok(v)
        }
        fn two_to_three(mut v: Value) -> Result<Value, String> {
            let list = v
                .as_object_mut()
                .and_then(|o| o.remove("list"))
                .ok_or("no list")?;
            v["games"] = list;
            Ok(v)
        }
        let steps: &[Migration] = &[one_to_two, two_to_three];
        let v1: Value = serde_json::from_str(r#"{"version":1,"games":[]}"#).unwrap();
        let v3 = migrate_with(v1.clone(), 1, steps, 3).unwrap();
        assert_eq!(v3, serde_json::json!({"version":3,"games":[]}));
        let v2 = migrate_with(v1.clone(), 1, steps, 2).unwrap();
        assert_eq!(v2, serde_json::json!({"version":2,"list":[]}));
        assert!(read_with(r#"{"version":2,"list":[]}"#, steps, 3).is_ok());
        assert!(matches!(
            migrate_with(serde_json::json!({"version":1}), 1, steps, 3),
            Err(LoadError::Migration { from: 1, .. })
        ));
        assert_eq!(
            migrate_with(v1, 1, &[], 2),
            Err(LoadError::UnknownVersion(1)),
            "a missing step is refused"
        );
    }

    #[test]
    fn the_cap_drops_only_old_finished_games_and_says_which() {
        let mut saves = Saves::new();
        let base = game(Mode::Open, Opponent::Friend);
        let over = Some(Outcome::Draw {
            reason: DrawReason::Agreed,
        });
        // The oldest game is unfinished; then CAP + 3 finished ones; the newest is unfinished.
        let mut g = base.clone();
        g.id = "old-unfinished".into();
        saves.put(g);
        for i in 0..CAP + 3 {
            let mut g = base.clone();
            g.id = format!("f{i}");
            g.result = over;
            saves.put(g);
        }
        let mut g = base.clone();
        g.id = "new".into();
        saves.put(g);
        let dropped = saves.cap();
        assert_eq!(
            dropped,
            vec!["f0", "f1", "f2"],
            "the oldest finished games go, and are named"
        );
        assert!(
            saves.get("old-unfinished").is_some(),
            "an unfinished game is never dropped"
        );
        assert_eq!(saves.games.iter().filter(|g| g.finished()).count(), CAP);
        assert!(saves.cap().is_empty());
        // Games only computers played (旁观) go before the player's own, however new.
        for i in 0..2 {
            let mut g = base.clone();
            let mut cfg = g.config();
            cfg.opponent = Opponent::Watch;
            g.set_config(&cfg);
            g.id = format!("w{i}");
            g.result = over;
            saves.put(g);
        }
        let mut g = base.clone();
        g.id = "mine".into();
        g.result = over;
        saves.put(g);
        assert_eq!(saves.cap(), vec!["w0", "w1", "f3"]);
        assert!(saves.cap().is_empty());
        saves.current = Some("old-unfinished".into());
        saves.remove("old-unfinished");
        assert_eq!(saves.current, None);
    }

    /// Plays `n` more plies of `g` (the computer on both sides), saving after each like the app.
    fn play_on(g: &SavedGame, n: usize, now: f64) -> SavedGame {
        let mut g = g.clone();
        let mut m = rebuild(&g).unwrap();
        for _ in 0..n {
            let mut both = m.clone();
            both.config.opponent = Opponent::Watch;
            let a = both.computer_action(1, 200).unwrap();
            m.play(a).unwrap();
            g.update_from(&m, now);
        }
        g
    }

    fn saves_of(games: &[&SavedGame], current: Option<&str>) -> Saves {
        let mut s = Saves::new();
        for g in games.iter().rev() {
            s.put((*g).clone());
        }
        s.current = current.map(str::to_string);
        s
    }

    #[test]
    fn an_older_tab_closing_never_undoes_moves_made_in_another() {
        let (g, m) = played(game(Mode::Dark, Opponent::Computer), 10);
        let base = saves_of(&[&g], Some("g1"));
        // Tab B plays ten more moves and saves.
        let b = play_on(&g, 10, 50.0);
        assert_eq!(b.plies(), 20);
        let stored = saves_of(&[&b], Some("g1"));
        // Tab A, still at ten moves, saves on closing (later, but with nothing new).
        let mut a = g.clone();
        a.update_from(&m, 60.0);
        assert_eq!(a.rev, g.rev, "saving without a change is not a change");
        let mine = saves_of(&[&a], Some("g1"));
        let merged = Saves::merge(&base, &stored, &mine);
        assert_eq!(
            merged.get("g1").unwrap().actions,
            b.actions,
            "B's moves survive"
        );
        // And A's clock and guess marks, written later with nothing else new, win a tie.
        let tie = Saves::merge(&base, &base, &mine);
        assert_eq!(tie.get("g1").unwrap().saved, 60.0);
    }

    #[test]
    fn a_new_game_in_another_tab_survives_a_write_here() {
        let (g1, _) = played(game(Mode::Open, Opponent::Friend), 2);
        let base = saves_of(&[&g1], Some("g1"));
        let mut g2 = game(Mode::Flip, Opponent::Computer);
        g2.id = "g2".into();
        g2.saved = 40.0;
        let stored = saves_of(&[&g2, &g1], Some("g2"));
        let a = play_on(&g1, 1, 30.0);
        let mine = saves_of(&[&a], Some("g1"));
        let merged = Saves::merge(&base, &stored, &mine);
        assert_eq!(merged.games.len(), 2, "{merged:?}");
        assert_eq!(merged.games[0].id, "g2", "newest first");
        assert_eq!(merged.get("g1").unwrap().plies(), 3, "A's move is kept");
        assert_eq!(
            merged.current.as_deref(),
            Some("g2"),
            "A did not change the game in progress: B's choice stays"
        );
        let mut leaving = mine.clone();
        leaving.current = None;
        assert_eq!(Saves::merge(&base, &stored, &leaving).current, None);
        // Fields a newer version wrote into the envelope stay.
        let mut newer = stored.clone();
        newer.extra.insert("future".into(), Value::from(1));
        let merged = Saves::merge(&base, &newer, &mine);
        assert_eq!(merged.extra.get("future"), Some(&Value::from(1)));
    }

    #[test]
    fn deleted_games_are_not_brought_back() {
        let (g1, _) = played(game(Mode::Open, Opponent::Friend), 2);
        let mut g2 = g1.clone();
        g2.id = "g2".into();
        let base = saves_of(&[&g1, &g2], None);
        // B deleted g2; A, which never touched it, writes.
        let stored = saves_of(&[&g1], None);
        let merged = Saves::merge(&base, &stored, &base);
        assert!(merged.get("g2").is_none(), "a deletion elsewhere holds");
        // A deletes g1 while B has not changed it: gone.
        let mine = saves_of(&[&g2], None);
        let merged = Saves::merge(&base, &base, &mine);
        assert!(merged.get("g1").is_none(), "a deletion here holds");
        // But B played on in g1 after A last saw it: B's moves are not lost to A's delete.
        let b = play_on(&g1, 1, 9.0);
        let stored = saves_of(&[&b, &g2], None);
        let merged = Saves::merge(&base, &stored, &mine);
        assert_eq!(merged.get("g1").map(SavedGame::plies), Some(3));
        // A game deleted elsewhere while this tab plays it stays: its moves are still saved.
        let playing = saves_of(&[&g1, &g2], Some("g2"));
        let stored = saves_of(&[&g1], None);
        let merged = Saves::merge(&playing, &stored, &playing);
        assert!(merged.get("g2").is_some());
    }

    #[test]
    fn unknown_fields_of_a_newer_version_are_kept() {
        let text = r#"{"version":1,"current":"a","sync":{"x":1},"games":[
            {"id":"a","started":5,"saved":6,"config":"mode=open;opponent=friend","seed":1,
             "setup":{"kind":"deployments","red":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL",
                      "black":"PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL"},"actions":"c6-d5",
             "notes":["kept"]}]}"#;
        let loaded = read(text).unwrap();
        assert!(loaded.broken.is_empty());
        let again: Value = serde_json::from_str(&loaded.saves.to_text()).unwrap();
        assert_eq!(again["sync"], serde_json::json!({"x":1}));
        assert_eq!(again["games"][0]["notes"], serde_json::json!(["kept"]));
        assert_eq!(again["current"], "a");
        assert_eq!(again["version"], 1);
    }

    #[test]
    fn imported_records_become_pass_and_play_games() {
        let (g, m) = played(game(Mode::Dark, Opponent::Friend), 6);
        let record = m.record().unwrap();
        let imported = SavedGame::from_record(&record, "i".into(), 9.0);
        assert!(imported.imported);
        assert_eq!(imported.actions, g.actions);
        let back = rebuild(&imported).unwrap();
        assert_eq!(back.record().unwrap(), record);
        assert_eq!(back.config.opponent, Opponent::Friend);
    }

    #[test]
    fn guess_marks_round_trip() {
        let marks = vec![
            ("a7".parse().unwrap(), Role::General),
            ("e12".parse().unwrap(), Role::Bomb),
        ];
        let mut g = game(Mode::Dark, Opponent::Computer);
        g.guesses = SavedGame::format_guesses(marks.clone());
        assert_eq!(g.guess_marks(), marks);
        g.guesses = "a7=? zz=G b1".into();
        assert!(g.guess_marks().is_empty());
    }
}
