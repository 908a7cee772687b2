//! Two controllers, one per device, play games with each other through their messages alone
//! (the store's part is only to carry `Effect::Send`): whole games of 明棋 and 暗棋, a draw by
//! agreement, and messages altered or sent twice on the way.

use super::*;
use crate::state::config::GameConfig;
use crate::state::game::RemoteState;
use junqi_core::{Deployment, DrawReason, Outcome, Rules, SplitMix64};
use junqi_duel::{Clock, Duel, Terms};
use std::collections::VecDeque;

/// The device of `seat` (0: Red, classic formation 1; 1: Black, classic formation 2), with the
/// clocks `clock`.
fn timed_device(mode: Mode, rules: Rules, clock: Clock, seat: u8) -> Controller {
    let terms = Terms {
        clock,
        ..Terms::new([7; 16], mode, rules)
    };
    let (me, formation, seed) = if seat == 0 {
        (Seat::RED, Deployment::classic_1(), [1; 32])
    } else {
        (Seat::BLACK, Deployment::classic_2(), [2; 32])
    };
    let (duel, first) = Duel::new(terms, me, formation, seed).unwrap();
    let config = GameConfig {
        mode,
        rules,
        opponent: Opponent::Remote,
        seat,
        clock_minutes: clock.total_s / 60,
        move_seconds: clock.move_s,
        ..GameConfig::default()
    };
    let total = f64::from(clock.total_s) * 1000.0;
    Controller::new(
        Match::remote(config, duel, vec![first], u64::from(seat)),
        (total > 0.0).then_some([total; 2]),
        None,
        [None; POINTS],
        false,
        0.0,
    )
}

/// Two devices and the messages on their way: `wire[s]` from seat `s` to the other.
struct Pair {
    c: [Controller; 2],
    wire: [VecDeque<String>; 2],
    refused: Vec<String>,
    /// Whether each device was told to show the game's end.
    over: [bool; 2],
    /// What each device told its player.
    notices: [Vec<i18n::T>; 2],
}

impl Pair {
    fn new(mode: Mode, rules: Rules) -> Pair {
        Pair::timed(mode, rules, Clock::NONE)
    }

    fn timed(mode: Mode, rules: Rules, clock: Clock) -> Pair {
        let mut p = Pair {
            c: [
                timed_device(mode, rules, clock, 0),
                timed_device(mode, rules, clock, 1),
            ],
            wire: Default::default(),
            refused: Vec::new(),
            over: [false; 2],
            notices: Default::default(),
        };
        for s in 0..2 {
            let fx = p.c[s].outbox();
            p.post(s, fx);
        }
        p
    }

    /// Carries out what seat `s`'s controller asked for: its messages go on the wire.
    fn post(&mut self, s: usize, fx: Vec<Effect>) {
        for e in fx {
            match e {
                Effect::Send(m) => self.wire[s].extend(m),
                Effect::Refused(why) => self.refused.push(why),
                Effect::Over => self.over[s] = true,
                Effect::Notice(t) => self.notices[s].push(t),
                _ => {}
            }
        }
    }

    /// Delivers everything on the wire, both ways, until nothing is left.
    fn deliver(&mut self) {
        while let Some(s) = (0..2).find(|&s| !self.wire[s].is_empty()) {
            let text = self.wire[s].pop_front().unwrap();
            let fx = self.c[1 - s].remote_message(&text, 0);
            self.post(1 - s, fx);
        }
    }

    /// The side to move plays its first move to an empty point; delivered.
    fn quiet_move(&mut self) {
        let s = usize::from(self.c[0].game().seat_to_move().unwrap());
        let view = &self.c[s].shown().unwrap().view;
        let a = view
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { to, .. } if view.cells[to.index()].is_none()))
            .unwrap();
        let fx = self.c[s].act(a, 0);
        self.post(s, fx);
        self.deliver();
    }

    fn ply(&self, s: usize) -> u32 {
        self.c[s].game().position().ply()
    }

    fn state(&self, s: usize) -> Option<RemoteState> {
        self.c[s].game().remote_state()
    }

    /// Plays random legal actions from each device's own board until the game ends (a
    /// resignation after `plies`), then lets both devices open and check everything.
    fn play_out(&mut self, seed: u64, plies: u32) {
        let mut rng = SplitMix64::new(seed);
        self.deliver();
        while self.c[0].game().outcome().is_none() {
            let s = usize::from(self.c[0].game().seat_to_move().unwrap());
            assert!(
                self.c[s].shown_seat_to_move(),
                "seat {s} may act on its board"
            );
            let fx = if self.c[s].game().position().ply() >= plies {
                self.c[s].resign()
            } else {
                let view = &self.c[s].shown().unwrap().view;
                let actions = view.legal_actions();
                let a = actions[rng.below(actions.len() as u64) as usize];
                self.c[s].act(a, 0)
            };
            self.post(s, fx);
            self.deliver();
            assert!(self.refused.is_empty(), "{:?}", self.refused);
        }
    }
}

#[test]
fn two_devices_play_open_and_hidden_games_to_a_verified_record() {
    for (mode, seed) in [(Mode::Open, 1), (Mode::Dark, 2), (Mode::Dark, 3)] {
        let mut p = Pair::new(mode, Rules::default());
        p.deliver();
        assert_eq!(p.state(0), Some(RemoteState::Playing));
        if mode == Mode::Dark {
            // Red's board shows none of Black's pieces, and Black's none of Red's.
            for (s, enemy) in [(0, Seat::BLACK), (1, Seat::RED)] {
                let v = &p.c[s].shown().unwrap().view;
                assert!(v
                    .cells
                    .iter()
                    .flatten()
                    .all(|o| o.color != Some(enemy) || o.role.is_none()));
            }
        } else {
            assert!(p.c[0]
                .shown()
                .unwrap()
                .view
                .cells
                .iter()
                .flatten()
                .all(|o| o.role.is_some()));
        }
        p.play_out(seed, 60);
        for s in 0..2 {
            assert_eq!(p.state(s), Some(RemoteState::Verified), "{mode} seat {s}");
            // The device that did not resign learns of it by a message, and shows the end too.
            assert!(p.over[s], "{mode} seat {s} shows the end");
        }
        // Each device now referees the finished game itself: the same record on both, every
        // identity open, and the move list names the pieces.
        let records = [p.c[0].game().record(), p.c[1].game().record()];
        assert!(records[0].is_some());
        assert_eq!(records[0], records[1]);
        assert_eq!(p.c[0].game().outcome(), p.c[1].game().outcome());
        assert_eq!(p.c[0].move_list(Lang::En), p.c[1].move_list(Lang::En));
    }
}

#[test]
fn a_draw_is_offered_by_one_device_and_accepted_on_the_other() {
    let mut p = Pair::new(Mode::Dark, Rules::default());
    p.deliver();
    // Red offers a draw on its turn, and moves; Black may accept on its turn.
    let fx = p.c[0].send_draw_offer();
    assert!(fx.contains(&Effect::Notice(i18n::REMOTE_DRAW_SENT)));
    p.post(0, fx);
    let fx = p.c[0].act("c6-d5".parse().unwrap(), 0);
    p.post(0, fx);
    // Black, with Red's move still on its way, cannot offer one: not its turn.
    assert_eq!(
        p.c[1].send_draw_offer(),
        vec![Effect::Notice(i18n::DRAW_ON_YOUR_TURN)]
    );
    assert_eq!(p.c[1].draw_offered(), None, "nothing arrived yet");
    p.deliver();
    assert_eq!(p.c[1].draw_offered(), Some(0));
    assert_eq!(
        p.c[0].draw_offered(),
        None,
        "a device never answers its own offer"
    );
    assert_eq!(p.c[0].offer_draw(), DrawOffer::Send);
    let fx = p.c[1].accept_draw();
    assert!(fx.contains(&Effect::Over));
    p.post(1, fx);
    p.deliver();
    assert!(
        p.over[0],
        "the device that offered shows the end when the acceptance arrives"
    );
    for s in 0..2 {
        assert_eq!(
            p.c[s].game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Agreed
            })
        );
        assert_eq!(p.state(s), Some(RemoteState::Verified));
    }
}

#[test]
fn messages_sent_twice_are_dropped_garbage_is_refused_and_a_false_move_stops_the_game() {
    let mut p = Pair::new(Mode::Dark, Rules::default());
    p.deliver();
    let fx = p.c[0].act("c6-d5".parse().unwrap(), 0);
    // Kept before it goes: the move is saved, then sent.
    let saved = fx.iter().position(|e| *e == Effect::Save);
    let sent = fx.iter().position(|e| matches!(e, Effect::Send(_)));
    assert!(saved.is_some() && saved < sent, "{fx:?}");
    assert_eq!(fx.iter().filter(|e| **e == Effect::Save).count(), 1);
    p.post(0, fx);
    let text = p.wire[0].pop_front().unwrap();
    // Not a message of the game: refused with the reason, and nothing changes.
    let fx = p.c[1].remote_message("not a message", 0);
    assert!(fx.iter().any(|e| matches!(e, Effect::Refused(_))), "{fx:?}");
    assert_eq!(p.c[1].game().plies(), 0);
    // The move plays; the same message again (sent again after a reconnection) is dropped.
    let fx = p.c[1].remote_message(&text, 0);
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Refused(_))),
        "{fx:?}"
    );
    assert_eq!(p.c[1].game().plies(), 1);
    assert!(p.c[1].shown_seat_to_move());
    assert_eq!(p.c[1].remote_message(&text, 0), Vec::new());
    assert_eq!(p.c[1].game().plies(), 1);
    // A device never plays the other's seat: Red's board does not act for Black.
    assert!(!p.c[0].shown_seat_to_move());
    assert!(p.c[0]
        .act("c7-d8".parse().unwrap(), 0)
        .contains(&Effect::Notice(i18n::ILLEGAL)));
    // Black's reply reaches Red as a move its piece cannot make: a lie, named, and the game
    // stops there.
    let fx = p.c[1].act("c7-d8".parse().unwrap(), 0);
    p.post(1, fx);
    let reply = p.wire[1].pop_front().unwrap();
    let false_move = reply.replace("c7-d8", "c7-c3");
    let fx = p.c[0].remote_message(&false_move, 0);
    let why = fx.iter().find_map(|e| match e {
        Effect::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(
        why.as_deref()
            .is_some_and(|w| w.to_lowercase().contains("black") && w.contains("c7")),
        "{why:?}"
    );
    assert!(matches!(p.state(0), Some(RemoteState::Cheated(_))));
    assert!(!p.c[0].shown_seat_to_move(), "nothing more is played");
    let fx = p.c[0].remote_message(&reply, 0);
    assert!(fx.iter().any(|e| matches!(e, Effect::Refused(_))));
}

#[test]
fn a_move_is_taken_back_only_when_the_friend_on_the_other_device_agrees() {
    for mode in [Mode::Open, Mode::Dark] {
        let mut p = Pair::new(mode, Rules::default());
        p.deliver();
        for _ in 0..4 {
            p.quiet_move();
        }
        let ply = p.ply(0);
        assert_eq!(p.c[0].game().seat_to_move(), Some(0));
        assert!(p.c[0].can_undo() && p.c[1].can_undo());
        let fx = p.c[0].ask_undo();
        assert!(fx.contains(&Effect::Notice(i18n::REMOTE_UNDO_SENT)));
        p.post(0, fx);
        p.deliver();
        assert!(p.c[0].undo_waiting());
        assert_eq!(p.c[1].undo_asked(), Some(0));
        assert!(!p.c[0].can_undo(), "one ask at a time");
        // Declined: the moves stand, and the asking side is told.
        let fx = p.c[1].answer_undo(false);
        p.post(1, fx);
        p.deliver();
        assert_eq!((p.ply(0), p.ply(1)), (ply, ply));
        assert_eq!(p.notices[0].last(), Some(&i18n::REMOTE_UNDO_DECLINED));
        // Not asked again at that ply: Red plays on, and asks at its next turn, allowed this
        // time: Red's move and Black's reply go, on both boards.
        assert!(!p.c[0].can_undo());
        p.quiet_move();
        p.quiet_move();
        let ply = p.ply(0);
        let fx = p.c[0].ask_undo();
        p.post(0, fx);
        p.deliver();
        let fx = p.c[1].answer_undo(true);
        p.post(1, fx);
        p.deliver();
        assert_eq!((p.ply(0), p.ply(1)), (ply - 2, ply - 2));
        assert_eq!(p.notices[0].last(), Some(&i18n::REMOTE_UNDO_TAKEN));
        assert_eq!(p.c[0].game().seat_to_move(), Some(0));
        assert_eq!(p.c[0].game().history().len(), ply as usize - 3);
        assert!(p.refused.is_empty(), "{:?}", p.refused);
        // The game goes on to a record both devices check alike.
        p.play_out(9, 40);
        for _ in 0..3 {
            p.deliver();
        }
        assert_eq!(p.state(0), Some(RemoteState::Verified));
        assert_eq!(p.c[0].game().record(), p.c[1].game().record());
    }
}

#[test]
fn clocks_between_devices_pass_turns_stop_while_disconnected_and_claims_wake_the_other() {
    let page = Page {
        in_play: true,
        passive: false,
        connected: true,
        step_ms: 0,
    };
    let rules = Rules {
        timeout_limit: 2,
        ..Rules::default()
    };
    let clock = Clock {
        total_s: 600,
        move_s: 30,
    };
    let mut p = Pair::timed(Mode::Dark, rules, clock);
    p.deliver();
    // Red's own timer runs out on Red's device: the turn passes on both.
    let fx = p.c[0].tick(31_000.0, page);
    p.post(0, fx);
    p.deliver();
    for s in 0..2 {
        assert_eq!(p.c[s].game().seat_to_move(), Some(1));
        assert_eq!(p.c[s].timeouts(), [1, 0]);
    }
    // Black's device looks at its clocks as the message comes (the store does on every
    // message): its turn starts now.
    let fx = p.c[1].tick(31_000.0, page);
    p.post(1, fx);
    // Black's device is asleep. Red's counts Black's turn, and claims it only once it has
    // run out by a margin.
    let fx = p.c[0].tick(51_000.0, page);
    assert!(!fx.iter().any(|e| matches!(e, Effect::Send(_))));
    // While the connection is down nothing is counted.
    let down = Page {
        connected: false,
        ..page
    };
    assert!(p.c[0].tick(200_000.0, down).is_empty());
    let fx = p.c[0].tick(210_000.0, page);
    assert!(!fx.iter().any(|e| matches!(e, Effect::Send(_))));
    let fx = p.c[0].tick(213_100.0, page);
    assert!(fx.iter().any(|e| matches!(e, Effect::Send(_))), "{fx:?}");
    p.post(0, fx);
    p.deliver();
    // The claim alone changes nothing: Black's device looks at its own clock (as the store
    // does on every message), which ran out there too while it slept.
    assert_eq!(p.c[1].timeouts(), [1, 0]);
    let fx = p.c[1].tick(213_200.0, page);
    p.post(1, fx);
    p.deliver();
    for s in 0..2 {
        assert_eq!(p.c[s].game().seat_to_move(), Some(0));
        assert_eq!(p.c[s].timeouts(), [1, 1]);
    }
    // Red's second lost turn loses the game (timeout_limit 2), and both check it.
    let fx = p.c[0].tick(213_300.0, page);
    p.post(0, fx);
    let fx = p.c[0].tick(244_000.0, page);
    p.post(0, fx);
    for _ in 0..3 {
        p.deliver();
    }
    assert!(p.refused.is_empty(), "{:?}", p.refused);
    assert_eq!(p.state(0), Some(RemoteState::Verified));
    let record = p.c[1].game().record().unwrap();
    assert_eq!(record.timeouts.len(), 3, "Red twice, Black once");
    assert_eq!(
        record.result,
        Some(Outcome::won_by(
            Seat::BLACK,
            junqi_core::ExitReason::Timeout
        ))
    );
}
