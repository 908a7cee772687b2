//! The 四国 session, natively: whole games through gestures and computer answers, hand-overs
//! between people, undo, clocks, draws, hints, and the effects each answer asks the store for.

use super::session::{Session, TablePage};
use super::{SiguoConfig, Table};
use crate::ground::anim::Cue;
use crate::ground::drag::Gesture;
use crate::state::controller::Effect;
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{InfoMode, Point};
use junqi_core::Action;

fn formations(seed: u64) -> PerSeat<junqi_core::Deployment> {
    PerSeat::new_with(|s| junqi_ai::deploy::formation(seed + s.index() as u64))
}

/// The page of a table on the screen, nothing on show, animations of 100 ms a step.
fn page() -> TablePage {
    TablePage {
        step_ms: 100,
        ..TablePage::default()
    }
}

/// A legal move of the seat to move, as a person would find it: the first piece that can move.
fn some_move(s: &Session) -> Action<Point> {
    let t = s.table();
    let seat = t.turn();
    t.pieces(seat)
        .into_iter()
        .filter(|(_, owner, _)| *owner == seat)
        .find_map(|(p, _, _)| t.dests(p).first().map(|d| Action::Move { from: p, to: *d }))
        .expect("a piece that can move")
}

/// A piece of S's that cannot move (a mine, the flag, a piece hemmed in).
fn stuck_piece(s: &Session) -> Point {
    let t = s.table();
    t.pieces(Seat::S)
        .into_iter()
        .find(|(p, owner, _)| *owner == Seat::S && t.dests(*p).is_empty())
        .map(|(p, _, _)| p)
        .expect("a piece that cannot move")
}

/// The person to move plays `mv` by two taps (confirming it when it would leave them no
/// move).
fn tap_move(s: &mut Session, mv: Action<Point>) -> Vec<Effect> {
    assert!(s.gesture(Gesture::Tap(mv.from()), page()).is_empty());
    assert_eq!(s.hand().selected, Some(mv.from()), "the piece is picked up");
    let fx = s.gesture(Gesture::Tap(mv.to()), page());
    if s.hand().stranding.is_some() {
        return s.confirm_stranding(page());
    }
    fx
}

/// The computer seats move (each by its fallback move: no answer) until a person is to move
/// or the game ends; returns every effect asked for.
fn computers_move(s: &mut Session) -> Vec<Effect> {
    let mut all = Vec::new();
    while let Some(q) = s.computer_question() {
        assert_eq!(q.seed, s.table().move_seed());
        let fx = s.computer_answer(None, 100);
        assert!(
            matches!(fx.first(), Some(Effect::OnShow { computer: true, .. })),
            "a computer's move is on show first: {fx:?}"
        );
        all.extend(fx);
    }
    all
}

/// The person (S) resigns and the computers play on to the end; returns every effect.
fn resign_and_play_out(s: &mut Session) -> Vec<Effect> {
    let mut fx = s.resign();
    assert!(!s.table().is_in(Seat::S));
    for _ in 0..20_000 {
        if s.table().is_over() {
            break;
        }
        fx.extend(computers_move(s));
    }
    fx
}

fn count(fx: &[Effect], e: &Effect) -> usize {
    fx.iter().filter(|f| *f == e).count()
}

#[test]
fn one_person_plays_three_computers_to_the_end_and_the_result_counts_once() {
    let mut s = Session::new(
        Table::new(SiguoConfig::default(), formations(3), 5).unwrap(),
        false,
    );
    assert_eq!(s.handover(), None, "one person: no hand-over screen");
    assert_eq!(s.viewer(), Seat::S);
    let mut fx = Vec::new();
    for _ in 0..6 {
        assert!(s.may_act(page()));
        let mv = some_move(&s);
        let played = tap_move(&mut s, mv);
        assert!(played.contains(&Effect::Save), "{played:?}");
        assert!(
            matches!(played.first(), Some(Effect::OnShow { computer: false, anim_ms }) if *anim_ms > 0),
            "the person's move is animated before the next seat acts: {played:?}"
        );
        fx.extend(played);
        assert!(!s.may_act(TablePage {
            on_show: true,
            ..page()
        }));
        fx.extend(computers_move(&mut s));
        if s.table().is_over() {
            break;
        }
    }
    // The person resigns; the partner (a computer) plays on to the end.
    if !s.table().is_over() {
        fx.extend(resign_and_play_out(&mut s));
    }
    assert!(s.table().is_over());
    assert_eq!(count(&fx, &Effect::Over), 1, "{fx:?}");
    assert_eq!(count(&fx, &Effect::CountResult), 1);
    assert_eq!(
        count(
            &fx,
            &Effect::Sound {
                cue: Cue::Flag,
                delay_ms: 0
            }
        ),
        1
    );
    assert_eq!(fx.last(), Some(&Effect::Save), "the end is saved last");
    assert!(s.counted());
    assert_eq!(s.computer_question(), None, "nobody moves after the end");
    assert!(s.computer_answer(Some("Sa4-Sa3"), 100).is_empty());
}

#[test]
fn two_people_hand_the_device_over_and_each_starts_with_an_empty_hand() {
    let mut config = SiguoConfig {
        info: InfoMode::FourDark,
        ..SiguoConfig::default()
    };
    config.players[Seat::N.index()].human = true;
    let config = config.normalised();
    let mut s = Session::new(Table::new(config, formations(7), 2).unwrap(), false);
    assert_eq!(
        s.handover(),
        Some(Seat::S),
        "the first to move gets the device"
    );
    assert!(!s.may_act(page()));
    let mv = some_move(&s);
    assert!(
        s.gesture(Gesture::Tap(mv.from()), page()).is_empty() && s.hand().selected.is_none(),
        "nothing is picked up behind the hand-over screen"
    );
    let edits = s.edits();
    s.handover_ready();
    assert!(s.edits() > edits, "the board follows");
    assert_eq!((s.handover(), s.viewer()), (None, Seat::S));
    assert!(s.may_act(page()));
    tap_move(&mut s, mv);
    computers_move(&mut s);
    assert_eq!(s.table().turn(), Seat::N);
    assert_eq!(
        s.handover(),
        Some(Seat::N),
        "N may not see what S saw: the device goes to N behind the screen"
    );
    assert!(!s.may_act(page()), "S no longer acts, N not yet");
    s.handover_ready();
    assert_eq!(s.viewer(), Seat::N);
    assert_eq!(s.hand(), &Default::default());
    assert!(s.may_act(page()));
}

#[test]
fn in_the_open_game_people_share_the_device_without_a_screen() {
    let mut config = SiguoConfig {
        info: InfoMode::AllOpen,
        ..SiguoConfig::default()
    };
    config.players[Seat::E.index()].human = true;
    let mut s = Session::new(
        Table::new(config.normalised(), formations(9), 4).unwrap(),
        false,
    );
    s.handover_ready();
    let mv = some_move(&s);
    tap_move(&mut s, mv);
    assert_eq!(s.table().turn(), Seat::E);
    assert_eq!(s.handover(), None);
    assert_eq!(s.viewer(), Seat::E, "the board shows the person to move");
    assert!(s.may_act(page()));
}

#[test]
fn undo_takes_back_the_round_and_stops_whatever_was_on_show_or_asked() {
    // 全明: nothing hidden, so any round can be taken back.
    let open = SiguoConfig {
        info: InfoMode::AllOpen,
        ..SiguoConfig::default()
    };
    let mut s = Session::new(Table::new(open, formations(11), 8).unwrap(), false);
    assert!(!s.may_undo());
    assert!(s.undo().is_empty(), "nothing to take back");
    let mv = some_move(&s);
    tap_move(&mut s, mv);
    computers_move(&mut s);
    assert_eq!(s.table().ply(), 4);
    assert!(s.may_undo());
    // The person picks a piece up, and asks for a hint.
    let next = some_move(&s);
    s.gesture(Gesture::Tap(next.from()), page());
    s.hint_answer(Some(&next.to_string()));
    assert_eq!(s.hint(), Some(next));
    let edits = s.edits();
    let fx = s.undo();
    assert_eq!(fx, vec![Effect::StopAnimation, Effect::Save]);
    assert_eq!(s.table().ply(), 0);
    assert!(s.edits() > edits);
    assert_eq!(
        s.hand(),
        &Default::default(),
        "nothing held of the position taken back"
    );
    assert_eq!(s.hint(), None);
    assert!(s.may_act(page()));
}

#[test]
fn a_hint_shows_only_a_legal_move_and_only_to_the_person_to_move() {
    let mut s = Session::new(
        Table::new(SiguoConfig::default(), formations(13), 1).unwrap(),
        false,
    );
    assert!(s
        .hint_question(TablePage {
            on_show: true,
            ..page()
        })
        .is_none());
    let q = s.hint_question(page()).expect("the person to move may ask");
    assert_eq!(q.seed, s.table().move_seed() ^ 0x4849_4e54);
    let mv = some_move(&s);
    let stuck = stuck_piece(&s);
    let illegal = Action::Move {
        from: stuck,
        to: mv.to(),
    }
    .to_string();
    for bad in [None, Some("nonsense"), Some(illegal.as_str())] {
        s.hint_answer(bad);
        assert_eq!((s.hint(), s.hand().selected), (None, None), "{bad:?}");
    }
    s.hint_answer(Some(&mv.to_string()));
    assert_eq!((s.hint(), s.hand().selected), (Some(mv), Some(mv.from())));
    // The piece is picked up: one tap plays the hint, and any move made takes it away.
    s.gesture(Gesture::Tap(mv.to()), page());
    s.confirm_stranding(page());
    assert_eq!(s.table().ply(), 1);
    assert_eq!(s.hint(), None);
    assert!(s.computer_question().is_some());
    assert!(
        s.hint_question(page()).is_none(),
        "not on a computer's turn"
    );
}

#[test]
fn the_clock_runs_only_on_the_table_and_a_turn_run_out_goes_on_at_once() {
    let config = SiguoConfig {
        move_seconds: 15,
        ..SiguoConfig::default()
    };
    let mut s = Session::new(
        Table::new(config.normalised(), formations(17), 3).unwrap(),
        false,
    );
    assert!(
        s.tick(1_000.0, page()).is_empty(),
        "the first tick only starts"
    );
    assert_eq!(s.ticks(), 0);
    // Another screen, a replay: the turn's time stands still.
    for still in [
        TablePage {
            away: true,
            ..page()
        },
        TablePage {
            replaying: true,
            ..page()
        },
    ] {
        assert!(s.tick(9_000.0, still).is_empty());
    }
    assert_eq!(s.table().move_left(), Some(15_000.0));
    assert_eq!(
        s.tick(10_000.0, page()),
        vec![Effect::Save],
        "running clocks are saved now and then"
    );
    assert_eq!(s.ticks(), 1);
    assert_eq!(s.table().move_left(), Some(14_000.0));
    assert!(s.tick(12_000.0, page()).is_empty());
    assert_eq!(s.table().move_left(), Some(12_000.0));
    assert_eq!(s.tick(15_000.0, page()), vec![Effect::Save]);
    // The person picks a piece up and lets the time run out.
    let mv = some_move(&s);
    s.gesture(Gesture::Tap(mv.from()), page());
    let fx = s.tick(30_000.0, page());
    assert_eq!(fx.first(), Some(&Effect::StopAnimation), "{fx:?}");
    assert!(fx.contains(&Effect::Save));
    assert_eq!(s.hand().selected, None, "what was held goes with the turn");
    assert_eq!(s.table().turn(), Seat::E);
    assert_eq!(s.table().timeouts(Seat::S), 1);
}

#[test]
fn a_draw_offered_too_early_is_declined_with_a_notice() {
    let mut s = Session::new(
        Table::new(SiguoConfig::default(), formations(19), 6).unwrap(),
        false,
    );
    assert!(!s.may_offer_draw(page()), "not in the first 20 plies");
    assert_eq!(
        s.offer_draw(page()),
        vec![Effect::Notice(crate::i18n::siguo_text::DRAW_DECLINED)]
    );
    assert!(
        s.offer_draw(TablePage {
            on_show: true,
            ..page()
        })
        .is_empty(),
        "not while a move is on show"
    );
    assert_eq!(s.table().ply(), 0, "nothing was played");
}

#[test]
fn guesses_are_marked_from_the_open_picker_and_saved() {
    let mut s = Session::new(
        Table::new(
            SiguoConfig {
                info: InfoMode::FourDark,
                ..SiguoConfig::default()
            },
            formations(23),
            2,
        )
        .unwrap(),
        false,
    );
    assert!(
        s.set_guess(Some(junqi_core::Role::Bomb)).is_empty(),
        "no picker open"
    );
    let hidden = s
        .table()
        .pieces(Seat::S)
        .into_iter()
        .find(|(_, _, role)| role.is_none())
        .map(|(p, _, _)| p)
        .expect("a hidden piece");
    s.gesture(Gesture::LongPress(hidden), page());
    assert_eq!(s.hand().guess_at, Some(hidden));
    let edits = s.edits();
    assert_eq!(
        s.set_guess(Some(junqi_core::Role::Bomb)),
        vec![Effect::Save]
    );
    assert!(s.edits() > edits);
    assert_eq!(s.hand().guess_at, None);
    assert_eq!(
        s.table().guesses(Seat::S),
        &[(hidden, junqi_core::Role::Bomb)]
    );
}

#[test]
fn a_move_typed_out_of_place_or_a_gesture_nobody_may_make_changes_nothing() {
    use crate::state::controller::Typed;
    let mut s = Session::new(
        Table::new(SiguoConfig::default(), formations(29), 2).unwrap(),
        false,
    );
    let edits = s.edits();
    assert_eq!(s.computer_question(), None, "the person is to move");
    let mv = some_move(&s);
    let stuck = stuck_piece(&s);
    let bad = Action::Move {
        from: stuck,
        to: mv.to(),
    };
    assert_eq!(
        s.typed(&bad.to_string(), page()),
        Err(Typed::CannotGo(stuck, bad))
    );
    let east = Action::Move {
        from: Point::in_area(Seat::E, 2, 0).unwrap(),
        to: Point::in_area(Seat::E, 2, 1).unwrap(),
    };
    assert_eq!(
        s.typed(&east.to_string(), page()),
        Err(Typed::NotYours(east.from()))
    );
    assert_eq!(s.typed("4-4", page()), Err(Typed::Unreadable));
    assert_eq!(s.edits(), edits);
    // Behind a replay nothing is picked up.
    let replay = TablePage {
        replaying: true,
        ..page()
    };
    assert!(s.gesture(Gesture::Tap(mv.from()), replay).is_empty());
    assert_eq!(s.hand().selected, None);
    assert_eq!(s.edits(), edits);
    // A game only computers play is watched: a tap picks nothing up.
    let mut all = SiguoConfig::default();
    for p in &mut all.players {
        p.human = false;
    }
    let mut w = Session::new(Table::new(all, formations(29), 2).unwrap(), false);
    let first = some_move(&w);
    assert!(w.gesture(Gesture::Tap(first.from()), page()).is_empty());
    assert_eq!(w.hand().selected, None);
    assert!(!w.may_act(page()) && !w.may_drag(first.from(), page()));
    assert!(w.computer_question().is_some());
}

#[test]
fn no_clock_runs_behind_a_hand_over_screen_nor_in_a_paused_watched_game() {
    let mut two = SiguoConfig {
        info: InfoMode::FourDark,
        clock_minutes: 5,
        ..SiguoConfig::default()
    };
    two.players[Seat::N.index()].human = true;
    let mut s = Session::new(
        Table::new(two.normalised(), formations(31), 2).unwrap(),
        false,
    );
    assert_eq!(s.handover(), Some(Seat::S));
    s.tick(1_000.0, page());
    assert!(s.tick(61_000.0, page()).is_empty());
    assert_eq!(s.table().clocks(), Some([300_000.0; 4]), "the screen is up");
    s.handover_ready();
    s.tick(62_000.0, page());
    assert_eq!(s.table().clocks().unwrap()[Seat::S.index()], 299_000.0);

    let mut all = SiguoConfig {
        clock_minutes: 5,
        ..SiguoConfig::default()
    };
    for p in &mut all.players {
        p.human = false;
    }
    let mut w = Session::new(
        Table::new(all.normalised(), formations(31), 2).unwrap(),
        false,
    );
    w.tick(1_000.0, page());
    for still in [
        TablePage {
            paused: true,
            ..page()
        },
        TablePage {
            on_show: true,
            ..page()
        },
    ] {
        assert!(w.tick(31_000.0, still).is_empty());
    }
    assert_eq!(w.ticks(), 0);
    w.tick(32_000.0, page());
    assert_eq!(w.ticks(), 1);
    assert_eq!(w.table().clocks().unwrap()[Seat::S.index()], 299_000.0);
}

#[test]
fn a_game_opened_after_its_result_was_counted_is_not_counted_again() {
    let mut s = Session::new(
        Table::new(SiguoConfig::default(), formations(37), 2).unwrap(),
        true,
    );
    let fx = resign_and_play_out(&mut s);
    assert!(s.table().is_over());
    assert_eq!(count(&fx, &Effect::Over), 1);
    assert_eq!(count(&fx, &Effect::CountResult), 0, "counted already");
    assert_eq!(fx.last(), Some(&Effect::Save));
}
