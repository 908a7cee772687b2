//! Combat (碰子, RULES.md §5) as one total function.

use crate::rules::Rules;
use crate::types::Role;
use serde::{Deserialize, Serialize};

/// The result of one piece attacking another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Clash {
    /// The defender is removed and the attacker takes its point (a flag so taken is captured).
    Win,
    /// The attacker is removed; the defender stays.
    Lose,
    /// Both are removed (a flag so removed counts as captured).
    Both,
    /// 工兵侦察: the engineer is removed and the defender, which stays, is shown to both players.
    Scout,
    /// 反弹 / 司令不撞地雷: the attacker goes back to where it came from; nothing is removed and
    /// the landmine is shown to both players.
    Bounce,
}

impl Clash {
    pub fn attacker_removed(self) -> bool {
        matches!(self, Clash::Lose | Clash::Both | Clash::Scout)
    }

    pub fn defender_removed(self) -> bool {
        matches!(self, Clash::Win | Clash::Both)
    }
}

/// What happens when `attacker` moves onto `defender` in a game of `mode` under `rules`: [`clash`]
/// with every switch of the game applied (scouting in 暗棋 only; a bomb that may not take the
/// flag is spent against it). The referee, the computer players and any preview of a contact use
/// this one function.
pub fn contact(attacker: Role, defender: Role, mode: crate::Mode, rules: &Rules) -> Clash {
    let scouting = rules.engineer_scouts && mode == crate::Mode::Dark;
    if rules.bomb_cannot_take_flag && attacker == Role::Bomb && defender == Role::Flag {
        return Clash::Lose;
    }
    clash(attacker, defender, rules, scouting)
}

/// What happens when `attacker` attacks `defender`.
///
/// `scouting` says whether the engineer-scouts switch is in force here (it applies in 暗棋).
/// Roles that never move (flag, landmine) cannot attack; asked anyway, they lose.
pub fn clash(attacker: Role, defender: Role, rules: &Rules, scouting: bool) -> Clash {
    use Role::*;
    if matches!(attacker, Flag | Landmine) {
        return Clash::Lose;
    }
    // Scouting is about finding out what an enemy piece is: an engineer still clears a
    // landmine and still captures the flag.
    if scouting && attacker == Engineer && !matches!(defender, Landmine | Flag) {
        return Clash::Scout;
    }
    if defender == Landmine
        && ((rules.marshal_survives_mine && attacker == Marshal)
            || (rules.mines_bounce && !matches!(attacker, Engineer | Bomb)))
    {
        return Clash::Bounce;
    }
    match (attacker, defender) {
        (Bomb, _) | (_, Bomb) => Clash::Both,
        (Engineer, Landmine) => Clash::Win,
        (_, Landmine) if rules.mines_explode => Clash::Both,
        (_, Landmine) => Clash::Lose,
        (_, Flag) => Clash::Win,
        (a, d) => match (a.rank(), d.rank()) {
            (Some(ra), Some(rd)) if ra > rd => Clash::Win,
            (Some(ra), Some(rd)) if ra < rd => Clash::Lose,
            _ => Clash::Both,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::*;

    /// RULES.md §5, every attacker against every defender.
    #[test]
    fn clash_table_exhaustive() {
        let rules = Rules::default();
        for a in Role::ALL {
            for d in Role::ALL {
                let got = clash(a, d, &rules, false);
                let want = match (a, d) {
                    (Flag | Landmine, _) => Clash::Lose,
                    (Bomb, _) => Clash::Both,
                    (_, Bomb) => Clash::Both,
                    (Engineer, Landmine) => Clash::Win,
                    (_, Landmine) => Clash::Lose,
                    (_, Flag) => Clash::Win,
                    _ => {
                        let (ra, rd) = (a.rank().unwrap(), d.rank().unwrap());
                        if ra > rd {
                            Clash::Win
                        } else if ra < rd {
                            Clash::Lose
                        } else {
                            Clash::Both
                        }
                    }
                };
                assert_eq!(got, want, "{a:?} attacks {d:?}");
            }
        }
        assert_eq!(clash(Marshal, General, &rules, false), Clash::Win);
        assert_eq!(clash(Engineer, Lieutenant, &rules, false), Clash::Lose);
        assert_eq!(clash(Engineer, Engineer, &rules, false), Clash::Both);
        assert_eq!(clash(Marshal, Landmine, &rules, false), Clash::Lose);
        assert_eq!(clash(Bomb, Flag, &rules, false), Clash::Both);
        assert_eq!(clash(Bomb, Landmine, &rules, false), Clash::Both);
    }

    #[test]
    fn mines_explode_switch() {
        let rules = Rules {
            mines_explode: true,
            ..Rules::default()
        };
        assert_eq!(clash(Marshal, Landmine, &rules, false), Clash::Both);
        assert_eq!(clash(Lieutenant, Landmine, &rules, false), Clash::Both);
        assert_eq!(clash(Engineer, Landmine, &rules, false), Clash::Win);
        assert_eq!(clash(Bomb, Landmine, &rules, false), Clash::Both);
    }

    #[test]
    fn engineer_scouts_switch() {
        let rules = Rules {
            engineer_scouts: true,
            ..Rules::default()
        };
        assert_eq!(clash(Engineer, Marshal, &rules, true), Clash::Scout);
        assert_eq!(clash(Engineer, Bomb, &rules, true), Clash::Scout);
        assert_eq!(clash(Engineer, Landmine, &rules, true), Clash::Win);
        assert_eq!(clash(Marshal, Engineer, &rules, true), Clash::Win);
        assert_eq!(clash(Engineer, Marshal, &rules, false), Clash::Lose);
    }
}

#[cfg(test)]
mod contact_tests {
    use super::*;
    use crate::Mode;

    #[test]
    fn contact_applies_the_switches_of_the_game() {
        let mut rules = Rules {
            engineer_scouts: true,
            ..Rules::default()
        };
        // Scouting is a 暗棋 rule only.
        assert_eq!(
            contact(Role::Engineer, Role::Marshal, Mode::Dark, &rules),
            Clash::Scout
        );
        assert_eq!(
            contact(Role::Engineer, Role::Marshal, Mode::Open, &rules),
            Clash::Lose
        );
        assert_eq!(
            contact(Role::Engineer, Role::Landmine, Mode::Dark, &rules),
            Clash::Win
        );
        // A bomb that may not take the flag is spent against it.
        assert_eq!(
            contact(Role::Bomb, Role::Flag, Mode::Dark, &rules),
            Clash::Both
        );
        rules.bomb_cannot_take_flag = true;
        assert_eq!(
            contact(Role::Bomb, Role::Flag, Mode::Dark, &rules),
            Clash::Lose
        );
        assert_eq!(
            contact(Role::Bomb, Role::Marshal, Mode::Dark, &rules),
            Clash::Both
        );
    }
}
