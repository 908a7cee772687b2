//! The notebook for players (a setting, off by default): what the public record proves of each
//! hidden enemy piece, from the core's deduction (`junqi_core::deduce`), read from what one seat
//! may know — its view with the public history, and its own formation (on the cross: its view of
//! the start) — and nothing else. Never the computer's guesses.

use junqi_core::deduce::{Notebook, RoleMask, Table as TableReading};
use junqi_core::siguo::{Point as SgPoint, Position as SgPosition};
use junqi_core::types::POINTS;
use junqi_core::{Deployment, PlayerView, Point};

/// One seat's notebook: the core's notes, and where each noted piece stands.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatNotebook<P> {
    pub book: Notebook,
    /// Where each piece of `book` stands; `None` once lost.
    pub at: Vec<Option<P>>,
    /// Which of those the seat cannot see (the notebook speaks of these only).
    pub hidden: Vec<bool>,
}

impl<P: Copy + PartialEq> SeatNotebook<P> {
    /// The note of the hidden piece standing on `p`.
    pub fn note_at(&self, p: P) -> Option<usize> {
        self.at
            .iter()
            .zip(&self.hidden)
            .position(|(at, &hidden)| hidden && *at == Some(p))
    }

    /// The roles proven possible for the hidden piece on `p`.
    pub fn proven_at(&self, p: P) -> Option<RoleMask> {
        self.written_at(p).map(|w| w.roles)
    }

    /// What the notebook writes on the hidden piece on `p`.
    pub fn written_at(&self, p: P) -> Option<Proven> {
        self.note_at(p).map(|i| Proven::of(&self.book.notes[i]))
    }
}

pub use crate::ground::render::Proven;

impl Proven {
    fn of(note: &junqi_core::deduce::Note) -> Proven {
        Proven {
            roles: note.possible,
            news: note.possible != note.setup,
        }
    }
}

impl SeatNotebook<Point> {
    /// What the notebook writes on each hidden enemy piece, by point.
    pub fn proven_board(&self) -> [Option<Proven>; POINTS] {
        let mut board = [None; POINTS];
        for (at, (&hidden, note)) in self.at.iter().zip(self.hidden.iter().zip(&self.book.notes)) {
            if let (Some(p), true) = (at, hidden) {
                board[p.index()] = Some(Proven::of(note));
            }
        }
        board
    }
}

/// 暗棋: the notebook of `view`'s seat (the view must carry the public history) with its own
/// formation `own`; `None` in the other modes, or when the history does not lead to the view.
pub fn two_player(view: &PlayerView, own: &Deployment) -> Option<SeatNotebook<Point>> {
    let reading = TableReading::two_player(view, own)?;
    let book = reading.notebook();
    let at: Vec<Option<Point>> = reading.pieces.iter().map(|q| q.at).collect();
    let hidden = at
        .iter()
        .map(|at| at.is_some_and(|p| view.cells[p.index()].is_some_and(|o| o.role.is_none())))
        .collect();
    Some(SeatNotebook { book, at, hidden })
}

/// 四暗 and 双明: the notebook of the seat whose view is `view`, with its view of the start
/// (`start`) and the public history; `None` when the record does not lead to the view or
/// nothing is hidden.
pub fn table(
    view: &SgPosition,
    start: &SgPosition,
    history: &[junqi_core::PublicEvent<junqi_core::siguo::Point>],
) -> Option<SeatNotebook<SgPoint>> {
    let reading = TableReading::read_knowing(view, history, Some(start))?;
    let book = reading.notebook();
    let at: Vec<Option<SgPoint>> = reading.pieces.iter().map(|q| q.at).collect();
    let hidden: Vec<bool> = at
        .iter()
        .map(|at| at.is_some_and(|p| view.at(p).is_some_and(|o| o.role.is_none())))
        .collect();
    hidden
        .iter()
        .any(|&h| h)
        .then_some(SeatNotebook { book, at, hidden })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use junqi_core::deduce::{setup_mask, ALL_ROLES};
    use junqi_core::{Action, Game, Mode, Rules, Seat, Setup, Slot, SplitMix64};

    /// Plays `actions` from the two formations; `None` when one is not legal there.
    fn replay(red: &Deployment, black: &Deployment, actions: &[Action]) -> Option<Game> {
        let setup = Setup::Deployments {
            red: red.clone(),
            black: black.clone(),
        };
        let mut game = Game::new(Mode::Dark, Rules::default(), setup).ok()?;
        for &a in actions {
            game.play(a).ok()?;
        }
        Some(game)
    }

    /// The notebook knows nothing the seat may not know: Black's formation with two pieces
    /// swapped that the record never touched (same setup rules, never moved, never met) gives
    /// the same public record — and the same notebook for Red, word for word — though the
    /// truth differs. And every hidden piece's true role stays in its set.
    #[test]
    fn the_notebook_reads_only_what_the_seat_may_know() {
        let rules = Rules::default();
        let mut compared = 0;
        for seed in 0..10u64 {
            let red = Deployment::random(seed * 2);
            let black = Deployment::random(seed * 2 + 1);
            let mut game = replay(&red, &black, &[]).expect("valid formations");
            let mut rng = SplitMix64::new(seed);
            let mut actions = Vec::new();
            while game.outcome().is_none() && actions.len() < 120 {
                let list = game.position().legal_actions().to_vec();
                if list.is_empty() {
                    break;
                }
                let a = list[rng.below(list.len() as u64) as usize];
                game.play(a).expect("legal");
                actions.push(a);
            }
            let view = game.view(Some(Seat::RED));
            let book = two_player(&view, &red).expect("暗棋");
            for (p, m) in Point::all().filter_map(|p| book.proven_at(p).map(|m| (p, m))) {
                let truth = game.position().at(p).and_then(|o| o.role).expect("known");
                assert!(
                    m & junqi_core::deduce::role_bit(truth) != 0,
                    "{p}: truth ruled out"
                );
            }
            let touched = |s: Slot| {
                let q = s.point(Seat::BLACK);
                actions.iter().any(|a| a.from() == q || a.to() == q)
            };
            let quiet: Vec<Slot> = Slot::all()
                .filter(|&s| s.is_setup_point() && !touched(s))
                .collect();
            for (i, &a) in quiet.iter().enumerate() {
                let Some(&b) = quiet[i + 1..].iter().find(|&&b| {
                    setup_mask(a, &rules) == setup_mask(b, &rules) && black.get(a) != black.get(b)
                }) else {
                    continue;
                };
                let mut other = black.clone();
                other.swap(a, b);
                let Some(again) = replay(&red, &other, &actions) else {
                    continue;
                };
                let seen = again.view(Some(Seat::RED));
                if seen.history != view.history {
                    continue;
                }
                assert_ne!(
                    again.position().at(a.point(Seat::BLACK)),
                    game.position().at(a.point(Seat::BLACK))
                );
                assert_eq!(two_player(&seen, &red), Some(book.clone()), "seed {seed}");
                compared += 1;
                break;
            }
            assert!(book.book.notes.iter().all(|n| n.possible & !ALL_ROLES == 0));
        }
        assert!(compared >= 5, "only {compared} games compared");
    }
}
