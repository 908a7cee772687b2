//! Results and rank: wins, draws and losses per mode and computer level, pass-and-play games
//! apart, and rank points on the ladder of the seed rule sheets (小兵 … 司令).
//!
//! Scoring (against the computer only; pass-and-play games never change the rank): a win +1, a
//! loss −1, a draw 0; as the rule sheets state it, a game that ends within its first 30 plies
//! (fewer than 30 actions) gives the winner nothing while the loser still loses the point.
//! Points never go below 0 unless a grown-up chooses the sheets' rule, where they may
//! (the grown-up's `floor_points`, mirrored in `Store::floor_points`; the rank is then the lowest). Kept in localStorage under
//! [`STATS`], versioned. Fields a newer version adds are kept as they are; data that cannot be
//! read is copied to a backup (`storage::back_up`) before anything is written over it, and data
//! of a newer version is never written over. Every write adds this tab's new results to what
//! is stored then ([`Stats::merge`]), so two tabs never erase each other's results.

use super::config::Opponent;
use super::game::Match;
use super::storage;
use super::store::Store;
use junqi_core::{Mode, Seat};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub const STATS: &str = "junqi.stats.v1";
/// Where older versions kept stats that could not be read (still offered for download).
pub const STATS_UNREADABLE: &str = "junqi.stats.v1.unreadable";

/// The ladder: the points each rank needs, lowest first (names in `i18n::rank_name`).
pub const LADDER: [u32; 18] = [
    0, 10, 20, 30, 50, 100, 150, 220, 350, 500, 750, 1000, 1550, 2150, 3150, 5000, 6350, 12750,
];

/// Games shorter than this many plies give the winner nothing.
pub const MIN_PLIES: usize = 30;

/// The rank (index into [`LADDER`]) for a number of points.
pub fn rank_of(points: u32) -> usize {
    LADDER.iter().rposition(|&need| points >= need).unwrap_or(0)
}

/// The next rank and the points still needed for it, unless already at the top.
pub fn next_rank(points: u32) -> Option<(usize, u32)> {
    let next = rank_of(points) + 1;
    LADDER.get(next).map(|&need| (next, need - points))
}

/// Progress from this rank to the next, 0.0..=1.0 (1.0 at the top).
pub fn progress(points: u32) -> f64 {
    let r = rank_of(points);
    match LADDER.get(r + 1) {
        Some(&next) => f64::from(points - LADDER[r]) / f64::from(next - LADDER[r]),
        None => 1.0,
    }
}

/// The result of a game for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Draw,
    Loss,
}

/// The points a game against the computer is worth: a short game gives the winner nothing,
/// and the loser still loses the point.
pub fn score(result: Result3, plies: usize) -> i32 {
    match result {
        Result3::Win if plies < MIN_PLIES => 0,
        Result3::Win => 1,
        Result3::Draw => 0,
        Result3::Loss => -1,
    }
}

/// Wins, draws and losses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    fn add(&mut self, r: Result3) {
        match r {
            Result3::Win => self.wins += 1,
            Result3::Draw => self.draws += 1,
            Result3::Loss => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// Pass-and-play games of one mode: who won.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FriendTally {
    pub red: u32,
    pub black: u32,
    pub draws: u32,
}

/// Everything counted, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    /// Rank points; below 0 only under the sheets' rule (`GrownUp::floor_points` off).
    pub points: i64,
    /// Against the computer: by mode (明棋, 暗棋, 翻棋), then by level 1..=5.
    pub computer: [[Wdl; 5]; 3],
    /// Pass and play, by mode.
    pub friend: [FriendTally; 3],
    /// Fields this version does not know (added by a newer one): kept as they are.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            version: Stats::VERSION,
            points: 0,
            computer: Default::default(),
            friend: Default::default(),
            extra: Map::new(),
        }
    }
}

impl Stats {
    pub const VERSION: u32 = 1;

    /// Games finished in all, against the computer and between friends.
    pub fn games(&self) -> u32 {
        let computer: u32 = self.computer.iter().flatten().map(Wdl::games).sum();
        let friends: u32 = self.friend.iter().map(|f| f.red + f.black + f.draws).sum();
        computer + friends
    }

    pub fn from_text(text: &str) -> Result<Stats, String> {
        let s: Stats = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if s.version != Stats::VERSION {
            return Err(format!("version {} is not known", s.version));
        }
        Ok(s)
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The points the ladder reads (0 for a negative score).
    pub fn rank_points(&self) -> u32 {
        u32::try_from(self.points.max(0)).unwrap_or(u32::MAX)
    }

    /// The version number in stored text, if it has one.
    pub fn version_of(text: &str) -> Option<u64> {
        serde_json::from_str::<Value>(text)
            .ok()?
            .get("version")?
            .as_u64()
    }

    /// Every counter but the points, in a fixed order.
    fn counters(&self) -> Vec<u32> {
        let mut v = Vec::new();
        for w in self.computer.iter().flatten() {
            v.extend([w.wins, w.draws, w.losses]);
        }
        for t in &self.friend {
            v.extend([t.red, t.black, t.draws]);
        }
        v
    }

    fn counters_mut(&mut self) -> Vec<&mut u32> {
        let mut v = Vec::new();
        for w in self.computer.iter_mut().flatten() {
            v.extend([&mut w.wins, &mut w.draws, &mut w.losses]);
        }
        for t in &mut self.friend {
            v.extend([&mut t.red, &mut t.black, &mut t.draws]);
        }
        v
    }

    /// What is stored now (`stored`) plus what this tab counted since it last read or wrote
    /// (`mine` less `base`): results counted in another tab meanwhile stay. Fields this version
    /// does not know are the stored ones. Points go below 0 only where one of the three already
    /// is (the sheets' rule); under the children's rule none ever is, so none ends below 0.
    pub fn merge(base: &Stats, stored: &Stats, mine: &Stats) -> Stats {
        let mut out = stored.clone();
        out.version = Stats::VERSION;
        let (b, m) = (base.counters(), mine.counters());
        for ((o, b), m) in out.counters_mut().into_iter().zip(b).zip(m) {
            let sum = i64::from(*o) + i64::from(m) - i64::from(b);
            *o = u32::try_from(sum.max(0)).unwrap_or(u32::MAX);
        }
        let points = stored
            .points
            .saturating_add(mine.points.saturating_sub(base.points));
        let floored = base.points >= 0 && stored.points >= 0 && mine.points >= 0;
        out.points = if floored { points.max(0) } else { points };
        out
    }

    /// Counts a game against the computer at `level` (1..=5) that lasted `plies` plies; with
    /// `floor`, points never go below 0.
    pub fn add_computer(
        &mut self,
        mode: Mode,
        level: u8,
        result: Result3,
        plies: usize,
        floor: bool,
    ) {
        let l = usize::from(level.clamp(1, 5) - 1);
        self.computer[mode as usize][l].add(result);
        let points = self.points.saturating_add(i64::from(score(result, plies)));
        self.points = if floor { points.max(0) } else { points };
    }

    /// Counts a pass-and-play game won by `winner` (`None`: a draw).
    pub fn add_friend(&mut self, mode: Mode, winner: Option<Seat>) {
        let t = &mut self.friend[mode as usize];
        match winner {
            Some(Seat::RED) => t.red += 1,
            Some(_) => t.black += 1,
            None => t.draws += 1,
        }
    }

    /// Counts a finished match (nothing if it is not over); `floor`: points never below 0.
    pub fn add_match(&mut self, m: &Match, floor: bool) {
        let Some(outcome) = m.outcome() else { return };
        let plies = m.plies();
        let mode = m.mode();
        match m.config.opponent {
            Opponent::Friend | Opponent::Remote => self.add_friend(mode, outcome.winning_seat()),
            // A game only computers played is nobody's result.
            Opponent::Watch => {}
            Opponent::Computer => {
                let mine = m.color_of(m.config.seat);
                let result = match outcome.winning_seat() {
                    None => Result3::Draw,
                    Some(w) if Some(w) == mine => Result3::Win,
                    Some(_) => Result3::Loss,
                };
                self.add_computer(mode, m.config.level, result, plies, floor);
            }
        }
    }
}

/// Reads the saved stats: `(stats, whether saved data was unreadable)`. Unreadable data is
/// copied to a backup and left in place (a later write replaces it only once a copy is kept).
pub fn load() -> (Stats, bool) {
    let Some(text) = storage::load(STATS) else {
        return (Stats::default(), false);
    };
    match Stats::from_text(&text) {
        Ok(s) => (s, false),
        Err(_) => {
            // Newer data is never written over; anything else gets a copy first.
            let newer = Stats::version_of(&text).is_some_and(|v| v > u64::from(Stats::VERSION));
            if !newer {
                storage::back_up(STATS, &text);
            }
            (Stats::default(), true)
        }
    }
}

/// Writes this tab's stats (`mine`) merged with what is stored now ([`Stats::merge`]; `base` is
/// what this tab last read or wrote), and returns what was written.
pub fn sync(base: &Stats, mine: &Stats) -> Result<Stats, storage::NotWritten> {
    let stored = match storage::load(STATS) {
        None => Stats::default(),
        Some(text) => match Stats::from_text(&text) {
            Ok(s) => s,
            Err(_) => match Stats::version_of(&text) {
                Some(v) if v > u64::from(Stats::VERSION) => {
                    return Err(storage::NotWritten::Newer(v))
                }
                _ if storage::back_up(STATS, &text) => Stats::default(),
                _ => return Err(storage::NotWritten::NoBackup),
            },
        },
    };
    let merged = Stats::merge(base, &stored, mine);
    if !storage::save(STATS, &merged.to_text()) {
        return Err(storage::NotWritten::Refused);
    }
    Ok(merged)
}

impl Store {
    /// Shows the profile page (from the new-game screen).
    pub fn open_profile(&self) {
        self.phase.set(super::store::Phase::Profile);
    }

    /// Counts the game just finished, once, as soon as its result is decided (not after the
    /// last animation: a tab closed during it keeps the result).
    pub(super) fn count_result(&self) {
        if self.counted.get_value() {
            return;
        }
        // A game with another device counts once both devices checked it.
        let Some(done) = self.with_match(|m| {
            m.outcome().is_some()
                && m.remote_state()
                    .is_none_or(|r| r == crate::state::game::RemoteState::Verified)
        }) else {
            return;
        };
        if !done {
            return;
        }
        self.counted.set_value(true);
        // A game only computers played is nobody's result: the stats are not touched.
        if self.with_match(|m| m.config.watched()).unwrap_or(false) {
            return;
        }
        let floor = self.floor_points.get_untracked();
        let before = self.stats.with_untracked(|s| s.points);
        self.stats.update(|s| {
            self.with_match(|m| s.add_match(m, floor));
        });
        let after = self.stats.with_untracked(|s| s.points);
        self.last_points
            .set(self.against_computer().then_some(after - before));
        self.write_stats();
    }

    /// Writes the stats, merged with what other tabs counted meanwhile.
    pub(super) fn write_stats(&self) {
        let base = self.stats_base.get_value();
        let mine = self.stats.get_untracked();
        match sync(&base, &mine) {
            Ok(written) => {
                self.stats_base.set_value(written.clone());
                self.stats.set(written);
            }
            Err(why) => leptos::logging::warn!("the results were not saved: {why:?}"),
        }
    }

    /// Another tab wrote the stats: show them with this tab's own (nothing is written).
    pub fn stats_changed_elsewhere(&self) {
        let Some(Ok(stored)) = storage::load(STATS).map(|t| Stats::from_text(&t)) else {
            return;
        };
        let base = self.stats_base.get_value();
        let mine = self.stats.get_untracked();
        self.stats.set(Stats::merge(&base, &stored, &mine));
        self.stats_base.set_value(stored);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_boundaries() {
        assert_eq!(rank_of(0), 0);
        assert_eq!(rank_of(9), 0, "9 points: 小兵");
        assert_eq!(rank_of(10), 1, "10 points: 副班长");
        assert_eq!(rank_of(19), 1);
        assert_eq!(rank_of(20), 2);
        assert_eq!(rank_of(6349), 15);
        assert_eq!(rank_of(6350), 16);
        assert_eq!(rank_of(12749), 16);
        assert_eq!(rank_of(12750), 17, "12750 points: 司令");
        assert_eq!(rank_of(u32::MAX), 17);
        assert_eq!(next_rank(9), Some((1, 1)));
        assert_eq!(next_rank(0), Some((1, 10)));
        assert_eq!(next_rank(12750), None);
        assert_eq!(progress(15), 0.5);
        assert_eq!(progress(20000), 1.0);
        assert!(LADDER.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn scoring() {
        assert_eq!(
            score(Result3::Win, 29),
            0,
            "a 29-ply game gives the winner nothing"
        );
        assert_eq!(
            score(Result3::Loss, 29),
            -1,
            "and the loser still loses the point"
        );
        assert_eq!(score(Result3::Draw, 29), 0);
        assert_eq!(score(Result3::Win, 30), 1);
        assert_eq!(score(Result3::Loss, 30), -1);
        assert_eq!(score(Result3::Draw, 200), 0);
    }

    #[test]
    fn points_never_below_zero_and_tables_count() {
        let mut s = Stats::default();
        s.add_computer(Mode::Open, 1, Result3::Loss, 40, true);
        assert_eq!(s.points, 0);
        s.add_computer(Mode::Dark, 3, Result3::Win, 40, true);
        s.add_computer(Mode::Dark, 3, Result3::Win, 10, true);
        assert_eq!(s.points, 1);
        s.add_computer(Mode::Dark, 3, Result3::Draw, 100, true);
        assert_eq!(s.computer[0][0].losses, 1);
        assert_eq!(
            s.computer[1][2],
            Wdl {
                wins: 2,
                draws: 1,
                losses: 0
            }
        );
        s.add_friend(Mode::Flip, Some(Seat::BLACK));
        s.add_friend(Mode::Flip, None);
        assert_eq!(s.friend[2].black, 1);
        assert_eq!(s.friend[2].draws, 1);
        assert_eq!(s.points, 1, "pass and play never changes the rank");
    }

    #[test]
    fn stored_text_round_trips_and_bad_text_is_refused() {
        let mut s = Stats::default();
        s.add_computer(Mode::Flip, 5, Result3::Win, 31, true);
        assert_eq!(Stats::from_text(&s.to_text()), Ok(s.clone()));
        assert!(Stats::from_text("{nonsense").is_err());
        let future = s.to_text().replace("\"version\":1", "\"version\":9");
        assert!(Stats::from_text(&future).is_err());
    }

    #[test]
    fn the_sheets_rule_lets_points_go_below_zero() {
        let mut s = Stats::default();
        s.add_computer(Mode::Open, 1, Result3::Loss, 12, false);
        assert_eq!(s.points, -1, "a short game still costs the loser the point");
        s.add_computer(Mode::Open, 1, Result3::Loss, 40, false);
        assert_eq!(s.points, -2);
        assert_eq!(s.rank_points(), 0);
        assert_eq!(rank_of(s.rank_points()), 0);
        s.add_computer(Mode::Open, 1, Result3::Win, 12, false);
        assert_eq!(s.points, -2, "a short win gives nothing");
        let back = Stats::from_text(&s.to_text()).unwrap();
        assert_eq!(back, s);
        let mut floored = Stats::default();
        floored.add_computer(Mode::Open, 1, Result3::Loss, 12, true);
        assert_eq!(floored.points, 0, "children's profiles: never below 0");
    }

    #[test]
    fn two_tabs_never_erase_each_others_results() {
        let base = Stats::default();
        let mut a = base.clone();
        a.add_computer(Mode::Dark, 2, Result3::Win, 40, true);
        let mut b = base.clone();
        b.add_computer(Mode::Open, 1, Result3::Loss, 40, true);
        b.add_friend(Mode::Flip, None);
        // B wrote first; A writes now.
        let merged = Stats::merge(&base, &b, &a);
        assert_eq!(merged.computer[1][1].wins, 1, "A's win");
        assert_eq!(merged.computer[0][0].losses, 1, "B's loss stays");
        assert_eq!(merged.friend[2].draws, 1);
        assert_eq!(merged.points, 1);
        // Writing again with nothing new changes nothing.
        assert_eq!(Stats::merge(&merged, &merged, &merged), merged);
    }

    #[test]
    fn fields_of_a_newer_version_are_kept_and_do_not_reset_the_stats() {
        let mut s = Stats::default();
        s.add_computer(Mode::Open, 1, Result3::Win, 40, true);
        let text = s.to_text().replace("\"points\"", "\"streak\":4,\"points\"");
        let read = Stats::from_text(&text).expect("an unknown field is no reason to reset");
        assert_eq!(read.points, 1);
        assert!(
            read.to_text().contains("\"streak\":4"),
            "kept when rewritten"
        );
        let merged = Stats::merge(&Stats::default(), &read, &Stats::default());
        assert!(merged.to_text().contains("\"streak\":4"));
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn unreadable_or_newer_stats_are_never_written_over_without_a_copy() {
        let mut mine = Stats::default();
        mine.add_friend(Mode::Open, None);
        assert!(storage::save(STATS, "{\"version\":2,\"points\":7}"));
        assert_eq!(
            sync(&Stats::default(), &mine),
            Err(storage::NotWritten::Newer(2))
        );
        assert!(storage::save(STATS, "garbage"));
        storage::refuse_writes(true);
        assert_eq!(
            sync(&Stats::default(), &mine),
            Err(storage::NotWritten::NoBackup)
        );
        storage::refuse_writes(false);
        assert_eq!(storage::load(STATS).as_deref(), Some("garbage"));
        let (_, unreadable) = load();
        assert!(unreadable);
        assert_eq!(storage::backups_of(STATS).len(), 1);
        assert_eq!(sync(&Stats::default(), &mine), Ok(mine.clone()));
    }

    #[test]
    fn a_match_is_counted_for_the_person() {
        use super::super::config::GameConfig;
        use junqi_core::{Deployment, Setup};
        let cfg = GameConfig {
            mode: Mode::Open,
            opponent: Opponent::Computer,
            level: 2,
            seat: 1,
            ..GameConfig::default()
        };
        let mut m = Match::new(
            cfg,
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
            1,
        )
        .unwrap();
        let mut s = Stats::default();
        s.add_match(&m, true);
        assert_eq!(s, Stats::default(), "an unfinished game is not counted");
        m.agree_draw().unwrap();
        s.add_match(&m, true);
        assert_eq!(s.computer[0][1].draws, 1);
    }
}
