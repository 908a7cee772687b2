//! Seeds with secrets in them. A game has one seed, drawn fresh; every seed that decides
//! something hidden (the computer's formation) or that leaves the referee (the computer
//! player's and the hint's requests, the game id in the page) is derived from it by a one-way
//! function, one per purpose: knowing one of them tells nothing of the game seed nor of any
//! other. The function is SHA-256 of a domain tag and the seed, so it never changes between
//! builds or platforms (a saved game rebuilds the same formation).

use sha2::{Digest, Sha256};

/// What a derived seed is for (its domain tag).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's formation in 明棋 and 暗棋 (games saved with [`SCHEME`] 1 and later).
    Formation,
    /// The computer player's own choices.
    Computer,
    /// The hint button's question (it acts for the person: it must know nothing hidden).
    Hint,
    /// The low part of the game id, which reaches the page (`data-record`).
    Id,
}

impl Purpose {
    fn tag(self) -> &'static [u8] {
        match self {
            Purpose::Formation => b"junqi.seed.formation.v1",
            Purpose::Computer => b"junqi.seed.computer.v1",
            Purpose::Hint => b"junqi.seed.hint.v1",
            Purpose::Id => b"junqi.seed.id.v1",
        }
    }
}

/// The seed scheme of games started by this version: 1, every secret through [`derive`]. Games
/// saved before (scheme 0) keep building the computer's formation from `seed ^ 0xA5A5`.
pub const SCHEME: u32 = 1;

/// The seed for `purpose` from a game's seed: the first 8 bytes of SHA-256(tag, 0, seed).
pub fn derive(seed: u64, purpose: Purpose) -> u64 {
    let mut h = Sha256::new();
    h.update(purpose.tag());
    h.update([0u8]);
    h.update(seed.to_le_bytes());
    let out = h.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&out[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_are_fixed_distinct_and_unlike_the_seed() {
        // Fixed for all time: saved games rebuild their formation from these.
        assert_eq!(derive(0, Purpose::Formation), derive(0, Purpose::Formation));
        let purposes = [
            Purpose::Formation,
            Purpose::Computer,
            Purpose::Hint,
            Purpose::Id,
        ];
        for seed in [0u64, 1, 0x5EED, u64::MAX] {
            let all: Vec<u64> = purposes.iter().map(|p| derive(seed, *p)).collect();
            for (i, a) in all.iter().enumerate() {
                assert_ne!(*a, seed);
                assert_ne!(a & 0xFFFF, seed & 0xFFFF, "no low bits of the seed");
                assert!(all[i + 1..].iter().all(|b| b != a), "one seed per purpose");
            }
        }
        // A neighbouring seed gives an unrelated value (about half the bits differ).
        let d = (derive(1, Purpose::Hint) ^ derive(2, Purpose::Hint)).count_ones();
        assert!((16..=48).contains(&d), "{d}");
    }
}
