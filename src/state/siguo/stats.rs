//! Results of 四国 games against the computer, for the profile page. QQ's 4-player scoring
//! from the rule sheets: the winning team +2, the losing team −2, nothing for the winners when
//! the game ends within 40 plies. Only 四国 games (two teams) with one person and three computer
//! players count: 四方混战 and 三国 have no team scoring.

use crate::state::storage;
use junqi_core::seat::{Seat, Seating};
use junqi_core::Outcome;
use serde::{Deserialize, Serialize};

pub const KEY: &str = "junqi.siguo.stats.v1";
/// A win within this many plies gives the winners nothing.
pub const SHORT_GAME: usize = 40;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SiguoStats {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: i64,
}

/// The points `me` gets for a game that ended with `outcome` after `plies` plies.
pub fn points(me: Seat, outcome: &Outcome, plies: usize) -> i64 {
    match outcome {
        Outcome::Win { team, .. } if *team == Seating::four().team(me) => {
            if plies <= SHORT_GAME {
                0
            } else {
                2
            }
        }
        Outcome::Win { .. } => -2,
        Outcome::Draw { .. } => 0,
    }
}

/// The stored results; `None` when they cannot be read (they are then never written over).
pub fn load() -> Option<SiguoStats> {
    match storage::load(KEY) {
        None => Some(SiguoStats::default()),
        Some(text) => serde_json::from_str(&text).ok().or_else(|| {
            storage::note_unread(KEY);
            None
        }),
    }
}

/// Adds one game, reading what is stored at this moment (another tab may have added some).
pub fn count(points: i64, outcome: &Outcome, me: Seat) {
    let Some(mut s) = load() else {
        return;
    };
    s.games += 1;
    match outcome {
        Outcome::Win { team, .. } if *team == Seating::four().team(me) => s.wins += 1,
        Outcome::Win { .. } => s.losses += 1,
        Outcome::Draw { .. } => s.draws += 1,
    }
    s.points += points;
    if let Ok(text) = serde_json::to_string(&s) {
        storage::save(KEY, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::seat::Team;
    use junqi_core::{DrawReason, ExitReason};

    #[test]
    fn qq_scoring() {
        let win = |t| Outcome::Win {
            team: Team::new(t).unwrap(),
            reason: ExitReason::FlagCaptured,
        };
        assert_eq!(points(Seat::S, &win(0), 41), 2);
        assert_eq!(points(Seat::N, &win(0), 40), 0);
        assert_eq!(points(Seat::S, &win(1), 12), -2);
        let draw = Outcome::Draw {
            reason: DrawReason::NoCapture,
        };
        assert_eq!(points(Seat::E, &draw, 300), 0);
        count(2, &win(0), Seat::S);
        count(-2, &win(0), Seat::E);
        assert_eq!(
            load().unwrap(),
            SiguoStats {
                games: 2,
                wins: 1,
                draws: 0,
                losses: 1,
                points: 0
            }
        );
        storage::save(KEY, "{broken");
        count(2, &win(0), Seat::S);
        assert_eq!(storage::load(KEY).as_deref(), Some("{broken"));
    }
}
