//! Two stores on one thread share the native stand-in storage: two tabs of one browser.

use super::*;

/// A tab, with no animations (natively nothing may wait on a timer).
fn tab() -> Store {
    let t = Store::new();
    t.reduced_motion.set(true);
    t
}

/// Starts a pass-and-play 明棋 game, both sides keeping the formation offered.
fn start_friend_game(t: &Store) -> String {
    t.config.set(GameConfig {
        mode: Mode::Open,
        opponent: Opponent::Friend,
        clock_minutes: 0,
        ..GameConfig::default()
    });
    t.start_game();
    t.setup_start();
    t.setup_start();
    assert_eq!(t.phase.get_untracked(), Phase::Play);
    current(t)
}

fn current(t: &Store) -> String {
    t.saves
        .with_untracked(|s| s.current.clone())
        .expect("a game in progress")
}

/// Plays `n` plies the way a person would, through the store.
fn play(t: &Store, n: usize) {
    for _ in 0..n {
        let action = t
            .with_match(|m| {
                let mut both = m.clone();
                both.config.opponent = Opponent::Watch;
                both.computer_action(1, 200)
            })
            .flatten()
            .expect("an action");
        t.act(action);
    }
}

fn stored() -> Saves {
    saves::read(&storage::load(saves::KEY).unwrap_or_default())
        .expect("readable saves")
        .saves
}

#[test]
fn same_game_in_two_tabs_the_older_closing_keeps_the_others_moves() {
    let a = tab();
    let id = start_friend_game(&a);
    play(&a, 4);
    // Tab B opens the same game and plays ten more moves.
    let b = tab();
    b.resume_last();
    assert_eq!(current(&b), id);
    play(&b, 10);
    assert_eq!(stored().get(&id).map(SavedGame::plies), Some(14));
    // Tab A, still at four moves, saves on closing (pagehide).
    a.autosave();
    assert_eq!(
        stored().get(&id).map(SavedGame::plies),
        Some(14),
        "B's moves survive"
    );
    assert!(a.elsewhere.get_untracked(), "A is told the game went on");
    assert!(!a.can_act_untracked(), "and no longer plays it");
    a.autosave();
    assert_eq!(stored().get(&id).map(SavedGame::plies), Some(14));
    // A loads the latest and plays on from there.
    a.reload_current();
    assert!(!a.elsewhere.get_untracked());
    play(&a, 1);
    assert_eq!(stored().get(&id).map(SavedGame::plies), Some(15));
}

#[test]
fn a_new_game_in_another_tab_survives_a_move_here() {
    let a = tab();
    let first = start_friend_game(&a);
    play(&a, 2);
    let b = tab();
    let second = start_friend_game(&b);
    assert_ne!(first, second);
    play(&a, 1);
    let s = stored();
    assert!(s.get(&second).is_some(), "B's game is still in the records");
    assert_eq!(s.get(&first).map(SavedGame::plies), Some(3));
    // And A's records list shows it without a reload.
    assert!(a.saves.with_untracked(|s| s.get(&second).is_some()));
    assert_eq!(current(&a), first, "A plays its own game still");
}

#[test]
fn results_counted_in_two_tabs_both_stay() {
    let a = tab();
    let b = tab();
    start_friend_game(&a);
    start_friend_game(&b);
    a.accept_draw();
    b.accept_draw();
    let text = storage::load(super::super::stats::STATS).unwrap_or_default();
    let s = Stats::from_text(&text).expect("readable stats");
    assert_eq!(s.friend[Mode::Open as usize].draws, 2, "{text}");
    assert_eq!(
        a.stats.with_untracked(|s| s.friend[0].draws),
        1,
        "A has not heard yet"
    );
    a.stats_changed_elsewhere();
    assert_eq!(a.stats.with_untracked(|s| s.friend[0].draws), 2);
}

#[test]
fn a_deleted_record_can_be_restored() {
    let a = tab();
    let id = start_friend_game(&a);
    play(&a, 2);
    a.open_new_game();
    a.open_records();
    a.delete_record(&id);
    assert!(stored().get(&id).is_none());
    assert!(a.last_deleted.with_untracked(Option::is_some));
    a.undo_delete();
    assert_eq!(stored().get(&id).map(SavedGame::plies), Some(2));
    assert!(a.last_deleted.with_untracked(Option::is_none));
}

/// 翻暗棋 against the computer: the turned piece's colour is the player's, nothing of the
/// shuffle but that piece is shown, and the game that follows is an ordinary 暗棋 game with
/// the player on that colour.
#[test]
fn colour_flip_gives_the_player_the_turned_colour() {
    for round in 0..6 {
        let t = tab();
        t.config.set(GameConfig {
            mode: Mode::Dark,
            opponent: Opponent::Computer,
            seat: 0,
            colour_flip: true,
            ..GameConfig::default()
        });
        t.start_game();
        assert_eq!(t.phase.get_untracked(), Phase::ColourFlip);
        let f = t.colour_flip.get_untracked().expect("the flip");
        assert!(f
            .view
            .cells
            .iter()
            .flatten()
            .all(|o| o.face_down && o.role.is_none()));
        assert_eq!(f.view.cells.iter().flatten().count(), 50);
        // A camp holds nothing to turn; the second tap changes nothing.
        t.colour_flip_tap(Point::all().find(|p| p.to_string() == "b3").unwrap());
        assert_eq!(t.colour_flip_result(), None, "round {round}");
        let occupied: Vec<Point> = Point::all()
            .filter(|p| f.view.cells[p.index()].is_some())
            .collect();
        let first = occupied[round * 7];
        t.colour_flip_tap(first);
        let color = t.colour_flip_result().expect("turned");
        t.colour_flip_tap(occupied[round * 7 + 1]);
        assert_eq!(
            t.colour_flip
                .get_untracked()
                .unwrap()
                .turned
                .map(|(p, _)| p),
            Some(first)
        );
        t.colour_flip_done();
        assert_eq!(t.phase.get_untracked(), Phase::Setup);
        let s = t.setup.get_untracked().expect("setup");
        assert_eq!(s.color, color);
        t.setup_start();
        assert_eq!(t.phase.get_untracked(), Phase::Play);
        let (mode, seat, my_colour) = t
            .with_match(|m| (m.mode(), m.config.seat, m.color_of(m.config.seat)))
            .unwrap();
        assert_eq!((mode, my_colour), (Mode::Dark, Some(color)));
        assert_eq!(t.config.get_untracked().seat, seat);
        t.open_new_game();
    }
}

/// 翻暗棋 in pass and play: when the one holding the device turns up Black, Red (the other
/// player) deploys first, after a hand-over.
#[test]
fn colour_flip_in_pass_and_play_hands_over_to_red_first() {
    let mut seen = [false; 2];
    for i in 0..40 {
        let t = tab();
        t.config.set(GameConfig {
            mode: Mode::Dark,
            opponent: Opponent::Friend,
            colour_flip: true,
            ..GameConfig::default()
        });
        t.start_game();
        let Some(p) = Point::all().skip(i).find(|p| {
            t.colour_flip
                .with_untracked(|f| f.as_ref().unwrap().view.cells[p.index()].is_some())
        }) else {
            continue;
        };
        t.colour_flip_tap(p);
        let color = t.colour_flip_result().unwrap();
        t.colour_flip_done();
        let s = t.setup.get_untracked().unwrap();
        assert_eq!((s.seat, s.color), (0, Seat::RED), "Red deploys first");
        match color {
            Seat::RED => assert_eq!(t.handover.get_untracked(), None),
            _ => assert_eq!(
                t.handover.get_untracked(),
                Some(Handover {
                    seat: 0,
                    color: Some(Seat::RED)
                })
            ),
        }
        seen[usize::from(color == Seat::BLACK)] = true;
        t.open_new_game();
        if seen == [true, true] {
            break;
        }
    }
    assert_eq!(seen, [true, true], "both colours turned up in 40 shuffles");
}
