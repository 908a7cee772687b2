//! The 2-player board for the search: Red and Black are two teams of one, so the sides
//! alternate every ply and the team search is negamax.

use super::Searchable;
use crate::eval::{base_value, evaluate_with, Style, WIN};
use junqi_core::types::POINTS;
use junqi_core::{contact, Action, Clash, Position, Role, Seat};

impl Searchable for Position {
    type Move = Action;
    type Team = Seat;
    const POINTS: usize = POINTS;
    const QUIESCENCE_DEPTH: u32 = 4;

    fn team_to_move(&self) -> Option<Seat> {
        self.turn()
    }

    /// Moves only: 翻棋's flips are chance nodes the host scores at the root.
    fn search_moves(&self) -> Vec<Action> {
        let mut acts = self.legal_actions();
        acts.retain(|a| matches!(a, Action::Move { .. }));
        acts
    }

    fn play_move(&mut self, m: Action) {
        self.play_unchecked(m);
    }

    fn squares(m: Action) -> (usize, usize) {
        match m {
            Action::Move { from, to } => (from.index(), to.index()),
            Action::Flip(p) => (p.index(), p.index()),
        }
    }

    fn contact_gain(&self, m: Action) -> Option<i32> {
        let Action::Move { from, to } = m else {
            return None;
        };
        self.at(to)?;
        let (Some(att), Some(def)) = (self.piece_at(from), self.piece_at(to)) else {
            // An unknown defender: tried after every judged contact, never in quiescence.
            return Some(-100_000);
        };
        Some(
            match contact(att.role, def.role, self.mode(), self.rules()) {
                Clash::Win if def.role == Role::Flag => WIN,
                Clash::Win => base_value(def.role),
                Clash::Both => base_value(def.role) - base_value(att.role),
                Clash::Lose | Clash::Scout => -base_value(att.role),
                // A bounce changes nothing but the turn.
                Clash::Bounce => -1,
            },
        )
    }

    /// The game's end, or the end a counting rule (no capture, no contact, total plies) gives
    /// it as the core decides them.
    fn outcome_for(&self, root: Seat, ply: usize) -> Option<i32> {
        let o = self.outcome().or_else(|| self.limit_outcome())?;
        Some(match o.winning_seat() {
            Some(w) if w == root => WIN - ply as i32,
            Some(_) => -WIN + ply as i32,
            None => 0,
        })
    }

    fn evaluate_for(&self, root: Seat, style: Style) -> i32 {
        let g = self.engine();
        evaluate_with(g, g.seating().team(root), style)
    }

    /// With only flips left the position is judged as it stands (the root's chance nodes
    /// weigh the flips); otherwise the core says how having no legal action ends under the
    /// game's rules (a loss, or a draw under `no_move_draw` when neither side can move).
    fn stuck_for(&self, root: Seat, ply: usize, style: Style) -> i32 {
        if !self.face_down().is_empty() {
            return self.evaluate_for(root, style);
        }
        let mut end = self.clone();
        end.settle_outcome();
        end.outcome_for(root, ply)
            .unwrap_or(if self.turn() == Some(root) {
                -WIN + ply as i32
            } else {
                WIN - ply as i32
            })
    }
}
