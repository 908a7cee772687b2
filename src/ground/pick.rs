//! The boards' pick-up-and-put-down tap machine, free of the DOM and of any game: what a tap
//! means given the piece already picked up. Play on both boards, setup (a swap is a piece
//! "going" to another of its side's points) and the course's lessons ask it, each with its own
//! rule for where a piece may go and which may be picked up, and each doing what the answer
//! says (a move, a flip, a guess mark, a sound).

/// What a tap on a board means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pick<P> {
    /// The piece picked up goes to the point tapped: a move or an attack (in setup, a swap).
    Go { from: P, to: P },
    /// The point tapped holds a piece that may be picked up: it is (any other is put back).
    Up(P),
    /// The piece picked up was tapped again: it is put back.
    Back(P),
    /// Nothing may be picked up or gone to there: whatever was held is put back, and the
    /// board may do what a tap there means to it (a flip, a guess mark, a refusal).
    Miss(P),
}

/// A tap on `at` with `held` picked up: it goes there when `may_go(held, at)`; a piece is
/// picked up where `may_pick(at)`.
pub fn tap<P: Copy + Eq>(
    held: Option<P>,
    at: P,
    may_go: impl Fn(P, P) -> bool,
    may_pick: impl Fn(P) -> bool,
) -> Pick<P> {
    match held {
        Some(from) if from == at => Pick::Back(at),
        Some(from) if may_go(from, at) => Pick::Go { from, to: at },
        _ if may_pick(at) => Pick::Up(at),
        _ => Pick::Miss(at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of points 0..10: pieces on the even points, each going one step to an odd point.
    fn line(held: Option<u8>, at: u8) -> Pick<u8> {
        tap(
            held,
            at,
            |f, t| t % 2 == 1 && t.abs_diff(f) == 1,
            |p| p % 2 == 0,
        )
    }

    #[test]
    fn up_go_back_and_miss() {
        assert_eq!(line(None, 4), Pick::Up(4));
        assert_eq!(line(None, 5), Pick::Miss(5));
        assert_eq!(line(Some(4), 4), Pick::Back(4));
        assert_eq!(line(Some(4), 5), Pick::Go { from: 4, to: 5 });
        // Another piece of one's own is picked up instead; a point out of reach is a miss.
        assert_eq!(line(Some(4), 6), Pick::Up(6));
        assert_eq!(line(Some(4), 7), Pick::Miss(7));
    }
}
