//! Sentences about what one action did, as one seat knew it when it was played: the move
//! list's rows ("司令 c6×c7 吃"; "?" for a piece the viewer could not see) and the caption by
//! the board ("Your Field Marshal and Black's hidden piece on c7 are both gone. …").

use super::{color_name, result_word, role_name, Lang};
use junqi_core::{Action, ActionResult, Piece, Point, PublicEvent, Role, Seat};

/// The two pieces of an action as one seat knew them when it was played (`None`: a piece
/// that seat could not see): the mover (for a flip, the piece turned up) and the piece on the
/// point it went to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    pub mover: Option<Piece>,
    pub target: Option<Piece>,
}

impl Known {
    /// What `event` moved and met, with `at` naming the piece a seat saw on a point before it:
    /// a flip names the piece it turned up.
    pub fn of(event: &PublicEvent, at: impl Fn(Point) -> Option<Piece>) -> Known {
        match event.action {
            None => Known {
                mover: None,
                target: None,
            },
            Some(Action::Flip(p)) => Known {
                mover: event
                    .revealed
                    .iter()
                    .find(|(q, _)| *q == p)
                    .map(|(_, piece)| *piece),
                target: None,
            },
            Some(Action::Move { from, to }) => Known {
                mover: at(from),
                target: at(to),
            },
        }
    }
}

/// A row of the move list: the mover's name, the points and the result word.
pub fn move_row(ev: &PublicEvent, known: Known, lang: Lang) -> String {
    let name = known.mover.map_or("?", |p| role_name(p.role, lang));
    let word = result_word(ev.result, lang);
    match ev.action {
        Some(Action::Move { from, to }) if ev.result == ActionResult::Move => {
            format!("{name} {from}-{to}")
        }
        Some(Action::Move { from, to }) => format!("{name} {from}×{to} {word}"),
        Some(Action::Flip(p)) => format!("{p} {word} {name}"),
        // A turn that passed: the 2-player history leaves none.
        None => String::new(),
    }
}

/// "your Captain", "Black's Captain", "a hidden Black piece" (and the Chinese forms).
fn piece_words(
    piece: Option<Piece>,
    color: Option<Seat>,
    viewer: Option<Seat>,
    lang: Lang,
) -> String {
    let own = color.is_some() && color == viewer;
    let role = piece.map(|p| role_name(p.role, lang));
    match (lang, own, role, color) {
        (Lang::Zh, true, Some(r), _) => format!("你的{r}"),
        (Lang::Zh, true, None, _) => "你的棋子".to_string(),
        (Lang::Zh, false, Some(r), Some(c)) => format!("{}{r}", color_name(c, lang)),
        (Lang::Zh, false, None, Some(c)) => format!("{}暗子", color_name(c, lang)),
        (Lang::Zh, false, _, None) => "一枚棋子".to_string(),
        (Lang::En, true, Some(r), _) => format!("your {r}"),
        (Lang::En, true, None, _) => "your piece".to_string(),
        (Lang::En, false, Some(r), Some(c)) => format!("{}'s {r}", color_name(c, lang)),
        (Lang::En, false, None, Some(c)) => format!("a hidden {} piece", color_name(c, lang)),
        (Lang::En, false, _, None) => "a piece".to_string(),
    }
}

pub(crate) fn capitalised(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

/// One or two sentences: what the action did, then any flag it made public.
pub fn caption(ev: &PublicEvent, known: Known, viewer: Option<Seat>, lang: Lang) -> String {
    let by = ev.by;
    let other = by.map(|c| c.other_side());
    let mover = piece_words(known.mover, by, viewer, lang);
    let target = piece_words(known.target, other, viewer, lang);
    let mut out = match (ev.action, ev.result, lang) {
        (None, _, _) => String::new(),
        (Some(Action::Flip(p)), _, Lang::Zh) => {
            let piece = piece_words(known.mover, known.mover.map(|m| m.color), viewer, lang);
            format!("{p}翻出{piece}。")
        }
        (Some(Action::Flip(p)), _, Lang::En) => {
            let piece = piece_words(known.mover, known.mover.map(|m| m.color), viewer, lang);
            format!("{piece} turned up on {p}.")
        }
        (Some(Action::Move { from, to }), r, Lang::Zh) => match r {
            ActionResult::Move | ActionResult::Flip => format!("{mover}从{from}走到{to}。"),
            ActionResult::Win => format!("{mover}吃掉{target}（{to}）。"),
            ActionResult::Lose => format!("{mover}攻击{target}（{to}），被吃掉。"),
            ActionResult::Both => format!("{mover}与{target}（{to}）同归于尽。"),
            ActionResult::Capture => format!("{mover}夺得军旗（{to}）！"),
            ActionResult::Scout => format!("{mover}侦察{target}（{to}），被吃掉。"),
            ActionResult::Bounce => format!("{mover}碰到地雷（{to}），弹回{from}。"),
        },
        (Some(Action::Move { from, to }), r, Lang::En) => match r {
            ActionResult::Move | ActionResult::Flip => format!("{mover} moved {from}–{to}."),
            ActionResult::Win => format!("{mover} took {target} on {to}."),
            ActionResult::Lose => format!("{mover} attacked {target} on {to} and was taken."),
            ActionResult::Both => format!("{mover} and {target} on {to} are both gone."),
            ActionResult::Capture => format!("{mover} took the flag on {to}!"),
            ActionResult::Scout => {
                format!("{mover} scouted {target} on {to} and was taken.")
            }
            ActionResult::Bounce => {
                format!("{mover} hit the landmine on {to} and went back to {from}.")
            }
        },
    };
    out = capitalised(out);
    for (p, piece) in &ev.revealed {
        if piece.role != Role::Flag || matches!(ev.action, Some(Action::Flip(at)) if at == *p) {
            continue;
        }
        let c = color_name(piece.color, lang);
        out.push(' ');
        out.push_str(&match lang {
            Lang::Zh => format!("{c}司令已阵亡，军旗亮出（{p}）。"),
            Lang::En => format!("{c}'s Field Marshal is gone, so {c}'s flag is shown on {p}."),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Point;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn piece(color: Seat, role: Role) -> Option<Piece> {
        Some(Piece { color, role })
    }

    #[test]
    fn both_marshals_gone_says_why_the_flags_show() {
        let ev = PublicEvent {
            ply: 9,
            by: Some(Seat::RED),
            action: Some(Action::Move {
                from: pt("c6"),
                to: pt("c7"),
            }),
            result: ActionResult::Both,
            removed: vec![pt("c6"), pt("c7")],
            revealed: vec![
                (
                    pt("b12"),
                    Piece {
                        color: Seat::BLACK,
                        role: Role::Flag,
                    },
                ),
                (
                    pt("d1"),
                    Piece {
                        color: Seat::RED,
                        role: Role::Flag,
                    },
                ),
            ],
            assigned: None,
            left: Vec::new(),
            carried: None,
        };
        let known = Known {
            mover: piece(Seat::RED, Role::Marshal),
            target: None,
        };
        assert_eq!(
            caption(&ev, known, Some(Seat::RED), Lang::En),
            "Your Field Marshal and a hidden Black piece on c7 are both gone. \
             Black's Field Marshal is gone, so Black's flag is shown on b12. \
             Red's Field Marshal is gone, so Red's flag is shown on d1."
        );
        assert_eq!(move_row(&ev, known, Lang::Zh), "司令 c6×c7 同归于尽");
        assert_eq!(move_row(&ev, Known::default(), Lang::En), "? c6×c7 both");
        assert!(caption(&ev, Known::default(), Some(Seat::BLACK), Lang::Zh)
            .starts_with("红方暗子与你的棋子（c7）同归于尽。"));
    }

    #[test]
    fn flips_and_quiet_moves() {
        let flip = PublicEvent {
            ply: 1,
            by: None,
            action: Some(Action::Flip(pt("c4"))),
            result: ActionResult::Flip,
            removed: vec![],
            revealed: vec![(
                pt("c4"),
                Piece {
                    color: Seat::BLACK,
                    role: Role::Captain,
                },
            )],
            assigned: Some(Seat::BLACK),
            left: Vec::new(),
            carried: None,
        };
        let known = Known {
            mover: piece(Seat::BLACK, Role::Captain),
            target: None,
        };
        assert_eq!(
            caption(&flip, known, None, Lang::En),
            "Black's Captain turned up on c4."
        );
        assert_eq!(move_row(&flip, known, Lang::Zh), "c4 翻 连长");
        let quiet = PublicEvent {
            ply: 2,
            by: Some(Seat::BLACK),
            action: Some(Action::Move {
                from: pt("c7"),
                to: pt("c6"),
            }),
            result: ActionResult::Move,
            removed: vec![],
            revealed: vec![],
            assigned: None,
            left: Vec::new(),
            carried: None,
        };
        assert_eq!(
            caption(&quiet, Known::default(), Some(Seat::RED), Lang::En),
            "A hidden Black piece moved c7–c6."
        );
    }
}
