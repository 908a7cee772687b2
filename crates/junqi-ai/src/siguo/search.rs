//! The cross board for the search ([`crate::search`]): the root's team against every other
//! seat, the evaluation in the style of the game's information.

use crate::eval::{evaluate_with, piece_value, Style, WIN};
use crate::search::Searchable;
use junqi_core::seat::Team;
use junqi_core::siguo::{Point, Position, POINTS};
use junqi_core::Action;
use junqi_core::Outcome;
use junqi_core::{contact, Clash, Role};

impl Searchable for Position {
    type Move = Action<Point>;
    type Team = Team;
    const POINTS: usize = POINTS;
    const QUIESCENCE_DEPTH: u32 = 3;

    fn team_to_move(&self) -> Option<Team> {
        Some(self.seating().team(self.turn()))
    }

    fn search_moves(&self) -> Vec<Action<Point>> {
        self.legal_actions()
    }

    fn play_move(&mut self, m: Action<Point>) {
        self.play_unchecked(m);
    }

    fn squares(m: Action<Point>) -> (usize, usize) {
        (m.from().index(), m.to().index())
    }

    /// Where a role is unknown, half the difference of the values.
    fn contact_gain(&self, m: Action<Point>) -> Option<i32> {
        let att = self.at(m.from())?;
        let def = self.at(m.to())?;
        let (Some(ar), Some(dr)) = (att.role, def.role) else {
            return Some(piece_value(def.role) / 2 - piece_value(att.role) / 2);
        };
        Some(
            match contact(ar, dr, self.contact_mode(), &self.rules().rules) {
                Clash::Win | Clash::Both if dr == Role::Flag => WIN,
                Clash::Win => piece_value(Some(dr)),
                Clash::Both => piece_value(Some(dr)) - piece_value(Some(ar)),
                Clash::Lose | Clash::Scout => -piece_value(Some(ar)),
                // Nothing removed: the attacker only learns what stands there.
                Clash::Bounce => 0,
            },
        )
    }

    fn outcome_for(&self, root: Team, ply: usize) -> Option<i32> {
        Some(match self.outcome()? {
            Outcome::Win { team, .. } if team == root => WIN - ply as i32,
            Outcome::Win { .. } => -WIN + ply as i32,
            Outcome::Draw { .. } => 0,
        })
    }

    fn evaluate_for(&self, root: Team, style: Style) -> i32 {
        evaluate_with(self, root, style)
    }

    /// A seat with no move is out when its turn comes (the core decides that as the game is
    /// played); here the position is judged as it stands.
    fn stuck_for(&self, root: Team, _: usize, style: Style) -> i32 {
        evaluate_with(self, root, style)
    }
}
