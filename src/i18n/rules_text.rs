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

// ----- 四国, the 4-player game (RULES-4P.md) ----------------------------------------------

pub const TITLE_4P: T = T {
    zh: "四国军棋规则",
    en: "四国 rules: four players",
};
pub const TEAMS_4P: T = T {
    zh: "座位和队伍",
    en: "Seats and teams",
};
pub const BOARD_4P: T = T {
    zh: "十字棋盘",
    en: "The cross board",
};
pub const OUT_4P: T = T {
    zh: "出局和胜负",
    en: "Out, and winning",
};
pub const INFO_4P: T = T {
    zh: "谁看得见什么",
    en: "Who sees what",
};
/// Then [`COMBAT_LINES`], the moving lines after the first, and [`SETUP_LINES`]: those are
/// the same on both boards.
pub const TEAMS_4P_LINES: [T; 4] = [
    T {
        zh: "四人分两队，对面坐的是队友：南和北一队，东和西一队。",
        en: "Four players in two teams; the player opposite is your partner: South with North, East with West.",
    },
    T {
        zh: "每次走一子，按逆时针轮流：南、东、北、西。",
        en: "Each player moves one piece in turn, counter-clockwise: South, East, North, West.",
    },
    T {
        zh: "默认南方先走；谁先走、顺时针还是逆时针，可以在新对局里选。",
        en: "South moves first unless the new-game screen says otherwise (who starts, and clockwise play, are choices there).",
    },
    T {
        zh: "不能攻击队友，也不能走到队友的棋子上。",
        en: "You may not attack your partner, nor move onto a partner's piece.",
    },
];
pub const BOARD_4P_LINES: [T; 4] = [
    T {
        zh: "每人一块阵地，和两人棋的半边一样；中间是九宫：九个铁路点，没有行营。",
        en: "Each player has an area like one half of the 2-player board; in the middle lies the centre: nine railway points, none a camp.",
    },
    T {
        zh: "前排只有左、中、右三个点通往九宫。",
        en: "Only the left, middle and right points of a front row lead into the centre.",
    },
    T {
        zh: "四个角上的弧线把相邻两家的边路铁路连成一条直线，棋子可以直着穿过。",
        en: "An arc in each corner joins two neighbours' side railways into one straight line: a piece runs straight through it.",
    },
    T {
        zh: "谁的行营都能进；行营里的棋子不能被攻击。",
        en: "Anyone may enter any camp; a piece in a camp cannot be attacked.",
    },
];
pub const OUT_4P_LINES: [T; 5] = [
    T {
        zh: "军旗被夺、轮到走棋却无子可走、或者投降，这一家就出局，他的棋子全部离开棋盘。",
        en: "A player is out when their flag is taken, when they have no legal move on their turn, or when they resign; all their pieces leave the board.",
    },
    T {
        zh: "出局一家的阵地还在，可以穿过；轮到他时跳过，队友一个人接着下。",
        en: "Their area stays and can be crossed; their turns are skipped, and their partner plays on alone.",
    },
    T {
        zh: "两家都出局的一队输。",
        en: "A team loses when both its players are out.",
    },
    T {
        zh: "司令阵亡后，他那一家的军旗位置大家都看得见。",
        en: "When a player's Field Marshal is removed, their flag is shown to everyone.",
    },
    T {
        zh: "连续70步没有吃子算和棋。",
        en: "70 plies in a row without a piece removed: a draw.",
    },
];
pub const INFO_4P_LINES: [T; 4] = [
    T {
        zh: "四暗：每人只看得见自己的棋子，队友的也看不见。",
        en: "四暗, all hidden: each player sees only their own pieces, not even their partner's.",
    },
    T {
        zh: "双明：队友互相看得见，对手的看不见。",
        en: "双明, partners open: partners see each other's pieces; the enemies' stay hidden.",
    },
    T {
        zh: "全明：所有棋子都亮开。",
        en: "全明, all open: every piece is shown.",
    },
    T {
        zh: "看不见的棋子相碰，只公布结果：哪一方被吃，或者同归于尽。",
        en: "When hidden pieces meet, only the result is told: which one is removed, or both.",
    },
];
