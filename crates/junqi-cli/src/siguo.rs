//! `moves` and `perft` for RULES-4P.md position strings (四国军棋).

use crate::Fail;
use junqi_core::seat::Seat;
use junqi_core::siguo::{seat_violations, Point, Position, SiguoRecord, SiguoRules};
use junqi_core::Action;
use junqi_core::{Deployment, Rules};

/// The 4-player rules with `rules`' switches, or the reason they cannot be played there.
pub fn table_rules(rules: Rules) -> Result<SiguoRules, Fail> {
    let rules = SiguoRules {
        rules,
        ..SiguoRules::default()
    };
    rules.validate()?;
    Ok(rules)
}

fn read(text: &str, rules: Rules) -> Result<Position, Fail> {
    let rules = table_rules(rules)?;
    Position::from_notation_with(text, rules).map_err(|e| Fail(format!("bad position: {e}")))
}

/// The legal moves of the seat to move, one per line.
pub fn moves(text: &str, rules: Rules) -> Result<String, Fail> {
    let pos = read(text, rules)?;
    Ok(pos
        .legal_actions()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Leaves of the legal-move tree, or per first move with `divide`.
pub fn perft(text: &str, depth: u32, divide: bool, rules: Rules) -> Result<String, Fail> {
    let pos = read(text, rules)?;
    if !divide || depth == 0 {
        return Ok(pos.perft(depth).to_string());
    }
    Ok(crate::divide_lines(pos.legal_actions().into_iter().map(
        |m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, child.perft(depth - 1))
        },
    )))
}

/// The position string after the moves, then one line per seat that left and the result.
pub fn apply(text: &str, moves: &[&str], rules: Rules) -> Result<String, Fail> {
    let mut pos = read(text, rules)?;
    let mut notes = Vec::new();
    for m in moves {
        let mv: Action<Point> = m.parse().map_err(|e| Fail(format!("{m}: {e}")))?;
        let report = pos.play(mv).map_err(|e| Fail(format!("{m}: {e}")))?;
        for (seat, why) in report.eliminated {
            notes.push(format!("out {seat} {why:?}"));
        }
    }
    if let Some(o) = pos.outcome() {
        notes.push(format!("over {}", o.describe(pos.seating())));
    }
    let mut lines = vec![pos.to_notation()];
    lines.extend(notes);
    Ok(lines.join("\n"))
}

/// A seat written `S`, `E`, `N`, `W` (either case) or `0`..`3`.
pub fn parse_seat(text: &str) -> Result<Seat, Fail> {
    let mut chars = text.trim().chars();
    let seat = match (chars.next(), chars.next()) {
        (Some(c), None) => {
            Seat::from_letter(c.to_ascii_uppercase()).or_else(|| Seat::from_digit(c))
        }
        _ => None,
    };
    seat.ok_or_else(|| {
        let shown: String = text.chars().take(16).flat_map(char::escape_debug).collect();
        Fail(format!("unknown seat '{shown}' (S, E, N or W, or 0 to 3)"))
    })
}

/// `validate --seat S '<deployment>' [--rules …]`: ok, or every violation of the setup rules by the
/// formation in that seat's area (printed one per line, with the seat's point names) and a
/// failure counting them.
pub fn validate(seat: &str, text: &str, rules: Rules) -> Result<String, Fail> {
    let seat = parse_seat(seat)?;
    let rules = table_rules(rules)?;
    let d: Deployment = text.parse()?;
    let vs = seat_violations(seat, &d, &rules);
    if vs.is_empty() {
        return Ok("ok".into());
    }
    let lines: Vec<String> = vs.iter().map(ToString::to_string).collect();
    println!("{}", lines.join("\n"));
    Err(Fail(format!(
        "{} violation(s) in seat {seat}'s formation",
        vs.len()
    )))
}

/// Replays a 4-player record: the number of events and the result.
pub fn replay(text: &str) -> Result<String, Fail> {
    replay_record(&SiguoRecord::from_json(text)?)
}

/// Replays a 4-player record read from a file or a link.
pub fn replay_record(record: &SiguoRecord) -> Result<String, Fail> {
    let end = record.replay()?;
    let n = record.events.len();
    Ok(match end.outcome() {
        Some(o) => format!("{n} events, {}", o.describe(end.seating())),
        None => format!("{n} events, unfinished"),
    })
}
