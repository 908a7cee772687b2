use super::save::{self, SiguoSave, Unreadable};
use super::{SiguoConfig, Table};
use crate::ai::protocol::{answer, AiRequest};
use junqi_core::seat::{PerSeat, Seat};
use junqi_core::siguo::{InfoMode, Point};
use junqi_core::Action;
use junqi_core::Outcome;

fn formations(seed: u64) -> PerSeat<junqi_core::Deployment> {
    PerSeat::new_with(|s| junqi_ai::deploy::formation(seed + s.index() as u64))
}

/// The first move of `seat`'s first piece that can move.
fn first_move(t: &Table, seat: Seat) -> Action<Point> {
    t.pieces(seat)
        .into_iter()
        .filter(|(_, s, _)| *s == seat)
        .find_map(|(p, _, _)| t.dests(p).first().map(|d| Action::Move { from: p, to: *d }))
        .expect("a piece that can move")
}

fn computers(info: InfoMode, level: u8) -> SiguoConfig {
    let mut c = SiguoConfig {
        info,
        ..SiguoConfig::default()
    };
    for p in &mut c.players {
        p.human = false;
        p.level = level;
    }
    c
}

/// Plays the computer seats through the worker's request/response contract until the game
/// ends or `limit` plies pass.
fn play_out(t: &mut Table, limit: usize) {
    while t.ply() < limit {
        let Some((_, level)) = t.computer_to_move() else {
            break;
        };
        let res = answer(&AiRequest::siguo(t.ask(), level, t.move_seed()));
        assert!(res.error.is_none(), "{:?}", res.error);
        let mv: Action<Point> = res.action.expect("a move").parse().expect("a move string");
        t.play(mv).expect("a legal move");
    }
}

#[test]
fn a_finished_game_tallies_each_seat() {
    let mut t = Table::new(computers(InfoMode::FourDark, 1), formations(12), 3).unwrap();
    assert_eq!(t.summary(), None, "not before the end");
    play_out(&mut t, 2000);
    let sum = t.summary().expect("the game is over");
    // Every piece taken was lost by someone, and each seat that left says when and why.
    let took: usize = Seat::ALL.iter().map(|s| sum[*s].took).sum();
    let lost: usize = Seat::ALL.iter().map(|s| sum[*s].lost).sum();
    assert_eq!(took, lost);
    assert!(took > 0);
    for s in Seat::ALL {
        let row = t
            .rows()
            .iter()
            .find(|r| r.left.iter().any(|(o, _)| *o == s));
        assert_eq!(
            sum[s].out,
            row.map(|r| (r.ply, r.left.iter().find(|(o, _)| *o == s).unwrap().1))
        );
        assert_eq!(sum[s].out.is_some(), !t.is_in(s));
    }
}

#[test]
fn four_computers_finish_and_the_save_replays_to_the_same_end() {
    for (k, info) in InfoMode::ALL.into_iter().enumerate() {
        let mut t = Table::new(computers(info, 1), formations(10 * k as u64), 7).unwrap();
        play_out(&mut t, 2000);
        assert!(t.is_over(), "{info}: the game ended");
        let s = SiguoSave::of(&t, "g1", 1.0, 2.0, false);
        let back = SiguoSave::from_text(&s.to_text()).unwrap();
        assert_eq!(back, s);
        let again = back.table().unwrap();
        assert_eq!(again.outcome(), t.outcome());
        assert_eq!(again.rows(), t.rows());
        assert_eq!(again.view(Seat::N), t.view(Seat::N));
    }
}

#[test]
fn the_question_holds_only_what_the_seat_may_know() {
    let t = Table::new(computers(InfoMode::FourDark, 3), formations(3), 1).unwrap();
    let ask = t.ask();
    assert_eq!(ask.seat, 'S');
    for item in ask.view[2..].split(',') {
        let piece = item.split('=').nth(1).unwrap();
        if !piece.starts_with('0') {
            assert!(piece.ends_with('X'), "{item} must be hidden");
        }
    }
    let t = Table::new(computers(InfoMode::DoubleOpen, 3), formations(3), 1).unwrap();
    for item in t.ask().view[2..].split(',') {
        let piece = item.split('=').nth(1).unwrap();
        let mine = piece.starts_with('0') || piece.starts_with('2');
        assert_eq!(!piece.ends_with('X'), mine, "{item}");
    }
}

#[test]
fn a_person_moves_only_legal_moves_and_sees_removed_ranks_only_of_seats_it_may_see() {
    let mut t = Table::new(SiguoConfig::default(), formations(5), 2).unwrap();
    assert_eq!(t.human_to_move(), Some(Seat::S));
    assert_eq!(t.viewer(), Seat::S);
    let first = first_move(&t, Seat::S);
    let (own, to) = (first.from(), first.to());
    // Another seat's piece has no destinations for S, and a far jump is refused.
    let enemy = t
        .pieces(Seat::S)
        .into_iter()
        .find(|(_, s, _)| *s == Seat::E)
        .unwrap()
        .0;
    assert!(t.dests(enemy).is_empty());
    assert!(t
        .play(Action::Move {
            from: enemy,
            to: own
        })
        .is_err());
    t.play(Action::Move { from: own, to }).unwrap();
    assert_eq!(t.rows().len(), 1);
    assert_eq!(t.last_path().first(), Some(&own));
    assert_eq!(t.computer_to_move().map(|c| c.0), Some(Seat::E));
    // Resigning removes the seat; the removed ranks stay hidden from the enemies in 四暗.
    t.resign(Seat::E).unwrap();
    assert!(t.out().contains(&Seat::E));
    let (ranks, unknown) = t.removed_seen(Some(Seat::S), Seat::E);
    assert!(ranks.is_empty() && unknown == 25);
    let (ranks, unknown) = t.removed_seen(Some(Seat::E), Seat::E);
    assert_eq!((ranks.len(), unknown), (25, 0));
    // A finished game's replay with every piece open shows every rank.
    assert_eq!(t.removed_seen(None, Seat::E).0.len(), 25);
    // Every view of S: no identity of E's partner or enemies.
    for (_, s, role) in t.pieces(Seat::S) {
        assert_eq!(role.is_some(), s == Seat::S, "{s}");
    }
}

#[test]
fn damaged_and_newer_saves_are_refused_and_left_alone() {
    assert!(matches!(
        SiguoSave::from_text("{"),
        Err(Unreadable::Damaged(_))
    ));
    assert!(matches!(
        SiguoSave::from_text(r#"{"version": 99, "anything": 1}"#),
        Err(Unreadable::Newer(99))
    ));
    crate::state::storage::save(&save::key("bad"), "{not json");
    let t = Table::new(SiguoConfig::default(), formations(1), 1).unwrap();
    assert!(save::write(&SiguoSave::of(&t, "good", 1.0, 1.0, false)));
    let (games, bad) = save::list();
    assert_eq!(games.len(), 1);
    assert_eq!(bad.len(), 1);
    assert_eq!(
        crate::state::storage::load(&save::key("bad")).as_deref(),
        Some("{not json")
    );
}

#[test]
fn a_team_wins_when_both_enemies_resign() {
    let mut t = Table::new(SiguoConfig::default(), formations(9), 4).unwrap();
    t.resign(Seat::E).unwrap();
    t.resign(Seat::W).unwrap();
    assert!(matches!(t.outcome(), Some(Outcome::Win { .. })));
    assert!(t.human_to_move().is_none() && t.computer_to_move().is_none());
}

#[test]
fn undo_takes_back_the_persons_move_and_the_computers_after_it() {
    // 四暗, and a first round in which no piece met another.
    let mut t = Table::new(SiguoConfig::default(), formations(55), 9).unwrap();
    assert_eq!(t.undo_to(Seat::S), None);
    let (from, to) = t
        .pieces(Seat::S)
        .into_iter()
        .filter(|(_, s, _)| *s == Seat::S)
        .find_map(|(p, _, _)| t.dests(p).first().map(|d| (p, *d)))
        .unwrap();
    t.play(Action::Move { from, to }).unwrap();
    play_out(&mut t, 4);
    assert_eq!(t.ply(), 4);
    assert_eq!(t.human_to_move(), Some(Seat::S));
    let k = t.undo_to(Seat::S).unwrap();
    assert_eq!(k, 0);
    let back = t.at_ply(k).unwrap();
    assert_eq!(back.ply(), 0);
    assert_eq!(
        back.view(Seat::S),
        Table::new(SiguoConfig::default(), formations(55), 9)
            .unwrap()
            .view(Seat::S)
    );
    // Not for a computer seat, and not with two people at the table.
    assert_eq!(t.undo_to(Seat::E), None);
    let mut two = SiguoConfig::default();
    two.players[2].human = true;
    let t2 = Table::new(two, formations(55), 9).unwrap();
    assert_eq!(t2.undo_to(Seat::S), None);
}

/// An undo keeps the clocks as they stand and never takes back a turn lost to the timer.
#[test]
fn undo_keeps_the_time_spent_and_stops_at_a_turn_run_out() {
    let config = SiguoConfig {
        clock_minutes: 5,
        move_seconds: 30,
        ..SiguoConfig::default()
    }
    .normalised();
    let mut t = Table::new(config, formations(55), 9).unwrap();
    assert_eq!(t.tick(20_000.0, false), None);
    t.play(first_move(&t, Seat::S)).unwrap();
    play_out(&mut t, 4);
    assert_eq!(t.human_to_move(), Some(Seat::S));
    let clocks = t.clocks().unwrap();
    assert_eq!(clocks[0], 280_000.0);
    let back = t.undone(Seat::S).unwrap().unwrap();
    assert_eq!(back.ply(), 0);
    assert_eq!(back.clocks(), Some(clocks), "the time spent stays spent");
    // S lets its next turn run out: nothing before that turn is taken back any more.
    assert_eq!(t.tick(0.0, false), None);
    let left = t.move_left().unwrap();
    assert_eq!(t.tick(left, false), Some(Seat::S));
    assert_eq!(t.timeouts(Seat::S), 1);
    play_out(&mut t, 8);
    assert_eq!(t.human_to_move(), Some(Seat::S));
    assert_eq!(t.undo_to(Seat::S), None);
    assert!(t.undone(Seat::S).is_none());
}

#[test]
fn each_seat_is_told_the_round_since_its_own_turn() {
    let mut t = Table::new(computers(InfoMode::FourDark, 1), formations(5), 2).unwrap();
    assert!(t.since_turn_of(Seat::S).is_empty());
    play_out(&mut t, 3);
    // S, E and N moved: S is told E and N; W, who has not acted, the whole game; N, who
    // acted last, its own move alone.
    let round: Vec<Seat> = t.since_turn_of(Seat::S).iter().map(|r| r.seat).collect();
    assert_eq!(round, [Seat::E, Seat::N]);
    assert_eq!(t.since_turn_of(Seat::W).len(), 3);
    assert_eq!(t.since_turn_of(Seat::N).len(), 1);
    assert_eq!(t.since_turn_of(Seat::N)[0].seat, Seat::N);
    play_out(&mut t, 5);
    // W and S moved: the round for E is N, W and S.
    let round: Vec<Seat> = t.since_turn_of(Seat::E).iter().map(|r| r.seat).collect();
    assert_eq!(round, [Seat::N, Seat::W, Seat::S]);
    // A seat that is out is told the latest round only.
    t.resign(Seat::E).unwrap();
    play_out(&mut t, 12);
    assert_eq!(t.since_turn_of(Seat::E).len(), 3);
}

#[test]
fn rows_name_only_the_pieces_a_seat_may_know() {
    use crate::i18n::{siguo_text::row_text, Lang};
    let mut t = Table::new(computers(InfoMode::FourDark, 1), formations(8), 4).unwrap();
    // A contact in which South's piece met an enemy's.
    let row = loop {
        let limit = t.ply() + 1;
        play_out(&mut t, limit);
        assert!(!t.is_over() && t.ply() < 600, "South met an enemy");
        let r = t.rows().last().unwrap();
        let met = t.met_seen_by(None, r);
        let enemy = |s: Seat| !t.partners(s, Seat::S) && s != Seat::S;
        let south_attacks = r.seat == Seat::S && met.target.is_some_and(|(s, _)| enemy(s));
        let south_attacked = enemy(r.seat) && met.target.is_some_and(|(s, _)| s == Seat::S);
        if r.contact.is_some() && (south_attacks || south_attacked) {
            break r.clone();
        }
    };
    let all = t.met_seen_by(None, &row);
    assert!(all.mover.is_some() && all.target.is_some_and(|(_, r)| r.is_some()));
    let south = t.met_seen_by(Some(Seat::S), &row);
    let text = row_text(row.facts(), south, Some(Seat::S), Lang::En);
    if row.seat == Seat::S {
        // South knows its own attacker, not the enemy it met.
        assert_eq!(south.mover, all.mover);
        assert_eq!(south.target.map(|(_, r)| r), Some(None));
        let name = crate::i18n::role_name(all.mover.unwrap(), Lang::En);
        assert!(text.starts_with(&format!("Your {name} ")), "{text}");
        let zh = crate::i18n::role_name(all.mover.unwrap(), Lang::Zh);
        let text = row_text(row.facts(), south, Some(Seat::S), Lang::Zh);
        assert!(text.starts_with(&format!("你的{zh} ")), "{text}");
        // Watching (no seat), the mover is named by its seat.
        let text = row_text(row.facts(), all, None, Lang::En);
        assert!(text.starts_with(&format!("South {name} ")), "{text}");
    } else {
        // South knows its own piece that was attacked, not the attacker.
        assert_eq!(south.mover, None);
        assert_eq!(south.target, all.target);
        assert!(text.contains("your "), "{text}");
    }
    // North, South's partner, sees none of South's pieces in 四暗.
    let north = t.met_seen_by(Some(Seat::N), &row);
    assert!(north.mover.is_none() && north.target.is_some_and(|(_, r)| r.is_none()));
    assert!(!row_text(row.facts(), north, Some(Seat::N), Lang::En).contains("your "));
}

#[test]
fn undo_with_hidden_pieces_takes_back_only_actions_that_revealed_nothing() {
    for info in InfoMode::ALL {
        let config = SiguoConfig {
            info,
            ..SiguoConfig::default()
        };
        let mut t = Table::new(config, formations(41), 9).unwrap();
        // Play until the person is to move again after a round in which something was shown
        // (a contact, a seat leaving), the game going on.
        let revealed_since_own_move = |t: &Table| {
            let own = t
                .rows()
                .iter()
                .rposition(|r| r.seat == Seat::S && r.mv.is_some());
            own.is_some_and(|k| t.rows()[k..].iter().any(|r| r.revealed))
        };
        loop {
            let limit = t.ply() + 1;
            play_with_person(&mut t, limit);
            assert!(!t.is_over() && t.ply() < 400, "{info}: a contact came");
            if t.human_to_move() != Some(Seat::S) {
                continue;
            }
            if revealed_since_own_move(&t) {
                break;
            }
            // Nothing shown since the person's move: it may be taken back in every mode.
            assert!(t.undo_to(Seat::S).is_some(), "{info}: a quiet round");
        }
        let k = t
            .rows()
            .iter()
            .rposition(|r| r.seat == Seat::S && r.mv.is_some());
        if info == InfoMode::AllOpen {
            assert_eq!(t.undo_to(Seat::S), k, "{info}: every piece is seen anyway");
            assert!(!t.undo_is_limited());
        } else {
            assert_eq!(
                t.undo_to(Seat::S),
                None,
                "{info}: a contact cannot be unseen"
            );
            assert!(t.undo_is_limited());
        }
    }
}

/// Plays the person's seat with its first legal move and the computers through the worker's
/// contract, for `plies` plies.
fn play_with_person(t: &mut Table, plies: usize) {
    while t.ply() < plies && !t.is_over() {
        if let Some(s) = t.human_to_move() {
            let mv = first_move(t, s);
            t.play(mv).unwrap();
        } else {
            let limit = t.ply() + 1;
            play_out(t, limit);
        }
    }
}

#[test]
fn computers_decline_a_draw_too_early_or_when_their_side_is_ahead() {
    let mut t = Table::new(SiguoConfig::default(), formations(31), 5).unwrap();
    play_with_person(&mut t, 8);
    assert!(!t.computers_accept_draw(Seat::S), "not before 20 plies");
    play_with_person(&mut t, 24);
    // The partner leaves: the enemies, two against one, are ahead and say no.
    t.resign(Seat::N).unwrap();
    assert!(!t.computers_accept_draw(Seat::S));
    assert!(!t.computers_accept_draw(Seat::E), "only the person offers");
    // An agreed draw ends the game and replays.
    t.agree_draw(Seat::S).unwrap();
    assert!(matches!(
        t.outcome(),
        Some(Outcome::Draw {
            reason: junqi_core::DrawReason::Agreed
        })
    ));
    let again = Table::from_record(t.config.clone(), t.record(), t.seed).unwrap();
    assert_eq!(again.outcome(), t.outcome());
}

#[test]
fn a_seat_out_of_time_leaves_and_the_clocks_are_saved() {
    let config = SiguoConfig {
        clock_minutes: 5,
        ..SiguoConfig::default()
    };
    let mut t = Table::new(config, formations(41), 6).unwrap();
    assert_eq!(t.clocks(), Some([300_000.0; 4]));
    assert_eq!(t.tick(120_000.0, false), None);
    let s = SiguoSave::of(&t, "c", 1.0, 1.0, false);
    let back = SiguoSave::from_text(&s.to_text()).unwrap().table().unwrap();
    assert_eq!(back.clocks().unwrap()[0], 180_000.0);
    assert_eq!(t.tick(180_000.0, false), Some(Seat::S));
    assert!(t.out().contains(&Seat::S));
    assert_eq!(t.turn(), Seat::E, "the next seat moves");
    let mut none = Table::new(SiguoConfig::default(), formations(41), 6).unwrap();
    assert_eq!(none.tick(1e9, false), None);
}

/// The per-move timer: only a person's turn is timed; one that runs out passes the turn and
/// counts, the `timeout_limit`-th puts the seat out; the record replays the missed turns and
/// a save keeps the time left of the turn.
#[test]
fn a_person_whose_move_time_runs_out_loses_the_turn_and_the_limit_puts_the_seat_out() {
    let mut config = SiguoConfig {
        move_seconds: 15,
        ..SiguoConfig::default()
    };
    config.rules.rules.timeout_limit = 3;
    let config = config.normalised();
    assert_eq!(config.rules.rules.timeout_limit, 3);
    let mut t = Table::new(config, formations(43), 9).unwrap();
    assert!(t.is_timed() && t.clocks().is_none());
    assert_eq!(t.turn(), Seat::S);
    assert_eq!(t.move_left(), Some(15_000.0));
    assert_eq!(t.tick(10_000.0, false), None);
    assert_eq!(t.move_left(), Some(5_000.0));
    let s = SiguoSave::of(&t, "m", 1.0, 1.0, false);
    let back = SiguoSave::from_text(&s.to_text()).unwrap().table().unwrap();
    assert_eq!(
        back.move_left(),
        Some(5_000.0),
        "the save keeps the turn's time"
    );
    let mut missed = 0u8;
    while !t.out().contains(&Seat::S) {
        if t.turn() == Seat::S {
            // A new turn starts with the whole time, not charged the last one's.
            assert_eq!(t.tick(0.0, false), None);
            let left = t.move_left().expect("a timed turn");
            assert_eq!(left, if missed == 0 { 5_000.0 } else { 15_000.0 });
            assert_eq!(t.tick(left, false), Some(Seat::S));
            missed += 1;
            if !t.out().contains(&Seat::S) {
                assert_eq!(t.timeouts(Seat::S), missed);
                assert_ne!(t.turn(), Seat::S, "the turn passed");
            }
            continue;
        }
        // Computer seats are never timed.
        assert_eq!(t.move_left(), None);
        assert_eq!(t.tick(60_000.0, false), None);
        let ask = t.ask();
        let res = answer(&AiRequest::siguo(ask, 1, t.move_seed()));
        let mv: Action<Point> = res.action.unwrap().parse().unwrap();
        t.play(mv).unwrap();
    }
    assert_eq!(missed, 3, "the third turn run out puts S out");
    let again = Table::from_record(t.config.clone(), t.record(), t.seed).unwrap();
    assert!(again.out().contains(&Seat::S));
    assert_eq!(again.ply(), t.ply());
}

#[test]
fn guesses_stay_on_their_piece_and_are_saved() {
    use junqi_core::Role;
    let mut t = Table::new(SiguoConfig::default(), formations(51), 8).unwrap();
    let own = t.pieces(Seat::S)[0].0;
    assert!(
        !t.set_guess(Seat::S, own, Some(Role::Bomb)),
        "not on an own piece"
    );
    // Let E move a piece, with a mark on it, and check the mark follows.
    let mut moved = None;
    while moved.is_none() {
        if t.human_to_move().is_some() {
            let next = t.ply() + 1;
            play_with_person(&mut t, next);
            continue;
        }
        let ask = t.ask();
        let res = answer(&AiRequest::siguo(ask, 1, t.move_seed()));
        let mv: Action<Point> = res.action.unwrap().parse().unwrap();
        let by = t.turn();
        if by != Seat::S {
            assert!(t.set_guess(Seat::S, mv.from(), Some(Role::Engineer)));
        }
        t.play(mv).unwrap();
        if by != Seat::S {
            moved = Some((mv, by));
        }
    }
    let (mv, by) = moved.unwrap();
    let marks = t.guesses(Seat::S).to_vec();
    match t
        .pieces(Seat::S)
        .into_iter()
        .find(|(p, _, _)| *p == mv.to())
    {
        Some((_, s, _)) if s == by => assert!(marks.contains(&(mv.to(), Role::Engineer))),
        _ => assert!(!marks.iter().any(|(p, _)| *p == mv.from() || *p == mv.to())),
    }
    let s = SiguoSave::of(&t, "g", 1.0, 1.0, false);
    let back = SiguoSave::from_text(&s.to_text()).unwrap().table().unwrap();
    assert_eq!(back.guesses(Seat::S), t.guesses(Seat::S));
}

#[test]
fn an_imported_record_becomes_a_game_of_its_own_and_a_bad_one_changes_nothing() {
    let mut t = Table::new(computers(InfoMode::AllOpen, 1), formations(61), 2).unwrap();
    play_out(&mut t, 2000);
    let record = t.record().clone();
    save::import(&record, "imported-1", 5.0).unwrap();
    let (games, _) = save::list();
    let g = games.iter().find(|g| g.id == "imported-1").unwrap();
    assert!(g.finished());
    assert_eq!(g.table().unwrap().outcome(), t.outcome());
    let mut bad = record.clone();
    bad.events.truncate(3);
    bad.events
        .push(junqi_core::siguo::SiguoEvent::Resign { seat: Seat::E });
    bad.events
        .push(junqi_core::siguo::SiguoEvent::Resign { seat: Seat::E });
    assert!(save::import(&bad, "imported-2", 6.0).is_err());
    assert!(save::read("imported-2").is_none());
}

#[test]
fn the_fallback_move_is_legal_and_repeatable() {
    let t = Table::new(computers(InfoMode::FourDark, 3), formations(71), 1).unwrap();
    let m = t.fallback_move(9).unwrap();
    assert!(t.dests(m.from()).contains(&m.to()));
    assert_eq!(t.fallback_move(9), Some(m));
}

/// 四方混战 and 三国 at the app's table: computers play them to the end (one seat left, or a
/// draw), W's area stays empty at 三国, the save, the share link and an import give the same
/// game back, the tally and the result speak of the seats at the table.
#[test]
fn games_at_the_other_tables_are_played_saved_and_shared() {
    use crate::i18n::{siguo_text, Lang};
    use junqi_core::siguo::{SiguoRecord, Table as Seats};
    let mut wins = 0;
    for (k, table) in [Seats::Each, Seats::Three].into_iter().enumerate() {
        let mut config = computers(InfoMode::FourDark, 1);
        config.rules.table = table;
        let config = config.normalised();
        let mut f = formations(20 + k as u64);
        for s in config.empty_areas() {
            f[s] = junqi_core::Deployment::empty();
        }
        let mut t = Table::new(config, f, 5 + k as u64).unwrap();
        if table == Seats::Three {
            assert!(t.pieces(Seat::S).iter().all(|(_, s, _)| *s != Seat::W));
            assert_eq!(t.config.empty_areas(), [Seat::W]);
        }
        assert!(!t.partners(Seat::S, Seat::N), "{table:?}: each for himself");
        play_out(&mut t, 3000);
        assert!(t.is_over(), "{table:?}: the game ended");
        let outcome = t.outcome().unwrap();
        if let Outcome::Win { team, .. } = outcome {
            let winners: Vec<Seat> = t.config.seats().filter(|s| t.is_in(*s)).collect();
            assert_eq!(winners.len(), 1, "{table:?}: one seat is left");
            assert_eq!(table.seating().team(winners[0]), team);
            let text = siguo_text::outcome_text(&outcome, table, None, Lang::En);
            let name = siguo_text::seat_name(winners[0], Lang::En);
            assert!(text.starts_with(&format!("{name} wins (")), "{text}");
            let mine = siguo_text::outcome_text(&outcome, table, Some(winners[0]), Lang::En);
            assert!(mine.starts_with("You win!"), "{mine}");
            assert_eq!(
                t.out().len() + 1,
                t.config.seats().count(),
                "{table:?}: out, but for one"
            );
        }
        wins += matches!(outcome, Outcome::Win { .. }) as usize;
        let sum = t.summary().unwrap();
        let took: usize = t.config.seats().map(|s| sum[s].took).sum();
        let lost: usize = t.config.seats().map(|s| sum[s].lost).sum();
        assert_eq!(took, lost);

        let s = SiguoSave::of(&t, "t1", 1.0, 2.0, false);
        let back = SiguoSave::from_text(&s.to_text()).unwrap().table().unwrap();
        assert_eq!((back.outcome(), back.rows()), (t.outcome(), t.rows()));
        assert_eq!(back.config.table(), table);

        let link = t.record().to_compact();
        let shared = SiguoRecord::from_compact(&link).unwrap();
        let opened = Table::from_record(SiguoConfig::default(), &shared, 1).unwrap();
        assert_eq!((opened.outcome(), opened.rows()), (t.outcome(), t.rows()));
        assert_eq!(opened.config.table(), table);
        save::import(&shared, &format!("other-table-{k}"), 3.0).unwrap();
    }
    assert!(wins > 0, "no game at the other tables was won");
}

/// A game in play at 三国: the person at S is told the round since its turn, two moves at
/// most (three seats); a game in play is not counted.
#[test]
fn three_seats_make_a_round_of_two() {
    use junqi_core::siguo::Table as Seats;
    let mut config = computers(InfoMode::FourDark, 1);
    config.rules.table = Seats::Three;
    config.players[0].human = true;
    let config = config.normalised();
    let mut f = formations(40);
    f[Seat::W] = junqi_core::Deployment::empty();
    let mut t = Table::new(config, f, 9).unwrap();
    for _ in 0..6 {
        match t.computer_to_move() {
            Some(_) => {
                let next = t.ply() + 1;
                play_out(&mut t, next);
            }
            None => {
                let mv = t.fallback_move(t.move_seed()).unwrap();
                t.play(mv).unwrap();
            }
        }
    }
    assert!(t.rows().iter().all(|r| r.seat != Seat::W), "W never moves");
    assert!(t.since_turn_of(Seat::S).len() <= 2);
    assert!(!t.is_over());
}

#[test]
fn the_reading_commands_say_only_what_the_seat_may_know() {
    use crate::i18n::{reading, role_name, Lang};
    let t = Table::new(SiguoConfig::default(), formations(5), 2).unwrap();
    let pieces = t.pieces(Seat::S);
    let mine = reading::siguo_mine(&pieces, Seat::S, Lang::En);
    assert!(
        mine.starts_with("Your pieces, 25: Field Marshal "),
        "{mine}"
    );
    assert!(
        mine.ends_with("East: 25 pieces. North: 25 pieces. West: 25 pieces."),
        "{mine}"
    );
    let own = pieces
        .iter()
        .find(|(p, s, _)| *s == Seat::S && !t.dests(*p).is_empty())
        .map(|(p, _, _)| *p)
        .unwrap();
    let dests = t.dests(own);
    let text = reading::siguo_reach(
        &t.view(Seat::S),
        &pieces,
        t.guesses(Seat::S),
        Seat::S,
        Some(own),
        &dests,
        Lang::En,
    );
    assert!(text.contains(&format!(" on {own} can reach ")), "{text}");
    for d in &dests {
        assert!(text.contains(&format!("{d} ")), "{d} in {text}");
    }
    // No other seat's piece is named by its role, and another seat's piece is not the
    // viewer's to read.
    for role in junqi_core::Role::ALL {
        for seat in ["East", "North", "West"] {
            let named = format!("{seat}'s {}", role_name(role, Lang::En));
            assert!(!text.contains(&named), "{text}");
        }
    }
    let enemy = pieces.iter().find(|(_, s, _)| *s == Seat::E).unwrap().0;
    assert_eq!(
        reading::siguo_reach(
            &t.view(Seat::S),
            &pieces,
            t.guesses(Seat::S),
            Seat::S,
            Some(enemy),
            &[],
            Lang::En
        ),
        format!("No piece of yours stands on {enemy}.")
    );
}

#[test]
fn a_game_in_play_keeps_the_computers_formations_as_their_seed_only() {
    use junqi_core::siguo::SiguoRecord;
    // A person at S against three computers, whose formations come from the game's seed.
    let seed = 0x5eed;
    let config = SiguoConfig::default();
    let rules = config.rules.rules;
    let mut person = formations(3);
    for s in [Seat::E, Seat::N, Seat::W] {
        person.0[s.index()] = save::computer_formation(seed, s, &rules);
    }
    let mut t = Table::new(config.clone(), person.clone(), seed).unwrap();
    play_with_person(&mut t, 8);
    assert!(!t.is_over());
    let text = SiguoSave::of(&t, "g", 1.0, 2.0, false).to_text();
    // Not one computer formation is in the stored text; the person's own is.
    let stored = SiguoSave::from_text(&text).unwrap();
    for s in [Seat::E, Seat::N, Seat::W] {
        assert_eq!(
            stored.record.formations[s.index()],
            junqi_core::Deployment::empty(),
            "{s}"
        );
        let f = SiguoRecord::new(config.info, config.rules, person.clone()).to_json();
        let seat_formation = serde_json::from_str::<serde_json::Value>(&f).unwrap()["formations"]
            [s.index()]
        .as_str()
        .unwrap()
        .to_string();
        assert!(!text.contains(&seat_formation), "{s}'s formation is stored");
    }
    assert_eq!(stored.drawn, vec![Seat::E, Seat::N, Seat::W]);
    // Opened again, the game is the same game.
    let back = stored.table().unwrap();
    assert_eq!(back.record(), t.record());
    // Over, the record is kept whole (everything is shown at the end; exports need it).
    t.resign(Seat::S).unwrap();
    t.resign(Seat::N).unwrap();
    assert!(t.is_over());
    let done = SiguoSave::from_text(&SiguoSave::of(&t, "g", 1.0, 3.0, false).to_text()).unwrap();
    assert!(done.drawn.is_empty());
    assert_eq!(&done.record, t.record());
    // A game whose computer formations do not come from its seed (an imported one) keeps
    // them as they are.
    let other = Table::new(config, formations(4), seed).unwrap();
    let kept = SiguoSave::of(&other, "h", 1.0, 1.0, false);
    assert!(kept.drawn.is_empty());
    assert_eq!(&kept.record, other.record());
}

#[test]
fn a_version_1_save_with_every_formation_still_opens() {
    let t = Table::new(SiguoConfig::default(), formations(6), 9).unwrap();
    let mut v1 = SiguoSave::of(&t, "old", 1.0, 1.0, false);
    v1.version = 1;
    v1.drawn.clear();
    v1.record = t.record().clone();
    let mut json: serde_json::Value = serde_json::from_str(&v1.to_text()).unwrap();
    json.as_object_mut().unwrap().remove("drawn");
    let opened = SiguoSave::from_text(&json.to_string()).unwrap();
    assert_eq!(opened.table().unwrap().record(), t.record());
}

/// Carrying the flag on the cross board: computers play a 全明 game under `carry_flag_home`
/// until a flag is taken; the table then names its owner and the carrier's point (a piece of
/// an enemy of the owner stands there), and the owner is still in until the flag gets home.
#[test]
fn a_carried_flag_is_named_with_its_carrier() {
    let mut config = computers(InfoMode::AllOpen, 2);
    config.rules.rules.carry_flag_home = true;
    let config = config.normalised();
    assert!(
        config.rules.rules.carry_flag_home,
        "offered on the cross board"
    );
    let mut seen = false;
    for seed in 0..12u64 {
        let mut t = Table::new(config.clone(), formations(200 + seed), seed).unwrap();
        while !t.is_over() && t.ply() < 700 && t.carries().is_empty() {
            let limit = t.ply() + 1;
            play_out(&mut t, limit);
        }
        let carries = t.carries();
        let Some(&(owner, at)) = carries.first() else {
            continue;
        };
        let carrier = t.pieces(Seat::S).into_iter().find(|(p, _, _)| *p == at);
        let (_, by, _) = carrier.expect("a carrier on the point");
        assert!(t.config.rules.table.seating().are_enemies(owner, by));
        assert!(
            !t.out().contains(&owner),
            "the owner plays on while its flag is carried"
        );
        seen = true;
        break;
    }
    assert!(seen, "no game of twelve carried a flag");
}

/// A seat that leaves on its own turn passes it without a new ply: the next person still starts
/// with the whole per-move time, and a computer move on show is not charged to them.
#[test]
fn the_next_person_starts_with_the_whole_move_time() {
    let mut config = SiguoConfig {
        move_seconds: 15,
        ..SiguoConfig::default()
    };
    config.players[1].human = true;
    let mut t = Table::new(config.normalised(), formations(44), 9).unwrap();
    assert_eq!(t.tick(14_000.0, false), None);
    assert_eq!(t.move_left(), Some(1_000.0));
    t.resign(Seat::S).unwrap();
    assert_eq!(t.turn(), Seat::E);
    assert_eq!(t.move_left(), Some(15_000.0));
    assert_eq!(
        t.tick(2_000.0, false),
        None,
        "a new turn is not charged the last one's time"
    );
    assert_eq!(t.tick(2_000.0, false), None);
    assert_eq!(t.move_left(), Some(13_000.0));
    assert_eq!(
        t.tick(20_000.0, true),
        None,
        "not while a computer move is on show"
    );
    assert_eq!(t.move_left(), Some(13_000.0));
}

/// 全明: the attack preview names each enemy piece in reach with the core's outcome, never a
/// partner's piece; with hidden pieces there is none.
#[test]
fn the_attack_preview_asks_the_core_and_only_when_every_piece_is_open() {
    let open = SiguoConfig {
        info: InfoMode::AllOpen,
        ..SiguoConfig::default()
    };
    let mut t = Table::new(open, formations(61), 3).unwrap();
    let mut seen = 0;
    while seen == 0 && t.ply() < 400 && !t.is_over() {
        if t.human_to_move() == Some(Seat::S) {
            let truth = t.view(Seat::S);
            for (p, seat, _) in t.pieces(Seat::S) {
                if seat != Seat::S {
                    continue;
                }
                for (to, clash) in t.attack_preview(p) {
                    let (me, them) = (truth.at(p).unwrap(), truth.at(to).unwrap());
                    assert!(
                        them.seat == Seat::E || them.seat == Seat::W,
                        "an enemy: {to}"
                    );
                    let expected = junqi_core::contact(
                        me.role.unwrap(),
                        them.role.unwrap(),
                        junqi_core::Mode::Open,
                        &t.config.rules.rules,
                    );
                    assert_eq!(clash, expected, "{p} attacks {to}");
                    assert!(t.dests(p).contains(&to));
                    seen += 1;
                }
            }
        }
        let limit = t.ply() + 1;
        play_with_person(&mut t, limit);
    }
    assert!(seen > 0, "some attack came in reach");
    // With hidden pieces there is none.
    let mut dark = Table::new(SiguoConfig::default(), formations(61), 3).unwrap();
    assert_eq!(dark.config.info, InfoMode::FourDark);
    while dark.ply() < t.ply() && !dark.is_over() {
        for (p, _, _) in dark.pieces(Seat::S) {
            assert!(dark.attack_preview(p).is_empty());
        }
        let limit = dark.ply() + 1;
        play_with_person(&mut dark, limit);
    }
}

/// The person's hand at the cross board: a tap picks a piece up, another moves it; a tap on a
/// hidden piece opens its guess; nothing is picked up while the person may not act; a drop on a
/// destination moves, elsewhere the piece goes back; a typed move is checked and played.
#[test]
fn the_hand_picks_up_moves_guesses_and_types() {
    use super::hand::{AtBoard, Hand};
    use crate::ground::drag::Gesture;
    use crate::state::controller::Typed;
    let t = Table::new(SiguoConfig::default(), formations(5), 2).unwrap();
    let me = AtBoard {
        viewer: Seat::S,
        may_act: true,
    };
    let first = first_move(&t, Seat::S);
    let (own, to) = (first.from(), first.to());
    let hidden = t
        .pieces(Seat::S)
        .into_iter()
        .find(|(_, s, role)| *s == Seat::E && role.is_none())
        .unwrap()
        .0;
    let mut h = Hand::default();
    assert_eq!(h.tap(&t, me, own), None);
    assert_eq!(h.selected, Some(own));
    assert_eq!(h.tap(&t, me, own), None, "tapped again: put back");
    assert_eq!(h.selected, None);
    h.tap(&t, me, own);
    assert_eq!(h.tap(&t, me, to), Some(Action::Move { from: own, to }));
    assert_eq!(h, Hand::default());
    // A hidden piece: its guess picker, the piece picked up put back.
    h.tap(&t, me, own);
    assert_eq!(h.tap(&t, me, hidden), None);
    assert_eq!((h.selected, h.guess_at), (None, Some(hidden)));
    // Not the person's turn: nothing picked up, a guess still opens.
    let waiting = AtBoard {
        may_act: false,
        ..me
    };
    let mut h = Hand::default();
    assert_eq!(h.tap(&t, waiting, own), None);
    assert_eq!(h.selected, None);
    assert_eq!(h.gesture(&t, waiting, Gesture::LongPress(hidden)), None);
    assert_eq!(h.guess_at, Some(hidden));
    // A drag: onto a destination it moves; anywhere else the piece goes back.
    let mut h = Hand::default();
    let drop = |to| Gesture::Drop { from: own, to };
    assert_eq!(h.gesture(&t, me, drop(Some(own))), None);
    assert_eq!(h.gesture(&t, waiting, drop(Some(to))), None, "not now");
    assert_eq!(h.gesture(&t, me, drop(None)), None);
    // Escape (the keys' put-back, a drop nowhere from the cursor's point, wherever that is)
    // puts the piece picked up back.
    h.tap(&t, me, own);
    assert_eq!(h.selected, Some(own));
    let escape = Gesture::Drop {
        from: hidden,
        to: None,
    };
    assert_eq!(h.gesture(&t, me, escape), None);
    assert_eq!(h.selected, None);
    // …and closes the question about a move that would leave the person no move.
    h.stranding = Some(Action::Move { from: own, to });
    assert_eq!(h.gesture(&t, me, escape), None);
    assert_eq!(h.stranding, None);
    assert_eq!(
        h.gesture(&t, me, drop(Some(to))),
        Some(Action::Move { from: own, to })
    );
    // Typed: unreadable, not now, not one's own piece, not a move it can make, played.
    let mut h = Hand::default();
    assert_eq!(h.typed(&t, me, "??"), Err(Typed::Unreadable));
    let text = format!("{own}-{to}");
    assert_eq!(h.typed(&t, waiting, &text), Err(Typed::NotNow));
    let theirs = Action::Move { from: hidden, to };
    assert_eq!(
        h.typed(&t, me, &theirs.to_string()),
        Err(Typed::NotYours(hidden))
    );
    let far = Action::Move {
        from: own,
        to: hidden,
    };
    assert_eq!(
        h.typed(&t, me, &far.to_string()),
        Err(Typed::CannotGo(own, far))
    );
    assert_eq!(
        h.typed(&t, me, &text),
        Ok(Some(Action::Move { from: own, to }))
    );
    assert_eq!(h.confirm(me), None, "nothing to confirm");
}

#[test]
fn the_table_decides_draw_offers_resignations_counting_and_computer_answers() {
    // One person at S against three computers, 四暗.
    let person = SiguoConfig {
        info: InfoMode::FourDark,
        ..SiguoConfig::default()
    };
    assert_eq!(person.humans(), [Seat::S]);
    let mut t = Table::new(person.clone(), formations(5), 11).unwrap();
    assert!(t.counts_for_rank(), "one person against computers at 四国");
    assert!(t.undo_limit_told());
    assert!(t.may_resign(Seat::S));
    assert!(!t.may_resign(Seat::E), "a computer's seat");
    assert!(!t.may_offer_draw(Seat::S), "not in the first 20 plies");
    // A computer's answer: its move when legal, else a legal move drawn from the seed.
    let own = first_move(&t, Seat::S);
    assert_eq!(t.answer(Some(&own.to_string()), 1), Some(own));
    let fallback = t.answer(None, 1).expect("a move");
    assert!(t.dests(fallback.from()).contains(&fallback.to()));
    assert_eq!(t.answer(Some("??"), 1), Some(fallback));
    let nothing_there = Action::Move {
        from: own.to(),
        to: own.from(),
    };
    assert_eq!(
        t.answer(Some(&nothing_there.to_string()), 1),
        Some(fallback),
        "illegal"
    );
    // A one-step move runs one step; with the board still, nothing.
    t.play(own).unwrap();
    let steps = t.last_path().len() as u32 - 1;
    assert!(steps >= 1);
    assert_eq!(t.last_move_ms(100), 100 * steps);
    assert_eq!(t.last_move_ms(0), 0);
    // After 20 plies the person may offer a draw; the computers judge it.
    while t.ply() < 20 {
        let mv = t.answer(None, t.ply() as u64).unwrap();
        t.play(mv).unwrap();
    }
    assert!(t.is_over() || t.may_offer_draw(Seat::S));
    assert!(!t.may_offer_draw(Seat::E));
    // Resigned, the seat may not resign again nor offer a draw.
    if !t.is_over() {
        t.resign(Seat::S).unwrap();
        assert!(!t.may_resign(Seat::S));
        assert!(!t.may_offer_draw(Seat::S));
    }
    // 四方混战 and 三国 are not counted; 全明 tells of no undo limit.
    for table in [
        junqi_core::siguo::Table::Each,
        junqi_core::siguo::Table::Three,
    ] {
        let mut c = person.clone();
        c.rules.table = table;
        let c = c.normalised();
        let mut f = formations(5);
        for s in c.empty_areas() {
            f[s] = junqi_core::Deployment::empty();
        }
        let t = Table::new(c, f, 11).unwrap();
        assert!(!t.counts_for_rank(), "{table:?}");
    }
    let open = SiguoConfig {
        info: InfoMode::AllOpen,
        ..person
    };
    assert!(!Table::new(open, formations(5), 11)
        .unwrap()
        .undo_limit_told());
}
