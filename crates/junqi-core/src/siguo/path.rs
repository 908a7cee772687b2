//! The way a legal move goes, for drawing it and for telling players what the referee shows
//! (RULES-4P.md §6.3: the move itself, with its path on QQ-like boards).

use super::moves::Move;
use super::points::Grid;
use super::position::Position;
use crate::pointset::Set;
use crate::rail;
use crate::types::Role;

impl<P: Grid> Position<P> {
    /// The points a legal move passes, `from` and `to` included: one step, a straight run, or
    /// an engineer's shortest railway path. Empty when the move is not legal.
    pub fn path(&self, m: Move<P>) -> Vec<P> {
        if !self.is_legal(m) {
            return Vec::new();
        }
        let b = &*self.board;
        if b.step[m.from.index()].contains(m.to) {
            return vec![m.from, m.to];
        }
        let empty = !(self.occupied | self.closed);
        if let Some(path) = rail::straight_path(&b.rays, m.from, m.to, empty) {
            return path;
        }
        let role = self.at(m.from).and_then(|o| o.role);
        let engineer_like = role == Some(Role::Engineer)
            || (role == Some(Role::Bomb) && self.rules.rules.flying_bomb);
        if engineer_like {
            return self.rail_path(m.from, m.to);
        }
        if self.rules.rules.rail_one_turn {
            if let Some(path) = rail::one_turn_path(&b.rays, m.from, m.to, empty) {
                return path;
            }
        }
        Vec::new()
    }

    /// A shortest railway path from `from` to `to` through empty rail points (breadth first,
    /// neighbours in index order, so the same path every time).
    fn rail_path(&self, from: P, to: P) -> Vec<P> {
        let b = &*self.board;
        let mut parent: Vec<Option<P>> = vec![None; b.step.len()];
        let mut seen = Set::single(from);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(x) = queue.pop_front() {
            for q in b.rail_step[x.index()] {
                if seen.contains(q) {
                    continue;
                }
                seen.add(q);
                parent[q.index()] = Some(x);
                if q == to {
                    let mut out = vec![to];
                    let mut at = to;
                    while let Some(p) = parent[at.index()] {
                        out.push(p);
                        at = p;
                    }
                    out.reverse();
                    return out;
                }
                if !self.occupied.contains(q) && !self.closed.contains(q) {
                    queue.push_back(q);
                }
            }
        }
        Vec::new()
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
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let path = p.path(m);
                assert_eq!(path.first(), Some(&m.from), "{m} in {p}");
                assert_eq!(path.last(), Some(&m.to), "{m} in {p}");
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
