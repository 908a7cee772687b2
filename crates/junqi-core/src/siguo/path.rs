//! The way a legal move goes and everything it did, named for players: the route for drawing
//! it, the pieces met, removed and shown for telling each seat what the referee shows
//! (RULES-4P.md §6.3: the move itself, with its path on QQ-like boards).

use super::points::Grid;
use super::position::{Carry, Occupant, Position};
use crate::action::{Action, IllegalAction};
use crate::movement;
use crate::report::{ActionResult, Report};
use crate::types::{Piece, Role};
use crate::Clash;

impl<P: Grid> Position<P> {
    /// The points a legal move passes, `from` and `to` included: one step, a straight run, or
    /// an engineer's shortest railway path (a flip: its one point). Empty when the action is
    /// not legal.
    pub fn path(&self, action: Action<P>) -> Vec<P> {
        if !self.is_legal(action) {
            return Vec::new();
        }
        self.route(action)
    }

    /// The points `action` passes as the board stands, legal or not: a piece whose role is not
    /// known runs as any piece but an engineer; where no such way is open, straight from
    /// `from` to `to`.
    pub fn route(&self, action: Action<P>) -> Vec<P> {
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
        .unwrap_or_else(|| vec![from, to])
    }

    /// Plays a legal action of the player to act — a move of the seat to move, or in 翻棋 a
    /// flip — and names everything it did ([`Report`]). Refuses, changing nothing: a finished
    /// game, an action that is not legal, and (reasoning on a seat's view) a contact with or a
    /// flip of a piece whose identity is not known.
    pub fn play(&mut self, action: Action<P>) -> Result<Report<P>, IllegalAction<P>> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.is_legal(action) {
            return Err(IllegalAction::NotLegal(action));
        }
        let unknown = match action {
            Action::Move { to, .. } => self.at(to).is_some_and(|o| o.role.is_none()),
            Action::Flip(p) => self.at(p).is_none_or(|o| o.role.is_none()),
        };
        if unknown {
            return Err(IllegalAction::UnknownIdentity(action.to()));
        }
        Ok(self.play_named(action))
    }

    /// Is the identity on `p` known to every seat: shown by a contact, or a flag face up whose
    /// 司令 has fallen?
    pub(crate) fn known_to_all(&self, p: P) -> bool {
        self.is_public(p)
            || self.at(p).is_some_and(|o| {
                o.role == Some(Role::Flag)
                    && self.flag_shown(o.seat)
                    && !self.face_down().contains(p)
            })
    }

    /// Plays an action known to be legal (for a seat's reasoning, one whose identities make it
    /// so) and names what it did: the route, the pieces met, removed and shown.
    pub(crate) fn play_named(&mut self, action: Action<P>) -> Report<P> {
        let path = self.route(action);
        let piece = |o: Option<Occupant>| o.and_then(|o| Some(Piece::new(o.seat, o.role?)));
        let (from, to) = (action.from(), action.to());
        let attacker = piece(self.at(from));
        let defender = match action {
            Action::Move { .. } => piece(self.at(to)),
            Action::Flip(_) => None,
        };
        // What a fall may show, as it stood before: the flags of a 司令 in the contact that
        // were not known to all (in 翻棋 every piece face up is), and the flags being carried.
        let mut hidden_flags = Vec::new();
        for fallen in [attacker, defender].into_iter().flatten() {
            if fallen.role == Role::Marshal {
                let flip = self.flip_state().is_some();
                for f in self.occupied | self.face_down() {
                    let known = (flip && !self.face_down().contains(f)) || self.known_to_all(f);
                    let flag = Occupant {
                        seat: fallen.color,
                        role: Some(Role::Flag),
                    };
                    if self.at(f) == Some(flag) && !known {
                        hidden_flags.push((f, Piece::new(fallen.color, Role::Flag)));
                    }
                }
            }
        }
        let carries: Vec<Carry<P>> = self.carries().map(|(_, c)| c).collect();
        let to_known = self.known_to_all(to);

        let mut report = self.apply(action);
        report.path = path;
        report.attacker = attacker;
        report.defender = defender;
        if let Action::Flip(p) = action {
            report.result = ActionResult::Flip;
            report.attacker = piece(self.at(p));
            report.revealed.extend(report.attacker.map(|a| (p, a)));
            return report;
        }
        let (Some(att), Some(def), Some(clash)) = (attacker, defender, report.clash) else {
            return report;
        };
        report.result = ActionResult::of_contact(clash, def.role, report.carried.is_some());
        let attacker_fell = clash.attacker_removed().then_some((from, att));
        let defender_fell = clash.defender_removed().then_some((to, def));
        for (p, fallen) in [attacker_fell, defender_fell].into_iter().flatten() {
            report.removed.push((p, fallen));
            if fallen.role == Role::Marshal {
                let shown = hidden_flags.iter().filter(|(_, f)| f.color == fallen.color);
                report.revealed.extend(shown);
            }
            // A fallen carrier drops the flag back where it was taken.
            for c in carries.iter().filter(|c| c.by == fallen.color && c.at == p) {
                if let Some(flag) = piece(self.at(c.home)).filter(|f| f.role == Role::Flag) {
                    report.revealed.push((c.home, flag));
                }
            }
        }
        if clash == Clash::Win && self.at(from).is_some() {
            // A carrier beaten on the point where it took the flag: the flag is back there,
            // and the winner stays where it was.
            report.path.truncate(1);
        }
        if matches!(clash, Clash::Scout | Clash::Bounce) && !to_known {
            report.revealed.push((to, def));
        }
        if report.carried.is_some() {
            // Everyone sees the flag taken: it is carried from now on.
            report.revealed.push((to, def));
        }
        report
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
    fn a_played_move_names_its_route_the_pieces_met_removed_and_shown() {
        use crate::report::ActionResult;
        use crate::seat::Seat;
        use crate::types::{Piece, Role};
        let table = "Sb5=0F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F,Wb5=3F";
        let pt = |s: &str| s.parse::<Point>().unwrap();
        let mut p = Position::from_notation(&format!("S Sa4=0M,We3=3C,{table}")).unwrap();
        let r = p.play("Sa4-We3".parse().unwrap()).unwrap();
        assert_eq!(names(&r.path), "Sa4 Sa3 Sa2 Sa1 Sa0 We0 We1 We2 We3");
        assert_eq!(r.by, Some(Seat::S));
        assert_eq!(r.result, ActionResult::Win);
        assert_eq!(r.attacker, Some(Piece::new(Seat::S, Role::Marshal)));
        assert_eq!(r.defender, Some(Piece::new(Seat::W, Role::Captain)));
        assert_eq!(
            r.removed,
            vec![(pt("We3"), Piece::new(Seat::W, Role::Captain))]
        );
        assert!(r.revealed.is_empty());

        // A 司令 that falls shows its flag to every seat.
        let mut p = Position::from_notation(&format!("S Sa4=0M,We3=3Z,{table}")).unwrap();
        let r = p.play("Sa4-We3".parse().unwrap()).unwrap();
        assert_eq!(r.result, ActionResult::Both);
        assert_eq!(
            r.removed,
            vec![
                (pt("Sa4"), Piece::new(Seat::S, Role::Marshal)),
                (pt("We3"), Piece::new(Seat::W, Role::Bomb)),
            ]
        );
        assert_eq!(
            r.revealed,
            vec![(pt("Sb5"), Piece::new(Seat::S, Role::Flag))]
        );
        assert!(r.revealed_anything());
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
