//! Game modes (RULES.md §7) and the variant switches (RULES.md §8).

use serde::{Deserialize, Serialize};
use std::fmt;

/// How much each player sees.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// 明棋: every piece face up after setup.
    #[default]
    Open,
    /// 暗棋: each side sees only its own pieces; the program referees.
    Dark,
    /// 翻棋: all 50 pieces shuffled face down; a turn flips or moves.
    Flip,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Open, Mode::Dark, Mode::Flip];

    /// `open`, `dark` or `flip`, as in the engine protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Open => "open",
            Mode::Dark => "dark",
            Mode::Flip => "flip",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Mode::Open => "明棋",
            Mode::Dark => "暗棋",
            Mode::Flip => "翻棋",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "open" => Ok(Mode::Open),
            "dark" => Ok(Mode::Dark),
            "flip" => Ok(Mode::Flip),
            _ => Err(format!("unknown mode '{s}' (open, dark or flip)")),
        }
    }
}

/// The variant switches of RULES.md §8; all off by default.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// 炸弹雷: a piece other than an engineer that attacks a landmine dies together with it.
    pub mines_explode: bool,
    /// 工兵侦察 (暗棋): an engineer attacking a non-landmine piece reveals it and is removed.
    pub engineer_scouts: bool,
    /// 炸弹满天飞: bombs move on railways like engineers.
    pub flying_bomb: bool,
    /// A bomb may not attack the Flag.
    pub bomb_cannot_take_flag: bool,
    /// 大本营能进能出: pieces that entered a headquarters may leave it.
    pub hq_exit: bool,
    /// Capturing the Flag wins only once the capturing piece reaches its own headquarters.
    pub carry_flag_home: bool,
    /// Instead of the 70-ply draw: after 31 plies with no attack, the side to move loses.
    pub no_collision_31: bool,
    /// 翻棋: colour goes to the first player to flip an engineer.
    pub flip_first_engineer: bool,
    /// 翻棋: colour goes to the first player to flip two pieces of one colour in a row.
    pub flip_two_same: bool,
    /// 翻棋: only the lowest-ranked remaining piece of the attacker may capture the flag.
    pub flip_smallest_takes_flag: bool,
}

/// Plies without a removal after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u32 = 70;
/// Plies without an attack after which the side to move loses under `no_collision_31`.
pub const NO_COLLISION_LIMIT: u32 = 31;

impl Rules {
    /// Every switch's name, in the order of RULES.md §8.
    pub const NAMES: [&'static str; 10] = [
        "mines_explode",
        "engineer_scouts",
        "flying_bomb",
        "bomb_cannot_take_flag",
        "hq_exit",
        "carry_flag_home",
        "no_collision_31",
        "flip_first_engineer",
        "flip_two_same",
        "flip_smallest_takes_flag",
    ];

    /// The switch called `name`, for reading and setting.
    pub fn switch_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "mines_explode" => &mut self.mines_explode,
            "engineer_scouts" => &mut self.engineer_scouts,
            "flying_bomb" => &mut self.flying_bomb,
            "bomb_cannot_take_flag" => &mut self.bomb_cannot_take_flag,
            "hq_exit" => &mut self.hq_exit,
            "carry_flag_home" => &mut self.carry_flag_home,
            "no_collision_31" => &mut self.no_collision_31,
            "flip_first_engineer" => &mut self.flip_first_engineer,
            "flip_two_same" => &mut self.flip_two_same,
            "flip_smallest_takes_flag" => &mut self.flip_smallest_takes_flag,
            _ => return None,
        })
    }

    /// The switch called `name`.
    pub fn switch(&self, name: &str) -> Option<bool> {
        let mut copy = *self;
        copy.switch_mut(name).map(|b| *b)
    }

    /// Plies without contact that end the game (and how), under these rules.
    pub fn quiet_limit(&self) -> u32 {
        if self.no_collision_31 {
            NO_COLLISION_LIMIT
        } else {
            NO_CAPTURE_LIMIT
        }
    }
}
