//! `dead_position_draw`: a conservative test that neither side can ever win any more.
//!
//! A position is dead when, for each side, the points its free pieces could ever stand on (a
//! flood fill from them through every point that is not walled off) touch no enemy piece and no
//! headquarters, and hold more points than pieces. Then no contact can ever happen again (no
//! capture, no removal, no flag taken), no piece can stop in a headquarters for good, and each
//! side always has a move: the game can only go on without end. Anything less certain is not
//! called dead (docs/rules-variants.md).

use crate::position::Position;
use crate::types::{Bitboard, Color, Role};

impl Position {
    /// Is this position dead (see the module text)? Never true with a face-down or unknown
    /// piece on the board, a flag being carried, or `no_collision_31` (where waiting wins).
    pub(crate) fn is_dead(&self) -> bool {
        if self.rules.no_collision_31
            || self.face_down.any()
            || self.carry.red.is_some()
            || self.carry.black.is_some()
        {
            return false;
        }
        if self
            .occupied
            .iter()
            .any(|p| self.cells[p.index()].and_then(|o| o.piece()).is_none())
        {
            return false;
        }
        Color::ALL.iter().all(|&c| self.confined(c))
    }

    /// Are `us`'s free pieces shut in, away from every enemy piece and headquarters, with room
    /// to keep moving?
    fn confined(&self, us: Color) -> bool {
        let topo = self.board();
        let mut free = Bitboard::EMPTY;
        let mut walls = Bitboard::EMPTY;
        for p in self.by_color[us] {
            let Some(role) = self.cells[p.index()].and_then(|o| o.role) else {
                return false;
            };
            if matches!(role, Role::Flag | Role::Landmine) {
                walls.add(p);
            } else if topo.is_headquarters(p) && !self.rules.hq_exit {
                // A piece for good in a headquarters can still be attacked: not shut in.
                return false;
            } else {
                free.add(p);
            }
        }
        if free.is_empty() {
            return false;
        }
        if self.rules.no_enemy_camps {
            for camp in topo.camps {
                if camp.half() != us {
                    walls.add(camp);
                }
            }
        }
        let enemy = self.enemy_pieces(us);
        let mut reached = free;
        let mut frontier = free;
        while frontier.any() {
            let mut next = Bitboard::EMPTY;
            for q in frontier {
                next |= topo.road_adjacent[q.index()];
            }
            if (next & enemy).any() {
                return false;
            }
            next &= !walls & !reached;
            if (next & topo.headquarters).any() && !self.rules.hq_exit {
                return false;
            }
            reached |= next;
            frontier = next;
        }
        // Room to move: every connected part of the reach holds more points than pieces.
        let mut rest = reached;
        while let Some(start) = rest.first() {
            let mut part = Bitboard::single(start);
            let mut grow = part;
            while grow.any() {
                let mut next = Bitboard::EMPTY;
                for q in grow {
                    next |= topo.road_adjacent[q.index()];
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
}
