//! Words of the 4-player game (四国): seats, teams, information modes, switches, results and
//! the rows of its move list.

use super::{Lang, T};
use junqi_core::deduce::Contact;
use junqi_core::seat::{Seat, Seating, Team};
use junqi_core::siguo::{InfoMode, Point, Table};
use junqi_core::Action;
use junqi_core::Role;
use junqi_core::{DrawReason, ExitReason, Outcome};

pub const SIGUO: T = T {
    zh: "四国",
    en: "四国 4 players",
};
/// The heading of the choice of table (四国, 四方混战, 三国).
pub const TABLE: T = T {
    zh: "玩法",
    en: "Table",
};

/// A table's name on the new-game screen and in the records.
pub fn table_name(table: Table, lang: Lang) -> &'static str {
    match (table, lang) {
        (Table::Teams, Lang::Zh) => "四国",
        (Table::Each, Lang::Zh) => "四方混战",
        (Table::Three, Lang::Zh) => "三国",
        (Table::Teams, Lang::En) => "四国 two teams",
        (Table::Each, Lang::En) => "四方混战 each alone",
        (Table::Three, Lang::En) => "三国 three players",
    }
}

/// A table in one line: who plays with whom, and how the game is won.
pub fn table_explain(table: Table, lang: Lang) -> &'static str {
    match (table, lang) {
        (Table::Teams, Lang::Zh) => "四人两队：对家是队友。吃掉两家敌人的军旗即胜。",
        (Table::Each, Lang::Zh) => "四人各自为战：另外三家都是敌人。最后留在棋盘上的一家获胜。",
        (Table::Three, Lang::Zh) => "三人各自为战，西边空着，谁也不能进去。最后留在棋盘上的一家获胜。",
        (Table::Teams, Lang::En) => {
            "Four players in two teams: the player opposite is your partner. Take both enemy flags to win."
        }
        (Table::Each, Lang::En) => {
            "Four players, each alone: the other three are all enemies. The last player left on the board wins."
        }
        (Table::Three, Lang::En) => {
            "Three players, each alone; the West area stays empty and closed. The last player left on the board wins."
        }
    }
}
pub const STRANDS: T = T {
    zh: "走这一步以后，你就没有棋子能走了：除非别人走棋让出路来，轮到你时你就出局。",
    en: "After this move none of your pieces could move: unless another player's move frees one, you are out when your turn comes.",
};
pub const STRAND_PLAY: T = T {
    zh: "还是走",
    en: "Play it anyway",
};
pub const STRAND_BACK: T = T {
    zh: "换一步",
    en: "Choose another move",
};
pub const INFO: T = T {
    zh: "明暗",
    en: "Who sees what",
};
pub const SEATS: T = T {
    zh: "座位",
    en: "Seats",
};
/// Beside the seat that plays on the viewer's side.
pub const PARTNER: T = T {
    zh: "队友",
    en: "partner",
};
pub const PERSON: T = T {
    zh: "玩家",
    en: "Person",
};
pub const COMPUTER: T = T {
    zh: "电脑",
    en: "Computer",
};
pub const FIRST_SEAT: T = T {
    zh: "先走",
    en: "Moves first",
};
pub const CLOCKWISE: T = T {
    zh: "顺时针轮流",
    en: "Clockwise turns",
};
pub const CLOCKWISE_EXPLAIN: T = T {
    zh: "默认逆时针（南→东→北→西）。",
    en: "By default turns go counter-clockwise (S → E → N → W).",
};
pub const WIPE_DRAW: T = T {
    zh: "同归于尽算和",
    en: "Mutual wipe-out is a draw",
};
pub const WIPE_DRAW_EXPLAIN: T = T {
    zh: "一步之后谁都无子可走时，默认走棋的一方胜。",
    en: "When one move leaves nobody able to move, by default the side that moved wins.",
};
pub const PASS_TO: T = T {
    zh: "请交给",
    en: "Pass the device to",
};
pub const READY: T = T {
    zh: "我准备好了",
    en: "I'm ready",
};
pub const THINKING: T = T {
    zh: "思考中…",
    en: "thinking…",
};
pub const YOUR_TURN: T = T {
    zh: "轮到你了",
    en: "Your turn",
};
pub const OUT: T = T {
    zh: "出局",
    en: "out",
};
pub const RESIGN_SEAT: T = T {
    zh: "认输（队友继续）",
    en: "Resign (your partner plays on)",
};
pub const SHOW_ALL: T = T {
    zh: "全部亮开",
    en: "Show all pieces",
};
pub const CONTINUE: T = T {
    zh: "继续四国对局",
    en: "Continue the 四国 game",
};
pub const RECORDS_4P: T = T {
    zh: "四国对局",
    en: "四国 games",
};
pub const PROFILE_4P: T = T {
    zh: "四国（对电脑）",
    en: "四国 against the computer",
};
pub const WATCH_SEAT: T = T {
    zh: "视角",
    en: "Seen by",
};
pub const ALL_OPEN: T = T {
    zh: "全部",
    en: "All open",
};
/// The new-game screen, when no seat is a person's.
pub const ALL_COMPUTERS: T = T {
    zh: "每一家都是电脑：你来旁观这盘棋。",
    en: "Every seat is a computer: you watch the game.",
};

pub fn seat_name(s: Seat, lang: Lang) -> &'static str {
    let zh = ["南", "东", "北", "西"];
    let en = ["South", "East", "North", "West"];
    match lang {
        Lang::Zh => zh[s.index()],
        Lang::En => en[s.index()],
    }
}

pub fn info_name(m: InfoMode, lang: Lang) -> &'static str {
    match (m, lang) {
        (InfoMode::FourDark, Lang::Zh) => "四暗",
        (InfoMode::DoubleOpen, Lang::Zh) => "双明",
        (InfoMode::AllOpen, Lang::Zh) => "全明",
        (InfoMode::FourDark, Lang::En) => "四暗 all hidden",
        (InfoMode::DoubleOpen, Lang::En) => "双明 partners open",
        (InfoMode::AllOpen, Lang::En) => "全明 all open",
    }
}

pub fn info_explain(m: InfoMode, lang: Lang) -> &'static str {
    match (m, lang) {
        (InfoMode::FourDark, Lang::Zh) => "每人只看得见自己的棋子。",
        (InfoMode::DoubleOpen, Lang::Zh) => "队友互相看得见对方的棋子。",
        (InfoMode::AllOpen, Lang::Zh) => "所有棋子都亮开。",
        (InfoMode::FourDark, Lang::En) => "Each player sees only their own pieces.",
        (InfoMode::DoubleOpen, Lang::En) => "Partners see each other's pieces.",
        (InfoMode::AllOpen, Lang::En) => "Every piece is open.",
    }
}

/// A team by its seats: "South & North" / "南北"; a seat alone by its name.
fn team_name(seating: &Seating, team: Team, lang: Lang) -> String {
    let names: Vec<&str> = seating.members(team).map(|s| seat_name(s, lang)).collect();
    match lang {
        Lang::Zh => names.concat(),
        Lang::En => names.join(" & "),
    }
}

fn exit_text(r: ExitReason, lang: Lang) -> &'static str {
    match (r, lang) {
        (ExitReason::FlagCaptured, Lang::Zh) => "军旗被夺",
        (ExitReason::NoLegalMove, Lang::Zh) => "无子可走",
        (ExitReason::Resignation, Lang::Zh) => "认输",
        (ExitReason::Timeout, Lang::Zh) => "超时",
        (ExitReason::NoContact, Lang::Zh) => "31步无交战",
        (ExitReason::FlagCaptured, Lang::En) => "flag taken",
        (ExitReason::NoLegalMove, Lang::En) => "no move left",
        (ExitReason::Resignation, Lang::En) => "resigned",
        (ExitReason::Timeout, Lang::En) => "out of time",
        (ExitReason::NoContact, Lang::En) => "31 plies without an attack",
    }
}

/// The result of a game at `table` as a sentence, from `me`'s side when given.
pub fn outcome_text(o: &Outcome, table: Table, me: Option<Seat>, lang: Lang) -> String {
    match o {
        Outcome::Win { team, reason } => {
            let seating = table.seating();
            let name = team_name(&seating, *team, lang);
            let mine = me.map(|m| seating.team(m) == *team);
            let why = exit_text(*reason, lang);
            if table != Table::Teams {
                // Each for himself: one seat wins.
                return match (mine, lang) {
                    (Some(true), Lang::Zh) => format!("你赢了！（{name}胜，{why}）"),
                    (Some(false), Lang::Zh) => format!("你输了。（{name}胜，{why}）"),
                    (None, Lang::Zh) => format!("{name}胜（{why}）"),
                    (Some(true), Lang::En) => format!("You win! ({name} wins: {why})"),
                    (Some(false), Lang::En) => format!("You lost. ({name} wins: {why})"),
                    (None, Lang::En) => format!("{name} wins ({why})"),
                };
            }
            match (mine, lang) {
                (Some(true), Lang::Zh) => format!("你们赢了！（{name}胜，{why}）"),
                (Some(false), Lang::Zh) => format!("你们输了。（{name}胜，{why}）"),
                (None, Lang::Zh) => format!("{name}胜（{why}）"),
                (Some(true), Lang::En) => format!("Your team wins! ({name} win: {why})"),
                (Some(false), Lang::En) => format!("Your team lost. ({name} win: {why})"),
                (None, Lang::En) => format!("{name} win ({why})"),
            }
        }
        Outcome::Draw { reason } => match (reason, lang) {
            (DrawReason::NoCapture, Lang::Zh) => "和棋：70步无吃子。".into(),
            (DrawReason::MutualWipeOut, Lang::Zh) => "和棋：同归于尽。".into(),
            (DrawReason::NoCapture, Lang::En) => "Draw: 70 plies without a capture.".into(),
            (DrawReason::MutualWipeOut, Lang::En) => {
                "Draw: the last armies wiped out at once.".into()
            }
            (DrawReason::Agreed, Lang::Zh) => "和棋：同意和棋。".into(),
            (DrawReason::Agreed, Lang::En) => "Draw by agreement.".into(),
            (DrawReason::PlyLimit, Lang::Zh) => "和棋：已到步数限制。".into(),
            (DrawReason::PlyLimit, Lang::En) => "Draw: the ply limit was reached.".into(),
            (DrawReason::DeadPosition, Lang::Zh) => "和棋：各方都已无法取胜。".into(),
            (DrawReason::DeadPosition, Lang::En) => "Draw: nobody can win any more.".into(),
            (DrawReason::NoFlags, Lang::Zh) => "和棋：棋盘上没有军旗。".into(),
            (DrawReason::NoFlags, Lang::En) => "Draw: no flag on the board.".into(),
        },
    }
}

/// A piece named for `viewer`: "your Engineer" / "你的工兵", "North's Engineer" / "北的工兵";
/// `None` when its role is not known to `viewer`.
fn piece_phrase(
    seat: Seat,
    role: Option<Role>,
    viewer: Option<Seat>,
    lang: Lang,
) -> Option<String> {
    let r = crate::i18n::role_name(role?, lang);
    let own = viewer == Some(seat);
    Some(match (own, lang) {
        (true, Lang::Zh) => format!("你的{r}"),
        (true, Lang::En) => format!("your {r}"),
        (false, Lang::Zh) => format!("{}的{r}", seat_name(seat, lang)),
        (false, Lang::En) => format!("{}'s {r}", seat_name(seat, lang)),
    })
}

/// The pieces of one move: the mover's role, and the seat and role of the piece it attacked.
/// A role is `None` where the seat it is shown to may not know it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Met {
    pub mover: Option<Role>,
    pub target: Option<(Seat, Option<Role>)>,
}

/// One action of the cross board's record, as plain values: who acted, the move (none for a
/// resignation, a draw agreed or a turn run out), what everyone was told of its combat, who left
/// and whose flag was shown by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowFacts<'a> {
    pub seat: Seat,
    pub mv: Option<Action<Point>>,
    pub contact: Option<Contact>,
    pub left: &'a [(Seat, ExitReason)],
    pub flags_shown: &'a [Seat],
}

/// A row of the move list as `viewer` may read it, naming the pieces whose roles it knows
/// (`met`): `南 工兵 Sa4-Sa3`, `West Sb0×Sc0 takes your Engineer`, and one's own moves as
/// `Your Engineer Sa4-Sa3` / `你的工兵 Sa4-Sa3`.
pub fn row_text(row: RowFacts, met: Met, viewer: Option<Seat>, lang: Lang) -> String {
    let own = row.mv.is_some() && viewer == Some(row.seat);
    let (who, mover) = match met.mover {
        Some(_) if own => (
            super::caption::capitalised(
                piece_phrase(row.seat, met.mover, viewer, lang).unwrap_or_default(),
            ),
            String::new(),
        ),
        Some(r) => (
            seat_name(row.seat, lang).to_string(),
            format!(" {}", crate::i18n::role_name(r, lang)),
        ),
        None => (seat_name(row.seat, lang).to_string(), String::new()),
    };
    let target = met
        .target
        .and_then(|(seat, role)| piece_phrase(seat, role, viewer, lang));
    let mut text = match (row.mv, row.contact) {
        (Some(m), None) => format!("{who}{mover} {}-{}", m.from(), m.to()),
        (Some(m), Some(c)) => {
            let word = match (c, lang, target) {
                (Contact::AttackerWins, Lang::Zh, Some(t)) => format!("吃{t}"),
                (Contact::DefenderWins, Lang::Zh, Some(t)) => format!("被{t}吃"),
                (Contact::BothRemoved, Lang::Zh, Some(t)) => format!("与{t}同归"),
                (Contact::Bounced, Lang::Zh, Some(t)) => format!("碰{t}弹回"),
                (Contact::AttackerWins, Lang::En, Some(t)) => format!("takes {t}"),
                (Contact::DefenderWins, Lang::En, Some(t)) => format!("is taken by {t}"),
                (Contact::BothRemoved, Lang::En, Some(t)) => format!("and {t} are both gone"),
                (Contact::Bounced, Lang::En, Some(t)) => format!("bounces off {t}"),
                (Contact::AttackerWins, Lang::Zh, None) => "吃".into(),
                (Contact::DefenderWins, Lang::Zh, None) => "被吃".into(),
                (Contact::BothRemoved, Lang::Zh, None) => "同归".into(),
                (Contact::Bounced, Lang::Zh, None) => "弹回".into(),
                (Contact::AttackerWins, Lang::En, None) => "takes".into(),
                (Contact::DefenderWins, Lang::En, None) => "is taken".into(),
                (Contact::BothRemoved, Lang::En, None) => "both gone".into(),
                (Contact::Bounced, Lang::En, None) => "bounces".into(),
            };
            format!("{who}{mover} {}×{} {word}", m.from(), m.to())
        }
        (None, _) if row.left.is_empty() => format!("{who} {}", DRAW_WORD.get(lang)),
        (None, _) => format!("{who} {}", RESIGN_WORD.get(lang)),
    };
    for s in row.flags_shown {
        let shown = match lang {
            Lang::Zh => format!("；{}的军旗亮出", seat_name(*s, lang)),
            Lang::En => format!("; {}'s flag is shown", seat_name(*s, lang)),
        };
        text.push_str(&shown);
    }
    for (s, why) in row.left {
        let out = match lang {
            Lang::Zh => format!("；{}出局（{}）", seat_name(*s, lang), exit_text(*why, lang)),
            Lang::En => format!(
                "; {} is out ({})",
                seat_name(*s, lang),
                exit_text(*why, lang)
            ),
        };
        text.push_str(&out);
    }
    text
}

const DRAW_WORD: T = T {
    zh: "提和，各方同意",
    en: "offers a draw; all agree",
};
pub const OFFER_DRAW: T = T {
    zh: "提和",
    en: "Offer a draw",
};
/// A seat's line in a finished game's tally: pieces taken and lost in contacts, and when and
/// why it left.
pub fn summary_line(
    seat: Seat,
    took: usize,
    lost: usize,
    out: Option<(usize, ExitReason)>,
    lang: Lang,
) -> String {
    let name = seat_name(seat, lang);
    let mut line = match lang {
        Lang::Zh => format!("{name}：吃{took}子，失{lost}子"),
        Lang::En => format!("{name}: took {took}, lost {lost}"),
    };
    match (out, lang) {
        (Some((ply, why)), Lang::Zh) => {
            line.push_str(&format!("；第{ply}步出局（{}）", exit_text(why, lang)))
        }
        (Some((ply, why)), Lang::En) => {
            line.push_str(&format!("; out at move {ply} ({})", exit_text(why, lang)))
        }
        (None, Lang::Zh) => line.push_str("；坚持到最后"),
        (None, Lang::En) => line.push_str("; in to the end"),
    }
    line
}

pub const REMATCH: T = T {
    zh: "再来一局",
    en: "Play again",
};

/// Why undo is often grey in a game with hidden pieces.
pub const UNDO_HIDDEN_RULE: T = T {
    zh: "看不见对方棋子时，只有自己走后还没碰过子，才能悔棋：碰子看到的，收不回来。",
    en: "With hidden pieces, undo works only while no pieces have met since your move: what a contact showed cannot be unseen.",
};
pub const DRAW_DECLINED: T = T {
    zh: "电脑不同意和棋。",
    en: "The computers decline the draw.",
};
const RESIGN_WORD: T = T {
    zh: "认输",
    en: "resigns",
};

pub const TO_MOVE: T = T {
    zh: "走棋",
    en: "to move",
};
pub const POINTS_WORD: T = T {
    zh: "积分",
    en: "Points",
};
pub const LEVEL_WORD: T = T {
    zh: "级",
    en: "level",
};

/// "对局 3 · 胜 2 · 和 0 · 负 1 · 积分 +2".
pub fn results_line(
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: i64,
    lang: Lang,
) -> String {
    match lang {
        Lang::Zh => {
            format!("对局 {games} · 胜 {wins} · 和 {draws} · 负 {losses} · 积分 {points:+}")
        }
        Lang::En => format!(
            "{games} games · {wins} won · {draws} drawn · {losses} lost · {points:+} points"
        ),
    }
}

/// A rule switch explained in one line for the cross board: the 2-player text
/// ([`super::rule_text`]) where it says the same, a 4-player one where the meaning differs
/// (docs/rules-variants.md, "On the cross board").
pub fn rule_text(name: &str) -> T {
    match name {
        "engineer_scouts" => T {
            zh: "工兵侦察（四暗、双明）：工兵碰子亮出对方，大家都能看见，工兵阵亡",
            en: "Engineers scout (四暗, 双明): an engineer's attack shows the defender to everyone, the engineer dies",
        },
        "no_collision_31" => T {
            zh: "31步无碰子：轮到的一方出局（代替70步和棋）",
            en: "31 plies without contact: the player to move is out (instead of the 70-ply draw)",
        },
        "no_enemy_camps" => T {
            zh: "不能进入敌方的行营（队友的可以）",
            en: "No piece may enter an enemy's camps (a partner's are open)",
        },
        "carry_flag_home" => T {
            zh: "扛旗：夺旗后须把军旗扛回自己的大本营，旗主才出局",
            en: "Carry the flag: its owner is out once the taker carries it to one of its own headquarters",
        },
        "carry_flag_front" => T {
            zh: "扛旗回到己方：军旗扛进自己的地盘，旗主就出局",
            en: "Carry the flag home: its owner is out once the taker carries it into its own area",
        },
        "dead_position_draw" => T {
            zh: "双方都无法再胜为和棋",
            en: "Neither team able to win any more: a draw",
        },
        _ => super::rule_text(name),
    }
}

pub const MAP_YOU: T = T {
    zh: "你",
    en: "you",
};
pub const MAP_PARTNER: T = T {
    zh: "队友",
    en: "partner",
};
pub const MAP_ENEMY: T = T {
    zh: "对手",
    en: "enemy",
};
/// 三国's empty area on the map.
pub const MAP_EMPTY: T = T {
    zh: "空",
    en: "empty",
};
pub const MAP_CENTRE: T = T {
    zh: "九宫",
    en: "centre",
};

/// Above the area being arranged: whose it is and who the partner is, in short lines.
pub fn map_caption(seat: Seat, table: Table, lang: Lang) -> [String; 2] {
    let me = seat_name(seat, lang);
    let them = seat_name(seat.plus(2), lang);
    let second = match (table, lang) {
        (Table::Teams, Lang::Zh) => format!("对面的{them}是你的队友。"),
        (Table::Teams, Lang::En) => format!("{them}, opposite, is your partner."),
        (_, Lang::Zh) => "另外几家都是你的对手。".to_string(),
        (_, Lang::En) => "every other player is your enemy.".to_string(),
    };
    match lang {
        Lang::Zh => [format!("你在下面布{me}的阵地，"), second],
        Lang::En => [format!("You arrange {me}'s area below;"), second],
    }
}
