//! The strategy course's words: each level's idea in one or two short sentences, shown on the
//! goal card and spoken, in place of the rules course's goal sentence. The names of the points
//! are the players' own (锋线, 棋眉, 咽部 …), kept in Chinese in both languages beside an
//! English gloss; pieces are named with their rank numbers, as the course's pieces show them.

use super::T;

/// The heading over the strategy course in the menu.
pub const PART: T = T {
    zh: "下好棋的办法",
    en: "Playing well",
};

/// The idea of a strategy level, by lesson id (`None` for the rules course's levels).
pub fn idea(id: &str) -> Option<T> {
    let t = |zh, en| Some(T { zh, en });
    match id {
        "points-1" => t(
            "你最前面的一排叫锋线，离对方最近。点一点锋线上的一个点。",
            "Your front row, nearest the enemy, is the 锋线 (front line). Tap a point on it.",
        ),
        "points-2" => t(
            "锋线正中间左右的两个点叫棋眉。点一个棋眉。",
            "The two points either side of the front row's middle are the 棋眉 (eyebrows). Tap one.",
        ),
        "points-3" => t(
            "第二排正中间的点叫咽部，就是喉咙。点一点咽部。",
            "The middle point of your second row is the 咽部 (throat). Tap it.",
        ),
        "points-4" => t(
            "你这边正中间的行营叫中营。点一点中营。",
            "The camp in the very middle of your side is the 中营 (middle camp). Tap it.",
        ),
        "points-5" => t(
            "中营左右的两个点叫左腹和右腹。点一个。",
            "The points left and right of the 中营 are the 左腹 and 右腹 (belly). Tap one.",
        ),
        "points-6" => t(
            "中营下面的点叫脐部，就是肚脐。点一点脐部。",
            "The point just below the 中营 is the 脐部 (navel). Tap it.",
        ),
        "points-7" => t(
            "军旗这一边、最下面的行营叫旗营。点一点旗营。",
            "The lowest camp on your flag's side is the 旗营 (flag camp). Tap it.",
        ),
        "points-8" => t(
            "两个大本营上面各有一个点，它们中间的点叫台中。点一点台中。",
            "Above each headquarters is a point; the one between them is the 台中 (between the stands). Tap it.",
        ),
        "points-9" => t(
            "军旗正上方的点叫旗台。守旗先守旗台。点一点旗台。",
            "The point right above your flag is the 旗台 (flag stand): guard it first. Tap it.",
        ),
        "points-10" => t(
            "旗台旁边、靠边的点叫旗角。点一点旗角。",
            "The edge point beside the 旗台 is the 旗角 (flag corner). Tap it.",
        ),
        "points-11" => t(
            "另一边的角没有军旗，叫虚角。点一点虚角。",
            "The corner on the side without your flag is the 虚角 (empty corner). Tap it.",
        ),
        "points-12" => t(
            "你最后面的一排叫端线，军旗就在这一排。点一点端线上的一个点。",
            "Your last row, where the flag stands, is the 端线 (end line). Tap a point on it.",
        ),
        "defend-1" => t(
            "对方的工兵能顺着铁路冲到你的旗台。先站到旗台上挡住它。",
            "The enemy engineer can race down the railway to your 旗台. Stand on it first to block the way.",
        ),
        "defend-2" => t(
            "对方的营长（35）站到了你的旗台上！马上用比它大的棋子吃掉它。",
            "An enemy Major (35) is on your 旗台! Take it at once with a piece that beats it.",
        ),
        "defend-3" => t(
            "对方的军长（39）到了你的旗台，你的师长打不过它。用炸弹和它同归于尽。",
            "The enemy General (39) is on your 旗台 and your Major General (38) cannot beat it. Your bomb takes it with it.",
        ),
        "defend-4" => t(
            "对方的工兵在铁路上，一下就能冲到你的军旗旁边。趁它还没跑，吃掉它。",
            "An enemy engineer on the railway can reach your flag in one run. Take it before it goes.",
        ),
        "attack-1" => t(
            "没有棋子吃得掉对方的司令（40），炸弹可以。让炸弹沿着铁路过去。",
            "None of your pieces beats the enemy Field Marshal (40), but a bomb does. Send it along the railway.",
        ),
        "attack-2" => t(
            "地雷只怕工兵。别让师长去碰，让工兵沿着铁路跑过去排雷。",
            "Only an engineer clears a landmine. Keep your Major General away and send the engineer along the railway.",
        ),
        "attack-3" => t(
            "对方的团长守在军旗前。用你的团长和它同归于尽，再让排长去扛旗。",
            "A Colonel (36) guards the enemy flag. Trade your Colonel for it, then your Lieutenant (33) can walk in.",
        ),
        "attack-4" => t(
            "地雷守着对方军旗的两边。别去碰雷，从没有地雷的那边进去。",
            "Landmines guard two sides of the enemy flag. Keep off them and go in from the open side.",
        ),
        "hidden-1" => t(
            "对方的司令（40）守在军旗前，什么棋子也打不过它。先用炸弹炸掉司令，再让排长去扛旗。",
            "The enemy Field Marshal (40) guards the flag and nothing beats it. Bomb it first, then your Lieutenant (33) takes the flag.",
        ),
        "hidden-2" => t(
            "暗棋里看不见对方的棋子。带星的这个刚吃掉了你的师长（38），只有军长（39）和司令（40）能做到。值得用炸弹去炸它。",
            "In 暗棋 you cannot see the enemy pieces. The one with the star just took your Major General (38): only a 39 or a 40 can do that. It is worth your bomb.",
        ),
        "hidden-3" => t(
            "对方最后两排里一动不动的棋子可能是地雷。先派工兵去试，别让师长去碰。",
            "A hidden piece in the enemy's last two rows that never moves may be a landmine. Send your engineer to try it, not your Major General.",
        ),
        "hidden-4" => t(
            "大本营前面的棋子吃掉了你的军长（39），还走到了它的位置上：它一定是司令（40）。炸掉它，对方的军旗就会亮出来，再去扛旗。",
            "The piece in front of the enemy headquarters beat your General (39) and moved onto its point: it must be the Field Marshal (40). Bomb it, the enemy flag is shown, then go and take it.",
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_learn::course;

    #[test]
    fn every_strategy_level_has_its_idea_and_no_rules_level_has_one() {
        let c = course();
        for l in &c.lessons {
            assert_eq!(idea(&l.id).is_some(), c.is_strategy(l), "{}", l.id);
        }
    }
}
