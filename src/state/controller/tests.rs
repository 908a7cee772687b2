//! The controller natively: gestures, the computer's answers, clocks, the buttons and the
//! hand-overs, with what each answer asks the store to do.

use super::*;
use crate::ground::drag::Gesture;
use crate::state::config::GameConfig;
use junqi_core::{Action, Deployment, Outcome, Setup};

/// The play screen of the tab playing the game, without animations.
const PAGE: Page = Page {
    in_play: true,
    passive: false,
    connected: true,
    step_ms: 0,
};

fn pt(s: &str) -> Point {
    Point::all().find(|p| p.to_string() == s).expect("a point")
}

fn config(mode: Mode, opponent: Opponent, seat: u8) -> GameConfig {
    GameConfig {
        mode,
        opponent,
        level: 1,
        seat,
        clock_minutes: 0,
        move_seconds: 0,
        ..GameConfig::default()
    }
}

/// A game from the two classic formations (Red: classic 1, Black: classic 2).
fn game(cfg: GameConfig) -> Match {
    Match::new(
        cfg,
        Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
        1,
    )
    .unwrap()
}

fn controller(mode: Mode, opponent: Opponent, seat: u8) -> Controller {
    Controller::new(
        game(config(mode, opponent, seat)),
        None,
        None,
        [None; POINTS],
        false,
        0.0,
    )
}

fn tap(c: &mut Controller, s: &str) -> Vec<Effect> {
    c.gesture(Gesture::Tap(pt(s)), PAGE)
}

fn sound(cue: Cue) -> Effect {
    Effect::Sound { cue, delay_ms: 0 }
}

/// Plays `n` plies, each side choosing as the computer would.
fn play_plies(c: &mut Controller, n: usize) {
    for _ in 0..n {
        let mut both = c.game().clone();
        both.config.opponent = Opponent::Watch;
        let a = both.computer_action(1, 200).expect("an action");
        let fx = c.act(a, 0);
        assert!(fx.contains(&Effect::Save), "{a} was played: {fx:?}");
    }
}

#[test]
fn a_move_against_the_computer_and_its_answer() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    assert!(c.can_act(PAGE));
    assert_eq!(c.computer_question(1, PAGE), None, "the person moves first");
    // Pick up a piece, then move it.
    assert_eq!(tap(&mut c, "c6"), vec![]);
    assert_eq!(c.selected(), Some(pt("c6")));
    let fx = tap(&mut c, "d5");
    assert_eq!(
        fx,
        vec![
            Effect::Save,
            Effect::CountResult,
            sound(Cue::Move),
            Effect::StopAnimation
        ]
    );
    assert_eq!(c.selected(), None);
    assert_eq!(c.edits(), 1);
    let shown = c.shown().unwrap();
    assert_eq!(shown.seat, 0, "the board stays the player's");
    assert_eq!(shown.last, Some((pt("c6"), pt("d5"))));
    assert!(!c.can_act(PAGE), "the computer's turn");
    assert_eq!(tap(&mut c, "d5"), vec![], "taps wait for the computer");
    // The computer is asked with its own view; an unreadable answer is replaced by a search.
    let req = c.computer_question(1, PAGE).expect("a question");
    assert!(!req.view.is_empty());
    assert_eq!(
        c.computer_question(
            1,
            Page {
                passive: true,
                ..PAGE
            }
        ),
        None
    );
    let fx = c.computer_answer(1, Some("nonsense"), 0);
    assert!(fx.contains(&Effect::Save), "{fx:?}");
    assert_eq!(c.game().plies(), 2);
    assert!(c.can_act(PAGE));
    assert_eq!(c.move_list(Lang::En).len(), 2);
    // The hint is asked for the displayed seat; an answer counts only while legal.
    let hint = c.hint_question(1).expect("a hint question");
    assert_eq!(hint.me, Some(Seat::RED));
    assert_eq!(c.legal_answer(Some("c6-d5")), None, "d5 is taken now");
    assert_eq!(c.legal_answer(Some("nonsense")), None);
    assert!(c.caption(Lang::En).is_some());
}

#[test]
fn an_animated_action_holds_the_board_until_it_finishes() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    let step = Page {
        step_ms: 100,
        ..PAGE
    };
    c.gesture(Gesture::Tap(pt("a6")), step);
    // The major general takes the lieutenant: the contact sounds when the pieces meet.
    let fx = c.gesture(Gesture::Tap(pt("a7")), step);
    assert!(matches!(fx.last(), Some(Effect::Animate(_))), "{fx:?}");
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Sound { delay_ms, .. } if *delay_ms > 0)));
    assert!(c.animating());
    assert_eq!(c.shown().unwrap().last, None, "the old board while it runs");
    assert_eq!(
        c.computer_question(1, PAGE),
        None,
        "the computer waits for it"
    );
    assert_eq!(c.finish(), vec![]);
    assert!(!c.animating());
    assert_eq!(c.shown().unwrap().last, Some((pt("a6"), pt("a7"))));
    assert!(c.computer_question(1, PAGE).is_some());
}

#[test]
fn illegal_taps_and_actions_change_nothing() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    // An own piece that cannot move (a landmine or the flag): a refusal sound, no selection.
    let view = c.shown().unwrap().view.clone();
    let actions = view.legal_actions();
    let stuck = Point::all()
        .find(|p| {
            view.cells[p.index()].is_some_and(|o| o.color == Some(Seat::RED))
                && !actions
                    .iter()
                    .any(|a| matches!(a, Action::Move { from, .. } if from == p))
        })
        .expect("an immovable piece");
    assert_eq!(
        c.gesture(Gesture::Tap(stuck), PAGE),
        vec![sound(Cue::Illegal)]
    );
    assert_eq!(c.selected(), None);
    // An enemy piece with nothing picked up: nothing at all.
    assert_eq!(tap(&mut c, "a7"), vec![]);
    // A piece picked up and an unreachable point: put down, nothing played.
    tap(&mut c, "c6");
    assert_eq!(tap(&mut c, "c9"), vec![]);
    assert_eq!(c.selected(), None);
    // An illegal drop is refused by the referee, and said.
    let fx = c.gesture(
        Gesture::Drop {
            from: pt("c6"),
            to: Some(pt("c9")),
        },
        PAGE,
    );
    assert_eq!(fx, vec![sound(Cue::Illegal), Effect::Notice(i18n::ILLEGAL)]);
    assert_eq!(c.game().plies(), 0);
    assert!(c.can_act(PAGE));
    // Not while another tab plays the game.
    let away = Page {
        passive: true,
        ..PAGE
    };
    assert_eq!(c.gesture(Gesture::Tap(pt("c6")), away), vec![]);
    assert_eq!(c.selected(), None);
}

/// What the board is given in 暗棋 never names an enemy piece, whoever looks.
fn assert_no_enemy_named(c: &Controller) {
    let Some(s) = c.shown() else { return };
    let me = s.view.me.expect("a colour");
    for o in s.view.cells.iter().flatten() {
        if o.color != Some(me) {
            assert_eq!(o.role, None, "{me:?} is shown an enemy {o:?}");
        }
    }
}

#[test]
fn in_hidden_games_the_board_never_names_an_enemy_piece() {
    let mut c = controller(Mode::Dark, Opponent::Computer, 0);
    assert_no_enemy_named(&c);
    for _ in 0..12 {
        if c.game().outcome().is_some() {
            break;
        }
        play_plies(&mut c, 1);
        assert_no_enemy_named(&c);
    }
    // Pass and play: each seat's board, after each hand-over.
    let mut f = controller(Mode::Dark, Opponent::Friend, 0);
    for _ in 0..8 {
        let h = f.handover().expect("a hand-over");
        f.handover_ready(h.seat, true);
        assert_eq!(f.shown().map(|s| s.seat), Some(h.seat));
        assert_no_enemy_named(&f);
        play_plies(&mut f, 1);
        assert!(f.shown().is_none(), "hidden while the device changes hands");
    }
}

#[test]
fn a_clock_that_runs_out_loses_the_game() {
    let mut c = Controller::new(
        game(config(Mode::Open, Opponent::Computer, 0)),
        Some([1_000.0, 1_000.0]),
        None,
        [None; POINTS],
        false,
        0.0,
    );
    assert_eq!(c.tick(400.0, PAGE), vec![Effect::SaveClockIfDue]);
    assert_eq!(c.clock().unwrap().left, [600.0, 1_000.0]);
    // Not in a tab that only shows the game.
    let away = Page {
        passive: true,
        ..PAGE
    };
    assert_eq!(c.tick(900.0, away), vec![]);
    assert_eq!(c.clock().unwrap().left, [600.0, 1_000.0]);
    let fx = c.tick(1_600.0, PAGE);
    assert_eq!(
        fx,
        vec![
            Effect::Save,
            Effect::StopAnimation,
            Effect::CountResult,
            Effect::Over
        ]
    );
    assert_eq!(c.clock().unwrap().left, [0.0, 1_000.0]);
    assert_eq!(
        c.game().outcome().and_then(Outcome::winning_seat),
        Some(Seat::BLACK)
    );
    assert!(!c.can_act(PAGE));
}

#[test]
fn a_per_move_timer_that_runs_out_passes_the_turn() {
    let mut cfg = config(Mode::Open, Opponent::Computer, 0);
    cfg.move_seconds = 10;
    let mut c = Controller::new(game(cfg), None, Some(3_000.0), [None; POINTS], false, 0.0);
    assert_eq!(c.move_timer().unwrap().left, 3_000.0, "as saved");
    tap(&mut c, "c6");
    assert_eq!(c.tick(2_000.0, PAGE), vec![]);
    let fx = c.tick(3_500.0, PAGE);
    assert_eq!(fx, vec![sound(Cue::Illegal), Effect::Save]);
    assert_eq!(c.timeouts(), [1, 0]);
    assert_eq!(c.selected(), None);
    assert_eq!(c.game().seat_to_move(), Some(1));
    let t = c.move_timer().unwrap();
    assert_eq!((t.left, t.ply), (10_000.0, c.game().position().ply()));
    // The computer's own turn is not timed.
    assert_eq!(c.tick(60_000.0, PAGE), vec![]);
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    assert!(c.undo_allowed());
    assert!(!c.can_undo(), "nothing to take back yet");
    tap(&mut c, "c6");
    tap(&mut c, "d5");
    c.computer_answer(1, None, 0);
    assert!(c.can_undo());
    assert_eq!(c.undo(0), vec![Effect::Save]);
    assert_eq!(c.game().plies(), 0);
    assert_eq!(c.game().seat_to_move(), Some(0));
    let s = c.shown().unwrap();
    assert_eq!((s.seat, s.last), (0, None));
    assert_eq!(c.undo(0), vec![], "nothing left");
    // Never in pass and play.
    assert!(!controller(Mode::Open, Opponent::Friend, 0).undo_allowed());
}

#[test]
fn resigning_after_the_first_twenty_plies_ends_the_game() {
    let mut c = controller(Mode::Open, Opponent::Computer, 1);
    assert_eq!(c.acting_seat(), 1);
    assert!(!c.may_resign());
    assert_eq!(c.resign(), vec![Effect::Notice(i18n::RESIGN_TOO_EARLY)]);
    assert!(c.game().outcome().is_none());
    play_plies(&mut c, 20);
    if c.game().outcome().is_some() {
        return; // a quick win: nothing left to resign
    }
    assert!(c.may_resign());
    let fx = c.resign();
    assert_eq!(
        fx,
        vec![
            Effect::Save,
            Effect::StopAnimation,
            Effect::CountResult,
            Effect::Over
        ]
    );
    assert_eq!(
        c.game().outcome().and_then(Outcome::winning_seat),
        Some(Seat::RED),
        "the computer (seat 0) wins"
    );
    assert_eq!(c.shown().map(|s| s.seat), Some(1));
    assert!(!c.can_act(PAGE));
}

#[test]
fn a_draw_offered_and_accepted() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    assert_eq!(c.offer_draw(), DrawOffer::Declined, "not in a lively game");
    let fx = c.accept_draw();
    assert_eq!(fx.last(), Some(&Effect::Over));
    assert!(matches!(c.game().outcome(), Some(Outcome::Draw { .. })));
    // A friend is asked, on behalf of the seat to move.
    let mut f = controller(Mode::Open, Opponent::Friend, 0);
    play_plies(&mut f, 1);
    assert_eq!(f.offer_draw(), DrawOffer::Ask { from: 1 });
}

#[test]
fn pass_and_play_hands_the_device_over_in_hidden_games() {
    let mut c = controller(Mode::Dark, Opponent::Friend, 0);
    assert_eq!(
        c.handover(),
        Some(Handover {
            seat: 0,
            color: Some(Seat::RED)
        })
    );
    assert!(c.shown().is_none());
    assert!(!c.can_act(PAGE));
    c.handover_ready(0, true);
    assert!(c.can_act(PAGE));
    // Red marks a guess, then moves: the device goes to Black, Red's marks stay Red's.
    c.gesture(Gesture::LongPress(pt("a7")), PAGE);
    assert_eq!(c.guess_at(), Some(pt("a7")));
    c.close_guess();
    assert_eq!(c.guess_at(), None);
    c.gesture(Gesture::LongPress(pt("c6")), PAGE);
    assert_eq!(c.guess_at(), None, "no guesses on one's own pieces");
    c.gesture(Gesture::LongPress(pt("a7")), PAGE);
    assert_eq!(c.set_guess(pt("a7"), Some(Role::Bomb)), vec![Effect::Save]);
    assert_eq!(c.guess_at(), None);
    tap(&mut c, "c6");
    let fx = tap(&mut c, "d5");
    assert!(fx.contains(&Effect::Save));
    assert_eq!(
        c.handover(),
        Some(Handover {
            seat: 1,
            color: Some(Seat::BLACK)
        })
    );
    assert!(c.shown().is_none());
    assert_eq!(c.guesses(), &[None; POINTS], "Black never sees Red's marks");
    // While the device changes hands only public facts are listed.
    assert_eq!(c.move_list(Lang::En).len(), 1);
    c.handover_ready(1, true);
    assert_eq!(c.shown().unwrap().seat, 1);
    assert_eq!(c.shown().unwrap().orientation, Orientation::BlackBottom);
    tap(&mut c, "c7");
    tap(&mut c, "d8");
    c.handover_ready(0, true);
    assert_eq!(c.guesses()[pt("a7").index()], Some(Role::Bomb));
    // 明棋: no hand-over, the board turns to the seat to move.
    let mut open = controller(Mode::Open, Opponent::Friend, 0);
    assert_eq!(open.handover(), None);
    tap(&mut open, "c6");
    tap(&mut open, "d5");
    assert_eq!(open.handover(), None);
    assert_eq!(open.shown().unwrap().seat, 1);
    // Face to face: one board, Black's labels turned.
    open.set_face_to_face(true);
    tap(&mut open, "c7");
    tap(&mut open, "d8");
    let s = open.shown().unwrap();
    assert_eq!(
        (s.orientation, s.turned),
        (Orientation::RedBottom, Some(Seat::BLACK))
    );
}

#[test]
fn a_typed_move_is_played_when_legal_and_refused_with_its_reason() {
    let mut c = controller(Mode::Open, Opponent::Computer, 0);
    assert_eq!(c.typed("c6 to d5", PAGE), Err(Typed::Unreadable));
    assert_eq!(c.typed("c12-c11", PAGE), Err(Typed::NotYours(pt("c12"))));
    assert_eq!(
        c.typed("c6-c9", PAGE),
        Err(Typed::CannotGo(
            pt("c6"),
            Action::Move {
                from: pt("c6"),
                to: pt("c9")
            }
        ))
    );
    assert_eq!(c.typed("c6", PAGE), Err(Typed::NoFlip(pt("c6"))));
    assert_eq!(c.edits(), 0, "nothing refused is played");
    let fx = c.typed(" c6-d5 ", PAGE).expect("legal");
    assert!(fx.contains(&Effect::Save));
    assert_eq!(c.shown().unwrap().last, Some((pt("c6"), pt("d5"))));
    // The computer's turn now.
    assert_eq!(c.typed("d5-c6", PAGE), Err(Typed::NotNow));
    let refusal =
        crate::i18n::board_words::typed_refusal(&Typed::<_>::NotYours(pt("c12")), Lang::En);
    assert_eq!(refusal, "No piece of yours stands on c12.");
}

/// 暗棋 with the notebook on (pass and play): a tap on a hidden enemy piece shows its note
/// instead of doing nothing, a tap on one's own piece still picks it up, and an attack is still
/// an attack. The notebook is the displayed seat's and goes behind the hand-over.
#[test]
fn the_notebook_notes_hidden_enemy_pieces() {
    let mut c = controller(Mode::Dark, Opponent::Friend, 0);
    c.handover_ready(0, true);
    tap(&mut c, "a7");
    assert_eq!(
        c.noted(),
        None,
        "off by default: a tap on an enemy piece does nothing"
    );
    assert!(c.notebook().is_none());
    c.set_notebook(true);
    let book = c.notebook().expect("on in 暗棋");
    // Black's front row: the setup rules alone say it is no landmine, flag or bomb.
    let front = book.proven_at(pt("a7")).expect("a hidden enemy piece");
    assert_eq!(front.count_ones(), 9);
    assert!(
        book.proven_at(pt("c6")).is_none(),
        "own pieces have no note"
    );
    tap(&mut c, "a7");
    assert_eq!(c.noted(), Some(pt("a7")));
    assert_eq!(c.selected(), None);
    tap(&mut c, "c6");
    assert_eq!(c.noted(), None);
    assert_eq!(c.selected(), Some(pt("c6")));
    tap(&mut c, "a7");
    assert_eq!(
        c.noted(),
        Some(pt("a7")),
        "c6 cannot reach a7: the note opens"
    );
    tap(&mut c, "c6");
    tap(&mut c, "d5");
    assert!(c.shown().is_none(), "handed over");
    assert!(c.notebook().is_none(), "nothing behind the hand-over");
    assert_eq!(c.noted(), None);
    c.handover_ready(1, true);
    // Black's notebook: Red's piece that moved to d5 is no landmine or flag.
    let book = c.notebook().expect("Black's notebook");
    let moved = book.proven_at(pt("d5")).expect("a hidden Red piece");
    assert_eq!(
        moved & (1 << Role::Landmine as u16 | 1 << Role::Flag as u16),
        0
    );
    let i = book.note_at(pt("d5")).expect("noted");
    assert!(matches!(
        book.book.notes[i].clues.as_slice(),
        [junqi_core::deduce::Clue::Moved { ply: 1 }]
    ));
    c.set_notebook(false);
    assert!(c.notebook().is_none());
}

/// A game of the course (`GameConfig::coach`) or not, with the grown-up's coach on.
fn coached(mode: Mode, opponent: Opponent, course: bool) -> Controller {
    let mut c = Controller::new(
        game(GameConfig {
            coach: course,
            ..config(mode, opponent, 0)
        }),
        None,
        None,
        [None; POINTS],
        false,
        0.0,
    );
    c.set_coach(true);
    c
}

/// The first of Red's moves in `c`'s position that the coach warns of.
fn warned_move(c: &Controller) -> (Action, junqi_ai::coach::Warning) {
    let view = c.shown().expect("a board").view.clone();
    view.legal_actions()
        .into_iter()
        .find_map(|a| junqi_ai::coach::warn(&view, a).map(|w| (a, w)))
        .expect("a move the coach warns of")
}

#[test]
fn the_coach_holds_a_move_that_gives_something_away_once() {
    let mut c = coached(Mode::Open, Opponent::Computer, true);
    let (action, warning) = warned_move(&c);
    let (from, to) = (action.from().to_string(), action.to().to_string());
    tap(&mut c, &from);
    assert_eq!(tap(&mut c, &to), vec![sound(Cue::Hint)], "held back");
    assert_eq!(c.coached(), Some(Coached { action, warning }));
    assert_eq!(c.game().plies(), 0, "nothing played");
    assert_eq!(c.selected(), None);
    // Choose another: the warning goes, the piece is still picked up.
    c.coach_back();
    assert_eq!((c.coached(), c.selected()), (None, Some(action.from())));
    // The same move again is played; so is "play it anyway".
    assert!(tap(&mut c, &to).contains(&Effect::Save));
    assert_eq!(c.coached(), None);

    // Picking up another piece answers the warning too; the next board warns afresh.
    let mut c = coached(Mode::Open, Opponent::Computer, true);
    tap(&mut c, &from);
    tap(&mut c, &to);
    let other = c
        .shown()
        .unwrap()
        .view
        .legal_actions()
        .into_iter()
        .find(|a| a.from() != action.from())
        .unwrap();
    tap(&mut c, &other.from().to_string());
    assert_eq!(c.coached(), None);
    let mut c = coached(Mode::Open, Opponent::Computer, true);
    tap(&mut c, &from);
    tap(&mut c, &to);
    assert!(c.coached().is_some());
    assert!(c.coach_play(PAGE).contains(&Effect::Save));
    assert_eq!(c.game().plies(), 1);
}

#[test]
fn without_the_coach_or_outside_a_game_against_the_computer_in_the_open_nothing_is_held() {
    let probe = coached(Mode::Open, Opponent::Computer, true);
    let (action, _) = warned_move(&probe);
    let (from, to) = (action.from().to_string(), action.to().to_string());
    for (mode, opponent, course, coach) in [
        (Mode::Open, Opponent::Computer, true, false),
        (Mode::Open, Opponent::Computer, false, true),
        (Mode::Open, Opponent::Friend, true, true),
    ] {
        let mut c = coached(mode, opponent, course);
        c.set_coach(coach);
        tap(&mut c, &from);
        assert!(
            tap(&mut c, &to).contains(&Effect::Save),
            "{mode:?} {opponent:?} {course} {coach}"
        );
        assert_eq!(c.coached(), None);
    }
}

/// 旁观: nobody at the device plays; each side's question holds only its own view; the eyes
/// choose what the board shows (one side's view or every piece) and the game ends by itself.
#[test]
fn a_watched_game_plays_itself_and_shows_the_eyes_chosen() {
    let mut c = controller(Mode::Dark, Opponent::Watch, 0);
    let hidden = |c: &Controller| {
        c.shown()
            .unwrap()
            .view
            .cells
            .iter()
            .filter(|o| o.is_some_and(|o| o.role.is_none()))
            .count()
    };
    assert!(!c.can_act(PAGE), "no seat is a person's");
    assert_eq!(tap(&mut c, "c6"), vec![]);
    assert_eq!(c.selected(), None);
    assert!(!c.undo_allowed() && !c.may_resign());
    assert_eq!(c.resign(), vec![], "nobody resigns a watched game");
    // Red's eyes first: Black's 25 pieces hidden.
    assert_eq!((c.eyes(), c.shown().unwrap().seat), (Eyes::Red, 0));
    assert_eq!(hidden(&c), 25);
    for ply in 0..40u32 {
        let seat = (ply % 2) as u8;
        let req = c
            .computer_question(1, PAGE)
            .expect("each side is asked in turn");
        assert_eq!(req.me, c.game().color_of(seat));
        assert_eq!(
            req.view,
            c.game().view_of(seat).to_jfen(),
            "its own view only"
        );
        assert_ne!(req.view, c.game().open_view().to_jfen());
        let fx = c.computer_answer(1, None, 0);
        assert!(fx.contains(&Effect::Save), "{fx:?}");
    }
    assert_eq!(c.game().plies(), 40);
    // Black's eyes: the board turns, Red's pieces hidden; all open: nothing hidden, and the
    // move list and the trays name every piece.
    c.set_eyes(Eyes::Black);
    let shown = c.shown().unwrap();
    assert_eq!(
        (shown.seat, shown.orientation),
        (1, Orientation::BlackBottom)
    );
    assert!(hidden(&c) > 0);
    c.set_eyes(Eyes::Open);
    assert_eq!(hidden(&c), 0);
    assert_eq!(c.shown().unwrap().orientation, Orientation::RedBottom);
    let open = c.game().open_tray().unwrap();
    assert_eq!(c.tray_for(c.shown().unwrap().seat), open);
    assert_eq!(c.move_list(Lang::En).len(), 40);
    // Played on, the game ends by itself.
    let mut over = false;
    for _ in 0..3000 {
        if c.computer_question(1, PAGE).is_none() {
            break;
        }
        over |= c.computer_answer(1, None, 0).contains(&Effect::Over);
    }
    assert!(over && c.game().outcome().is_some(), "the game ended");
}

/// 旁观 in 明棋 and 翻棋: both sides are the computer's; 翻棋's face-down pieces stay face down
/// whatever the eyes, and the board does not turn (one fixed board).
#[test]
fn watched_open_and_flip_games_play_themselves() {
    for mode in [Mode::Open, Mode::Flip] {
        let m = Match::new(
            config(mode, Opponent::Watch, 0),
            match mode {
                Mode::Flip => Setup::Shuffle { seed: 9 },
                _ => Setup::Deployments {
                    red: Deployment::classic_1(),
                    black: Deployment::classic_2(),
                },
            },
            4,
        )
        .unwrap();
        let mut c = Controller::new(m, None, None, [None; POINTS], false, 0.0);
        assert!(!c.can_act(PAGE), "{mode}");
        for _ in 0..30 {
            let fx = c.computer_answer(1, None, 0);
            assert!(fx.contains(&Effect::Save), "{mode}: {fx:?}");
        }
        c.set_eyes(Eyes::Black);
        let shown = c.shown().unwrap();
        let turned = if mode == Mode::Flip {
            Orientation::RedBottom
        } else {
            Orientation::BlackBottom
        };
        assert_eq!(shown.orientation, turned, "{mode}");
        if mode == Mode::Flip {
            let down = |c: &Controller| {
                c.shown()
                    .unwrap()
                    .view
                    .cells
                    .iter()
                    .filter(|o| o.is_some_and(|o| o.face_down))
                    .count()
            };
            assert!(down(&c) > 0);
            let before = down(&c);
            c.set_eyes(Eyes::Open);
            assert_eq!(down(&c), before, "nobody has seen a face-down piece");
        }
    }
}
