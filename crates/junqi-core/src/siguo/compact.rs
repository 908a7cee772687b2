//! The share-link (compact) form of a 4-player record: format 3 of the versioned compact text
//! of [`crate::compact`], whose formats 1 and 2 hold 2-player games and are read and written
//! exactly as before; format 4 holds a game at another table of the cross board (四方混战,
//! 三国): format 3 with the table after the format byte (0 teams, 1 each, 2 three), wins coded
//! `1+team` for up to four teams and draws `5 reason`, and only the formations of the seats at
//! the table. Format 3, unpadded base64url of:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format, 3 |
//! | 1 | information mode: 0 四暗, 1 双明, 2 全明 |
//! | 4 | RULES.md §8 switches on, bit *i* = `Rules::NAMES[i]`, little-endian |
//! | 1 + 4·n | n, then the first n numeric settings of `Rules::NUMBERS`, each u32 LE |
//! | 1 | turn order: 0 counter-clockwise, 1 clockwise |
//! | 1 | the seat that moves first, 0..3 |
//! | 1 | mutual wipe-out: 0 the team that moved wins, 1 draw |
//! | 4 | plies without a capture that draw, u32 LE |
//! | 2 | result: `0 0` none, `1+team reason` a win (0 flag captured, 1 no legal move, 2 resignation, 3 timeout, 4 no contact), `3 reason` a draw (0 no capture, 1 mutual wipe-out, 2 agreed, 3 ply limit, 4 dead position) |
//! | 4 × 15 | the formations of S, E, N, W, a nibble per slot (0 empty, 1..12 a role) |
//! | 2 each | the events: `from to` (point indices < 129) a move, `252 seat` a turn that seat lost to the per-move timer, `253 seat` a draw that seat offered and all agreed, `254 seat` a resignation, `255 seat` a timeout |
//!
//! Combat results are not stored: replaying recomputes them. A reader refuses a later format,
//! more numeric settings than it knows, and anything out of range, with a message naming it.

use super::points::Point;
use super::record::{SiguoEvent, SiguoRecord, SiguoRecordError};
use super::rules::{InfoMode, SiguoRules, Table, WipeOut};
use crate::action::Action;
use crate::compact::{
    push_deployment, read_deployment, rules_bits, rules_from_bits, FORMAT_SIGUO, FORMAT_TABLES,
};
use crate::deployment::{Deployment, SLOTS};
use crate::rules::Rules;
use crate::seat::{Order, Seat, Team};
use crate::{DrawReason, ExitReason, Outcome};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

const RESIGN: u8 = 254;
const TIMEOUT: u8 = 255;
const DRAW: u8 = 253;
const MISS: u8 = 252;
/// Reasons by code; new ones are only ever appended, so an older reader refuses a code it
/// does not know instead of misreading it.
const EXITS: [ExitReason; 5] = [
    ExitReason::FlagCaptured,
    ExitReason::NoLegalMove,
    ExitReason::Resignation,
    ExitReason::Timeout,
    ExitReason::NoContact,
];
const DRAWS: [DrawReason; 6] = [
    DrawReason::NoCapture,
    DrawReason::MutualWipeOut,
    DrawReason::Agreed,
    DrawReason::PlyLimit,
    DrawReason::DeadPosition,
    DrawReason::NoFlags,
];

/// The first result byte of a draw: after the teams' win codes `1 + team` (two teams in
/// format 3, up to four in format 4).
fn draw_code(format: u8) -> u8 {
    if format == FORMAT_SIGUO {
        3
    } else {
        5
    }
}

fn outcome_code(o: Option<Outcome>, format: u8) -> [u8; 2] {
    let exit = |r: ExitReason| EXITS.iter().position(|x| *x == r).unwrap_or(0) as u8;
    match o {
        None => [0, 0],
        Some(Outcome::Win { team, reason }) => [1 + team.index() as u8, exit(reason)],
        Some(Outcome::Draw { reason }) => [
            draw_code(format),
            DRAWS.iter().position(|x| *x == reason).unwrap_or(0) as u8,
        ],
    }
}

fn outcome_from(code: [u8; 2], format: u8, teams: usize) -> Option<Option<Outcome>> {
    Some(match code[0] {
        0 if code[1] == 0 => None,
        c if c == draw_code(format) => Some(Outcome::Draw {
            reason: *DRAWS.get(code[1] as usize)?,
        }),
        c if c >= 1 && (c as usize) <= teams => Some(Outcome::Win {
            team: Team::new(c as usize - 1)?,
            reason: *EXITS.get(code[1] as usize)?,
        }),
        _ => return None,
    })
}

/// A cursor over the link's bytes; every read names what it could not find.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], SiguoRecordError> {
        if self.bytes.len() < n {
            return Err(bad(&format!("it ends inside {what}")));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn byte(&mut self, what: &str) -> Result<u8, SiguoRecordError> {
        Ok(self.take(1, what)?[0])
    }

    fn u32(&mut self, what: &str) -> Result<u32, SiguoRecordError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

fn bad(why: &str) -> SiguoRecordError {
    SiguoRecordError::Link(why.to_string())
}

impl SiguoRecord {
    /// The record as compact URL-safe text: format 3 for 四国's two teams, format 4 (a table
    /// byte after the format) for the other tables.
    pub fn to_compact(&self) -> String {
        let table = self.rules.table;
        let format = if table == Table::Teams {
            FORMAT_SIGUO
        } else {
            FORMAT_TABLES
        };
        let mut out = vec![format];
        if format == FORMAT_TABLES {
            out.push(Table::ALL.iter().position(|t| *t == table).unwrap_or(0) as u8);
        }
        out.push(
            InfoMode::ALL
                .iter()
                .position(|m| *m == self.mode)
                .unwrap_or(0) as u8,
        );
        let rules = &self.rules.rules;
        out.extend_from_slice(&rules_bits(rules).to_le_bytes());
        out.push(Rules::NUMBERS.len() as u8);
        for name in Rules::NUMBERS {
            out.extend_from_slice(&rules.number(name).unwrap_or(0).to_le_bytes());
        }
        out.push(u8::from(self.rules.order == Order::Clockwise));
        out.push(self.rules.first.index() as u8);
        out.push(u8::from(self.rules.wipe_out == WipeOut::Draw));
        out.extend_from_slice(&self.rules.quiet_limit.to_le_bytes());
        out.extend_from_slice(&outcome_code(self.result, format));
        for d in self.formations.iter().take(table.seats()) {
            push_deployment(&mut out, d);
        }
        for e in &self.events {
            out.extend_from_slice(&match *e {
                // A flip, never legal on the cross board, would be written as a move to its own
                // point, which reading refuses.
                SiguoEvent::Move { mv } => [mv.from().index() as u8, mv.to().index() as u8],
                SiguoEvent::Resign { seat } => [RESIGN, seat.index() as u8],
                SiguoEvent::Timeout { seat } => [TIMEOUT, seat.index() as u8],
                SiguoEvent::Miss { seat } => [MISS, seat.index() as u8],
                SiguoEvent::Draw { seat } => [DRAW, seat.index() as u8],
            });
        }
        URL_SAFE_NO_PAD.encode(out)
    }

    /// Reads compact text back (a leading `#` is ignored); the record is then checked by
    /// replaying it ([`SiguoRecord::replay`]). Never panics; a corrupt or cut link gives a
    /// [`SiguoRecordError::Link`] naming what is wrong.
    pub fn from_compact(text: &str) -> Result<SiguoRecord, SiguoRecordError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text.trim().trim_start_matches('#'))
            .map_err(|_| bad("not base64url"))?;
        let mut r = Reader { bytes: &bytes };
        let format = r.byte("the format")?;
        let table = match format {
            FORMAT_SIGUO => Table::Teams,
            FORMAT_TABLES => *Table::ALL
                .get(r.byte("the table")? as usize)
                .filter(|t| **t != Table::Teams)
                .ok_or_else(|| bad("unknown table"))?,
            1 | 2 => return Err(bad("it holds a 2-player game")),
            v => {
                return Err(bad(&format!(
                    "format {v} is newer than this version reads (1 to 4)"
                )))
            }
        };
        let mode = *InfoMode::ALL
            .get(r.byte("the information mode")? as usize)
            .ok_or_else(|| bad("unknown information mode"))?;
        let bits = r.u32("the rule switches")?;
        if bits >> Rules::NAMES.len() != 0 {
            return Err(bad("a rule switch this version does not know"));
        }
        let mut rules = rules_from_bits(bits);
        let numbers = r.byte("the rule settings")? as usize;
        if numbers > Rules::NUMBERS.len() {
            return Err(bad("rule settings this version does not know"));
        }
        for name in &Rules::NUMBERS[..numbers] {
            let v = r.u32("the rule settings")?;
            if let Some(n) = rules.number_mut(name) {
                *n = v;
            }
        }
        rules
            .validate()
            .map_err(|e| bad(&format!("its rules: {e}")))?;
        let order = match r.byte("the turn order")? {
            0 => Order::CounterClockwise,
            1 => Order::Clockwise,
            _ => return Err(bad("unknown turn order")),
        };
        let first = Seat::new(r.byte("the first seat")? as usize)
            .ok_or_else(|| bad("unknown first seat"))?;
        let wipe_out = match r.byte("the wipe-out rule")? {
            0 => WipeOut::MoverWins,
            1 => WipeOut::Draw,
            _ => return Err(bad("unknown wipe-out rule")),
        };
        let quiet_limit = r.u32("the no-capture limit")?;
        let code = r.take(2, "the result")?;
        let teams = table.seating().teams();
        let result =
            outcome_from([code[0], code[1]], format, teams).ok_or_else(|| bad("unknown result"))?;
        let mut formations: [Deployment; 4] = std::array::from_fn(|_| Deployment::empty());
        for (seat, f) in Seat::ALL
            .iter()
            .zip(formations.iter_mut())
            .take(table.seats())
        {
            let what = format!("seat {seat}'s formation");
            *f = read_deployment(r.take(SLOTS / 2, &what)?)
                .ok_or_else(|| bad(&format!("{what} holds an unknown piece")))?;
        }
        if !r.bytes.len().is_multiple_of(2) {
            return Err(bad("it ends inside an event"));
        }
        let mut events = Vec::with_capacity(r.bytes.len() / 2);
        for (i, pair) in r.bytes.chunks(2).enumerate() {
            let seat = || {
                Seat::new(pair[1] as usize).ok_or_else(|| bad(&format!("event {i}: unknown seat")))
            };
            events.push(match pair[0] {
                RESIGN => SiguoEvent::Resign { seat: seat()? },
                TIMEOUT => SiguoEvent::Timeout { seat: seat()? },
                MISS => SiguoEvent::Miss { seat: seat()? },
                DRAW => SiguoEvent::Draw { seat: seat()? },
                from => {
                    let point = |b: u8| {
                        Point::new(b as usize)
                            .ok_or_else(|| bad(&format!("event {i}: no point {b}")))
                    };
                    let (from, to) = (point(from)?, point(pair[1])?);
                    if from == to {
                        return Err(bad(&format!("event {i}: a move to where it starts")));
                    }
                    SiguoEvent::Move {
                        mv: Action::Move { from, to },
                    }
                }
            });
        }
        let rules = SiguoRules {
            rules,
            order,
            first,
            wipe_out,
            quiet_limit,
            table,
        };
        Ok(SiguoRecord {
            version: SiguoRecord::version_for(&rules),
            mode,
            rules,
            formations,
            events,
            result,
        })
    }
}
