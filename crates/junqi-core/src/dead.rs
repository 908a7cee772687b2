//! `dead_position_draw`: a conservative test that neither side can ever win any more.
//!
//! A position is dead when, for each side, the points its free pieces could ever stand on (a
//! flood fill from them through every point that is not walled off) touch no enemy piece and no
//! headquarters, and hold more points than pieces. Then no contact can ever happen again (no
//! capture, no removal, no flag taken), no piece can stop in a headquarters for good, and each
//! side always has a move: the game can only go on without end. Anything less certain is not
//! called dead (docs/rules-variants.md).

use crate::pointset::{BoardPoint, Set};
use crate::seat::{PerSeat, Seat};
use crate::types::Role;

/// Are the free pieces `free` of one side (or team) shut in on a board whose steps are `step`:
/// the points they could ever reach, through every point but `walls`, touch no `enemy` piece
/// and none of `headquarters` (where a piece would stop for good), and every connected part of
/// that reach holds more points than free pieces (so the side always has a move)?
pub(crate) fn shut_in<P: BoardPoint>(
    step: &[Set<P>],
    free: Set<P>,
    walls: Set<P>,
    enemy: Set<P>,
    headquarters: Set<P>,
) -> bool {
    let mut reached = free;
    let mut frontier = free;
    while frontier.any() {
        let mut next = Set::EMPTY;
        for q in frontier {
            next |= step[q.index()];
        }
        if (next & enemy).any() {
            return false;
        }
        next &= !walls & !reached;
        if (next & headquarters).any() {
            return false;
        }
        reached |= next;
        frontier = next;
    }
    // Room to move: every connected part of the reach holds more points than pieces.
    let mut rest = reached;
    while let Some(start) = rest.first() {
        let mut part = Set::single(start);
        let mut grow = part;
        while grow.any() {
            let mut next = Set::EMPTY;
            for q in grow {
                next |= step[q.index()];
            }
            grow = next & reached & !part;
            part |= grow;
        }
        if (part & free).count() >= part.count() {
            return false;
        }
        rest &= !part;
    }
    true
}

impl<P: crate::siguo::points::Grid> crate::siguo::Position<P> {
    /// `dead_position_draw` on the cross board, for any seating: every seat still in has a free
    /// piece, and every team's free pieces are shut in ([`shut_in`]) behind its own flags and
    /// landmines (and, under `no_enemy_camps`, its enemies' camps), away from every enemy piece.
    /// Never true with a piece of unknown identity or a face-down piece on the board, a flag
    /// being carried, or under `no_collision_31`.
    pub(crate) fn is_dead(&self) -> bool {
        if self.rules.rules.no_collision_31
            || self.carries().next().is_some()
            || self.face_down().any()
        {
            return false;
        }
        let b = &*self.board;
        let headquarters = if self.rules.rules.hq_exit {
            Set::EMPTY
        } else {
            b.headquarters
        };
        let seats: Vec<Seat> = self
            .seating
            .seats()
            .filter(|&s| self.seating.is_in(s))
            .collect();
        let mut free = PerSeat::<Set<P>>::default();
        let mut walls = PerSeat::<Set<P>>::default();
        for &s in &seats {
            for p in self.by_seat[s] {
                let Some(role) = self.cells[p.index()].and_then(|o| o.role) else {
                    return false;
                };
                if matches!(role, Role::Flag | Role::Landmine) {
                    walls[s].add(p);
                } else if b.is_headquarters(p) && !self.rules.rules.hq_exit {
                    // A piece for good in a headquarters can still be attacked: not shut in.
                    return false;
                } else {
                    free[s].add(p);
                }
            }
            if free[s].is_empty() {
                return false;
            }
        }
        seats.iter().all(|&s| {
            let team = self.seating.team(s);
            let mut team_free = Set::EMPTY;
            let mut team_walls = Set::EMPTY;
            for &m in seats.iter().filter(|&&m| self.seating.team(m) == team) {
                team_free |= free[m];
                team_walls |= walls[m];
            }
            if self.rules.rules.no_enemy_camps {
                team_walls |= self.barred_camps(s);
            }
            // 三国's closed area is no room to move in.
            team_walls |= self.closed;
            shut_in(
                &b.step,
                team_free,
                team_walls,
                self.enemies_of(s),
                headquarters,
            )
        })
    }
}
