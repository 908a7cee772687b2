//! The way a legal move goes, for drawing it and for telling players what the referee shows
//! (RULES-4P.md §6.3: the move itself, with its path on QQ-like boards).

use super::points::Grid;
use super::position::Position;
use crate::action::Action;
use crate::movement;

impl<P: Grid> Position<P> {
    /// The points a legal move passes, `from` and `to` included: one step, a straight run, or
    /// an engineer's shortest railway path (a flip: its one point). Empty when the action is
    /// not legal.
    pub fn path(&self, action: Action<P>) -> Vec<P> {
        if !self.is_legal(action) {
            return Vec::new();
        }
        let Action::Move { from, to } = action else {
            return vec![action.from()];
        };
        let role = self.at(from).and_then(|o| o.role);
        let engineer_like =
            role.is_some_and(|r| movement::runs_like_engineer(r, &self.rules.rules));
        movement::path(
            &self.board,
            &self.rules.rules,
            from,
            to,
            engineer_like,
            !(self.occupied | self.closed),
        )
        .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::points::Point;
    use super::super::rules::SiguoRules;
    use super::*;

    fn names(v: &[Point]) -> String {
        v.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn paths_of_steps_runs_and_engineers() {
        let p = Position::from_notation("S Sa4=0M,Sc4=0E,Sb5=0F,We4=1C").unwrap();
        let path = |m: &str| names(&p.path(m.parse().unwrap()));
        assert_eq!(path("Sa4-Sb3"), "Sa4 Sb3");
        assert_eq!(path("Sa4-Cnw"), "Sa4 Sa3 Sa2 Sa1 Sa0 Csw Cw Cnw");
        assert_eq!(path("Sa4-We3"), "Sa4 Sa3 Sa2 Sa1 Sa0 We0 We1 We2 We3");
        // Not legal: blocked by the E piece on We4, or not the mover's.
        assert_eq!(path("Sa4-Wd4"), "");
        assert_eq!(path("We4-We3"), "");
        // The engineer turns; with Sa4 taken it goes round by the right.
        let e = names(&p.path("Sc4-Cc".parse().unwrap()));
        assert!(e.starts_with("Sc4 Sd4 Se4") && e.ends_with("Cc"), "{e}");
    }

    #[test]
    fn every_legal_move_has_a_path_from_its_origin_to_its_target() {
        let start = Position::start_all(
            SiguoRules::default(),
            &crate::deployment::Deployment::classic_1(),
        );
        let mut p = start;
        let mut rng = crate::rng::SplitMix64::new(9);
        for _ in 0..300 {
            let moves = p.legal_actions();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let path = p.path(m);
                assert_eq!(path.first(), Some(&m.from()), "{m} in {p}");
                assert_eq!(path.last(), Some(&m.to()), "{m} in {p}");
                for w in path.windows(2) {
                    assert!(p.board().neighbours(w[0]).contains(w[1]), "{m}: {path:?}");
                }
                for q in &path[1..path.len() - 1] {
                    assert!(p.at(*q).is_none(), "{m} passes {q}");
                }
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            p.play(m).unwrap();
        }
    }
}
