//! The puzzles' words: each goal with its depth, what a move was, the menu's puzzle section.

use super::{role_name, Lang, T};
use junqi_core::{Point, Role};
use junqi_learn::puzzle::Aim;

/// What the puzzle screen says of the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleNote {
    /// Right, and the other side answered with `reply` (from, to): go on.
    Right { reply: Option<(Point, Point)> },
    /// Solved (`first_try`: without a wrong move).
    Solved { first_try: bool },
    /// A wrong move, answered by `reply` (from, to) when the refutation was found.
    Wrong { reply: Option<(Point, Point)> },
}

pub const TITLE: T = T {
    zh: "每日一题",
    en: "Puzzle of the day",
};
pub const SECTION: T = T {
    zh: "棋题",
    en: "Puzzles",
};
pub const NEXT: T = T {
    zh: "下一题",
    en: "Next puzzle",
};
pub const TODAY_DONE: T = T {
    zh: "今天的题已经解开了",
    en: "Today's puzzle is solved",
};

/// The goal: "Take the enemy flag in 2 moves".
pub fn goal(aim: Aim, depth: u32, target: Option<Role>, lang: Lang) -> String {
    match (aim, lang) {
        (Aim::Flag, Lang::Zh) if depth == 1 => "一步扛走对方的军旗".into(),
        (Aim::Flag, Lang::Zh) => format!("走{depth}步，扛走对方的军旗"),
        (Aim::Flag, Lang::En) if depth == 1 => "Take the enemy flag in one move".into(),
        (Aim::Flag, Lang::En) => format!("Take the enemy flag in {depth} moves"),
        (Aim::Take(_), Lang::Zh) => {
            let who = target.map_or("棋子", |r| role_name(r, lang));
            if depth == 1 {
                format!("吃掉星星上的{who}，自己一个子也不丢")
            } else {
                format!("{depth}步之内吃掉星星上的{who}，自己一个子也不丢")
            }
        }
        (Aim::Take(_), Lang::En) => {
            let who = target.map_or("piece", |r| role_name(r, lang));
            if depth == 1 {
                format!("Take the {who} on the star without losing a piece")
            } else {
                format!("Take the {who} on the star in {depth} moves without losing a piece")
            }
        }
        (Aim::Stop, Lang::Zh) => "对方要扛你的军旗了！走一步挡住它".into(),
        (Aim::Stop, Lang::En) => {
            "The enemy is about to take your flag! Stop it with one move".into()
        }
    }
}

/// What the last move was.
pub fn note(note: &PuzzleNote, lang: Lang) -> &'static str {
    match (note, lang) {
        (PuzzleNote::Right { .. }, Lang::Zh) => "对！接着走。",
        (PuzzleNote::Right { .. }, Lang::En) => "Right! Keep going.",
        (PuzzleNote::Solved { first_try: true }, Lang::Zh) => "解开了！一次就对。",
        (PuzzleNote::Solved { first_try: true }, Lang::En) => "Solved, at the first try!",
        (PuzzleNote::Solved { .. }, Lang::Zh) => "解开了！",
        (PuzzleNote::Solved { .. }, Lang::En) => "Solved!",
        (PuzzleNote::Wrong { reply: Some(_) }, Lang::Zh) => "不是这一步：看对方怎么走。再试一次。",
        (PuzzleNote::Wrong { reply: Some(_) }, Lang::En) => {
            "Not this one: see the enemy's answer. Try again."
        }
        (PuzzleNote::Wrong { reply: None }, Lang::Zh) => "不是这一步。再试一次。",
        (PuzzleNote::Wrong { reply: None }, Lang::En) => "Not this one. Try again.",
    }
}

/// "3 of 240 solved · 2-day streak".
pub fn score(solved: usize, total: usize, streak: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("已解 {solved}/{total} 题 · 连续 {streak} 天"),
        Lang::En => format!("{solved} of {total} solved · {streak}-day streak"),
    }
}

/// "Rating 940".
pub fn rating(r: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("难度 {r}"),
        Lang::En => format!("Rating {r}"),
    }
}
