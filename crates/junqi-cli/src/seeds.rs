//! The seeds of a match, derived one-way from the match seed.
//!
//! PROTOCOL.md: engines never see hidden truth. The 翻棋 shuffle and the built-in players'
//! formations are secrets, so no engine may receive a value from which their seeds can be
//! computed. Every seed here is the first 8 bytes of SHA-256 over a domain tag, the purpose, the
//! match seed and the game's index: knowing any number of them (an engine's own seed, say) gives
//! neither the match seed nor any other purpose's seed, short of guessing the match seed itself.
//! SHA-256 (the `sha2` crate, RustCrypto) rather than a mixer like SplitMix64, whose finaliser is
//! a bijection that can be run backwards. The same match seed always gives the same seeds, so a
//! match replays exactly.

use sha2::{Digest, Sha256};

/// What a derived seed is for; each gives an independent stream.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The 翻棋 shuffle of one game (secret).
    Shuffle,
    /// A built-in player's formation in one game (secret); per player.
    Formation(Player),
    /// A built-in player's own choices while playing (secret); per player.
    Play(Player),
    /// The seed sent to an external engine in `new`, for its own randomness; per player.
    Engine(Player),
    /// A built-in player's formation in one 四国 game (secret); per place in `--seats` (0..4).
    SeatFormation(usize),
    /// A built-in 四国 player's own choices while playing (secret); per place in `--seats`.
    SeatPlay(usize),
    /// The seed sent to an external engine in a 四国 `new`; per place in `--seats`.
    SeatEngine(usize),
}

/// Which of the match's two players (`--red` is A, `--black` is B).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    A,
    B,
}

impl Purpose {
    fn tag(self) -> &'static str {
        match self {
            Purpose::Shuffle => "shuffle",
            Purpose::Formation(Player::A) => "formation/a",
            Purpose::Formation(Player::B) => "formation/b",
            Purpose::Play(Player::A) => "play/a",
            Purpose::Play(Player::B) => "play/b",
            Purpose::Engine(Player::A) => "engine/a",
            Purpose::Engine(Player::B) => "engine/b",
            Purpose::SeatFormation(0) => "siguo/formation/0",
            Purpose::SeatFormation(1) => "siguo/formation/1",
            Purpose::SeatFormation(2) => "siguo/formation/2",
            Purpose::SeatFormation(_) => "siguo/formation/3",
            Purpose::SeatPlay(0) => "siguo/play/0",
            Purpose::SeatPlay(1) => "siguo/play/1",
            Purpose::SeatPlay(2) => "siguo/play/2",
            Purpose::SeatPlay(_) => "siguo/play/3",
            Purpose::SeatEngine(0) => "siguo/engine/0",
            Purpose::SeatEngine(1) => "siguo/engine/1",
            Purpose::SeatEngine(2) => "siguo/engine/2",
            Purpose::SeatEngine(_) => "siguo/engine/3",
        }
    }
}

/// The seed for `purpose` in game number `game` of the match with seed `match_seed`.
pub fn derive(match_seed: u64, game: u64, purpose: Purpose) -> u64 {
    let mut h = Sha256::new();
    h.update(b"junqi match seed v1\0");
    h.update(purpose.tag().as_bytes());
    h.update([0]);
    h.update(match_seed.to_le_bytes());
    h.update(game.to_le_bytes());
    let digest = h.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// A fresh match seed from the operating system, for a match run without `--seed` (printed with
/// the results, so the match can be replayed). A small seed typed by hand can be guessed by an
/// engine that tries them all; a drawn one cannot.
pub fn fresh() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = [0u8; 8];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        use std::io::Read;
        if f.read_exact(&mut bytes).is_ok() {
            return u64::from_le_bytes(bytes);
        }
    }
    // std's hash maps are keyed from the operating system's randomness.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_fixed_and_distinct() {
        let all = [
            Purpose::Shuffle,
            Purpose::Formation(Player::A),
            Purpose::Formation(Player::B),
            Purpose::Play(Player::A),
            Purpose::Play(Player::B),
            Purpose::Engine(Player::A),
            Purpose::Engine(Player::B),
            Purpose::SeatFormation(0),
            Purpose::SeatFormation(1),
            Purpose::SeatFormation(2),
            Purpose::SeatFormation(3),
            Purpose::SeatPlay(0),
            Purpose::SeatPlay(1),
            Purpose::SeatPlay(2),
            Purpose::SeatPlay(3),
            Purpose::SeatEngine(0),
            Purpose::SeatEngine(1),
            Purpose::SeatEngine(2),
            Purpose::SeatEngine(3),
        ];
        let mut seen = std::collections::HashSet::new();
        for game in 0..4 {
            for p in all {
                assert_eq!(derive(7, game, p), derive(7, game, p));
                assert!(seen.insert(derive(7, game, p)), "{p:?} in game {game}");
            }
        }
        // Nothing like the old `seed * 2 + 1`.
        assert_ne!(derive(7, 0, Purpose::Engine(Player::A)), 15);
        assert_ne!(derive(7, 0, Purpose::Shuffle), 7);
    }
}
