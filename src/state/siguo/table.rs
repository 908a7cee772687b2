//! One 四国 game as the app referees it: the referee's position, the record, the public history
//! the computer seats reason from, and what each seat may see. No signals: every gesture, every
//! computer answer and every resignation is one method, so it is tested natively.

use super::config::SiguoConfig;
use crate::ai::siguo::SiguoAsk;
pub use crate::i18n::siguo_text::{Met, RowFacts};
use crate::state::controller::MoveTimer;
use junqi_core::deduce::Contact;
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{Point, Position, SiguoEvent, SiguoRecord};
use junqi_core::Action;
use junqi_core::IllegalAction;
use junqi_core::{Deployment, Role};
use junqi_core::{ExitReason, Outcome, PublicEvent};

/// One line of the move list: what everyone was told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub ply: usize,
    pub seat: Seat,
    /// `None` for a resignation or timeout.
    pub mv: Option<Action<Point>>,
    pub contact: Option<Contact>,
    pub left: Vec<(Seat, ExitReason)>,
    /// Seats whose flag everyone was shown by this action (its Field Marshal fell).
    pub flags_shown: Vec<Seat>,
    /// This action made something hidden known ([`Report::revealed_anything`]).
    ///
    /// [`Report::revealed_anything`]: junqi_core::Report::revealed_anything
    pub revealed: bool,
    /// The pieces the move brought together, as the referee knows them: ask
    /// [`Table::met_seen_by`] for what a seat may be told.
    met: Met,
}

impl Row {
    /// What the move list and the captions say of this row (with what the eyes knew of its
    /// pieces, [`Table::met_seen_by`]).
    pub fn facts(&self) -> RowFacts<'_> {
        RowFacts {
            seat: self.seat,
            mv: self.mv,
            contact: self.contact,
            left: &self.left,
            flags_shown: &self.flags_shown,
        }
    }
}

/// One seat's line in a finished game's tally ([`Table::summary`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatSummary {
    /// Pieces of other seats it removed in contacts.
    pub took: usize,
    /// Its own pieces removed in contacts.
    pub lost: usize,
    /// The action by which it left the game, and why.
    pub out: Option<(usize, ExitReason)>,
}

/// A 4-player game in progress or over.
#[derive(Clone, Debug)]
pub struct Table {
    pub config: SiguoConfig,
    record: SiguoRecord,
    truth: Position,
    history: Vec<PublicEvent<Point>>,
    rows: Vec<Row>,
    /// The points the last move passed (its rail path), for drawing.
    last_path: Vec<Point>,
    /// The game's seed: computer seats' choices derive from it.
    pub seed: u64,
    /// Milliseconds left on each seat's clock, when the game has clocks.
    clocks: Option<[f64; 4]>,
    /// The per-move timer of the person to move, when the game has one.
    move_timer: Option<MoveTimer>,
    /// Each seat's guesses at hidden pieces, kept on the piece as it moves.
    guesses: PerSeat<Vec<(Point, Role)>>,
    /// Which flags were shown before the last action.
    flags_before: [bool; 4],
}

impl Table {
    /// A new game from the four formations (S, E, N, W; an empty one for a seat not at the
    /// table: W at 三国).
    pub fn new(
        config: SiguoConfig,
        formations: PerSeat<Deployment>,
        seed: u64,
    ) -> Result<Table, String> {
        let record = SiguoRecord::new(config.info, config.rules, formations);
        let truth = record.start().map_err(|e| e.to_string())?;
        let mut t = Table {
            config,
            record,
            truth,
            history: Vec::new(),
            rows: Vec::new(),
            last_path: Vec::new(),
            seed,
            clocks: None,
            move_timer: None,
            guesses: PerSeat::default(),
            flags_before: [false; 4],
        };
        if t.config.clock_minutes > 0 {
            t.clocks = Some([f64::from(t.config.clock_minutes) * 60_000.0; 4]);
        }
        if t.config.move_seconds > 0 {
            t.move_timer = Some(MoveTimer {
                left: t.move_ms(),
                ply: t.truth.ply(),
                last: 0.0,
            });
        }
        t.record.result = t.truth.outcome();
        Ok(t)
    }

    /// A game rebuilt from its record (a saved game, a shared or imported record).
    pub fn from_record(
        config: SiguoConfig,
        record: &SiguoRecord,
        seed: u64,
    ) -> Result<Table, String> {
        let mut config = config;
        config.info = record.mode;
        config.rules = record.rules;
        let mut t = Table::new(config, PerSeat(record.formations.clone()), seed)?;
        for (index, e) in record.events.iter().enumerate() {
            let done = match *e {
                SiguoEvent::Move { mv } => t.play(mv).map(|_| ()),
                SiguoEvent::Resign { seat } => t.resign(seat).map(|_| ()),
                SiguoEvent::Timeout { seat } => t.time_out(seat).map(|_| ()),
                SiguoEvent::Miss { seat } => t.miss_turn(seat).map(|_| ()),
                SiguoEvent::Draw { seat } => t.agree_draw(seat).map(|_| ()),
            };
            done.map_err(|err| format!("event {}: {err}", index + 1))?;
        }
        if record.result.is_some() && record.result != t.truth.outcome() {
            return Err("the recorded result differs from the replayed one".into());
        }
        Ok(t)
    }

    pub fn record(&self) -> &SiguoRecord {
        &self.record
    }

    pub fn turn(&self) -> Seat {
        self.truth.turn()
    }

    pub fn ply(&self) -> usize {
        self.rows.len()
    }

    pub fn quiet(&self) -> u32 {
        self.truth.quiet()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.truth.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.truth.is_over()
    }

    pub fn is_in(&self, seat: Seat) -> bool {
        self.truth.seating().is_in(seat)
    }

    /// Seats of the table that have left the game.
    pub fn out(&self) -> Vec<Seat> {
        self.config.seats().filter(|s| !self.is_in(*s)).collect()
    }

    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.truth.seating().partner(seat)
    }

    /// The person to move now, if the game goes on and a person sits there.
    pub fn human_to_move(&self) -> Option<Seat> {
        let s = self.turn();
        (!self.is_over() && self.config.is_human(s)).then_some(s)
    }

    /// Only computers play: the person at the device watches (旁观).
    pub fn watched(&self) -> bool {
        self.config.humans().is_empty()
    }

    /// The computer seat to move now and its level.
    pub fn computer_to_move(&self) -> Option<(Seat, u8)> {
        let s = self.turn();
        let p = self.config.player(s);
        (!self.is_over() && !p.human).then_some((s, p.level))
    }

    /// What `viewer` may see: pieces it may not know have no role. Once the game is over every
    /// piece is open.
    pub fn view(&self, viewer: Seat) -> Position {
        if self.is_over() {
            return self.truth.clone();
        }
        self.truth.view(viewer, self.config.info)
    }

    /// 四暗 and 双明, with the notebook on: what the record proves for `viewer`, read from its
    /// view, its view of the start and the public history only; `None` once the game is over
    /// (every piece is open) or when nothing is hidden.
    pub fn notebook(&self, viewer: Seat) -> Option<crate::state::notebook::SeatNotebook<Point>> {
        if self.is_over() {
            return None;
        }
        let start = self.record.start().ok()?.view(viewer, self.config.info);
        crate::state::notebook::table(&self.view(viewer), &start, &self.history)
    }

    /// The pieces as `viewer` sees them: point, owner and identity when known.
    pub fn pieces(&self, viewer: Seat) -> Vec<(Point, Seat, Option<Role>)> {
        let v = self.view(viewer);
        v.occupied()
            .iter()
            .filter_map(|p| v.at(p).map(|o| (p, o.seat, o.role)))
            .collect()
    }

    /// Every flag being carried (`carry_flag_home`, `carry_flag_front`): its owner and where
    /// its carrier stands. Public: everyone saw the flag taken and sees the carrier move.
    pub fn carries(&self) -> Vec<(Seat, Point)> {
        self.truth
            .carries()
            .map(|(owner, c)| (owner, c.at))
            .collect()
    }

    /// Every piece with its identity: for a finished game's replay, and for a game only
    /// computers play, whose watcher has nothing to be hidden from.
    pub fn open_pieces(&self) -> Vec<(Point, Seat, Option<Role>)> {
        let v = &self.truth;
        v.occupied()
            .iter()
            .filter_map(|p| v.at(p).map(|o| (p, o.seat, o.role)))
            .collect()
    }

    /// The same game after its first `plies` events (a replay's position).
    pub fn at_ply(&self, plies: usize) -> Result<Table, String> {
        let mut record = self.record.clone();
        record.events.truncate(plies);
        record.result = None;
        Table::from_record(self.config.clone(), &record, self.seed)
    }

    /// Whether `a` and `b` are two seats of one team.
    pub fn partners(&self, a: Seat, b: Seat) -> bool {
        let seating = self.truth.seating();
        a != b && seating.team(a) == seating.team(b)
    }

    /// A finished game's tally, seat by seat: pieces each took and lost in contacts, and when
    /// and why it left (`ply`: the action, counted from 1). Only for a game that is over,
    /// when every piece is public.
    pub fn summary(&self) -> Option<PerSeat<SeatSummary>> {
        if !self.is_over() {
            return None;
        }
        let mut sum: PerSeat<SeatSummary> = PerSeat::default();
        for row in &self.rows {
            if let (Some(contact), Some((defender, _))) = (row.contact, row.met.target) {
                let (attacker_falls, defender_falls) = match contact {
                    Contact::AttackerWins => (false, true),
                    Contact::DefenderWins => (true, false),
                    Contact::BothRemoved => (true, true),
                    Contact::Bounced => (false, false),
                };
                if defender_falls {
                    sum[row.seat].took += 1;
                    sum[defender].lost += 1;
                }
                if attacker_falls {
                    sum[defender].took += 1;
                    sum[row.seat].lost += 1;
                }
            }
            for &(seat, why) in &row.left {
                sum[seat].out = Some((row.ply, why));
            }
        }
        Some(sum)
    }

    /// What `seat` has not seen played yet: the actions since its own last one (the whole game
    /// before its first), or — when it acted last — that action alone; at most a round's worth
    /// (one action of each other seat: a seat that is out is told the latest).
    pub fn since_turn_of(&self, seat: Seat) -> &[Row] {
        let from = match self.rows.iter().rposition(|r| r.seat == seat) {
            Some(k) if k + 1 == self.rows.len() => k,
            Some(k) => k + 1,
            None => 0,
        };
        let round = self.config.seats().count() - 1;
        &self.rows[from.max(self.rows.len().saturating_sub(round))..]
    }

    /// Against computers: how many events to keep to take back `seat`'s last move (and the
    /// computer seats' moves after it). `None` when there is nothing to take back, or when
    /// pieces are hidden (四暗, 双明) and one of those actions revealed anything — a contact, a
    /// piece shown, a seat leaving: what the person saw cannot be unseen, the 2-player game's
    /// rule. Rebuilding from the record shows nothing that was hidden.
    pub fn undo_to(&self, seat: Seat) -> Option<usize> {
        if self.is_over() || !self.config.is_human(seat) || self.config.humans().len() != 1 {
            return None;
        }
        // The core's rule, as on the 2-player board: back to the seat's last own action, never
        // past a turn lost to the timer (nor a resignation or a clock run out), nor — pieces
        // being hidden — past an action that revealed anything.
        let plies: Vec<junqi_core::undo::Ply> = self
            .rows
            .iter()
            .map(|r| junqi_core::undo::Ply {
                mover: r.seat.index() as u8,
                missed: r.mv.is_none(),
                revealed: r.revealed,
            })
            .collect();
        let n = junqi_core::undo::span(&plies, seat.index() as u8, self.undo_is_limited())?;
        Some(self.rows.len() - n)
    }

    /// The table after `seat`'s undo ([`Table::undo_to`]): the game taken back, the clocks as
    /// they stand (time spent stays spent, as on the 2-player board).
    pub fn undone(&self, seat: Seat) -> Option<Result<Table, String>> {
        let k = self.undo_to(seat)?;
        Some(self.at_ply(k).map(|mut back| {
            back.set_clocks(self.clocks);
            back
        }))
    }

    /// Whether pieces are hidden from the person at the table, so that only actions that
    /// revealed nothing can be taken back ([`Table::undo_to`]).
    pub fn undo_is_limited(&self) -> bool {
        self.config.info != junqi_core::siguo::InfoMode::AllOpen
    }

    /// Whether the person is told that undo is limited ([`Table::undo_is_limited`]): undo is
    /// offered only to one person against computers.
    pub fn undo_limit_told(&self) -> bool {
        self.undo_is_limited() && self.config.humans().len() == 1
    }

    /// Where the piece on `from` may go, when it belongs to the seat to move.
    pub fn dests(&self, from: Point) -> Vec<Point> {
        if self.is_over() || self.truth.at(from).map(|o| o.seat) != Some(self.turn()) {
            return Vec::new();
        }
        self.truth
            .legal_actions()
            .into_iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect()
    }

    /// 全明, a piece of the seat to move picked up at `from`: each enemy piece among its
    /// destinations with what attacking it would do (the core's [`junqi_core::contact`]). Only
    /// when every identity is public, as the 2-player board's preview is only in 明棋.
    pub fn attack_preview(&self, from: Point) -> Vec<(Point, junqi_core::Clash)> {
        if self.config.info != junqi_core::siguo::InfoMode::AllOpen {
            return Vec::new();
        }
        let Some((seat, role)) = self.truth.at(from).and_then(|o| Some((o.seat, o.role?))) else {
            return Vec::new();
        };
        let seating = self.truth.seating();
        self.dests(from)
            .into_iter()
            .filter_map(|to| {
                let defender = self.truth.at(to)?;
                let their = defender.role?;
                (seating.team(defender.seat) != seating.team(seat)).then(|| {
                    let clash = junqi_core::contact(
                        role,
                        their,
                        self.truth.contact_mode(),
                        &self.truth.rules().rules,
                    );
                    (to, clash)
                })
            })
            .collect()
    }

    /// Whether `mv` leaves the seat to move no move of its own ([`Position::strands`]): the
    /// person is asked before it is played.
    pub fn strands(&self, mv: Action<Point>) -> bool {
        !self.is_over() && self.truth.strands(mv)
    }

    /// The seat to move's question for the computer player: its own view only.
    pub fn ask(&self) -> SiguoAsk {
        let seat = self.turn();
        SiguoAsk::new(
            &self.truth,
            seat,
            self.config.info,
            &self.history,
            &self.record.formations[seat.index()],
        )
    }

    /// The seed for the computer's next choice.
    pub fn move_seed(&self) -> u64 {
        self.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.rows.len() as u64 * 0x1000_0000_01B3)
    }

    /// A legal move of the seat to move drawn from `seed`: what the page plays for a computer
    /// seat when the computer player fails to answer (the search itself stays in the worker).
    /// What a computer seat plays for its answer `text`: the move it named when that is legal
    /// now, else (no answer, an unreadable or an illegal one) [`Table::fallback_move`].
    pub fn answer(&self, text: Option<&str>, seed: u64) -> Option<Action<Point>> {
        text.and_then(|a| a.parse::<Action<Point>>().ok())
            .filter(|m| self.dests(m.from()).contains(&m.to()))
            .or_else(|| self.fallback_move(seed))
    }

    /// A legal move drawn from `seed` for the seat to move (none once the game is over).
    pub fn fallback_move(&self, seed: u64) -> Option<Action<Point>> {
        if self.is_over() {
            return None;
        }
        let legal = self.truth.legal_actions();
        if legal.is_empty() {
            return None;
        }
        let mut rng = junqi_core::SplitMix64::new(seed);
        Some(legal[rng.below(legal.len() as u64) as usize])
    }

    /// The seat to move plays `mv`.
    pub fn play(&mut self, mv: Action<Point>) -> Result<&Row, IllegalAction<Point>> {
        let by = self.turn();
        let report = self.truth.play(mv)?;
        let met = Met {
            mover: report.attacker.map(|p| p.role),
            target: report.defender.map(|p| (p.color, Some(p.role))),
        };
        self.record.events.push(SiguoEvent::Move { mv });
        self.carry_guesses(by, mv);
        self.last_path = report.path.clone();
        self.note(by, &report);
        let row = self.rows.len() - 1;
        self.rows[row].met = met;
        Ok(&self.rows[row])
    }

    /// What `viewer` may be told of `row`'s pieces: the roles of the seats whose pieces it sees
    /// (its own; its partner's in 双明; every seat's in 全明). No viewer: every role (a
    /// finished game's replay with every piece open).
    pub fn met_seen_by(&self, viewer: Option<Seat>, row: &Row) -> Met {
        let sees = |owner: Seat| {
            viewer.is_none_or(|v| {
                self.truth
                    .seating()
                    .sees(v, owner, self.config.info.visibility())
            })
        };
        Met {
            mover: row.met.mover.filter(|_| sees(row.seat)),
            target: row
                .met
                .target
                .map(|(seat, role)| (seat, role.filter(|_| sees(seat)))),
        }
    }

    /// `seat` resigns: its pieces leave, its partner plays on.
    pub fn resign(&mut self, seat: Seat) -> Result<&Row, IllegalAction<Point>> {
        let report = self.truth.resign(seat)?;
        self.record.events.push(SiguoEvent::Resign { seat });
        Ok(self.note(seat, &report))
    }

    /// `seat` offered a draw and every other player still in agreed.
    pub fn agree_draw(&mut self, seat: Seat) -> Result<&Row, IllegalAction<Point>> {
        let report = self.truth.agree_draw(seat)?;
        self.record.events.push(SiguoEvent::Draw { seat });
        Ok(self.note(seat, &report))
    }

    /// Whether the computer seats accept `seat`'s draw offer: each computer still in judges it
    /// from its own view (its team must not be ahead by its evaluation). Only with one person
    /// at the table, after 20 plies.
    pub fn computers_accept_draw(&self, seat: Seat) -> bool {
        if !self.may_offer_draw(seat) {
            return false;
        }
        Seat::ALL
            .into_iter()
            .filter(|s| *s != seat && self.is_in(*s))
            .all(|s| {
                let view = self.truth.view(s, self.config.info);
                let team = self.truth.seating().team(s);
                junqi_ai::eval::evaluate(&view, team) <= 0
            })
    }

    /// Whether `seat` may offer a draw: the one person against computers, still in, after 20
    /// plies, while the game goes on. (The computers then judge it,
    /// [`Table::computers_accept_draw`].)
    pub fn may_offer_draw(&self, seat: Seat) -> bool {
        !self.is_over()
            && self.is_in(seat)
            && self.config.humans() == [seat]
            && self.rows.len() >= 20
    }

    /// Whether the person at `seat` may resign it (their partner, if any, plays on).
    pub fn may_resign(&self, seat: Seat) -> bool {
        !self.is_over() && self.is_in(seat) && self.config.is_human(seat)
    }

    /// Whether a finished game counts for the person's rank: QQ's points are for one person
    /// against computers at a table of two teams (四方混战 and 三国 are not counted).
    pub fn counts_for_rank(&self) -> bool {
        self.config.against_computers() && self.config.table() == junqi_core::siguo::Table::Teams
    }

    /// How long the last move's animation runs at `step_ms` a step: its route (a carrier
    /// beaten where it took the flag stays put, a path of one point, and still shows its attack,
    /// one step) and its contact's effect.
    pub fn last_move_ms(&self, step_ms: u32) -> u32 {
        let steps = match self.last_path().len() {
            0 => 0,
            n => n.max(2) as u32 - 1,
        };
        let contact = self.rows.last().is_some_and(|r| r.contact.is_some());
        crate::ground::cross::duration_ms(steps, contact, step_ms)
    }

    /// `seat` ran out of time.
    pub fn time_out(&mut self, seat: Seat) -> Result<&Row, IllegalAction<Point>> {
        let report = self.truth.time_out(seat)?;
        self.record.events.push(SiguoEvent::Timeout { seat });
        Ok(self.note(seat, &report))
    }

    /// `seat`, to move, let its per-move time run out: its turn passes ([`Table::tick`]; a
    /// record's missed turn).
    pub fn miss_turn(&mut self, seat: Seat) -> Result<&Row, IllegalAction<Point>> {
        let report = self.truth.miss_turn(seat)?;
        self.record.events.push(SiguoEvent::Miss { seat });
        Ok(self.note(seat, &report))
    }

    fn note(&mut self, by: Seat, report: &junqi_core::Report<Point>) -> &Row {
        // Whoever acts next starts with the whole per-move time, even where the action passed
        // the turn without a new ply (a resignation, a clock run out).
        if let Some(t) = &mut self.move_timer {
            t.ply = u32::MAX;
        }
        let event = PublicEvent::from_report(self.rows.len() as u32 + 1, report);
        let flags_shown = Seat::ALL
            .into_iter()
            .filter(|s| self.truth.flag_shown(*s) && !self.flags_before[s.index()])
            .filter(|s| self.truth.seating().is_in(*s))
            .collect();
        self.flags_before = Seat::ALL.map(|s| self.truth.flag_shown(s));
        self.rows.push(Row {
            ply: self.rows.len() + 1,
            seat: by,
            mv: report.action,
            contact: event.contact(),
            left: report.eliminated.clone(),
            flags_shown,
            revealed: report.revealed_anything(),
            met: Met::default(),
        });
        if report.action.is_none() {
            self.last_path.clear();
            self.drop_stale_guesses();
        }
        self.history.push(event);
        self.record.result = self.truth.outcome();
        &self.rows[self.rows.len() - 1]
    }

    pub fn clocks(&self) -> Option<[f64; 4]> {
        self.clocks
    }

    /// Restores the clocks of a saved game.
    pub fn set_clocks(&mut self, clocks: Option<[f64; 4]>) {
        if self.clocks.is_some() {
            self.clocks = clocks.map(|c| c.map(|ms| ms.max(0.0)));
        }
    }

    /// Whether time is kept: a clock for the whole game or a per-move timer.
    pub fn is_timed(&self) -> bool {
        self.clocks.is_some() || self.move_timer.is_some()
    }

    /// The per-move time of the game, in milliseconds (0: none).
    fn move_ms(&self) -> f64 {
        MoveTimer::full_ms(self.config.move_seconds)
    }

    /// Milliseconds left for the move of the person to move, when the game has a per-move
    /// timer (computer seats are not timed).
    pub fn move_left(&self) -> Option<f64> {
        let t = self.move_timer?;
        let timed = !self.is_over() && self.config.is_human(self.turn());
        timed.then(|| {
            if t.ply == self.truth.ply() {
                t.left
            } else {
                self.move_ms()
            }
        })
    }

    /// Restores the per-move time of a saved game's turn.
    pub fn set_move_left(&mut self, left: Option<f64>) {
        let full = self.move_ms();
        if let (Some(t), Some(left)) = (&mut self.move_timer, left) {
            t.ply = self.truth.ply();
            t.left = left.clamp(0.0, full);
        }
    }

    /// How many turns `seat` let run out (`timeout_limit`).
    pub fn timeouts(&self, seat: Seat) -> u8 {
        self.truth.timeouts(seat)
    }

    /// `elapsed` milliseconds pass for the seat to move. When its clock for the whole game runs
    /// out it leaves the game (its partner plays on); when a person's per-move time runs out
    /// the turn passes (and under `timeout_limit` the N-th such turn puts the seat out). The
    /// seat is returned when either happened. While `on_show` (the last computer move is still
    /// shown, and the person may not act yet) the per-move time does not run.
    pub fn tick(&mut self, elapsed: f64, on_show: bool) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        let seat = self.turn();
        if let Some(clocks) = self.clocks.as_mut() {
            let left = &mut clocks[seat.index()];
            *left = (*left - elapsed.max(0.0)).max(0.0);
            if *left <= 0.0 {
                return self.time_out(seat).ok().map(|_| seat);
            }
        }
        let (full, ply, human) = (self.move_ms(), self.truth.ply(), self.config.is_human(seat));
        let t = self.move_timer.as_mut()?;
        if t.follow(ply, full) || !human || on_show || !t.charge(elapsed) {
            return None;
        }
        self.miss_turn(seat).ok().map(|_| seat)
    }

    /// `viewer`'s guesses on pieces it cannot see.
    pub fn guesses(&self, viewer: Seat) -> &[(Point, Role)] {
        &self.guesses[viewer]
    }

    /// `viewer` marks the hidden piece on `p` as `role` (or clears the mark). Only a piece
    /// whose identity `viewer` may not know takes a mark.
    pub fn set_guess(&mut self, viewer: Seat, p: Point, role: Option<Role>) -> bool {
        let hidden = self.truth.at(p).is_some() && !self.truth.sees_at(viewer, p, self.config.info);
        if !hidden || self.is_over() {
            return false;
        }
        let list = &mut self.guesses[viewer];
        list.retain(|(q, _)| *q != p);
        if let Some(r) = role {
            list.push((p, r));
        }
        true
    }

    /// After `by` played `mv`: a mark goes with its piece, and goes away with it.
    fn carry_guesses(&mut self, by: Seat, mv: Action<Point>) {
        let from_after = self.truth.at(mv.from());
        let to_after = self.truth.at(mv.to());
        let attacker_at_to = from_after.is_none() && to_after.is_some_and(|o| o.seat == by);
        let defender_stays = to_after.is_some_and(|o| o.seat != by);
        for list in self.guesses.0.iter_mut() {
            list.retain_mut(|(p, _)| {
                if *p == mv.from() {
                    if attacker_at_to {
                        *p = mv.to();
                        return true;
                    }
                    return from_after.is_some();
                }
                if *p == mv.to() {
                    return defender_stays;
                }
                true
            });
        }
        self.drop_stale_guesses();
    }

    /// Marks on points left empty (a seat that left takes its pieces away).
    /// Marks on points left empty, or on pieces everyone now knows (scouted, a landmine that
    /// sent a piece back), go.
    fn drop_stale_guesses(&mut self) {
        let truth = &self.truth;
        for list in self.guesses.0.iter_mut() {
            list.retain(|(p, _)| truth.at(*p).is_some() && !truth.is_public(*p));
        }
    }

    /// Restores saved guesses (each checked like a new mark).
    pub fn set_guesses(&mut self, marks: &[(Seat, Point, Role)]) {
        for &(s, p, r) in marks {
            self.set_guess(s, p, Some(r));
        }
    }

    /// Every seat's marks, for saving.
    pub fn all_guesses(&self) -> Vec<(Seat, Point, Role)> {
        Seat::ALL
            .into_iter()
            .flat_map(|s| self.guesses[s].iter().map(move |(p, r)| (s, *p, *r)))
            .collect()
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    pub fn last_path(&self) -> &[Point] {
        &self.last_path
    }

    /// Whose eyes the board uses: the person to move, else the only person at the table, else
    /// the last person who moved, else S.
    pub fn viewer(&self) -> Seat {
        if let Some(s) = self.human_to_move() {
            return s;
        }
        let humans = self.config.humans();
        if humans.len() == 1 {
            return humans[0];
        }
        self.rows
            .iter()
            .rev()
            .map(|r| r.seat)
            .find(|s| self.config.is_human(*s))
            .or_else(|| humans.first().copied())
            .unwrap_or(Seat::S)
    }

    /// A hand-over screen is needed before `seat` acts: more than one person at the table and
    /// hidden identities that the previous person could see but `seat` may not, or the reverse.
    pub fn needs_handover(&self, from: Seat, to: Seat) -> bool {
        from != to
            && self.config.humans().len() > 1
            && self.config.info != junqi_core::siguo::InfoMode::AllOpen
    }

    /// Pieces of `seat` removed so far as `viewer` may know them: their ranks when `viewer`
    /// may see `seat`'s pieces (or the game is over), else only how many (the count is public).
    /// No viewer: every piece open (a finished game's replay).
    pub fn removed_seen(&self, viewer: Option<Seat>, seat: Seat) -> (Vec<Role>, usize) {
        let start = &self.record.formations[seat.index()];
        let mut left: Vec<Role> = self
            .truth
            .pieces_of(seat)
            .iter()
            .filter_map(|p| self.truth.at(p).and_then(|o| o.role))
            .collect();
        let mut gone = Vec::new();
        for role in junqi_core::Slot::all().filter_map(|s| start.get(s)) {
            match left.iter().position(|r| *r == role) {
                Some(i) => {
                    left.swap_remove(i);
                }
                None => gone.push(role),
            }
        }
        let open = self.is_over()
            || viewer.is_none_or(|v| {
                self.truth
                    .seating()
                    .sees(v, seat, self.config.info.visibility())
            });
        if open {
            gone.sort();
            (gone, 0)
        } else {
            (Vec::new(), gone.len())
        }
    }
}
