//! Hidden games on every board (暗棋, 四暗, 双明): what every hidden piece may be, as the core
//! reads the game's public record ([`Table`]: setup rules, moves, runs, combats, seats that
//! left, narrowed by the combats and each army's counts together), and worlds drawn from it as
//! whole assignments of the armies that agree with all of it, each role weighted by how likely
//! what the piece was seen to do is for it ([`Ground::LIKELIHOOD`]), for determinised search
//! (Perfect Information Monte Carlo: Ginsberg 2001, "GIB"; Long et al. 2010, "Understanding
//! the Success of Perfect Information Monte Carlo Sampling in Game Tree Search"). Without a
//! record, worlds come from the view alone ([`view`]).

pub mod view;

use crate::behaviour;
use crate::eval::Ground;
use junqi_core::deduce::{PieceRef, Table};
use junqi_core::seat::Seat;
use junqi_core::siguo::{Occupant, Position};
use junqi_core::{Deployment, Role, SplitMix64};

/// Every piece of the game with the roles it may have, as one seat infers them.
#[derive(Clone, Debug)]
pub struct Belief<P = junqi_core::siguo::Point> {
    table: Table<P>,
    /// The behaviour bucket of each piece, army by army as in the table's problem.
    buckets: Vec<Vec<usize>>,
}

impl<P: Ground> Belief<P> {
    /// Reads `history` from the start (every seat's 25 pieces on its setup points) and checks
    /// the result against `view`; `None` when they disagree (a position that did not start
    /// from a full setup). With `own`, the seat's own formation, its pieces are known from the
    /// start on, lost or not, and so is what they met ([`Table::read_own`]).
    pub fn infer(
        view: &Position<P>,
        history: &[junqi_core::PublicEvent<P>],
        own: Option<(Seat, &Deployment)>,
    ) -> Option<Belief<P>> {
        match own {
            Some((me, own)) => Table::read_own(view, history, me, own),
            None => Table::read(view, history),
        }
        .map(Belief::of)
    }

    /// The belief of a reading of the record (for the 2-player game: [`Table::two_player`]).
    pub fn of(table: Table<P>) -> Belief<P> {
        let mut buckets: Vec<Vec<usize>> = table
            .problem
            .armies
            .iter()
            .map(|a| vec![0; a.pieces.len()])
            .collect();
        for (i, r) in table.refs.iter().enumerate() {
            buckets[r.army][r.piece] = behaviour::bucket(table.moves[i], table.attacks[i]);
        }
        Belief { table, buckets }
    }

    /// One world consistent with the view of `me` and with this belief.
    pub fn sample(&self, view: &Position<P>, me: Seat, rng: &mut SplitMix64) -> Position<P> {
        let mut world = view.clone();
        let weight = |at: PieceRef, r: Role| {
            self.buckets
                .get(at.army)
                .and_then(|a| a.get(at.piece))
                .map_or(1, |&b| behaviour::weight(P::LIKELIHOOD, b, r))
        };
        if let Some(roles) = self.table.problem.sample_weighted(rng, &weight) {
            for (piece, r) in self.table.pieces.iter().zip(&self.table.refs) {
                let Some(p) = piece.at else { continue };
                if piece.seat == me {
                    continue;
                }
                if world
                    .at(p)
                    .is_some_and(|o| o.role.is_none() && o.seat == piece.seat)
                {
                    world.put(
                        p,
                        Occupant {
                            seat: piece.seat,
                            role: Some(roles[r.army][r.piece]),
                        },
                    );
                }
            }
        }
        // Anything left unknown (no assignment agreed: a position set up by hand) takes a role
        // from the view alone.
        if view::has_hidden(&world) {
            world = view::sample(&world, me, rng);
        }
        world
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::siguo::{random, SeatView};
    use junqi_core::deduce::role_bit as bit;
    use junqi_core::seat::PerSeat;
    use junqi_core::siguo::InfoMode;
    use junqi_core::siguo::Point;
    use junqi_core::siguo::SiguoRules;
    use junqi_core::Rules;

    /// The rule switches the belief reads: railway runs, scouting, bounces, setup.
    fn table(seed: u64) -> SiguoRules {
        let mut rules = Rules::default();
        match seed % 4 {
            1 => rules.rail_one_turn = true,
            2 => {
                rules.rail_three_steps = true;
                rules.engineer_scouts = true;
            }
            3 => {
                rules.mines_bounce = true;
                rules.bombs_front_row = true;
            }
            _ => {}
        }
        SiguoRules {
            rules,
            ..SiguoRules::default()
        }
    }

    /// Whatever the game and its switches, the truth is one of the worlds the belief allows:
    /// every standing piece's true role is in its set, for every seat's belief. And a move no
    /// other piece could make shows an engineer.
    #[test]
    fn the_truth_is_always_allowed() {
        let mut engineers_seen = 0;
        let mut narrower = 0;
        for seed in 0..12u64 {
            let rules = table(seed);
            let formations = PerSeat::new_with(|s| {
                crate::deploy::formation_for(seed * 4 + s.index() as u64, &rules.rules)
            });
            let mut truth = Position::start(rules, &formations);
            truth.settle();
            let mut history = Vec::new();
            let mut rng = SplitMix64::new(seed);
            while !truth.is_over() && truth.ply() < 300 {
                let seat = truth.turn();
                let view = SeatView::new(&truth, seat, InfoMode::FourDark);
                let belief: Belief<Point> = Belief::infer(view.position(), &history, None)
                    .unwrap_or_else(|| panic!("replay disagrees at ply {}", truth.ply()));
                // Pieces are followed in setup order, seat by seat.
                let setup: Vec<Role> = Seat::ALL
                    .into_iter()
                    .flat_map(|s| formations[s].setup_roles())
                    .map(|r| r.expect("a full formation"))
                    .collect();
                for (piece, &role) in belief.table.pieces.iter().zip(&setup) {
                    if piece.seat != seat && piece.mask == bit(Role::Engineer) {
                        engineers_seen += 1;
                    }
                    if let Some(p) = piece.at {
                        let shown = truth.at(p).and_then(|o| o.role).expect("a known piece");
                        assert_eq!(shown, role);
                        assert!(piece.mask & bit(role) != 0, "{p} is {role:?}, ruled out");
                    } else if piece.seat == seat {
                        // One's own lost pieces, narrowed to the roles lost.
                        assert!(piece.mask & bit(role) != 0, "own lost {role:?} ruled out");
                    }
                }
                // Knowing its own formation, the seat knows each of its pieces, lost or not,
                // and never less of the others'.
                let knowing: Belief<Point> =
                    Belief::infer(view.position(), &history, Some((seat, &formations[seat])))
                        .expect("the same record");
                let pairs = belief.table.pieces.iter().zip(&knowing.table.pieces);
                for ((alone, known), &role) in pairs.zip(&setup) {
                    if known.seat == seat {
                        assert_eq!(known.mask, bit(role), "own {role:?} not known");
                    } else {
                        assert!(known.mask & bit(role) != 0, "{role:?} ruled out");
                        assert_eq!(
                            known.mask & !alone.mask,
                            0,
                            "knowing more never allows more"
                        );
                        if known.mask != alone.mask {
                            narrower += 1;
                        }
                    }
                }
                let world = knowing.sample(view.position(), seat, &mut rng);
                assert!(!view::has_hidden(&world));
                let m = random(&view, rng.next_u64()).expect("a move");
                let report = truth.play(m).expect("legal");
                history.push(junqi_core::PublicEvent::from_report(
                    history.len() as u32 + 1,
                    &report,
                ));
            }
        }
        assert!(engineers_seen > 0, "no engineer was ever told by its run");
        assert!(narrower > 0, "one's own formation never told anything more");
    }
}
