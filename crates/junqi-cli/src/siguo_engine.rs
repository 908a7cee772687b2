//! The engine protocol for 四国 seats (docs/protocol-4p.md): the messages a host sends an
//! engine that plays one seat of a 4-player game, and `junqi engine`'s answers to them with the
//! built-in 四国 players.
//!
//! - `new` with `mode` `siguo-dark`, `siguo-double` or `siguo-open`, the `seat` played, the
//!   `seating` (seats, teams, turn order, first seat), `rules`, `wipe_out`, `quiet_limit` and
//!   `seed`; answered with the seat's `deployment`.
//! - `update` and `go` carry the seat's view as a RULES-4P.md position string (every piece the
//!   seat may not know written `X`), the ply number and the plies since the last capture;
//!   `update`'s `last` is what the referee tells everyone (RULES-4P.md §6.3): the move, the
//!   combat's outcome, the seats that left and any flag shown.

use junqi_ai::deploy::formation_for;
use junqi_ai::search::Stop;
use junqi_ai::siguo::{choose, SeatView};
use junqi_ai::Level;
use junqi_core::deduce::Contact;
use junqi_core::seat::{Order, Seat};
use junqi_core::siguo::notation::{parse_shown, piece_str};
use junqi_core::siguo::{InfoMode, Point, Position, SiguoRules, Table, WipeOut};
use junqi_core::ExitReason;
use junqi_core::Report;
use junqi_core::{Action, ActionResult, PublicEvent};
use junqi_core::{Clash, Deployment, Piece, Role, Rules};
use serde_json::{json, Value};

/// A 4-player `new` message's `mode`: `siguo-dark`, `siguo-double` or `siguo-open`.
pub fn info_mode(text: &str) -> Option<InfoMode> {
    InfoMode::ALL.into_iter().find(|m| m.as_str() == text)
}

fn order_str(o: Order) -> &'static str {
    match o {
        Order::CounterClockwise => "counter-clockwise",
        Order::Clockwise => "clockwise",
    }
}

fn wipe_out_str(w: WipeOut) -> &'static str {
    match w {
        WipeOut::MoverWins => "mover-wins",
        WipeOut::Draw => "draw",
    }
}

/// The `new` message for the engine playing `seat`.
pub fn new_message(
    mode: InfoMode,
    rules: &SiguoRules,
    seat: Seat,
    rules_json: Value,
    seed: u64,
) -> Value {
    let seating = rules.seating();
    let letters = |it: &mut dyn Iterator<Item = Seat>| -> Vec<String> {
        it.map(|s| s.letter().to_string()).collect()
    };
    let teams: Vec<Vec<String>> = (0..seating.teams())
        .filter_map(junqi_core::seat::Team::new)
        .map(|t| letters(&mut seating.members(t)))
        .collect();
    json!({
        "type": "new",
        "mode": mode.as_str(),
        "seat": seat.letter().to_string(),
        "seating": {
            "seats": letters(&mut seating.seats()),
            "teams": teams,
            "order": order_str(rules.order),
            "first": rules.first.letter().to_string(),
        },
        "rules": rules_json,
        "wipe_out": wipe_out_str(rules.wipe_out),
        "quiet_limit": rules.quiet_limit,
        "seed": seed,
    })
}

/// `view`, `ply` and `quiet` of an `update` or `go`: `seat`'s view of `truth`.
pub fn view_fields(truth: &Position, seat: Seat, mode: InfoMode) -> (String, u32, u32) {
    (
        truth.view(seat, mode).to_notation(),
        truth.ply(),
        truth.quiet(),
    )
}

fn result_str(report: &Report<Point>) -> &'static str {
    match (report.action, report.clash) {
        (Some(_), None) => "move",
        (Some(_), Some(Clash::Win)) => "win",
        (Some(_), Some(Clash::Lose | Clash::Scout)) => "lose",
        (Some(_), Some(Clash::Both)) => "both",
        (Some(_), Some(Clash::Bounce)) => "bounce",
        (None, _) => match report.eliminated.first() {
            Some((_, ExitReason::Timeout)) => "timeout",
            Some(_) => "resign",
            // A turn lost to the per-move timer (`timeout_limit`): nobody left.
            None => "miss",
        },
    }
}

fn exit_str(r: ExitReason) -> &'static str {
    match r {
        ExitReason::FlagCaptured => "flag_captured",
        ExitReason::NoLegalMove => "no_legal_move",
        ExitReason::Resignation => "resignation",
        ExitReason::Timeout => "timeout",
        ExitReason::NoContact => "no_contact",
    }
}

/// `last` of an `update`: what the referee tells everyone about `report`, and the pieces that
/// became public with it (a scouted piece, a landmine that sent a piece back, flags shown) (`after` is the position after it, `shown_before` which flags were
/// shown before).
pub fn last_json(report: &Report<Point>, after: &Position, shown_before: [bool; 4]) -> Value {
    let mut revealed: Vec<Value> = report
        .shown
        .iter()
        .filter_map(|&p| {
            let occ = after.at(p)?;
            Some(json!([p.to_string(), piece_str(occ)]))
        })
        .collect();
    for seat in Seat::ALL {
        if after.flag_shown(seat) && !shown_before[seat.index()] {
            for p in after.pieces_of(seat) {
                if after.at(p).and_then(|o| o.role) == Some(Role::Flag) {
                    revealed.push(json!([p.to_string(), format!("{}F", seat.digit())]));
                }
            }
        }
    }
    let mut last = json!({
        "by": report.by.map(|s| s.letter().to_string()),
        "action": report.action.map(|m| m.to_string()),
        "result": result_str(report),
        "out": report.eliminated.iter().map(|(s, r)| json!([s.letter().to_string(), exit_str(*r)])).collect::<Vec<_>>(),
        "revealed": revealed,
    });
    if let Some(owner) = report.carried {
        last["carried"] = json!(owner.letter().to_string());
    }
    last
}

/// Which flags `pos` shows now (for [`last_json`]).
pub fn shown_flags(pos: &Position) -> [bool; 4] {
    Seat::ALL.map(|s| pos.flag_shown(s))
}

/// The public event an `update`'s `last` describes, the `ply`-th of the game, and what was
/// wrong with any `revealed` entry left out of it.
fn public_event(last: &Value, ply: u32) -> Result<(PublicEvent<Point>, Option<String>), String> {
    let action = match last.get("action") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(
            s.parse::<Action<Point>>()
                .map_err(|e| format!("'last.action': {e}"))?,
        ),
        Some(other) => return Err(format!("'last.action' must be a move or null, not {other}")),
    };
    let result = match last.get("result").and_then(Value::as_str) {
        Some("move" | "resign" | "timeout" | "miss") => ActionResult::Move,
        w => w.and_then(Contact::from_word).map(Contact::result).ok_or(
            "'last.result' must be move, win, lose, both, bounce, resign, timeout or miss",
        )?,
    };
    let mut left = Vec::new();
    if let Some(Value::Array(out)) = last.get("out") {
        for item in out {
            let seat = item
                .get(0)
                .and_then(Value::as_str)
                .and_then(|s| s.chars().next())
                .and_then(Seat::from_letter)
                .ok_or_else(|| format!("'last.out': bad entry {item}"))?;
            left.push(seat);
        }
    }
    let carried = match last.get("carried") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_str()
                .and_then(|s| {
                    let mut c = s.chars();
                    c.next().filter(|_| c.next().is_none())
                })
                .and_then(Seat::from_letter)
                .ok_or_else(|| format!("'last.carried' must be a seat letter, not {v}"))?,
        ),
    };
    let by = last
        .get("by")
        .and_then(Value::as_str)
        .and_then(|s| s.chars().next())
        .and_then(Seat::from_letter);
    let (revealed, bad) = shown_from_last(last);
    let event = PublicEvent {
        left,
        carried,
        ..PublicEvent::heard(ply, by, action, result, revealed)
    };
    Ok((event, bad))
}

/// The pieces a `last` made public (`revealed`), and what was wrong with any entry left out.
fn shown_from_last(last: &Value) -> (Vec<(Point, Piece)>, Option<String>) {
    let mut shown = Vec::new();
    let mut bad = None;
    let items = match last.get("revealed") {
        None | Some(Value::Null) => return (shown, None),
        Some(Value::Array(items)) => items.as_slice(),
        Some(other) => {
            return (
                shown,
                Some(format!("'last.revealed' must be a list, not {other}")),
            )
        }
    };
    for item in items {
        let pair = item.as_array().filter(|a| a.len() == 2);
        let text = |i: usize| pair.and_then(|a| a[i].as_str());
        let read = match (text(0), text(1)) {
            (Some(at), Some(piece)) => parse_shown(at, piece).map_err(|e| e.to_string()),
            _ => Err(format!(
                "bad entry {item} (a point and a piece, e.g. [\"Nb5\",\"2F\"])"
            )),
        };
        match read {
            Ok(p) => shown.push(p),
            Err(e) => bad = bad.or(Some(format!("'last.revealed': {e}"))),
        }
    }
    (shown, bad)
}

/// The table a `seating`'s `seats` and `teams` describe: 四国 (the default: four seats, S+N
/// against E+W), 四方混战 (four seats, each its own team) or 三国 (S, E, N, each its own team).
fn table_field(seating: &Value) -> Result<Table, String> {
    let letters = |v: &Value| -> Option<String> {
        v.as_array()?
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect()
    };
    let seats = match seating.get("seats").filter(|v| !v.is_null()) {
        None => "SENW".to_string(),
        Some(v) => letters(v).ok_or_else(|| format!("'seating.seats' must list seats, not {v}"))?,
    };
    let teams: Option<Vec<String>> = match seating.get("teams").filter(|v| !v.is_null()) {
        None => None,
        Some(v) => Some(
            v.as_array()
                .and_then(|ts| ts.iter().map(letters).collect())
                .ok_or_else(|| format!("'seating.teams' must list teams of seats, not {v}"))?,
        ),
    };
    let singles = |n: usize| {
        teams.as_ref().is_none_or(|t| {
            t.len() == n
                && t.iter()
                    .zip(seats.chars())
                    .all(|(x, c)| *x == c.to_string())
        })
    };
    match seats.as_str() {
        "SENW" if teams.as_ref().is_none_or(|t| *t == ["SN", "EW"]) => Ok(Table::Teams),
        "SENW" if teams.is_some() && singles(4) => Ok(Table::Each),
        "SEN" if singles(3) => Ok(Table::Three),
        _ => Err(format!(
            "unknown 'seating' {seating} (S E N W in teams S+N and E+W, each for himself, or S E N each for himself)"
        )),
    }
}

fn seat_field(msg: &Value, field: &str) -> Result<Option<Seat>, String> {
    match msg.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            let mut chars = s.chars();
            match (chars.next().and_then(Seat::from_letter), chars.next()) {
                (Some(seat), None) => Ok(Some(seat)),
                _ => Err(format!(
                    "'{field}' must be \"S\", \"E\", \"N\" or \"W\", not \"{s}\""
                )),
            }
        }
        Some(other) => Err(format!(
            "'{field}' must be \"S\", \"E\", \"N\" or \"W\", not {other}"
        )),
    }
}

/// The 4-player game `junqi engine` plays: its seat, the table and the public record so far.
pub struct SiguoGame {
    mode: InfoMode,
    rules: SiguoRules,
    seat: Seat,
    seed: u64,
    history: Vec<PublicEvent<Point>>,
    /// The built-in formation for this game's seed and seat: the one this engine answers
    /// `new` with, and so knows from the start.
    own: Deployment,
}

impl SiguoGame {
    /// Reads a 4-player `new` (`mode` already known to be one); `rules` is its `rules` field,
    /// read as for 2-player games. Every error names the field.
    pub fn from_new(msg: &Value, mode: InfoMode, rules: Rules) -> Result<SiguoGame, String> {
        let seat =
            seat_field(msg, "seat")?.ok_or("a 4-player 'new' needs a 'seat' (S, E, N or W)")?;
        let mut table = SiguoRules {
            rules,
            ..SiguoRules::default()
        };
        if let Some(seating) = msg.get("seating").filter(|v| !v.is_null()) {
            if !seating.is_object() {
                return Err(format!("'seating' must be an object, not {seating}"));
            }
            table.table = table_field(seating)?;
            table.order = match seating.get("order").and_then(Value::as_str) {
                None | Some("counter-clockwise") => Order::CounterClockwise,
                Some("clockwise") => Order::Clockwise,
                Some(o) => {
                    return Err(format!(
                        "unknown 'seating.order' '{o}' (counter-clockwise or clockwise)"
                    ))
                }
            };
            if let Some(first) =
                seat_field(seating, "first").map_err(|e| format!("seating: {e}"))?
            {
                table.first = first;
            }
        }
        table.wipe_out = match msg.get("wipe_out") {
            None | Some(Value::Null) => WipeOut::MoverWins,
            Some(v) if v == "mover-wins" => WipeOut::MoverWins,
            Some(v) if v == "draw" => WipeOut::Draw,
            Some(other) => {
                return Err(format!(
                    "'wipe_out' must be \"mover-wins\" or \"draw\", not {other}"
                ))
            }
        };
        if let Some(q) = msg.get("quiet_limit").filter(|v| !v.is_null()) {
            table.quiet_limit = q
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .filter(|&v| v > 0)
                .ok_or_else(|| format!("'quiet_limit' must be a whole number above 0, not {q}"))?;
        }
        table.validate().map_err(|e| format!("'rules': {e}"))?;
        if !table.table.seating().contains(seat) {
            return Err(format!("'seat' {seat} does not sit at this table"));
        }
        let seed = match msg.get("seed") {
            None | Some(Value::Null) => 0,
            Some(v) => v.as_u64().ok_or_else(|| {
                format!("'seed' must be a whole number from 0 to 2^64-1, not {v}")
            })?,
        };
        let own = formation_for(
            seed ^ (seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9),
            &table.rules,
        );
        Ok(SiguoGame {
            mode,
            rules: table,
            seat,
            seed,
            history: Vec::new(),
            own,
        })
    }

    /// The answer to `new`: the built-in formation for this game's seed and seat.
    pub fn deployment(&self) -> Value {
        json!({"type": "deployment", "deployment": self.own.to_string()})
    }

    /// Takes an `update`'s `last` into the public record. A `revealed` entry that cannot be
    /// read is left out and named in the error, the event kept without it.
    pub fn update(&mut self, msg: &Value) -> Result<(), String> {
        let Some(last) = msg.get("last").filter(|v| !v.is_null()) else {
            return Ok(());
        };
        let (event, bad) = public_event(last, self.history.len() as u32 + 1)?;
        self.history.push(event);
        match bad {
            Some(e) => Err(format!("{e} (the event is kept without it)")),
            None => Ok(()),
        }
    }

    /// The seat's view from a `go` or `update`.
    fn view(&self, msg: &Value) -> Result<SeatView, String> {
        let text = msg
            .get("view")
            .and_then(Value::as_str)
            .ok_or("'go' needs a 'view' (a RULES-4P.md position string)")?;
        let mut pos =
            Position::from_notation_with(text, self.rules).map_err(|e| format!("'view': {e}"))?;
        let number = |field: &str, default: u32| -> Result<u32, String> {
            match msg.get(field) {
                None | Some(Value::Null) => Ok(default),
                Some(v) => v
                    .as_u64()
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| format!("'{field}' must be a whole number, not {v}")),
            }
        };
        pos.set_counters(number("quiet", 0)?, number("ply", 1)?);
        pos.settle_view(self.seat, self.mode);
        Ok(SeatView::new(&pos, self.seat, self.mode)
            .with_history(&self.history)
            .with_own(&self.own))
    }

    /// The answer to `go`: the move of the built-in player at `level`, or an error.
    pub fn go(&self, msg: &Value, level: &Level, stop: &mut dyn Stop) -> Value {
        let view = match self.view(msg) {
            Ok(v) => v,
            Err(e) => return json!({"type": "error", "message": format!("go: {e}")}),
        };
        if view.position().turn() != self.seat {
            return json!({"type": "error", "message": format!("go: it is {}'s turn, and this engine plays {}", view.position().turn(), self.seat)});
        }
        match choose(&view, level, self.seed, stop) {
            Some(m) => json!({"type": "action", "action": m.to_string()}),
            None => json!({"type": "error", "message": "go: no legal move"}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::deduce::Table as Reading;
    use junqi_core::seat::PerSeat;
    use junqi_core::SplitMix64;

    /// What an engine reads from the protocol's `last` knows what the referee's own reading
    /// of the report knows: random 四暗 games that hunt contacts, under the switches that show
    /// pieces (scouts, bounces, carried flags), every seat's reading compared at every ply.
    #[test]
    fn the_protocol_tells_an_engine_what_the_report_tells_the_referee() {
        let mut scouts = 0;
        for seed in 0..6u64 {
            let rules = SiguoRules {
                rules: Rules {
                    mines_bounce: true,
                    engineer_scouts: true,
                    carry_flag_home: seed % 2 == 0,
                    ..Rules::default()
                },
                ..SiguoRules::default()
            };
            let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
            let mut truth = Position::start(rules, &formations);
            truth.settle();
            let start = truth.clone();
            let (mut referee, mut engine) = (Vec::new(), Vec::new());
            let mut rng = SplitMix64::new(seed);
            while !truth.is_over() && truth.ply() < 300 {
                let list = truth.legal_actions();
                if list.is_empty() {
                    break;
                }
                let contacts: Vec<_> = list.iter().filter(|m| truth.at(m.to()).is_some()).collect();
                let m = if !contacts.is_empty() && rng.below(3) > 0 {
                    *contacts[rng.below(contacts.len() as u64) as usize]
                } else {
                    list[rng.below(list.len() as u64) as usize]
                };
                let before = shown_flags(&truth);
                let report = truth.play(m).expect("legal");
                scouts += usize::from(report.clash == Some(Clash::Scout));
                let ply = referee.len() as u32 + 1;
                referee.push(PublicEvent::from_report(ply, &report));
                let last = last_json(&report, &truth, before);
                let (event, bad) = public_event(&last, ply).expect("a last the host writes");
                assert_eq!(bad, None);
                engine.push(event);
                for seat in Seat::ALL.into_iter().filter(|&s| truth.seating().is_in(s)) {
                    let view = truth.view(seat, InfoMode::FourDark);
                    let seen = start.view(seat, InfoMode::FourDark);
                    let a = Reading::read_knowing(&view, &referee, Some(&seen)).expect("read");
                    let b = Reading::read_knowing(&view, &engine, Some(&seen)).expect("read");
                    let masks = |t: &Reading| t.pieces.iter().map(|q| q.mask).collect::<Vec<_>>();
                    assert_eq!(masks(&a), masks(&b), "seed {seed} ply {}", truth.ply());
                }
            }
        }
        assert!(scouts > 0, "no scout");
    }
}
