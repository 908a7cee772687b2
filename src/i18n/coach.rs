//! The coach's words: one sentence for each warning, its two answers, the grown-up setting.

use super::{role_name, Lang, T};
use junqi_ai::coach::{Kind, Warning};
use junqi_core::Role;

pub const TITLE: T = T {
    zh: "教练",
    en: "Coach",
};
pub const PLAY_ANYWAY: T = T {
    zh: "照样走",
    en: "Play it anyway",
};
pub const ANOTHER: T = T {
    zh: "换一步",
    en: "Choose another move",
};
pub const SETTING: T = T {
    zh: "教练：提醒会白丢棋子的走法（明棋，对电脑）",
    en: "Coach: warns of moves that give a piece away (open game, against the computer)",
};

pub const GAME_SECTION: T = T {
    zh: "下一盘",
    en: "Play a game",
};
pub const GAME_NOTE: T = T {
    zh: "明棋，和电脑下。走错时教练会提醒你。",
    en: "An open game against the computer. The coach warns you before a move gives a piece away.",
};
pub const PLAY_GAME: T = T {
    zh: "开始",
    en: "Start",
};

/// A piece's name with its rank, as the course's pieces show it: "Engineer (32)".
fn named(role: Role, lang: Lang) -> String {
    let name = role_name(role, lang);
    match (role.rank(), lang) {
        (Some(r), Lang::Zh) => format!("{name}（{r}）"),
        (Some(r), Lang::En) => format!("{name} ({r})"),
        (None, _) => name.to_string(),
    }
}

/// What the coach says of a move, in one sentence.
pub fn warning(w: &Warning, lang: Lang) -> String {
    let piece = named(w.piece, lang);
    let by = named(w.by, lang);
    match (w.kind, lang) {
        (Kind::FlagOpen, Lang::Zh) => format!("小心！走了这步，对方的{by}下一步就能扛走你的军旗。"),
        (Kind::FlagOpen, Lang::En) => {
            format!("Careful! After this move the enemy {by} can take your flag next move.")
        }
        (Kind::Loses, Lang::Zh) => format!("小心！你的{piece}碰对方的{by}会输掉。"),
        (Kind::Loses, Lang::En) => format!("Careful! Your {piece} loses to the enemy {by}."),
        (Kind::Trades, Lang::Zh) => format!("你的{piece}和对方的{by}会同归于尽，这样换不划算。"),
        (Kind::Trades, Lang::En) => {
            format!("Your {piece} and the enemy {by} would both go: a poor swap.")
        }
        (Kind::Hangs, Lang::Zh) => format!("小心！走了这步，对方的{by}能白吃你的{piece}。"),
        (Kind::Hangs, Lang::En) => {
            format!("Careful! After this move the enemy {by} can take your {piece} for nothing.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Point;

    #[test]
    fn each_warning_names_the_pieces_with_their_ranks() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        let w = Warning {
            kind: Kind::Hangs,
            piece: Role::MajorGeneral,
            by: Role::General,
            from: p("c7"),
            at: p("c6"),
        };
        assert_eq!(
            warning(&w, Lang::En),
            "Careful! After this move the enemy General (39) can take your Major General (38) for nothing."
        );
        assert_eq!(
            warning(&w, Lang::Zh),
            "小心！走了这步，对方的军长（39）能白吃你的师长（38）。"
        );
        let mine = Warning {
            kind: Kind::Loses,
            by: Role::Landmine,
            ..w
        };
        assert_eq!(
            warning(&mine, Lang::En),
            "Careful! Your Major General (38) loses to the enemy Landmine."
        );
    }
}
