//! The rules screen's text (RULES.md §1–§6 told for a grown-up newcomer), in both languages.

use super::T;
use junqi_core::Role;

pub const TITLE: T = T {
    zh: "军棋规则",
    en: "How to play Junqi",
};
pub const PIECES: T = T {
    zh: "棋子大小（大吃小）",
    en: "The pieces, highest first (higher takes lower)",
};
pub const COMBAT: T = T {
    zh: "吃子",
    en: "When pieces meet",
};
pub const MOVING: T = T {
    zh: "走法",
    en: "Moving",
};
pub const SETUP: T = T {
    zh: "布阵",
    en: "Setting up",
};
pub const WINNING: T = T {
    zh: "胜负",
    en: "Winning",
};

/// What is special about a role, if anything.
pub fn role_note(role: Role) -> Option<T> {
    Some(match role {
        Role::Engineer => T {
            zh: "能挖地雷；在铁路上可以拐弯。",
            en: "Digs out landmines; may turn corners on the railway.",
        },
        Role::Bomb => T {
            zh: "与碰到的任何棋子同归于尽。",
            en: "Goes together with whatever it meets.",
        },
        Role::Landmine => T {
            zh: "不能走；碰到它的棋子被吃（工兵除外）。",
            en: "Never moves; a piece that hits it is removed (an engineer digs it out).",
        },
        Role::Flag => T {
            zh: "不能走；被夺就输了。",
            en: "Never moves; lose it and you lose.",
        },
        Role::Marshal => T {
            zh: "司令阵亡后，己方军旗要亮出来。",
            en: "When it falls, its side's flag is shown.",
        },
        _ => return None,
    })
}

pub const COMBAT_LINES: [T; 5] = [
    T {
        zh: "大的吃小的：40 司令最大，32 工兵最小。",
        en: "The higher rank takes the lower: 40 (Field Marshal) is highest, 32 (Engineer) lowest.",
    },
    T {
        zh: "一样大就同归于尽。",
        en: "Equal ranks: both are removed.",
    },
    T {
        zh: "炸弹碰到任何棋子都同归于尽。",
        en: "A bomb and whatever it meets are both removed.",
    },
    T {
        zh: "碰地雷的棋子被吃，只有工兵能挖掉地雷。",
        en: "A piece that attacks a landmine is removed; only an engineer digs it out.",
    },
    T {
        zh: "行营（圆圈）里的棋子不能被攻击。",
        en: "A piece in a camp (a circle) cannot be attacked.",
    },
];

pub const MOVING_LINES: [T; 5] = [
    T {
        zh: "每次走一子，红方先走。",
        en: "Red moves first, then each side moves one piece in turn.",
    },
    T {
        zh: "沿公路（细线）走一步。",
        en: "Along a road (thin line): one step.",
    },
    T {
        zh: "在铁路（黑白粗线）上沿直线走任意远，不能越过棋子。",
        en: "On the railway (thick striped line): any distance in a straight line, never past a piece.",
    },
    T {
        zh: "工兵在铁路上可以拐弯。",
        en: "An engineer may also turn corners on the railway.",
    },
    T {
        zh: "地雷和军旗不能走；进了大本营的棋子不能再走。",
        en: "Landmines and the flag never move; a piece in a headquarters never moves again.",
    },
];

pub const SETUP_LINES: [T; 4] = [
    T {
        zh: "军旗放在自己的一个大本营里。",
        en: "The flag goes in one of your two headquarters.",
    },
    T {
        zh: "地雷只能放在最后两排。",
        en: "Landmines go only in your last two rows.",
    },
    T {
        zh: "炸弹不能放在第一排。",
        en: "Bombs may not stand in your front row.",
    },
    T {
        zh: "开局时行营里不放棋子。",
        en: "No piece starts in a camp.",
    },
];

pub const WINNING_LINES: [T; 4] = [
    T {
        zh: "夺得对方军旗就赢了。",
        en: "Take the enemy's flag to win.",
    },
    T {
        zh: "轮到走棋却无子可走的一方输。",
        en: "A side with no legal move on its turn loses.",
    },
    T {
        zh: "连续70步没有吃子算和棋。",
        en: "70 plies in a row without a piece removed: a draw.",
    },
    T {
        zh: "也可以认输（前20步不行）或提和。",
        en: "You may also resign (not in the first 20 plies) or offer a draw.",
    },
];
