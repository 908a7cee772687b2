//! The game store and controller: Leptos signals around the refereed [`Match`], and the
//! operations the screens call. Components get a [`Store`] from the context and never touch
//! junqi-core's `Position`; they draw render models built from one seat's `PlayerView`.

mod colour_flip;
mod hint;
mod move_timer;
mod public;
pub use colour_flip::ColourFlip;
pub use move_timer::MoveTimer;
pub use public::PublicState;

use super::config::{GameConfig, Opponent};
use super::game::Match;
use super::replay::Replay;
use super::saves::{self, SavedGame, SavedSetup, Saves};
use super::settings::Settings;
use super::stats::Stats;
use super::storage;
use crate::ai::client::AiClient;
use crate::ai::protocol::{AiRequest, AiTask};
use crate::audio;
use crate::ground::anim::{self, AnimPlan, Cue};
use crate::ground::drag::Gesture;
use crate::ground::geometry::Orientation;
use crate::i18n::{self, Lang};
use junqi_core::types::POINTS;
use junqi_core::{
    Action, Color, Deployment, IllegalAction, Mode, PlayerView, Point, Role, Setup, Slot,
};
use leptos::prelude::*;
use std::time::Duration;

mod saved;
mod sync;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
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
}

/// The board as one seat sees it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub view: PlayerView,
    /// Whose eyes.
    pub seat: u8,
    pub orientation: Orientation,
    /// Face to face: this colour's labels are turned.
    pub turned: Option<Color>,
    /// The last action's start and end.
    pub last: Option<(Point, Point)>,
}

/// One seat arranging its formation.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupState {
    pub seat: u8,
    pub color: Color,
    pub deployment: Deployment,
    /// First piece of a tap-tap swap.
    pub selected: Option<Point>,
    /// Pass and play: seat 0's finished formation while seat 1 arranges.
    pub first: Option<Deployment>,
}

/// The hand-over screen: the board is hidden until this seat says it is ready.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handover {
    pub seat: u8,
    /// The seat's colour, when known.
    pub color: Option<Color>,
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
    Settings,
    /// The rules screen (the rank ladder, combat, moving, setup, winning).
    Rules,
}

/// The clocks, when the game has one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Clock {
    /// Milliseconds left, by seat.
    pub left: [f64; 2],
    /// When the last tick was taken (`Date.now`).
    pub last: f64,
}

/// A row of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    pub ply: u32,
    pub color: Option<Color>,
    pub text: String,
}

/// The most nodes the computer searches on the page's thread when its Web Worker fails, so the
/// page stays responsive.
const FALLBACK_NODES: u64 = 4_000;

/// How often the clocks are saved while one runs (actions are saved at once).
const CLOCK_SAVE_MS: f64 = 5_000.0;

/// A message on the records screen: an error (import, resume) or a confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsNote {
    pub error: bool,
    pub text: String,
}

/// How long the computer player may think before its worker is presumed stuck.
const AI_PATIENCE: Duration = Duration::from_secs(10);

/// Every signal of the app, `Copy` so closures can hold it.
#[derive(Copy, Clone)]
pub struct Store {
    pub phase: RwSignal<Phase>,
    pub settings: RwSignal<Settings>,
    pub config: RwSignal<GameConfig>,
    pub setup: RwSignal<Option<SetupState>>,
    /// 翻暗棋: the flip that decides the colours, while it is shown.
    pub colour_flip: RwSignal<Option<ColourFlip>>,
    /// 翻暗棋: the seed of the face-down shuffle (never in a signal).
    colour_flip_seed: StoredValue<u64>,
    /// The referee. Not reactive: `rev` announces changes.
    game: StoredValue<Option<Match>>,
    /// Bumped whenever the game changes (history, trays, counters).
    pub rev: RwSignal<u64>,
    pub shown: RwSignal<Option<Shown>>,
    pub selected: RwSignal<Option<Point>>,
    pub anim: RwSignal<Option<Anim>>,
    pub thinking: RwSignal<bool>,
    pub handover: RwSignal<Option<Handover>>,
    /// 暗棋: the displayed seat's guess marks on enemy pieces.
    pub guesses: RwSignal<[Option<Role>; POINTS]>,
    /// Every seat's guess marks, kept across pass-and-play hand-overs (private to each seat).
    seat_guesses: StoredValue<[[Option<Role>; POINTS]; 2]>,
    /// The enemy piece whose guess picker is open.
    pub guess_at: RwSignal<Option<Point>>,
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
    pub replay_playing: RwSignal<bool>,
    /// Autoplay: milliseconds per ply.
    pub replay_speed: RwSignal<u32>,
    /// The autoplay timer now running (a `serial` number).
    pub(super) replay_timer: StoredValue<u64>,
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
    /// The 4-player game, its choices and its setups.
    pub siguo: super::siguo::SiguoStore,
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
            seat_guesses: StoredValue::new([[None; POINTS]; 2]),
            guess_at: RwSignal::new(None),
            notice: RwSignal::new(None),
            dialog: RwSignal::new(None),
            clock: RwSignal::new(None),
            move_timer: RwSignal::new(None),
            result_open: RwSignal::new(true),
            reduced_motion,
            saved_base: StoredValue::new(saved.clone()),
            saved: RwSignal::new(saved),
            replay: RwSignal::new(None),
            replay_playing: RwSignal::new(false),
            replay_speed: RwSignal::new(super::replay::SPEEDS[1]),
            replay_timer: StoredValue::new(0),
            share: RwSignal::new(None),
            message: RwSignal::new(None),
            toast: RwSignal::new(None),
            left: RwSignal::new(None),
            replay_from_records: StoredValue::new(false),
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
            siguo: super::siguo::SiguoStore::new(),
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
        self.game.with_value(|m| m.as_ref().map(f))
    }

    fn update_match<R>(&self, f: impl FnOnce(&mut Match) -> R) -> Option<R> {
        let mut out = None;
        self.game.update_value(|m| out = m.as_mut().map(f));
        self.rev.update(|r| *r += 1);
        out
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
    fn step_ms(&self) -> u32 {
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
    /// the other colour; in 翻暗棋 a new flip decides).
    pub fn rematch(&self) {
        let Some(mut config) = self.with_match(|m| m.config.clone()) else {
            return;
        };
        if config.opponent == Opponent::Computer {
            config.seat = 1 - config.seat.min(1);
        }
        self.open_new_game();
        self.config.set(config);
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
            (
                m.game().reports().len(),
                [tray[Color::Red].len(), tray[Color::Black].len()],
            )
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

    /// Starts a game with the chosen settings: setup first in 明棋 and 暗棋.
    pub fn start_game(&self) {
        let config = self.config.get_untracked();
        config.save();
        self.guesses.set([None; POINTS]);
        self.seat_guesses.set_value([[None; POINTS]; 2]);
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
        let friend = config.opponent == Opponent::Friend;
        let seat = if friend { 0 } else { config.seat };
        self.begin_setup(&config, seat);
    }

    /// Starts play from a setup; `saved` is how the setup is written down.
    fn begin(&self, config: GameConfig, setup: Setup, seed: u64, saved: SavedSetup) {
        let minutes = config.clock_minutes;
        let Ok(m) = Match::new(config.clone(), setup, seed) else {
            return;
        };
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
        let left = (minutes > 0).then(|| [f64::from(minutes) * 60_000.0; 2]);
        self.enter_play(m, left, None);
        self.autosave();
    }

    /// Shows a game being played (new or resumed): clocks, the board or the hand-over.
    fn enter_play(&self, m: Match, clock: Option<[f64; 2]>, move_left: Option<f64>) {
        let friend = m.config.opponent == Opponent::Friend;
        let dark = m.mode() == Mode::Dark;
        let over = m.outcome().is_some();
        let first = m.seat_to_move().unwrap_or(0);
        self.game.set_value(Some(m));
        self.counted.set_value(false);
        self.last_points.set(None);
        if over {
            super::tabs::release();
        } else {
            self.claim_current(false);
        }
        self.share.set(None);
        self.rev.update(|r| *r += 1);
        self.anim.set(None);
        self.selected.set(None);
        self.guess_at.set(None);
        self.setup.set(None);
        self.dialog.set(None);
        self.result_open.set(true);
        let now = storage::now_ms();
        self.clock.set(clock.map(|left| Clock { left, last: now }));
        self.start_move_timer(move_left);
        self.clock_saved.set_value(now);
        self.phase.set(if over { Phase::Over } else { Phase::Play });
        if friend && dark && !over {
            self.shown.set(None);
            let color = self.with_match(|m| m.color_of(first)).flatten();
            self.handover.set(Some(Handover { seat: first, color }));
        } else {
            self.handover.set(None);
            self.show_seat(self.display_seat());
        }
    }

    // ----- setup -----------------------------------------------------------------------

    /// Replaces the formation being arranged.
    pub fn setup_set(&self, d: Deployment) {
        self.setup.update(|s| {
            if let Some(s) = s {
                s.deployment = d;
                s.selected = None;
            }
        });
    }

    /// Swaps the contents of two points of the arranging side's half.
    pub fn setup_swap(&self, a: Point, b: Point) {
        self.setup.update(|s| {
            let Some(s) = s else { return };
            if let (Some(x), Some(y)) = (Slot::of_point(a, s.color), Slot::of_point(b, s.color)) {
                s.deployment.swap(x, y);
            }
            s.selected = None;
        });
        self.sound(Cue::Move);
    }

    /// A gesture on the setup board: tap one piece then another to swap, or drag and drop.
    pub fn setup_gesture(&self, g: Gesture) {
        let Some(s) = self.setup.get_untracked() else {
            return;
        };
        let mine = |p: Point| Slot::of_point(p, s.color).is_some();
        match g {
            Gesture::Tap(p) if mine(p) => match s.selected {
                Some(q) if q == p => self.setup.update(|s| {
                    if let Some(s) = s {
                        s.selected = None
                    }
                }),
                Some(q) => self.setup_swap(q, p),
                None => {
                    let has_piece =
                        Slot::of_point(p, s.color).is_some_and(|sl| s.deployment.get(sl).is_some());
                    if has_piece {
                        self.setup.update(|s| {
                            if let Some(s) = s {
                                s.selected = Some(p)
                            }
                        });
                    }
                }
            },
            Gesture::Drop { from, to: Some(to) } if mine(from) && mine(to) && from != to => {
                self.setup_swap(from, to)
            }
            _ => self.setup.update(|s| {
                if let Some(s) = s {
                    s.selected = None
                }
            }),
        }
    }

    /// 出征: the formation is final. Pass and play: the other side arranges next.
    pub fn setup_start(&self) {
        let Some(s) = self.setup.get_untracked() else {
            return;
        };
        if self.siguo.arranging.get_untracked().is_some() {
            let rules = self.siguo.config.with_untracked(|c| c.rules.rules);
            if !s.deployment.is_valid_with(&rules) {
                self.sound(Cue::Illegal);
                return;
            }
            self.siguo.deployed(self, s.deployment);
            return;
        }
        let config = self.config.get_untracked();
        if !s.deployment.is_valid_with(&config.rules) {
            self.sound(Cue::Illegal);
            return;
        }
        let mut config = config;
        if config.opponent == Opponent::Computer {
            // The seat arranged is the player's (翻暗棋: the one the flip gave).
            config.seat = s.seat;
        }
        let seed = storage::random_seed();
        match config.opponent {
            Opponent::Computer => {
                let computer = saves::computer_formation(seed, super::seeds::SCHEME, &config.rules);
                let own = s.deployment.clone();
                let (red, black) = if s.color == Color::Red {
                    (s.deployment, computer)
                } else {
                    (computer, s.deployment)
                };
                self.begin(
                    config,
                    Setup::Deployments { red, black },
                    seed,
                    SavedSetup::Computer { own },
                );
            }
            Opponent::Friend => match s.first {
                None => {
                    self.setup.set(Some(SetupState {
                        seat: 1,
                        color: Color::Black,
                        deployment: junqi_ai::deploy::formation_for(seed, &config.rules),
                        selected: None,
                        first: Some(s.deployment),
                    }));
                    self.handover.set(Some(Handover {
                        seat: 1,
                        color: Some(Color::Black),
                    }));
                }
                Some(red) => {
                    let saved = SavedSetup::Deployments {
                        red: red.clone(),
                        black: s.deployment.clone(),
                    };
                    self.begin(
                        config,
                        Setup::Deployments {
                            red,
                            black: s.deployment,
                        },
                        seed,
                        saved,
                    );
                }
            },
        }
    }

    // ----- play ------------------------------------------------------------------------

    /// The seat whose eyes the board uses now.
    fn display_seat(&self) -> u8 {
        let friend = !self.against_computer();
        self.with_match(|m| {
            if friend {
                m.seat_to_move()
                    .or_else(|| self.shown.with_untracked(|s| s.as_ref().map(|s| s.seat)))
                    .unwrap_or(0)
            } else {
                m.config.seat
            }
        })
        .unwrap_or(0)
    }

    /// Orientation and turned labels for a seat.
    fn orientation_for(&self, m: &Match, seat: u8) -> (Orientation, Option<Color>) {
        let friend = m.config.opponent == Opponent::Friend;
        let face = friend && self.settings.with_untracked(|s| s.face_to_face);
        if m.mode() == Mode::Flip {
            // One fixed board: seat 0 at the bottom.
            return (
                Orientation::RedBottom,
                if face { m.color_of(1) } else { None },
            );
        }
        if face {
            return (Orientation::RedBottom, Some(Color::Black));
        }
        let color = m
            .color_of(seat)
            .unwrap_or(if seat == 0 { Color::Red } else { Color::Black });
        let o = match color {
            Color::Red => Orientation::RedBottom,
            Color::Black => Orientation::BlackBottom,
        };
        (o, None)
    }

    fn last_of(m: &Match) -> Option<(Point, Point)> {
        m.game()
            .reports()
            .last()
            .map(|r| (r.action.from(), r.action.to()))
    }

    /// Shows the board through a seat's eyes.
    fn show_seat(&self, seat: u8) {
        let shown = self.with_match(|m| {
            let (orientation, turned) = self.orientation_for(m, seat);
            Shown {
                view: m.view_of(seat),
                seat,
                orientation,
                turned,
                last: Self::last_of(m),
            }
        });
        self.shown.set(shown);
    }

    /// Whether the displayed seat may act now.
    pub fn can_act(&self) -> bool {
        if self.anim.with(|a| a.is_some())
            || self.handover.with(|h| h.is_some())
            || self.elsewhere.get()
            || self.open_elsewhere.get()
            || self.phase.get() != Phase::Play
        {
            return false;
        }
        self.rev.track();
        let Some(seat) = self.shown.with(|s| s.as_ref().map(|s| s.seat)) else {
            return false;
        };
        self.with_match(|m| m.seat_to_move() == Some(seat) && m.is_human(seat))
            .unwrap_or(false)
    }

    /// A gesture on the play board.
    pub fn play_gesture(&self, g: Gesture) {
        match g {
            Gesture::LongPress(p) => self.open_guess(p),
            Gesture::Tap(p) => self.tap(p),
            Gesture::Drop { from, to } => match to {
                Some(to) if to != from => self.try_move(from, to),
                _ => self.selected.set(None),
            },
        }
    }

    fn tap(&self, p: Point) {
        if !self.can_act_untracked() {
            return;
        }
        let Some(view) = self
            .shown
            .with_untracked(|s| s.as_ref().map(|s| s.view.clone()))
        else {
            return;
        };
        let actions = view.legal_actions();
        if let Some(from) = self.selected.get_untracked() {
            if from == p {
                self.selected.set(None);
                return;
            }
            if actions.contains(&Action::Move { from, to: p }) {
                self.act(Action::Move { from, to: p });
                return;
            }
        }
        if actions.contains(&Action::Flip(p)) {
            self.act(Action::Flip(p));
        } else if actions
            .iter()
            .any(|a| matches!(a, Action::Move { from, .. } if *from == p))
        {
            self.selected.set(Some(p));
        } else {
            let own =
                view.cells[p.index()].is_some_and(|o| o.color.is_some() && o.color == view.me);
            if own && self.selected.get_untracked().is_none() {
                self.sound(Cue::Illegal);
            }
            self.selected.set(None);
        }
    }

    fn try_move(&self, from: Point, to: Point) {
        if !self.can_act_untracked() {
            return;
        }
        self.act(Action::Move { from, to });
    }

    fn can_act_untracked(&self) -> bool {
        leptos::prelude::untrack(|| self.can_act())
    }

    /// Plays an action for the seat to move and animates it.
    fn act(&self, action: Action) {
        let Some(before) = self.shown.get_untracked() else {
            return;
        };
        let played = self.update_match(|m| m.play(action));
        let played = match played {
            Some(Ok(p)) => p,
            Some(Err(_)) => {
                self.sound(Cue::Illegal);
                self.notify(i18n::ILLEGAL.get(self.lang()));
                self.selected.set(None);
                return;
            }
            None => return,
        };
        self.selected.set(None);
        self.guess_at.set(None);
        self.move_guesses(&played.event);
        self.autosave();
        // The result counts as soon as it is decided, not after the last animation.
        self.count_result();
        let after = self.with_match(|m| m.view_of(before.seat));
        let Some(after) = after else { return };
        let plan = anim::plan(
            &before.view,
            &after,
            &played.event,
            &played.path,
            before.orientation,
            self.step_ms(),
        );
        // Plain moves and flips sound at once, contacts when the pieces meet.
        let cue = plan.cue;
        if matches!(cue, Cue::Move | Cue::Flip) || plan.travel_ms == 0 {
            self.sound(cue);
        } else {
            let store = *self;
            set_timeout(
                move || store.sound(cue),
                Duration::from_millis(u64::from(plan.travel_ms)),
            );
        }
        let total = plan.total_ms();
        if total == 0 {
            self.finish(None);
            return;
        }
        let id = self.serial.with_value(|s| s + 1);
        self.serial.set_value(id);
        self.anim.set(Some(Anim { id, plan }));
        let store = *self;
        set_timeout(
            move || store.finish(Some(id)),
            Duration::from_millis(u64::from(total) + 30),
        );
    }

    /// The animation `id` is over (or there was none): show the new position, hand over,
    /// or end the game.
    fn finish(&self, id: Option<u64>) {
        if let Some(id) = id {
            if self.anim.with_untracked(|a| a.as_ref().map(|a| a.id)) != Some(id) {
                return;
            }
        }
        self.anim.set(None);
        self.after_change();
    }

    /// The game changed: refresh what is shown, the phase and the hand-over.
    fn after_change(&self) {
        let Some((over, to_move, mode, friend)) = self.with_match(|m| {
            (
                m.outcome().is_some(),
                m.seat_to_move(),
                m.mode(),
                m.config.opponent == Opponent::Friend,
            )
        }) else {
            return;
        };
        let current = self.shown.with_untracked(|s| s.as_ref().map(|s| s.seat));
        if over {
            self.count_result();
            self.handover.set(None);
            self.show_seat(current.unwrap_or(0));
            self.result_open.set(true);
            self.phase.set(Phase::Over);
            return;
        }
        let next = to_move.unwrap_or(0);
        if friend && mode == Mode::Dark && current != Some(next) {
            self.shown.set(None);
            self.guesses.set([None; POINTS]);
            let color = self.with_match(|m| m.color_of(next)).flatten();
            self.handover.set(Some(Handover { seat: next, color }));
        } else if friend {
            self.show_seat(next);
        } else {
            self.show_seat(self.display_seat());
        }
    }

    /// The seat handed the device to is ready.
    pub fn handover_ready(&self) {
        let Some(h) = self.handover.get_untracked() else {
            return;
        };
        self.handover.set(None);
        if self.phase.get_untracked() == Phase::Play {
            let marks = self
                .seat_guesses
                .with_value(|g| g[usize::from(h.seat.min(1))]);
            self.guesses.set(marks);
            self.show_seat(h.seat);
        }
    }

    /// The computer plays its move, if it is its turn (called by an Effect when idle). It thinks
    /// in its Web Worker and sees only its own view; should the worker fail, a small search on
    /// this thread answers instead.
    pub fn computer_turn(&self) {
        if self.thinking.get_untracked() || self.anim.with_untracked(|a| a.is_some()) {
            return;
        }
        if self.phase.get_untracked() != Phase::Play || self.passive() {
            return;
        }
        let level = self.config.with_untracked(|c| c.level);
        let Some(req) = self
            .with_match(|m| {
                let seat = m.computer_to_move()?;
                let view = m.full_view_of(seat);
                Some(AiRequest::from_view(
                    AiTask::Move,
                    &view,
                    m.formation_of(seat),
                    level,
                    m.computer_seed(),
                ))
            })
            .flatten()
        else {
            return;
        };
        self.thinking.set(true);
        let store = *self;
        let rev = self.rev.get_untracked();
        let ask = self.serial.with_value(|s| s + 1);
        self.serial.set_value(ask);
        self.asking.set_value(Some(ask));
        self.ai.request(req, move |res| {
            if store.asking.get_value() != Some(ask) {
                return; // the watchdog answered already
            }
            store.asking.set_value(None);
            store.thinking.set(false);
            store.computer_answer(rev, level, res.action.as_deref());
        });
        // A worker that neither answers nor fails (it should never happen: the strongest level
        // answers in well under a second) must not freeze the game: after a while it is replaced
        // and a small search on this thread answers.
        set_timeout(
            move || {
                if store.asking.get_value() != Some(ask) {
                    return;
                }
                store.asking.set_value(None);
                leptos::logging::warn!("the computer player did not answer; it is restarted");
                store.ai.cancel();
                store.thinking.set(false);
                store.computer_answer(rev, level, None);
            },
            AI_PATIENCE,
        );
    }

    /// Plays the computer's answer `action` (its string form) if the game is still the one it
    /// was asked about (`rev`). An answer that is missing, unreadable or illegal is replaced by a
    /// small search on this thread, so the game always goes on.
    fn computer_answer(&self, rev: u64, level: u8, action: Option<&str>) {
        // The game may have changed meanwhile (new game, undo).
        if self.rev.get_untracked() != rev {
            return;
        }
        let action = self
            .with_match(|m| {
                action
                    .and_then(|a| a.parse::<Action>().ok())
                    .filter(|a| m.game().position().legal_actions().contains(a))
                    .or_else(|| m.computer_action(level, FALLBACK_NODES))
            })
            .flatten();
        if let Some(a) = action {
            self.act(a);
        }
    }

    /// Takes back the player's last move (and the computer's reply).
    pub fn undo(&self) {
        if !self.against_computer()
            || self.anim.with_untracked(|a| a.is_some())
            || self.with_match(|m| m.outcome().is_some()).unwrap_or(true)
        {
            return;
        }
        let seat = self.config.with_untracked(|c| c.seat);
        self.ai.cancel();
        self.asking.set_value(None);
        self.thinking.set(false);
        if self.update_match(|m| m.undo_for(seat)) == Some(true) {
            self.autosave();
            self.selected.set(None);
            self.show_seat(seat);
        }
    }

    /// Whether undo is offered now.
    pub fn may_undo(&self) -> bool {
        self.rev.track();
        self.against_computer()
            && self.settings.with(|s| s.allow_undo)
            && self.phase.get() == Phase::Play
            // Not after the end: the result is counted, the game may have been shared with
            // every formation in it, and a finished game is final.
            && self
                .with_match(|m| m.outcome().is_none() && m.can_undo(m.config.seat))
                .unwrap_or(false)
    }

    /// The seat acting on the buttons: the player against the computer, else the seat to move.
    fn acting_seat(&self) -> u8 {
        if self.against_computer() {
            self.config.with_untracked(|c| c.seat)
        } else {
            self.with_match(|m| m.seat_to_move()).flatten().unwrap_or(0)
        }
    }

    /// Resign (after confirmation).
    pub fn resign(&self) {
        self.dialog.set(None);
        let seat = self.acting_seat();
        match self.update_match(|m| m.resign(seat)) {
            Some(Ok(_)) => {
                self.autosave();
                self.anim.set(None);
                self.after_change();
            }
            Some(Err(IllegalAction::ResignTooEarly)) => {
                self.notify(i18n::RESIGN_TOO_EARLY.get(self.lang()))
            }
            _ => {}
        }
    }

    /// Whether resigning is allowed now (not in the first 20 plies).
    pub fn may_resign(&self) -> bool {
        self.rev.track();
        self.phase.get() == Phase::Play && self.with_match(|m| m.may_resign()).unwrap_or(false)
    }

    /// Offer a draw: the computer accepts a quiet game; a friend is asked.
    pub fn offer_draw(&self) {
        if self.phase.get_untracked() != Phase::Play {
            return;
        }
        if self.against_computer() {
            let quiet = self.with_match(|m| m.halfmoves()).unwrap_or(0);
            if quiet >= 30 {
                self.accept_draw();
            } else {
                self.notify(i18n::DRAW_DECLINED.get(self.lang()));
            }
        } else {
            let from = self.acting_seat();
            self.dialog.set(Some(Dialog::DrawOffer { from }));
        }
    }

    pub fn accept_draw(&self) {
        self.dialog.set(None);
        if self.update_match(|m| m.agree_draw()).is_some() {
            self.autosave();
            self.anim.set(None);
            self.after_change();
        }
    }

    /// 暗棋: opens the guess picker on an enemy piece whose identity is hidden.
    fn open_guess(&self, p: Point) {
        let hidden_enemy = self.shown.with_untracked(|s| {
            s.as_ref().is_some_and(|s| {
                s.view.mode == Mode::Dark
                    && s.view.cells[p.index()].is_some_and(|o| {
                        o.role.is_none() && o.color.is_some() && o.color != s.view.me
                    })
            })
        });
        if hidden_enemy {
            self.guess_at.set(Some(p));
        }
    }

    /// Puts (or clears) a guess mark.
    pub fn set_guess(&self, p: Point, role: Option<Role>) {
        self.guesses.update(|g| g[p.index()] = role);
        if let Some(seat) = self.shown.with_untracked(|s| s.as_ref().map(|s| s.seat)) {
            self.seat_guesses
                .update_value(|g| g[usize::from(seat.min(1))][p.index()] = role);
        }
        self.guess_at.set(None);
        self.autosave();
    }

    /// Guess marks follow the pieces they are on (every seat's).
    fn move_guesses(&self, ev: &junqi_core::PublicEvent) {
        let follow = |g: &mut [Option<Role>; POINTS]| {
            let from = ev.action.from();
            let to = ev.action.to();
            let mark = g[from.index()].take();
            for p in &ev.removed {
                g[p.index()] = None;
            }
            if matches!(ev.action, Action::Move { .. }) && !ev.removed.contains(&from) {
                g[to.index()] = mark;
            }
            for (p, _) in &ev.revealed {
                g[p.index()] = None;
            }
        };
        self.guesses.update(follow);
        self.seat_guesses
            .update_value(|g| g.iter_mut().for_each(follow));
    }

    /// The clock: charge the time since the last tick to the seat to move.
    pub fn tick(&self) {
        let now = storage::now_ms();
        self.siguo.tick(self, now);
        if self.tick_move(now) {
            if let Some(c) = self.clock.get_untracked() {
                self.clock.set(Some(Clock { last: now, ..c }));
            }
            return;
        }
        let Some(mut c) = self.clock.get_untracked() else {
            return;
        };
        let elapsed = (now - c.last).max(0.0);
        c.last = now;
        // Not while the game goes on in another tab: only the tab playing it runs its clock.
        let running = self.phase.get_untracked() == Phase::Play
            && self.handover.with_untracked(|h| h.is_none())
            && !self.passive();
        let to_move = self.with_match(|m| m.seat_to_move()).flatten();
        if let (true, Some(seat)) = (running, to_move) {
            let left = &mut c.left[usize::from(seat)];
            *left = (*left - elapsed).max(0.0);
            if *left <= 0.0 {
                self.clock.set(Some(c));
                self.update_match(|m| m.time_out(seat));
                self.autosave();
                self.anim.set(None);
                self.after_change();
                return;
            }
        }
        self.clock.set(Some(c));
        if running && now - self.clock_saved.get_value() >= CLOCK_SAVE_MS {
            self.autosave();
        }
    }

    /// The history as the board's viewer knew it, with the viewer's colour; while no seat's
    /// view is shown (a pass-and-play hand-over), only what both players may know.
    fn viewer_rows(&self) -> Option<(Vec<super::game::Row>, Option<Color>)> {
        self.rev.track();
        let seat = self.shown.with(|s| s.as_ref().map(|s| s.seat));
        self.with_match(|m| match seat {
            Some(seat) => (m.rows(seat), m.color_of(seat)),
            None => (m.public_rows(), None),
        })
    }

    /// The move list, in the interface language, naming the pieces the viewer could see.
    pub fn move_list(&self) -> Vec<MoveEntry> {
        let lang = self.lang();
        self.viewer_rows()
            .map(|(rows, _)| {
                rows.iter()
                    .map(|r| move_entry(&r.event, r.known, lang))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// What the last action did, as the viewer knew it: the caption by the board.
    pub fn caption(&self) -> Option<String> {
        let lang = self.lang();
        let (mut rows, viewer) = self.viewer_rows()?;
        let row = rows.pop()?;
        Some(i18n::caption::caption(&row.event, row.known, viewer, lang))
    }

    /// The last action as both players may know it: the pass-and-play hand-over card repeats
    /// it while the device changes hands, so it names no hidden piece.
    pub fn public_caption(&self) -> Option<String> {
        let lang = self.lang();
        let row = self.with_match(|m| m.public_rows().pop()).flatten()?;
        Some(i18n::caption::caption(&row.event, row.known, None, lang))
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

/// One row of a move list: the mover's name as the viewer knew it, the points, the result.
pub fn move_entry(
    ev: &junqi_core::PublicEvent,
    known: super::game::Known,
    lang: Lang,
) -> MoveEntry {
    MoveEntry {
        ply: ev.ply,
        color: ev.by,
        text: i18n::caption::move_row(ev, known, lang),
    }
}

impl Default for Store {
    fn default() -> Store {
        Store::new()
    }
}
