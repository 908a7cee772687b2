//! One game as the app referees it: junqi-core's [`Game`] plus who sits where, what each seat
//! has seen removed, and the computer's own formation. Plain Rust, tested natively.
//!
//! Seats: seat 0 acts first (Red in 明棋 and 暗棋; in 翻棋 whoever flips first), seat 1 second.

mod remote;
pub use remote::RemoteState;

use super::config::{GameConfig, Opponent};
use super::seeds;
use junqi_core::{
    Action, BySide, Deployment, Game, GameRecord, IllegalAction, Mode, Occupant, Outcome, Piece,
    PlayerView, Point, Position, PublicEvent, Rules, Seat, Setup, SetupError,
};
use junqi_duel::{Duel, Input, Phase, Refusal};
use remote::Remote;

/// What one action did, as everybody may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub event: PublicEvent,
    /// The route the piece took (public: everybody watches it travel).
    pub path: Vec<Point>,
}

/// Pieces removed from the board, by owner, as one seat saw them.
pub type Tray = BySide<Vec<Occupant>>;

pub use crate::i18n::caption::Known;

/// One action of the history with what a seat knew of its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub event: PublicEvent,
    pub known: Known,
}

/// The identity on `p` in `view`, if that view shows it.
fn seen_piece(view: &PlayerView, p: Point) -> Option<Piece> {
    let o = view.cells[p.index()]?;
    if o.face_down {
        return None;
    }
    Some(Piece {
        color: o.color?,
        role: o.role?,
    })
}

/// A position with every identity shown, seen from Red's side (暗棋's hidden pieces named;
/// 翻棋's face-down pieces stay face down: nobody has seen them).
pub fn open_view(pos: &Position) -> PlayerView {
    let mut v = pos.view(Some(Seat::RED));
    if pos.mode() == Mode::Dark {
        for p in Point::all() {
            v.cells[p.index()] = pos.at(p);
        }
    }
    v
}

/// `Ok` if a step of a saved game replayed, else why not.
fn ok_or(done: bool, why: &str) -> Result<(), String> {
    if done {
        Ok(())
    } else {
        Err(why.to_string())
    }
}

/// Who referees the game. (One per page, and nearly always the local one: not boxed.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
enum Referee {
    /// This device sees everything (the computer or a friend on this device): junqi-core's
    /// [`Game`], and each side's formation (明棋, 暗棋: the computer plays from its own).
    Local {
        game: Game,
        formations: Option<BySide<Deployment>>,
    },
    /// A friend on another device: this device holds only its own side (game/remote.rs).
    Remote(Box<Remote>),
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    pub config: GameConfig,
    referee: Referee,
    /// Seed of the computer's choices.
    seed: u64,
    /// After each action (index = actions played): the trays each seat saw.
    trays: Vec<[Tray; 2]>,
    /// For each action played: what each seat knew of its pieces.
    known: Vec<[Known; 2]>,
    /// A game with another device: its id, shared by both (kept once the game is checked).
    remote_id: Option<[u8; 16]>,
    /// A game with another device checked here: this device's side as it ended (every
    /// message it sent, to send again should the other device still wait for one; its save).
    checked_side: Option<Box<Remote>>,
}

impl Match {
    pub fn new(config: GameConfig, setup: Setup, seed: u64) -> Result<Match, SetupError> {
        let formations = match &setup {
            Setup::Deployments { red, black } => Some(BySide::new_with(|c| match c {
                Seat::RED => red.clone(),
                _ => black.clone(),
            })),
            Setup::Shuffle { .. } => None,
        };
        let game = Game::new(config.mode, config.rules, setup)?;
        Ok(Match {
            config,
            referee: Referee::Local { game, formations },
            seed,
            trays: vec![Default::default()],
            known: Vec::new(),
            remote_id: None,
            checked_side: None,
        })
    }

    /// A game with a friend on another device, from this device's side: `duel` holds its
    /// formation and secrets, `first` its first messages (the commitments), waiting to go.
    /// The seat is `config.seat` (0: Red).
    pub fn remote(config: GameConfig, duel: Duel, first: Vec<String>, seed: u64) -> Match {
        Match {
            config,
            remote_id: Some(duel.terms().game),
            referee: Referee::Remote(Box::new(Remote::new(duel, first))),
            seed,
            trays: vec![Default::default()],
            known: Vec::new(),
            checked_side: None,
        }
    }

    /// A game with another device rebuilt from what this device did and took (a save):
    /// `duel` is its side as it began (`Duel::new`), and each input is played again through
    /// the match, so that it knows what it knew then. Messages made again are not sent again
    /// here: after a reconnection every message goes again ([`Match::sent`]). A log that does
    /// not replay is refused with the reason.
    pub fn resumed(
        config: GameConfig,
        duel: Duel,
        inputs: &[Input],
        seed: u64,
    ) -> Result<Match, String> {
        let seat = config.seat;
        let mut m = Match::remote(config, duel, Vec::new(), seed);
        for (i, input) in inputs.iter().enumerate() {
            let done = match input {
                Input::Play { action } => m.play(*action).map(drop).map_err(|e| e.to_string()),
                Input::Resign => m.resign(seat).map(drop).map_err(|e| e.to_string()),
                Input::OfferDraw => ok_or(m.offer_draw(), "a draw offer out of turn"),
                Input::AcceptDraw => m.agree_draw().map(drop).map_err(|e| e.to_string()),
                Input::AskUndo => ok_or(m.ask_undo(), "an ask to take back out of place"),
                Input::AnswerUndo { accept } => {
                    ok_or(m.answer_undo(*accept), "an answer with no ask to take back")
                }
                Input::OutOfTime { total: false } => {
                    m.miss_turn().map(drop).map_err(|e| e.to_string())
                }
                Input::OutOfTime { total: true } => {
                    m.time_out(seat).map(drop).map_err(|e| e.to_string())
                }
                Input::ClaimTime { total } => {
                    ok_or(m.claim_time(*total), "a claim of time out of place")
                }
                Input::Got { text } => match m.receive(text) {
                    // A lie caught is caught again: the game stays stopped there.
                    Ok(_) | Err(Refusal::Cheat(_)) => Ok(()),
                    Err(e) => Err(e.to_string()),
                },
            };
            done.map_err(|why| format!("step {}: {why}", i + 1))?;
        }
        m.take_outbox();
        Ok(m)
    }

    /// This device's side of a game with another device, in play or checked (to save it).
    pub fn side(&self) -> Option<&Duel> {
        match &self.referee {
            Referee::Remote(r) => Some(r.duel()),
            Referee::Local { .. } => self.checked_side.as_deref().map(Remote::duel),
        }
    }

    /// The id (hex) of a game with another device, shared by both devices.
    pub fn remote_id(&self) -> Option<String> {
        self.remote_id.map(|id| junqi_duel::wire::hex_of(&id))
    }

    /// This device's side of a game with another device (to save it).
    pub fn duel(&self) -> Option<&Duel> {
        match &self.referee {
            Referee::Remote(r) => Some(r.duel()),
            Referee::Local { .. } => None,
        }
    }

    /// Where a game with another device stands (`None`: a game on this device). A finished
    /// game with another device is [`RemoteState::Verified`] once it is refereed here.
    pub fn remote_state(&self) -> Option<RemoteState> {
        match &self.referee {
            Referee::Remote(r) => Some(r.state()),
            Referee::Local { .. } => {
                (self.config.opponent == Opponent::Remote).then_some(RemoteState::Verified)
            }
        }
    }

    /// Whether a game with another device cannot go on until that device answers (its
    /// commitments, the other half of a contact), or at all (a lie was caught).
    pub fn waits_for_remote(&self) -> bool {
        matches!(
            self.remote_state(),
            Some(RemoteState::Setting | RemoteState::Settling | RemoteState::Cheated(_))
        )
    }

    /// The messages for the other device, oldest first (taken: each goes once).
    pub fn take_outbox(&mut self) -> Vec<String> {
        match &mut self.referee {
            Referee::Remote(r) => r.take_outbox(),
            // Checked: what the side had still to send when the check ended the game.
            Referee::Local { .. } => self
                .checked_side
                .as_mut()
                .map(|r| r.take_outbox())
                .unwrap_or_default(),
        }
    }

    /// Every message this device sent the other: sent again after a reconnection, the other
    /// device takes what it missed.
    pub fn sent(&self) -> Vec<String> {
        self.side().map(|d| d.sent().to_vec()).unwrap_or_default()
    }

    /// Takes a message from the other device: the actions it settled (the other side's move,
    /// or the result of this side's attack). A message that is not a legal part of the game
    /// is refused with the reason; a lie caught stops the game ([`RemoteState::Cheated`]).
    /// Once both sides opened everything and the game checks out, this device referees the
    /// finished game like any other.
    pub fn receive(&mut self, text: &str) -> Result<Vec<Played>, Refusal> {
        let seen = [self.view_of(0), self.view_of(1)];
        let Referee::Remote(r) = &mut self.referee else {
            return Err(Refusal::Unexpected("a message in a game on this device"));
        };
        let len = r.history().len();
        let played = r.receive(text)?;
        let taken_back = len.saturating_sub(r.history().len());
        let record = match r.duel().phase() {
            Phase::Verified(record) => Some(record.as_ref().clone()),
            _ => None,
        };
        self.forget(taken_back);
        for p in &played {
            self.note(&p.event, &seen);
        }
        if let Some(record) = record {
            match Match::verified(self.config.clone(), &record, self.seed) {
                Ok(m) => {
                    let checked_side = match &self.referee {
                        Referee::Remote(r) => Some(r.clone()),
                        Referee::Local { .. } => None,
                    };
                    *self = Match {
                        remote_id: self.remote_id,
                        checked_side,
                        ..m
                    }
                }
                Err(why) => leptos::logging::warn!("a verified game does not replay: {why}"),
            }
        }
        Ok(played)
    }

    /// Plays a record's `actions` (each, or why it is none) with the turns lost to the
    /// per-move timer at their places (`timeouts`: how many actions were played before each):
    /// what replaying a saved or a verified game does.
    pub fn play_all(
        &mut self,
        actions: impl IntoIterator<Item = Result<Action, String>>,
        timeouts: &[u32],
    ) -> Result<(), String> {
        let mut timeouts = timeouts.iter().copied().peekable();
        let mut played = 0;
        for action in actions {
            self.miss_turns_before(&mut timeouts, played)?;
            let ply = played + 1;
            self.play(action?).map_err(|e| format!("ply {ply}: {e}"))?;
            played += 1;
        }
        self.miss_turns_before(&mut timeouts, played)?;
        match timeouts.next() {
            Some(t) => Err(format!(
                "a timed-out turn after {t} actions, past the last action"
            )),
            None => Ok(()),
        }
    }

    /// The turns lost to the timer after `played` actions.
    fn miss_turns_before(
        &mut self,
        timeouts: &mut std::iter::Peekable<impl Iterator<Item = u32>>,
        played: usize,
    ) -> Result<(), String> {
        while timeouts.next_if(|&t| t as usize == played).is_some() {
            self.miss_turn()
                .map_err(|e| format!("timed-out turn after {played} actions: {e}"))?;
        }
        Ok(())
    }

    /// A verified game between two devices, refereed here.
    fn verified(config: GameConfig, record: &GameRecord, seed: u64) -> Result<Match, String> {
        let mut m = Match::new(config, record.setup.clone(), seed).map_err(|e| e.to_string())?;
        m.play_all(
            record.actions.iter().map(|ra| Ok(ra.action)),
            &record.timeouts,
        )?;
        if let Some(o) = record.result {
            m.end_as(o)?;
        }
        Ok(m)
    }

    /// Offers the other device a draw (its turn or not); `false` when the game does not
    /// allow it now.
    pub fn offer_draw(&mut self) -> bool {
        match &mut self.referee {
            Referee::Remote(r) => r.offer_draw(),
            Referee::Local { .. } => false,
        }
    }

    /// Between two devices: the seat whose draw offer waits for an answer.
    pub fn draw_offered(&self) -> Option<u8> {
        match &self.referee {
            Referee::Remote(r) => r.duel().draw_offered().and_then(|c| self.seat_of(c)),
            Referee::Local { .. } => None,
        }
    }

    /// The game this device referees, when it does (not in a game with another device).
    fn local(&self) -> Option<&Game> {
        match &self.referee {
            Referee::Local { game, .. } => Some(game),
            Referee::Remote(_) => None,
        }
    }

    /// The position as this device knows it. Between two devices in 暗棋 the other side's
    /// pieces stand in it as placeholders: read the turn, the ply and the outcome from it,
    /// and draw the board from [`Match::view_of`].
    pub fn position(&self) -> &Position {
        match &self.referee {
            Referee::Local { game, .. } => game.position(),
            Referee::Remote(r) => r.position(),
        }
    }

    pub fn mode(&self) -> Mode {
        self.config.mode
    }

    pub fn rules(&self) -> Rules {
        *self.position().rules()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match &self.referee {
            Referee::Local { game, .. } => game.outcome(),
            Referee::Remote(r) => r.position().outcome(),
        }
    }

    /// Actions played so far.
    pub fn plies(&self) -> usize {
        self.known.len()
    }

    /// The record of the game, when this device referees it (a game with another device has
    /// one once both sides opened everything and it was verified: [`Match::receive`]).
    pub fn record(&self) -> Option<GameRecord> {
        self.local().map(Game::record)
    }

    /// The colour of a seat, once known (翻棋: after the first colour is assigned).
    pub fn color_of(&self, seat: u8) -> Option<Seat> {
        let first = self.position().first_color()?;
        Some(if seat == 0 { first } else { first.other_side() })
    }

    /// The seat playing `color`, once known.
    pub fn seat_of(&self, color: Seat) -> Option<u8> {
        let first = self.position().first_color()?;
        Some(u8::from(color != first))
    }

    /// The seat to act, or `None` once the game is over. Seats alternate strictly.
    pub fn seat_to_move(&self) -> Option<u8> {
        if self.outcome().is_some() {
            return None;
        }
        Some(((self.position().ply() + 1) % 2) as u8)
    }

    /// Whether a person plays this seat on this device.
    pub fn is_human(&self, seat: u8) -> bool {
        match self.config.opponent {
            Opponent::Friend => true,
            Opponent::Computer | Opponent::Remote => seat == self.config.seat,
            Opponent::Watch => false,
        }
    }

    /// The computer's seat, if it is to act (in a watched game, either seat).
    pub fn computer_to_move(&self) -> Option<u8> {
        if !matches!(self.config.opponent, Opponent::Computer | Opponent::Watch) {
            return None;
        }
        self.seat_to_move().filter(|s| !self.is_human(*s))
    }

    /// What a seat may see now (no history). Between two devices this device sees only
    /// through its own seat's eyes, whichever seat is asked for.
    pub fn view_of(&self, seat: u8) -> PlayerView {
        match &self.referee {
            Referee::Local { game, .. } => game.position().view(self.color_of(seat)),
            Referee::Remote(r) => r.view(),
        }
    }

    /// Every identity on the board, seen from Red's side: a watched game's "all open" eyes.
    /// Between two devices only this device's own view.
    pub fn open_view(&self) -> PlayerView {
        match &self.referee {
            Referee::Local { game, .. } => open_view(game.position()),
            Referee::Remote(r) => r.view(),
        }
    }

    /// What a seat may see now, with the public history (for the computer player).
    pub fn full_view_of(&self, seat: u8) -> PlayerView {
        let mut v = self.view_of(seat);
        v.history = self.history();
        v
    }

    /// A seat's own formation (明棋, 暗棋).
    pub fn formation_of(&self, seat: u8) -> Option<&Deployment> {
        let c = self.color_of(seat)?;
        match &self.referee {
            Referee::Local { formations, .. } => formations.as_ref().map(|f| &f[c]),
            Referee::Remote(r) => (seat == self.config.seat).then(|| r.formation()),
        }
    }

    /// The game's seed. It never leaves the referee: requests carry [`Match::computer_seed`]
    /// or [`Match::hint_seed`].
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seed of the computer player's choices: from the game seed by a one-way function, so
    /// nothing hidden can be computed from it.
    pub fn computer_seed(&self) -> u64 {
        seeds::derive(self.seed, seeds::Purpose::Computer)
    }

    /// The seed of a hint's question (asked for the person), likewise.
    pub fn hint_seed(&self) -> u64 {
        seeds::derive(self.seed, seeds::Purpose::Hint)
    }

    /// The public history.
    pub fn history(&self) -> Vec<PublicEvent> {
        match &self.referee {
            Referee::Local { game, .. } => game.public_history(),
            Referee::Remote(r) => r.history().to_vec(),
        }
    }

    /// The last action's start and end.
    pub fn last_action(&self) -> Option<Action> {
        match &self.referee {
            Referee::Local { game, .. } => game.reports().last().and_then(|r| r.action),
            Referee::Remote(r) => r.history().last().and_then(|e| e.action),
        }
    }

    /// Each action played with its pieces as everybody knows them once the game is over
    /// (`None` between two devices: this device never saw the other side's pieces).
    pub fn open_rows(&self) -> Option<Vec<Row>> {
        let game = self.local()?;
        Some(
            game.public_reports()
                .map(|(event, r)| Row {
                    event,
                    known: Known {
                        mover: r.attacker,
                        target: r.defender,
                    },
                })
                .collect(),
        )
    }

    /// The history as everybody may know it: in 暗棋, until the game is over, no identity but
    /// what an action made public (what a screen seen by both players may show).
    pub fn public_rows(&self) -> Vec<Row> {
        let hidden = self.mode() == Mode::Dark && self.outcome().is_none();
        match self.open_rows() {
            Some(rows) if !hidden => rows,
            _ => self
                .history()
                .into_iter()
                .zip(&self.known)
                .map(|(event, k)| Row {
                    event,
                    // 明棋 between two devices: both sides see everything.
                    known: if hidden { Known::default() } else { k[0] },
                })
                .collect(),
        }
    }

    /// The history as `seat` knew it: each action with the pieces it could see when it was
    /// played. Once the game is over every identity is public.
    pub fn rows(&self, seat: u8) -> Vec<Row> {
        if self.outcome().is_some() {
            if let Some(rows) = self.open_rows() {
                return rows;
            }
        }
        let seat = usize::from(seat.min(1));
        self.history()
            .into_iter()
            .zip(&self.known)
            .map(|(event, k)| Row {
                event,
                known: k[seat],
            })
            .collect()
    }

    /// Plays an action for the seat to move. Between two devices an attack in 暗棋 is settled
    /// with the other device first: then nothing is played yet (`None`), and the action comes
    /// back from [`Match::receive`].
    pub fn play(&mut self, action: Action) -> Result<Option<Played>, IllegalAction> {
        let seen = [self.view_of(0), self.view_of(1)];
        let played = match &mut self.referee {
            Referee::Local { game, .. } => {
                let ply = game.reports().len() as u32 + 1;
                let report = game.play(action)?;
                vec![Played {
                    event: PublicEvent::from_report(ply, report),
                    path: report.path.clone(),
                }]
            }
            Referee::Remote(r) => r.play(action)?,
        };
        for p in &played {
            self.note(&p.event, &seen);
        }
        Ok(played.into_iter().last())
    }

    /// Keeps what each seat saw of the action `event`, with `seen` the seats' views before it.
    fn note(&mut self, event: &PublicEvent, seen: &[PlayerView; 2]) {
        let mut trays = self.trays.last().cloned().unwrap_or_default();
        for (seat, view) in seen.iter().enumerate() {
            for p in &event.removed {
                if let Some(o) = view.cells[p.index()] {
                    if let Some(owner) = o.color {
                        trays[seat][owner].push(o);
                    }
                }
            }
        }
        self.trays.push(trays);
        let known = [0, 1].map(|seat| Known::of(event, |p| seen_piece(&seen[seat], p)));
        self.known.push(known);
    }

    /// What a seat has seen removed; once the game is over, every identity is public.
    pub fn tray(&self, seat: u8) -> Tray {
        if let (Some(open), Some(_)) = (self.open_tray(), self.outcome()) {
            return open;
        }
        self.trays
            .last()
            .map(|t| t[usize::from(seat.min(1))].clone())
            .unwrap_or_default()
    }

    /// Every piece removed so far, named (`None` between two devices: this device never saw
    /// the other side's pieces).
    pub fn open_tray(&self) -> Option<Tray> {
        let game = self.local()?;
        let mut t = Tray::default();
        for r in game.reports() {
            for (_, piece) in &r.removed {
                t[piece.color].push(Occupant::known(*piece));
            }
        }
        Some(t)
    }

    fn local_mut(&mut self) -> Result<&mut Game, IllegalAction> {
        match &mut self.referee {
            Referee::Local { game, .. } => Ok(game),
            // Between two devices this side acts through its messages (Match::ask_undo, …).
            Referee::Remote(_) => Err(IllegalAction::NotYourTurn),
        }
    }

    /// The seat to move ran out of its per-move time: the turn passes and the timeout counts;
    /// the `timeout_limit`-th loses (`Game::miss_turn`). Between two devices, this device's
    /// own seat only: the other device says so of its own.
    pub fn miss_turn(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        if let Referee::Remote(r) = &mut self.referee {
            if !r.out_of_time(false) {
                return Err(IllegalAction::NotYourTurn);
            }
            return Ok(r.position().outcome());
        }
        self.local_mut()?.miss_turn()
    }

    /// Between two devices: whether this side may ask to take back now.
    pub fn may_ask_undo(&self) -> bool {
        match &self.referee {
            Referee::Remote(r) => r.duel().may_ask_undo(),
            Referee::Local { .. } => false,
        }
    }

    /// Between two devices: asks the other device to take back this side's last own action
    /// (and everything after it); it answers with [`Match::answer_undo`] on its side.
    pub fn ask_undo(&mut self) -> bool {
        match &mut self.referee {
            Referee::Remote(r) => r.ask_undo(),
            Referee::Local { .. } => false,
        }
    }

    /// Between two devices: the seat whose ask to take back waits for an answer.
    pub fn undo_asked(&self) -> Option<u8> {
        match &self.referee {
            Referee::Remote(r) => r.duel().undo_asked().and_then(|c| self.seat_of(c)),
            Referee::Local { .. } => None,
        }
    }

    /// Between two devices: answers the other device's ask to take back; accepted, the plies
    /// are taken back here too.
    pub fn answer_undo(&mut self, accept: bool) -> bool {
        let Referee::Remote(r) = &mut self.referee else {
            return false;
        };
        let len = r.history().len();
        let done = r.answer_undo(accept);
        let now = r.history().len();
        self.forget(len.saturating_sub(now));
        done
    }

    /// Between two devices: by this device's measurement the other side's time ran out
    /// (`total`: its clock for the whole game; otherwise its per-move timer).
    pub fn claim_time(&mut self, total: bool) -> bool {
        match &mut self.referee {
            Referee::Remote(r) => r.claim_time(total),
            Referee::Local { .. } => false,
        }
    }

    /// Forgets what the seats saw of the last `n` actions, taken back.
    fn forget(&mut self, n: usize) {
        for _ in 0..n {
            self.trays.pop();
            self.known.pop();
        }
    }

    /// Turns lost to the per-move timer, as the numbers of actions played before each.
    pub fn timeouts(&self) -> Vec<u32> {
        self.local()
            .map(|g| g.timeouts().to_vec())
            .unwrap_or_default()
    }

    /// Turns `seat` has lost to the per-move timer.
    pub fn timeouts_of(&self, seat: u8) -> u32 {
        let color = self
            .color_of(seat)
            .unwrap_or(if seat == 0 { Seat::RED } else { Seat::BLACK });
        u32::from(self.position().timeouts(color))
    }

    /// How many plies an undo for `seat` takes back (junqi-core's [`Game::undo_span`]: back to
    /// and including its last own action, never past a timed-out turn, and with hidden pieces
    /// never past a ply that revealed anything). Between two devices the other side agrees
    /// first ([`Match::ask_undo`]).
    fn plies_to_undo(&self, seat: u8) -> Option<usize> {
        self.local()?.undo_span(seat)
    }

    /// Whether `seat` has an action of its own to take back (see [`Match::plies_to_undo`]).
    pub fn can_undo(&self, seat: u8) -> bool {
        self.plies_to_undo(seat).is_some()
    }

    /// Takes back actions until `seat`'s last own action is undone and it is its turn again.
    pub fn undo_for(&mut self, seat: u8) -> bool {
        let Some(n) = self.plies_to_undo(seat) else {
            return false;
        };
        for _ in 0..n {
            let Ok(game) = self.local_mut() else {
                return false;
            };
            if !game.undo() {
                return false;
            }
            self.forget(1);
        }
        true
    }

    /// `seat` resigns (between two devices: this device's own seat only).
    pub fn resign(&mut self, seat: u8) -> Result<Outcome, IllegalAction> {
        let color = self.color_of(seat).ok_or(IllegalAction::ResignTooEarly)?;
        match &mut self.referee {
            Referee::Local { game, .. } => game.resign(color),
            Referee::Remote(r) if seat == self.config.seat => r.resign(),
            Referee::Remote(_) => Err(IllegalAction::NotYourTurn),
        }
    }

    pub fn may_resign(&self) -> bool {
        self.position().may_resign()
    }

    /// Both sides agreed to a draw (between two devices: this device accepts the other's
    /// offer).
    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalAction> {
        match &mut self.referee {
            Referee::Local { game, .. } => game.agree_draw(),
            Referee::Remote(r) => r.accept_draw(),
        }
    }

    /// `seat`'s clock ran out: it loses. Between two devices, this device's own seat only.
    pub fn time_out(&mut self, seat: u8) -> Result<Outcome, IllegalAction> {
        let color = self
            .color_of(seat)
            .unwrap_or(if seat == 0 { Seat::RED } else { Seat::BLACK });
        if let Referee::Remote(r) = &mut self.referee {
            if seat != self.config.seat || !r.out_of_time(true) {
                return Err(IllegalAction::NotYourTurn);
            }
            return r.position().outcome().ok_or(IllegalAction::GameOver);
        }
        self.local_mut()?.time_out(color)
    }

    /// Ends a replayed game as its save or record says it ended, when its actions alone do
    /// not: by resignation, time or agreement (the core's [`Game::end_as`]). Only a game
    /// refereed here is replayed.
    pub fn end_as(&mut self, claimed: Outcome) -> Result<(), String> {
        let game = self.local_mut().map_err(|e| e.to_string())?;
        game.end_as(claimed).map_err(|e| e.to_string())
    }

    /// Plies since the last removal.
    pub fn halfmoves(&self) -> u32 {
        self.position().halfmoves()
    }

    /// The computer's choice for its seat, searching at most `max_nodes` nodes.
    pub fn computer_action(&self, level: u8, max_nodes: u64) -> Option<Action> {
        let seat = self.computer_to_move()?;
        let view = self.full_view_of(seat);
        let mut lv = junqi_ai::level(level).unwrap_or(junqi_ai::LEVELS[0]);
        lv.facing.nodes = lv.facing.nodes.min(max_nodes);
        let ctx = junqi_ai::Context {
            own: self.formation_of(seat),
            seed: self.computer_seed(),
        };
        let mut stop = junqi_ai::search::NodeBudget(max_nodes);
        junqi_ai::choose(&view, &lv, &ctx, &mut stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Role;

    fn config(mode: Mode, opponent: Opponent, seat: u8) -> GameConfig {
        GameConfig {
            mode,
            opponent,
            level: 1,
            seat,
            ..GameConfig::default()
        }
    }

    fn classic(mode: Mode, seat: u8) -> Match {
        Match::new(
            config(mode, Opponent::Computer, seat),
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
            1,
        )
        .unwrap()
    }

    fn a(s: &str) -> Action {
        s.parse().unwrap()
    }

    #[test]
    fn seats_and_turns() {
        let mut m = classic(Mode::Open, 1);
        assert_eq!(m.color_of(0), Some(Seat::RED));
        assert_eq!(m.seat_of(Seat::BLACK), Some(1));
        assert_eq!(m.seat_to_move(), Some(0));
        assert_eq!(m.computer_to_move(), Some(0));
        let ai = m.computer_action(1, 300).unwrap();
        m.play(ai).unwrap();
        assert_eq!(m.seat_to_move(), Some(1));
        assert_eq!(m.computer_to_move(), None);
    }

    #[test]
    fn trays_follow_what_each_seat_saw() {
        let mut m = classic(Mode::Dark, 0);
        // Red's major general on a6 takes Black's lieutenant on a7.
        let played = m.play(a("a6-a7")).unwrap().unwrap();
        assert_eq!(played.path.len(), 2);
        assert_eq!(played.event.removed.len(), 1);
        let red = m.tray(0);
        let black = m.tray(1);
        assert_eq!(red[Seat::BLACK].len(), 1);
        assert_eq!(
            red[Seat::BLACK][0].role,
            None,
            "Red never learns what it took"
        );
        assert_eq!(black[Seat::BLACK][0].role, Some(Role::Lieutenant));
        assert!(red[Seat::RED].is_empty());
    }

    #[test]
    fn rows_name_the_pieces_each_seat_could_see() {
        let mut m = classic(Mode::Dark, 0);
        m.play(a("a6-a7")).unwrap();
        let red = m.rows(0);
        let black = m.rows(1);
        assert_eq!(red.len(), 1);
        assert_eq!(red[0].known.mover.map(|p| p.role), Some(Role::MajorGeneral));
        assert_eq!(red[0].known.target, None, "Red never sees what it took");
        assert_eq!(black[0].known.mover, None, "Black never sees what took it");
        assert_eq!(
            black[0].known.target.map(|p| p.role),
            Some(Role::Lieutenant)
        );
        // Once over, everything is public.
        m.resign(1).ok();
        if m.outcome().is_some() {
            assert_eq!(
                m.rows(1)[0].known.mover.map(|p| p.role),
                Some(Role::MajorGeneral)
            );
        }
        // 明棋: both seats see both pieces; an undo forgets what it takes back.
        let mut m = classic(Mode::Open, 0);
        m.play(a("c6-d5")).unwrap();
        assert!(m.rows(1)[0].known.mover.is_some());
        let reply = m.computer_action(1, 300).unwrap();
        m.play(reply).unwrap();
        assert!(m.undo_for(0));
        assert!(m.rows(0).is_empty());
        m.play(a("c6-d5")).unwrap();
        assert_eq!(m.rows(0).len(), 1);
    }

    #[test]
    fn undo_takes_back_the_computer_reply_too() {
        let mut m = classic(Mode::Open, 0);
        assert!(!m.can_undo(0));
        m.play(a("c6-d5")).unwrap();
        let reply = m.computer_action(1, 300).unwrap();
        m.play(reply).unwrap();
        assert!(m.can_undo(0));
        assert!(m.undo_for(0));
        assert_eq!(m.plies(), 0);
        assert_eq!(m.seat_to_move(), Some(0));
        assert_eq!(m.tray(0), Tray::default());
    }

    #[test]
    fn hidden_games_take_back_only_plies_that_revealed_nothing() {
        // 暗棋: a quiet move and a quiet reply can be taken back.
        let mut m = classic(Mode::Dark, 0);
        m.play(a("c6-d5")).unwrap();
        m.play(a("c7-d8")).unwrap();
        assert!(m.can_undo(0));
        assert!(m.undo_for(0));
        assert_eq!(m.plies(), 0);
        // An attack on an unknown piece: its result is seen, so it stays.
        m.play(a("a6-a7")).unwrap();
        assert!(!m.can_undo(0), "a contact cannot be taken back in 暗棋");
        assert!(!m.undo_for(0));
        assert_eq!(m.plies(), 1);
        // The same in 明棋, where nothing is hidden: allowed.
        let mut open = classic(Mode::Open, 0);
        open.play(a("a6-a7")).unwrap();
        assert!(open.undo_for(0));

        // 翻棋: a flip shows a piece, so it stays.
        let mut f = Match::new(
            config(Mode::Flip, Opponent::Computer, 0),
            Setup::Shuffle { seed: 9 },
            1,
        )
        .unwrap();
        let flip = f
            .view_of(0)
            .legal_actions()
            .into_iter()
            .find(|x| matches!(x, Action::Flip(_)))
            .unwrap();
        f.play(flip).unwrap();
        assert!(!f.can_undo(0), "a flip cannot be taken back in 翻棋");
        assert!(!f.undo_for(0));
        assert_eq!(f.plies(), 1);
    }

    #[test]
    fn flip_seats_get_colours_from_the_first_flip() {
        let mut m = Match::new(
            config(Mode::Flip, Opponent::Friend, 0),
            Setup::Shuffle { seed: 9 },
            1,
        )
        .unwrap();
        assert_eq!(m.color_of(0), None);
        assert_eq!(m.seat_to_move(), Some(0));
        assert!(m.is_human(1));
        let first = m.view_of(0).legal_actions()[0];
        let played = m.play(first).unwrap().unwrap();
        let c = played.event.assigned.unwrap();
        assert_eq!(m.color_of(0), Some(c));
        assert_eq!(m.color_of(1), Some(c.other_side()));
        assert_eq!(m.seat_to_move(), Some(1));
        assert!(m.resign(1).is_err(), "no resigning in the first 20 plies");
    }

    #[test]
    fn the_computer_finishes_games_in_every_mode() {
        for mode in [Mode::Open, Mode::Dark, Mode::Flip] {
            let setup = match mode {
                Mode::Flip => Setup::Shuffle { seed: 5 },
                _ => Setup::Deployments {
                    red: junqi_ai::deploy::formation(1),
                    black: junqi_ai::deploy::formation(2),
                },
            };
            // Both seats played by the computer.
            let cfg = config(mode, Opponent::Watch, 0);
            let mut m = Match::new(cfg, setup, 3).unwrap();
            let mut plies = 0;
            while m.outcome().is_none() && plies < 2000 {
                let act = m
                    .computer_action(1, 300)
                    .expect("an action while the game runs");
                m.play(act).unwrap();
                plies += 1;
            }
            assert!(m.outcome().is_some(), "{mode}: no end after {plies} plies");
        }
    }
}
