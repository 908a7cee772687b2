//! How a game ends, on every board and at every table: one team wins (the others are out), or
//! the game is drawn.
//!
//! The two boards' saved forms stay as they were: a 2-player record names the winner `r` or
//! `b` and a few draws by their old words ([`facing`]), a cross-board record names the winning
//! team by number ([`cross`]). Neither form is this type's own, so a field that keeps an
//! outcome says which one it writes.

use crate::seat::{rb, Seat, Seating, Team};
use serde::{Deserialize, Serialize};

/// Why a seat left the game — for the last seat of a losing team, why the other team won
/// (RULES.md §6, RULES-4P.md §6.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExitReason {
    /// Its flag was captured, bombed or carried home.
    FlagCaptured,
    /// It had no legal move when its turn came.
    NoLegalMove,
    Resignation,
    /// Its clock ran out (or it missed too many turns).
    Timeout,
    /// `no_collision_31`: it was to move after 31 plies without an attack.
    NoContact,
}

/// Why the game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// 70 plies without a capture.
    NoCapture,
    /// `no_move_draw` on the 2-player board, [`crate::siguo::WipeOut::Draw`] on the cross: one
    /// action left no side able to move.
    MutualWipeOut,
    /// Every player still in agreed to a draw.
    Agreed,
    /// `ply_limit` plies were played.
    PlyLimit,
    /// `dead_position_draw`: nobody can ever take a flag or remove a piece again
    /// (docs/rules-variants.md says how this is decided).
    DeadPosition,
    /// A position given with no flag on the board.
    NoFlags,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Every seat of every other team is out; `reason` is how the last of them left.
    Win {
        team: Team,
        reason: ExitReason,
    },
    Draw {
        reason: DrawReason,
    },
}

impl Outcome {
    /// The 2-player game's win of `seat` (each seat its own team).
    pub fn won_by(seat: Seat, reason: ExitReason) -> Outcome {
        Outcome::Win {
            team: Seating::two().team(seat),
            reason,
        }
    }

    /// The winning team.
    pub fn winner(self) -> Option<Team> {
        match self {
            Outcome::Win { team, .. } => Some(team),
            Outcome::Draw { .. } => None,
        }
    }

    /// The first seat of the winning team: the winner himself where each plays for himself,
    /// as at the 2-player table (Red or Black).
    pub fn winning_seat(self) -> Option<Seat> {
        self.winner().and_then(|t| Seat::new(t.index()))
    }

    /// The result with its team named at `seating`'s table: `red wins (flag captured)` and
    /// `draw (70 plies without a capture)` at the 2-player table, `S+N win (FlagCaptured)`,
    /// `E wins (NoLegalMove)` and `draw (NoCapture)` on the cross board.
    pub fn describe(&self, seating: &Seating) -> String {
        if seating.count() == 2 {
            return match self {
                Outcome::Win { team, reason } => {
                    let why = match reason {
                        ExitReason::FlagCaptured => "flag captured",
                        ExitReason::NoLegalMove => "no legal move",
                        ExitReason::NoContact => "31 plies without contact",
                        ExitReason::Resignation => "resignation",
                        ExitReason::Timeout => "time",
                    };
                    format!("{} wins ({why})", seating.team_name(*team))
                }
                Outcome::Draw { reason } => {
                    let why = match reason {
                        DrawReason::NoCapture => "70 plies without a capture",
                        DrawReason::Agreed => "agreement",
                        DrawReason::NoFlags => "no flags",
                        DrawReason::MutualWipeOut => "neither side can move",
                        DrawReason::DeadPosition => "neither side can win any more",
                        DrawReason::PlyLimit => "ply limit reached",
                    };
                    format!("draw ({why})")
                }
            };
        }
        match self {
            Outcome::Win { team, reason } => {
                let name = seating.team_name(*team);
                let verb = if seating.members(*team).count() == 1 {
                    "wins"
                } else {
                    "win"
                };
                format!("{name} {verb} ({reason:?})")
            }
            Outcome::Draw { reason } => format!("draw ({reason:?})"),
        }
    }
}

/// A module's `serialize` and `deserialize` (and its `opt` module's, for an optional outcome)
/// through its `Form`, a board's saved shape of an outcome.
macro_rules! through_form {
    () => {
        pub fn serialize<S: serde::Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
            Form::from(*o).serialize(s)
        }

        pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
            Form::deserialize(d).map(Outcome::from)
        }

        /// The same for an optional outcome (`null` for none).
        pub mod opt {
            use super::{Form, Outcome};
            use serde::{Deserialize, Deserializer, Serialize, Serializer};

            pub fn serialize<S: Serializer>(o: &Option<Outcome>, s: S) -> Result<S::Ok, S::Error> {
                o.map(Form::from).serialize(s)
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(
                d: D,
            ) -> Result<Option<Outcome>, D::Error> {
                Ok(Option::<Form>::deserialize(d)?.map(Outcome::from))
            }
        }
    };
}

/// An outcome as the 2-player records, saves and messages have always written it:
/// `{"result": "win", "winner": "r", "reason": "flag_captured"}` or
/// `{"result": "draw", "reason": "no_moves"}`. For `#[serde(with = "outcome::facing")]`;
/// [`facing::opt`] for an optional one.
pub mod facing {
    use super::*;

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub(super) enum Draw {
        NoCapture,
        Agreement,
        NoFlags,
        NoMoves,
        DeadPosition,
        PlyLimit,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "result", rename_all = "snake_case")]
    pub(super) enum Form {
        Win {
            #[serde(with = "rb")]
            winner: Seat,
            reason: ExitReason,
        },
        Draw {
            reason: Draw,
        },
    }

    impl From<Outcome> for Form {
        fn from(o: Outcome) -> Form {
            match o {
                Outcome::Win { team, reason } => Form::Win {
                    winner: Seat::new(team.index()).unwrap_or(Seat::RED),
                    reason,
                },
                Outcome::Draw { reason } => Form::Draw {
                    reason: match reason {
                        DrawReason::NoCapture => Draw::NoCapture,
                        DrawReason::Agreed => Draw::Agreement,
                        DrawReason::NoFlags => Draw::NoFlags,
                        DrawReason::MutualWipeOut => Draw::NoMoves,
                        DrawReason::DeadPosition => Draw::DeadPosition,
                        DrawReason::PlyLimit => Draw::PlyLimit,
                    },
                },
            }
        }
    }

    impl From<Form> for Outcome {
        fn from(f: Form) -> Outcome {
            match f {
                Form::Win { winner, reason } => Outcome::won_by(winner, reason),
                Form::Draw { reason } => Outcome::Draw {
                    reason: match reason {
                        Draw::NoCapture => DrawReason::NoCapture,
                        Draw::Agreement => DrawReason::Agreed,
                        Draw::NoFlags => DrawReason::NoFlags,
                        Draw::NoMoves => DrawReason::MutualWipeOut,
                        Draw::DeadPosition => DrawReason::DeadPosition,
                        Draw::PlyLimit => DrawReason::PlyLimit,
                    },
                },
            }
        }
    }

    through_form!();
}

/// An outcome as the cross board's records and saves write it:
/// `{"result": "win", "team": 0, "reason": "flag_captured"}` or
/// `{"result": "draw", "reason": "mutual_wipe_out"}`. For `#[serde(with = "outcome::cross")]`;
/// [`cross::opt`] for an optional one.
pub mod cross {
    use super::*;

    #[derive(Serialize, Deserialize)]
    #[serde(tag = "result", rename_all = "snake_case")]
    pub(super) enum Form {
        Win { team: Team, reason: ExitReason },
        Draw { reason: DrawReason },
    }

    impl From<Outcome> for Form {
        fn from(o: Outcome) -> Form {
            match o {
                Outcome::Win { team, reason } => Form::Win { team, reason },
                Outcome::Draw { reason } => Form::Draw { reason },
            }
        }
    }

    impl From<Form> for Outcome {
        fn from(f: Form) -> Outcome {
            match f {
                Form::Win { team, reason } => Outcome::Win { team, reason },
                Form::Draw { reason } => Outcome::Draw { reason },
            }
        }
    }

    through_form!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Facing(#[serde(with = "facing")] Outcome);

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Cross(#[serde(with = "cross")] Outcome);

    /// Each board keeps the words its saves and records were written in.
    #[test]
    fn each_board_writes_its_old_form_and_reads_it_back() {
        let cases = [
            (
                Outcome::won_by(Seat::BLACK, ExitReason::Timeout),
                r#"{"result":"win","winner":"b","reason":"timeout"}"#,
                r#"{"result":"win","team":1,"reason":"timeout"}"#,
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::MutualWipeOut,
                },
                r#"{"result":"draw","reason":"no_moves"}"#,
                r#"{"result":"draw","reason":"mutual_wipe_out"}"#,
            ),
            (
                Outcome::Draw {
                    reason: DrawReason::Agreed,
                },
                r#"{"result":"draw","reason":"agreement"}"#,
                r#"{"result":"draw","reason":"agreed"}"#,
            ),
        ];
        for (o, two, four) in cases {
            assert_eq!(serde_json::to_string(&Facing(o)).unwrap(), two);
            assert_eq!(serde_json::to_string(&Cross(o)).unwrap(), four);
            assert_eq!(serde_json::from_str::<Facing>(two).unwrap(), Facing(o));
            assert_eq!(serde_json::from_str::<Cross>(four).unwrap(), Cross(o));
        }
        assert!(serde_json::from_str::<Facing>(
            r#"{"result":"win","winner":"x","reason":"timeout"}"#
        )
        .is_err());
    }

    #[test]
    fn the_two_player_table_names_its_sides() {
        let o = Outcome::won_by(Seat::RED, ExitReason::FlagCaptured);
        assert_eq!(o.winning_seat(), Some(Seat::RED));
        assert_eq!(o.describe(&Seating::two()), "red wins (flag captured)");
        assert_eq!(o.describe(&Seating::four()), "S+N win (FlagCaptured)");
    }
}
