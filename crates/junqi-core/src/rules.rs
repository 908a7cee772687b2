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

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The variant switches of RULES.md §8 (and docs/rules-variants.md); all off by default.
///
/// Switches added after the first ten are left out of JSON when off, so a record of a game under
/// the default rules reads exactly as it always did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// 炸弹雷: a piece other than an engineer that attacks a landmine dies together with it.
    pub mines_explode: bool,
    /// 工兵侦察 (暗棋): an engineer attacking a piece other than a landmine or the flag reveals
    /// it and is removed.
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
    /// 拐直角弯: a piece other than an engineer may turn one right angle on a railway run.
    #[serde(skip_serializing_if = "is_false")]
    pub rail_one_turn: bool,
    /// A piece other than an engineer runs at most three points along a railway.
    #[serde(skip_serializing_if = "is_false")]
    pub rail_three_steps: bool,
    /// 反弹: a piece other than an engineer or a bomb that attacks a landmine goes back to where
    /// it came from and survives; the landmine stays.
    #[serde(skip_serializing_if = "is_false")]
    pub mines_bounce: bool,
    /// 司令不撞地雷: a Field Marshal that attacks a landmine bounces back unharmed.
    #[serde(skip_serializing_if = "is_false")]
    pub marshal_survives_mine: bool,
    /// Setup: bombs may stand in the front row.
    #[serde(skip_serializing_if = "is_false")]
    pub bombs_front_row: bool,
    /// Setup (地雷围着军旗): every point joined by a road to the flag's headquarters holds a
    /// landmine.
    #[serde(skip_serializing_if = "is_false")]
    pub mines_around_flag: bool,
    /// No piece may enter a camp in the enemy's half.
    #[serde(skip_serializing_if = "is_false")]
    pub no_enemy_camps: bool,
    /// A captured Flag counts once its carrier stands in its own half (crosses the front).
    #[serde(skip_serializing_if = "is_false")]
    pub carry_flag_front: bool,
    /// When the side to move has no legal action and neither would the other side, the game
    /// is drawn (instead of lost by the side to move).
    #[serde(skip_serializing_if = "is_false")]
    pub no_move_draw: bool,
    /// A dead position (neither side can ever take the other's flag nor remove all of its
    /// movable pieces), detected conservatively, is drawn.
    #[serde(skip_serializing_if = "is_false")]
    pub dead_position_draw: bool,
    /// Total plies after which the game is drawn; 0 = no limit.
    #[serde(skip_serializing_if = "is_zero")]
    pub ply_limit: u32,
    /// The timed-out turn (per-move timer) that loses the game, e.g. 5 (超时5次); 0 = a timed-out
    /// turn only passes the turn.
    #[serde(skip_serializing_if = "is_zero")]
    pub timeout_limit: u32,
}

/// Plies without a removal after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u32 = 70;
/// Plies without an attack after which the side to move loses under `no_collision_31`.
pub const NO_COLLISION_LIMIT: u32 = 31;

/// Two switches that may not be on together.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesConflict(pub &'static str, pub &'static str);

impl fmt::Display for RulesConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the rule switches '{}' and '{}' cannot both be on",
            self.0, self.1
        )
    }
}

impl std::error::Error for RulesConflict {}

impl Rules {
    /// Every on/off switch's name, in the order of RULES.md §8 then docs/rules-variants.md.
    pub const NAMES: [&'static str; 20] = [
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
        "rail_one_turn",
        "rail_three_steps",
        "mines_bounce",
        "marshal_survives_mine",
        "bombs_front_row",
        "mines_around_flag",
        "no_enemy_camps",
        "carry_flag_front",
        "no_move_draw",
        "dead_position_draw",
    ];

    /// Every numeric setting's name (0 = off).
    pub const NUMBERS: [&'static str; 2] = ["ply_limit", "timeout_limit"];

    /// Pairs of switches that exclude each other.
    pub const CONFLICTS: [(&'static str, &'static str); 2] = [
        ("flip_first_engineer", "flip_two_same"),
        ("mines_explode", "mines_bounce"),
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
            "rail_one_turn" => &mut self.rail_one_turn,
            "rail_three_steps" => &mut self.rail_three_steps,
            "mines_bounce" => &mut self.mines_bounce,
            "marshal_survives_mine" => &mut self.marshal_survives_mine,
            "bombs_front_row" => &mut self.bombs_front_row,
            "mines_around_flag" => &mut self.mines_around_flag,
            "no_enemy_camps" => &mut self.no_enemy_camps,
            "carry_flag_front" => &mut self.carry_flag_front,
            "no_move_draw" => &mut self.no_move_draw,
            "dead_position_draw" => &mut self.dead_position_draw,
            _ => return None,
        })
    }

    /// Turns the switch `name` on or off; turning one on turns off the switches it excludes
    /// ([`Rules::CONFLICTS`]), so valid rules stay valid. An unknown name changes nothing.
    pub fn set_switch(&mut self, name: &str, on: bool) {
        if on {
            for (a, b) in Rules::CONFLICTS {
                let other = if a == name {
                    b
                } else if b == name {
                    a
                } else {
                    continue;
                };
                if let Some(o) = self.switch_mut(other) {
                    *o = false;
                }
            }
        }
        if let Some(s) = self.switch_mut(name) {
            *s = on;
        }
    }

    /// Drops switches until the rules are valid: of each pair that excludes each other, the
    /// second (for rules read from elsewhere: an old setting, a hand-made record).
    pub fn without_conflicts(mut self) -> Rules {
        while let Err(conflict) = self.validate() {
            if let Some(b) = self.switch_mut(conflict.1) {
                *b = false;
            }
        }
        self
    }

    /// The switch called `name`.
    pub fn switch(&self, name: &str) -> Option<bool> {
        let mut copy = *self;
        copy.switch_mut(name).map(|b| *b)
    }

    /// The numeric setting called `name`, for reading and setting.
    pub fn number_mut(&mut self, name: &str) -> Option<&mut u32> {
        Some(match name {
            "ply_limit" => &mut self.ply_limit,
            "timeout_limit" => &mut self.timeout_limit,
            _ => return None,
        })
    }

    /// The numeric setting called `name`.
    pub fn number(&self, name: &str) -> Option<u32> {
        let mut copy = *self;
        copy.number_mut(name).map(|n| *n)
    }

    /// Sets a switch (`name`, or `name=true|false`) or a number (`name=N`) from text, as the
    /// command line and share links write them.
    pub fn set_from_text(&mut self, item: &str) -> Result<(), String> {
        let (name, value) = match item.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (item.trim(), None),
        };
        if let Some(b) = self.switch_mut(name) {
            *b = match value {
                None | Some("true") | Some("1") | Some("on") => true,
                Some("false") | Some("0") | Some("off") => false,
                Some(v) => return Err(format!("rule switch '{name}' is on or off, not '{v}'")),
            };
            return Ok(());
        }
        if let Some(n) = self.number_mut(name) {
            let v = value.ok_or_else(|| format!("rule setting '{name}' needs a number"))?;
            *n = v
                .parse()
                .map_err(|_| format!("rule setting '{name}' needs a number, not '{v}'"))?;
            return Ok(());
        }
        Err(format!("unknown rule switch '{name}'"))
    }

    /// Ok, or the first pair of switches that may not be on together.
    pub fn validate(&self) -> Result<(), RulesConflict> {
        for (a, b) in Rules::CONFLICTS {
            if self.switch(a) == Some(true) && self.switch(b) == Some(true) {
                return Err(RulesConflict(a, b));
            }
        }
        Ok(())
    }

    /// Plies without contact that end the game (and how), under these rules.
    pub fn quiet_limit(&self) -> u32 {
        if self.no_collision_31 {
            NO_COLLISION_LIMIT
        } else {
            NO_CAPTURE_LIMIT
        }
    }

    /// Is a captured flag carried (by `carry_flag_home` or `carry_flag_front`)?
    pub fn carries_flag(&self) -> bool {
        self.carry_flag_home || self.carry_flag_front
    }

    /// Does any switch change where pieces may go (railway runs, camps, a carried flag's
    /// point)?
    pub fn changes_movement(&self) -> bool {
        self.rail_one_turn || self.rail_three_steps || self.no_enemy_camps || self.carries_flag()
    }
}
