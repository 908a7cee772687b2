//! JFEN, the position string of RULES.md §9.
//!
//! `llbfb/legme/r1n1r/dz1zd/c1n1c/pepcp/DECPD/B1C1Z/ZN1RB/G1E1C/MENLP/RPLFL r 0 1`: rows 12 down
//! to 1, each from `a` to `e`; a letter per piece, a digit per run of empty points, `X`/`x` a
//! piece of unknown identity, `?` a face-down piece; then the side to move (`r`, `b`, or `-` in
//! 翻棋 before colours are known), plies since the last removal, and the ply number.

use crate::outcome::{DrawReason, ExitReason, Outcome};
use crate::position::{Occupant, Position};
use crate::rules::{Mode, Rules};
use crate::types::{Piece, Point, Role, COLUMNS, PIECES_PER_SIDE, ROWS};
use crate::Seat;
use std::fmt;

/// Why a JFEN string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JfenError(pub String);

impl fmt::Display for JfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad JFEN: {}", self.0)
    }
}

impl std::error::Error for JfenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, JfenError> {
    Err(JfenError(msg.into()))
}

/// The board part of a JFEN: what stands on each point.
pub(crate) fn parse_board(text: &str) -> Result<Vec<(Point, Occupant)>, JfenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ROWS as usize {
        return err(format!("the board has {} rows, not 12", rows.len()));
    }
    let mut out = Vec::new();
    for (i, row_text) in rows.iter().enumerate() {
        let row = ROWS - i as u8;
        let mut col: u8 = 0;
        for ch in row_text.chars() {
            if col >= COLUMNS {
                return err(format!("row {row} has more than 5 points"));
            }
            let occ = match ch {
                '1'..='5' => {
                    col += ch as u8 - b'0';
                    if col > COLUMNS {
                        return err(format!("row {row} has more than 5 points"));
                    }
                    continue;
                }
                'X' | 'x' => Occupant {
                    color: Some(if ch == 'X' { Seat::RED } else { Seat::BLACK }),
                    role: None,
                    face_down: false,
                },
                '?' => Occupant {
                    color: None,
                    role: None,
                    face_down: true,
                },
                c => match Piece::from_char(c) {
                    Some(piece) => Occupant::known(piece),
                    None => {
                        let shown: String = c.escape_default().collect();
                        return err(format!("unknown piece letter '{shown}' in row {row}"));
                    }
                },
            };
            let Some(p) = Point::at(col, row) else {
                return err(format!("row {row} has more than 5 points"));
            };
            out.push((p, occ));
            col += 1;
        }
        if col != COLUMNS {
            return err(format!("row {row} has {col} points, not 5"));
        }
    }
    Ok(out)
}

/// Checks that no side has more pieces of a kind than the game has.
pub(crate) fn check_counts(cells: &[(Point, Occupant)]) -> Result<(), JfenError> {
    let mut known = [[0u32; 12]; 2];
    let mut per_side = [0u32; 2];
    let mut face_down = 0;
    for (_, occ) in cells {
        match (occ.color, occ.role) {
            (Some(c), Some(r)) => {
                known[c.index()][r as usize] += 1;
                per_side[c.index()] += 1;
            }
            (Some(c), None) => per_side[c.index()] += 1,
            _ => face_down += 1,
        }
    }
    for c in Seat::RED_BLACK {
        for r in Role::ALL {
            let n = known[c.index()][r as usize];
            if n > r.count() as u32 {
                return err(format!(
                    "{} has {n} {}, at most {} allowed",
                    c.side_name(),
                    r.en().to_lowercase(),
                    r.count()
                ));
            }
        }
        if per_side[c.index()] > PIECES_PER_SIDE as u32 {
            return err(format!(
                "{} has {} pieces, at most 25",
                c.side_name(),
                per_side[c.index()]
            ));
        }
    }
    if per_side[0] + per_side[1] + face_down > 2 * PIECES_PER_SIDE as u32 {
        return err("more than 50 pieces on the board");
    }
    Ok(())
}

impl Position {
    /// Reads a JFEN with default rules; the mode is 翻棋 when a `?` or a `-` side appears,
    /// 暗棋 when an `X`/`x` appears, 明棋 otherwise.
    pub fn from_jfen(text: &str) -> Result<Position, JfenError> {
        Position::from_jfen_with(text, None, Rules::default())
    }

    /// Reads a JFEN under `rules`, in `mode` (or the mode the string implies).
    pub fn from_jfen_with(
        text: &str,
        mode: Option<Mode>,
        rules: Rules,
    ) -> Result<Position, JfenError> {
        let mut fields = text.split_whitespace();
        let Some(board_text) = fields.next() else {
            return err("empty position");
        };
        let cells = parse_board(board_text)?;
        check_counts(&cells)?;
        let side = match fields.next() {
            None => return err("missing side to move (r, b or -)"),
            Some("r") => Some(Seat::RED),
            Some("b") => Some(Seat::BLACK),
            Some("-") => None,
            Some(s) => {
                let shown: String = s.chars().take(8).collect();
                return err(format!("side to move must be r, b or -, not '{shown}'"));
            }
        };
        let mut number = |name: &str| -> Result<Option<u32>, JfenError> {
            match fields.next() {
                None => Ok(None),
                Some(s) => match s.parse::<u32>() {
                    Ok(n) if n <= 100_000 => Ok(Some(n)),
                    _ => {
                        let shown: String = s.chars().take(12).collect();
                        err(format!("{name} must be a number, not '{shown}'"))
                    }
                },
            }
        };
        let halfmoves = number("plies since the last removal")?.unwrap_or(0);
        let ply = number("ply number")?.unwrap_or(1);
        if ply == 0 {
            return err("ply numbers start at 1");
        }
        if fields.next().is_some() {
            return err("unexpected text after the ply number");
        }
        let any_face_down = cells.iter().any(|(_, o)| o.face_down);
        let any_unknown = cells.iter().any(|(_, o)| o.role.is_none() && !o.face_down);
        let mode = mode.unwrap_or(if any_face_down || side.is_none() {
            Mode::Flip
        } else if any_unknown {
            Mode::Dark
        } else {
            Mode::Open
        });
        if side.is_none() && mode != Mode::Flip {
            return err("side '-' is only for 翻棋 before colours are known");
        }
        let mut pos = Position::empty(mode, rules);
        for (p, occ) in cells {
            pos.put(p, occ);
        }
        pos.set_turn(side);
        pos.set_counters(halfmoves, ply);
        if mode == Mode::Dark && any_unknown {
            // A 暗棋 JFEN with unknown pieces is a player's view: what it names is known.
            pos.mark_known_public();
        }
        if mode == Mode::Flip {
            if let Some(c) = side {
                // Whoever moves at odd plies moved first.
                pos.give_colours(if ply % 2 == 1 { c } else { pos.opponent(c) });
            }
        }
        // Under the carrying switches a missing flag may be on its way home: not an end.
        if !pos.rules().carries_flag() {
            pos.set_outcome(pos.static_outcome());
        }
        if pos.outcome().is_none() && side.is_some() && pos.halfmoves() >= pos.rules().quiet_limit()
        {
            pos.settle_outcome();
        }
        Ok(pos)
    }

    /// A fully known side without a flag has lost (RULES.md §9).
    fn static_outcome(&self) -> Option<Outcome> {
        let flagless = |c: Seat| {
            self.pieces(c, Role::Flag).is_empty()
                && self.face_down().is_empty()
                && self
                    .pieces_of(c)
                    .iter()
                    .all(|p| self.at(p).is_some_and(|o| o.role.is_some()))
        };
        match (flagless(Seat::RED), flagless(Seat::BLACK)) {
            (true, true) => Some(Outcome::Draw {
                reason: DrawReason::NoFlags,
            }),
            (true, false) => Some(Outcome::won_by(Seat::BLACK, ExitReason::FlagCaptured)),
            (false, true) => Some(Outcome::won_by(Seat::RED, ExitReason::FlagCaptured)),
            (false, false) => None,
        }
    }

    /// The board part of the JFEN, as this position knows it (face-down pieces as `?`).
    pub fn board_fen(&self) -> String {
        board_fen_with(|p| {
            self.at(p).map(|o| {
                if o.face_down {
                    '?'
                } else {
                    match (o.color, o.role) {
                        (Some(c), Some(r)) => r.char(c),
                        (Some(Seat::RED), None) => 'X',
                        (Some(_), None) => 'x',
                        (None, _) => '?',
                    }
                }
            })
        })
    }

    /// The whole JFEN.
    pub fn to_jfen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.board_fen(),
            self.turn().map_or('-', Seat::rb_char),
            self.halfmoves(),
            self.ply()
        )
    }
}

/// Writes the board part of a JFEN from a per-point character.
pub(crate) fn board_fen_with(f: impl Fn(Point) -> Option<char>) -> String {
    let mut s = String::with_capacity(80);
    for row in (1..=ROWS).rev() {
        let mut empty = 0;
        for col in 0..COLUMNS {
            let ch = Point::at(col, row).and_then(&f);
            match ch {
                None => empty += 1,
                Some(ch) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(ch);
                }
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if row > 1 {
            s.push('/');
        }
    }
    s
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_jfen())
    }
}
