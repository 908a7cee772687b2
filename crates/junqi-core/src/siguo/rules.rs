//! The rule switches of the 4-player game (RULES-4P.md §8) and its information modes (§6.3).

use crate::rules::{Rules, RulesConflict, NO_CAPTURE_LIMIT};
use crate::seat::{Order, Seat, Seating, Visibility};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a single action that leaves no seat of either team able to move gives (§8 row 9).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WipeOut {
    /// The team that moved wins (default).
    #[default]
    MoverWins,
    /// The game is drawn.
    Draw,
}

/// Who plays against whom on the cross board (RULES-4P.md §8 row 10; docs/rules-variants.md,
/// "Other tables of the cross board").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Table {
    /// 四国: four players, two against two, partners opposite (S+N against E+W).
    #[default]
    Teams,
    /// 四方混战: four players, each for himself.
    Each,
    /// 三国: three players (S, E, N), each for himself; W's area stays empty and closed.
    Three,
}

impl Table {
    pub const ALL: [Table; 3] = [Table::Teams, Table::Each, Table::Three];

    /// How many seats play.
    pub fn seats(self) -> usize {
        match self {
            Table::Teams | Table::Each => 4,
            Table::Three => 3,
        }
    }

    /// The seating of a new game at this table.
    pub fn seating(self) -> Seating {
        match self {
            Table::Teams => Seating::four(),
            Table::Each => Seating::each(4),
            Table::Three => Seating::each(3),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Table::Teams => "teams",
            Table::Each => "each",
            Table::Three => "three",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Table::Teams => "四国",
            Table::Each => "四方混战",
            Table::Three => "三国",
        }
    }

    fn is_teams(&self) -> bool {
        *self == Table::Teams
    }
}

/// Why a set of rules cannot be played on the cross board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SiguoRulesError {
    /// Two switches that exclude each other.
    Conflict(RulesConflict),
    /// A switch (or setting) that is on but has no meaning on the cross board, and why.
    NotOnThisBoard {
        name: &'static str,
        why: &'static str,
    },
    /// The seat to move first does not sit at this table (W at 三国).
    FirstNotAtTable(Seat),
}

impl fmt::Display for SiguoRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiguoRulesError::Conflict(c) => fmt::Display::fmt(c, f),
            SiguoRulesError::NotOnThisBoard { name, why } => write!(
                f,
                "the rule switch '{name}' does not apply to the 4-player game: {why}"
            ),
            SiguoRulesError::FirstNotAtTable(seat) => {
                write!(f, "seat {seat} moves first but does not sit at this table")
            }
        }
    }
}

impl std::error::Error for SiguoRulesError {}

/// The choices of RULES-4P.md §8 and the RULES.md §8 switches that apply on this board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SiguoRules {
    /// The switches of RULES.md §8 and docs/rules-variants.md, each with its meaning on the
    /// cross board; those of [`SiguoRules::TWO_PLAYER_ONLY`] are refused ([`SiguoRules::validate`]).
    pub rules: Rules,
    /// Counter-clockwise (default) or clockwise turns.
    pub order: Order,
    /// Who moves first in a new game.
    pub first: Seat,
    /// A mutual wipe-out of both teams.
    pub wipe_out: WipeOut,
    /// Plies without a capture after which the game is drawn (70).
    pub quiet_limit: u32,
    /// Who plays against whom; left out of JSON for 四国's two teams, so such a record reads
    /// exactly as before and an older reader refuses any other table.
    #[serde(skip_serializing_if = "Table::is_teams")]
    pub table: Table,
}

impl Default for SiguoRules {
    fn default() -> SiguoRules {
        SiguoRules {
            rules: Rules::default(),
            order: Order::CounterClockwise,
            first: Seat::S,
            wipe_out: WipeOut::MoverWins,
            quiet_limit: NO_CAPTURE_LIMIT,
            table: Table::Teams,
        }
    }
}

impl SiguoRules {
    /// The switches and settings of [`Rules`] that stay 2-player only, with the reason
    /// (docs/rules-variants.md, "On the cross board"). Every other one applies on the cross
    /// board.
    pub const TWO_PLAYER_ONLY: [(&'static str, &'static str); 3] = [
        ("flip_first_engineer", "翻棋 is a 2-player mode"),
        ("flip_two_same", "翻棋 is a 2-player mode"),
        ("flip_smallest_takes_flag", "翻棋 is a 2-player mode"),
    ];

    /// The switches that versions before every switch applied on the cross board already
    /// played there as they are played now; records using only these are still written as
    /// version 1 of [`super::SiguoRecord`].
    pub const APPLIED_SINCE_VERSION_1: [&'static str; 4] = [
        "mines_explode",
        "flying_bomb",
        "bomb_cannot_take_flag",
        "hq_exit",
    ];

    /// The first switch or setting that is on and that record version 1 did not play as it is
    /// played now (it was ignored on the cross board, or a bounce counted differently).
    pub fn beyond_version_1(&self) -> Option<&'static str> {
        Rules::NAMES
            .iter()
            .chain(Rules::NUMBERS.iter())
            .copied()
            .filter(|n| !SiguoRules::APPLIED_SINCE_VERSION_1.contains(n))
            .find(|n| {
                self.rules.switch(n) == Some(true) || self.rules.number(n).is_some_and(|v| v > 0)
            })
    }

    /// Does the switch or setting `name` of [`Rules`] apply on the cross board?
    pub fn applies(name: &str) -> bool {
        !SiguoRules::TWO_PLAYER_ONLY.iter().any(|(n, _)| *n == name)
    }

    /// Ok, or why these rules cannot be played: two switches that exclude each other, or the
    /// first switch that is on but stays 2-player only (refused by name, never ignored).
    pub fn validate(&self) -> Result<(), SiguoRulesError> {
        self.rules.validate().map_err(SiguoRulesError::Conflict)?;
        if !self.table.seating().contains(self.first) {
            return Err(SiguoRulesError::FirstNotAtTable(self.first));
        }
        for (name, why) in SiguoRules::TWO_PLAYER_ONLY {
            let on = self.rules.switch(name) == Some(true)
                || self.rules.number(name).is_some_and(|n| n > 0);
            if on {
                return Err(SiguoRulesError::NotOnThisBoard { name, why });
            }
        }
        Ok(())
    }

    /// The seating of a new 4-player game under these rules.
    pub fn seating(&self) -> Seating {
        self.seating_for(4)
    }

    /// The seating of a new game on a board of `seats` areas (2, or the cross's 4) under these
    /// rules: the two seats of the facing board, or this table's seats on the cross.
    pub fn seating_for(&self, seats: usize) -> Seating {
        let table = if seats == 2 {
            Seating::two()
        } else {
            self.table.seating()
        };
        table.with_order(self.order).with_first(self.first)
    }
}

/// Who sees what (RULES-4P.md §6.3).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InfoMode {
    /// 四暗: each player sees only his own pieces (default).
    #[default]
    FourDark,
    /// 双明: partners see each other's pieces.
    DoubleOpen,
    /// 全明: every piece is visible.
    AllOpen,
}

impl InfoMode {
    pub const ALL: [InfoMode; 3] = [InfoMode::FourDark, InfoMode::DoubleOpen, InfoMode::AllOpen];

    pub fn visibility(self) -> Visibility {
        match self {
            InfoMode::FourDark => Visibility::Own,
            InfoMode::DoubleOpen => Visibility::Team,
            InfoMode::AllOpen => Visibility::All,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            InfoMode::FourDark => "siguo-dark",
            InfoMode::DoubleOpen => "siguo-double",
            InfoMode::AllOpen => "siguo-open",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            InfoMode::FourDark => "四暗",
            InfoMode::DoubleOpen => "双明",
            InfoMode::AllOpen => "全明",
        }
    }
}

impl fmt::Display for InfoMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
