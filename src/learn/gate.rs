//! The grown-up gate's question: a sum of two two-digit numbers whose ones carry, typed as a
//! number. A child of seven does not pass it by chance (one answer in about a hundred and
//! seventy, and a wrong one closes the gate). The numbers come from a seed, like every random
//! choice of the game, so a question can be repeated.

use junqi_core::SplitMix64;

/// One question of the gate: `a + b`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Question {
    pub a: u16,
    pub b: u16,
}

impl Question {
    /// The question of `seed`: both numbers in 11..=89, not a multiple of ten, and the ones
    /// adding up to ten or more (a carry, so the answer is not read off digit by digit).
    pub fn from_seed(seed: u64) -> Question {
        let mut rng = SplitMix64::new(seed);
        loop {
            let a = 11 + rng.below(79) as u16;
            let b = 11 + rng.below(79) as u16;
            // A carry also means neither number is a multiple of ten.
            if a % 10 + b % 10 >= 10 {
                return Question { a, b };
            }
        }
    }

    pub fn answer(self) -> u16 {
        self.a + self.b
    }

    /// Whether `typed` is the answer (spaces around it allowed, full-width digits too).
    pub fn accepts(self, typed: &str) -> bool {
        let digits: String = typed
            .trim()
            .chars()
            .map(|c| match c {
                // Full-width digits, as a Chinese keyboard may type them.
                '\u{ff10}'..='\u{ff19}' => {
                    char::from_u32(c as u32 - 0xff10 + '0' as u32).unwrap_or(c)
                }
                c => c,
            })
            .collect();
        digits.parse::<u16>() == Ok(self.answer())
    }

    /// How the sum is written: `37 + 48 = ?`.
    pub fn text(self) -> String {
        format!("{} + {} = ?", self.a, self.b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_two_digit_sums_with_a_carry_and_repeat_by_seed() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..500u64 {
            let q = Question::from_seed(seed);
            assert_eq!(q, Question::from_seed(seed), "same seed, same question");
            assert!(
                (11..=89).contains(&q.a) && (11..=89).contains(&q.b),
                "{q:?}"
            );
            assert!(q.a % 10 + q.b % 10 >= 10, "{q:?} carries");
            assert!(q.answer() >= 11 + 19);
            seen.insert(q);
        }
        assert!(seen.len() > 300, "the seeds give many questions");
    }

    #[test]
    fn only_the_answer_opens() {
        let q = Question { a: 37, b: 48 };
        assert_eq!(q.text(), "37 + 48 = ?");
        assert!(q.accepts("85"));
        assert!(q.accepts(" 85 "));
        assert!(q.accepts("\u{ff18}\u{ff15}"));
        for wrong in ["", "84", "86", "3748", "8 5", "eighty-five", "85.0"] {
            assert!(!q.accepts(wrong), "{wrong:?}");
        }
    }
}
