//! What a game on the cross board is set up with: the table (四国's two teams, 四方混战, 三国),
//! the information mode, who sits where (a person or a computer level), and RULES-4P.md §8's
//! switches.

use junqi_ai::DEFAULT_LEVEL;
use junqi_core::seat::Seat;
use junqi_core::siguo::{InfoMode, SiguoRules, Table};
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
    /// Seconds a person has for each move (0: no per-move timer); one who lets it run out
    /// loses the turn, and under `timeout_limit` the N-th such turn puts the seat out.
    #[serde(skip_serializing_if = "is_zero")]
    pub move_seconds: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
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
            move_seconds: 0,
        }
    }
}

impl SiguoConfig {
    pub fn player(&self, seat: Seat) -> SeatPlayer {
        self.players[seat.index()]
    }

    /// Whether a person plays `seat` (never a seat that is not at the table: W at 三国).
    pub fn is_human(&self, seat: Seat) -> bool {
        self.player(seat).human && self.at_table(seat)
    }

    /// The table the game is played at.
    pub fn table(&self) -> Table {
        self.rules.table
    }

    /// Whether `seat` plays at this table (every seat but W at 三国).
    pub fn at_table(&self, seat: Seat) -> bool {
        self.rules.table.seating().contains(seat)
    }

    /// The seats at the table, S first.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.at_table(*s))
    }

    /// The areas of the board no seat plays (W's at 三国).
    pub fn empty_areas(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| !self.at_table(*s))
            .collect()
    }

    /// The seats people play, S first.
    pub fn humans(&self) -> Vec<Seat> {
        self.seats().filter(|s| self.is_human(*s)).collect()
    }

    /// Only computers at the table besides one person: the only kind of game that counts for
    /// the ranks.
    pub fn against_computers(&self) -> bool {
        self.humans().len() == 1
    }

    /// Levels in range; the information mode and the first seat fit the table; at least one
    /// seat, and at most all of them, played by people is allowed.
    pub fn normalised(mut self) -> SiguoConfig {
        for p in &mut self.players {
            p.level = p.level.clamp(1, 5);
        }
        if !crate::state::config::CLOCK_CHOICES.contains(&self.clock_minutes) {
            self.clock_minutes = 0;
        }
        // As on the 2-player board: a remembered time need not be one of the choices offered.
        self.move_seconds = self.move_seconds.min(crate::state::config::MOVE_MAX);
        // Turns run out only with a per-move timer.
        if self.move_seconds == 0 {
            self.rules.rules.timeout_limit = 0;
        }
        // Remembered choices of another version may hold switches that exclude each other,
        // or that stay 2-player only: those are dropped, so a new game always starts.
        self.rules.rules = self.rules.rules.without_conflicts();
        // Without partners 双明 shows each seat only its own pieces: it is 四暗 there.
        if self.table() != Table::Teams && self.info == InfoMode::DoubleOpen {
            self.info = InfoMode::FourDark;
        }
        // The first seat must sit at the table (not W at 三国).
        if !self.at_table(self.rules.first) {
            self.rules.first = Seat::S;
        }
        let not_here = SiguoRules::TWO_PLAYER_ONLY.iter().map(|(n, _)| *n);
        for name in not_here {
            if let Some(b) = self.rules.rules.switch_mut(name) {
                *b = false;
            }
            if let Some(n) = self.rules.rules.number_mut(name) {
                *n = 0;
            }
        }
        self
    }

    /// Turns the switch `name` on or off, turning off the switches it excludes.
    pub fn set_switch(&mut self, name: &str, on: bool) {
        self.rules.rules.set_switch(name, on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_switches_that_cannot_be_played_here_are_dropped() {
        let mut c = SiguoConfig::default();
        c.rules.rules.flip_two_same = true;
        c.rules.rules.carry_flag_home = true;
        c.rules.rules.timeout_limit = 5;
        c.rules.rules.mines_explode = true;
        c.rules.rules.mines_bounce = true;
        c.rules.rules.rail_one_turn = true;
        let n = c.normalised();
        assert_eq!(n.rules.validate(), Ok(()));
        assert!(n.rules.rules.rail_one_turn && n.rules.rules.mines_explode);
        assert!(!n.rules.rules.mines_bounce, "it excludes mines_explode");
        assert!(
            n.rules.rules.carry_flag_home,
            "played on the cross board too"
        );
        assert_eq!(n.rules.rules.timeout_limit, 0);
    }

    #[test]
    fn a_timeout_limit_needs_a_per_move_timer() {
        let mut c = SiguoConfig {
            move_seconds: 30,
            ..SiguoConfig::default()
        };
        c.rules.rules.timeout_limit = 3;
        let n = c.clone().normalised();
        assert_eq!((n.move_seconds, n.rules.rules.timeout_limit), (30, 3));
        c.move_seconds = 99_999;
        let n = c.clone().normalised();
        assert_eq!(n.move_seconds, crate::state::config::MOVE_MAX);
        c.move_seconds = 0;
        let n = c.normalised();
        assert_eq!((n.move_seconds, n.rules.rules.timeout_limit), (0, 0));
    }

    #[test]
    fn the_table_is_kept_and_the_choices_fit_it() {
        let mut c = SiguoConfig::default();
        c.rules.table = Table::Three;
        c.info = InfoMode::DoubleOpen;
        c.rules.first = Seat::W;
        c.players[3].human = true;
        let n = c.normalised();
        assert_eq!(n.table(), Table::Three);
        assert_eq!(n.info, InfoMode::FourDark, "no partners: 双明 is 四暗");
        assert_eq!(n.rules.first, Seat::S);
        assert_eq!(n.rules.validate(), Ok(()));
        assert_eq!(n.seats().collect::<Vec<_>>(), [Seat::S, Seat::E, Seat::N]);
        assert_eq!(n.humans(), [Seat::S], "W is not at the table");
        assert!(!n.is_human(Seat::W));

        let mut c = SiguoConfig::default();
        c.rules.table = Table::Each;
        c.info = InfoMode::AllOpen;
        c.rules.first = Seat::W;
        let n = c.normalised();
        assert_eq!(
            (n.table(), n.info, n.rules.first),
            (Table::Each, InfoMode::AllOpen, Seat::W)
        );
        assert_eq!(n.seats().count(), 4);

        let c = SiguoConfig {
            info: InfoMode::DoubleOpen,
            ..SiguoConfig::default()
        };
        assert_eq!(c.normalised().info, InfoMode::DoubleOpen, "四国 keeps 双明");
    }

    #[test]
    fn a_switch_turned_on_turns_off_the_one_it_excludes() {
        let mut c = SiguoConfig::default();
        c.set_switch("mines_bounce", true);
        c.set_switch("mines_explode", true);
        assert!(c.rules.rules.mines_explode && !c.rules.rules.mines_bounce);
        assert_eq!(c.rules.validate(), Ok(()));
    }
}
