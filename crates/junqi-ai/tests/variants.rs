//! Whole games between computer players under each rule switch of the rule sheets
//! (docs/rules-variants.md): the players keep to the rules, the game ends, and its record
//! replays to the same end.

use junqi_ai::search::NodeBudget;
use junqi_ai::{choose, deploy, greedy, level, Context};
use junqi_core::*;

/// Level 1 (Red) against greedy (Black) from seeded formations that fit the rules.
fn whole_game(mode: Mode, rules: Rules, seed: u64) -> Game {
    let red = deploy::formation_for(seed, &rules);
    let black = deploy::formation_for(seed + 1, &rules);
    let mut game = Game::new(
        mode,
        rules,
        Setup::Deployments {
            red: red.clone(),
            black,
        },
    )
    .unwrap();
    let lvl = level(1).unwrap();
    for _ in 0..2000 {
        if game.outcome().is_some() {
            break;
        }
        let turn = game.position().turn();
        if rules.timeout_limit > 0
            && turn == Some(Seat::RED)
            && game.reports().len().is_multiple_of(7)
        {
            // Red lets its per-move time run out now and then.
            game.miss_turn().unwrap();
            continue;
        }
        let view = game.view(turn);
        let a = if turn == Some(Seat::RED) {
            let ctx = Context {
                own: Some(&red),
                seed,
            };
            choose(&view, &lvl, &ctx, &mut NodeBudget(u64::MAX))
        } else {
            greedy(&view, seed)
        }
        .unwrap();
        assert!(game.position().is_legal(a), "{a}");
        game.play(a).unwrap();
    }
    game
}

#[test]
fn whole_games_under_each_new_switch() {
    let items = [
        "rail_one_turn",
        "rail_three_steps",
        "mines_bounce",
        "marshal_survives_mine",
        "bombs_front_row",
        "mines_around_flag",
        "no_enemy_camps",
        "carry_flag_front",
        "no_move_draw",
        "dead_position_draw",
        "ply_limit=40",
        "timeout_limit=5",
        "carry_flag_home",
    ];
    for (i, item) in items.iter().enumerate() {
        let mut rules = Rules::default();
        rules.set_from_text(item).unwrap();
        let mode = if i % 2 == 0 { Mode::Open } else { Mode::Dark };
        let game = whole_game(mode, rules, 11 + i as u64);
        let outcome = game.outcome();
        eprintln!(
            "{item} ({mode}): {} plies, {:?}",
            game.reports().len(),
            outcome
        );
        assert!(outcome.is_some(), "{item}: the game ends");
        let again = whole_game(mode, rules, 11 + i as u64);
        assert_eq!(
            again.record(),
            game.record(),
            "{item}: the same seed, the same game"
        );
        let rec = GameRecord::from_json(&game.record().to_json()).unwrap();
        assert_eq!(rec.rules, rules);
        let replayed = Game::replay(&rec).unwrap();
        assert_eq!(replayed.outcome(), outcome, "{item}");
        if *item == "timeout_limit=5" {
            assert!(!game.timeouts().is_empty());
        }
        if *item == "ply_limit=40" {
            assert!(game.reports().len() <= 40);
        }
        if *item == "mines_around_flag" {
            let d = deploy::formation_for(11 + i as u64, &rules);
            assert!(d.is_valid_with(&rules), "{d}");
        }
    }
}

#[test]
fn computer_formations_fit_the_setup_switches() {
    let rules = Rules {
        mines_around_flag: true,
        ..Rules::default()
    };
    for seed in 0..100 {
        let d = deploy::formation_for(seed, &rules);
        assert!(d.is_valid_with(&rules), "{d}");
        assert_eq!(
            deploy::formation_for(seed, &Rules::default()),
            deploy::formation(seed)
        );
    }
}
