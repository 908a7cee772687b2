//! 暗棋: how likely what an enemy piece was seen to do is for each role — how often it moved,
//! how many of its moves attacked — as a weight on the worlds drawn for search. The table is
//! fitted from the computer's own games (`examples/fit_behaviour.rs`, which says how), never
//! from the hidden truth of the game being played: each entry is P(bucket | role), in parts per
//! 10 000 of that role's pieces.

use junqi_core::Role;

/// Moves made: 0, 1, 2–3, 4–7, 8 or more; attacks among them: 0, 1, 2 or more.
pub const BUCKETS: usize = 15;

/// The bucket of a piece that moved `moves` times, `attacks` of them onto a piece.
pub fn bucket(moves: u16, attacks: u16) -> usize {
    let m = match moves {
        0 => 0,
        1 => 1,
        2..=3 => 2,
        4..=7 => 3,
        _ => 4,
    };
    let a = attacks.min(2) as usize;
    m * 3 + a
}

/// The weight of `role` for a piece in bucket `b`.
pub fn weight(b: usize, role: Role) -> u64 {
    LIKELIHOOD.get(b).map_or(1, |row| row[role as usize] as u64)
}

/// Fitted from 2 000 games of level 3 against itself (`--seed 1000`), by the command in
/// `examples/fit_behaviour.rs`. Rows: [`bucket`]; columns: [`Role`] order (司令 … 军旗).
#[rustfmt::skip]
pub const LIKELIHOOD: [[u16; 12]; BUCKETS] = [
    [5082, 5389, 6223, 6514, 7215, 7279, 7293, 7150, 6813, 7284, 9999, 9998],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [796, 1153, 1216, 1343, 1067, 1105, 1145, 1206, 1604, 1437, 1, 1],
    [517, 383, 273, 148, 120, 92, 70, 45, 10, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [331, 484, 549, 675, 629, 677, 696, 808, 989, 794, 1, 1],
    [563, 526, 441, 277, 198, 145, 104, 73, 22, 1, 1, 1],
    [697, 463, 223, 84, 43, 15, 7, 1, 1, 1, 1, 1],
    [97, 148, 198, 307, 320, 359, 386, 440, 438, 366, 1, 1],
    [303, 295, 289, 261, 150, 112, 93, 64, 23, 1, 1, 1],
    [1120, 853, 363, 150, 72, 36, 12, 2, 1, 1, 1, 1],
    [14, 17, 51, 79, 108, 127, 149, 183, 92, 118, 1, 1],
    [55, 74, 68, 84, 56, 47, 41, 27, 7, 1, 1, 1],
    [424, 214, 105, 78, 22, 7, 4, 1, 1, 1, 1, 1],
];
