//! Games with a friend on another device while they are played: one stored value per game
//! (`junqi.remote.<game id>`), written after every change, so that a reload, a closed tab or a
//! dropped connection loses nothing. It holds this device's own formation, the seed of its own
//! secrets and what it did, and every message the other device sent, as sent: never an
//! identity this side may not know (docs/duel-protocol.md, "Saving, and a dropped
//! connection"). Once both devices have checked the finished game it goes to the records like
//! any other game, and its value here is removed.
//!
//! Apart from the list of saved games (state/saves.rs) so that a page of an older version,
//! still open in another tab, reads that list as it always did.

use super::config::GameConfig;
use super::game::Match;
use super::storage;
use junqi_core::{Deployment, Seat};
use junqi_duel::wire::{bytes_of, hex_of};
use junqi_duel::{Duel, Input, Proposal};
use serde::{Deserialize, Serialize};

/// Where each game is kept: this prefix and the game's id.
pub const PREFIX: &str = "junqi.remote.";

/// One game with another device, as this device keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RemoteSave {
    pub version: u64,
    /// When it began and when it was last saved (ms since 1970).
    pub started: f64,
    pub saved: f64,
    /// The terms both devices agreed, with this device's colour as `host`.
    pub terms: Proposal,
    pub formation: Deployment,
    /// The seed of this device's secrets, hex (32 bytes).
    pub secrets: String,
    /// The match's own seed (the hint's questions).
    pub seed: u64,
    /// Each side's time left on the clock for the whole game, as this device counts it (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<[f64; 2]>,
    /// The per-move timer's time left (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_left: Option<f64>,
    /// What this device did and took, in order (`Duel::inputs`).
    pub inputs: Vec<Input>,
    /// Both devices opened everything and this one checked the game: it is in the records,
    /// and this is kept only to answer the other device should it still wait (a few of the
    /// latest, [`RemoteSave::prune_checked`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checked: bool,
}

/// How many checked games keep their save.
pub const CHECKED_KEPT: usize = 5;

/// Why a stored game was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotKept {
    /// Another tab (or version) has moved this game further: its log is not written over.
    Further,
    /// The stored value cannot be read by this version: never written over.
    Unreadable,
    /// The browser refused (storage full or disabled).
    Refused,
}

impl RemoteSave {
    pub const VERSION: u64 = 1;

    /// The save of `m` (a game with another device in play), begun at `started`.
    pub fn of(m: &Match, started: f64, now: f64) -> Option<RemoteSave> {
        let duel = m.side()?;
        let terms = duel.terms();
        Some(RemoteSave {
            version: RemoteSave::VERSION,
            started,
            saved: now,
            terms: Proposal::of(terms, duel.me()).ok()?,
            formation: duel.formation().clone(),
            secrets: hex_of(&duel.seed()),
            seed: m.seed(),
            inputs: duel.inputs().to_vec(),
            checked: m.duel().is_none(),
            clock: None,
            move_left: None,
        })
    }

    /// With the clocks as they stand.
    pub fn with_clocks(self, clock: Option<[f64; 2]>, move_left: Option<f64>) -> RemoteSave {
        RemoteSave {
            clock,
            move_left,
            ..self
        }
    }

    /// Forgets the saves of checked games but the [`CHECKED_KEPT`] latest.
    pub fn prune_checked() {
        let checked: Vec<String> = RemoteSave::all()
            .into_iter()
            .filter(|(_, s)| s.as_ref().is_ok_and(|s| s.checked))
            .map(|(id, _)| id)
            .collect();
        for id in checked.iter().skip(CHECKED_KEPT) {
            RemoteSave::remove(id);
        }
    }

    /// The game's id (hex), shared by both devices.
    pub fn id(&self) -> &str {
        &self.terms.game
    }

    pub fn key(&self) -> String {
        format!("{PREFIX}{}", self.id())
    }

    pub fn seat(&self) -> u8 {
        u8::from(self.terms.host == Seat::BLACK)
    }

    /// The new-game choices of this game.
    pub fn config(&self) -> GameConfig {
        GameConfig::of_proposal(&self.terms, self.seat(), GameConfig::default().level)
    }

    /// The game again, as it stood when saved; a save that does not replay is refused with the
    /// reason.
    pub fn rebuild(&self) -> Result<Match, String> {
        let terms = self.terms.terms().map_err(|e| e.to_string())?;
        let secrets = bytes_of::<32>(&self.secrets).ok_or("the secrets' seed is unreadable")?;
        let (duel, _) = Duel::new(terms, self.terms.host, self.formation.clone(), secrets)
            .map_err(|e| e.to_string())?;
        Match::resumed(self.config(), duel, &self.inputs, self.seed)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<RemoteSave, String> {
        match storage::read_json::<RemoteSave>(text, RemoteSave::VERSION) {
            Ok(s) => Ok(s),
            Err(storage::Reads::Newer(v)) => Err(format!("saved by a newer version ({v})")),
            Err(_) => Err("unreadable".into()),
        }
    }

    /// Writes this save, unless what is stored for the game went further (another tab played
    /// on: its log is longer or differs) or cannot be read.
    pub fn write(&self) -> Result<(), NotKept> {
        if let Some(old) = storage::load(&self.key()) {
            let Ok(old) = RemoteSave::from_json(&old) else {
                return Err(NotKept::Unreadable);
            };
            if !self.inputs.starts_with(&old.inputs) {
                return Err(NotKept::Further);
            }
        }
        if storage::save(&self.key(), &self.to_json()) {
            Ok(())
        } else {
            Err(NotKept::Refused)
        }
    }

    /// The game stored under the id `id`, if any.
    pub fn load(id: &str) -> Option<Result<RemoteSave, String>> {
        storage::load(&format!("{PREFIX}{id}")).map(|t| RemoteSave::from_json(&t))
    }

    /// Every game kept, newest first; one that cannot be read is listed with why (and kept).
    pub fn all() -> Vec<(String, Result<RemoteSave, String>)> {
        let mut found: Vec<(String, Result<RemoteSave, String>)> = storage::keys()
            .into_iter()
            .filter_map(|k| {
                let id = k.strip_prefix(PREFIX)?.to_string();
                let text = storage::load(&k)?;
                Some((id, RemoteSave::from_json(&text)))
            })
            .collect();
        found.sort_by(|a, b| {
            let when = |r: &Result<RemoteSave, String>| r.as_ref().map_or(0.0, |s| s.saved);
            when(&b.1).total_cmp(&when(&a.1))
        });
        found
    }

    /// Forgets the game `id` (checked and in the records, or deleted by the player).
    pub fn remove(id: &str) {
        storage::remove(&format!("{PREFIX}{id}"));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::config::Opponent;
    use junqi_core::{Mode, Rules};
    use junqi_duel::Terms;

    fn side(seat: u8) -> Match {
        let terms = Terms::new([3; 16], Mode::Dark, Rules::default());
        let (me, formation) = if seat == 0 {
            (Seat::RED, Deployment::classic_1())
        } else {
            (Seat::BLACK, Deployment::classic_2())
        };
        let (duel, first) = Duel::new(terms, me, formation, [seat + 1; 32]).unwrap();
        let config = GameConfig {
            mode: Mode::Dark,
            opponent: Opponent::Remote,
            seat,
            ..GameConfig::default()
        };
        Match::remote(config, duel, vec![first], 9)
    }

    /// Carries every waiting message between the two sides.
    fn deliver(sides: &mut [Match; 2]) {
        loop {
            let mut moved = false;
            for s in 0..2 {
                for text in sides[s].take_outbox() {
                    sides[1 - s].receive(&text).unwrap();
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    #[test]
    fn a_game_with_another_device_is_kept_and_rebuilt_exactly() {
        let mut sides = [side(0), side(1)];
        deliver(&mut sides);
        for a in ["c6-d5", "c7-d8", "a6-a7"] {
            let s = usize::from(sides[0].seat_to_move().unwrap());
            sides[s].play(a.parse().unwrap()).unwrap();
            deliver(&mut sides);
        }
        assert_eq!(sides[0].plies(), 3);
        let save = RemoteSave::of(&sides[1], 1.0, 2.0).unwrap();
        assert_eq!(save.seat(), 1);
        // Black's save holds its own formation and Red's messages, never Red's formation.
        let text = save.to_json();
        assert!(!text.contains(&Deployment::classic_1().to_string()));
        save.write().unwrap();
        let back = RemoteSave::load(save.id()).unwrap().unwrap();
        assert_eq!(back, save);
        let m = back.rebuild().unwrap();
        assert_eq!(m.plies(), 3);
        assert_eq!(m.view_of(1), sides[1].view_of(1));
        assert_eq!(m.rows(1), sides[1].rows(1));
        assert_eq!(m.tray(1), sides[1].tray(1));
        assert_eq!(
            m.sent(),
            sides[1].sent(),
            "the same messages, to send again"
        );
        // A save that went further elsewhere is not written over by a shorter one.
        let mut longer = save.clone();
        longer.inputs.push(Input::Resign);
        storage::save(&save.key(), &longer.to_json());
        assert_eq!(save.write(), Err(NotKept::Further));
        // Unreadable data is listed with why, and never written over.
        storage::save(&save.key(), "{not json");
        assert_eq!(save.write(), Err(NotKept::Unreadable));
        assert!(RemoteSave::all()
            .iter()
            .any(|(id, r)| id == save.id() && r.is_err()));
        RemoteSave::remove(save.id());
        assert!(RemoteSave::load(save.id()).is_none());
        // A log that does not replay is refused with the reason.
        let mut bad = save.clone();
        bad.inputs.insert(
            0,
            Input::Got {
                text: "nonsense".into(),
            },
        );
        assert!(bad.rebuild().unwrap_err().contains("step 1"));
    }

    #[test]
    fn a_checked_game_keeps_its_side_to_answer_the_other_device() {
        let mut sides = [side(0), side(1)];
        deliver(&mut sides);
        // Red offers a draw and moves; Black accepts; both open everything and check.
        assert!(sides[0].offer_draw());
        sides[0].play("c6-d5".parse().unwrap()).unwrap();
        deliver(&mut sides);
        sides[1].agree_draw().unwrap();
        deliver(&mut sides);
        for m in &sides {
            assert_eq!(
                m.remote_state(),
                Some(super::super::game::RemoteState::Verified)
            );
            assert!(m.duel().is_none(), "refereed here now");
        }
        let save = RemoteSave::of(&sides[0], 1.0, 2.0).unwrap();
        assert!(save.checked);
        let back = RemoteSave::from_json(&save.to_json())
            .unwrap()
            .rebuild()
            .unwrap();
        assert_eq!(
            back.remote_state(),
            Some(super::super::game::RemoteState::Verified)
        );
        assert_eq!(back.record(), sides[0].record());
        // Every message Red sent, its openings last, to send again.
        assert_eq!(back.sent(), sides[0].sent());
        assert!(back.sent().last().is_some_and(|m| m.contains("final")));
        // Only the latest checked games keep their save.
        for n in 0..CHECKED_KEPT + 2 {
            let mut other = save.clone();
            other.terms.game = format!("{n:032x}");
            other.saved = n as f64;
            storage::save(&other.key(), &other.to_json());
        }
        RemoteSave::prune_checked();
        let kept = RemoteSave::all()
            .into_iter()
            .filter(|(_, s)| s.as_ref().is_ok_and(|s| s.checked))
            .count();
        assert_eq!(kept, CHECKED_KEPT);
    }
}
