//! Results and rank: wins, draws and losses per mode and computer level, pass-and-play games
//! apart, and rank points on the ladder of the seed rule sheets (小兵 … 司令).
//!
//! Scoring (against the computer only; pass-and-play games never change the rank): a win +1, a
//! loss −1, a draw 0; as the rule sheets state it, a game that ends within its first 30 plies
//! (fewer than 30 actions) gives the winner nothing while the loser still loses the point.
//! Points never go below 0 unless a grown-up chooses the sheets' rule, where they may
//! (`GrownUp::floor_points`; the rank is then the lowest). Kept in localStorage under
//! [`STATS`], versioned; unreadable data is kept aside under [`STATS_UNREADABLE`] and counting
//! starts afresh.

use super::config::Opponent;
use super::game::Match;
use super::storage;
use super::store::Store;
use junqi_core::{Color, Mode};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

pub const STATS: &str = "junqi.stats.v1";
/// Where stats that could not be read are kept, untouched.
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
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub version: u32,
    /// Rank points; below 0 only under the sheets' rule (`GrownUp::floor_points` off).
    pub points: i64,
    /// Against the computer: by mode (明棋, 暗棋, 翻棋), then by level 1..=5.
    pub computer: [[Wdl; 5]; 3],
    /// Pass and play, by mode.
    pub friend: [FriendTally; 3],
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            version: Stats::VERSION,
            points: 0,
            computer: Default::default(),
            friend: Default::default(),
        }
    }
}

impl Stats {
    pub const VERSION: u32 = 1;

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
    pub fn add_friend(&mut self, mode: Mode, winner: Option<Color>) {
        let t = &mut self.friend[mode as usize];
        match winner {
            Some(Color::Red) => t.red += 1,
            Some(Color::Black) => t.black += 1,
            None => t.draws += 1,
        }
    }

    /// Counts a finished match (nothing if it is not over); `floor`: points never below 0.
    pub fn add_match(&mut self, m: &Match, floor: bool) {
        let Some(outcome) = m.outcome() else { return };
        let plies = m.game().reports().len();
        let mode = m.mode();
        match m.config.opponent {
            Opponent::Friend => self.add_friend(mode, outcome.winner()),
            Opponent::Computer => {
                let mine = m.color_of(m.config.seat);
                let result = match outcome.winner() {
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
/// copied aside (once) so nothing is lost.
pub fn load() -> (Stats, bool) {
    let Some(text) = storage::load(STATS) else {
        return (Stats::default(), false);
    };
    match Stats::from_text(&text) {
        Ok(s) => (s, false),
        Err(_) => {
            if storage::load(STATS_UNREADABLE).is_none() {
                storage::save(STATS_UNREADABLE, &text);
            }
            (Stats::default(), true)
        }
    }
}

impl Store {
    /// Shows the profile page (from the new-game screen).
    pub fn open_profile(&self) {
        self.phase.set(super::store::Phase::Profile);
    }

    /// Counts the game just finished, once.
    pub(super) fn count_result(&self) {
        if self.counted.get_value() {
            return;
        }
        let Some(done) = self.with_match(|m| m.outcome().is_some()) else {
            return;
        };
        if !done {
            return;
        }
        self.counted.set_value(true);
        let floor = storage::load(crate::learn::grownup::KEY)
            .is_none_or(|t| crate::learn::grownup::GrownUp::from_text(&t).floor_points);
        self.stats.update(|s| {
            self.with_match(|m| s.add_match(m, floor));
        });
        let text = self.stats.with_untracked(Stats::to_text);
        storage::save(STATS, &text);
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
        s.add_friend(Mode::Flip, Some(Color::Black));
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
