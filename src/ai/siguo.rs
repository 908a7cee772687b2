//! The 4-player (四国) question to the computer player: one seat's view as a RULES-4P.md
//! position string, the counters, the game's public record and the seat's own formation (which
//! it knows from the start). Built from the referee's table by [`SiguoAsk::new`], which writes
//! only what the seat may know; answered by [`answer`].

use junqi_ai::search::NodeBudget;
use junqi_ai::siguo::{choose, SeatView};
use junqi_core::deduce::Contact;
use junqi_core::seat::Seat;
use junqi_core::siguo::notation::{parse_shown, shown_pair};
use junqi_core::siguo::{InfoMode, Point, Position, SiguoRules};
use junqi_core::{Action, ActionResult, Deployment, PublicEvent};
use serde::{Deserialize, Serialize};

/// One public event as it crosses to the worker: the move (`Sa4-Ea0`), the combat outcome
/// (`win`, `lose`, `both`, `bounce`), the seats that left (`S`, `E`, `N`, `W`), the seat whose
/// flag the move took to be carried, if any, and the pieces it made public (`["Nb5","2F"]`).
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<(String, String)>,
}

impl WireEvent {
    pub fn from_event(e: &PublicEvent<Point>) -> WireEvent {
        WireEvent {
            mv: e.action.map(|m| m.to_string()),
            contact: e.contact().map(|c| c.word().to_string()),
            left: e.left.iter().map(|s| s.letter()).collect(),
            carried: e.carried.map(Seat::letter),
            shown: e.revealed.iter().map(|&s| shown_pair(s)).collect(),
        }
    }

    /// The event, the `ply`-th of the game, as the worker reads it (as the protocol's
    /// [`PublicEvent::heard`]).
    pub fn to_event(&self, ply: u32) -> Result<PublicEvent<Point>, String> {
        let mv = match &self.mv {
            Some(m) => Some(
                m.parse::<Action<Point>>()
                    .map_err(|e| format!("bad move: {e}"))?,
            ),
            None => None,
        };
        let result = match self.contact.as_deref() {
            None => ActionResult::Move,
            Some(w) => Contact::from_word(w)
                .ok_or_else(|| format!("bad contact '{w}'"))?
                .result(),
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
        let shown = self
            .shown
            .iter()
            .map(|(at, piece)| parse_shown(at, piece).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PublicEvent {
            left,
            carried,
            ..PublicEvent::heard(ply, None, mv, result, shown)
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
        history: &[PublicEvent<Point>],
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
            .zip(1..)
            .map(|(e, ply)| e.to_event(ply))
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

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Piece, Role};

    #[test]
    fn an_event_crosses_to_the_worker_with_what_it_made_public() {
        let event = PublicEvent {
            left: vec![Seat::W],
            ..PublicEvent::heard(
                1,
                None,
                Some("Sa4-Na0".parse().expect("a move")),
                ActionResult::Bounce,
                vec![(
                    "Na0".parse().expect("a point"),
                    Piece::new(Seat::N, Role::Landmine),
                )],
            )
        };
        let wire = WireEvent::from_event(&event);
        assert_eq!(wire.shown, vec![("Na0".to_string(), "2L".to_string())]);
        let text = serde_json::to_string(&wire).expect("json");
        assert!(text.contains(r#""shown":[["Na0","2L"]]"#), "{text}");
        let back: WireEvent = serde_json::from_str(&text).expect("json");
        assert_eq!(back.to_event(1), Ok(event));
        // An event written before `shown` existed still reads.
        let old: WireEvent =
            serde_json::from_str(r#"{"mv":"Sa4-Na0","contact":"lose","left":""}"#).expect("json");
        assert_eq!(old.to_event(1).map(|e| e.revealed), Ok(Vec::new()));
    }

    #[test]
    fn a_public_piece_without_its_rank_is_refused() {
        let wire = WireEvent {
            shown: vec![("Na0".to_string(), "2X".to_string())],
            ..WireEvent::default()
        };
        assert_eq!(
            wire.to_event(1),
            Err("a piece made public names its rank, not '2X'".to_string())
        );
        let wire = WireEvent {
            contact: Some("draw".to_string()),
            ..WireEvent::default()
        };
        assert_eq!(wire.to_event(1), Err("bad contact 'draw'".to_string()));
    }
}
