//! The reading commands of the 2-player board and its move box, in the spirit of a blind-mode
//! chess board: where the viewer's pieces stand and what a piece can reach (and what it would
//! meet there). Everything is read from the viewer's own view, so nothing hidden is said.

use super::board_words::{kind, occupant, seat_occupant};
use super::{color_name, role_name, Lang, T};
use junqi_core::seat::Seat;
use junqi_core::siguo::{Point as SgPoint, Position as SgPosition};
use junqi_core::{contact, Action, Clash, PlayerView, Point, Role, Topology};

/// A reading command: typed in the move box or pressed on the board (`P`: the board's point).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Read<P = Point> {
    /// `l`: the last action and what it did.
    Last,
    /// `p`: where the viewer's pieces stand.
    Mine,
    /// `x c6`: what the piece on a point can reach (`None`: no point was given).
    Reach(Option<P>),
    /// `t`: whose turn it is, and the clocks.
    Turn,
    /// `?`: the list of keys and commands.
    Keys,
}

impl<P: std::str::FromStr> Read<P> {
    /// The command a typed text is, if it is one (`l`, `p`, `t`, `?`, `x c6`; on the cross
    /// `x Sa4`).
    pub fn parse(text: &str) -> Option<Read<P>> {
        let mut words = text.split_whitespace();
        let first = words.next()?.to_ascii_lowercase();
        let rest = words.next();
        if words.next().is_some() {
            return None;
        }
        Some(match (first.as_str(), rest) {
            ("l" | "last", None) => Read::Last,
            ("p" | "pieces", None) => Read::Mine,
            ("t" | "turn", None) => Read::Turn,
            ("?" | "help", None) => Read::Keys,
            ("x", None) => Read::Reach(None),
            ("x", Some(p)) => Read::Reach(Some(p.parse().ok()?)),
            _ => return None,
        })
    }
}

/// The key list (`?`): each key or command and what it does, on the 2-player board and the
/// 四国 cross alike.
pub const KEYS: [(&str, T); 11] = [
    (
        "← ↑ → ↓",
        T {
            zh: "在棋盘上移动光标",
            en: "move the cursor over the board",
        },
    ),
    (
        "Enter / Space",
        T {
            zh: "拿起、放下棋子（布阵时交换，翻棋里翻开）",
            en: "pick a piece up and put it down (a swap in setup, a flip in 翻棋)",
        },
    ),
    (
        "Esc",
        T {
            zh: "放回拿起的棋子",
            en: "put the piece back",
        },
    ),
    (
        "G",
        T {
            zh: "在对方暗子上标记猜测",
            en: "mark a guess on a hidden enemy piece",
        },
    ),
    (
        "X",
        T {
            zh: "光标处的棋子能走到哪里、会遇到什么（输入 x c6）",
            en: "where the piece under the cursor can go and what it meets there (type x c6)",
        },
    ),
    (
        "P",
        T {
            zh: "你的棋子都在哪里（输入 p）",
            en: "where your pieces stand (type p)",
        },
    ),
    (
        "L",
        T {
            zh: "上一步走了什么（输入 l）",
            en: "the last move and what it did (type l)",
        },
    ),
    (
        "T",
        T {
            zh: "轮到谁走、棋钟（输入 t）",
            en: "whose turn it is, and the clocks (type t)",
        },
    ),
    (
        "c6-c7",
        T {
            zh: "在走法框里输入一步棋（四国：Sa4-Ea0）",
            en: "type a move in the move box (四国: Sa4-Ea0)",
        },
    ),
    (
        "Tab",
        T {
            zh: "在棋盘、走法框和按钮之间切换",
            en: "go between the board, the move box and the buttons",
        },
    ),
    (
        "?",
        T {
            zh: "显示这张按键表",
            en: "show this list of keys",
        },
    ),
];

pub const KEYS_TITLE: T = T {
    zh: "按键与命令",
    en: "Keys and commands",
};

impl Read {
    /// A key's command read at the cursor's point `p` (X reads the piece there).
    pub fn at<Q>(self, p: Q) -> Read<Q> {
        match self {
            Read::Last => Read::Last,
            Read::Mine => Read::Mine,
            Read::Reach(_) => Read::Reach(Some(p)),
            Read::Turn => Read::Turn,
            Read::Keys => Read::Keys,
        }
    }
}

pub const NO_MOVE_YET: T = T {
    zh: "还没有人走棋。",
    en: "No move has been played yet.",
};
pub const LAST_PREFIX: T = T {
    zh: "上一步：",
    en: "Last move: ",
};
const SAY_WHICH: T = T {
    zh: "请说出哪个点：例如 x c6。",
    en: "Say which point: for example x c6.",
};
const NO_COLOUR_YET: T = T {
    zh: "你还没有颜色：翻开第一枚棋子后才知道。",
    en: "You have no colour yet: the first piece turned up gives you one.",
};

/// Where the viewer's pieces stand, strongest first, with the count of the other side's
/// pieces and of face-down pieces ("Your pieces, 25: Field Marshal c6; Engineer ×3 a1, b2, c3.
/// Black: 25 pieces.").
pub fn mine(view: &PlayerView, lang: Lang) -> String {
    let down = count(view, |o| o.face_down);
    let Some(me) = view.me else {
        return pieces_text::<Point>(None, &[], down, lang);
    };
    let own: Vec<(Point, Role)> = Point::all()
        .filter_map(|p| {
            let o = view.cells[p.index()]?;
            (o.color == Some(me)).then_some((p, o.role?))
        })
        .collect();
    let other = match me {
        Seat::RED => Seat::BLACK,
        _ => Seat::RED,
    };
    let theirs = count(view, |o| o.color == Some(other));
    let others = [(color_name(other, lang).to_string(), theirs)];
    pieces_text(Some(&own), &others, down, lang)
}

/// The 四国 viewer's pieces, strongest first, and how many pieces each other seat still has.
/// `pieces` is the board as the viewer sees it (the 4-player table's `pieces`).
pub fn siguo_mine(pieces: &[(SgPoint, Seat, Option<Role>)], viewer: Seat, lang: Lang) -> String {
    let own: Vec<(SgPoint, Role)> = pieces
        .iter()
        .filter(|(_, s, _)| *s == viewer)
        .filter_map(|(p, _, r)| Some((*p, (*r)?)))
        .collect();
    let others: Vec<(String, usize)> = Seat::ALL
        .into_iter()
        .filter(|s| *s != viewer)
        .map(|s| {
            let n = pieces.iter().filter(|(_, o, _)| *o == s).count();
            (super::siguo_text::seat_name(s, lang).to_string(), n)
        })
        .collect();
    pieces_text(Some(&own), &others, 0, lang)
}

/// The words of [`mine`] and [`siguo_mine`]: `own` (`None`: no colour yet) grouped by role,
/// the other sides' counts, the face-down count.
fn pieces_text<P: std::fmt::Display>(
    own: Option<&[(P, Role)]>,
    others: &[(String, usize)],
    down: usize,
    lang: Lang,
) -> String {
    let mut out = String::new();
    match own {
        None => out.push_str(NO_COLOUR_YET.get(lang)),
        Some(own) => {
            let list: Vec<String> = Role::ALL
                .into_iter()
                .filter_map(|role| {
                    let at: Vec<String> = own
                        .iter()
                        .filter(|(_, r)| *r == role)
                        .map(|(p, _)| p.to_string())
                        .collect();
                    if at.is_empty() {
                        return None;
                    }
                    let n = if at.len() > 1 {
                        format!(" ×{}", at.len())
                    } else {
                        String::new()
                    };
                    let joined = at.join(match lang {
                        Lang::Zh => "、",
                        Lang::En => ", ",
                    });
                    Some(format!("{}{n} {joined}", role_name(role, lang)))
                })
                .collect();
            let total = own.len();
            match lang {
                Lang::Zh => out.push_str(&format!("你的棋子 {total} 枚：{}。", list.join("；"))),
                Lang::En => out.push_str(&format!("Your pieces, {total}: {}.", list.join("; "))),
            }
            for (name, n) in others {
                match lang {
                    Lang::Zh => out.push_str(&format!("{name}还有 {n} 枚。")),
                    Lang::En => out.push_str(&format!(" {name}: {n} pieces.")),
                }
            }
        }
    }
    if down > 0 {
        match lang {
            Lang::Zh => out.push_str(&format!("未翻开的棋子 {down} 枚。")),
            Lang::En => out.push_str(&format!(" Face-down pieces: {down}.")),
        }
    }
    out
}

fn count(view: &PlayerView, f: impl Fn(&junqi_core::Occupant) -> bool) -> usize {
    view.cells.iter().flatten().filter(|o| f(o)).count()
}

/// One point a piece can reach, in words: its name, its kind, what stands there as the viewer
/// knows it, and what a contact would do where the enemy piece is known.
struct Reached {
    name: String,
    kind: &'static str,
    what: String,
    clash: Option<Clash>,
}

/// What the piece on `at` can reach now, each point with what stands there as the viewer
/// knows it (and `guesses`, the viewer's own marks) and, where the enemy piece is known, what
/// the contact would do.
pub fn reach(view: &PlayerView, at: Option<Point>, guesses: &[Option<Role>], lang: Lang) -> String {
    let Some(at) = at else {
        return SAY_WHICH.get(lang).to_string();
    };
    let own = view.cells[at.index()]
        .filter(|o| o.color.is_some() && o.color == view.me)
        .and_then(|o| o.role);
    let Some(role) = own else {
        let down = view.cells[at.index()].is_some_and(|o| o.face_down);
        return not_yours(&at.to_string(), down, lang);
    };
    let board = Topology::standard();
    let dests: Vec<Reached> = view
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { from, to } if from == at => Some(to),
            _ => None,
        })
        .map(|to| {
            let cell = view.cells[to.index()];
            Reached {
                name: to.to_string(),
                kind: kind(board.kind(to), board.is_rail(to), lang),
                what: occupant(
                    cell.map(|o| (o.color, o.role)),
                    view.me,
                    guesses.get(to.index()).copied().flatten(),
                    false,
                    lang,
                ),
                clash: cell
                    .and_then(|o| o.role)
                    .map(|d| contact(role, d, view.mode, &view.rules)),
            }
        })
        .collect();
    reach_text(&at.to_string(), role, &dests, lang)
}

/// What the 四国 viewer's piece on `at` can reach (`dests`, the referee's legal destinations),
/// each point with what stands there as the viewer sees it and its guess marks; contacts as the
/// table decides them. `view` is the position as the viewer may see it.
pub fn siguo_reach(
    view: &SgPosition,
    pieces: &[(SgPoint, Seat, Option<Role>)],
    guesses: &[(SgPoint, Role)],
    viewer: Seat,
    at: Option<SgPoint>,
    dests: &[SgPoint],
    lang: Lang,
) -> String {
    let Some(at) = at else {
        return SAY_WHICH.get(lang).to_string();
    };
    let own = pieces
        .iter()
        .find(|(p, s, _)| *p == at && *s == viewer)
        .and_then(|(_, _, r)| *r);
    let Some(role) = own else {
        return not_yours(&at.to_string(), false, lang);
    };
    let list: Vec<Reached> = dests
        .iter()
        .map(|&to| {
            let piece = pieces.iter().find(|(p, _, _)| *p == to);
            let guess = guesses.iter().find(|(p, _)| *p == to).map(|(_, r)| *r);
            Reached {
                name: to.to_string(),
                kind: kind(view.board().kind(to), view.board().is_rail(to), lang),
                what: seat_occupant(
                    piece.map(|(_, s, r)| (super::siguo_text::seat_name(*s, lang), false, *r)),
                    guess,
                    false,
                    lang,
                ),
                clash: piece
                    .and_then(|(_, _, r)| *r)
                    .map(|d| contact(role, d, view.contact_mode(), &view.rules().rules)),
            }
        })
        .collect();
    reach_text(&at.to_string(), role, &list, lang)
}

fn not_yours(at: &str, face_down: bool, lang: Lang) -> String {
    match (face_down, lang) {
        (true, Lang::Zh) => format!("{at} 上是未翻开的棋子：输入 {at} 翻开它。"),
        (true, Lang::En) => format!("{at} holds a face-down piece: type {at} to turn it up."),
        (false, Lang::Zh) => format!("{at} 上没有你的棋子。"),
        (false, Lang::En) => format!("No piece of yours stands on {at}."),
    }
}

/// The words of [`reach`] and [`siguo_reach`].
fn reach_text(at: &str, role: Role, dests: &[Reached], lang: Lang) -> String {
    let piece = role_name(role, lang);
    if dests.is_empty() {
        return match (role.is_movable(), lang) {
            (false, Lang::Zh) => format!("{at} 上你的{piece}不能移动。"),
            (false, Lang::En) => format!("Your {piece} on {at} never moves."),
            (true, Lang::Zh) => format!("{at} 上你的{piece}现在无路可走。"),
            (true, Lang::En) => format!("Your {piece} on {at} has no move now."),
        };
    }
    let items: Vec<String> = dests
        .iter()
        .map(|d| {
            let mut text = match lang {
                Lang::Zh => format!("{} {}，{}", d.name, d.kind, d.what),
                Lang::En => format!("{} {}, {}", d.name, d.kind, d.what),
            };
            if let Some(clash) = d.clash {
                text.push_str(match lang {
                    Lang::Zh => "，",
                    Lang::En => ": ",
                });
                text.push_str(clash_words(clash).get(lang));
            }
            text
        })
        .collect();
    match lang {
        Lang::Zh => format!(
            "{at} 上你的{piece}可以走到 {} 处：{}。",
            items.len(),
            items.join("；")
        ),
        Lang::En => format!(
            "Your {piece} on {at} can reach {} point{}: {}.",
            items.len(),
            if items.len() == 1 { "" } else { "s" },
            items.join("; ")
        ),
    }
}

/// What a contact would do, said from the moving piece's side.
fn clash_words(clash: Clash) -> T {
    match clash {
        Clash::Win => T {
            zh: "你吃掉它",
            en: "yours takes it",
        },
        Clash::Lose => T {
            zh: "你的棋子被吃",
            en: "yours is lost",
        },
        Clash::Both => T {
            zh: "同归于尽",
            en: "both go",
        },
        Clash::Scout => T {
            zh: "工兵被吃但看清它",
            en: "the Engineer is lost and shows it",
        },
        Clash::Bounce => T {
            zh: "弹回原处",
            en: "yours bounces back",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Mode, Piece, Rules};

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    use crate::testing::classic_game as game;

    #[test]
    fn commands_are_read_from_the_box_and_the_keys() {
        let parse = Read::<Point>::parse;
        assert_eq!(parse(" L "), Some(Read::Last));
        assert_eq!(parse("p"), Some(Read::Mine));
        assert_eq!(parse("X c6"), Some(Read::Reach(Some(pt("c6")))));
        assert_eq!(parse("x"), Some(Read::Reach(None)));
        assert_eq!(parse("x z9"), None);
        assert_eq!(parse("c6-c7"), None);
        assert_eq!(parse("c6"), None);
        assert_eq!(parse("?"), Some(Read::Keys));
        let sa4: junqi_core::siguo::Point = "Sa4".parse().unwrap();
        assert_eq!(
            Read::<junqi_core::siguo::Point>::parse("x Sa4"),
            Some(Read::Reach(Some(sa4)))
        );
    }

    #[test]
    fn my_pieces_are_listed_strongest_first() {
        let g = game(Mode::Dark);
        let text = mine(&g.view(Some(Seat::RED)), Lang::En);
        assert!(
            text.starts_with("Your pieces, 25: Field Marshal "),
            "{text}"
        );
        assert!(text.contains("Engineer ×3 "), "{text}");
        assert!(text.ends_with(" Black: 25 pieces."), "{text}");
        let flip = game(Mode::Flip);
        let text = mine(&flip.view(None), Lang::En);
        assert!(text.starts_with("You have no colour yet"), "{text}");
        assert!(text.ends_with("Face-down pieces: 50."), "{text}");
    }

    #[test]
    fn reach_names_each_destination_as_the_viewer_knows_it() {
        let g = game(Mode::Dark);
        let view = g.view(Some(Seat::RED));
        let guesses = [None; junqi_core::types::POINTS];
        // Every destination named, none of Black's hidden pieces by its role.
        for p in Point::all() {
            let text = reach(&view, Some(p), &guesses, Lang::En);
            for role in Role::ALL {
                let name = role_name(role, Lang::En);
                assert!(!text.contains(&format!("Black's {name}")), "{text}");
            }
        }
        let front = Point::all()
            .find(|&p| {
                view.legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::Move { from, .. } if *from == p))
            })
            .unwrap();
        let text = reach(&view, Some(front), &guesses, Lang::En);
        assert!(text.contains(" can reach "), "{text}");
        assert_eq!(
            reach(&view, Some(pt("c12")), &guesses, Lang::En),
            "No piece of yours stands on c12."
        );
        assert_eq!(
            reach(&view, None, &guesses, Lang::En),
            "Say which point: for example x c6."
        );
        // A landmine never moves.
        let mine_at = Point::all()
            .find(|p| view.cells[p.index()].is_some_and(|o| o.role == Some(Role::Landmine)))
            .unwrap();
        assert!(reach(&view, Some(mine_at), &guesses, Lang::En).ends_with("never moves."));
    }

    #[test]
    fn reach_in_the_open_game_says_what_a_contact_does() {
        // Red's Captain on c6 faces Black's Lieutenant on c7 across the front.
        let c = |color, role| Piece::new(color, role).char();
        let jfen = format!(
            "3{}1/5/5/5/5/2{}2/2{}2/5/5/5/5/3{}1 r 0 1",
            c(Seat::BLACK, Role::Flag),
            c(Seat::BLACK, Role::Lieutenant),
            c(Seat::RED, Role::Captain),
            c(Seat::RED, Role::Flag),
        );
        let view =
            PlayerView::from_jfen(&jfen, Some(Seat::RED), Mode::Open, Rules::default()).unwrap();
        let text = reach(
            &view,
            Some(pt("c6")),
            &[None; junqi_core::types::POINTS],
            Lang::En,
        );
        assert!(
            text.contains("c7 railway post, Black's Lieutenant: yours takes it"),
            "{text}"
        );
        assert!(text.starts_with("Your Captain on c6 can reach "), "{text}");
        let zh = reach(
            &view,
            Some(pt("c6")),
            &[None; junqi_core::types::POINTS],
            Lang::Zh,
        );
        assert!(zh.contains("c7 铁路兵站，黑方的排长，你吃掉它"), "{zh}");
    }
}
