//! The game store: Leptos signals around the 2-player game's [`Controller`] (which holds the
//! refereed [`Match`] and answers gestures, the computer, the clocks and the buttons), the
//! setups before it, and the operations the screens call. Components get a [`Store`] from the
//! context and never touch junqi-core's `Position`; they draw render models built from one
//! seat's `PlayerView`.

mod colour_flip;
mod hint;
mod play;
mod public;
mod remote;
pub use super::controller::{move_entry, Clock, Handover, MoveEntry, MoveTimer, Shown};
pub use colour_flip::ColourFlip;
pub use public::PublicState;
pub use remote::{Connect, RemoteStore, JOIN_PREFIX};

use super::config::{GameConfig, Opponent};
use super::controller::{Controller, Marks, CLOCK_SAVE_MS};
use super::game::Match;
use super::replay::Replay;
use super::saves::{self, SavedGame, SavedSetup, Saves};
use super::settings::Settings;
use super::stats::Stats;
use super::storage;
use crate::ai::client::AiClient;
use crate::ai::protocol::AiRequest;
use crate::audio;
use crate::ground::anim::{AnimPlan, Cue};
use crate::i18n::{self, Lang};
use junqi_core::types::POINTS;
use junqi_core::{Deployment, Mode, Point, Role, Seat, Setup};
use leptos::prelude::*;
use std::time::Duration;

mod saved;
mod setup;
mod sync;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
mod watch;
pub use saved::{sync_saves, Written};

/// Where the app is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Choosing mode, opponent, colour, rules, clock.
    NewGame,
    /// 翻暗棋: turning one face-down piece decides the colours (before setup).
    ColourFlip,
    /// Arranging a formation (明棋, 暗棋).
    Setup,
    /// Playing.
    Play,
    /// The game has ended; the board stays visible.
    Over,
    /// Replaying a finished game (复盘).
    Replay,
    /// The player's rank and results.
    Profile,
    /// The list of saved games.
    Records,
    /// A 四国 game (play, and its end).
    Siguo,
    /// Connecting to a friend on another device, and agreeing on the game.
    Connect,
}

/// One seat arranging its formation.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupState {
    pub seat: u8,
    pub color: Seat,
    pub deployment: Deployment,
    /// First piece of a tap-tap swap.
    pub selected: Option<Point>,
    /// Pass and play: seat 0's finished formation while seat 1 arranges.
    pub first: Option<Deployment>,
}

/// A running animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    pub id: u64,
    pub plan: AnimPlan,
}

/// A modal question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    ConfirmResign,
    /// Pass and play: the other seat is asked to accept a draw.
    DrawOffer {
        from: u8,
    },
    /// The friend on another device asks to take back their last move.
    UndoAsked {
        from: u8,
    },
    Settings,
    /// The rules screen (the rank ladder, combat, moving, setup, winning).
    Rules,
    /// The list of keys and reading commands (`?`).
    Keys,
}

/// A message on the records screen: an error (import, resume) or a confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsNote {
    pub error: bool,
    pub text: String,
}

/// How long the computer player may think before its worker is presumed stuck.
pub(crate) const AI_PATIENCE: Duration = Duration::from_secs(10);

/// Every signal of the app, `Copy` so closures can hold it.
#[derive(Copy, Clone)]
pub struct Store {
    pub phase: RwSignal<Phase>,
    pub settings: RwSignal<Settings>,
    /// Rank points stop at 0 (the grown-up setting, which the course's layer sets here).
    pub floor_points: RwSignal<bool>,
    pub config: RwSignal<GameConfig>,
    pub setup: RwSignal<Option<SetupState>>,
    /// 翻暗棋: the flip that decides the colours, while it is shown.
    pub colour_flip: RwSignal<Option<ColourFlip>>,
    /// 翻暗棋: the seed of the face-down shuffle (never in a signal).
    colour_flip_seed: StoredValue<u64>,
    /// The game in play, with its referee. Not reactive: `rev` announces changes, and the
    /// signals below mirror what it shows.
    game: StoredValue<Option<Controller>>,
    /// Bumped whenever the game changes (history, trays, counters).
    pub rev: RwSignal<u64>,
    pub shown: RwSignal<Option<Shown>>,
    pub selected: RwSignal<Option<Point>>,
    pub anim: RwSignal<Option<Anim>>,
    pub thinking: RwSignal<bool>,
    pub handover: RwSignal<Option<Handover>>,
    /// 暗棋: the displayed seat's guess marks on enemy pieces.
    pub guesses: RwSignal<[Option<Role>; POINTS]>,
    /// The enemy piece whose guess picker is open.
    pub guess_at: RwSignal<Option<Point>>,
    /// 暗棋 with the notebook on: what the record proves for the displayed seat.
    pub notebook: RwSignal<Option<super::notebook::SeatNotebook<Point>>>,
    /// The hidden enemy piece whose note is shown.
    pub noted: RwSignal<Option<Point>>,
    /// A move the coach held back, with its warning (state/controller/coach.rs).
    pub coached: RwSignal<Option<super::controller::Coached>>,
    pub notice: RwSignal<Option<&'static str>>,
    pub dialog: RwSignal<Option<Dialog>>,
    pub clock: RwSignal<Option<Clock>>,
    /// The per-move timer, when the game has one.
    pub move_timer: RwSignal<Option<MoveTimer>>,
    /// Whether the game-over panel is shown (it can be put aside to look at the board).
    pub result_open: RwSignal<bool>,
    pub reduced_motion: RwSignal<bool>,
    /// Saved formations, by name.
    pub saved: RwSignal<Vec<(String, Deployment)>>,
    /// The saved formations as this tab last read or wrote them (the base of every merge).
    saved_base: StoredValue<Vec<(String, Deployment)>>,
    /// The game being replayed.
    pub replay: RwSignal<Option<Replay>>,
    /// Replay autoplay, either board: milliseconds per ply.
    pub replay_speed: RwSignal<u32>,
    /// The share link made, or why there is none.
    pub share: RwSignal<Option<Result<String, i18n::T>>>,
    /// A message that stays until dismissed (a bad share link).
    pub message: RwSignal<Option<String>>,
    /// A short confirmation floating over the screen for a moment.
    pub toast: RwSignal<Option<i18n::T>>,
    /// The unfinished game left for the new-game screen (offered to continue).
    pub left: RwSignal<Option<String>>,
    /// Where closing the replay goes back to: the records (when opened there).
    pub(super) replay_from_records: StoredValue<bool>,
    /// The saved game whose replay was opened from its end: Back goes back to it.
    pub(super) replay_from_game: StoredValue<Option<String>>,
    /// The rank points the last counted game gave (games against the computer).
    pub last_points: RwSignal<Option<i64>>,
    /// Results and rank points.
    pub stats: RwSignal<Stats>,
    /// The saved results could not be read (they are kept aside).
    pub stats_unreadable: RwSignal<bool>,
    /// The stats as this tab last read or wrote them (the base of every merge).
    pub(super) stats_base: StoredValue<Stats>,
    /// Whether this game's result has been counted.
    pub(super) counted: StoredValue<bool>,
    /// Every game kept (finished and not) and which is in progress, as stored.
    pub saves: RwSignal<Saves>,
    /// Saved games that could not be read on start: why (the raw data is kept aside).
    pub unreadable: RwSignal<Option<String>>,
    /// Whether unreadable data is kept aside (offered for download).
    pub aside: RwSignal<bool>,
    /// The saved games as this tab last read or wrote them (the base of every merge).
    saves_base: StoredValue<Saves>,
    /// The edit count of the game in progress as this tab last wrote or loaded it.
    own_rev: StoredValue<u64>,
    /// Another tab has moved the game in progress on, or taken it over: this tab no longer
    /// writes it.
    pub elsewhere: RwSignal<bool>,
    /// Another tab plays the game this tab opened (it holds the game's lock, `tabs.rs`): this
    /// tab neither plays nor writes it unless the player takes it over.
    pub open_elsewhere: RwSignal<bool>,
    /// How many old finished games were dropped to keep the list at its cap (to be told).
    pub pruned: RwSignal<usize>,
    /// The game last deleted in the records, kept so the delete can be undone.
    pub last_deleted: RwSignal<Option<SavedGame>>,
    pub records_note: RwSignal<Option<RecordsNote>>,
    /// When the clocks were last saved.
    clock_saved: StoredValue<f64>,
    /// The computer player, in its Web Worker.
    ai: AiClient,
    pub(super) serial: StoredValue<u64>,
    /// The request to the computer player now outstanding (a `serial` number).
    asking: StoredValue<Option<u64>>,
    /// A game only computers play (旁观): its pace, pause and step.
    pub watch_ctl: super::watch::WatchControls,
    /// A watched game's eyes (mirrors the controller's).
    pub eyes: RwSignal<super::controller::Eyes>,
    /// The 4-player game, its choices and its setups.
    pub siguo: super::siguo::SiguoStore,
    /// A game with a friend on another device: the connection and its messages.
    pub remote: remote::RemoteStore,
}

impl Store {
    /// A store with the saved settings, choices and formations.
    pub fn new() -> Store {
        let browser = Lang::from_tag(&storage::browser_language());
        let settings = Settings::load(browser);
        let config = GameConfig::load();
        let saved = super::presets::load_saved();
        let reduced_motion = RwSignal::new(storage::prefers_reduced_motion());
        storage::on_reduced_motion_change(move |on| {
            reduced_motion.try_set(on);
        });
        let (stats, stats_unreadable) = super::stats::load();
        let (saves, unreadable) = saved::load_saves();
        let store = Store {
            phase: RwSignal::new(Phase::NewGame),
            settings: RwSignal::new(settings),
            floor_points: RwSignal::new(true),
            config: RwSignal::new(config),
            setup: RwSignal::new(None),
            colour_flip: RwSignal::new(None),
            colour_flip_seed: StoredValue::new(0),
            game: StoredValue::new(None),
            rev: RwSignal::new(0),
            shown: RwSignal::new(None),
            selected: RwSignal::new(None),
            anim: RwSignal::new(None),
            thinking: RwSignal::new(false),
            handover: RwSignal::new(None),
            guesses: RwSignal::new([None; POINTS]),
            guess_at: RwSignal::new(None),
            notebook: RwSignal::new(None),
            noted: RwSignal::new(None),
            coached: RwSignal::new(None),
            notice: RwSignal::new(None),
            dialog: RwSignal::new(None),
            clock: RwSignal::new(None),
            move_timer: RwSignal::new(None),
            result_open: RwSignal::new(true),
            reduced_motion,
            saved_base: StoredValue::new(saved.clone()),
            saved: RwSignal::new(saved),
            replay: RwSignal::new(None),
            replay_speed: RwSignal::new(super::replay::SPEEDS[1]),
            share: RwSignal::new(None),
            message: RwSignal::new(None),
            toast: RwSignal::new(None),
            left: RwSignal::new(None),
            replay_from_records: StoredValue::new(false),
            replay_from_game: StoredValue::new(None),
            last_points: RwSignal::new(None),
            stats_base: StoredValue::new(stats.clone()),
            stats: RwSignal::new(stats),
            stats_unreadable: RwSignal::new(stats_unreadable),
            counted: StoredValue::new(false),
            saves_base: StoredValue::new(saves.clone()),
            saves: RwSignal::new(saves),
            unreadable: RwSignal::new(unreadable),
            aside: RwSignal::new(!saved::unreadable_text().is_empty()),
            own_rev: StoredValue::new(0),
            elsewhere: RwSignal::new(false),
            open_elsewhere: RwSignal::new(false),
            pruned: RwSignal::new(0),
            last_deleted: RwSignal::new(None),
            records_note: RwSignal::new(None),
            clock_saved: StoredValue::new(0.0),
            ai: AiClient::new(),
            serial: StoredValue::new(0),
            asking: StoredValue::new(None),
            watch_ctl: Default::default(),
            eyes: RwSignal::new(Default::default()),
            siguo: super::siguo::SiguoStore::new(),
            remote: remote::RemoteStore::new(),
        };
        storage::on_change_elsewhere(move |key| store.changed_elsewhere(&key));
        store
    }

    /// The interface language (tracked).
    pub fn lang(&self) -> Lang {
        self.settings.with(|s| s.lang)
    }

    /// Reads the match (untracked; track `rev` to follow changes). Only the state module may:
    /// components read [`Store::public`] and the shown view, never the referee.
    pub(in crate::state) fn with_match<R>(&self, f: impl FnOnce(&Match) -> R) -> Option<R> {
        self.game.with_value(|c| c.as_ref().map(|c| f(c.game())))
    }

    /// The rules a formation is checked with on the setup screen (a 四国 seat's when one
    /// arranges). Tracked.
    pub fn setup_rules(&self) -> junqi_core::Rules {
        if self.siguo.arranging.get().is_some() {
            self.siguo.config.with(|c| c.rules.rules)
        } else {
            self.config.with(|c| c.rules)
        }
    }

    /// Stops the computer player's thinking (a new worker takes its place).
    pub(crate) fn ai_cancel(&self) {
        self.ai.cancel();
    }

    /// Asks the page's computer player (四国 seats use it too).
    pub(crate) fn ai_request(
        &self,
        req: AiRequest,
        on_done: impl FnOnce(crate::ai::protocol::AiResponse) + 'static,
    ) {
        self.ai.request(req, on_done);
    }

    pub(crate) fn sound(&self, cue: Cue) {
        let s = self.settings.get_untracked();
        if s.sound {
            audio::play(cue, s.volume);
        }
    }

    /// Milliseconds per step of an animation (0: none).
    pub(crate) fn step_ms(&self) -> u32 {
        if self.reduced_motion.get_untracked() {
            0
        } else {
            self.settings.with_untracked(|s| s.speed.step_ms())
        }
    }

    /// A confirmation shown over the screen for a moment, wherever the page is scrolled.
    pub fn show_toast(&self, text: i18n::T) {
        self.toast.set(Some(text));
        let toast = self.toast;
        set_timeout(
            move || {
                if toast.get_untracked() == Some(text) {
                    toast.set(None);
                }
            },
            Duration::from_millis(2600),
        );
    }

    /// The same game again at once, the sides swapped (against the computer the player takes
    /// the other colour; in 翻暗棋 a new flip decides; a watched game is watched again).
    pub fn rematch(&self) {
        let Some(mut config) = self.with_match(|m| m.config.clone()) else {
            return;
        };
        if matches!(config.opponent, Opponent::Computer | Opponent::Remote) {
            config.seat = 1 - config.seat.min(1);
        }
        if config.opponent == Opponent::Remote {
            // Over the same connection: the colours swapped, the friend asked again.
            self.config.set(config);
            self.propose_again();
            return;
        }
        self.open_new_game();
        self.config.update(|c| *c = config.as_choices(c));
        self.start_game();
    }

    /// Continues the game left for the new-game screen.
    pub fn continue_left(&self) {
        if let Some(id) = self.left.get_untracked() {
            self.resume_record(&id);
        }
    }

    /// The finished game in figures: plies, and pieces each colour lost.
    pub fn summary(&self) -> Option<(usize, [usize; 2])> {
        self.rev.track();
        self.with_match(|m| {
            let tray = m.tray(0);
            (m.plies(), [tray[Seat::RED].len(), tray[Seat::BLACK].len()])
        })
    }

    fn notify(&self, text: &'static str) {
        self.notice.set(Some(text));
        let notice = self.notice;
        set_timeout(
            move || {
                if notice.get_untracked() == Some(text) {
                    notice.set(None);
                }
            },
            Duration::from_millis(2600),
        );
    }

    /// Whether a person plays against the computer.
    pub fn against_computer(&self) -> bool {
        self.config
            .with_untracked(|c| c.opponent == Opponent::Computer)
    }

    // ----- new game --------------------------------------------------------------------

    /// Back to the new-game screen. The current game is saved as it stands and stays in the
    /// records (unfinished games can be resumed from there).
    pub fn open_new_game(&self) {
        self.autosave();
        self.drop_link();
        self.siguo.close();
        super::tabs::release();
        self.elsewhere.set(false);
        self.open_elsewhere.set(false);
        if self.phase.get_untracked() == Phase::Records {
            self.pruned.set(0);
            self.last_deleted.set(None);
        }
        let left = self
            .saves
            .with_untracked(|s| s.resumable().map(|g| g.id.clone()));
        self.left.set(left);
        if self.saves.with_untracked(|s| s.current.is_some()) {
            self.saves.update(|s| s.current = None);
            self.write_saves();
        }
        self.ai.cancel();
        self.asking.set_value(None);
        self.thinking.set(false);
        self.game.set_value(None);
        self.rev.update(|r| *r += 1);
        self.shown.set(None);
        self.anim.set(None);
        self.handover.set(None);
        self.setup.set(None);
        self.colour_flip.set(None);
        self.dialog.set(None);
        self.clock.set(None);
        self.move_timer.set(None);
        self.selected.set(None);
        self.phase.set(Phase::NewGame);
    }

    /// The course's game: 明棋 against the first computer level, the player moving first,
    /// with the coach (`coach`: the grown-up setting). The current game is kept as
    /// [`Store::open_new_game`] keeps it; the next new game from the new-game screen is not
    /// coached.
    pub fn start_course_game(&self, coach: bool) {
        self.open_new_game();
        self.config.set(GameConfig {
            mode: Mode::Open,
            opponent: Opponent::Computer,
            level: 1,
            seat: 0,
            coach,
            ..GameConfig::default()
        });
        self.start_game();
    }

    /// Starts a game with the chosen settings: setup first in 明棋 and 暗棋.
    pub fn start_game(&self) {
        let config = self.config.get_untracked();
        if config.opponent == Opponent::Remote {
            self.invite();
            return;
        }
        config.save();
        let config = config.for_watching();
        self.guesses.set([None; POINTS]);
        self.result_open.set(true);
        self.dialog.set(None);
        if config.mode == Mode::Flip {
            // The computer player's seed is drawn apart from the shuffle's, so nothing it is
            // given determines the face-down pieces.
            let seed = storage::random_seed();
            self.begin(
                config,
                Setup::Shuffle { seed },
                storage::random_seed(),
                SavedSetup::Shuffle { seed },
            );
            return;
        }
        if config.flips_for_colours() {
            self.start_colour_flip();
            return;
        }
        if config.watched() {
            self.begin_watched(config);
            return;
        }
        let friend = config.opponent == Opponent::Friend;
        let seat = if friend { 0 } else { config.seat };
        self.begin_setup(&config, seat);
    }

    /// 旁观 (明棋, 暗棋): both formations drawn as the computer draws its own, and play at
    /// once. Nobody at the device plays, so both are kept in the save as they are.
    pub(super) fn begin_watched(&self, config: GameConfig) {
        let [red, black] = [(); 2]
            .map(|()| junqi_ai::deploy::formation_for(storage::random_seed(), &config.rules));
        let saved = SavedSetup::Deployments {
            red: red.clone(),
            black: black.clone(),
        };
        let seed = storage::random_seed();
        self.begin(config, Setup::Deployments { red, black }, seed, saved);
    }

    /// Starts play from a setup; `saved` is how the setup is written down.
    fn begin(&self, config: GameConfig, setup: Setup, seed: u64, saved: SavedSetup) {
        let minutes = config.clock_minutes;
        let Ok(m) = Match::new(config.clone(), setup, seed) else {
            return;
        };
        self.keep_new(&config, seed, saved);
        let left = (minutes > 0).then(|| [f64::from(minutes) * 60_000.0; 2]);
        self.enter_play(m, left, None, [None; POINTS]);
        self.autosave();
    }

    /// Puts a new game in the records as the game in progress (its actions and result are
    /// written by [`Store::autosave`]).
    fn keep_new(&self, config: &GameConfig, seed: u64, saved: SavedSetup) {
        let now = storage::now_ms();
        let game = SavedGame {
            // The id reaches the page: its random part is derived, never the seed's own bits.
            id: format!(
                "{:x}-{:04x}",
                now as u64,
                super::seeds::derive(seed, super::seeds::Purpose::Id) & 0xFFFF
            ),
            started: now,
            saved: now,
            imported: false,
            config: config.to_text(),
            choices: serde_json::from_str(&config.to_json()).ok(),
            seed,
            setup: saved,
            actions: String::new(),
            timeouts: Vec::new(),
            result: None,
            clock: None,
            move_left: None,
            guesses: String::new(),
            seeds: super::seeds::SCHEME,
            rev: 0,
            extra: Default::default(),
        };
        self.own_rev.set_value(0);
        self.elsewhere.set(false);
        self.saves.update(|s| {
            s.current = Some(game.id.clone());
            s.put(game);
        });
    }

    /// Shows a game being played (new or resumed): clocks, the board or the hand-over.
    fn enter_play(&self, m: Match, clock: Option<[f64; 2]>, move_left: Option<f64>, marks: Marks) {
        let over = m.outcome().is_some();
        let now = storage::now_ms();
        let face = self.settings.with_untracked(|s| s.face_to_face);
        let c = Controller::new(m, clock, move_left, marks, face, now);
        self.game.set_value(Some(c));
        self.counted.set_value(false);
        self.last_points.set(None);
        self.watch_ctl.reset();
        if over {
            super::tabs::release();
        } else {
            self.claim_current(false);
        }
        self.share.set(None);
        self.rev.update(|r| *r += 1);
        self.anim.set(None);
        self.setup.set(None);
        self.dialog.set(None);
        self.result_open.set(true);
        self.clock_saved.set_value(now);
        // The board (or the hand-over), no selection, the guess marks and the clocks.
        self.sync_game();
        self.phase.set(if over { Phase::Over } else { Phase::Play });
    }

    /// Persists settings (called by an Effect when they change).
    pub fn save_settings(&self) {
        if let Err(why) = self.settings.with(Settings::save) {
            leptos::logging::warn!("the settings were not saved: {why:?}");
        }
    }

    /// Saves the formation being arranged under a name.
    pub fn save_formation(&self, name: &str) {
        let Some(d) = self
            .setup
            .with_untracked(|s| s.as_ref().map(|s| s.deployment.clone()))
        else {
            return;
        };
        self.saved.update(|v| super::presets::save(v, name, d));
        self.write_formations();
    }

    pub fn delete_formation(&self, name: &str) {
        self.saved.update(|v| v.retain(|(n, _)| n != name));
        self.write_formations();
    }
}

impl Default for Store {
    fn default() -> Store {
        Store::new()
    }
}
