//! One device's side of a game between two devices.

use crate::crypto::{self, Digest, CHOICES};
use crate::verify::{opening_of, verify, Cheat};
use crate::wire::{
    bytes_of, chain, hex_of, result_index, role_index, token_link, Body, ChoiceOpened, Envelope,
    Opened, Payload, RESULTS, VERSION,
};
use crate::Terms;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use junqi_core::types::POINTS;
use junqi_core::undo::{self, Ply};
use junqi_core::{
    Action, Deployment, GameRecord, Mode, Occupant, Piece, Point, Position, PublicEvent, Role,
    Seat, Slot, Told,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a game between two devices stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for the other side's commitments (and in 明棋 its opened formation).
    Setting,
    Playing,
    /// The game is over; waiting for the other side's openings.
    Ending,
    /// Both sides opened everything and this device checked the whole game.
    Verified(Box<GameRecord>),
    /// A side was caught lying; the game stops here.
    Cheated(Cheat),
}

/// Why a game could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelError {
    /// 翻棋 needs a fair shuffle neither device controls: not offered between two devices.
    FlipNotOffered,
    /// This device's own formation breaks a setup rule.
    Formation(String),
    /// A rule switch that needs a referee who sees both formations during the game: a device
    /// cannot tell that a position is dead, or that the other side has no move either.
    NeedsReferee(&'static str),
    /// A rule that needs the per-move timer, which the terms do not have.
    NeedsTimer(&'static str),
    /// A clock longer than a game between two devices allows (the field's name).
    Clock(&'static str),
    /// Terms of a protocol version this device does not play (or clocks in version 1).
    Version(u32),
    /// Two rule switches that exclude each other.
    Rules(String),
    /// A game id that is not 16 bytes of hex.
    GameId,
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::FlipNotOffered => {
                write!(
                    f,
                    "翻棋 is played on one device only: no fair deal between two devices yet"
                )
            }
            DuelError::Formation(why) => write!(f, "the formation is not valid: {why}"),
            DuelError::Rules(why) => write!(f, "{why}"),
            DuelError::GameId => write!(f, "a game id must be 16 bytes of hex"),
            DuelError::NeedsTimer(rule) => write!(f, "{rule} needs a per-move timer"),
            DuelError::Clock(field) => write!(
                f,
                "the clock's {field} is longer than a game between two devices allows"
            ),
            DuelError::Version(v) => write!(
                f,
                "a game of protocol version {v}: this device plays versions 1 to {VERSION}, and \
                 clocks from version 2"
            ),
            DuelError::NeedsReferee(switch) => {
                write!(
                    f,
                    "{switch} needs a referee who sees both formations (暗棋 on one device)"
                )
            }
        }
    }
}

/// Why a message or an action was refused. A refused message changes nothing, except a
/// [`Refusal::Cheat`], which ends the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a message of this protocol.
    Malformed(String),
    /// A message of another protocol version.
    Version(u32),
    /// A message of another game.
    OtherGame,
    /// A message that claims to come from this device's own seat.
    WrongSender,
    /// A message out of order: replayed with changes, lost in between, or from an earlier
    /// ply.
    OutOfOrder { expected: u32, got: u32 },
    /// A message this device already took, sent again as it was (after a reconnection every
    /// message is sent again): nothing to do.
    Duplicate { seq: u32 },
    /// A message whose link to the sender's previous message is wrong.
    BrokenChain,
    /// A message about another ply than the current one.
    Stale { expected: u32, got: u32 },
    /// A message this device does not expect now (the name of what it got).
    Unexpected(&'static str),
    /// Devices that agreed to different terms (mode or rules).
    Terms,
    /// An action the rules refuse (or this device's own action refused).
    Illegal(String),
    /// The other side lied, and this device can prove it.
    Cheat(Cheat),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Malformed(e) => write!(f, "not a message of this game: {e}"),
            Refusal::Version(v) => write!(f, "message of protocol version {v}, not {VERSION}"),
            Refusal::OtherGame => write!(f, "message of another game"),
            Refusal::WrongSender => write!(f, "message signed with this device's own seat"),
            Refusal::OutOfOrder { expected, got } => {
                write!(f, "message {got} arrived where {expected} was due")
            }
            Refusal::Duplicate { seq } => write!(f, "message {seq} was already taken"),
            Refusal::BrokenChain => write!(f, "message does not follow the sender's last one"),
            Refusal::Stale { expected, got } => {
                write!(f, "message about ply {got} during ply {expected}")
            }
            Refusal::Unexpected(what) => write!(f, "a '{what}' message is not expected now"),
            Refusal::Terms => write!(f, "the other device agreed to different rules"),
            Refusal::Illegal(why) => write!(f, "{why}"),
            Refusal::Cheat(c) => write!(f, "{c}"),
        }
    }
}

/// One thing that happened on this device, in order: what a saved game keeps, so that
/// [`Duel::resume`] rebuilds the game exactly (the secrets come again from the seed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Input {
    Play {
        action: Action,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    AskUndo,
    AnswerUndo {
        accept: bool,
    },
    OutOfTime {
        total: bool,
    },
    ClaimTime {
        total: bool,
    },
    /// A message taken from the other device, as it arrived.
    Got {
        text: String,
    },
}

/// An exchange in the middle of an attack.
#[derive(Clone, Debug)]
enum Pending {
    /// This device attacked; waiting for the sealed results.
    Attacking {
        ply: u32,
        action: Action,
        c: u8,
        x: Scalar,
    },
    /// The other side attacked; waiting for its verdict. `tokens` for each of [`RESULTS`].
    Defending {
        ply: u32,
        action: Action,
        defender: Role,
        tokens: Vec<[u8; 16]>,
    },
}

/// What this device knew before one ply, to take it back.
#[derive(Clone)]
struct Before {
    view: Position,
    origin: [Option<(Seat, u8)>; POINTS],
    history: usize,
    /// The ply that followed, as an undo sees it.
    ply: Ply,
}

/// One device's side of a game between two devices.
#[derive(Clone)]
pub struct Duel {
    terms: Terms,
    me: Seat,
    /// The seed of every secret (kept to save the game: [`Duel::resume`]).
    seed: [u8; 32],
    rng: ChaCha20Rng,
    formation: Deployment,
    salts: Vec<[u8; 32]>,
    ot_secret: Scalar,
    their_commitments: Option<Vec<Digest>>,
    their_ot: Option<RistrettoPoint>,
    /// What this device knows of the game (in 暗棋 the other side's pieces hidden).
    view: Position,
    /// The owner and setup slot of each standing piece.
    origin: [Option<(Seat, u8)>; POINTS],
    /// The owner and setup slot of the piece each point started with.
    home: [Option<(Seat, u8)>; POINTS],
    phase: Phase,
    pending: Option<Pending>,
    choices: Vec<ChoiceOpened>,
    draw_offered: Option<Seat>,
    /// Every message body, by sender (Red's, Black's), in order.
    bodies: [Vec<Body>; 2],
    sent_head: Option<Digest>,
    got_head: Option<Digest>,
    revealed_mine: Vec<u8>,
    said_no_move: bool,
    /// Every message sent, as sent (sent again after a reconnection).
    sent: Vec<String>,
    /// The link of every message taken, to know one sent again.
    got: Vec<Digest>,
    history: Vec<PublicEvent>,
    their_formation: Option<Deployment>,
    inputs: Vec<Input>,
    /// Every ply, with what came before it (to take plies back by agreement).
    before: Vec<Before>,
    /// An ask to take back, not yet answered: who asked, at which ply.
    undo_asked: Option<(Seat, u32)>,
    /// The ply at which this device claimed the other side's time, by kind (the per-move
    /// timer, the clock for the whole game).
    claimed: [Option<u32>; 2],
    /// An ask to take back that was declined, and at which ply: not asked again there.
    declined: Option<(Seat, u32)>,
    /// The other side's pieces opened by a `reveal` (its seat's slot and role): known again
    /// after a take-back, since a reveal may come after the ply a snapshot was taken at.
    revealed_theirs: Vec<(u8, Role)>,
}

impl Duel {
    /// Starts this device's side, seated as `me` with `formation`; `seed` draws every secret
    /// (32 bytes from the operating system's generator in the app; fixed in tests, so that a
    /// game replays exactly). Returns the first message to send.
    pub fn new(
        terms: Terms,
        me: Seat,
        formation: Deployment,
        seed: [u8; 32],
    ) -> Result<(Duel, String), DuelError> {
        terms.check()?;
        formation
            .validate_with(&terms.rules)
            .map_err(|v| DuelError::Formation(v.iter().map(|v| v.to_string()).collect()))?;
        let mut rng = ChaCha20Rng::from_seed(seed);
        let salts = (0..junqi_core::deployment::SLOTS)
            .map(|_| {
                let mut s = [0u8; 32];
                rng.fill_bytes(&mut s);
                s
            })
            .collect();
        let ot_secret = crypto::random_scalar(&mut rng);
        let view = own_view(&terms, me, &formation);
        let mut origin = [None; POINTS];
        for s in Slot::setup() {
            for c in [Seat::RED, Seat::BLACK] {
                origin[s.point(c).index()] = Some((c, s.index() as u8));
            }
        }
        let mut duel = Duel {
            terms,
            me,
            seed,
            rng,
            formation,
            salts,
            ot_secret,
            their_commitments: None,
            their_ot: None,
            view,
            origin,
            home: origin,
            phase: Phase::Setting,
            pending: None,
            choices: Vec::new(),
            draw_offered: None,
            bodies: [Vec::new(), Vec::new()],
            sent_head: None,
            got_head: None,
            revealed_mine: Vec::new(),
            said_no_move: false,
            sent: Vec::new(),
            got: Vec::new(),
            history: Vec::new(),
            their_formation: None,
            inputs: Vec::new(),
            before: Vec::new(),
            undo_asked: None,
            claimed: [None; 2],
            declined: None,
            revealed_theirs: Vec::new(),
        };
        let pieces = Slot::setup().map(|s| hex_of(&duel.commitment(s))).collect();
        let commit = Body::Commit {
            terms: hex_of(&duel.terms.digest()),
            pieces,
            ot: hex_of(&crypto::point_bytes(&crypto::sender_key(&duel.ot_secret))),
        };
        let text = duel.send(commit);
        Ok((duel, text))
    }

    /// Rebuilds a game from what this device did and took ([`Duel::inputs`]), with the same
    /// terms, seat, formation and seed: every secret is drawn again the same way, so the
    /// messages sent are the same ones ([`Duel::sent`]). A log that does not replay is refused
    /// with the reason, and nothing is made.
    pub fn resume(
        terms: Terms,
        me: Seat,
        formation: Deployment,
        seed: [u8; 32],
        inputs: &[Input],
    ) -> Result<Duel, Refusal> {
        let (mut duel, _) =
            Duel::new(terms, me, formation, seed).map_err(|e| Refusal::Illegal(e.to_string()))?;
        for input in inputs {
            let done = match input {
                Input::Play { action } => duel.play(*action),
                Input::Resign => duel.resign(),
                Input::OfferDraw => duel.offer_draw(),
                Input::AcceptDraw => duel.accept_draw(),
                Input::AskUndo => duel.ask_undo(),
                Input::AnswerUndo { accept } => duel.answer_undo(*accept),
                Input::OutOfTime { total } => duel.out_of_time(*total),
                Input::ClaimTime { total } => duel.claim_time(*total),
                Input::Got { text } => duel.receive(text),
            };
            match done {
                // A lie that was caught is caught again: the game stays stopped there.
                Err(Refusal::Cheat(_)) => break,
                other => other?,
            };
        }
        Ok(duel)
    }

    /// What this device did and took, in order (see [`Duel::resume`]).
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// Every message this device sent, in order. After a reconnection send them all again:
    /// the other device takes the ones it missed and answers [`Refusal::Duplicate`] to the rest.
    pub fn sent(&self) -> &[String] {
        &self.sent
    }

    /// Every action played so far, as both sides saw it.
    pub fn history(&self) -> &[PublicEvent] {
        &self.history
    }

    /// 明棋: the other side's formation, once opened.
    pub fn their_formation(&self) -> Option<&Deployment> {
        self.their_formation.as_ref()
    }

    /// The seed of this device's secrets: with the terms, the seat, the formation and
    /// [`Duel::inputs`], what [`Duel::resume`] needs. It stays on this device.
    pub fn seed(&self) -> [u8; 32] {
        self.seed
    }

    /// This device's own formation.
    pub fn formation(&self) -> &Deployment {
        &self.formation
    }

    pub fn me(&self) -> Seat {
        self.me
    }

    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// What this device knows of the game.
    pub fn view(&self) -> &Position {
        &self.view
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whether an attack is waiting for the other device.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// The side that offered a draw not yet answered.
    pub fn draw_offered(&self) -> Option<Seat> {
        self.draw_offered
    }

    /// The side whose ask to take back waits for an answer.
    pub fn undo_asked(&self) -> Option<Seat> {
        self.undo_asked.map(|(c, _)| c)
    }

    /// Whether this side may ask to take back now: the game on, nothing pending, and an
    /// action of its own that the rule lets it take back.
    pub fn may_ask_undo(&self) -> bool {
        self.terms.version >= 2
            && self.playing().is_ok()
            && !self.view.is_over()
            && self.undo_asked.is_none()
            && self.declined != Some((self.me, self.view.ply()))
            && self.undo_span(self.me).is_some()
    }

    /// Every message body so far, Red's and Black's.
    pub fn transcript(&self) -> &[Vec<Body>; 2] {
        &self.bodies
    }

    fn commitment(&self, s: Slot) -> Digest {
        let role = self.formation.get(s).unwrap_or(Role::Flag);
        crypto::commitment(
            &self.terms.game,
            self.me,
            s.index() as u8,
            role,
            &self.salts[s.index()],
        )
    }

    fn opened(&self, s: Slot) -> Opened {
        Opened {
            slot: s.index() as u8,
            role: self.formation.get(s).unwrap_or(Role::Flag),
            salt: hex_of(&self.salts[s.index()]),
        }
    }

    fn send(&mut self, body: Body) -> String {
        let env = Envelope {
            v: self.terms.version,
            game: hex_of(&self.terms.game),
            from: self.me,
            seq: self.bodies[self.me.index()].len() as u32,
            prev: self.sent_head.map(|h| hex_of(&h)).unwrap_or_default(),
            body: body.clone(),
        };
        let text = env.to_text();
        self.sent_head = Some(chain(&text));
        self.bodies[self.me.index()].push(body);
        self.sent.push(text.clone());
        text
    }

    fn them(&self) -> Seat {
        self.me.other_side()
    }

    // --- this device's own actions --------------------------------------------------------

    /// Plays this side's action; returns the messages to send.
    pub fn play(&mut self, action: Action) -> Result<Vec<String>, Refusal> {
        let out = self.play_now(action)?;
        self.inputs.push(Input::Play { action });
        Ok(out)
    }

    fn play_now(&mut self, action: Action) -> Result<Vec<String>, Refusal> {
        self.my_turn()?;
        if !self.view.is_legal(action) {
            return Err(Refusal::Illegal(format!("{action} is not legal here")));
        }
        let ply = self.view.ply();
        let Action::Move { from, to } = action else {
            return Err(Refusal::Illegal("no flips between two devices".into()));
        };
        let attack = self.view.at(to).is_some();
        if attack && self.terms.mode == Mode::Dark {
            let s = self.their_ot.ok_or(Refusal::Unexpected("move"))?;
            let role = self
                .view
                .piece_at(from)
                .map(|p| p.role)
                .unwrap_or(Role::Flag);
            let c = role_index(role);
            let x = crypto::random_scalar(&mut self.rng);
            let choice = crypto::choose(&s, c, &x);
            self.choices.push(ChoiceOpened {
                ply,
                role,
                x: hex_of(x.as_bytes()),
            });
            self.pending = Some(Pending::Attacking { ply, action, c, x });
            let body = Body::Move {
                ply,
                action,
                choice: Some(hex_of(&crypto::point_bytes(&choice))),
            };
            return Ok(vec![self.send(body)]);
        }
        let event = self
            .apply(action, None)
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        let mut out = vec![self.send(Body::Move {
            ply,
            action,
            choice: None,
        })];
        self.after(action, &event, &mut out);
        Ok(out)
    }

    /// Resigns, on this side's turn (so that it never crosses the other side's move).
    pub fn resign(&mut self) -> Result<Vec<String>, Refusal> {
        self.my_turn()?;
        let ply = self.view.ply();
        self.view
            .resign(self.me)
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        let mut out = vec![self.send(Body::Resign { ply })];
        self.inputs.push(Input::Resign);
        self.maybe_final(&mut out);
        Ok(out)
    }

    /// Offers a draw, on this side's turn; the other side accepts on its turn, or moves.
    pub fn offer_draw(&mut self) -> Result<Vec<String>, Refusal> {
        self.my_turn()?;
        self.draw_offered = Some(self.me);
        let ply = self.view.ply();
        self.inputs.push(Input::OfferDraw);
        Ok(vec![self.send(Body::OfferDraw { ply })])
    }

    pub fn accept_draw(&mut self) -> Result<Vec<String>, Refusal> {
        self.my_turn()?;
        if self.draw_offered != Some(self.them()) {
            return Err(Refusal::Illegal("no draw was offered".into()));
        }
        let ply = self.view.ply();
        self.view
            .agree_draw()
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        let mut out = vec![self.send(Body::AcceptDraw { ply })];
        self.inputs.push(Input::AcceptDraw);
        self.maybe_final(&mut out);
        Ok(out)
    }

    fn playing(&self) -> Result<(), Refusal> {
        if self.phase != Phase::Playing || self.pending.is_some() {
            return Err(Refusal::Illegal(
                "the game is not waiting for an action".into(),
            ));
        }
        Ok(())
    }

    fn my_turn(&self) -> Result<(), Refusal> {
        self.to_move(self.me)?;
        if self.undo_asked.is_some_and(|(c, _)| c == self.me) {
            return Err(Refusal::Illegal(
                "an ask to take back waits for its answer".into(),
            ));
        }
        Ok(())
    }

    fn to_move(&self, side: Seat) -> Result<(), Refusal> {
        self.playing()?;
        if self.view.turn() != Some(side) || self.view.is_over() {
            return Err(Refusal::Illegal("it is not this side's turn".into()));
        }
        Ok(())
    }

    fn since_version_2(&self, what: &'static str) -> Result<(), Refusal> {
        if self.terms.version < 2 {
            return Err(Refusal::Unexpected(what));
        }
        Ok(())
    }

    /// Asks the other side to take back this side's last own action and everything after it
    /// (on either side's turn); the other side answers, or acts instead.
    pub fn ask_undo(&mut self) -> Result<Vec<String>, Refusal> {
        self.since_version_2("undo")?;
        if !self.may_ask_undo() {
            return Err(Refusal::Illegal("nothing may be taken back now".into()));
        }
        let ply = self.view.ply();
        self.undo_asked = Some((self.me, ply));
        self.inputs.push(Input::AskUndo);
        Ok(vec![self.send(Body::Undo { ply })])
    }

    /// Answers the other side's ask to take back: accepted, the plies are taken back on both
    /// devices.
    pub fn answer_undo(&mut self, accept: bool) -> Result<Vec<String>, Refusal> {
        self.playing()?;
        let ply = self.view.ply();
        if self.undo_asked != Some((self.them(), ply)) {
            return Err(Refusal::Illegal("no ask to take back waits".into()));
        }
        let body = if accept {
            self.take_back(self.them())
                .ok_or_else(|| Refusal::Illegal("nothing may be taken back".into()))?;
            Body::AcceptUndo { ply }
        } else {
            self.undo_asked = None;
            self.declined = Some((self.them(), ply));
            Body::DeclineUndo { ply }
        };
        self.inputs.push(Input::AnswerUndo { accept });
        Ok(vec![self.send(body)])
    }

    /// This side's time ran out (its clock for the whole game with `total`, otherwise its
    /// per-move timer), by its own clock or on the other side's claim.
    pub fn out_of_time(&mut self, total: bool) -> Result<Vec<String>, Refusal> {
        self.since_version_2("out_of_time")?;
        self.my_turn()?;
        let mut out = Vec::new();
        self.time_ran_out(self.me, total, &mut out)?;
        self.inputs.push(Input::OutOfTime { total });
        Ok(out)
    }

    /// Claims that the other side's time ran out, by this device's own count; once per ply.
    /// The other device checks its own clock at once; the claim itself changes nothing.
    pub fn claim_time(&mut self, total: bool) -> Result<Vec<String>, Refusal> {
        self.since_version_2("claim_time")?;
        self.to_move(self.them())?;
        self.clock_kind(total)?;
        let ply = self.view.ply();
        let kind = usize::from(total);
        // Not while the other side waits for the answer to its own ask (its clock stops).
        let theirs_waits = self.undo_asked.is_some_and(|(c, _)| c == self.them());
        if self.claimed[kind] == Some(ply) || theirs_waits {
            return Err(Refusal::Illegal("no claim of time now".into()));
        }
        self.claimed[kind] = Some(ply);
        self.inputs.push(Input::ClaimTime { total });
        Ok(vec![self.send(Body::ClaimTime { ply, total })])
    }

    fn clock_kind(&self, total: bool) -> Result<(), Refusal> {
        let c = self.terms.clock;
        if (total && c.total_s == 0) || (!total && c.move_s == 0) {
            return Err(Refusal::Illegal("the game has no such clock".into()));
        }
        Ok(())
    }

    /// `side`'s time ran out on its turn: it loses (`total`), or its turn passes.
    fn time_ran_out(
        &mut self,
        side: Seat,
        total: bool,
        out: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        self.clock_kind(total)?;
        let ply = self.view.ply();
        if total {
            self.view
                .time_out(side)
                .map_err(|e| Refusal::Illegal(e.to_string()))?;
        } else {
            let snapshot = self.snapshot(side, true, false);
            match self.terms.mode {
                Mode::Dark => self.view.miss_turn_seen(),
                _ => self.view.miss_turn(),
            }
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
            self.before.push(snapshot);
            if self.draw_offered == Some(side.other_side()) {
                self.draw_offered = None;
            }
        }
        if side == self.me {
            out.push(self.send(Body::OutOfTime { ply, total }));
        }
        self.settle(out);
        Ok(())
    }

    /// What this device knows now, before a ply of `mover`.
    fn snapshot(&self, mover: Seat, missed: bool, revealed: bool) -> Before {
        Before {
            view: self.view.clone(),
            origin: self.origin,
            history: self.history.len(),
            ply: Ply {
                mover: u8::from(mover == Seat::BLACK),
                missed,
                revealed,
            },
        }
    }

    /// How many plies an undo for `side` takes back (junqi-core's `undo::span`).
    fn undo_span(&self, side: Seat) -> Option<usize> {
        let plies: Vec<Ply> = self.before.iter().map(|b| b.ply).collect();
        let hidden = self.terms.mode != Mode::Open;
        undo::span(&plies, u8::from(side == Seat::BLACK), hidden)
    }

    /// Takes back `side`'s last own action and everything after it; how many plies.
    fn take_back(&mut self, side: Seat) -> Option<usize> {
        let n = self.undo_span(side)?;
        let at = self.before.len() - n;
        let first = self.before.get(at)?.clone();
        self.before.truncate(at);
        self.view = first.view;
        self.origin = first.origin;
        self.history.truncate(first.history);
        self.draw_offered = None;
        self.undo_asked = None;
        self.claimed = [None; 2];
        self.declined = None;
        // A piece the other side opened stays known, whenever its reveal came.
        for (slot, role) in self.revealed_theirs.clone() {
            let at = Point::all().find(|p| {
                self.origin[p.index()] == Some((self.them(), slot))
                    && self
                        .view
                        .at(*p)
                        .is_some_and(|o| o.color == Some(self.them()))
            });
            if let Some(at) = at {
                self.learn(at, Piece::new(self.them(), role));
            }
        }
        Some(n)
    }

    // --- messages from the other device ---------------------------------------------------

    /// Takes one message from the other device; returns the messages to send back. A refused
    /// message changes nothing (a proven lie ends the game in [`Phase::Cheated`]).
    pub fn receive(&mut self, text: &str) -> Result<Vec<String>, Refusal> {
        let env = Envelope::from_text(text).map_err(Refusal::Malformed)?;
        if env.v != self.terms.version {
            return Err(Refusal::Version(env.v));
        }
        if bytes_of::<16>(&env.game) != Some(self.terms.game) {
            return Err(Refusal::OtherGame);
        }
        if env.from != self.them() {
            return Err(Refusal::WrongSender);
        }
        let expected = self.bodies[self.them().index()].len() as u32;
        if env.seq < expected && self.got.get(env.seq as usize) == Some(&chain(text)) {
            return Err(Refusal::Duplicate { seq: env.seq });
        }
        if env.seq != expected {
            return Err(Refusal::OutOfOrder {
                expected,
                got: env.seq,
            });
        }
        if env.prev != self.got_head.map(|h| hex_of(&h)).unwrap_or_default() {
            return Err(Refusal::BrokenChain);
        }
        if matches!(self.phase, Phase::Verified(_) | Phase::Cheated(_)) {
            return Err(Refusal::Unexpected(name(&env.body)));
        }
        let backup = self.clone();
        let mut out = Vec::new();
        match self.handle(&env.body, &mut out) {
            Ok(()) => {
                self.got_head = Some(chain(text));
                self.got.push(chain(text));
                self.bodies[self.them().index()].push(env.body);
                self.inputs.push(Input::Got {
                    text: text.to_string(),
                });
                // Sent after the message is on record, so that a verification sees it.
                self.maybe_final(&mut out);
                Ok(out)
            }
            Err(Refusal::Cheat(c)) => {
                *self = backup;
                self.phase = Phase::Cheated(c.clone());
                // Kept, so that a resumed game is caught again.
                self.inputs.push(Input::Got {
                    text: text.to_string(),
                });
                Err(Refusal::Cheat(c))
            }
            Err(e) => {
                *self = backup;
                Err(e)
            }
        }
    }

    fn cheat(&self, ply: u32, point: Option<Point>, what: impl Into<String>) -> Refusal {
        Refusal::Cheat(Cheat {
            seat: self.them(),
            ply,
            point,
            what: what.into(),
        })
    }

    fn handle(&mut self, body: &Body, out: &mut Vec<String>) -> Result<(), Refusal> {
        match body {
            Body::Commit { terms, pieces, ot } => self.on_commit(terms, pieces, ot, out),
            Body::Open { pieces } => self.on_open(pieces),
            Body::Move {
                ply,
                action,
                choice,
            } => {
                self.current(*ply)?;
                self.their_turn()?;
                self.on_move(*ply, *action, choice.as_deref(), out)
            }
            Body::Sealed { ply, boxes, tokens } => self.on_sealed(*ply, boxes, tokens, out),
            Body::Verdict {
                ply,
                clash,
                flag,
                token,
            } => self.on_verdict(*ply, *clash, *flag, token, out),
            Body::Reveal { ply, piece } => self.on_reveal(*ply, piece),
            Body::Resign { ply } => {
                self.current(*ply)?;
                self.their_turn()?;
                self.view
                    .resign(self.them())
                    .map(drop)
                    .map_err(|e| Refusal::Illegal(e.to_string()))
            }
            Body::NoMove { ply } => {
                if self.view.outcome().is_some() && self.view.ply() == *ply {
                    // This device already saw that side stuck.
                    return Ok(());
                }
                self.current(*ply)?;
                self.view
                    .concede_no_move(self.them())
                    .map(drop)
                    .map_err(|e| Refusal::Illegal(e.to_string()))
            }
            Body::OfferDraw { ply } => {
                self.current(*ply)?;
                self.their_turn()?;
                self.draw_offered = Some(self.them());
                Ok(())
            }
            Body::AcceptDraw { ply } => {
                self.current(*ply)?;
                self.their_turn()?;
                if self.draw_offered != Some(self.me) {
                    return Err(Refusal::Unexpected("accept_draw"));
                }
                self.view
                    .agree_draw()
                    .map(drop)
                    .map_err(|e| Refusal::Illegal(e.to_string()))
            }
            Body::Final { .. } => {
                if self.phase != Phase::Ending || !self.view.is_over() {
                    return Err(Refusal::Unexpected("final"));
                }
                Ok(())
            }
            Body::Undo { ply } => {
                self.since_version_2("undo")?;
                self.on_undo(*ply)
            }
            // An answer always meets the ask it answers here: the side that asked may not act
            // until it comes, and asks that crossed lapsed on both devices. Any other answer
            // is refused, so that it never stands in the transcript the end checks.
            Body::AcceptUndo { ply } => {
                self.since_version_2("accept_undo")?;
                self.answers_my_ask(*ply, "accept_undo")?;
                self.take_back(self.me)
                    .ok_or_else(|| self.cheat(*ply, None, "took back what may not be"))
                    .map(drop)
            }
            Body::DeclineUndo { ply } => {
                self.since_version_2("decline_undo")?;
                self.answers_my_ask(*ply, "decline_undo")?;
                self.undo_asked = None;
                self.declined = Some((self.me, *ply));
                Ok(())
            }
            Body::OutOfTime { ply, total } => {
                self.since_version_2("out_of_time")?;
                self.current(*ply)?;
                self.their_turn()?;
                self.time_ran_out(self.them(), *total, out)
            }
            Body::ClaimTime { total, .. } => {
                self.since_version_2("claim_time")?;
                self.on_claim(*total)
            }
        }
    }

    /// Whether an answer meets this side's own ask, waiting at the current ply.
    fn answers_my_ask(&self, ply: u32, what: &'static str) -> Result<(), Refusal> {
        if self.undo_asked != Some((self.me, ply)) || self.view.ply() != ply {
            return Err(Refusal::Unexpected(what));
        }
        Ok(())
    }

    /// The other side asks to take back. An ask about another ply than this one's, or one
    /// that meets this device's own ask, lapses (the other side sees the same); one that the
    /// rule refuses is a lie.
    fn on_undo(&mut self, ply: u32) -> Result<(), Refusal> {
        let current = self.phase == Phase::Playing
            && self.pending.is_none()
            && !self.view.is_over()
            && self.view.ply() == ply;
        if !current {
            return Ok(());
        }
        if self
            .undo_asked
            .is_some_and(|(c, p)| c == self.me && p == ply)
        {
            // Both asked at once: both asks lapse, on both devices.
            self.undo_asked = None;
            return Ok(());
        }
        if self.undo_span(self.them()).is_none() {
            return Err(self.cheat(ply, None, "asked to take back what may not be taken back"));
        }
        self.undo_asked = Some((self.them(), ply));
        Ok(())
    }

    /// The other side claims this side's time. A claim never costs a side time its own clock
    /// still has: the app checks its own clock at once (its timers may have been held back,
    /// in a background tab) and says [`Duel::out_of_time`] if it ran out. So a claim changes
    /// nothing here; it only has to be of a clock the game has.
    fn on_claim(&self, total: bool) -> Result<(), Refusal> {
        self.clock_kind(total)
    }

    fn current(&self, ply: u32) -> Result<(), Refusal> {
        if self.phase != Phase::Playing || self.pending.is_some() {
            return Err(Refusal::Unexpected("game message"));
        }
        let expected = self.view.ply();
        if ply != expected {
            return Err(Refusal::Stale { expected, got: ply });
        }
        Ok(())
    }

    fn their_turn(&self) -> Result<(), Refusal> {
        if self.view.turn() != Some(self.them()) || self.view.is_over() {
            return Err(Refusal::Illegal("it is not the other side's turn".into()));
        }
        Ok(())
    }

    fn on_commit(
        &mut self,
        terms: &str,
        pieces: &[String],
        ot: &str,
        out: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        if self.their_commitments.is_some() {
            return Err(Refusal::Unexpected("commit"));
        }
        if bytes_of::<32>(terms) != Some(self.terms.digest()) {
            return Err(Refusal::Terms);
        }
        let digests: Option<Vec<Digest>> = pieces.iter().map(|h| bytes_of::<32>(h)).collect();
        let digests = digests
            .filter(|d| d.len() == Slot::setup().count())
            .ok_or_else(|| Refusal::Malformed("25 commitments expected".into()))?;
        let s = bytes_of::<32>(ot)
            .and_then(|b| crypto::point_from(&b))
            .ok_or_else(|| Refusal::Malformed("no transfer key".into()))?;
        self.their_commitments = Some(digests);
        self.their_ot = Some(s);
        match self.terms.mode {
            Mode::Open => {
                let pieces = Slot::setup().map(|s| self.opened(s)).collect();
                out.push(self.send(Body::Open { pieces }));
            }
            _ => self.phase = Phase::Playing,
        }
        Ok(())
    }

    fn on_open(&mut self, pieces: &[Opened]) -> Result<(), Refusal> {
        if self.terms.mode != Mode::Open || self.phase != Phase::Setting {
            return Err(Refusal::Unexpected("open"));
        }
        let commitments = self
            .their_commitments
            .clone()
            .ok_or(Refusal::Unexpected("open"))?;
        let theirs = crate::verify::formation(&self.terms, self.them(), &commitments, pieces)
            .map_err(Refusal::Cheat)?;
        let (red, black) = match self.me {
            Seat::RED => (&self.formation, &theirs),
            _ => (&theirs, &self.formation),
        };
        self.view = Position::from_deployments(Mode::Open, self.terms.rules, red, black)
            .map_err(|e| self.cheat(0, None, e.to_string()))?;
        self.their_formation = Some(theirs);
        self.phase = Phase::Playing;
        Ok(())
    }

    fn on_move(
        &mut self,
        ply: u32,
        action: Action,
        choice: Option<&str>,
        out: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        let Action::Move { from, to } = action else {
            return Err(Refusal::Illegal("no flips between two devices".into()));
        };
        if !self.view.is_legal_seen(action) {
            return Err(self.cheat(
                ply,
                Some(from),
                format!("played {action}, not a legal move"),
            ));
        }
        let mine = self.view.piece_at(to).filter(|p| p.color == self.me);
        match (self.terms.mode, mine) {
            (Mode::Dark, Some(defender)) => {
                let r = choice
                    .and_then(bytes_of::<32>)
                    .and_then(|b| crypto::point_from(&b))
                    .ok_or_else(|| Refusal::Malformed("an attack without a transfer".into()))?;
                self.seal(ply, action, defender.role, &r, out);
                Ok(())
            }
            _ => {
                let event = self
                    .apply(action, None)
                    .map_err(|e| self.cheat(ply, Some(from), e.to_string()))?;
                self.after(action, &event, out);
                Ok(())
            }
        }
    }

    /// The defender's side of an attack: a result for each role that could be attacking.
    fn seal(
        &mut self,
        ply: u32,
        action: Action,
        defender: Role,
        r: &RistrettoPoint,
        out: &mut Vec<String>,
    ) {
        let Action::Move { to, .. } = action else {
            return;
        };
        let ctx = self.terms.context(ply);
        let keys = crypto::sender_keys(&ctx, &self.ot_secret, r);
        let tokens: Vec<[u8; 16]> = RESULTS
            .iter()
            .map(|_| {
                let mut token = [0u8; 16];
                self.rng.fill_bytes(&mut token);
                token
            })
            .collect();
        let links = RESULTS
            .iter()
            .zip(&tokens)
            .map(|(&(clash, flag), t)| hex_of(&token_link(&ctx, clash, flag, t)))
            .collect();
        let slot = self.origin[to.index()].map_or(0, |(_, s)| s);
        let salt = self.salts[usize::from(slot)];
        let mut boxes = Vec::with_capacity(CHOICES);
        for (i, &attacker) in Role::ALL.iter().enumerate() {
            let told = Told::of(attacker, defender, self.terms.mode, &self.terms.rules);
            let token = result_index(told.clash, told.flag).map_or([0; 16], |k| tokens[k]);
            let shown = (told.shown.is_some() || told.flag).then_some((slot, defender, salt));
            let payload = Payload {
                clash: told.clash,
                flag: told.flag,
                token,
                shown,
            };
            boxes.push(hex_of(&crypto::seal(&keys[i], &payload.to_bytes())));
        }
        self.pending = Some(Pending::Defending {
            ply,
            action,
            defender,
            tokens,
        });
        out.push(self.send(Body::Sealed {
            ply,
            boxes,
            tokens: links,
        }));
    }

    fn on_sealed(
        &mut self,
        ply: u32,
        boxes: &[String],
        tokens: &[String],
        out: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        let Some(Pending::Attacking {
            ply: want,
            action,
            c,
            x,
        }) = self.pending.clone()
        else {
            return Err(Refusal::Unexpected("sealed"));
        };
        same_ply(want, ply)?;
        let Action::Move { to, .. } = action else {
            return Err(Refusal::Unexpected("sealed"));
        };
        if boxes.len() != CHOICES || tokens.len() != RESULTS.len() {
            return Err(Refusal::Malformed(
                "twelve sealed results and seven token links expected".into(),
            ));
        }
        let s = self.their_ot.ok_or(Refusal::Unexpected("sealed"))?;
        let choice = crypto::choose(&s, c, &x);
        let key = crypto::receiver_key(&self.terms.context(ply), &s, &choice, c, &x);
        let payload = hex::decode(&boxes[usize::from(c)])
            .ok()
            .and_then(|b| crypto::unseal(&key, &b))
            .and_then(|b| Payload::from_bytes(&b))
            .ok_or_else(|| self.cheat(ply, Some(to), "sealed a result that does not open"))?;
        // The token must be the one the defender linked to this result, for every role alike.
        if !payload.linked(&self.terms.context(ply), tokens) {
            return Err(self.cheat(
                ply,
                Some(to),
                "sealed a token it did not link to its result",
            ));
        }
        let mut told = Told {
            clash: payload.clash,
            flag: payload.flag,
            shown: None,
        };
        if let Some((slot, role, salt)) = payload.shown {
            // The defender is shown: its opening must match its commitment.
            let opened = Opened {
                slot,
                role,
                salt: hex_of(&salt),
            };
            self.check_opening(ply, to, &opened)?;
            if matches!(
                told.clash,
                junqi_core::Clash::Scout | junqi_core::Clash::Bounce
            ) {
                told.shown = Some(role);
            }
        } else if told.flag
            || matches!(
                told.clash,
                junqi_core::Clash::Scout | junqi_core::Clash::Bounce
            )
        {
            return Err(self.cheat(ply, Some(to), "showed no piece where the result shows one"));
        }
        let event = self
            .apply(action, Some(told))
            .map_err(|e| self.cheat(ply, Some(to), format!("sealed an impossible result: {e}")))?;
        self.pending = None;
        out.push(self.send(Body::Verdict {
            ply,
            clash: told.clash,
            flag: told.flag,
            token: hex_of(&payload.token),
        }));
        if let Some((_, role, _)) = payload.shown {
            // Known now to both: the scouted piece, the landmine, the flag taken.
            if self
                .view
                .at(to)
                .is_some_and(|o| o.color == Some(self.them()))
            {
                self.learn(to, Piece::new(self.them(), role));
            }
        }
        self.after(action, &event, out);
        Ok(())
    }

    fn on_verdict(
        &mut self,
        ply: u32,
        clash: junqi_core::Clash,
        flag: bool,
        token: &str,
        out: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        let Some(Pending::Defending {
            ply: want,
            action,
            defender,
            tokens,
        }) = self.pending.clone()
        else {
            return Err(Refusal::Unexpected("verdict"));
        };
        same_ply(want, ply)?;
        let Action::Move { to, .. } = action else {
            return Err(Refusal::Unexpected("verdict"));
        };
        let shows = matches!(clash, junqi_core::Clash::Scout | junqi_core::Clash::Bounce);
        let told = result_index(clash, flag)
            .filter(|&k| Some(tokens[k]) == bytes_of(token))
            .map(|_| Told {
                clash,
                flag,
                shown: shows.then_some(defender),
            })
            .ok_or_else(|| {
                self.cheat(ply, Some(to), "announced a result this device did not seal")
            })?;
        let event = self
            .apply(action, Some(told))
            .map_err(|e| self.cheat(ply, Some(to), e.to_string()))?;
        self.pending = None;
        self.after(action, &event, out);
        Ok(())
    }

    fn on_reveal(&mut self, ply: u32, piece: &Opened) -> Result<(), Refusal> {
        // A reveal follows the action that made it due, and may cross a later move.
        let played = self.view.ply();
        if self.terms.mode != Mode::Dark {
            return Err(Refusal::Unexpected("reveal"));
        }
        if ply >= played {
            return Err(Refusal::Stale {
                expected: played.saturating_sub(1),
                got: ply,
            });
        }
        let slot = Slot::from_index(usize::from(piece.slot))
            .ok_or_else(|| Refusal::Malformed("no such slot".into()))?;
        let at = Point::all()
            .find(|p| {
                self.origin[p.index()] == Some((self.them(), piece.slot))
                    && self
                        .view
                        .at(*p)
                        .is_some_and(|o| o.color == Some(self.them()))
            })
            .ok_or_else(|| {
                self.cheat(
                    ply,
                    Some(slot.point(self.them())),
                    "opened a piece that is not on the board",
                )
            })?;
        self.check_opening(ply, at, piece)?;
        self.learn(at, Piece::new(self.them(), piece.role));
        self.revealed_theirs.push((piece.slot, piece.role));
        Ok(())
    }

    fn check_opening(&self, ply: u32, at: Point, piece: &Opened) -> Result<(), Refusal> {
        let commitments = self
            .their_commitments
            .as_ref()
            .ok_or(Refusal::Unexpected("reveal"))?;
        if self.origin[at.index()] != Some((self.them(), piece.slot)) {
            return Err(self.cheat(ply, Some(at), "opened another piece than the one shown"));
        }
        opening_of(&self.terms, self.them(), commitments, piece)
            .map(drop)
            .map_err(|what| self.cheat(ply, Some(at), what))
    }

    /// Plays an action on this device's view: all of it known in 明棋; in 暗棋 the other
    /// side's pieces hidden, a contact with one of them played with its settled result.
    fn apply(
        &mut self,
        action: Action,
        told: Option<Told>,
    ) -> Result<PublicEvent, junqi_core::IllegalAction> {
        let ply = self.view.ply();
        let mover = self.view.turn().unwrap_or(self.me);
        let mut snapshot = self.snapshot(mover, false, false);
        let event = match self.terms.mode {
            Mode::Dark => self.view.play_seen(action, told),
            _ => self
                .view
                .play(action)
                .map(|r| PublicEvent::from_report(ply, &r)),
        }?;
        snapshot.ply.revealed = event.revealed_anything();
        self.before.push(snapshot);
        self.history.push(event.clone());
        Ok(event)
    }

    fn learn(&mut self, at: Point, piece: Piece) {
        self.view.put(at, Occupant::known(piece));
        self.view.make_public(at);
    }

    /// After an action was played on this device's view: follow the pieces, show what the
    /// rules make this side show, and say so when this side is stuck.
    fn after(&mut self, action: Action, event: &PublicEvent, out: &mut Vec<String>) {
        if let Action::Move { from, to } = action {
            let moving = self.origin[from.index()];
            let mover = event.by;
            for p in [from, to] {
                if self.view.at(p).is_none() {
                    self.origin[p.index()] = None;
                }
            }
            if self.view.at(to).is_some_and(|o| o.color == mover) && self.view.at(from).is_none() {
                self.origin[to.index()] = moving;
            }
        }
        // A flag never moves: one carried off (`carry_flag_home`, `carry_flag_front`) and
        // dropped goes back to the point it started on, and is that slot's piece again.
        for p in Point::all() {
            if self.view.piece_at(p).is_some_and(|x| x.role == Role::Flag) {
                self.origin[p.index()] = self.home[p.index()];
            }
        }
        if let Some(mover) = event.by {
            // Moving instead of answering an offer of a draw declines it.
            if self.draw_offered == Some(mover.other_side()) {
                self.draw_offered = None;
            }
        }
        for (p, piece) in &event.revealed {
            let Some((owner, slot)) = self.origin[p.index()] else {
                continue;
            };
            let mine = owner == self.me
                && piece.color == self.me
                && Slot::from_index(usize::from(slot)).and_then(|s| self.formation.get(s))
                    == Some(piece.role);
            if self.terms.mode == Mode::Dark && mine && !self.revealed_mine.contains(&slot) {
                self.revealed_mine.push(slot);
                if let Some(s) = Slot::from_index(usize::from(slot)) {
                    let piece = self.opened(s);
                    out.push(self.send(Body::Reveal {
                        ply: event.ply,
                        piece,
                    }));
                }
            }
        }
        self.settle(out);
    }

    /// After any ply: an ask to take back or a claim of time made at an earlier ply lapses;
    /// say so when this side is stuck; open everything once the game is over.
    fn settle(&mut self, out: &mut Vec<String>) {
        let ply = self.view.ply();
        if self.undo_asked.is_some_and(|(_, p)| p != ply) {
            self.undo_asked = None;
        }
        let stuck = matches!(
            self.view.outcome(),
            Some(o @ junqi_core::Outcome::Win {
                reason: junqi_core::ExitReason::NoLegalMove,
                ..
            }) if o.winning_seat() == Some(self.them())
        );
        if stuck && !self.said_no_move {
            self.said_no_move = true;
            let ply = self.view.ply();
            out.push(self.send(Body::NoMove { ply }));
        }
        self.maybe_final(out);
    }

    /// Once the game is over: open everything, and check the game when both have.
    fn maybe_final(&mut self, out: &mut Vec<String>) {
        if self.phase == Phase::Playing && self.view.is_over() && self.pending.is_none() {
            self.phase = Phase::Ending;
            let pieces = Slot::setup().map(|s| self.opened(s)).collect();
            let body = Body::Final {
                pieces,
                ot_secret: hex_of(self.ot_secret.as_bytes()),
                choices: self.choices.clone(),
            };
            out.push(self.send(body));
        }
        let both = self
            .bodies
            .iter()
            .all(|b| b.iter().any(|m| matches!(m, Body::Final { .. })));
        if self.phase == Phase::Ending && both {
            self.phase = match verify(&self.terms, &self.bodies) {
                Ok(record) if record.result == self.view.outcome() => {
                    Phase::Verified(Box::new(record))
                }
                Ok(_) => Phase::Cheated(Cheat {
                    seat: self.them(),
                    ply: self.view.ply(),
                    point: None,
                    what: "ended the game otherwise than the moves played say".into(),
                }),
                Err(cheat) => Phase::Cheated(cheat),
            };
        }
    }
}

/// The answer to an attack must be about the attack waiting for it.
fn same_ply(want: u32, got: u32) -> Result<(), Refusal> {
    if got != want {
        return Err(Refusal::Stale {
            expected: want,
            got,
        });
    }
    Ok(())
}

/// This device's knowledge at the start: its own formation, the other side's 25 pieces hidden.
fn own_view(terms: &Terms, me: Seat, formation: &Deployment) -> Position {
    let mut view = Position::empty(terms.mode, terms.rules);
    for (p, piece) in formation.placed(me) {
        view.put(p, Occupant::known(piece));
    }
    for s in Slot::setup() {
        view.put(
            s.point(me.other_side()),
            Occupant {
                color: Some(me.other_side()),
                role: None,
                face_down: false,
            },
        );
    }
    view
}

fn name(body: &Body) -> &'static str {
    match body {
        Body::Commit { .. } => "commit",
        Body::Open { .. } => "open",
        Body::Move { .. } => "move",
        Body::Sealed { .. } => "sealed",
        Body::Verdict { .. } => "verdict",
        Body::Reveal { .. } => "reveal",
        Body::Resign { .. } => "resign",
        Body::NoMove { .. } => "no_move",
        Body::OfferDraw { .. } => "offer_draw",
        Body::AcceptDraw { .. } => "accept_draw",
        Body::Final { .. } => "final",
        Body::Undo { .. } => "undo",
        Body::AcceptUndo { .. } => "accept_undo",
        Body::DeclineUndo { .. } => "decline_undo",
        Body::OutOfTime { .. } => "out_of_time",
        Body::ClaimTime { .. } => "claim_time",
    }
}
