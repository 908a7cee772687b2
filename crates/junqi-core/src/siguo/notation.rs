//! RULES-4P.md notation: points (`Sa4`, `Cnw`), pieces (`0E`, `1X`) and position strings
//! (`S Sa4=0E,Sb5=0F,Nd5=2F,Ea0=1X`); moves (`Sa4-Ea0`) are [`crate::Action`]s. Parsing never
//! panics; every error names what is wrong.

use super::points::{Point, CENTRE, CENTRE_NAMES};
use super::position::{Occupant, Position};
use super::rules::SiguoRules;
use crate::seat::Seat;
use crate::types::{Piece, Role};
use std::fmt;
use std::str::FromStr;

/// Why a piece of notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

/// `text` shown safely inside a message (control characters escaped, long text cut).
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(24).flat_map(char::escape_debug).collect();
    if text.chars().count() > 24 {
        out.push('…');
    }
    out
}

fn err<T>(msg: String) -> Result<T, NotationError> {
    Err(NotationError(msg))
}

impl FromStr for Point {
    type Err = NotationError;
    /// `Sa4`, `Ec0`, `Cnw`, `Cc`.
    fn from_str(s: &str) -> Result<Point, NotationError> {
        let bad = || NotationError(format!("bad point '{}'", shown(s)));
        let mut chars = s.chars();
        let first = chars
            .next()
            .ok_or_else(|| NotationError("empty point".into()))?;
        if first == 'C' {
            let rest = chars.as_str();
            return CENTRE_NAMES
                .iter()
                .position(|n| *n == rest)
                .and_then(|i| Point::new(CENTRE + i))
                .ok_or_else(|| {
                    NotationError(format!(
                        "bad centre point '{}' (Cnw Cn Cne Cw Cc Ce Csw Cs Cse)",
                        shown(s)
                    ))
                });
        }
        let seat = Seat::from_letter(first).ok_or_else(|| {
            NotationError(format!(
                "bad point '{}': it starts with S, E, N, W or C",
                shown(s)
            ))
        })?;
        let (Some(col), Some(row), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let c = match col {
            'a'..='e' => col as u8 - b'a',
            _ => return Err(NotationError(format!("bad column in '{}' (a–e)", shown(s)))),
        };
        let r = match row {
            '0'..='5' => row as u8 - b'0',
            _ => return Err(NotationError(format!("bad row in '{}' (0–5)", shown(s)))),
        };
        Point::in_area(seat, c, r).ok_or_else(bad)
    }
}

/// A piece as written in a position string: seat digit and RULES.md letter (`0E`, `1X`).
pub fn piece_str(occ: Occupant) -> String {
    let letter = occ.role.map_or('X', Role::upper_char);
    format!("{}{letter}", occ.seat.digit())
}

/// A piece made public, as the 4-player protocol's `revealed` and the app's worker write it:
/// its point and the piece with its letter (`Nb5`, `2F`).
pub fn parse_shown(point: &str, piece: &str) -> Result<(Point, Piece), NotationError> {
    let at: Point = point.parse()?;
    let occ = parse_piece(piece)?;
    let role = occ.role.ok_or_else(|| {
        NotationError(format!(
            "a piece made public names its rank, not '{}'",
            shown(piece)
        ))
    })?;
    Ok((at, Piece::new(occ.seat, role)))
}

/// A piece made public as [`parse_shown`] reads it.
pub fn shown_pair((at, piece): (Point, Piece)) -> (String, String) {
    let occ = Occupant {
        seat: piece.color,
        role: Some(piece.role),
    };
    (at.to_string(), piece_str(occ))
}

fn parse_piece(s: &str) -> Result<Occupant, NotationError> {
    let mut chars = s.chars();
    let (Some(d), Some(l), None) = (chars.next(), chars.next(), chars.next()) else {
        return err(format!(
            "bad piece '{}': a seat digit and a letter, e.g. 0E",
            shown(s)
        ));
    };
    let seat = Seat::from_digit(d)
        .ok_or_else(|| NotationError(format!("bad seat digit in piece '{}' (0–3)", shown(s))))?;
    let role = match l {
        'X' => None,
        _ => Some(
            Role::from_char(l)
                .filter(|_| l.is_ascii_uppercase())
                .ok_or_else(|| {
                    NotationError(format!(
                        "bad piece letter in '{}' (MGDBRNCPEZLF or X)",
                        shown(s)
                    ))
                })?,
        ),
    };
    Ok(Occupant { seat, role })
}

impl Position {
    /// Reads a position string under the default rules.
    pub fn from_notation(s: &str) -> Result<Position, NotationError> {
        Position::from_notation_with(s, SiguoRules::default())
    }

    /// Reads a position string: the seat to move, a space, then `point=piece` joined by commas;
    /// under the carrying switches, then each flag being carried as ` carry HOME>AT` (several
    /// joined by commas): the point where it was taken (its owner's headquarters) and the
    /// carrier's. Seats without a piece are out.
    pub fn from_notation_with(s: &str, rules: SiguoRules) -> Result<Position, NotationError> {
        let (s, carries) = match s.trim().split_once(" carry ") {
            Some((pieces, carries)) => (pieces, Some(carries.trim())),
            None => (s.trim(), None),
        };
        let mut pos = Position::pieces_from_notation(s, rules)?;
        if let Some(list) = carries {
            if !rules.rules.carries_flag() {
                return err(
                    "a flag is carried, but neither carry_flag_home nor carry_flag_front is on"
                        .to_string(),
                );
            }
            for item in list.split(',') {
                let Some((home, at)) = item.trim().split_once('>') else {
                    return err(format!(
                        "bad carry '{}': write where the flag was taken>the carrier, e.g. Nb5>Sa3",
                        shown(item)
                    ));
                };
                let (home, at): (Point, Point) = (home.trim().parse()?, at.trim().parse()?);
                let owner = home.area().ok_or_else(|| {
                    NotationError(format!("a flag is carried from {home}, not a headquarters"))
                })?;
                if pos.carried(owner).is_some() {
                    return err(format!("seat {owner}'s flag is carried twice"));
                }
                pos.set_carry(owner, home, at).ok_or_else(|| {
                    NotationError(format!(
                        "seat {owner}'s flag cannot be carried from {home} by the piece on {at} \
                         (an empty headquarters of {owner}, a piece of another team, and no flag \
                         of {owner} on the board)"
                    ))
                })?;
            }
        }
        Ok(pos)
    }

    fn pieces_from_notation(s: &str, rules: SiguoRules) -> Result<Position, NotationError> {
        let mut chars = s.chars();
        let turn = chars.next().and_then(Seat::from_letter).ok_or_else(|| {
            NotationError(format!(
                "bad position '{}': it starts with the seat to move (S, E, N or W)",
                shown(s)
            ))
        })?;
        let rest = chars.as_str();
        let list = if rest.is_empty() {
            ""
        } else if let Some(list) = rest.strip_prefix(' ') {
            list.trim()
        } else {
            return err(format!(
                "bad position '{}': a space must follow the seat to move",
                shown(s)
            ));
        };
        let mut pos = Position::empty(rules);
        if !list.is_empty() {
            for item in list.split(',') {
                let item = item.trim();
                let Some((pt, pc)) = item.split_once('=') else {
                    return err(format!(
                        "bad entry '{}': write point=piece, e.g. Sa4=0E",
                        shown(item)
                    ));
                };
                let p: Point = pt.trim().parse()?;
                let occ = parse_piece(pc.trim())?;
                if pos.at(p).is_some() {
                    return err(format!("point {p} is given twice"));
                }
                if !pos.seating.contains(occ.seat) {
                    return err(format!("seat {} does not sit at this table", occ.seat));
                }
                if pos.closed.contains(p) {
                    return err(format!("point {p} is in an area no seat plays"));
                }
                pos.put(p, occ);
            }
        }
        if !pos.seating.contains(turn) {
            return err(format!(
                "seat {turn} is to move but does not sit at this table"
            ));
        }
        pos.settle_seats();
        pos.set_turn(turn);
        Ok(pos)
    }

    /// The position string: the seat to move, then the occupied points in board order, then
    /// any flags being carried.
    pub fn to_notation(&self) -> String {
        let items: Vec<String> = self
            .occupied()
            .iter()
            .filter_map(|p| self.at(p).map(|o| format!("{p}={}", piece_str(o))))
            .collect();
        let mut out = format!("{} {}", self.turn().letter(), items.join(","));
        let carries: Vec<String> = self
            .carries()
            .map(|(_, c)| format!("{}>{}", c.home, c.at))
            .collect();
        if !carries.is_empty() {
            out.push_str(" carry ");
            out.push_str(&carries.join(","));
        }
        out
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation())
    }
}

/// Does `s` look like a RULES-4P.md position string (a seat letter, then a space or nothing)?
pub fn looks_like_position(s: &str) -> bool {
    let s = s.trim_start();
    let mut chars = s.chars();
    matches!(chars.next(), Some('S' | 'E' | 'N' | 'W')) && matches!(chars.next(), None | Some(' '))
}
