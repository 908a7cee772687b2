//! The board in words, for the keyboard's cursor and screen readers: what a point is and what
//! stands there as the viewer may know it ("c6, railway post, your Captain").

use super::{color_name, role_name, Lang, T};
use junqi_core::{PointKind, Role, Seat};

/// The board's name and its keys.
pub const BOARD_KEYS: T = T {
    zh: "棋盘。方向键移动光标，回车或空格拿起、放下棋子，Esc 放回，G 标记猜测，X 读出能走到哪里，问号列出全部按键。",
    en: "Board. Arrow keys move the cursor; Enter or Space picks a piece up and puts it down; Escape puts it back; G marks a guess; X reads where a piece can go; question mark lists every key.",
};
const POST: T = T {
    zh: "兵站",
    en: "post",
};
const RAIL_POST: T = T {
    zh: "铁路兵站",
    en: "railway post",
};
const CAMP: T = T {
    zh: "行营",
    en: "camp",
};
const HQ: T = T {
    zh: "大本营",
    en: "headquarters",
};
const EMPTY: T = T {
    zh: "空",
    en: "empty",
};
const FACE_DOWN: T = T {
    zh: "未翻开的棋子",
    en: "face-down piece",
};
const DEST: T = T {
    zh: "可以走到这里",
    en: "you can move here",
};
const PICKED: T = T {
    zh: "已拿起",
    en: "picked up",
};

pub const MOVE_BOX: T = T {
    zh: "输入走法",
    en: "Type a move",
};
pub const MOVE_BOX_HINT: T = T {
    zh: "例如 c6-c7；翻棋里输入一个点（如 c6）翻开那里的棋子。命令：p 我的棋子，x c6 能走到哪里，l 上一步，t 轮到谁，? 全部按键。",
    en: "For example c6-c7; in 翻棋 a point alone (c6) turns up the piece there. Commands: p my pieces, x c6 where it can go, l last move, t whose turn, ? every key.",
};
pub const MOVE_BOX_HINT_4P: T = T {
    zh: "例如 Sa4-Ea0。命令：p 我的棋子，x Sa4 能走到哪里，l 上一步，t 轮到谁，? 全部按键。",
    en: "For example Sa4-Ea0. Commands: p my pieces, x Sa4 where it can go, l last move, t whose turn, ? every key.",
};
pub const MOVE_BOX_PLAY: T = T {
    zh: "走",
    en: "Play",
};

/// Why a typed action was not played (the controllers' `typed`).
#[derive(Clone, Debug, PartialEq, Eq)]
/// `P` and `A` are the board's points and actions (the 2-player game's by default; 四国's
/// points and moves on the cross).
pub enum Typed<P = junqi_core::Point, A = junqi_core::Action> {
    /// Not an action in the notation.
    Unreadable,
    /// Not the viewer's turn now (or the game is not being played).
    NotNow,
    /// No piece of the viewer's stands there.
    NotYours(P),
    /// The piece on that point cannot make that move.
    CannotGo(P, A),
    /// No face-down piece to turn up there.
    NoFlip(P),
}

/// Why a typed action was not played.
pub fn typed_refusal<P: std::fmt::Display, A: std::fmt::Display>(
    why: &Typed<P, A>,
    lang: Lang,
) -> String {
    match (why, lang) {
        (Typed::Unreadable, Lang::Zh) => {
            "看不懂这步棋：请写成 c6-c7 这样（四国：Sa4-Ea0）。".to_string()
        }
        (Typed::Unreadable, Lang::En) => {
            "Not a move: write it like c6-c7 (四国: Sa4-Ea0).".to_string()
        }
        (Typed::NotNow, Lang::Zh) => "现在不是你走棋。".to_string(),
        (Typed::NotNow, Lang::En) => "It is not your move now.".to_string(),
        (Typed::NotYours(p), Lang::Zh) => format!("{p} 上没有你的棋子。"),
        (Typed::NotYours(p), Lang::En) => format!("No piece of yours stands on {p}."),
        (Typed::CannotGo(p, a), Lang::Zh) => format!("{p} 上的棋子不能走 {a}。"),
        (Typed::CannotGo(p, a), Lang::En) => format!("The piece on {p} cannot play {a}."),
        (Typed::NoFlip(p), Lang::Zh) => format!("{p} 上没有能翻开的棋子。"),
        (Typed::NoFlip(p), Lang::En) => format!("There is no face-down piece to turn up on {p}."),
    }
}

/// What kind of point it is.
pub fn kind(kind: PointKind, on_rail: bool, lang: Lang) -> &'static str {
    match kind {
        PointKind::Post if on_rail => RAIL_POST.get(lang),
        PointKind::Post => POST.get(lang),
        PointKind::Camp => CAMP.get(lang),
        PointKind::Headquarters => HQ.get(lang),
    }
}

/// What stands on a point as the viewer knows it: `None` for nothing. `mine` is the viewer's
/// colour; `role` is given only where the viewer may know it; `picked`: the piece the viewer
/// has picked up.
pub fn occupant(
    piece: Option<(Option<Seat>, Option<Role>)>,
    mine: Option<Seat>,
    guess: Option<Role>,
    picked: bool,
    lang: Lang,
) -> String {
    let Some((color, role)) = piece else {
        return EMPTY.get(lang).to_string();
    };
    let whose = |c: Seat| match (lang, Some(c) == mine) {
        (Lang::Zh, true) => "你的".to_string(),
        (Lang::Zh, false) => format!("{}的", color_name(c, lang)),
        (Lang::En, true) => "your".to_string(),
        (Lang::En, false) => format!("{}'s", color_name(c, lang)),
    };
    let text = match (color, role) {
        (None, _) => FACE_DOWN.get(lang).to_string(),
        (Some(c), Some(r)) => match lang {
            Lang::Zh => format!("{}{}", whose(c), role_name(r, lang)),
            Lang::En => format!("{} {}", whose(c), role_name(r, lang)),
        },
        (Some(c), None) => match lang {
            Lang::Zh => format!("{}暗子", color_name(c, lang)),
            Lang::En => format!("hidden {} piece", color_name(c, lang)),
        },
    };
    with_marks(text, guess, picked, lang)
}

/// A piece's words with the viewer's guess on it and whether it is picked up.
fn with_marks(mut text: String, guess: Option<Role>, picked: bool, lang: Lang) -> String {
    if let Some(g) = guess {
        match lang {
            Lang::Zh => text.push_str(&format!("，你猜是{}", role_name(g, lang))),
            Lang::En => text.push_str(&format!(", you guess {}", role_name(g, lang))),
        }
    }
    if picked {
        text.push_str(sep(lang));
        text.push_str(PICKED.get(lang));
    }
    text
}

fn sep(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "，",
        Lang::En => ", ",
    }
}

/// What stands on a 四国 point as the viewer knows it: `seat` the piece's owner (its name),
/// `mine` whether it is the viewer's, `role` only where the viewer may know it.
pub fn seat_occupant(
    piece: Option<(&str, bool, Option<Role>)>,
    guess: Option<Role>,
    picked: bool,
    lang: Lang,
) -> String {
    let Some((seat, mine, role)) = piece else {
        return EMPTY.get(lang).to_string();
    };
    let text = match (lang, mine, role) {
        (Lang::Zh, true, Some(r)) => format!("你的{}", role_name(r, lang)),
        (Lang::Zh, false, Some(r)) => format!("{seat}家的{}", role_name(r, lang)),
        (Lang::Zh, _, None) => format!("{seat}家的暗子"),
        (Lang::En, true, Some(r)) => format!("your {}", role_name(r, lang)),
        (Lang::En, false, Some(r)) => format!("{seat}'s {}", role_name(r, lang)),
        (Lang::En, _, None) => format!("{seat}'s hidden piece"),
    };
    with_marks(text, guess, picked, lang)
}

/// The whole description of a point: its name, kind, occupant, and whether the piece picked
/// up may go there.
pub fn point(name: &str, kind_words: &str, occupant: &str, dest: bool, lang: Lang) -> String {
    let mut parts = vec![name, kind_words, occupant];
    if dest {
        parts.push(DEST.get(lang));
    }
    parts.join(sep(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_named_as_the_viewer_knows_it() {
        let red = Some(Seat::RED);
        let own = occupant(Some((red, Some(Role::Captain))), red, None, false, Lang::En);
        assert_eq!(
            point(
                "c6",
                kind(PointKind::Post, true, Lang::En),
                &own,
                false,
                Lang::En
            ),
            "c6, railway post, your Captain"
        );
        let hidden = occupant(
            Some((Some(Seat::BLACK), None)),
            red,
            Some(Role::Bomb),
            false,
            Lang::En,
        );
        assert_eq!(
            point(
                "d8",
                kind(PointKind::Camp, false, Lang::En),
                &hidden,
                true,
                Lang::En
            ),
            "d8, camp, hidden Black piece, you guess Bomb, you can move here"
        );
        let picked = occupant(Some((red, Some(Role::Engineer))), red, None, true, Lang::En);
        assert_eq!(picked, "your Engineer, picked up");
        assert_eq!(occupant(None, red, None, false, Lang::Zh), "空");
        assert_eq!(
            occupant(Some((None, None)), None, None, false, Lang::En),
            "face-down piece"
        );
        assert_eq!(
            occupant(
                Some((Some(Seat::BLACK), Some(Role::Marshal))),
                red,
                None,
                false,
                Lang::Zh
            ),
            "黑方的司令"
        );
        let east = seat_occupant(Some(("East", false, None)), None, false, Lang::En);
        assert_eq!(
            point(
                "Sa4",
                kind(PointKind::Post, true, Lang::En),
                &east,
                false,
                Lang::En
            ),
            "Sa4, railway post, East's hidden piece"
        );
        let mine = seat_occupant(
            Some(("南", true, Some(Role::Captain))),
            None,
            true,
            Lang::Zh,
        );
        assert_eq!(mine, "你的连长，已拿起");
    }
}
