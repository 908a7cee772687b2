//! The rule switches of the 4-player game (RULES-4P.md §8) and its information modes (§6.3).

use crate::rules::{Rules, NO_CAPTURE_LIMIT};
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

/// The choices of RULES-4P.md §8 and the RULES.md §8 switches that apply on this board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SiguoRules {
    /// Combat and movement switches of RULES.md §8 (`mines_explode`, `flying_bomb`,
    /// `bomb_cannot_take_flag`, `hq_exit`).
    pub rules: Rules,
    /// Counter-clockwise (default) or clockwise turns.
    pub order: Order,
    /// Who moves first in a new game.
    pub first: Seat,
    /// A mutual wipe-out of both teams.
    pub wipe_out: WipeOut,
    /// Plies without a capture after which the game is drawn (70).
    pub quiet_limit: u32,
}

impl Default for SiguoRules {
    fn default() -> SiguoRules {
        SiguoRules {
            rules: Rules::default(),
            order: Order::CounterClockwise,
            first: Seat::S,
            wipe_out: WipeOut::MoverWins,
            quiet_limit: NO_CAPTURE_LIMIT,
        }
    }
}

impl SiguoRules {
    /// The seating of a new 4-player game under these rules.
    pub fn seating(&self) -> Seating {
        self.seating_for(4)
    }

    /// The seating of a new game of `seats` (2 or 4) under these rules.
    pub fn seating_for(&self, seats: usize) -> Seating {
        let table = if seats == 2 {
            Seating::two()
        } else {
            Seating::four()
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
