//! Hidden games (暗棋, 四暗, 双明): how likely what a hidden piece was seen to do is for each
//! role — how often it moved, how many of its moves attacked — as a weight on the worlds drawn
//! for search. One table per board, each fitted from the computer's own games on that board
//! (`examples/fit_behaviour.rs`, which says how), never from the hidden truth of the game being
//! played: each entry is P(bucket | role), in parts per 10 000 of that role's pieces.

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

/// P(bucket | role) for every bucket ([`bucket`]) and role (columns in [`Role`] order: 司令 …
/// 军旗).
pub type Likelihood = [[u16; 12]; BUCKETS];

/// The weight of `role` for a piece in bucket `b`.
pub fn weight(table: &Likelihood, b: usize, role: Role) -> u64 {
    table.get(b).map_or(1, |row| row[role as usize] as u64)
}

/// 暗棋: fitted from 2 000 games of level 3 against itself (`--seed 1000`), by the command in
/// `examples/fit_behaviour.rs`.
#[rustfmt::skip]
pub const FACING: Likelihood = [
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

/// 四暗 and 双明: fitted from 120 四暗 games of level 3 in every seat (`--seed 1000`), by the
/// command in `examples/fit_behaviour.rs`.
#[rustfmt::skip]
pub const CROSS: Likelihood = [
    [6019, 6269, 6886, 7138, 7804, 7950, 8094, 8059, 8303, 8693, 9999, 9997],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [591, 954, 1066, 1122, 930, 868, 858, 922, 962, 956, 1, 1],
    [491, 463, 388, 255, 171, 163, 98, 109, 22, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [97, 175, 192, 351, 432, 441, 456, 511, 483, 231, 1, 1],
    [280, 369, 320, 426, 273, 166, 142, 97, 43, 1, 1, 1],
    [773, 553, 349, 156, 32, 26, 10, 12, 81, 1, 1, 1],
    [12, 52, 66, 130, 128, 142, 188, 191, 59, 90, 1, 1],
    [52, 107, 110, 179, 105, 132, 73, 30, 6, 1, 1, 1],
    [1259, 865, 499, 161, 84, 47, 19, 14, 40, 1, 1, 1],
    [3, 1, 13, 20, 15, 37, 46, 49, 1, 28, 1, 1],
    [16, 5, 30, 28, 19, 14, 16, 7, 1, 1, 1, 1],
    [404, 188, 78, 33, 5, 14, 1, 1, 1, 1, 1, 1],
];
