//! A game with a friend on another device, in the store: the connect screen's steps (invite
//! or join by text, QR code or link), the agreement on the game, then the other device's
//! messages to and from the game controller, which plays them like a computer's answers. The
//! connection is [`Peer`]; the game's side is the match's (state/game/remote.rs).

use super::{Dialog, Phase, Store};
use crate::i18n;
use crate::remote::peer::Peer;
use crate::remote::said::Said;
use crate::remote::LinkEvent;
use crate::state::config::GameConfig;
use crate::state::game::{Match, RemoteState};
use crate::state::remote_saves::{NotKept, RemoteSave};
use crate::state::saves::SavedSetup;
use crate::state::storage;
use junqi_core::types::POINTS;
use junqi_core::{Deployment, Seat, Setup};
use junqi_duel::{Duel, Proposal, Reply};
use leptos::prelude::*;
use std::collections::VecDeque;

/// Where an invitation link's text starts in the page address.
pub const JOIN_PREFIX: &str = "#join=";

/// The connect screen's steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connect {
    /// The inviting device makes its invitation (its network addresses are being gathered).
    Inviting,
    /// The inviting device shows its invitation and waits for the answer.
    Invited {
        offer: String,
        error: Option<String>,
    },
    /// The invited device: the invitation is pasted here (or came with a link).
    Join {
        offer: String,
        error: Option<String>,
    },
    /// The invited device makes its answer.
    Answering,
    /// The invited device shows its answer and waits for the connection.
    Answered { answer: String },
    /// Connected: the inviting device waits for its friend to accept the game.
    Proposed(Proposal),
    /// Connected: the invited device is asked.
    Asked(Proposal),
    /// It went wrong: why (the screen offers to begin again).
    Failed(String),
}

/// The store's part of a game with another device.
#[derive(Copy, Clone)]
pub struct RemoteStore {
    /// The connect screen's step (`None`: not connecting).
    pub connect: RwSignal<Option<Connect>>,
    /// The connection is open.
    pub linked: RwSignal<bool>,
    peer: Peer,
    /// The terms proposed or agreed, until this side's game begins.
    agreed: StoredValue<Option<Proposal>>,
    /// A new game the other device proposed while this one still checks the last.
    asked: StoredValue<Option<Proposal>>,
    /// Game messages not yet taken: the board is moving, or this side's game has not begun.
    inbox: StoredValue<VecDeque<String>>,
    /// When the game in play began (its save keeps it).
    started: StoredValue<f64>,
    /// Bumped when the games kept with other devices change (the records list them).
    pub kept_rev: RwSignal<u64>,
    /// The game whose connection dropped while this tab played it, and when (`Date.now`):
    /// a game opened again later (by the player who left, say) never counts as left.
    down_since: StoredValue<Option<(String, f64)>>,
    /// While it is down: whole seconds until the one who stayed may end the game as won
    /// ([`LEFT_AFTER_MS`]).
    pub left_in: RwSignal<Option<u64>>,
}

/// How long the connection must stay down in the middle of a game before the player who stayed
/// may end it as won: the rule sheets' 逃跑 (in a game of two, the side that leaves loses),
/// after a wait long enough for a phone to come back from a tunnel or a flat battery.
pub const LEFT_AFTER_MS: f64 = 10.0 * 60_000.0;

impl RemoteStore {
    pub fn new() -> RemoteStore {
        RemoteStore {
            connect: RwSignal::new(None),
            linked: RwSignal::new(false),
            peer: Peer::new(),
            agreed: StoredValue::new(None),
            asked: StoredValue::new(None),
            inbox: StoredValue::new(VecDeque::new()),
            started: StoredValue::new(0.0),
            kept_rev: RwSignal::new(0),
            down_since: StoredValue::new(None),
            left_in: RwSignal::new(None),
        }
    }
}

impl Default for RemoteStore {
    fn default() -> RemoteStore {
        RemoteStore::new()
    }
}

/// 32 bytes from the browser's cryptographic generator (`crypto.getRandomValues`), never
/// from anything else: the seed of this side's secrets and the game's id. `None` where there
/// is none (a game with another device is then not offered).
fn secret_seed() -> Option<[u8; 32]> {
    let mut seed = [0u8; 32];
    storage::crypto_random(&mut seed).then_some(seed)
}

/// The text of an invitation or an answer as a person may paste it: the text alone, or the
/// whole link.
fn pasted(text: &str) -> String {
    let text = text.trim();
    match text.split_once(JOIN_PREFIX) {
        Some((_, code)) => code.trim().to_string(),
        None => text.to_string(),
    }
}

impl Store {
    fn stun(&self) -> Vec<String> {
        self.settings.with_untracked(|s| s.stun.clone())
    }

    /// The connect screen at `step`; `fresh`: a new connection (the old one, if any, closed).
    fn open_connect(&self, step: Connect, fresh: bool) {
        self.open_new_game();
        if fresh {
            self.remote.peer.close();
            self.remote.linked.set(false);
        }
        self.remote.inbox.set_value(VecDeque::new());
        self.remote.connect.set(Some(step));
        self.phase.set(Phase::Connect);
    }

    /// Leaves the connect screen (and any connection): back to the game it was reconnecting,
    /// else to the new-game screen.
    pub fn leave_connect(&self) {
        self.remote.peer.close();
        self.remote.linked.set(false);
        self.remote.connect.set(None);
        self.remote.agreed.set_value(None);
        if self.remote_unfinished() {
            self.back_to_game();
        } else {
            self.open_new_game();
        }
    }

    /// Leaving a game with another device before both devices checked it (it is saved, and a
    /// reconnection finishes it), or its setup: the connection goes.
    pub(super) fn drop_link(&self) {
        let playing = self.remote_unfinished();
        let arranging = self.remote.agreed.with_value(Option::is_some)
            && self.remote.connect.with_untracked(Option::is_none);
        if playing || arranging {
            self.remote.agreed.set_value(None);
            self.remote.peer.close();
            self.remote.linked.set(false);
            self.remote.inbox.set_value(VecDeque::new());
        }
    }

    /// The play screen of the game in play (its end, if over).
    fn back_to_game(&self) {
        let over = self.with_match(|m| m.outcome().is_some()).unwrap_or(false);
        self.phase.set(if over { Phase::Over } else { Phase::Play });
    }

    /// Whether the game in play is one with another device that is not finished and checked.
    pub(super) fn remote_unfinished(&self) -> bool {
        matches!(
            self.remote_state_untracked(),
            Some(
                RemoteState::Setting
                    | RemoteState::Playing
                    | RemoteState::Settling
                    | RemoteState::Ending
            )
        )
    }

    /// The connection dropped in the middle of a game (tracked): the screen offers to connect
    /// again.
    pub fn remote_dropped(&self) -> bool {
        !self.remote.linked.get()
            && !self.elsewhere.get()
            && !self.open_elsewhere.get()
            && self.remote.connect.with(Option::is_none)
            && matches!(
                self.remote_state(),
                Some(
                    RemoteState::Setting
                        | RemoteState::Playing
                        | RemoteState::Settling
                        | RemoteState::Ending
                )
            )
    }

    /// Connects again to go on with the game in play: as the inviting device (`host`), or by
    /// taking the friend's new invitation. The game stays as it is meanwhile.
    pub fn reconnect(&self, host: bool) {
        self.remote.peer.close();
        self.remote.linked.set(false);
        self.phase.set(Phase::Connect);
        if !host {
            self.remote.connect.set(Some(Connect::Join {
                offer: String::new(),
                error: None,
            }));
            return;
        }
        self.remote.connect.set(Some(Connect::Inviting));
        self.make_invitation();
    }

    /// Makes the invitation (the connect screen shows it once made).
    fn make_invitation(&self) {
        let store = *self;
        let stun = self.stun();
        let made = async move {
            store
                .remote
                .peer
                .host(stun, move |e| store.link_event(e))
                .await
        };
        self.spawn_link(Connect::Inviting, made, |made| match made {
            Ok(offer) => Connect::Invited { offer, error: None },
            Err(why) => Connect::Failed(why),
        });
    }

    /// Makes a connection (`made`) while the connect screen shows `step`, then shows what
    /// `next` makes of it; nothing if the screen was left meanwhile.
    fn spawn_link(
        &self,
        step: Connect,
        made: impl std::future::Future<Output = Result<String, String>> + 'static,
        next: impl FnOnce(Result<String, String>) -> Connect + 'static,
    ) {
        let store = *self;
        leptos::task::spawn_local(async move {
            let made = made.await;
            if store.remote.connect.get_untracked() == Some(step) {
                store.remote.connect.set(Some(next(made)));
            }
        });
    }

    /// Start, with a friend on another device: the new-game choices are checked (what no game
    /// between two devices can be played with is refused by name), and the invitation is made.
    pub fn invite(&self) {
        if let Some(proposal) = self.proposal() {
            self.open_connect(Connect::Inviting, true);
            self.remote.agreed.set_value(Some(proposal));
            self.make_invitation();
        }
    }

    /// Another game over the connection still open (a rematch): proposed at once, once this
    /// one is checked.
    pub(super) fn propose_again(&self) {
        if self.remote_unfinished() {
            self.notify(i18n::REMOTE_ENDING.get(self.lang()));
            return;
        }
        if !self.remote.peer.is_open() {
            self.invite();
            return;
        }
        if let Some(p) = self.proposal() {
            self.open_connect(Connect::Proposed(p.clone()), false);
            self.remote.agreed.set_value(Some(p.clone()));
            self.say(&Said::propose(&p));
        }
    }

    /// The new-game choices as a proposal; choices no game between two devices can be played
    /// with are refused by name.
    fn proposal(&self) -> Option<Proposal> {
        let config = self.config.get_untracked();
        let lang = self.lang();
        let Some(seed) = secret_seed() else {
            self.message
                .set(Some(i18n::REMOTE_NO_CRYPTO.get(lang).to_string()));
            return None;
        };
        let mut game = [0u8; 16];
        game.copy_from_slice(&seed[..16]);
        let host = if config.seat == 0 {
            Seat::RED
        } else {
            Seat::BLACK
        };
        match Proposal::new(game, config.mode, config.rules, config.duel_clock(), host) {
            Ok(p) => {
                config.save();
                Some(p)
            }
            Err(e) => {
                self.message.set(Some(format!(
                    "{}{}",
                    i18n::CONNECT_BAD_TERMS.get(lang),
                    i18n::refusal::duel_terms(&e, lang)
                )));
                None
            }
        }
    }

    /// The invited device's screen, with the invitation a link brought (or none yet). In the
    /// middle of a game with another device the invitation connects again to that game.
    pub fn open_join(&self, offer: &str) {
        if self.remote_unfinished() {
            self.remote.peer.close();
            self.remote.linked.set(false);
            self.remote.connect.set(Some(Connect::Join {
                offer: pasted(offer),
                error: None,
            }));
            self.phase.set(Phase::Connect);
            return;
        }
        self.open_connect(
            Connect::Join {
                offer: pasted(offer),
                error: None,
            },
            true,
        );
    }

    /// The invited device takes the invitation (its text or its link) and makes its answer.
    pub fn join(&self, offer: &str) {
        let offer = pasted(offer);
        self.remote.connect.set(Some(Connect::Answering));
        let store = *self;
        let stun = self.stun();
        let sent = offer.clone();
        let made = async move {
            store
                .remote
                .peer
                .join(sent, stun, move |e| store.link_event(e))
                .await
        };
        self.spawn_link(Connect::Answering, made, |made| match made {
            Ok(answer) => Connect::Answered { answer },
            Err(why) => Connect::Join {
                offer,
                error: Some(why),
            },
        });
    }

    /// The inviting device takes its friend's answer; the connection opens soon after.
    pub fn take_answer(&self, answer: &str) {
        let Some(Connect::Invited { offer, .. }) = self.remote.connect.get_untracked() else {
            return;
        };
        let answer = pasted(answer);
        let store = *self;
        leptos::task::spawn_local(async move {
            if let Err(why) = store.remote.peer.accept(answer).await {
                store.remote.connect.set(Some(Connect::Invited {
                    offer,
                    error: Some(why),
                }));
            }
        });
    }

    fn link_event(&self, e: LinkEvent) {
        match e {
            LinkEvent::Open => {
                self.remote.linked.set(true);
                if self.remote_unfinished() {
                    self.resume_link();
                } else if let Some(Connect::Invited { .. }) = self.remote.connect.get_untracked() {
                    if let Some(p) = self.remote.agreed.get_value() {
                        self.say(&Said::propose(&p));
                        self.remote.connect.set(Some(Connect::Proposed(p)));
                    }
                }
            }
            LinkEvent::Message(text) => self.heard(&text),
            LinkEvent::Closed => {
                self.remote.linked.set(false);
                if self.remote_unfinished() {
                    let id = self.with_match(Match::remote_id).flatten();
                    let now = storage::now_ms();
                    self.remote.down_since.set_value(id.map(|id| (id, now)));
                }
                let lost = i18n::REMOTE_LOST.get(self.lang()).to_string();
                // In a game the board's banner offers to connect again (ReconnectBanner).
                match self.remote.connect.get_untracked() {
                    Some(Connect::Failed(_)) => {}
                    Some(_) => self.remote.connect.set(Some(Connect::Failed(lost))),
                    // Arranging a formation for a game not begun: said.
                    None if self.remote.agreed.with_value(Option::is_some) => {
                        self.message.set(Some(lost))
                    }
                    None => {}
                }
            }
        }
    }

    /// Sends one message; a game message that cannot go now is not lost (the game keeps every
    /// message it sent, for a reconnection).
    fn say(&self, text: &str) {
        if let Err(why) = self.remote.peer.send(text) {
            leptos::logging::warn!("not sent: {why}");
        }
    }

    fn heard(&self, text: &str) {
        match Said::from_text(text) {
            Ok(Said::Propose(p)) => match self.remote.connect.get_untracked() {
                Some(Connect::Answered { .. }) => self.remote.connect.set(Some(Connect::Asked(p))),
                // Both asked for another game at once: the proposal with the smaller id
                // stands, on both devices.
                Some(Connect::Proposed(mine)) if p.game < mine.game => {
                    self.remote.connect.set(Some(Connect::Asked(p)))
                }
                // Another game over the same connection, once this one is checked.
                None if !self.remote_unfinished()
                    && self.with_match(|m| m.outcome().is_some()).unwrap_or(true) =>
                {
                    self.open_connect(Connect::Asked(p), false)
                }
                // Over, and this device still checking it: asked once it is checked.
                None if self.with_match(|m| m.outcome().is_some()).unwrap_or(false) => {
                    self.remote.asked.set_value(Some(p))
                }
                _ => {}
            },
            Ok(Said::Reply(r)) => {
                let Some(Connect::Proposed(p)) = self.remote.connect.get_untracked() else {
                    return;
                };
                match Reply::from_text(&r, &p) {
                    Ok(r) if r.accept => self.arrange(p, true),
                    Ok(_) => {
                        let why = i18n::CONNECT_DECLINED.get(self.lang()).to_string();
                        self.remote.connect.set(Some(Connect::Failed(why)));
                    }
                    Err(why) => self.remote_refused(&why),
                }
            }
            Ok(Said::Game(m)) => {
                self.remote.inbox.update_value(|q| q.push_back(m));
                self.remote_pump();
            }
            Ok(Said::Resume(id)) => self.resume_heard(&id),
            Err(why) => self.remote_refused(&why),
        }
    }

    /// A message from the other device that is not part of the game: said, and dropped.
    pub(super) fn remote_refused(&self, why: &str) {
        let lang = self.lang();
        self.message
            .set(Some(format!("{}{why}", i18n::REMOTE_REFUSED.get(lang))));
    }

    /// Connected again in the middle of the game in play: says which game, and sends every
    /// message of it again (the other device takes what it missed), then back to the board.
    fn resume_link(&self) {
        if self.passive() {
            return;
        }
        let Some((id, sent)) = self
            .with_match(|m| Some((m.remote_id()?, m.sent())))
            .flatten()
        else {
            return;
        };
        self.say(&Said::resume(&id));
        for m in sent {
            self.say(&Said::game(&m));
        }
        self.remote.connect.set(None);
        self.back_to_game();
    }

    /// The other device goes on with the game `id`: this device's copy is opened if another
    /// game is in play here, and its messages go again.
    fn resume_heard(&self, id: &str) {
        let playing = self.with_match(Match::remote_id).flatten();
        if playing.as_deref() == Some(id) {
            if !self.remote_unfinished() {
                // Checked here: the other device may still wait for this one's openings.
                self.resume_link();
            }
            return; // else this device sent everything again when the connection opened
        }
        match RemoteSave::load(id) {
            Some(Ok(save)) => {
                if self.open_remote_save(&save, false) {
                    self.resume_link();
                }
            }
            _ => {
                let lang = self.lang();
                self.remote_refused(&format!("{} {id}", i18n::REMOTE_UNKNOWN_GAME.get(lang)));
            }
        }
    }

    /// Saves the game with another device in play (after every change; see remote_saves.rs).
    pub(super) fn save_remote(&self) {
        let Some(save) = self.remote_save() else {
            return;
        };
        match save.write() {
            Ok(()) => self.remote.kept_rev.update(|r| *r += 1),
            Err(NotKept::Further) => {
                // Another tab played this game on: this one neither plays nor sends any more.
                self.remote.peer.close();
                self.remote.linked.set(false);
                self.elsewhere.set(true);
            }
            Err(NotKept::Unreadable | NotKept::Refused) => {
                let lang = self.lang();
                self.message
                    .set(Some(i18n::REMOTE_NOT_SAVED.get(lang).to_string()));
            }
        }
    }

    /// The save of the game with another device in play, with its clocks.
    fn remote_save(&self) -> Option<RemoteSave> {
        let started = self.remote.started.get_value();
        self.with_game(|c| {
            let save = RemoteSave::of(c.game(), started, storage::now_ms())?;
            Some(save.with_clocks(c.clock().map(|k| k.left), c.move_timer().map(|t| t.left)))
        })
        .flatten()
    }

    /// Claims the game with another device `id` for this tab (a Web Lock, `tabs.rs`), or takes
    /// it over from another tab (`steal`).
    pub(super) fn claim_remote(&self, id: &str, steal: bool) {
        let store = *self;
        let mine = id.to_string();
        let still =
            move || store.with_match(Match::remote_id).flatten().as_deref() == Some(mine.as_str());
        self.claim_game(&format!("remote.{id}"), steal, still, move || {
            store.remote.peer.close();
            store.remote.linked.set(false);
            store.elsewhere.set(true);
        });
    }

    /// This tab takes over (or loads again) the game with another device open here, as kept.
    pub(super) fn reload_remote(&self, steal: bool) -> bool {
        let Some(id) = self.with_match(Match::remote_id).flatten() else {
            return false;
        };
        match RemoteSave::load(&id) {
            Some(Ok(save)) if !save.checked => {
                self.remote.peer.close();
                self.remote.linked.set(false);
                if self.open_remote_save(&save, steal) {
                    self.elsewhere.set(false);
                    self.open_elsewhere.set(false);
                }
            }
            Some(Err(why)) => self.message.set(Some(why)),
            // Finished and checked in another tab, or gone: nothing here to go on with.
            _ => self
                .message
                .set(Some(i18n::REMOTE_GONE.get(self.lang()).to_string())),
        }
        true
    }

    /// The games with other devices kept on this device, not finished (tracked).
    pub fn remote_kept(&self) -> Vec<(String, Result<RemoteSave, String>)> {
        self.remote.kept_rev.track();
        RemoteSave::all()
            .into_iter()
            .filter(|(_, s)| !s.as_ref().is_ok_and(|s| s.checked))
            .collect()
    }

    /// Continues a game with another device kept here: its board, then a new connection.
    pub fn resume_remote(&self, id: &str) {
        match RemoteSave::load(id) {
            Some(Ok(save)) => {
                self.open_new_game();
                self.remote.peer.close();
                self.remote.linked.set(false);
                self.open_remote_save(&save, false);
            }
            Some(Err(why)) => self.message.set(Some(why)),
            None => {}
        }
    }

    /// Opens a kept game with another device on its board (`steal`: taking it over from another
    /// tab that plays it); false (and why, said) if it does not replay.
    fn open_remote_save(&self, save: &RemoteSave, steal: bool) -> bool {
        match save.rebuild() {
            Ok(m) => {
                if self.saves.with_untracked(|s| s.current.is_some()) {
                    self.saves.update(|s| s.current = None);
                    self.write_saves();
                }
                self.remote.started.set_value(save.started);
                self.remote.inbox.set_value(VecDeque::new());
                self.remote.connect.set(None);
                self.config.set(m.config.clone());
                self.enter_play(m, save.clock, save.move_left, [None; POINTS]);
                self.claim_remote(save.id(), steal);
                self.keep_verified();
                true
            }
            Err(why) => {
                self.message.set(Some(why));
                false
            }
        }
    }

    /// The friend's ask to take back lapsed (they moved, or a turn ran out): its question goes.
    pub(super) fn close_lapsed_ask(&self) {
        let open = self
            .dialog
            .with_untracked(|d| matches!(d, Some(Dialog::UndoAsked { .. })));
        if open && self.with_game(|c| c.undo_asked()).flatten().is_none() {
            self.dialog.set(None);
        }
    }

    /// On every tick: how long the connection has been down in the middle of a game, which is
    /// played on (not only being checked at its end).
    pub(super) fn watch_left(&self, now: f64) {
        let playing = matches!(
            self.remote_state_untracked(),
            Some(RemoteState::Setting | RemoteState::Playing | RemoteState::Settling)
        );
        let here = !self.remote.linked.get_untracked()
            && !self.elsewhere.get_untracked()
            && !self.open_elsewhere.get_untracked();
        let id = self.with_match(Match::remote_id).flatten();
        // Counted from the drop this tab saw, through any attempt to connect again.
        let since = self.remote.down_since.with_value(|d| {
            d.as_ref()
                .filter(|(game, _)| Some(game) == id.as_ref())
                .map(|d| d.1)
        });
        let left = match since {
            Some(since) if playing && here => {
                Some(((LEFT_AFTER_MS - (now - since)).max(0.0) / 1000.0).ceil() as u64)
            }
            _ => None,
        };
        if self.remote.left_in.get_untracked() != left {
            self.remote.left_in.set(left);
        }
    }

    /// The rule sheets' 逃跑: in a game of two, the side that leaves loses. Once the connection
    /// has been down for [`LEFT_AFTER_MS`] in the middle of a game, the player who stayed may
    /// end it: it counts as their win in the friend tally, and the game, which can never be
    /// checked now, leaves the unfinished games (a copy is kept among the backups).
    pub fn friend_left(&self) {
        if self.remote.left_in.get_untracked() != Some(0) {
            return;
        }
        let Some((id, mode, mine)) = self
            .with_match(|m| Some((m.remote_id()?, m.mode(), m.color_of(m.config.seat)?)))
            .flatten()
        else {
            return;
        };
        self.open_new_game();
        // Counted only once the game has left the unfinished ones (a copy backed up first).
        if !self.delete_remote(&id) {
            return;
        }
        self.remote.down_since.set_value(None);
        self.stats.update(|s| s.add_friend(mode, Some(mine)));
        self.write_stats();
        self.notify(i18n::REMOTE_LEFT_COUNTED.get(self.lang()));
    }

    /// Deletes a kept game with another device (a copy stays among the backups); `false`, and
    /// said, when no copy could be kept (it stays).
    pub fn delete_remote(&self, id: &str) -> bool {
        if let Some(text) = storage::load(&format!("{}{id}", crate::state::remote_saves::PREFIX)) {
            if !storage::back_up(
                &format!("{}{id}", crate::state::remote_saves::PREFIX),
                &text,
            ) {
                self.message
                    .set(Some(i18n::REMOTE_NOT_SAVED.get(self.lang()).to_string()));
                return false;
            }
        }
        RemoteSave::remove(id);
        self.remote.kept_rev.update(|r| *r += 1);
        true
    }

    /// The invited device accepts the proposed game (and arranges its formation) or declines.
    pub fn answer_proposal(&self, accept: bool) {
        let Some(Connect::Asked(p)) = self.remote.connect.get_untracked() else {
            return;
        };
        self.say(&Said::reply(&p.reply(accept)));
        if accept {
            self.arrange(p, false);
        } else {
            self.leave_connect();
        }
    }

    /// Both devices arrange their formations on the agreed terms.
    fn arrange(&self, p: Proposal, host: bool) {
        let mine = if host { p.host } else { p.host.other_side() };
        let seat = u8::from(mine == Seat::BLACK);
        let level = self.config.with_untracked(|c| c.level);
        let config = GameConfig::of_proposal(&p, seat, level);
        self.config.set(config.clone());
        self.remote.agreed.set_value(Some(p));
        self.remote.connect.set(None);
        self.begin_setup(&config, seat);
    }

    /// 出征 against a friend on another device: this side's game begins, and its commitments
    /// go to the other device.
    pub(super) fn begin_remote(&self, config: GameConfig, formation: Deployment) {
        let Some(terms) = self.remote.agreed.get_value().and_then(|p| p.terms().ok()) else {
            return;
        };
        let me = if config.seat == 0 {
            Seat::RED
        } else {
            Seat::BLACK
        };
        let Some(secrets) = secret_seed() else {
            self.message
                .set(Some(i18n::REMOTE_NO_CRYPTO.get(self.lang()).to_string()));
            return;
        };
        let terms_clock = terms.clock;
        match Duel::new(terms, me, formation, secrets) {
            Ok((duel, first)) => {
                self.remote.agreed.set_value(None);
                let m = Match::remote(config, duel, vec![first], storage::random_seed());
                self.remote.started.set_value(storage::now_ms());
                let total = f64::from(terms_clock.total_s) * 1000.0;
                let clock = (total > 0.0).then_some([total; 2]);
                self.enter_play(m, clock, None, [None; POINTS]);
                if let Some(id) = self.with_match(Match::remote_id).flatten() {
                    self.claim_remote(&id, false);
                }
                self.save_remote();
                self.remote_flush();
                self.remote_pump();
            }
            Err(e) => self.message.set(Some(e.to_string())),
        }
    }

    /// Whether the game in play is one with another device.
    pub(super) fn remote_game(&self) -> bool {
        self.with_match(|m| m.remote_state().is_some())
            .unwrap_or(false)
    }

    /// Where the game with another device stands (tracked).
    pub fn remote_state(&self) -> Option<RemoteState> {
        self.rev.track();
        self.with_match(Match::remote_state).flatten()
    }

    /// Sends what the game has for the other device.
    fn remote_flush(&self) {
        if let Some(fx) = self.update_game(|c| c.outbox()) {
            self.apply(fx);
        }
    }

    /// Takes the other device's waiting messages while the board is still (called again when
    /// an animation ends).
    pub(super) fn remote_pump(&self) {
        loop {
            if self.anim.with_untracked(|a| a.is_some()) || !self.remote_game() {
                return;
            }
            let Some(text) = self
                .remote
                .inbox
                .try_update_value(|q| q.pop_front())
                .flatten()
            else {
                return;
            };
            // The time until this message is charged to the side that was to move; then the
            // clocks are looked at again, for a claim of this side's time: the browser holds
            // back the timers of a tab in the background, not its messages.
            self.tick();
            let step_ms = self.step_ms();
            if let Some(fx) = self.update_game(|c| c.remote_message(&text, step_ms)) {
                self.apply(fx);
            }
            self.tick();
            self.keep_verified();
            if let Some(from) = self.with_game(|c| c.draw_offered()).flatten() {
                self.dialog.set(Some(Dialog::DrawOffer { from }));
            }
            if let Some(from) = self.with_game(|c| c.undo_asked()).flatten() {
                self.dialog.set(Some(Dialog::UndoAsked { from }));
            }
            self.close_lapsed_ask();
        }
    }

    /// Sends the game's messages (an effect of the controller); a tab that no longer plays the
    /// game sends nothing.
    pub(super) fn send_game(&self, messages: Vec<String>) {
        if self.passive() {
            return;
        }
        for m in messages {
            self.say(&Said::game(&m));
        }
    }

    /// A game with another device verified at its end: kept in the records like any other.
    fn keep_verified(&self) {
        if self.remote_state_untracked() != Some(RemoteState::Verified)
            || self.saves.with_untracked(|s| s.current.is_some())
        {
            return;
        }
        let Some((config, record, seed)) = self
            .with_match(|m| Some((m.config.clone(), m.record()?, m.seed())))
            .flatten()
        else {
            return;
        };
        let Setup::Deployments { red, black } = record.setup else {
            return;
        };
        let Some(id) = self.with_match(|m| m.remote_id()).flatten() else {
            return;
        };
        if RemoteSave::load(&id).is_some_and(|s| s.is_ok_and(|s| s.checked)) {
            return; // in the records already (opened again to answer the other device)
        }
        self.keep_new(&config, seed, SavedSetup::Deployments { red, black });
        self.autosave();
        self.count_result();
        if let Some(save) = self.remote_save() {
            // Kept (marked checked) to answer the other device if it still waits.
            if save.write().is_err() {
                RemoteSave::remove(&id);
            }
        }
        RemoteSave::prune_checked();
        self.remote.kept_rev.update(|r| *r += 1);
        if let Some(p) = self.remote.asked.try_update_value(Option::take).flatten() {
            // A new game proposed while this one was being checked.
            self.open_connect(Connect::Asked(p), false);
        }
    }

    pub(super) fn remote_state_untracked(&self) -> Option<RemoteState> {
        self.with_match(Match::remote_state).flatten()
    }
}
