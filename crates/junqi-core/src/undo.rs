//! Taking back actions (悔棋): how far an undo for one side goes. One rule for every game that
//! takes actions back: a game on one device (`Game::undo_span`) and a game between two devices,
//! where the other side agrees first (junqi-duel).

/// One ply of a game, as an undo sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// Who played it: 0 for the side that moves first, 1 for the other.
    pub mover: u8,
    /// A turn lost to the per-move timer.
    pub missed: bool,
    /// Whether it made anything known that was hidden before (a flip, a contact, a piece
    /// shown, 翻棋 colours given).
    pub revealed: bool,
}

/// How many of `plies` (oldest first) an undo for `side` (0: the side that moves first)
/// takes back: back to and including its last own action. `None` when it has none since the
/// last timed-out turn (a timed-out turn is never taken back, so nothing before it is either),
/// or, when pieces are `hidden` (暗棋, 翻棋), when one of those plies revealed anything: what
/// was seen cannot be unseen.
pub fn span(plies: &[Ply], side: u8, hidden: bool) -> Option<usize> {
    let mut n = 0;
    for p in plies.iter().rev() {
        if p.missed || (hidden && p.revealed) {
            return None;
        }
        n += 1;
        if p.mover == side {
            return Some(n);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(mover: u8, missed: bool, revealed: bool) -> Ply {
        Ply {
            mover,
            missed,
            revealed,
        }
    }

    #[test]
    fn an_undo_goes_back_to_the_sides_last_own_action() {
        let plies = [ply(0, false, false), ply(1, false, false)];
        assert_eq!(span(&plies, 0, true), Some(2));
        assert_eq!(span(&plies, 1, true), Some(1));
        assert_eq!(span(&plies[..1], 1, true), None);
        assert_eq!(span(&[], 0, false), None);
    }

    #[test]
    fn nothing_seen_or_timed_out_is_taken_back() {
        let contact = [ply(0, false, false), ply(1, false, true)];
        assert_eq!(span(&contact, 0, true), None);
        assert_eq!(span(&contact, 1, true), None);
        // In 明棋 nothing was hidden: a contact is taken back like any move.
        assert_eq!(span(&contact, 0, false), Some(2));
        let missed = [ply(0, false, false), ply(1, true, false)];
        assert_eq!(span(&missed, 0, false), None);
        assert_eq!(span(&missed, 1, false), None);
    }
}
