//! Property tests: legality is exact, notation round-trips, records replay, hidden identities
//! stay hidden, and no input makes a parser panic.

mod common;

use common::{random_position, random_rules, Kind};
use junqi_core::*;
use proptest::prelude::*;

const KINDS: [Kind; 3] = [
    Kind {
        unknown_enemies: false,
        face_down: false,
    },
    Kind {
        unknown_enemies: true,
        face_down: false,
    },
    Kind {
        unknown_enemies: false,
        face_down: true,
    },
];

/// Plays a seeded random game in `mode`, returning the game.
fn random_game(mode: Mode, rules: Rules, seed: u64, max_plies: usize) -> Game {
    let setup = match mode {
        Mode::Flip => Setup::Shuffle { seed },
        _ => Setup::Deployments {
            red: Deployment::random(seed),
            black: Deployment::random(seed ^ 0xb1ac),
        },
    };
    let mut game = Game::new(mode, rules, setup).unwrap();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..max_plies {
        let acts = game.position().legal_actions();
        if acts.is_empty() {
            break;
        }
        let a = acts[rng.below(acts.len() as u64) as usize];
        game.play(a).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

    #[test]
    fn play_accepts_exactly_the_legal_actions(seed in any::<u64>(), k in 0usize..3) {
        let pos = random_position(seed, KINDS[k], random_rules(seed));
        let legal = pos.legal_actions();
        for from in Point::all() {
            for to in Point::all() {
                if from == to { continue; }
                let a = Action::Move { from, to };
                let listed = legal.contains(&a);
                prop_assert_eq!(pos.is_legal(a), listed);
                let mut p = pos.clone();
                match p.play(a) {
                    Ok(_) => prop_assert!(listed, "{} accepted but not listed", a),
                    Err(IllegalAction::UnknownIdentity(_)) => prop_assert!(listed),
                    Err(_) => {
                        prop_assert!(!listed, "{} listed but refused", a);
                        prop_assert_eq!(&p, &pos, "a refused action changed nothing");
                    }
                }
            }
            let f = Action::Flip(from);
            prop_assert_eq!(pos.is_legal(f), legal.contains(&f));
        }
    }

    #[test]
    fn jfen_round_trips(seed in any::<u64>(), k in 0usize..3) {
        let pos = random_position(seed, KINDS[k], Rules::default());
        let text = pos.to_jfen();
        let back = Position::from_jfen_with(&text, Some(pos.mode()), Rules::default()).unwrap();
        prop_assert_eq!(back.to_jfen(), text);
        prop_assert_eq!(back.legal_actions(), pos.legal_actions());
    }

    #[test]
    fn deployments_round_trip(seed in any::<u64>()) {
        let d = Deployment::random(seed);
        let text = d.to_string();
        let back: Deployment = text.parse().unwrap();
        prop_assert_eq!(&back, &d);
        prop_assert_eq!(back.to_string().to_lowercase().parse::<Deployment>().unwrap(), d.clone());
        prop_assert!(d.mirrored().is_valid());
    }

    #[test]
    fn records_replay_to_the_same_position(seed in any::<u64>(), m in 0usize..3) {
        let mode = Mode::ALL[m];
        let game = random_game(mode, random_rules(seed), seed, 120);
        let json = game.record().to_json();
        let record = GameRecord::from_json(&json).unwrap();
        prop_assert_eq!(&record, &game.record());
        let replayed = Game::replay(&record).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
    }

    #[test]
    fn compact_records_round_trip(seed in any::<u64>(), m in 0usize..3) {
        let mode = Mode::ALL[m];
        let game = random_game(mode, random_rules(seed), seed, 150);
        let text = game.record().to_compact();
        prop_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let back = GameRecord::from_compact(&text).unwrap();
        let replayed = Game::replay(&back).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(back.result, game.record().result);
    }

    #[test]
    fn compact_text_never_panics(s in "[A-Za-z0-9_-]{0,200}") {
        if let Ok(r) = GameRecord::from_compact(&s) {
            let _ = Game::replay(&r);
        }
    }

    #[test]
    fn dark_views_hide_enemy_identities(seed in any::<u64>()) {
        let game = random_game(Mode::Dark, Rules { engineer_scouts: seed % 2 == 0, ..Rules::default() }, seed, 200);
        let pos = game.position();
        for viewer in Seat::RED_BLACK {
            let view = game.view(Some(viewer));
            for p in Point::all() {
                let Some(o) = view.cells[p.index()] else { continue };
                if o.color == Some(viewer.other_side()) && o.role.is_some() {
                    prop_assert!(pos.public().contains(p) || pos.is_over(),
                        "{} sees the enemy on {}", viewer.side_name(), p);
                }
            }
            // The JFEN of the view shows the enemy only as x/X, apart from public pieces.
            let jfen = view.to_jfen();
            let board = jfen.split(' ').next().unwrap();
            let enemy_letters = board.chars().filter(|c| {
                c.is_ascii_alphabetic() && !matches!(c, 'x' | 'X') &&
                (c.is_ascii_uppercase() == (viewer == Seat::BLACK))
            }).count();
            prop_assert!(pos.is_over() || enemy_letters as u32 <= pos.public().count());
            // The view's legal actions are the referee's when it is the viewer's turn.
            if pos.turn() == Some(viewer) {
                prop_assert_eq!(view.legal_actions(), pos.legal_actions());
            }
        }
    }

    #[test]
    fn views_list_the_referees_actions(seed in any::<u64>(), m in 1usize..3, plies in 0usize..150) {
        // What a player may know always suffices to list exactly its legal actions.
        let mode = Mode::ALL[m];
        let game = random_game(mode, random_rules(seed), seed, plies);
        let pos = game.position();
        let viewer = pos.turn();
        let view = game.view(viewer);
        prop_assert_eq!(view.legal_actions(), pos.legal_actions(), "{}", pos.to_jfen());
    }

    #[test]
    fn parsers_never_panic(s in ".{0,120}") {
        let _ = Position::from_jfen(&s);
        let _ = s.parse::<Deployment>();
        let _ = s.parse::<Action>();
        let _ = s.parse::<Point>();
        let _ = GameRecord::from_json(&s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = Position::from_jfen(&s);
        let _ = s.parse::<Deployment>();
        let _ = s.parse::<Action>();
        let _ = GameRecord::from_json(&s);
        if let Ok(v) = std::str::from_utf8(&bytes) {
            let _ = Position::from_jfen_with(v, Some(Mode::Flip), Rules::default());
        }
    }

    #[test]
    fn mutated_jfen_never_panics(seed in any::<u64>(), cut in 0usize..80, ch in any::<char>()) {
        let pos = random_position(seed, KINDS[(seed % 3) as usize], Rules::default());
        let mut text: Vec<char> = pos.to_jfen().chars().collect();
        let i = cut % text.len().max(1);
        text[i] = ch;
        let text: String = text.into_iter().collect();
        if let Ok(p) = Position::from_jfen(&text) {
            let _ = p.legal_actions();
            let _ = p.perft(2);
        }
    }

    #[test]
    fn mutated_records_never_panic(seed in any::<u64>(), cut in 0usize..4000, ch in any::<char>()) {
        let game = random_game(Mode::ALL[(seed % 3) as usize], Rules::default(), seed, 30);
        let mut text: Vec<char> = game.record().to_json().chars().collect();
        let i = cut % text.len();
        text[i] = ch;
        let text: String = text.into_iter().collect();
        if let Ok(r) = GameRecord::from_json(&text) {
            let _ = Game::replay(&r);
        }
    }
}

#[test]
fn replay_refuses_a_tampered_record() {
    let game = random_game(Mode::Open, Rules::default(), 5, 60);
    let mut record = game.record();
    record.actions.swap(0, 1);
    assert!(Game::replay(&record).is_err());
    let mut record = game.record();
    record.version = 99;
    assert_eq!(Game::replay(&record).unwrap_err(), RecordError::Version(99));
    assert!(GameRecord::from_json("{\"version\":1}").is_err());
    // A damaged key anywhere in the record is named, never read past as a shorter game.
    let json = game.record().to_json();
    let mut damaged_keys = 0;
    for (from, to) in [
        ("\"result\": {", "\"resu7t\": {"),
        ("\"action\"", "\"acti0n\""),
        ("\"seed\"", "\"s33d\""),
    ] {
        let damaged = json.replacen(from, to, 1);
        if damaged == json {
            continue;
        }
        let bad = to.trim_matches(|c| c == '"' || c == ':' || c == ' ' || c == '{');
        match GameRecord::from_json(&damaged) {
            Err(RecordError::Json(e)) => {
                assert!(e.contains(&format!("unknown field `{bad}`")), "{e}")
            }
            other => panic!("{to}: {other:?}"),
        }
        damaged_keys += 1;
    }
    assert!(damaged_keys > 0, "no key of the record was damaged");
}

/// A case the property above once found: under `carry_flag_home` in 暗棋, a carrier on the enemy
/// headquarters must be listed with the same actions by the player's view as by the referee.
#[test]
fn views_list_the_referees_actions_carrier_case() {
    let seed = 12594501294585128002;
    let mut rules = Rules::default();
    for name in ["engineer_scouts", "flying_bomb", "carry_flag_home"] {
        if let Some(on) = rules.switch_mut(name) {
            *on = true;
        }
    }
    let game = random_game(Mode::ALL[1], rules, seed, 84);
    let pos = game.position();
    let view = game.view(pos.turn());
    assert_eq!(
        view.legal_actions(),
        pos.legal_actions(),
        "{}",
        pos.to_jfen()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, .. ProptestConfig::default() })]

    /// What a player who hears only the result infers was removed
    /// ([`ActionResult::removals`]) is what the referee removed.
    #[test]
    fn removals_follow_from_the_result(seed in any::<u64>(), dark in any::<bool>()) {
        let mode = if dark { Mode::Dark } else { Mode::Open };
        let setup = Setup::Deployments {
            red: Deployment::random(seed),
            black: Deployment::random(seed ^ 0xb1ac),
        };
        let mut game = Game::new(mode, Rules::default(), setup).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..200 {
            let acts = game.position().legal_actions();
            if acts.is_empty() {
                break;
            }
            let a = acts[rng.below(acts.len() as u64) as usize];
            let report = game.play(a).unwrap();
            let mut removed: Vec<Point> = report.removed.iter().map(|(p, _)| *p).collect();
            removed.sort();
            let mut inferred = report.result.removals(a.from(), a.to());
            inferred.sort();
            if report.result == ActionResult::Capture && removed.len() == 2 {
                // A bomb took the flag: both go, and the game is over.
                prop_assert_eq!(report.attacker.map(|p| p.role), Some(Role::Bomb));
                prop_assert!(game.position().is_over());
                prop_assert_eq!(removed, vec![a.from().min(a.to()), a.from().max(a.to())]);
            } else {
                prop_assert_eq!(removed, inferred, "{}", a);
            }
        }
    }
}

/// The general engine (the one 四国 plays on) on the 2-player board, named `a1` … `e12`, set up
/// as the 2-player engine's position stands, under its rules and mode.
fn on_general_engine(pos: &Position) -> siguo::Position<Point> {
    let table = siguo::SiguoRules {
        rules: *pos.rules(),
        ..siguo::SiguoRules::default()
    };
    let mut g = siguo::Position::empty_on(siguo::Board::shared_two_player(), table);
    g.set_info(match pos.mode() {
        Mode::Dark => siguo::InfoMode::FourDark,
        Mode::Open | Mode::Flip => siguo::InfoMode::AllOpen,
    });
    for p in pos.occupied() {
        if let Some(occ) = pos.at(p) {
            let seat = occ.color.unwrap_or(Seat::N);
            let occ_g = siguo::Occupant {
                seat,
                role: occ.role,
            };
            if occ.face_down {
                g.put_face_down(p, occ.role.map(|_| occ_g));
            } else {
                g.put(p, occ_g);
            }
        }
    }
    if pos.mode() == Mode::Flip {
        if let Some(first) = pos.first_color() {
            g.give_colours(first);
        }
    }
    if let Some(c) = pos.turn() {
        g.set_turn(c);
    }
    g
}

/// What stands on every point, as (seat, role, face down), on either engine.
type Cells = Vec<Option<(Option<Seat>, Option<Role>, bool)>>;

fn two_player_cells(pos: &Position) -> Cells {
    Point::all()
        .map(|p| pos.at(p).map(|o| (o.color, o.role, o.face_down)))
        .collect()
}

fn general_cells(g: &siguo::Position<Point>) -> Cells {
    let down = g.face_down();
    Point::all()
        .map(|p| g.at(p).map(|o| (Some(o.seat), o.role, down.contains(p))))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    /// Through a random 2-player game (明棋, 暗棋 or 翻棋, with random rule switches, missed
    /// turns and attempts to resign), the 2-player names of the game ([`Position`]: colours,
    /// actions, reports, outcomes) say what the one engine says when it is played move by move
    /// on its own: the same actions, flips included, the same pieces face up and face down,
    /// 翻棋's colours given at the same flip, the same counters, the same end and winner and
    /// the same last position, and in 翻棋 the same actions from the player's view. (Until the
    /// 2-player game ran on the one engine, this compared two engines.)
    #[test]
    fn the_general_engine_plays_the_two_player_game_alike(
        seed in any::<u64>(),
        mode in 0..3u8,
        switches in any::<bool>(),
    ) {
        let mut rules = if switches { random_rules(seed) } else { Rules::default() };
        let mode = [Mode::Open, Mode::Dark, Mode::Flip][usize::from(mode)];
        if switches {
            // The per-move timer's limit and the total plies, now and then.
            rules.timeout_limit = (seed % 4) as u32;
            rules.ply_limit = if seed % 5 == 0 { 60 + (seed % 40) as u32 } else { 0 };
        }
        if mode != Mode::Flip {
            for (name, _) in siguo::SiguoRules::TWO_PLAYER_ONLY {
                if let Some(b) = rules.switch_mut(name) {
                    *b = false;
                }
            }
        }
        let mut two = if mode == Mode::Flip {
            Position::new_flip(rules, seed)
        } else {
            Position::from_deployments(
                mode,
                rules,
                &Deployment::random(seed),
                &Deployment::random(seed ^ 0xb1ac),
            )
            .unwrap()
        };
        let mut general = on_general_engine(&two);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..200 {
            let listed = two.legal_actions();
            let mut ours = listed.clone();
            let mut theirs = general.legal_actions();
            ours.sort();
            theirs.sort();
            prop_assert_eq!(&ours, &theirs, "{:?} at {}", rules, two.to_jfen());
            prop_assert_eq!(two.outcome().is_some(), general.is_over());
            if listed.is_empty() {
                break;
            }
            // (Once a game is over, the 2-player engine has passed the turn to the loser; the
            // general engine leaves it with the last seat to act.)
            prop_assert_eq!(two.turn(), general.mover());
            if mode == Mode::Flip {
                // What the player to act sees: no face-down piece's seat or role, the
                // landmines among them counted, the same actions.
                let seat = two.turn().unwrap_or(Seat::S);
                let seen = general.view(seat, siguo::InfoMode::AllOpen);
                let told = two.view(two.turn());
                prop_assert!(general.face_down().iter().all(|p| seen.at(p).is_none()));
                for c in Seat::RED_BLACK {
                    prop_assert_eq!(seen.hidden_mines(c), told.hidden_mines[c]);
                }
                let mut from_view = seen.legal_actions();
                from_view.sort();
                let mut told_actions = told.legal_actions();
                told_actions.sort();
                prop_assert_eq!(&from_view, &told_actions);
                prop_assert_eq!(&from_view, &ours);
            }
            // Now and then the player to act lets its time run out, or tries to resign.
            match rng.below(200) {
                0..=7 => {
                    let seat = general.turn();
                    let a = two.miss_turn().map(|o| o.is_some());
                    let b = general.miss_turn(seat).map(|r| r.outcome.is_some());
                    prop_assert_eq!(a.ok(), b.ok());
                    prop_assert_eq!(two.ply(), general.ply());
                    prop_assert_eq!(two.halfmoves(), general.quiet());
                    continue;
                }
                8 => {
                    let seat = general.turn();
                    let a = two.turn().map_or(Err(IllegalAction::ResignTooEarly), |c| two.resign(c));
                    let b = general.resign(seat);
                    prop_assert_eq!(a.is_ok(), b.is_ok(), "ply {}", two.ply());
                    if let Ok(o) = a {
                        prop_assert_eq!(Some(o), general.outcome());
                        prop_assert_eq!(two_player_cells(&two), general_cells(&general));
                        break;
                    }
                    continue;
                }
                _ => {}
            }
            let action = listed[rng.below(listed.len() as u64) as usize];
            let report = two.play(action).unwrap();
            let general_report = general.play(action).unwrap();
            prop_assert_eq!(report.assigned, general_report.assigned);
            prop_assert_eq!(two.ply(), general.ply());
            prop_assert_eq!(two.halfmoves(), general.quiet());
            prop_assert_eq!(two.outcome().is_some(), general.is_over());
            prop_assert_eq!(
                two_player_cells(&two),
                general_cells(&general),
                "after {} at {}",
                action,
                two.to_jfen()
            );
            if two.outcome().is_some() {
                prop_assert_eq!(two.outcome(), general.outcome());
                break;
            }
        }
    }

    /// Perft from a 翻棋 shuffle, a few plies in, is the same on both engines: flips, colours
    /// and the flag rules of every `flip_*` switch.
    #[test]
    fn the_general_engine_counts_the_flip_tree_alike(
        seed in any::<u64>(),
        plies in 0..12usize,
        switch in 0..3usize,
    ) {
        let mut rules = Rules::default();
        if let Some((name, _)) = siguo::SiguoRules::TWO_PLAYER_ONLY.get(switch) {
            if let Some(b) = rules.switch_mut(name) {
                *b = true;
            }
        }
        let mut two = Position::new_flip(rules, seed);
        // (Played on both, since a flip under `flip_two_same` is remembered.)
        let mut general = on_general_engine(&two);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..plies {
            let acts = two.legal_actions();
            if acts.is_empty() {
                break;
            }
            let action = acts[rng.below(acts.len() as u64) as usize];
            two.play(action).unwrap();
            general.play(action).unwrap();
        }
        prop_assert_eq!(two.perft(2), general.perft(2), "{}", two.to_jfen());
    }
}
