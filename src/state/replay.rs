//! The replay viewer (复盘): a finished game's record rebuilt by junqi-core's `Game::replay`,
//! shown ply by ply through one side's eyes (or, 暗棋, fully open), and the share link that
//! carries a finished record in the page address's fragment (`#r=`, never sent to a server).

use super::controller::Eyes;
use super::storage;
use super::store::{move_entry, MoveEntry, Phase, Store};
use crate::ground::geometry::Orientation;
use crate::i18n::{self, Lang};
use junqi_core::{Game, GameRecord, Mode, PlayerView, Point, Position, PublicEvent, Seat};
use leptos::prelude::*;

/// Autoplay speeds: milliseconds per ply.
pub const SPEEDS: [u32; 3] = [1600, 800, 300];

/// The fragment prefix of a share link.
pub const SHARE_PREFIX: &str = "#r=";

/// A game being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub record: GameRecord,
    /// The referee's position after each number of plies (0 ..= n).
    positions: Vec<Position>,
    events: Vec<PublicEvent>,
    /// Plies shown (0: the start).
    pub ply: usize,
    pub side: Eyes,
}

impl Replay {
    /// Rebuilds a record; a record that does not replay, or an unfinished 暗棋 game (its hidden
    /// pieces would show), is refused with the reason.
    pub fn new(record: GameRecord) -> Result<Replay, String> {
        let game = Game::replay(&record).map_err(|e| e.to_string())?;
        if record.mode == Mode::Dark && record.result.is_none() {
            return Err(
                "an unfinished 暗棋 game cannot be replayed: its hidden pieces would show"
                    .to_string(),
            );
        }
        let mut step = Game::new(record.mode, record.rules, record.setup.clone())
            .map_err(|e| e.to_string())?;
        let mut positions = vec![step.position().clone()];
        for (i, a) in record.actions.iter().enumerate() {
            step.play(a.action)
                .map_err(|e| format!("ply {}: {e}", i + 1))?;
            positions.push(step.position().clone());
        }
        // The last position carries the result (a resignation, an agreed draw, time).
        if let Some(last) = positions.last_mut() {
            *last = game.position().clone();
        }
        Ok(Replay {
            events: game.public_history(),
            record,
            positions,
            ply: 0,
            side: Eyes::Red,
        })
    }

    /// The number of plies of the game.
    pub fn len(&self) -> usize {
        self.positions.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn mode(&self) -> Mode {
        self.record.mode
    }

    /// Goes to a ply (clamped).
    pub fn go(&mut self, ply: usize) {
        self.ply = ply.min(self.len());
    }

    /// What the chosen side sees at the current ply (fully open: every identity).
    pub fn view(&self) -> PlayerView {
        let pos = &self.positions[self.ply];
        match self.side {
            Eyes::Red => pos.view(Some(Seat::RED)),
            Eyes::Black => pos.view(Some(Seat::BLACK)),
            Eyes::Open => super::game::open_view(pos),
        }
    }

    pub fn orientation(&self) -> Orientation {
        match self.side {
            Eyes::Black => Orientation::BlackBottom,
            _ => Orientation::RedBottom,
        }
    }

    /// The action that led to the current ply: its start and end.
    pub fn last(&self) -> Option<(Point, Point)> {
        let ev = self.events.get(self.ply.checked_sub(1)?)?;
        ev.span()
    }

    /// The move list, naming every mover: a replay shows a finished game (every identity
    /// public) or an unfinished 明棋 or 翻棋 one, where every piece that moves is face up.
    pub fn moves(&self, lang: Lang) -> Vec<MoveEntry> {
        self.events
            .iter()
            .enumerate()
            .map(|(i, e)| move_entry(e, self.known(i), lang))
            .collect()
    }

    /// What event `i` moved and met, named (see [`Replay::moves`]).
    fn known(&self, i: usize) -> super::game::Known {
        let before = &self.positions[i];
        super::game::Known::of(&self.events[i], |p| before.piece_at(p))
    }

    /// The ply just shown in a sentence, as play captions it ("Red's Captain moved c3–c4.").
    pub fn caption(&self, lang: Lang) -> Option<String> {
        let i = self.ply.checked_sub(1)?;
        let e = self.events.get(i)?;
        Some(i18n::caption::caption(e, self.known(i), None, lang))
    }

    /// The outcome, once the last ply is shown.
    pub fn outcome(&self) -> Option<junqi_core::Outcome> {
        self.positions[self.ply].outcome()
    }
}

/// The share-link fragment for a record; only finished games (an unfinished 暗棋 game would
/// give its hidden pieces away, and a game still being played is not a record yet).
pub fn share_fragment(record: &GameRecord) -> Result<String, i18n::T> {
    if record.result.is_none() {
        return Err(i18n::SHARE_UNFINISHED);
    }
    Ok(format!("{SHARE_PREFIX}{}", record.to_compact()))
}

/// Reads a share-link fragment: `None` when the fragment is not a share link.
pub fn parse_fragment(hash: &str) -> Option<Result<GameRecord, String>> {
    let text = hash.strip_prefix(SHARE_PREFIX)?;
    Some(GameRecord::from_compact(text).map_err(|e| e.to_string()))
}

impl Store {
    /// Opens the replay of a record (the current game, if any, is left).
    pub fn open_replay(&self, record: GameRecord) -> Result<(), String> {
        let replay = Replay::new(record)?;
        self.open_new_game();
        self.replay_from_records.set_value(false);
        self.replay_from_game.set_value(None);
        self.share.set(None);
        self.replay.set(Some(replay));
        self.phase.set(Phase::Replay);
        Ok(())
    }

    /// Replays the game just finished; Back comes back to its end (and its rematch).
    pub fn replay_this_game(&self) {
        let Some(record) = self.with_match(|m| m.record()).flatten() else {
            return;
        };
        let id = self.saves.with_untracked(|s| s.current.clone());
        match self.open_replay(record) {
            Ok(()) => self.replay_from_game.set_value(id),
            Err(e) => self.message.set(Some(e)),
        }
    }

    /// Leaves the replay: for the finished game it was opened from, or for the screen it was
    /// opened from (the records, or the new-game screen).
    pub fn close_replay(&self) {
        self.replay.set(None);
        self.share.set(None);
        storage::clear_fragment();
        if let Some(id) = self.replay_from_game.get_value() {
            self.replay_from_game.set_value(None);
            if self.reopen(&id).is_ok() {
                return;
            }
        }
        self.open_new_game();
        // Back where it was opened from.
        if self.replay_from_records.get_value() {
            self.open_records();
        }
    }

    pub fn replay_go(&self, ply: usize) {
        self.replay.update(|r| {
            if let Some(r) = r {
                r.go(ply)
            }
        });
    }

    pub fn replay_side(&self, side: Eyes) {
        self.replay.update(|r| {
            if let Some(r) = r {
                r.side = side
            }
        });
    }

    /// The record to share now: the replayed one, or the finished game.
    fn record_to_share(&self) -> Option<GameRecord> {
        self.replay
            .with_untracked(|r| r.as_ref().map(|r| r.record.clone()))
            .or_else(|| self.with_match(|m| m.record()).flatten())
    }

    /// Makes the share link of the finished game (shown in the share field).
    pub fn make_share_link(&self) -> Result<String, i18n::T> {
        if self.phase.get_untracked() == super::store::Phase::Siguo {
            let record = self
                .siguo
                .with_table(|t| t.record().clone())
                .ok_or(i18n::SHARE_UNFINISHED)?;
            if record.result.is_none() {
                return Err(i18n::SHARE_UNFINISHED);
            }
            return Ok(format!(
                "{}{SHARE_PREFIX}{}",
                storage::page_address(),
                record.to_compact()
            ));
        }
        let record = self.record_to_share().ok_or(i18n::SHARE_UNFINISHED)?;
        let fragment = share_fragment(&record)?;
        Ok(format!("{}{fragment}", storage::page_address()))
    }

    /// Opens the replay a share link in the page address names; a bad link gives a message.
    pub fn open_from_address(&self) {
        let hash = storage::fragment();
        if let Some(offer) = hash.strip_prefix(super::store::JOIN_PREFIX) {
            // An invitation from a friend on another device: one use only.
            storage::clear_fragment();
            self.open_join(offer);
            return;
        }
        if let Some(text) = hash.strip_prefix(SHARE_PREFIX) {
            if let Ok(junqi_core::compact::SharedGame::FourPlayer(record)) =
                junqi_core::compact::read_shared(text)
            {
                self.open_new_game();
                if let Err(e) = self.siguo.open_shared(self, &record) {
                    self.bad_link(&e);
                }
                return;
            }
        }
        match parse_fragment(&hash) {
            None => {}
            Some(Ok(record)) => {
                if let Err(e) = self.open_replay(record) {
                    self.bad_link(&e);
                }
            }
            Some(Err(e)) => self.bad_link(&e),
        }
    }

    fn bad_link(&self, why: &str) {
        let lang = self.settings.with_untracked(|s| s.lang);
        self.message
            .set(Some(format!("{} ({why})", i18n::BAD_SHARE_LINK.get(lang))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Action, Deployment, Setup};

    fn finished() -> GameRecord {
        let mut g = Game::new(
            Mode::Dark,
            junqi_core::Rules::default(),
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
        )
        .unwrap();
        // Red's major general on a6 takes Black's lieutenant on a7, then three more plies.
        g.play("a6-a7".parse::<Action>().unwrap()).unwrap();
        for _ in 0..3 {
            let a = g.position().legal_actions()[0];
            g.play(a).unwrap();
        }
        g.agree_draw().unwrap();
        g.record()
    }

    #[test]
    fn steps_through_a_record() {
        let mut r = Replay::new(finished()).unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r.ply, 0);
        assert_eq!(r.last(), None);
        assert_eq!(r.outcome(), None);
        r.go(1);
        assert_eq!(
            r.last().map(|(a, b)| (a.to_string(), b.to_string())),
            Some(("a6".into(), "a7".into()))
        );
        r.go(99);
        assert_eq!(r.ply, 4);
        assert!(r.outcome().is_some(), "the agreed draw shows at the end");
        assert_eq!(r.moves(Lang::En).len(), 4);
    }

    #[test]
    fn hidden_pieces_stay_hidden_from_a_side_and_open_shows_all() {
        let mut r = Replay::new(finished()).unwrap();
        r.go(2);
        let enemy_known = |v: &PlayerView, enemy: Seat| {
            v.cells
                .iter()
                .flatten()
                .filter(|o| o.color == Some(enemy) && o.role.is_some())
                .count()
        };
        r.side = Eyes::Red;
        assert_eq!(enemy_known(&r.view(), Seat::BLACK), 0);
        r.side = Eyes::Black;
        assert_eq!(enemy_known(&r.view(), Seat::RED), 0);
        assert_eq!(r.orientation(), Orientation::BlackBottom);
        r.side = Eyes::Open;
        let v = r.view();
        assert!(v.cells.iter().flatten().all(|o| o.role.is_some()));
        r.side = Eyes::Red;
        assert_eq!(
            v.cells.iter().flatten().count(),
            r.view().cells.iter().flatten().count()
        );
    }

    #[test]
    fn bad_records_are_refused_with_a_reason() {
        let mut rec = finished();
        rec.actions[1].action = "c1-c2".parse().unwrap();
        let err = Replay::new(rec).unwrap_err();
        assert!(err.contains("ply 2"), "{err}");
        let mut unfinished = finished();
        unfinished.result = None;
        assert!(Replay::new(unfinished).is_err());
    }

    #[test]
    fn share_fragments_round_trip_and_garbage_is_refused() {
        let rec = finished();
        let f = share_fragment(&rec).unwrap();
        assert!(f.starts_with("#r="));
        // The link keeps the actions, not their results: the replay finds them again.
        let back = parse_fragment(&f).unwrap().unwrap();
        assert_eq!(back.to_compact(), rec.to_compact());
        assert_eq!(Replay::new(back).unwrap().len(), 4);
        assert!(matches!(parse_fragment("#r=%%%garbled"), Some(Err(_))));
        assert!(parse_fragment("#other").is_none());
        let mut unfinished = rec;
        unfinished.result = None;
        assert_eq!(share_fragment(&unfinished), Err(i18n::SHARE_UNFINISHED));
    }
}
