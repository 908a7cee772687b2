//! What a 四国 game is set up with: the information mode, who sits where (a person or a
//! computer level), and RULES-4P.md §8's switches.

use junqi_ai::DEFAULT_LEVEL;
use junqi_core::seat::Seat;
use junqi_core::siguo::{InfoMode, SiguoRules};
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SeatPlayer {
    pub human: bool,
    /// The computer's level (1..=5) when `human` is false.
    pub level: u8,
}

impl Default for SeatPlayer {
    fn default() -> SeatPlayer {
        SeatPlayer {
            human: false,
            level: DEFAULT_LEVEL,
        }
    }
}

/// The choices of a new 四国 game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SiguoConfig {
    pub info: InfoMode,
    /// S, E, N, W.
    pub players: [SeatPlayer; 4],
    pub rules: SiguoRules,
    /// Minutes on each seat's clock for the whole game (0: no clocks).
    pub clock_minutes: u32,
}

impl Default for SiguoConfig {
    /// The player at S against three computer players at the default level, 四暗.
    fn default() -> SiguoConfig {
        let mut players = [SeatPlayer::default(); 4];
        players[0].human = true;
        SiguoConfig {
            info: InfoMode::default(),
            players,
            rules: SiguoRules::default(),
            clock_minutes: 0,
        }
    }
}

impl SiguoConfig {
    pub fn player(&self, seat: Seat) -> SeatPlayer {
        self.players[seat.index()]
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.player(seat).human
    }

    /// The seats people play, S first.
    pub fn humans(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| self.is_human(*s))
            .collect()
    }

    /// Only computers at the table besides one person: the only kind of game that counts for
    /// the ranks.
    pub fn against_computers(&self) -> bool {
        self.humans().len() == 1
    }

    /// Levels in range; at least one seat, and at most all four, played by people is allowed.
    pub fn normalised(mut self) -> SiguoConfig {
        for p in &mut self.players {
            p.level = p.level.clamp(1, 5);
        }
        if !crate::state::config::CLOCK_CHOICES.contains(&self.clock_minutes) {
            self.clock_minutes = 0;
        }
        self
    }
}
