//! The Leptos signals around a 四国 game: the new-game choices, the people's setups, and a
//! [`Session`] mirrored into signals — the store hands it gestures, the computer player's
//! answers (through the page's worker) and clock ticks, and carries out the effects it answers
//! with (sounds, notices, saves, a move on show, the end); it keeps autosave and resume. Every
//! rule, turn and hand-over question goes to the session and its table.

use super::arrange::Arranging;
use super::save::{self, SiguoSave};
use super::session::{Session, TablePage};
use super::stats;
use super::{SiguoConfig, Table};
use crate::ai::protocol::AiResponse;
use crate::ground::drag::Gesture;
use crate::state::controller::{Effect, Typed};
use crate::state::storage;
use crate::state::store::{Phase, SetupState, Store};
use junqi_core::seat::Seat;
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
    /// The game on the table ([`Session`]): the signals below mirror it.
    session: StoredValue<Option<Session>>,
    /// The session's edits and clock ticks last mirrored into `rev` and `clock_rev`.
    mirrored: StoredValue<(u64, u64)>,
    /// Bumped on every change of the table.
    pub rev: RwSignal<u64>,
    id: StoredValue<Option<String>>,
    started: StoredValue<f64>,
    /// Before the game: the formations drawn and arranged so far.
    pending: StoredValue<Option<Arranging>>,
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
    /// A move that would leave the person no move of their own, waiting for them to confirm
    /// it or take it back.
    pub stranding: RwSignal<Option<Action<Point>>>,
    /// The hidden piece whose guess is being chosen.
    pub guess_at: RwSignal<Option<Point>>,
    /// Bumped on every clock tick.
    pub clock_rev: RwSignal<u64>,
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
            session: StoredValue::new(None),
            mirrored: StoredValue::new((0, 0)),
            rev: RwSignal::new(0),
            id: StoredValue::new(None),
            started: StoredValue::new(0.0),
            pending: StoredValue::new(None),
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
            stranding: RwSignal::new(None),
            watch: RwSignal::new(None),
            watch_ctl: Default::default(),
            replayed: StoredValue::new(None),
            serial: StoredValue::new(0),
        }
    }

    /// Reads the table (untracked; track `rev` to follow changes).
    pub fn with_table<R>(&self, f: impl FnOnce(&Table) -> R) -> Option<R> {
        self.with_session(|s| f(s.table()))
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
        self.pending.set_value(Some(Arranging::new(config, seed)));
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
        let next = self
            .pending
            .with_value(|p| p.as_ref().map(|a| a.next().map(|s| (s, a.offered(s)))));
        match next {
            None => {}
            Some(Some((seat, offered))) => {
                self.arranging.set(Some(seat));
                store.setup.set(Some(SetupState {
                    seat: 0,
                    color: Seat::RED,
                    deployment: offered,
                    selected: None,
                    first: None,
                }));
                if after.is_some() {
                    self.handover.set(Some(seat));
                }
                store.phase.set(Phase::Setup);
            }
            Some(None) => self.begin(store),
        }
    }

    /// The 2-player setup screen's 出征 while a 四国 seat arranges.
    pub fn deployed(&self, store: &Store, d: Deployment) {
        let Some(seat) = self.arranging.get_untracked() else {
            return;
        };
        let kept = self
            .pending
            .try_update_value(|p| p.as_mut().map(|a| a.arranged(seat, d)))
            .flatten();
        if kept != Some(true) {
            return;
        }
        self.arranging.set(None);
        store.setup.set(None);
        self.arrange_next(store, Some(seat));
    }

    fn begin(&self, store: &Store) {
        let Some(Some(made)) = self
            .pending
            .with_value(|p| p.as_ref().map(Arranging::table))
        else {
            return;
        };
        let table = match made {
            Ok(t) => t,
            Err(e) => {
                store.message.set(Some(e));
                return;
            }
        };
        self.pending.set_value(None);
        let now = storage::now_ms();
        let id = format!("{:x}", table.seed ^ now as u64);
        self.id.set_value(Some(id.clone()));
        set_tab_game(Some(&id));
        self.started.set_value(now);
        self.points.set(None);
        self.all_open.set(true);
        // More than one person: the first to move gets the device behind a hand-over screen.
        self.install(Session::new(table, false));
        store.phase.set(Phase::Siguo);
        self.autosave();
    }

    // ----- play --------------------------------------------------------------------------

    /// What the session needs to know of the page now.
    fn page(&self, store: &Store) -> TablePage {
        TablePage {
            away: store.phase.get_untracked() != Phase::Siguo,
            replaying: self.replay_ply.get_untracked().is_some(),
            on_show: self.pausing.on.get_untracked(),
            paused: self.watch_ctl.paused.get_untracked(),
            step_ms: store.step_ms(),
        }
    }

    /// Reads the session (untracked).
    fn with_session<R>(&self, f: impl FnOnce(&Session) -> R) -> Option<R> {
        self.session.with_value(|s| s.as_ref().map(f))
    }

    /// Runs `f` on the session, has the signals follow it and carries out its effects.
    fn run(&self, store: &Store, f: impl FnOnce(&mut Session, TablePage) -> Vec<Effect>) {
        let page = self.page(store);
        let fx = self
            .session
            .try_update_value(|s| s.as_mut().map(|s| f(s, page)))
            .flatten();
        self.mirror();
        if let Some(fx) = fx {
            self.apply(store, fx);
        }
    }

    /// A new session on the table: the signals follow it.
    fn install(&self, session: Session) {
        self.mirrored.set_value((session.edits(), session.ticks()));
        self.session.set_value(Some(session));
        self.mirror();
        self.rev.update(|r| *r += 1);
    }

    /// The signals follow the session: whose eyes, the hand, the hand-over, the hint, and the
    /// revisions of the game and of the clocks.
    fn mirror(&self) {
        let Some((hand, viewer, handover, hint, edits, ticks)) = self.with_session(|s| {
            (
                s.hand().clone(),
                s.viewer(),
                s.handover(),
                s.hint(),
                s.edits(),
                s.ticks(),
            )
        }) else {
            return;
        };
        fn follow<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, now: T) {
            if signal.with_untracked(|v| *v != now) {
                signal.set(now);
            }
        }
        follow(self.viewer, viewer);
        follow(self.selected, hand.selected);
        follow(self.guess_at, hand.guess_at);
        follow(self.stranding, hand.stranding);
        follow(self.handover, handover);
        follow(self.hint, hint);
        let (was_edits, was_ticks) = self.mirrored.get_value();
        self.mirrored.set_value((edits, ticks));
        if ticks != was_ticks {
            self.clock_rev.update(|r| *r += 1);
        }
        if edits != was_edits {
            self.rev.update(|r| *r += 1);
        }
    }

    /// Carries out what the session answered, in order.
    fn apply(&self, store: &Store, fx: Vec<Effect>) {
        for e in fx {
            match e {
                Effect::Sound { cue, delay_ms } => store.sound_after(cue, delay_ms),
                Effect::Notice(text) => store.show_toast(text),
                Effect::Save | Effect::SaveClockIfDue => self.autosave(),
                Effect::CountResult => self.count_result(),
                Effect::Over => self.all_open.set(true),
                Effect::OnShow {
                    anim_ms,
                    computer: false,
                } => self.pausing.hold(Duration::from_millis(u64::from(anim_ms))),
                Effect::OnShow {
                    anim_ms,
                    computer: true,
                } => {
                    let animated = Duration::from_millis(u64::from(anim_ms) + 250);
                    let show = self.show_for(store.reduced_motion.get_untracked());
                    self.pausing.hold(show.max(animated));
                }
                Effect::StopAnimation => {
                    self.serial.update_value(|s| *s += 1);
                    self.thinking.set(false);
                    self.pausing.release();
                }
                // The board draws a move's animation from the table itself, and a 四国 game
                // is played on one device: the session asks for none of these.
                Effect::Animate(_) | Effect::Send(_) | Effect::Refused(_) => {}
            }
        }
    }

    /// The person at `viewer` may act now.
    pub fn may_act(&self) -> bool {
        let page = self.acting_page();
        self.with_session(|s| s.may_act(page)).unwrap_or(false)
    }

    /// [`Self::may_act`], tracked.
    pub fn may_act_tracked(&self) -> bool {
        self.rev.track();
        self.handover.track();
        self.pausing.on.track();
        self.viewer.track();
        self.replay_ply.track();
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

    /// The page as far as the person's acts go (no clock, no animation).
    fn acting_page(&self) -> TablePage {
        TablePage {
            replaying: self.replay_ply.get_untracked().is_some(),
            on_show: self.pausing.on.get_untracked(),
            ..TablePage::default()
        }
    }

    /// Whether the person may pick up the piece at `p` and drag it.
    pub fn may_drag(&self, p: Point) -> bool {
        let page = self.acting_page();
        self.with_session(|s| s.may_drag(p, page)).unwrap_or(false)
    }

    /// The person takes back the move that would leave them no move.
    pub fn strand_back(&self) {
        self.session
            .update_value(|s| s.iter_mut().for_each(Session::strand_back));
        self.mirror();
    }

    /// A gesture on the board ([`Session::gesture`]).
    pub fn gesture(&self, store: &Store, g: Gesture<Point>) {
        self.run(store, |s, page| s.gesture(g, page));
    }

    /// A move typed in the notation ([`Session::typed`]): played, or the reason it was not.
    pub fn typed(&self, store: &Store, text: &str) -> Result<(), Typed<Point, Action<Point>>> {
        let mut refused = Err(Typed::NotNow);
        self.run(store, |s, page| match s.typed(text, page) {
            Ok(fx) => {
                refused = Ok(());
                fx
            }
            Err(why) => {
                refused = Err(why);
                Vec::new()
            }
        });
        refused
    }

    /// The person confirms the move that leaves them no move ([`Self::stranding`]).
    pub fn play_stranding(&self, store: &Store) {
        self.run(store, Session::confirm_stranding);
    }

    /// The person at the hand-over screen is ready: the board shows their eyes (in the game),
    /// or the setup screen their formation (while the people arrange).
    pub fn handover_ready(&self, _store: &Store) {
        if self.with_session(|_| ()).is_some() {
            self.session
                .update_value(|s| s.iter_mut().for_each(Session::handover_ready));
            self.mirror();
        } else {
            self.handover.set(None);
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
        let Some(req) = self.with_session(Session::computer_question).flatten() else {
            return;
        };
        self.thinking.set(true);
        let me = *self;
        let store = *store;
        let rev = self.rev.get_untracked();
        let ask = self.serial.get_value() + 1;
        self.serial.set_value(ask);
        store.ai_request(req, move |res: AiResponse| {
            if me.serial.get_value() != ask {
                return;
            }
            me.serial.set_value(ask + 1);
            me.thinking.set(false);
            me.computer_answer(&store, rev, res.action.as_deref());
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
                me.computer_answer(&store, rev, None);
            },
            crate::state::store::AI_PATIENCE,
        );
    }

    /// Plays a computer seat's answer if the game is still the one it was asked about (`rev`)
    /// ([`Session::computer_answer`]: a missing or illegal answer is replaced by a legal move
    /// drawn from the game's seed; the page carries no 4-player search, which would weigh on
    /// every first visit for a case that should never happen).
    fn computer_answer(&self, store: &Store, rev: u64, action: Option<&str>) {
        if self.rev.get_untracked() != rev {
            return;
        }
        self.run(store, |s, page| s.computer_answer(action, page.step_ms));
    }

    /// Takes back the person's last move and the computer moves after it (one person against
    /// computers only).
    pub fn undo(&self, store: &Store) {
        self.run(store, |s, _| s.undo());
    }

    /// Undo is offered (one person against computers) but, pieces being hidden, only for
    /// actions that revealed nothing: the panel says so.
    pub fn undo_is_limited(&self) -> bool {
        self.with_tracked(Table::undo_limit_told).unwrap_or(false)
    }

    pub fn may_undo(&self) -> bool {
        self.viewer.track();
        self.rev.track();
        !self.thinking.get() && self.with_session(Session::may_undo).unwrap_or(false)
    }

    /// The computer's suggestion for the person to move: its piece is selected and the move
    /// named.
    pub fn ask_hint(&self, store: &Store) {
        if self.thinking.get_untracked() {
            return;
        }
        let page = self.page(store);
        let Some(req) = self.with_session(|s| s.hint_question(page)).flatten() else {
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
            me.session.update_value(|s| {
                if let Some(s) = s {
                    s.hint_answer(res.action.as_deref());
                }
            });
            me.mirror();
        });
    }

    /// A clock tick ([`Session::tick`]): the clock of the seat to move runs; a seat whose time
    /// runs out leaves the game.
    pub fn tick(&self, store: &Store, now: f64) {
        self.run(store, |s, page| s.tick(now, page));
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

    /// The viewer marks the piece whose guess is being chosen (or clears its mark).
    pub fn set_guess(&self, store: &Store, role: Option<junqi_core::Role>) {
        self.run(store, |s, _| s.set_guess(role));
    }

    /// The person shown offers a draw: the computer seats judge it from their own views.
    pub fn offer_draw(&self, store: &Store) {
        self.run(store, |s, page| s.offer_draw(page));
    }

    /// A draw may be offered: one person against computers, after 20 plies, on their turn.
    pub fn may_offer_draw(&self) -> bool {
        // (`may_act_tracked` tracks what the session reads.)
        self.may_act_tracked() && {
            let page = self.acting_page();
            self.with_session(|s| s.may_offer_draw(page))
                .unwrap_or(false)
        }
    }

    /// The person shown resigns their seat; the partner plays on.
    pub fn resign(&self, store: &Store) {
        self.run(store, |s, _| s.resign());
    }

    pub fn may_resign(&self) -> bool {
        self.viewer.track();
        self.rev.track();
        self.with_session(Session::may_resign).unwrap_or(false)
    }

    /// Counts a finished game against computers for the person's rank (the session asks once).
    fn count_result(&self) {
        let result =
            self.with_table(|t| (t.counts_for_rank(), t.config.humans(), t.outcome(), t.ply()));
        if let Some((true, humans, Some(outcome), plies)) = result {
            let points = stats::points(humans[0], &outcome, plies);
            stats::count(points, &outcome, humans[0]);
            self.points.set(Some(points));
        }
    }

    // ----- saving ------------------------------------------------------------------------

    /// Writes the game under its own key (only this tab writes it).
    pub fn autosave(&self) {
        let Some(id) = self.id.get_value() else {
            return;
        };
        let now = storage::now_ms();
        let started = self.started.get_value();
        let save = self.with_session(|s| SiguoSave::of(s.table(), &id, started, now, s.counted()));
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
        self.started.set_value(save.started);
        set_tab_game(Some(&save.id));
        store.phase.set(Phase::Siguo);
        self.install(Session::new(table, save.counted));
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
        self.all_open.set(true);
        store.phase.set(Phase::Siguo);
        self.replay_ply.set(Some(record.events.len()));
        self.install(Session::new(table, true));
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
        self.session.set_value(None);
        self.id.set_value(None);
        self.arranging.set(None);
        self.handover.set(None);
        self.selected.set(None);
        self.guess_at.set(None);
        self.stranding.set(None);
        self.hint.set(None);
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
