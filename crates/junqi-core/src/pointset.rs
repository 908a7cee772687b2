//! Sets of board points, one bit each, wide enough for the largest board (the 129 points of the
//! 4-player cross). Both games use the one type: [`crate::Bitboard`] is a set of 2-player points,
//! [`crate::siguo::PointSet`] a set of 4-player points.
//!
//! Three 64-bit words, chosen by measuring 2-player perft (BENCHMARKS.md, "The 2-player game on
//! the general core"). Bits past the board's last point are always clear: `!` keeps only the
//! board's points, and a point cannot be made outside its board.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Words of a set.
pub const WORDS: usize = 3;
/// The most points a set can hold.
pub const CAPACITY: usize = WORDS * 64;

/// A point of some board: an index below [`BoardPoint::POINTS`].
pub trait BoardPoint: Copy + fmt::Display {
    /// Points on this kind of board (at most [`CAPACITY`]).
    const POINTS: usize;
    fn index(self) -> usize;
    /// The point at `index`, for the sets of this module only: they call it with
    /// `index < POINTS`, and nothing outside the crate can make the [`Token`] to call it.
    fn from_index(index: usize, token: Token) -> Self;
}

/// Makes `$point`, a `u8` index below `$points`, a [`BoardPoint`]: the points of both boards.
macro_rules! index_point {
    ($point:ident, $points:expr) => {
        impl $crate::pointset::BoardPoint for $point {
            const POINTS: usize = $points;
            #[inline(always)]
            fn index(self) -> usize {
                self.0 as usize
            }
            #[inline(always)]
            fn from_index(index: usize, _: $crate::pointset::Token) -> $point {
                $point(index as u8)
            }
        }
    };
}
pub(crate) use index_point;

/// Proof that a [`BoardPoint::from_index`] call comes from this crate, which only asks for
/// indices below the board's size: a point outside its board cannot be made from outside.
pub struct Token(());

impl Token {
    pub(crate) const fn new() -> Token {
        Token(())
    }
}

/// The point of `P` at `index`, if its board has one there.
#[inline]
pub(crate) fn point_at<P: BoardPoint>(index: usize) -> Option<P> {
    (index < P::POINTS).then(|| P::from_index(index, Token::new()))
}

/// A set of points of one kind of board.
pub struct Set<P> {
    words: [u64; WORDS],
    _points: PhantomData<fn() -> P>,
}

const fn full_words(points: usize) -> [u64; WORDS] {
    let mut words = [0u64; WORDS];
    let mut i = 0;
    while i < WORDS {
        let lo = i * 64;
        words[i] = if points >= lo + 64 {
            u64::MAX
        } else if points > lo {
            (1u64 << (points - lo)) - 1
        } else {
            0
        };
        i += 1;
    }
    words
}

impl<P: BoardPoint> Set<P> {
    /// The words a board of `P` uses; the others stay zero, so the bit operations, counting and
    /// iteration skip them (a set of the 60-point board costs one word's work there; copying and
    /// comparing still cover all three).
    const USED: usize = {
        assert!(P::POINTS <= CAPACITY, "a board larger than a point set");
        P::POINTS.div_ceil(64)
    };

    pub const EMPTY: Set<P> = Set {
        words: [0; WORDS],
        _points: PhantomData,
    };
    /// Every point of the board.
    pub const FULL: Set<P> = Set {
        words: full_words(P::POINTS),
        _points: PhantomData,
    };

    /// The set holding only `p`.
    #[inline]
    pub fn single(p: P) -> Set<P> {
        let mut s = Set::EMPTY;
        s.add(p);
        s
    }

    /// The word and bit of `p`. A point's index is below its board's size, so a one-word
    /// board needs no word index at all.
    #[inline(always)]
    fn bit(p: P) -> (usize, u64) {
        let i = p.index();
        let word = if Self::USED == 1 {
            0
        } else {
            (i >> 6).min(WORDS - 1)
        };
        (word, 1 << (i & 63))
    }

    #[inline]
    pub fn contains(self, p: P) -> bool {
        let (w, b) = Self::bit(p);
        self.words[w] & b != 0
    }

    #[inline]
    pub fn add(&mut self, p: P) {
        let (w, b) = Self::bit(p);
        self.words[w] |= b;
    }

    #[inline]
    pub fn remove(&mut self, p: P) {
        let (w, b) = Self::bit(p);
        self.words[w] &= !b;
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.words[..Self::USED].iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn any(self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(self) -> u32 {
        self.words[..Self::USED]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    #[inline]
    pub fn first(self) -> Option<P> {
        self.iter().next()
    }

    #[inline]
    pub fn iter(self) -> SetIter<P> {
        SetIter {
            words: self.words,
            word: 0,
            _points: PhantomData,
        }
    }
}

impl<P> Clone for Set<P> {
    #[inline]
    fn clone(&self) -> Set<P> {
        *self
    }
}

impl<P> Copy for Set<P> {}

impl<P> Default for Set<P> {
    fn default() -> Set<P> {
        Set {
            words: [0; WORDS],
            _points: PhantomData,
        }
    }
}

impl<P> PartialEq for Set<P> {
    #[inline]
    fn eq(&self, o: &Set<P>) -> bool {
        // Unused words are zero in every set.
        self.words == o.words
    }
}

impl<P> Eq for Set<P> {}

impl<P> Hash for Set<P> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.words.hash(h);
    }
}

impl<P: BoardPoint> fmt::Debug for Set<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.to_string()))
            .finish()
    }
}

impl<P: BoardPoint> FromIterator<P> for Set<P> {
    fn from_iter<I: IntoIterator<Item = P>>(iter: I) -> Set<P> {
        let mut s = Set::EMPTY;
        for p in iter {
            s.add(p);
        }
        s
    }
}

/// The points of a set in index order.
pub struct SetIter<P> {
    words: [u64; WORDS],
    word: usize,
    _points: PhantomData<fn() -> P>,
}

impl<P: BoardPoint> Iterator for SetIter<P> {
    type Item = P;
    #[inline]
    fn next(&mut self) -> Option<P> {
        while self.word < Set::<P>::USED {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                let i = self.word * 64 + w.trailing_zeros() as usize;
                return Some(P::from_index(i, Token::new()));
            }
            self.word += 1;
        }
        None
    }
}

impl<P: BoardPoint> IntoIterator for Set<P> {
    type Item = P;
    type IntoIter = SetIter<P>;
    #[inline]
    fn into_iter(self) -> SetIter<P> {
        self.iter()
    }
}

impl<P: BoardPoint> BitOr for Set<P> {
    type Output = Set<P>;
    #[inline]
    fn bitor(mut self, o: Set<P>) -> Set<P> {
        for (w, o) in self.words[..Self::USED].iter_mut().zip(o.words) {
            *w |= o;
        }
        self
    }
}

impl<P: BoardPoint> BitAnd for Set<P> {
    type Output = Set<P>;
    #[inline]
    fn bitand(mut self, o: Set<P>) -> Set<P> {
        for (w, o) in self.words[..Self::USED].iter_mut().zip(o.words) {
            *w &= o;
        }
        self
    }
}

impl<P: BoardPoint> Not for Set<P> {
    type Output = Set<P>;
    #[inline]
    fn not(mut self) -> Set<P> {
        let full = Set::<P>::FULL.words;
        for (w, f) in self.words[..Self::USED].iter_mut().zip(full) {
            *w = !*w & f;
        }
        self
    }
}

impl<P: BoardPoint> BitOrAssign for Set<P> {
    #[inline]
    fn bitor_assign(&mut self, o: Set<P>) {
        *self = *self | o;
    }
}

impl<P: BoardPoint> BitAndAssign for Set<P> {
    #[inline]
    fn bitand_assign(&mut self, o: Set<P>) {
        *self = *self & o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Point as P2;

    #[test]
    fn full_sets_hold_each_board_exactly() {
        assert_eq!(crate::Bitboard::FULL.count(), 60);
        assert_eq!(crate::siguo::PointSet::FULL.count(), 129);
        assert_eq!((!crate::Bitboard::EMPTY).count(), 60);
        assert_eq!((!crate::Bitboard::FULL).count(), 0);
        let all: crate::Bitboard = P2::all().collect();
        assert_eq!(all, crate::Bitboard::FULL);
        assert_eq!(full_words(129), [u64::MAX, u64::MAX, 1]);
        assert_eq!(full_words(60), [(1 << 60) - 1, 0, 0]);
    }

    #[test]
    fn add_remove_iterate() {
        let a = P2::new(3).unwrap();
        let b = P2::new(59).unwrap();
        let mut s = crate::Bitboard::single(b);
        s.add(a);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![a, b]);
        assert_eq!(s.first(), Some(a));
        s.remove(a);
        assert_eq!(s.count(), 1);
        assert!(s.contains(b) && !s.contains(a));
        assert_eq!(format!("{s:?}"), "{\"e12\"}");
    }
}
