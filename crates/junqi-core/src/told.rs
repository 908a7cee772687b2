//! 暗棋 on a device that knows only its own pieces (a game between two devices): a contact
//! with a hidden piece is played with the result the devices settled between them, and a side
//! with no legal action says so itself. The rules stay here; the device only brings what it
//! was told.

use crate::action::Action;
use crate::action::IllegalAction;
use crate::combat::{contact, Clash};
use crate::outcome::{ExitReason, Outcome};
use crate::position::{Occupant, Position};
use crate::rules::{Mode, Rules};
use crate::types::{Piece, Point, Role};
use crate::view::PublicEvent;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// The public result of one contact, as RULES.md §7's referee announces it in 暗棋.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Told {
    pub clash: Clash,
    /// The defender was a flag and is removed (captured, or bombed): the end of the game, or
    /// under the carrying switches a flag on its way.
    pub flag: bool,
    /// The defender's identity where the result shows it: a scout (工兵侦察) or a bounce (a
    /// landmine).
    pub shown: Option<Role>,
}

impl Told {
    /// What `attacker` against `defender` tells everybody.
    pub fn of(attacker: Role, defender: Role, mode: Mode, rules: &Rules) -> Told {
        let clash = contact(attacker, defender, mode, rules);
        Told {
            clash,
            flag: defender == Role::Flag && clash.defender_removed(),
            shown: matches!(clash, Clash::Scout | Clash::Bounce).then_some(defender),
        }
    }
}

/// The roles a hidden piece may stand in as, the Field Marshal last: a stand-in marshal that
/// falls would show its flag, which only its owner can do.
const STAND_INS: [Role; 12] = [
    Role::Flag,
    Role::Landmine,
    Role::Engineer,
    Role::Lieutenant,
    Role::Captain,
    Role::Major,
    Role::Colonel,
    Role::Brigadier,
    Role::MajorGeneral,
    Role::General,
    Role::Bomb,
    Role::Marshal,
];

impl Position {
    /// Plays `action` on a position that does not know the other side's pieces (a device in
    /// a game between two devices), with `told`, the result the devices settled, for a
    /// contact with a hidden piece. A hidden piece moves as widely as any piece may (as an
    /// engineer); one in a contact plays as a role that gives exactly the result told. Every
    /// rule of the action — removals, a flag taken or carried, the counters, the end of the
    /// game — is the one [`Position::play`] applies; a hidden piece that survives, and was not
    /// shown, is hidden again, so the position learns no more than the result says. A contact
    /// between two known pieces is worked out, and `told`, if given, must agree.
    ///
    /// Refused, changing nothing: a finished game, an action no identity makes legal, a
    /// contact with a hidden piece without `told` or `told` without a contact, and a result
    /// no hidden identity can give ([`IllegalAction::Impossible`]).
    pub fn play_seen(
        &mut self,
        action: Action,
        told: Option<Told>,
    ) -> Result<PublicEvent, IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        let Action::Move { from, to } = action else {
            return Err(IllegalAction::NotLegal(action));
        };
        let (mut trial, hidden) = self.hidden_as_engineers();
        if !trial.is_legal(action) {
            return Err(IllegalAction::NotLegal(action));
        }
        let (Some(att), def) = (self.at(from), self.at(to)) else {
            return Err(IllegalAction::NotLegal(action));
        };
        let (mode, rules) = (self.mode(), *self.rules());
        let fits = |a: Role, d: Role| told == Some(Told::of(a, d, mode, &rules));
        // The hidden piece of a contact stands in, on `at`, as the first role `gives` accepts.
        let stand_in =
            |trial: &mut Position, at: Point, hidden: Occupant, gives: &dyn Fn(Role) -> bool| {
                let r = STAND_INS.into_iter().find(|&r| gives(r));
                let r = r.ok_or(IllegalAction::Impossible(action))?;
                let c = hidden.color.ok_or(IllegalAction::NotLegal(action))?;
                trial.put(at, Occupant::known(Piece::new(c, r)));
                Ok(())
            };
        match (att.role, def.and_then(|d| d.role), def, told) {
            (_, _, None, None) => {}
            (Some(a), Some(d), Some(_), _) => {
                if told.is_some() && !fits(a, d) {
                    return Err(IllegalAction::Impossible(action));
                }
            }
            (Some(a), None, Some(d), Some(_)) => stand_in(&mut trial, to, d, &|r| fits(a, r))?,
            (None, Some(d), Some(_), Some(_)) => {
                stand_in(&mut trial, from, att, &|r| r.is_movable() && fits(r, d))?
            }
            _ => return Err(IllegalAction::NotLegal(action)),
        }
        let ply = trial.ply();
        let report = trial.play_named(action);
        // Hide again what stands where a hidden piece stood or went, unless it was shown; a
        // hidden attacker that bounced is back where it came from.
        let hide = |pos: &mut Position, p: Point, c: Seat| {
            if pos.at(p).is_some_and(|o| o.color == Some(c)) && !pos.is_public(p) {
                let unknown = Occupant {
                    color: Some(c),
                    role: None,
                    face_down: false,
                };
                pos.put(p, unknown);
            }
        };
        for &(p, c) in &hidden {
            hide(&mut trial, if p == from { to } else { p }, c);
            if p == from {
                hide(&mut trial, from, c);
            }
        }
        *self = trial;
        Ok(PublicEvent::from_report(ply, &report))
    }

    /// The side to move loses its turn to the per-move timer ([`Position::miss_turn`]) on a
    /// device that does not see the other side's pieces: whether the game ends is worked out as
    /// in [`Position::play_seen`], the hidden pieces standing in as engineers, so that a side is
    /// never taken to be stuck for want of knowing its pieces.
    pub fn miss_turn_seen(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        let (mut trial, hidden) = self.hidden_as_engineers();
        let outcome = trial.miss_turn()?;
        for (p, c) in hidden {
            let unknown = Occupant {
                color: Some(c),
                role: None,
                face_down: false,
            };
            trial.put(p, unknown);
        }
        *self = trial;
        Ok(outcome)
    }

    /// Is `action` legal for some identity of the hidden pieces ([`Position::play_seen`])?
    pub fn is_legal_seen(&self, action: Action) -> bool {
        !self.is_over() && self.hidden_as_engineers().0.is_legal(action)
    }

    /// This position with every hidden piece standing in as an engineer (the widest mover),
    /// and where the hidden pieces are.
    fn hidden_as_engineers(&self) -> (Position, Vec<(Point, Seat)>) {
        let hidden: Vec<(Point, Seat)> = self
            .occupied()
            .iter()
            .filter_map(|p| {
                let o = self.at(p)?;
                (o.role.is_none() && !o.face_down).then_some((p, o.color?))
            })
            .collect();
        let mut trial = self.clone();
        for &(p, c) in &hidden {
            trial.put(p, Occupant::known(Piece::new(c, Role::Engineer)));
        }
        (trial, hidden)
    }

    /// The side to move, `color`, says it has no legal action and loses (RULES.md §6): how a
    /// device that cannot see that side's pieces hears of it. The claim is the claimant's to
    /// prove; the end of a game between two devices checks it against the opened formations.
    pub fn concede_no_move(&mut self, color: Seat) -> Result<Outcome, IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        if self.turn() != Some(color) {
            return Err(IllegalAction::NotYourTurn);
        }
        let outcome = Outcome::won_by(self.opponent(color), ExitReason::NoLegalMove);
        self.set_outcome(Some(outcome));
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Deployment;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// Red's device in 暗棋 from the classic start: its own pieces known, Black's hidden.
    fn red_device(rules: Rules) -> (Position, Position) {
        let red: Deployment = crate::deployment::CLASSIC_1.parse().unwrap();
        let black: Deployment = crate::deployment::CLASSIC_2.parse().unwrap();
        let full = Position::from_deployments(Mode::Dark, rules, &red, &black).unwrap();
        let mine = full.view(Some(Seat::RED)).to_position();
        (full, mine)
    }

    /// Every contact the referee plays, a device told its result plays to the same board,
    /// counters and outcome, with the other side's surviving pieces still hidden.
    #[test]
    fn a_told_contact_matches_the_referee() {
        let switches = [
            Rules::default(),
            Rules {
                engineer_scouts: true,
                ..Rules::default()
            },
            Rules {
                mines_bounce: true,
                marshal_survives_mine: true,
                ..Rules::default()
            },
            Rules {
                mines_explode: true,
                bomb_cannot_take_flag: true,
                flying_bomb: true,
                ..Rules::default()
            },
            Rules {
                carry_flag_home: true,
                hq_exit: true,
                ..Rules::default()
            },
            Rules {
                no_collision_31: true,
                ..Rules::default()
            },
        ];
        for (k, rules) in switches.into_iter().enumerate() {
            let contacts: usize = (0..4)
                .map(|seed| plays_like_the_referee(rules, 10 * k as u64 + seed))
                .sum();
            assert!(contacts > 10, "{rules:?}: {contacts} contacts");
        }
    }

    /// Plays one random game on the referee and on Red's device; the contacts told.
    fn plays_like_the_referee(rules: Rules, seed: u64) -> usize {
        let (mut full, mut mine) = red_device(rules);
        let mut seen = 0;
        let mut rng = crate::SplitMix64::new(seed);
        for _ in 0..400 {
            if full.is_over() {
                break;
            }
            let actions = full.legal_actions();
            let a = actions[(rng.next_u64() % actions.len() as u64) as usize];
            let Action::Move { from, to } = a else {
                unreachable!()
            };
            let contact = full.at(to).is_some();
            let told = full
                .piece_at(from)
                .zip(full.piece_at(to))
                .map(|(x, y)| Told::of(x.role, y.role, full.mode(), full.rules()));
            let report = full.play(a).unwrap();
            let both_known = mine.at(from).and_then(|o| o.role).is_some()
                && mine.at(to).and_then(|o| o.role).is_some();
            let event = match told {
                Some(told) if contact && !both_known => {
                    seen += 1;
                    mine.play_seen(a, Some(told)).unwrap()
                }
                _ => mine.play_seen(a, None).unwrap(),
            };
            assert_eq!(event.removed, PublicEvent::from_report(0, &report).removed);
            // The flag a fallen Field Marshal shows is its owner's to say on a device.
            for (p, piece) in &report.revealed {
                if piece.color == Seat::BLACK || report.result == ActionResult::Capture {
                    mine.put(*p, Occupant::known(*piece));
                    mine.make_public(*p);
                }
            }
            // A side stuck says so: Black's pieces move as widely as any on Red's device.
            if full.outcome() == Some(Outcome::won_by(Seat::RED, ExitReason::NoLegalMove)) {
                mine.concede_no_move(Seat::BLACK).unwrap();
            }
            assert_eq!(mine.turn(), full.turn());
            assert_eq!(mine.halfmoves(), full.halfmoves());
            assert_eq!(mine.outcome(), full.outcome());
            for p in Point::all() {
                let (m, f) = (mine.at(p), full.at(p));
                assert_eq!(m.map(|o| o.color), f.map(|o| o.color), "{p}");
                if f.is_some_and(|o| o.color == Some(Seat::RED)) {
                    assert_eq!(m, f, "{p}");
                } else if m.and_then(|o| o.role).is_some() {
                    assert_eq!(m, f, "{p}");
                    assert!(full.is_public(p), "{p} known but not public");
                }
            }
        }
        seen
    }

    #[test]
    fn a_result_no_identity_gives_is_refused() {
        let (_, mut mine) = red_device(Rules::default());
        let mut p = Position::empty(Mode::Dark, Rules::default());
        let red = |r| Occupant::known(crate::Piece::new(Seat::RED, r));
        p.put(pt("b1"), red(Role::Flag));
        p.put(
            pt("b12"),
            Occupant::known(crate::Piece::new(Seat::BLACK, Role::Flag)),
        );
        p.put(pt("c6"), red(Role::Engineer));
        let hidden = Occupant {
            color: Some(Seat::BLACK),
            role: None,
            face_down: false,
        };
        p.put(pt("c7"), hidden);
        p.set_turn(Some(Seat::RED));
        let a: Action = "c6-c7".parse().unwrap();
        // An engineer wins, without taking a flag, only against a landmine.
        let won = Told {
            clash: Clash::Win,
            flag: false,
            shown: None,
        };
        let mut q = p.clone();
        let event = q.play_seen(a, Some(won)).unwrap();
        assert_eq!(event.removed, vec![pt("c7")]);
        assert_eq!(q.at(pt("c7")), Some(red(Role::Engineer)));
        // A bounce is no result any identity gives without the bouncing switches.
        let bounce = Told {
            clash: Clash::Bounce,
            flag: false,
            shown: Some(Role::Landmine),
        };
        let mut q = p.clone();
        assert_eq!(
            q.play_seen(a, Some(bounce)),
            Err(IllegalAction::Impossible(a))
        );
        assert_eq!(q, p, "a refused result changes nothing");
        // A lost attack leaves the defender hidden.
        let lost = Told {
            clash: Clash::Lose,
            flag: false,
            shown: None,
        };
        let mut q = p.clone();
        q.play_seen(a, Some(lost)).unwrap();
        assert_eq!(q.at(pt("c7")), Some(hidden));
        assert_eq!(q.at(pt("c6")), None);
        // A contact without its result, and a result without a contact.
        assert!(p.clone().play_seen(a, None).is_err());
        assert!(mine.play_seen("a6-b5".parse().unwrap(), Some(won)).is_err());
    }

    #[test]
    fn a_claim_of_no_move_ends_the_game_for_the_side_to_move_only() {
        let (_, mut mine) = red_device(Rules::default());
        assert_eq!(
            mine.concede_no_move(Seat::BLACK),
            Err(IllegalAction::NotYourTurn)
        );
        assert_eq!(
            mine.concede_no_move(Seat::RED),
            Ok(Outcome::won_by(Seat::BLACK, ExitReason::NoLegalMove))
        );
        assert_eq!(
            mine.concede_no_move(Seat::RED),
            Err(IllegalAction::GameOver)
        );
    }

    use crate::ActionResult;
}
