//! Playing a move on the 4-player board: combat (RULES.md §5), a captured flag putting its
//! owner out, the turn passing to the next seat still in, seats without a legal move leaving
//! at the start of their turn, a team losing when both its players are out, the mutual
//! wipe-out switch and the 70-ply draw (RULES-4P.md §6).

use super::points::Grid;
use super::position::{Carry, Occupant, Position};
use super::rules::{InfoMode, WipeOut};
use crate::action::{Action, IllegalAction};
use crate::combat::{contact, Clash};
use crate::report::Report;
use crate::rules::{Mode, NO_COLLISION_LIMIT};
use crate::seat::Seat;
use crate::types::Role;
use crate::{DrawReason, ExitReason, Outcome};

impl<P: Grid> Position<P> {
    /// Plays an action known to be legal (perft, search).
    pub fn play_unchecked(&mut self, action: Action<P>) {
        self.apply(action);
    }

    /// Plays an action known to be legal and reports what the rules did — who acted, contacts,
    /// seats out, the outcome — but does not name pieces or routes ([`Position::play`] does).
    pub(crate) fn apply(&mut self, action: Action<P>) -> Report<P> {
        match action {
            Action::Move { from, to } => self.apply_move(from, to),
            Action::Flip(p) => self.apply_flip(p),
        }
    }

    /// 翻棋, reasoning on a seat's view: turns up the face-down piece on `p` as if it were
    /// `occ` (a landmine so drawn is one fewer among the hidden ones). Does nothing where no
    /// piece lies face down.
    pub fn flip_as(&mut self, p: P, occ: Occupant) {
        if !self.face_down().contains(p) || !self.seating.contains(occ.seat) {
            return;
        }
        if self.cells[p.index()].is_none() && occ.role == Some(Role::Landmine) {
            let mines = &mut self.extra_mut().hidden_mines[occ.seat];
            *mines = mines.saturating_sub(1);
        }
        self.cells[p.index()] = Some(occ);
        self.apply_flip(p);
    }

    fn apply_flip(&mut self, p: P) -> Report<P> {
        let mover = self.mover();
        let mut report = Report {
            action: Some(Action::Flip(p)),
            ..Report::of(self.turn)
        };
        report.by = mover;
        let turned = self.turn_up(p);
        let us = match mover {
            Some(us) => Some(us),
            None => turned.and_then(|occ| self.give_colour(occ, &mut report)),
        };
        self.ply += 1;
        // A flip removes nothing and attacks nothing.
        self.quiet += 1;
        if let Some(us) = us {
            if self.outcome.is_none() {
                self.pass_turn(us, &mut report);
            }
            self.end_by_counts(&mut report);
        }
        report.outcome = self.outcome;
        report
    }

    /// 翻棋 before colours are given: does turning up `occ` give its colour to the player who
    /// flipped it (RULES.md §7, the `flip_*` switches)? If so, the seats are fixed and that
    /// player's seat is returned.
    fn give_colour(&mut self, occ: Occupant, report: &mut Report<P>) -> Option<Seat> {
        // Ply 1 is the first player's, ply 2 the second's, and so on.
        let player = usize::from(self.ply.is_multiple_of(2));
        let rules = self.rules.rules;
        let flip = self.extra_mut().flip.get_or_insert_with(Default::default);
        let given = if rules.flip_first_engineer {
            occ.role == Some(Role::Engineer)
        } else if rules.flip_two_same {
            let same = flip.last_flip[player] == Some(occ.seat);
            flip.last_flip[player] = Some(occ.seat);
            same
        } else {
            true
        };
        if !given {
            return None;
        }
        let other = self.seating.next_in(occ.seat).unwrap_or(occ.seat);
        let first = if player == 0 { occ.seat } else { other };
        self.give_colours(first);
        report.by = Some(occ.seat);
        report.assigned = Some(occ.seat);
        Some(occ.seat)
    }

    fn apply_move(&mut self, from: P, to: P) -> Report<P> {
        let us = self.turn;
        let mut report = Report {
            action: Some(Action::Move { from, to }),
            ..Report::of(us)
        };
        let attacker = self.cells[from.index()];
        let defender = self.cells[to.index()];
        let mut attack = false;
        // Unknown identities (a seat's own reasoning about its view) count as a removal: only
        // a referee who knows them can resolve the attack.
        let mut removal = false;
        match (attacker, defender) {
            (Some(_), None) => {
                self.move_piece(from, to);
                self.after_carrier_move(us, from, to, &mut report);
            }
            (Some(att), Some(def)) => {
                attack = true;
                removal = true;
                if let (Some(ar), Some(dr)) = (att.role, def.role) {
                    let result = contact(ar, dr, self.contact_mode(), &self.rules.rules);
                    report.clash = Some(result);
                    removal = result.attacker_removed() || result.defender_removed();
                    if matches!(result, Clash::Scout | Clash::Bounce) {
                        self.public.add(to);
                        report.shown.push(to);
                    }
                    if result.attacker_removed() {
                        self.lose_piece(from, att, &mut report);
                    }
                    if result.defender_removed() {
                        self.lose_piece(to, def, &mut report);
                    }
                    // A carrier beaten on the point where it took a flag: the flag is back
                    // there, and the winner stays where it was.
                    if result == Clash::Win && self.cells[to.index()].is_none() {
                        self.move_piece(from, to);
                        self.after_carrier_move(us, from, to, &mut report);
                    }
                    if dr == Role::Flag && result.defender_removed() {
                        if self.rules.rules.carries_flag() && result == Clash::Win {
                            // Everyone sees the flag taken: it is carried from now on, and its
                            // owner stays in until it arrives.
                            self.extra_mut().carry[def.seat] = Some(Carry {
                                by: us,
                                at: to,
                                home: to,
                            });
                            report.carried = Some(def.seat);
                            self.after_carrier_move(us, to, to, &mut report);
                        } else {
                            self.exit(def.seat, ExitReason::FlagCaptured, &mut report);
                        }
                    }
                }
            }
            (None, _) => {}
        }
        self.ply += 1;
        // The count of quiet plies: plies without a removal, or under `no_collision_31` without
        // an attack (a bounce is an attack that removes nothing).
        let resets = if self.rules.rules.no_collision_31 {
            attack
        } else {
            removal
        };
        if resets {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        if self.outcome.is_none() {
            self.pass_turn(us, &mut report);
        }
        self.end_by_counts(&mut report);
        report.outcome = self.outcome;
        report
    }

    /// The mode [`contact`] is asked in on this table: `engineer_scouts` applies where seats
    /// cannot see their enemies (四暗, 双明), as in 暗棋.
    pub fn contact_mode(&self) -> Mode {
        match self.info {
            InfoMode::AllOpen => Mode::Open,
            InfoMode::FourDark | InfoMode::DoubleOpen => Mode::Dark,
        }
    }

    /// The counting rules after a move, once the next seat's turn has begun: the no-capture
    /// draw, or under `no_collision_31` the seat to move leaving after 31 plies without an
    /// attack (the count then starts again for the others); then `ply_limit`'s draw and
    /// `dead_position_draw`.
    pub(crate) fn end_by_counts(&mut self, report: &mut Report<P>) {
        if self.outcome.is_some() {
            return;
        }
        if !self.count_reached() && !self.rules.rules.dead_position_draw {
            return;
        }
        if self.rules.rules.no_collision_31 {
            if self.quiet >= NO_COLLISION_LIMIT {
                let seat = self.turn;
                self.exit(seat, ExitReason::NoContact, report);
                if self.outcome.is_none() {
                    // The count starts again for the others.
                    self.quiet = 0;
                    self.pass_turn(seat, report);
                }
            }
        } else if self.quiet >= self.rules.quiet_limit {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::NoCapture,
            });
        }
        if self.outcome.is_none()
            && self.rules.rules.ply_limit > 0
            && self.ply > self.rules.rules.ply_limit
        {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::PlyLimit,
            });
        }
        if self.outcome.is_none() && self.rules.rules.dead_position_draw && self.is_dead() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::DeadPosition,
            });
        }
    }

    /// Has a count reached its limit: the plies without a capture (or without an attack under
    /// `no_collision_31`), or `ply_limit`'s total?
    #[inline(always)]
    pub(crate) fn count_reached(&self) -> bool {
        self.quiet >= self.quiet_limit()
            || (self.rules.rules.ply_limit > 0 && self.ply > self.rules.rules.ply_limit)
    }

    /// Removes a piece lost in combat; a fallen Field Marshal shows its owner's flag, and a
    /// fallen carrier drops what it carried.
    fn lose_piece(&mut self, p: P, occ: Occupant, report: &mut Report<P>) {
        self.take(p);
        if occ.role == Some(Role::Marshal) {
            self.flag_shown[occ.seat] = true;
            if self.extra.is_some() {
                self.turn_up_flag(occ.seat, report);
            }
        }
        self.drop_carried(|c| c.at == p, report);
    }

    /// 翻棋: a fallen Field Marshal's flag still face down is turned face up, so that the board
    /// shows what every seat now knows.
    #[cold]
    #[inline(never)]
    fn turn_up_flag(&mut self, seat: Seat, report: &mut Report<P>) {
        for f in self.face_down() {
            if self.cells[f.index()].is_some_and(|o| o.seat == seat && o.role == Some(Role::Flag)) {
                self.turn_up(f);
                report.shown.push(f);
            }
        }
    }

    /// Every flag whose carry matches `dropped` goes back, face up and shown to every seat, to
    /// the point where it was taken (kept free for it).
    #[inline(always)]
    fn drop_carried(&mut self, dropped: impl Fn(&Carry<P>) -> bool, report: &mut Report<P>) {
        if self.extra.is_some() {
            self.drop_carried_now(&dropped, report);
        }
    }

    #[inline(never)]
    fn drop_carried_now(&mut self, dropped: &dyn Fn(&Carry<P>) -> bool, report: &mut Report<P>) {
        for owner in Seat::ALL {
            let Some(c) = self.carried(owner).filter(|c| dropped(c)) else {
                continue;
            };
            self.extra_mut().carry[owner] = None;
            if self.seating.is_in(owner) && self.cells[c.home.index()].is_none() {
                self.put(
                    c.home,
                    Occupant {
                        seat: owner,
                        role: Some(Role::Flag),
                    },
                );
                self.public.add(c.home);
                report.shown.push(c.home);
            }
        }
    }

    /// `carry_flag_home` / `carry_flag_front`: follows `us`'s carrier from `from` to `to`, and
    /// puts each carried flag's owner out once it arrives: in one of `us`'s own headquarters
    /// (`carry_flag_front`: anywhere in `us`'s own area).
    #[inline(always)]
    fn after_carrier_move(&mut self, us: Seat, from: P, to: P, report: &mut Report<P>) {
        if self.extra.is_some() {
            self.follow_carrier(us, from, to, report);
        }
    }

    #[inline(never)]
    fn follow_carrier(&mut self, us: Seat, from: P, to: P, report: &mut Report<P>) {
        for owner in Seat::ALL {
            let Some(mut c) = self.carried(owner).filter(|c| c.by == us && c.at == from) else {
                continue;
            };
            c.at = to;
            self.extra_mut().carry[owner] = Some(c);
            let own_area = to.area() == Some(us);
            let home =
                own_area && (self.rules.rules.carry_flag_front || self.board.is_headquarters(to));
            if home {
                self.extra_mut().carry[owner] = None;
                self.exit(owner, ExitReason::FlagCaptured, report);
            }
        }
    }

    /// Puts `seat` out and ends the game if its team is out. At a table of more than two its
    /// pieces leave at once (RULES-4P.md §6.1); at a table of two the game ends here, and the
    /// last position stands as the players left it (RULES.md §6).
    fn exit(&mut self, seat: Seat, why: ExitReason, report: &mut Report<P>) {
        if !self.seating.is_in(seat) {
            return;
        }
        let team = self.seating.team(seat);
        self.seating.eliminate(seat);
        report.eliminated.push((seat, why));
        if self.seating.count() > 2 {
            self.remove_seat(seat);
            // Its carriers leave too: the flags they carried go back. Its own flag, if
            // carried, is no one's to take any more.
            if self.carried(seat).is_some() {
                self.extra_mut().carry[seat] = None;
            }
            self.drop_carried(|c| c.by == seat, report);
        }
        if self.outcome.is_none() && self.seating.team_is_out(team) {
            // The game ends when one team is left (with more than two teams, the others
            // play on).
            let mut left = self.seating.teams_in();
            if let (Some(winner), None) = (left.next(), left.next()) {
                self.outcome = Some(Outcome::Win {
                    team: winner,
                    reason: why,
                });
            }
        }
    }

    /// Gives the turn to the next seat after `from` that is in and can move; seats that cannot
    /// move leave on the way (RULES-4P.md §6.1 item 2).
    fn pass_turn(&mut self, from: Seat, report: &mut Report<P>) {
        if let Some(next) = self.seating.next_in(from) {
            self.begin_turn(next, report);
        }
    }

    /// Starts `next`'s turn: if it cannot move it leaves, and so on round the table.
    fn begin_turn(&mut self, next: Seat, report: &mut Report<P>) {
        if self.has_action(next) {
            self.turn = next;
            return;
        }
        if (self.rules.wipe_out == WipeOut::Draw || self.rules.rules.no_move_draw)
            && self
                .seating
                .seats()
                .filter(|&s| self.seating.is_in(s))
                .all(|s| !self.has_action(s))
        {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::MutualWipeOut,
            });
            return;
        }
        let mut seat = next;
        for _ in 0..self.seating.count() {
            if self.has_action(seat) {
                self.turn = seat;
                return;
            }
            self.exit(seat, ExitReason::NoLegalMove, report);
            if self.outcome.is_some() {
                return;
            }
            match self.seating.next_in(seat) {
                Some(s) => seat = s,
                None => return,
            }
        }
    }

    /// Applies the start-of-turn rule to the seat to move (for a new game or a position set
    /// up by hand): while it has no legal move it leaves and the turn passes on. Returns the
    /// seats that left.
    pub fn settle(&mut self) -> Vec<(Seat, ExitReason)> {
        let mut report = Report::of(self.turn);
        if self.outcome.is_none() && self.seating.is_in(self.turn) {
            self.begin_turn(self.turn, &mut report);
        }
        report.eliminated
    }

    /// Decides the end of the game when the seat to move has no legal action or a counting
    /// limit has been reached (a position set up by hand, or a search that finds the seat to
    /// move without a move): [`Position::settle`], then the counting rules.
    pub fn settle_outcome(&mut self) {
        if self.is_over() || self.mover().is_none() {
            return;
        }
        self.settle();
        let mut report = Report::of(self.turn);
        self.end_by_counts(&mut report);
    }

    /// The end a counting rule gives this position, if one is reached: the no-capture draw (or
    /// `no_collision_31`'s exit of the seat to move), then `ply_limit`'s draw. The dead-position
    /// test is left out: this is asked at every node of a search.
    pub fn limit_outcome(&self) -> Option<Outcome> {
        self.mover()?;
        if !self.count_reached() {
            return None;
        }
        let mut g = self.clone();
        g.rules.rules.dead_position_draw = false;
        let mut report = Report::of(g.turn);
        g.end_by_counts(&mut report);
        g.outcome()
    }

    /// `seat` resigns (投降): it leaves at once with its pieces; its partner plays on. At a
    /// table of two, not in the first 20 plies nor in 翻棋 before colours are given (RULES.md
    /// §6; RULES-4P.md §6.1 sets no such limit).
    pub fn resign(&mut self, seat: Seat) -> Result<Report<P>, IllegalAction<P>> {
        if self.outcome.is_none() && self.seating.count() == 2 && !self.may_resign() {
            return Err(IllegalAction::ResignTooEarly);
        }
        self.leave(seat, ExitReason::Resignation)
    }

    /// May a player resign now? Always while the game goes on at a table of more than two;
    /// at a table of two only after the first 20 plies and once 翻棋's colours are given.
    pub fn may_resign(&self) -> bool {
        self.outcome.is_none()
            && (self.seating.count() > 2 || (self.ply > 20 && self.mover().is_some()))
    }

    /// `seat` reached the timeout limit: it leaves as if it had resigned.
    pub fn time_out(&mut self, seat: Seat) -> Result<Report<P>, IllegalAction<P>> {
        self.leave(seat, ExitReason::Timeout)
    }

    /// The seat to move, `seat`, let its per-move time run out: its turn passes to the next
    /// seat (a ply without contact) and the timeout is counted; under `timeout_limit` the
    /// N-th puts it out ([`ExitReason::Timeout`]), as a clock that runs out does.
    ///
    /// In 翻棋 before colours are given the players have no seat yet: the turn passes to the
    /// other player uncounted, whichever `seat` of the table is named.
    pub fn miss_turn(&mut self, seat: Seat) -> Result<Report<P>, IllegalAction<P>> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.seating.is_in(seat) {
            return Err(IllegalAction::NotInGame(seat));
        }
        if self.mover().is_none() {
            self.ply += 1;
            self.quiet += 1;
            return Ok(Report::of(seat));
        }
        if self.turn != seat {
            return Err(IllegalAction::NotToMove(seat));
        }
        let mut report = Report::of(seat);
        let count = &mut self.extra_mut().timeouts[seat];
        *count = count.saturating_add(1);
        let count = u32::from(*count);
        let limit = self.rules.rules.timeout_limit;
        // A missed turn is a ply without contact, the last one too.
        self.ply += 1;
        self.quiet += 1;
        if limit > 0 && count >= limit {
            self.exit(seat, ExitReason::Timeout, &mut report);
            if self.outcome.is_none() {
                self.pass_turn(seat, &mut report);
            }
        } else {
            self.pass_turn(seat, &mut report);
            self.end_by_counts(&mut report);
        }
        report.outcome = self.outcome;
        Ok(report)
    }

    /// `seat` offered a draw and every other player still in agreed: the game is drawn.
    pub fn agree_draw(&mut self, seat: Seat) -> Result<Report<P>, IllegalAction<P>> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.seating.is_in(seat) {
            return Err(IllegalAction::NotInGame(seat));
        }
        self.outcome = Some(Outcome::Draw {
            reason: DrawReason::Agreed,
        });
        Ok(Report {
            outcome: self.outcome,
            ..Report::of(seat)
        })
    }

    fn leave(&mut self, seat: Seat, why: ExitReason) -> Result<Report<P>, IllegalAction<P>> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.seating.is_in(seat) {
            return Err(IllegalAction::NotInGame(seat));
        }
        let mut report = Report::of(seat);
        self.exit(seat, why, &mut report);
        if self.outcome.is_none() && self.turn == seat {
            self.pass_turn(seat, &mut report);
        }
        report.outcome = self.outcome;
        Ok(report)
    }
}
