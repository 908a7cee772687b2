//! The coach of a 明棋 game: before a move is played, whether it throws something away — the
//! piece walks into one that beats it, it leaves a piece the enemy takes for nothing, or it
//! leaves the flag to be taken next move. It reads the player's own view (in 明棋 every piece
//! is known) and asks the rules core what each move does; it restates no rule.

use crate::eval::base_value;
use junqi_core::{Action, ActionResult, Mode, PlayerView, Point, Position, Role, Seat};

/// What the coach warns of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// After the move the enemy takes the flag next move.
    FlagOpen,
    /// The move itself loses the piece (to a higher rank).
    Loses,
    /// The move trades the piece for a lesser one: both go (a landmine, a low piece bombed).
    Trades,
    /// After the move the enemy takes a piece for nothing: nothing can take it back.
    Hangs,
}

/// The coach's warning: `piece` (the player's: the flag for [`Kind::FlagOpen`]) and the enemy
/// piece `by`; the board's arrow goes from `from` to `at` — the enemy's strike at the piece
/// or the flag, or for [`Kind::Loses`] the move itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub kind: Kind,
    pub piece: Role,
    pub by: Role,
    pub from: Point,
    pub at: Point,
}

/// The coach's warning for `action` in `view`, or `None` when the move gives nothing away
/// (or the view is not a 明棋 view of the player to move, where the coach has nothing to say).
pub fn warn(view: &PlayerView, action: Action) -> Option<Warning> {
    let me = view.me?;
    if view.mode != Mode::Open || view.turn != Some(me) || view.outcome.is_some() {
        return None;
    }
    // In 明棋 every identity is known; anything unknown and the coach keeps quiet.
    if view.cells.iter().flatten().any(|o| o.role.is_none()) {
        return None;
    }
    let enemy = me.other_side();
    let mut after = view.to_position();
    let report = after.play(action).ok()?;
    if after
        .outcome()
        .is_some_and(|o| o.winning_seat() == Some(me))
    {
        return None;
    }
    let gained = match report.result {
        ActionResult::Win | ActionResult::Both => report.defender.map_or(0, |d| base_value(d.role)),
        _ => 0,
    };
    // The flag first: losing it ends the game.
    if let Some(w) = flag_threat(&after) {
        return Some(w);
    }
    let poor_trade = report.result == ActionResult::Both
        && report
            .attacker
            .zip(report.defender)
            .is_some_and(|(a, d)| base_value(a.role) > base_value(d.role));
    if report.result == ActionResult::Lose || poor_trade {
        return Some(Warning {
            kind: if poor_trade {
                Kind::Trades
            } else {
                Kind::Loses
            },
            piece: report.attacker?.role,
            by: report.defender?.role,
            from: action.from(),
            at: action.to(),
        });
    }
    // Pieces the enemy could take for nothing after the move, and not before it (a piece
    // already hanging is the move's concern only when it is the one that moved).
    let mut waiting = view.clone();
    waiting.turn = Some(enemy);
    let was_hanging = hanging(&waiting.to_position(), me);
    let moved_to = action.to();
    hanging(&after, me)
        .into_iter()
        .filter(|h| h.at == moved_to || !was_hanging.iter().any(|w| w.at == h.at))
        .max_by_key(|h| base_value(h.piece))
        .filter(|worst| base_value(worst.piece) > gained)
}

/// The enemy's move that takes the flag next in `pos` (enemy to move).
fn flag_threat(pos: &Position) -> Option<Warning> {
    pos.legal_actions().into_iter().find_map(|a| {
        let r = pos.clone().play(a).ok()?;
        (r.result == ActionResult::Capture).then_some(Warning {
            kind: Kind::FlagOpen,
            piece: Role::Flag,
            by: r.attacker?.role,
            from: a.from(),
            at: a.to(),
        })
    })
}

/// `me`'s pieces that the enemy, to move in `pos`, takes with a piece that survives and that
/// `me` cannot take back at once (with a win or a trade), as [`Kind::Hangs`] warnings. The
/// flag and the landmines, which never move, are left out: the flag is [`flag_threat`]'s, and
/// a mine is there to be hit.
fn hanging(pos: &Position, me: Seat) -> Vec<Warning> {
    let mut out: Vec<Warning> = Vec::new();
    for a in pos.legal_actions() {
        let Action::Move { from, to } = a else {
            continue;
        };
        let Some(target) = pos.piece_at(to).filter(|p| p.color == me) else {
            continue;
        };
        if matches!(target.role, Role::Flag | Role::Landmine) || out.iter().any(|h| h.at == to) {
            continue;
        }
        let mut next = pos.clone();
        let Ok(r) = next.play(a) else {
            continue;
        };
        let Some(by) = r.attacker.filter(|_| r.result == ActionResult::Win) else {
            continue;
        };
        let back = next.legal_actions().into_iter().any(|b| {
            b.to() == to && {
                let mut again = next.clone();
                again
                    .play(b)
                    .is_ok_and(|r| matches!(r.result, ActionResult::Win | ActionResult::Both))
            }
        });
        if !back {
            out.push(Warning {
                kind: Kind::Hangs,
                piece: target.role,
                by: by.role,
                from,
                at: to,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Occupant, Piece, Rules};

    /// A 明棋 position from `point:letter` items (Red to move), seen by Red.
    fn view(items: &str) -> PlayerView {
        let mut pos = Position::empty(Mode::Open, Rules::default());
        for item in items.split_whitespace() {
            let (at, letter) = item.split_once(':').unwrap();
            let piece = Piece::from_char(letter.chars().next().unwrap()).unwrap();
            pos.put(at.parse().unwrap(), Occupant::known(piece));
        }
        let pos = Position::from_jfen(&format!("{} r 0 1", pos.board_fen())).unwrap();
        pos.view(Some(Seat::RED))
    }

    fn mv(s: &str) -> Action {
        s.parse().unwrap()
    }

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn warning(kind: Kind, piece: Role, by: Role, from: &str, at: &str) -> Option<Warning> {
        Some(Warning {
            kind,
            piece,
            by,
            from: pt(from),
            at: pt(at),
        })
    }

    #[test]
    fn a_piece_left_to_a_higher_rank_or_thrown_at_it() {
        // The 师长 steps in front of the enemy 军长, which takes it.
        let v = view("c5:D c7:g b1:F e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("c5-c6")),
            warning(Kind::Hangs, Role::MajorGeneral, Role::General, "c7", "c6")
        );
        // The 师长 attacks the 军长 and loses.
        let v = view("c6:D c7:g b1:F e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("c6-c7")),
            warning(Kind::Loses, Role::MajorGeneral, Role::General, "c6", "c7")
        );
        // Into a landmine (which stays, by default); bombing a 排长: both go, a poor trade.
        // Equal ranks are even.
        let v = view("c6:D c7:l b1:F e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("c6-c7")),
            warning(Kind::Loses, Role::MajorGeneral, Role::Landmine, "c6", "c7")
        );
        let v = view("c6:Z c7:p b1:F e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("c6-c7")),
            warning(Kind::Trades, Role::Bomb, Role::Lieutenant, "c6", "c7")
        );
        let v = view("c6:D c7:d b1:F e4:C d12:f e12:p");
        assert_eq!(warn(&v, mv("c6-c7")), None);
        // Taking a lower rank is fine.
        let v = view("c6:G c7:d b1:F e4:C d12:f e12:p");
        assert_eq!(warn(&v, mv("c6-c7")), None);
    }

    #[test]
    fn a_piece_that_can_be_taken_back_or_was_worth_it_is_not_hanging() {
        // The 师长 steps in front of the 军长, but the 司令 beside it on the rail takes the
        // 军长 back.
        let v = view("c5:D b6:M c7:g b1:F e4:C d12:f e12:p");
        assert_eq!(warn(&v, mv("c5-c6")), None);
        // A 团长 takes a 营长 and is then taken by the 旅长 behind it, with nothing to take it
        // back: a 团长 for a 营长, so the coach speaks.
        let v = view("c6:R c7:n c8:b b1:F e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("c6-c7")),
            warning(Kind::Hangs, Role::Colonel, Role::Brigadier, "c8", "c7")
        );
        // A 炸弹 goes with the 司令 it hits (a trade): nothing is left to hang.
        let v = view("c6:Z c7:m c8:g b1:F e4:C d12:f e12:p");
        assert_eq!(warn(&v, mv("c6-c7")), None);
    }

    #[test]
    fn a_move_that_leaves_the_flag_to_be_taken_is_named_first() {
        // The black 军长 on b2 stands next to the flag: a quiet move elsewhere lets it take the
        // flag, the 司令's capture of it does not.
        let v = view("b2:g b3:M b1:F a1:L c1:L e4:C d12:f e12:p");
        assert_eq!(
            warn(&v, mv("e4-e3")),
            warning(Kind::FlagOpen, Role::Flag, Role::General, "b2", "b1")
        );
        assert_eq!(warn(&v, mv("b3-b2")), None);
    }

    #[test]
    fn quiet_moves_and_other_modes_say_nothing() {
        let v = view("a1:E c7:g b1:F e4:C d12:f e12:p");
        assert_eq!(warn(&v, mv("a1-a2")), None);
        let mut dark = v.clone();
        dark.mode = Mode::Dark;
        assert_eq!(warn(&dark, mv("a1-a2")), None);
    }
}
