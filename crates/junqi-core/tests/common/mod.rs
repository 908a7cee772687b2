//! Helpers shared by the integration tests: random positions of every kind.

#![allow(dead_code)]

use junqi_core::{Mode, Occupant, Piece, Point, Position, Role, Rules, Seat, SplitMix64};

/// Which unusual things a random position may hold.
#[derive(Copy, Clone, Debug)]
pub struct Kind {
    pub unknown_enemies: bool,
    pub face_down: bool,
}

/// A random position with at most the standard number of each piece per side, anywhere.
pub fn random_position(seed: u64, kind: Kind, rules: Rules) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut pool: Vec<Piece> = Vec::new();
    for color in Seat::RED_BLACK {
        for role in Role::ALL {
            for _ in 0..role.count() {
                pool.push(Piece::new(color, role));
            }
        }
    }
    rng.shuffle(&mut pool);
    let n = 2 + rng.below(40) as usize;
    let mut points: Vec<Point> = Point::all().collect();
    rng.shuffle(&mut points);
    let side = if rng.below(2) == 0 {
        Seat::RED
    } else {
        Seat::BLACK
    };
    let mode = if kind.face_down {
        Mode::Flip
    } else if kind.unknown_enemies {
        Mode::Dark
    } else {
        Mode::Open
    };
    let mut pos = Position::empty(mode, rules);
    // Keep both flags on the board most of the time so games are not over at once.
    let mut placed = 0;
    for (i, piece) in pool.into_iter().enumerate() {
        let keep = piece.role == Role::Flag && rng.below(10) != 0;
        if placed >= n && !keep {
            continue;
        }
        let p = points[i];
        let mut occ = Occupant::known(piece);
        if kind.unknown_enemies && piece.color != side && rng.below(2) == 0 {
            occ.role = None;
        }
        if kind.face_down && rng.below(3) == 0 {
            occ = Occupant {
                color: None,
                role: None,
                face_down: true,
            };
        }
        pos.put(p, occ);
        placed += 1;
    }
    let halfmoves = rng.below(30) as u32;
    let ply = 1 + rng.below(200) as u32;
    let text = format!(
        "{} {} {} {}",
        pos.board_fen(),
        side.rb_char(),
        halfmoves,
        ply
    );
    Position::from_jfen_with(&text, Some(mode), rules).expect("generated JFEN parses")
}

/// Random rule switches (a few on at a time).
pub fn random_rules(seed: u64) -> Rules {
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut rules = Rules::default();
    for name in Rules::NAMES {
        if rng.below(4) == 0 {
            if let Some(b) = rules.switch_mut(name) {
                *b = true;
            }
        }
    }
    // Random formations do not put the landmines around the flag, and switches that exclude
    // each other stay apart.
    rules.mines_around_flag = false;
    for (_, second) in Rules::CONFLICTS {
        if rules.validate().is_err() {
            if let Some(b) = rules.switch_mut(second) {
                *b = false;
            }
        }
    }
    rules
}
