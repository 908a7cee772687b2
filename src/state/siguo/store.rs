//! The Leptos signals around a 四国 [`Table`]: the new-game choices, the people's setups, taps
//! on the board, the computer seats' turns (through the page's computer player), hand-overs
//! between people, autosave and resume. Every rule question goes to the table.

use super::hand::{AtBoard, Hand};
use super::save::{self, SiguoSave};
use super::stats;
use super::{SiguoConfig, Table};
use crate::ai::protocol::{AiRequest, AiResponse};
use crate::ground::drag::Gesture;
use crate::state::controller::Typed;
use crate::state::storage;
use crate::state::store::{Phase, SetupState, Store};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::Point;
use junqi_core::Action;
use junqi_core::Deployment;
use leptos::prelude::*;
use std::time::Duration;

/// Where the new-game choices are remembered.
pub const CONFIG_KEY: &str = "junqi.siguo.newgame.v1";
/// The tab's current game id (sessionStorage: a reload of this tab resumes it).
pub const TAB_KEY: &str = "junqi.siguo.tab";
/// How long a computer seat's move stays on show before the next seat acts, so a person can
/// follow three computer moves in a row.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(700);

#[derive(Copy, Clone)]
pub struct SiguoStore {
    /// 四国 is the mode picked on the new-game screen.
    pub chosen: RwSignal<bool>,
    pub config: RwSignal<SiguoConfig>,
    /// The remembered choices could not be read: they are not written over.
    config_unread: StoredValue<bool>,
    table: StoredValue<Option<Table>>,
    /// Bumped on every change of the table.
    pub rev: RwSignal<u64>,
    id: StoredValue<Option<String>>,
    started: StoredValue<f64>,
    counted: StoredValue<bool>,
    seed: StoredValue<u64>,
    /// The people's formations while they arrange.
    pending: StoredValue<[Option<Deployment>; 4]>,
    /// The seat arranging its formation now (the 2-player setup screen serves it).
    pub arranging: RwSignal<Option<Seat>>,
    pub selected: RwSignal<Option<Point>>,
    /// The board is hidden until this seat's person says they are ready.
    pub handover: RwSignal<Option<Seat>>,
    pub thinking: RwSignal<bool>,
    /// A computer move is on show; the next seat waits.
    pub pausing: crate::state::watch::Hold,
    /// The seat whose eyes the board uses.
    pub viewer: RwSignal<Seat>,
    /// Once the game is over: every piece open, or the viewer's own view.
    pub all_open: RwSignal<bool>,
    /// Replaying a finished game: the ply shown (`None`: the game itself).
    pub replay_ply: RwSignal<Option<usize>>,
    /// The eyes of a replay or of a watched game (旁观): a seat, or every piece open (`None`).
    pub watch: RwSignal<Option<Seat>>,
    /// A watched game's pace, pause and step.
    pub watch_ctl: crate::state::watch::WatchControls,
    /// The finished game as it stood at `replay_ply`, with the `rev` and ply it was built for:
    /// rebuilt from the record only when either changes ([`SiguoStore::with_shown`]).
    replayed: StoredValue<Option<(u64, usize, Table)>>,
    /// What the person holds at the board (the piece picked up, the guess being chosen, the
    /// move waiting to be confirmed): the signals below mirror it.
    hand: StoredValue<Hand>,
    /// A move that would leave the person no move of their own, waiting for them to confirm
    /// it or take it back.
    pub stranding: RwSignal<Option<Action<Point>>>,
    /// The hidden piece whose guess is being chosen.
    pub guess_at: RwSignal<Option<Point>>,
    /// Bumped on every clock tick.
    pub clock_rev: RwSignal<u64>,
    clock_last: StoredValue<f64>,
    clock_saved: StoredValue<f64>,
    /// The computer's suggestion now on show.
    pub hint: RwSignal<Option<Action<Point>>>,
    /// Bumped when the saved 四国 games change (records screen).
    pub records_rev: RwSignal<u64>,
    /// Rank points this game gave (once over, against computers).
    pub points: RwSignal<Option<i64>>,
    serial: StoredValue<u64>,
}

fn load_config() -> (SiguoConfig, bool) {
    match storage::load(CONFIG_KEY) {
        None => (SiguoConfig::default(), false),
        Some(text) => match serde_json::from_str::<SiguoConfig>(&text) {
            Ok(c) => (c.normalised(), false),
            Err(_) => {
                storage::note_unread(CONFIG_KEY);
                (SiguoConfig::default(), true)
            }
        },
    }
}

#[cfg(target_arch = "wasm32")]
use crate::state::storage::session;

fn tab_game() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        session()?.get_item(TAB_KEY).ok().flatten()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

fn set_tab_game(id: Option<&str>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = session() {
        let _ = match id {
            Some(id) => s.set_item(TAB_KEY, id),
            None => s.remove_item(TAB_KEY),
        };
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = id;
}

impl SiguoStore {
    pub fn new() -> SiguoStore {
        let (config, unread) = load_config();
        SiguoStore {
            chosen: RwSignal::new(false),
            config: RwSignal::new(config),
            config_unread: StoredValue::new(unread),
            table: StoredValue::new(None),
            rev: RwSignal::new(0),
            id: StoredValue::new(None),
            started: StoredValue::new(0.0),
            counted: StoredValue::new(false),
            seed: StoredValue::new(0),
            pending: StoredValue::new([None, None, None, None]),
            arranging: RwSignal::new(None),
            selected: RwSignal::new(None),
            handover: RwSignal::new(None),
            thinking: RwSignal::new(false),
            pausing: Default::default(),
            viewer: RwSignal::new(Seat::S),
            all_open: RwSignal::new(true),
            points: RwSignal::new(None),
            replay_ply: RwSignal::new(None),
            records_rev: RwSignal::new(0),
            hint: RwSignal::new(None),
            clock_rev: RwSignal::new(0),
            guess_at: RwSignal::new(None),
            hand: StoredValue::new(Hand::default()),
            stranding: RwSignal::new(None),
            clock_last: StoredValue::new(0.0),
            clock_saved: StoredValue::new(0.0),
            watch: RwSignal::new(None),
            watch_ctl: Default::default(),
            replayed: StoredValue::new(None),
            serial: StoredValue::new(0),
        }
    }

    /// Reads the table (untracked; track `rev` to follow changes).
    pub fn with_table<R>(&self, f: impl FnOnce(&Table) -> R) -> Option<R> {
        self.table.with_value(|t| t.as_ref().map(f))
    }

    /// Reads the table and tracks its changes.
    pub fn with_tracked<R>(&self, f: impl FnOnce(&Table) -> R) -> Option<R> {
        self.rev.track();
        self.with_table(f)
    }

    /// Whose knowledge the texts of the table follow (tracked): the viewer's in the game; the
    /// replay's eyes in a finished game's replay; `None` (every piece open) once the game is
    /// over and not replayed, when the board shows every piece.
    pub fn eyes(&self) -> Option<Seat> {
        match self.replay_ply.get() {
            Some(_) => self.watch.get(),
            None if self.with_tracked(Table::is_over).unwrap_or(false) => None,
            None if self.watching() => self.watch.get(),
            None => Some(self.viewer.get()),
        }
    }

    /// Reads what the table screen shows, tracked: the game itself, or — replaying a finished
    /// game — the game as it stood at the replay's ply (its seats in and out, its turn, its
    /// trays and moves so far), so that ply 0 does not show the end.
    pub fn with_shown<R>(&self, f: impl FnOnce(&Table) -> R) -> Option<R> {
        let rev = self.rev.get();
        let ply = self.replay_ply.get();
        let earlier = self
            .with_table(|t| ply.filter(|k| t.is_over() && *k < t.ply()))
            .flatten();
        let Some(k) = earlier else {
            return self.with_table(f);
        };
        let kept = self
            .replayed
            .with_value(|r| matches!(r, Some((v, at, _)) if *v == rev && *at == k));
        if !kept {
            // A record that does not replay (it always should) shows the game itself.
            let Some(at) = self.with_table(|t| t.at_ply(k).ok()).flatten() else {
                return self.with_table(f);
            };
            self.replayed.set_value(Some((rev, k, at)));
        }
        self.replayed
            .with_value(|r| r.as_ref().map(|(_, _, t)| f(t)))
    }

    fn changed(&self) {
        self.hint.set(None);
        let viewer = self.with_table(Table::viewer);
        if let Some(v) = viewer {
            if self.viewer.get_untracked() != v {
                self.viewer.set(v);
            }
        }
        self.rev.update(|r| *r += 1);
    }

    pub fn save_config(&self) {
        if self.config_unread.get_value() {
            return;
        }
        if let Ok(text) = serde_json::to_string(&self.config.get_untracked()) {
            storage::save(CONFIG_KEY, &text);
        }
    }

    // ----- setup -------------------------------------------------------------------------

    /// Starts a 四国 game with the chosen settings: each person arranges in turn (the setup
    /// screen), the computer seats deploy by themselves.
    pub fn start(&self, store: &Store) {
        // Every seat a computer: the person watches (旁观).
        let config = self.config.get_untracked().normalised();
        self.config.set(config.clone());
        self.save_config();
        self.close();
        let seed = storage::random_seed();
        self.seed.set_value(seed);
        let mut pending = [None, None, None, None];
        for seat in config.seats() {
            if !config.is_human(seat) {
                pending[seat.index()] =
                    Some(save::computer_formation(seed, seat, &config.rules.rules));
            }
        }
        self.pending.set_value(pending);
        self.arrange_next(store, None);
    }

    /// Another game with the finished game's settings (its seats, levels, information mode,
    /// rules and clock): new formations, the people arranging theirs again.
    pub fn rematch(&self, store: &Store) {
        if let Some(config) = self.with_table(|t| t.config.clone()) {
            self.config.set(config);
        }
        self.start(store);
    }

    /// The next person arranges, or the game begins.
    fn arrange_next(&self, store: &Store, after: Option<Seat>) {
        let config = self.config.get_untracked();
        let next = config
            .humans()
            .into_iter()
            .find(|s| self.pending.with_value(|p| p[s.index()].is_none()));
        match next {
            Some(seat) => {
                let seed = self.seed.get_value().wrapping_add(11 + seat.index() as u64);
                self.arranging.set(Some(seat));
                store.setup.set(Some(SetupState {
                    seat: 0,
                    color: Seat::RED,
                    deployment: junqi_ai::deploy::formation_for(seed, &config.rules.rules),
                    selected: None,
                    first: None,
                }));
                if after.is_some() {
                    self.handover.set(Some(seat));
                }
                store.phase.set(Phase::Setup);
            }
            None => self.begin(store),
        }
    }

    /// The 2-player setup screen's 出征 while a 四国 seat arranges.
    pub fn deployed(&self, store: &Store, d: Deployment) {
        let Some(seat) = self.arranging.get_untracked() else {
            return;
        };
        self.pending.update_value(|p| p[seat.index()] = Some(d));
        self.arranging.set(None);
        store.setup.set(None);
        self.arrange_next(store, Some(seat));
    }

    fn begin(&self, store: &Store) {
        let config = self.config.get_untracked();
        let pending = self.pending.get_value();
        let formations =
            PerSeat::new_with(|s| pending[s.index()].clone().unwrap_or_else(Deployment::empty));
        let table = match Table::new(config, formations, self.seed.get_value()) {
            Ok(t) => t,
            Err(e) => {
                store.message.set(Some(e));
                return;
            }
        };
        let now = storage::now_ms();
        let id = format!("{:x}", self.seed.get_value() ^ now as u64);
        self.id.set_value(Some(id.clone()));
        set_tab_game(Some(&id));
        self.started.set_value(now);
        self.counted.set_value(false);
        self.points.set(None);
        self.all_open.set(true);
        self.table.set_value(Some(table));
        let first_human = self.with_table(Table::human_to_move).flatten();
        // More than one person: the first to move gets the device behind a hand-over screen.
        if self.config.with_untracked(|c| c.humans().len() > 1) {
            self.handover
                .set(first_human.or(self.handover.get_untracked()));
        } else {
            self.handover.set(None);
        }
        store.phase.set(Phase::Siguo);
        self.changed();
        self.autosave();
    }

    // ----- play --------------------------------------------------------------------------

    /// The person at `viewer` may act now.
    pub fn may_act(&self) -> bool {
        self.handover.get_untracked().is_none()
            && !self.pausing.on.get_untracked()
            && self
                .with_table(|t| t.human_to_move() == Some(self.viewer.get_untracked()))
                .unwrap_or(false)
    }

    /// [`Self::may_act`], tracked.
    pub fn may_act_tracked(&self) -> bool {
        self.rev.track();
        self.handover.track();
        self.pausing.on.track();
        self.viewer.track();
        self.may_act()
    }

    /// Where the selected piece may go.
    pub fn dests(&self) -> Vec<Point> {
        let Some(p) = self.selected.get() else {
            return Vec::new();
        };
        self.with_tracked(|t| t.dests(p)).unwrap_or_default()
    }

    /// Where the piece at `from` may go, when the person may move it now.
    pub fn dests_from(&self, from: Point) -> Vec<Point> {
        self.rev.track();
        self.with_table(|t| t.dests(from)).unwrap_or_default()
    }

    /// Whether the person may pick up the piece at `p` and drag it.
    pub fn may_drag(&self, p: Point) -> bool {
        self.replay_ply.get_untracked().is_none()
            && self.may_act()
            && self.with_table(|t| !t.dests(p).is_empty()).unwrap_or(false)
    }

    /// Nobody may act on the board: a hand-over screen, a replay, or a game only computers
    /// play.
    fn busy(&self) -> bool {
        self.handover.get_untracked().is_some()
            || self.replay_ply.get_untracked().is_some()
            || self.watching_untracked()
    }

    /// Runs `f` on the person's hand at the board (mirrored in `selected`, `guess_at` and
    /// `stranding`) against the table.
    fn with_hand<R>(&self, f: impl FnOnce(&mut Hand, &Table, AtBoard) -> R) -> Option<R> {
        let at = AtBoard {
            viewer: self.viewer.get_untracked(),
            may_act: !self.busy() && self.may_act(),
        };
        let mut hand = self.hand.get_value();
        let out = self.with_table(|t| f(&mut hand, t, at))?;
        self.update_hand(|h| *h = hand);
        Some(out)
    }

    /// Changes the person's hand; its signals follow.
    fn update_hand(&self, f: impl FnOnce(&mut Hand)) {
        self.hand.update_value(f);
        let hand = self.hand.get_value();
        if self.selected.get_untracked() != hand.selected {
            self.selected.set(hand.selected);
        }
        if self.guess_at.get_untracked() != hand.guess_at {
            self.guess_at.set(hand.guess_at);
        }
        if self.stranding.get_untracked() != hand.stranding {
            self.stranding.set(hand.stranding);
        }
    }

    /// The person takes back the move that would leave them no move.
    pub fn strand_back(&self) {
        self.update_hand(|h| h.stranding = None);
    }

    /// A gesture on the board ([`Hand::gesture`]): the move it answers is played.
    pub fn gesture(&self, store: &Store, g: Gesture<Point>) {
        if self.busy() {
            return;
        }
        if let Some(mv) = self.with_hand(|h, t, at| h.gesture(t, at, g)).flatten() {
            self.play_person(store, mv);
        }
    }

    /// A move typed in the notation ([`Hand::typed`]): played, or the reason it was not.
    pub fn typed(&self, store: &Store, text: &str) -> Result<(), Typed<Point, Action<Point>>> {
        let mv = self
            .with_hand(|h, t, at| h.typed(t, at, text))
            .unwrap_or(Err(Typed::NotNow))?;
        if let Some(mv) = mv {
            self.play_person(store, mv);
        }
        Ok(())
    }

    /// The person confirms the move that leaves them no move ([`Self::stranding`]).
    pub fn play_stranding(&self, store: &Store) {
        if let Some(mv) = self.with_hand(|h, _, at| h.confirm(at)).flatten() {
            self.play_person(store, mv);
        }
    }

    /// Plays `mv` for the seat to move (its sound and animation are the board's, planned from
    /// what the eyes saw); returns how long its animation runs, in milliseconds.
    fn play(&self, store: &Store, mv: Action<Point>) -> u32 {
        let played = self
            .table
            .try_update_value(|t| t.as_mut().map(|t| t.play(mv).is_ok()));
        if played.flatten() != Some(true) {
            store.sound(crate::ground::anim::Cue::Illegal);
            return 0;
        }
        let step_ms = store.step_ms();
        let anim_ms = self.with_table(|t| t.last_move_ms(step_ms)).unwrap_or(0);
        self.after_action(store);
        anim_ms
    }

    /// A person's move: the next seat waits while it is animated.
    fn play_person(&self, store: &Store, mv: Action<Point>) {
        let anim_ms = self.play(store, mv);
        if anim_ms == 0 || self.with_table(Table::is_over).unwrap_or(true) {
            return;
        }
        self.pausing.hold(Duration::from_millis(u64::from(anim_ms)));
    }

    /// After any action: the result, a hand-over to the next person, the save.
    fn after_action(&self, store: &Store) {
        let before = self.viewer.get_untracked();
        self.changed();
        self.autosave();
        if self.with_table(Table::is_over).unwrap_or(false) {
            self.finish(store);
            return;
        }
        let next = self.with_table(Table::human_to_move).flatten();
        if let Some(next) = next {
            let hand = self
                .with_table(|t| t.needs_handover(before, next))
                .unwrap_or(false);
            if hand {
                self.handover.set(Some(next));
            }
        }
    }

    /// The person at the hand-over screen is ready.
    pub fn handover_ready(&self, store: &Store) {
        let Some(seat) = self.handover.get_untracked() else {
            return;
        };
        self.handover.set(None);
        // The next person starts with an empty hand (nothing of the last one's open).
        self.update_hand(|h| *h = Hand::default());
        if self.arranging.get_untracked().is_none() && store.phase.get_untracked() == Phase::Siguo {
            self.viewer.set(seat);
            self.rev.update(|r| *r += 1);
        }
    }

    /// The computer seat to move thinks (through the page's computer player); its move shows
    /// for a moment before the next seat acts.
    pub fn computer_turn(&self, store: &Store) {
        if self.thinking.get_untracked()
            || self.pausing.on.get_untracked()
            || store.phase.get_untracked() != Phase::Siguo
            || !self.watch_lets_move()
        {
            return;
        }
        let Some(req) = self
            .with_table(|t| {
                t.computer_to_move()
                    .map(|(_, level)| AiRequest::siguo(t.ask(), level, t.move_seed()))
            })
            .flatten()
        else {
            return;
        };
        self.thinking.set(true);
        let me = *self;
        let store = *store;
        let rev = self.rev.get_untracked();
        let ask = self.serial.get_value() + 1;
        self.serial.set_value(ask);
        let req2 = req.clone();
        store.ai_request(req.clone(), move |res: AiResponse| {
            if me.serial.get_value() != ask {
                return;
            }
            me.serial.set_value(ask + 1);
            me.thinking.set(false);
            me.computer_answer(&store, rev, &req2, res.action.as_deref());
        });
        // A worker that neither answers nor fails must not freeze the table: after a while it is
        // replaced and the seat plays a fallback move.
        set_timeout(
            move || {
                if me.serial.get_value() != ask {
                    return;
                }
                me.serial.set_value(ask + 1);
                leptos::logging::warn!("the computer player did not answer; it is restarted");
                store.ai_cancel();
                me.thinking.set(false);
                me.computer_answer(&store, rev, &req, None);
            },
            crate::state::store::AI_PATIENCE,
        );
    }

    /// Plays a computer seat's answer; a missing or illegal one is replaced by a legal move
    /// drawn from the game's seed, so the game always goes on (the page carries no 4-player
    /// search: it would weigh on every first visit for a case that should never happen).
    fn computer_answer(&self, store: &Store, rev: u64, req: &AiRequest, action: Option<&str>) {
        if self.rev.get_untracked() != rev {
            return;
        }
        let Some(mv) = self.with_table(|t| t.answer(action, req.seed)).flatten() else {
            return;
        };
        // Held from the start, so that no seat acts while the move is played.
        self.pausing.on.set(true);
        let anim_ms = self.play(store, mv);
        // On show for a moment once its animation is over.
        let pause = self
            .show_for(store.reduced_motion.get_untracked())
            .max(Duration::from_millis(u64::from(anim_ms) + 250));
        self.pausing.hold(pause);
    }

    /// Takes back the person's last move and the computer moves after it (one person against
    /// computers only).
    pub fn undo(&self) {
        let seat = self.viewer.get_untracked();
        let Some(Ok(back)) = self.with_table(|t| t.undone(seat)).flatten() else {
            return;
        };
        self.serial.update_value(|s| *s += 1);
        self.thinking.set(false);
        self.pausing.release();
        // What was picked up, a guess being chosen, a move waiting to be confirmed: all of
        // the position taken back.
        self.update_hand(|h| *h = Hand::default());
        self.hint.set(None);
        self.table.set_value(Some(back));
        self.changed();
        self.autosave();
    }

    /// Undo is offered (one person against computers) but, pieces being hidden, only for
    /// actions that revealed nothing: the panel says so.
    pub fn undo_is_limited(&self) -> bool {
        self.with_tracked(Table::undo_limit_told).unwrap_or(false)
    }

    pub fn may_undo(&self) -> bool {
        let seat = self.viewer.get();
        !self.thinking.get()
            && self
                .with_tracked(|t| t.undo_to(seat).is_some())
                .unwrap_or(false)
    }

    /// The computer's suggestion for the person to move: its piece is selected and the move
    /// named.
    pub fn ask_hint(&self, store: &Store) {
        if !self.may_act() || self.thinking.get_untracked() {
            return;
        }
        let Some(req) = self.with_table(|t| {
            AiRequest::siguo(
                t.ask(),
                junqi_ai::DEFAULT_LEVEL,
                t.move_seed() ^ 0x4849_4e54,
            )
        }) else {
            return;
        };
        let me = *self;
        let rev = self.rev.get_untracked();
        self.thinking.set(true);
        store.ai_request(req, move |res: AiResponse| {
            me.thinking.set(false);
            if me.rev.get_untracked() != rev {
                return;
            }
            if let Some(mv) = res.action.and_then(|a| a.parse::<Action<Point>>().ok()) {
                me.update_hand(|h| h.selected = Some(mv.from()));
                me.hint.set(Some(mv));
            }
        });
    }

    /// The clock of the seat to move runs (not behind a hand-over screen, nor in another
    /// tab's game); a seat whose time runs out leaves the game.
    pub fn tick(&self, store: &Store, now: f64) {
        let last = self.clock_last.get_value();
        self.clock_last.set_value(now);
        let running = store.phase.get_untracked() == Phase::Siguo
            && self.handover.with_untracked(|h| h.is_none())
            && self.replay_ply.with_untracked(|r| r.is_none())
            && self
                .with_table(|t| t.is_timed() && !t.is_over())
                .unwrap_or(false);
        if !running || last <= 0.0 {
            return;
        }
        let on_show = self.pausing.on.get_untracked();
        // A watched game's clocks run only while a seat thinks: not while it is paused, nor
        // while a move is on show at the watcher's pace.
        if self.watching_untracked() && (on_show || self.watch_ctl.paused.get_untracked()) {
            return;
        }
        let out = self
            .table
            .try_update_value(|t| t.as_mut().and_then(|t| t.tick(now - last, on_show)))
            .flatten();
        self.clock_rev.update(|r| *r += 1);
        if out.is_some() {
            // A turn lost to the timer: what was picked up, or waited to be confirmed, goes.
            self.update_hand(|h| {
                h.selected = None;
                h.stranding = None;
            });
            self.serial.update_value(|s| *s += 1);
            self.thinking.set(false);
            // The next seat acts now, whatever was on show.
            self.pausing.release();
            self.after_action(store);
        } else if now - self.clock_saved.get_value() >= 5_000.0 {
            self.clock_saved.set_value(now);
            self.autosave();
        }
    }

    /// Each seat's time left, tracked.
    pub fn clocks(&self) -> Option<[f64; 4]> {
        self.clock_rev.track();
        self.with_tracked(Table::clocks).flatten()
    }

    /// The per-move time left for the person to move, tracked.
    pub fn move_left(&self) -> Option<f64> {
        self.clock_rev.track();
        self.with_tracked(Table::move_left).flatten()
    }

    /// The viewer marks the piece at `guess_at` (or clears its mark).
    pub fn set_guess(&self, role: Option<junqi_core::Role>) {
        let Some(p) = self.guess_at.get_untracked() else {
            return;
        };
        let viewer = self.viewer.get_untracked();
        let done = self
            .table
            .try_update_value(|t| t.as_mut().map(|t| t.set_guess(viewer, p, role)))
            .flatten()
            .unwrap_or(false);
        self.update_hand(|h| h.guess_at = None);
        if done {
            self.rev.update(|r| *r += 1);
            self.autosave();
        }
    }

    /// The person shown offers a draw: the computer seats judge it from their own views.
    pub fn offer_draw(&self, store: &Store) {
        let seat = self.viewer.get_untracked();
        if !self.may_act() {
            return;
        }
        let accepted = self
            .with_table(|t| t.computers_accept_draw(seat))
            .unwrap_or(false);
        if !accepted {
            store.show_toast(crate::i18n::siguo_text::DRAW_DECLINED);
            return;
        }
        let ok = self
            .table
            .try_update_value(|t| t.as_mut().map(|t| t.agree_draw(seat).is_ok()))
            .flatten()
            .unwrap_or(false);
        if ok {
            self.update_hand(|h| h.selected = None);
            self.after_action(store);
        }
    }

    /// A draw may be offered: one person against computers, after 20 plies, on their turn.
    pub fn may_offer_draw(&self) -> bool {
        let seat = self.viewer.get();
        self.may_act_tracked()
            && self
                .with_tracked(|t| t.may_offer_draw(seat))
                .unwrap_or(false)
    }

    /// The person shown resigns their seat; the partner plays on.
    pub fn resign(&self, store: &Store) {
        let seat = self.viewer.get_untracked();
        let ok = self
            .table
            .try_update_value(|t| t.as_mut().map(|t| t.resign(seat).is_ok()))
            .flatten()
            .unwrap_or(false);
        if ok {
            self.update_hand(|h| h.selected = None);
            self.after_action(store);
        }
    }

    pub fn may_resign(&self) -> bool {
        let seat = self.viewer.get();
        self.with_tracked(|t| t.may_resign(seat)).unwrap_or(false)
    }

    fn finish(&self, store: &Store) {
        self.update_hand(|h| *h = Hand::default());
        self.handover.set(None);
        self.all_open.set(true);
        if self.counted.get_value() {
            return;
        }
        let result =
            self.with_table(|t| (t.counts_for_rank(), t.config.humans(), t.outcome(), t.ply()));
        if let Some((true, humans, Some(outcome), plies)) = result {
            let points = stats::points(humans[0], &outcome, plies);
            stats::count(points, &outcome, humans[0]);
            self.points.set(Some(points));
        }
        self.counted.set_value(true);
        self.autosave();
        store.sound(crate::ground::anim::Cue::Flag);
    }

    // ----- saving ------------------------------------------------------------------------

    /// Writes the game under its own key (only this tab writes it).
    pub fn autosave(&self) {
        let Some(id) = self.id.get_value() else {
            return;
        };
        let now = storage::now_ms();
        let save = self.with_table(|t| {
            SiguoSave::of(
                t,
                &id,
                self.started.get_value(),
                now,
                self.counted.get_value(),
            )
        });
        if let Some(s) = save {
            save::write(&s);
        }
    }

    /// Opens a saved game: in play when unfinished, on its final position otherwise.
    pub fn open(&self, store: &Store, id: &str) -> Result<(), String> {
        let save = match save::read(id) {
            Some(Ok(s)) => s,
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("no such game".into()),
        };
        let table = save.table()?;
        self.close();
        self.config.set(save.config.clone());
        self.id.set_value(Some(save.id.clone()));
        self.seed.set_value(save.seed);
        self.started.set_value(save.started);
        self.counted.set_value(save.counted);
        self.table.set_value(Some(table));
        set_tab_game(Some(&save.id));
        store.phase.set(Phase::Siguo);
        let humans = self.config.with_untracked(|c| c.humans().len());
        let to_move = self.with_table(Table::human_to_move).flatten();
        if humans > 1 {
            self.handover.set(to_move);
        }
        self.changed();
        Ok(())
    }

    /// Opens a shared finished game at its end (not saved: it is someone else's record).
    pub fn open_shared(
        &self,
        store: &Store,
        record: &junqi_core::siguo::SiguoRecord,
    ) -> Result<(), String> {
        let table = Table::from_record(SiguoConfig::default(), record, 0)?;
        self.close();
        self.config.set(table.config.clone());
        self.counted.set_value(true);
        self.table.set_value(Some(table));
        self.all_open.set(true);
        store.phase.set(Phase::Siguo);
        self.replay_ply.set(Some(record.events.len()));
        self.changed();
        Ok(())
    }

    /// A reload of this tab in the middle of a 四国 game resumes it.
    pub fn resume_tab(&self, store: &Store) -> bool {
        let Some(id) = tab_game() else {
            return false;
        };
        match save::read(&id) {
            Some(Ok(s)) if !s.finished() => match self.open(store, &id) {
                Ok(()) => true,
                Err(e) => {
                    leptos::logging::warn!("the 四国 game of this tab could not be resumed: {e}");
                    false
                }
            },
            _ => false,
        }
    }

    /// The newest unfinished 四国 game, to continue from the new-game screen.
    pub fn unfinished(&self) -> Option<String> {
        save::list()
            .0
            .into_iter()
            .find(|g| !g.finished())
            .map(|g| g.id)
    }

    /// Leaves the table (to the new-game screen): the game stays saved.
    pub fn close(&self) {
        self.autosave();
        self.serial.update_value(|s| *s += 1);
        self.thinking.set(false);
        self.pausing.release();
        self.table.set_value(None);
        self.id.set_value(None);
        self.arranging.set(None);
        self.handover.set(None);
        self.update_hand(|h| *h = Hand::default());
        self.points.set(None);
        self.replay_ply.set(None);
        self.watch.set(None);
        self.reset_watch();
        set_tab_game(None);
        self.rev.update(|r| *r += 1);
    }

    pub fn id(&self) -> Option<String> {
        self.id.get_value()
    }
}

impl Default for SiguoStore {
    fn default() -> SiguoStore {
        SiguoStore::new()
    }
}
