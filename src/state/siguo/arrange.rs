//! Before a 四国 game: the computer seats' formations drawn from the game's seed, each person
//! arranging theirs in turn (in the order of the seats), and the game that begins once the last
//! one is done. Plain Rust; the store shows the setup screen for [`Arranging::next`].

use super::save::computer_formation;
use super::{SiguoConfig, Table};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::Deployment;

/// The formations of a game about to begin.
#[derive(Clone, Debug, PartialEq)]
pub struct Arranging {
    config: SiguoConfig,
    seed: u64,
    /// Each seat's formation once drawn (a computer's) or arranged (a person's).
    formations: [Option<Deployment>; 4],
}

impl Arranging {
    /// A new game with `config`: the computer seats' formations are drawn at once.
    pub fn new(config: SiguoConfig, seed: u64) -> Arranging {
        let mut formations = [None, None, None, None];
        for seat in config.seats() {
            if !config.is_human(seat) {
                formations[seat.index()] =
                    Some(computer_formation(seed, seat, &config.rules.rules));
            }
        }
        Arranging {
            config,
            seed,
            formations,
        }
    }

    /// The next person to arrange, in the order of the seats; `None` once everyone has.
    pub fn next(&self) -> Option<Seat> {
        self.config
            .humans()
            .into_iter()
            .find(|s| self.formations[s.index()].is_none())
    }

    /// The formation the setup screen offers `seat` to start from (drawn from the game's seed).
    pub fn offered(&self, seat: Seat) -> Deployment {
        let seed = self.seed.wrapping_add(11 + seat.index() as u64);
        junqi_ai::deploy::formation_for(seed, &self.config.rules.rules)
    }

    /// `seat`'s person is done: their formation is kept. Refused for a seat that is not the
    /// next to arrange.
    pub fn arranged(&mut self, seat: Seat, formation: Deployment) -> bool {
        if self.next() != Some(seat) {
            return false;
        }
        self.formations[seat.index()] = Some(formation);
        true
    }

    /// The game, once everyone has arranged (a seat not at the table keeps an empty area: W at
    /// 三国); `None` before, an error when a formation breaks the rules.
    pub fn table(&self) -> Option<Result<Table, String>> {
        if self.next().is_some() {
            return None;
        }
        let formations = PerSeat::new_with(|s| {
            self.formations[s.index()]
                .clone()
                .unwrap_or_else(Deployment::empty)
        });
        Some(Table::new(self.config.clone(), formations, self.seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::siguo::InfoMode;

    #[test]
    fn people_arrange_in_seat_order_then_the_game_begins() {
        let mut config = SiguoConfig {
            info: InfoMode::FourDark,
            ..SiguoConfig::default()
        };
        config.players[Seat::N.index()].human = true;
        let config = config.normalised();
        let mut a = Arranging::new(config, 77);
        assert_eq!(a.next(), Some(Seat::S));
        assert!(a.table().is_none(), "not before everyone has arranged");
        let offered = a.offered(Seat::N);
        assert_eq!(
            offered,
            Arranging::new(a.config.clone(), 77).offered(Seat::N)
        );
        assert!(!a.arranged(Seat::N, offered.clone()), "S arranges first");
        assert!(a.arranged(Seat::S, a.offered(Seat::S)));
        assert_eq!(a.next(), Some(Seat::N));
        assert!(a.arranged(Seat::N, offered));
        assert_eq!(a.next(), None);
        assert!(!a.arranged(Seat::N, a.offered(Seat::N)), "once");
        let t = a
            .table()
            .expect("everyone arranged")
            .expect("legal formations");
        assert_eq!(t.seed, 77);
        // The computers' formations come from the seed: the same game again.
        let mut b = Arranging::new(t.config.clone(), 77);
        b.arranged(Seat::S, b.offered(Seat::S));
        b.arranged(Seat::N, b.offered(Seat::N));
        assert_eq!(
            b.table().unwrap().unwrap().record().formations,
            t.record().formations
        );
    }

    #[test]
    fn a_formation_that_breaks_the_rules_is_refused_by_name() {
        let mut a = Arranging::new(SiguoConfig::default(), 5);
        assert!(a.arranged(Seat::S, Deployment::empty()));
        let why = a.table().expect("everyone arranged").unwrap_err();
        assert!(
            why.starts_with("seat S's formation:") && why.contains("wrong-count F"),
            "{why}"
        );
    }

    #[test]
    fn only_computers_begin_at_once() {
        let mut config = SiguoConfig::default();
        for p in &mut config.players {
            p.human = false;
        }
        let a = Arranging::new(config, 9);
        assert_eq!(a.next(), None);
        assert!(a.table().expect("nobody arranges").is_ok());
    }
}
