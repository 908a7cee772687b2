//! The 4-player (四国) question to the computer player: one seat's view as a RULES-4P.md
//! position string, the counters, the game's public record and the seat's own formation (which
//! it knows from the start). Built from the referee's table by [`SiguoAsk::new`], which writes
//! only what the seat may know; answered by [`answer`].

use junqi_ai::search::NodeBudget;
use junqi_ai::siguo::{choose, SeatView};
use junqi_core::deduce::{Contact, TableEvent};
use junqi_core::seat::Seat;
use junqi_core::siguo::{InfoMode, Point, Position, SiguoRules};
use junqi_core::{Action, Deployment};
use serde::{Deserialize, Serialize};

/// One public event as it crosses to the worker: the move (`Sa4-Ea0`), the combat outcome
/// (`win`, `lose`, `both`, `bounce`), the seats that left (`S`, `E`, `N`, `W`) and the seat
/// whose flag the move took to be carried, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireEvent {
    #[serde(default)]
    pub mv: Option<String>,
    #[serde(default)]
    pub contact: Option<String>,
    #[serde(default)]
    pub left: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<char>,
}

impl WireEvent {
    pub fn from_event(e: &TableEvent) -> WireEvent {
        WireEvent {
            mv: e.mv.map(|m| m.to_string()),
            contact: e.contact.map(|c| {
                match c {
                    Contact::AttackerWins => "win",
                    Contact::DefenderWins => "lose",
                    Contact::BothRemoved => "both",
                    Contact::Bounced => "bounce",
                }
                .to_string()
            }),
            left: e.left.iter().map(|s| s.letter()).collect(),
            carried: e.carried.map(Seat::letter),
        }
    }

    pub fn to_event(&self) -> Result<TableEvent, String> {
        let mv = match &self.mv {
            Some(m) => Some(
                m.parse::<Action<Point>>()
                    .map_err(|e| format!("bad move: {e}"))?,
            ),
            None => None,
        };
        let contact = match self.contact.as_deref() {
            None => None,
            Some("win") => Some(Contact::AttackerWins),
            Some("lose") => Some(Contact::DefenderWins),
            Some("both") => Some(Contact::BothRemoved),
            Some("bounce") => Some(Contact::Bounced),
            Some(other) => return Err(format!("bad contact '{other}'")),
        };
        let left = self
            .left
            .chars()
            .map(|c| Seat::from_letter(c).ok_or_else(|| format!("bad seat '{c}'")))
            .collect::<Result<Vec<_>, _>>()?;
        let carried = match self.carried {
            Some(c) => Some(Seat::from_letter(c).ok_or_else(|| format!("bad seat '{c}'"))?),
            None => None,
        };
        Ok(TableEvent {
            mv,
            contact,
            left,
            carried,
            shown: Vec::new(),
        })
    }
}

/// What a computer seat is asked: its view and what everyone was told.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiguoAsk {
    pub info: InfoMode,
    #[serde(default)]
    pub rules: SiguoRules,
    /// The seat that answers (its letter).
    pub seat: char,
    /// The seat's view as a position string: pieces it may not know are written `X`.
    pub view: String,
    #[serde(default)]
    pub quiet: u32,
    #[serde(default)]
    pub ply: u32,
    /// Seats whose flag everyone has been shown.
    #[serde(default)]
    pub flags: String,
    #[serde(default)]
    pub history: Vec<WireEvent>,
    /// The seat's own formation (RULES.md §9), which it knows from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own: Option<String>,
}

impl SiguoAsk {
    /// `seat`'s question about the referee's position `truth`: the view hides what the seat may
    /// not know under `info`.
    pub fn new(
        truth: &Position,
        seat: Seat,
        info: InfoMode,
        history: &[TableEvent],
        own: &Deployment,
    ) -> SiguoAsk {
        let view = truth.view(seat, info);
        SiguoAsk {
            info,
            rules: *truth.rules(),
            seat: seat.letter(),
            view: view.to_notation(),
            quiet: truth.quiet(),
            ply: truth.ply(),
            flags: Seat::ALL
                .into_iter()
                .filter(|s| truth.flag_shown(*s))
                .map(Seat::letter)
                .collect(),
            history: history.iter().map(WireEvent::from_event).collect(),
            own: Some(own.to_string()),
        }
    }

    /// The seat's view, rebuilt.
    pub fn seat_view(&self) -> Result<SeatView, String> {
        let seat =
            Seat::from_letter(self.seat).ok_or_else(|| format!("bad seat '{}'", self.seat))?;
        let mut pos = Position::from_notation_with(&self.view, self.rules)
            .map_err(|e| format!("bad view: {e}"))?;
        pos.set_counters(self.quiet, self.ply.max(1));
        pos.settle_view(seat, self.info);
        for c in self.flags.chars() {
            let s = Seat::from_letter(c).ok_or_else(|| format!("bad flag seat '{c}'"))?;
            pos.show_flag(s);
        }
        let history = self
            .history
            .iter()
            .map(WireEvent::to_event)
            .collect::<Result<Vec<_>, _>>()?;
        let view = SeatView::new(&pos, seat, self.info).with_history(&history);
        match &self.own {
            Some(text) => {
                let own: Deployment = text.parse().map_err(|e| format!("bad formation: {e}"))?;
                Ok(view.with_own(&own))
            }
            None => Ok(view),
        }
    }
}

/// The computer's move (`Sa4-Ea0`) at `level` for the asked seat, `None` when it has none.
pub fn answer(ask: &SiguoAsk, level: u8, seed: u64) -> Result<Option<String>, String> {
    let view = ask.seat_view()?;
    let lvl = junqi_ai::level(level).ok_or_else(|| format!("no level {level} (1 to 5)"))?;
    Ok(choose(&view, &lvl, seed, &mut NodeBudget(u64::MAX)).map(|m| m.to_string()))
}
