//! The notebook's words: the badge on a hidden piece, what a screen reader says of it, and the
//! reasons a tap shows — each from the core's notebook (`junqi_core::deduce::Notebook`), which
//! reads only what the seat may know.

use super::{guess_text, one_char, role_name, Lang, T};
use junqi_core::deduce::{roles_in, Clue, Contact, Notebook, RoleMask, ALL_ROLES};

pub const TITLE: T = T {
    zh: "笔记",
    en: "Notebook",
};
pub const EXPLAIN: T = T {
    zh: "笔记只写棋谱能证明的事，不写猜测。",
    en: "The notebook writes only what the record proves, never a guess.",
};
pub const NOTHING_YET: T = T {
    zh: "棋谱还没有证明这枚棋子的任何事。",
    en: "The record proves nothing about this piece yet.",
};

/// The roles of `m` joined: "军长或司令" / "Major General or Marshal".
fn list(m: RoleMask, lang: Lang) -> String {
    let names: Vec<&str> = roles_in(m).map(|r| role_name(r, lang)).collect();
    match (lang, names.as_slice()) {
        (_, []) => String::new(),
        (_, [one]) => (*one).to_string(),
        (Lang::Zh, [rest @ .., last]) => format!("{}或{last}", rest.join("、")),
        (Lang::En, [rest @ .., last]) => format!("{} or {last}", rest.join(", ")),
    }
}

/// A set of roles in words: the roles when they are few, else what it cannot be.
pub fn roles(m: RoleMask, lang: Lang) -> String {
    let out = ALL_ROLES & !m;
    if m.count_ones() <= 6 || out == 0 {
        return list(m, lang);
    }
    let names: Vec<&str> = roles_in(out).map(|r| role_name(r, lang)).collect();
    match lang {
        Lang::Zh => format!("不是{}", names.join("、")),
        Lang::En => format!("not a {}", names.join(" or ")),
    }
}

/// The short badge on a hidden piece: its proven role, up to three roles, or the one or two it
/// cannot be; `None` when the set says too little to fit.
pub fn badge(m: RoleMask, lang: Lang) -> Option<String> {
    let n = m.count_ones();
    if n == 0 {
        return None;
    }
    if n <= 3 {
        return Some(
            roles_in(m)
                .map(|r| guess_text(r, lang))
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    let out = ALL_ROLES & !m;
    match out.count_ones() {
        1 | 2 => Some(match lang {
            Lang::Zh => format!("≠{}", roles_in(out).map(one_char).collect::<String>()),
            Lang::En => format!(
                "≠{}",
                roles_in(out)
                    .map(|r| guess_text(r, lang))
                    .collect::<Vec<_>>()
                    .join("/")
            ),
        }),
        _ => None,
    }
}

/// What a screen reader hears after a hidden piece's words: the set proven, when it is narrower
/// than every role.
pub fn spoken(m: RoleMask, lang: Lang) -> Option<String> {
    (m != ALL_ROLES && m != 0).then(|| match lang {
        Lang::Zh => format!("，笔记：{}", roles(m, lang)),
        Lang::En => format!(", notebook: {}", roles(m, lang)),
    })
}

/// The piece a contact met, in the reader's words: `yours` on the 2-player board, where the
/// seat knows only its own pieces ("your 师长"); on the cross any piece it saw ("a 师长").
pub fn met_piece(role: Option<junqi_core::Role>, yours: bool, lang: Lang) -> String {
    match (role, lang, yours) {
        (Some(r), Lang::Zh, true) => format!("你的{}", role_name(r, lang)),
        (Some(r), Lang::Zh, false) => format!("一枚{}", role_name(r, lang)),
        (Some(r), Lang::En, true) => format!("your {}", role_name(r, lang)),
        (Some(r), Lang::En, false) => format!("a {}", role_name(r, lang)),
        (None, Lang::Zh, _) => "一枚暗子".to_string(),
        (None, Lang::En, _) => "a hidden piece".to_string(),
    }
}

/// The reasons for piece `i` of `book`, one line each: what it can be, then its setup point,
/// each clue in the order of the record, what the counts add, and the few pieces that share a
/// role's last copies. `other(role)` names a piece it met whose role the seat knows ("your
/// 师长"); `place(j)` names piece `j` (its point, or `None` once lost).
pub fn why(
    book: &Notebook,
    i: usize,
    lang: Lang,
    other: &dyn Fn(Option<junqi_core::Role>) -> String,
    place: &dyn Fn(usize) -> Option<String>,
) -> Vec<String> {
    let Some(note) = book.notes.get(i) else {
        return Vec::new();
    };
    let zh = lang == Lang::Zh;
    let mut lines = Vec::new();
    let set = list(note.possible, lang);
    let out = match lang {
        Lang::Zh => roles_in(ALL_ROLES & !note.possible)
            .map(|r| role_name(r, lang))
            .collect::<Vec<_>>()
            .join("、"),
        Lang::En => list(ALL_ROLES & !note.possible, lang),
    };
    lines.push(match (note.possible.count_ones(), zh) {
        (1, true) => format!("已证明：{set}。"),
        (1, false) => format!("Proven: {set}."),
        (n, true) if n > 6 => format!("除了{out}，都有可能。"),
        (n, false) if n > 6 => format!("It can be anything but a {out}."),
        (_, true) => format!("可能是：{set}。"),
        (_, false) => format!("It can be: {set}."),
    });
    let said_before = lines.len();
    let out = ALL_ROLES & !note.setup;
    if out != 0 {
        let names = list(out, lang);
        lines.push(if zh {
            format!("它开局的位置不能放{names}。")
        } else {
            format!("Where it was set up, no {names} may stand.")
        });
    }
    for clue in &note.clues {
        lines.push(clue_line(clue, lang, other));
    }
    let counted = book.by_counts(i);
    if counted != 0 {
        let names = list(counted, lang);
        lines.push(if zh {
            format!("按双方棋子的数目推算：不是{names}。")
        } else {
            format!("Counting the army's pieces: not a {names}.")
        });
    }
    for among in book.among(i, 4) {
        let standing: Vec<String> = among.pieces.iter().filter_map(|&j| place(j)).collect();
        let lost = among.pieces.len() - standing.len();
        let mut names = standing.join(if zh { "、" } else { ", " });
        if lost > 0 {
            if !names.is_empty() {
                names.push_str(if zh { "，以及" } else { " and " });
            }
            names.push_str(&if zh {
                format!("{lost}枚已被吃掉的棋子")
            } else if lost == 1 {
                "one piece already taken".to_string()
            } else {
                format!("{lost} pieces already taken")
            });
        }
        let role = role_name(among.role, lang);
        let n = among.pieces.len();
        lines.push(if zh {
            format!("还剩{}个{role}，在这{n}枚之中：{names}。", among.left)
        } else {
            format!("{} {role} left among these {n}: {names}.", among.left)
        });
    }
    if lines.len() == said_before {
        lines.push(NOTHING_YET.get(lang).to_string());
    }
    lines
}

/// One clue in words.
fn clue_line(
    clue: &Clue,
    lang: Lang,
    other: &dyn Fn(Option<junqi_core::Role>) -> String,
) -> String {
    let zh = lang == Lang::Zh;
    match *clue {
        Clue::Moved { ply } => {
            if zh {
                format!("第{ply}步走动过：不是地雷或军旗。")
            } else {
                format!("Moved at ply {ply}: not a landmine or the flag.")
            }
        }
        Clue::Ran { ply } => {
            if zh {
                format!("第{ply}步在铁路上走了只有工兵能走的路线。")
            } else {
                format!("At ply {ply} it made a railway run only an engineer can make.")
            }
        }
        Clue::Shown { role, .. } => {
            if zh {
                format!("已向大家亮明：{}。", role_name(role, lang))
            } else {
                format!("Shown to everyone: {}.", role_name(role, lang))
            }
        }
        Clue::Met {
            ply,
            attacked,
            other: o,
            outcome,
            roles: allowed,
        } => {
            let o = other(o);
            let so = match (allowed.count_ones() > 6, zh) {
                (false, true) => format!("所以是{}", list(allowed, lang)),
                (false, false) => format!("so {}", list(allowed, lang)),
                (true, _) => format!(
                    "{}{}",
                    if zh { "所以" } else { "so " },
                    roles(allowed, lang)
                ),
            };
            let what = match (attacked, outcome, zh) {
                (true, Contact::AttackerWins, true) => format!("它进攻{o}并获胜"),
                (true, Contact::AttackerWins, false) => format!("it attacked {o} and won"),
                (true, Contact::DefenderWins, true) => format!("它进攻{o}，被{o}吃掉"),
                (true, Contact::DefenderWins, false) => format!("it attacked {o} and lost"),
                (true, Contact::BothRemoved, true) => format!("它进攻{o}，同归于尽"),
                (true, Contact::BothRemoved, false) => {
                    format!("it attacked {o} and both were removed")
                }
                (true, Contact::Bounced, true) => format!("它进攻{o}，被弹回"),
                (true, Contact::Bounced, false) => format!("it attacked {o} and bounced back"),
                (false, Contact::AttackerWins, true) => format!("{o}进攻它并获胜"),
                (false, Contact::AttackerWins, false) => format!("{o} attacked it and won"),
                (false, Contact::DefenderWins, true) => format!("{o}进攻它，被它吃掉"),
                (false, Contact::DefenderWins, false) => format!("{o} attacked it and lost"),
                (false, Contact::BothRemoved, true) => format!("{o}进攻它，同归于尽"),
                (false, Contact::BothRemoved, false) => {
                    format!("{o} attacked it and both were removed")
                }
                (false, Contact::Bounced, true) => format!("{o}进攻它，被弹回"),
                (false, Contact::Bounced, false) => format!("{o} attacked it and bounced off"),
            };
            if zh {
                format!("第{ply}步{what}：{so}。")
            } else {
                format!("At ply {ply} {what}: {so}.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::deduce::role_bit;
    use junqi_core::Role;

    fn m(roles: &[Role]) -> RoleMask {
        roles.iter().fold(0, |m, &r| m | role_bit(r))
    }

    #[test]
    fn badges_fit_on_a_piece() {
        assert_eq!(badge(m(&[Role::Engineer]), Lang::Zh).as_deref(), Some("32"));
        assert_eq!(
            badge(m(&[Role::General, Role::Marshal]), Lang::En).as_deref(),
            Some("40/39")
        );
        let moved = ALL_ROLES & !m(&[Role::Landmine, Role::Flag]);
        assert_eq!(badge(moved, Lang::Zh).as_deref(), Some("≠雷旗"));
        assert_eq!(badge(moved, Lang::En).as_deref(), Some("≠Mi/Fl"));
        assert_eq!(badge(ALL_ROLES, Lang::En), None);
        assert_eq!(badge(m(&Role::ALL[..6]), Lang::En), None);
    }

    #[test]
    fn sets_read_as_words() {
        assert_eq!(
            roles(m(&[Role::General, Role::Marshal]), Lang::Zh),
            "司令或军长"
        );
        let moved = ALL_ROLES & !m(&[Role::Landmine, Role::Flag]);
        assert_eq!(roles(moved, Lang::En), "not a Landmine or Flag");
        assert_eq!(spoken(ALL_ROLES, Lang::En), None);
    }

    /// A piece that beat the reader's 师长 (and three more that share the army's last
    /// 司令 and 军长): its reasons in both languages.
    #[test]
    fn a_tap_reads_the_reasons() {
        use junqi_core::deduce::{Note, Notebook};
        let strong = m(&[Role::Marshal, Role::General]);
        let note = |possible: RoleMask, clues: Vec<Clue>| Note {
            army: 0,
            setup: ALL_ROLES & !m(&[Role::Landmine, Role::Flag]),
            clues,
            own: possible,
            possible,
            lost: false,
        };
        let mut counts = [0u8; 12];
        for r in Role::ALL {
            counts[r as usize] = r.count();
        }
        let met = Clue::Met {
            ply: 12,
            attacked: true,
            other: Some(Role::MajorGeneral),
            outcome: Contact::AttackerWins,
            roles: strong,
        };
        let book = Notebook {
            notes: vec![
                note(strong, vec![met]),
                note(strong, vec![]),
                note(strong, vec![]),
            ],
            counts: vec![counts],
            exact: true,
        };
        let your = |r: Option<Role>| format!("your {}", r.map_or("?", |r| role_name(r, Lang::En)));
        let place = |j: usize| Some(["c7", "d8", "e9"][j].to_string());
        let en = why(&book, 0, Lang::En, &your, &place);
        assert_eq!(en[0], "It can be: Field Marshal or General.");
        assert_eq!(en[1], "Where it was set up, no Landmine or Flag may stand.");
        assert_eq!(
            en[2],
            "At ply 12 it attacked your Major General and won: so Field Marshal or General."
        );
        assert_eq!(en[3], "1 Field Marshal left among these 3: c7, d8, e9.");
        let yours = |r: Option<Role>| format!("你的{}", r.map_or("?", |r| role_name(r, Lang::Zh)));
        let zh = why(&book, 0, Lang::Zh, &yours, &place);
        assert_eq!(zh[2], "第12步它进攻你的师长并获胜：所以是司令或军长。");
        assert_eq!(zh[3], "还剩1个司令，在这3枚之中：c7、d8、e9。");
    }
}
