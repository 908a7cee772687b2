//! The computer player: legal actions only, no peeking, determinism, and basic tactics.

use junqi_ai::search::NodeBudget;
use junqi_ai::{choose, deploy, greedy, level, random, Context, LEVELS};
use junqi_core::*;

fn pos(jfen: &str) -> Position {
    Position::from_jfen(jfen).unwrap()
}

fn pick(p: &Position, lvl: u8) -> Action {
    let view = p.view(p.turn());
    let ctx = Context { own: None, seed: 7 };
    choose(&view, &level(lvl).unwrap(), &ctx, &mut NodeBudget(u64::MAX)).unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

#[test]
fn takes_a_flag_capturable_in_one() {
    // Red's captain on c12 can take the flag on b12 (or d12-side pieces elsewhere).
    let p = pos("1fC2/2g2/5/5/5/5/5/5/5/5/5/1F3 r 0 1");
    for lvl in 2..=5 {
        assert_eq!(pick(&p, lvl), act("c12-b12"), "level {lvl}");
    }
}

#[test]
fn stops_a_threat_to_its_own_flag() {
    // Black's lieutenant on c1 threatens Red's flag on b1; Red's general on c2 takes it.
    let p = pos("1fm2/5/5/5/5/5/5/5/5/5/2G2/1Fp2 r 0 1");
    for lvl in 3..=5 {
        assert_eq!(pick(&p, lvl), act("c2-c1"), "level {lvl}");
    }
}

#[test]
fn does_not_walk_onto_a_known_mine() {
    // The marshal could step on the mine at c7; it must not (明棋: the mine is known). Black
    // has an engineer, so that Red's every other move does not already win (a side left
    // without a move loses) and walking onto the mine, leaving Red without a move, loses.
    let p = pos("1f2e/5/5/5/5/2l2/2M2/5/5/5/5/1F3 r 0 1");
    for lvl in 2..=5 {
        assert_ne!(pick(&p, lvl), act("c6-c7"), "level {lvl}");
    }
}

#[test]
fn wins_material_when_offered() {
    // Marshal next to an undefended general.
    let p = pos("1f3/5/5/5/5/2g2/2M2/5/5/5/5/1F3 r 0 1");
    for lvl in 3..=5 {
        assert_eq!(pick(&p, lvl), act("c6-c7"), "level {lvl}");
    }
}

fn random_game(mode: Mode, seed: u64) -> Game {
    let setup = match mode {
        Mode::Flip => Setup::Shuffle { seed },
        _ => Setup::Deployments {
            red: deploy::formation(seed),
            black: deploy::formation(seed + 1),
        },
    };
    Game::new(mode, Rules::default(), setup).unwrap()
}

#[test]
fn only_legal_actions_in_every_mode() {
    for mode in Mode::ALL {
        for seed in 0..3 {
            let mut game = random_game(mode, seed);
            let red = match game.setup() {
                Setup::Deployments { red, .. } => Some(red.clone()),
                _ => None,
            };
            let black = match game.setup() {
                Setup::Deployments { black, .. } => Some(black.clone()),
                _ => None,
            };
            for ply in 0..60 {
                if game.outcome().is_some() {
                    break;
                }
                let turn = game.position().turn();
                let view = game.view(turn);
                let own = match turn {
                    Some(Seat::RED) => red.as_ref(),
                    Some(_) => black.as_ref(),
                    None => None,
                };
                let lvl = LEVELS[(ply % 3) as usize];
                let ctx = Context { own, seed };
                let a = choose(&view, &lvl, &ctx, &mut NodeBudget(u64::MAX)).unwrap();
                assert!(game.position().is_legal(a), "{mode} {a}");
                game.play(a).unwrap();
            }
        }
    }
}

#[test]
fn no_peeking_same_view_same_action() {
    // Two 暗棋 positions that differ only in the identities of Black's pieces look the same
    // to Red: Red must choose the same action in both for the same seed.
    let red = deploy::formation(3);
    let black_a = Deployment::classic_2();
    let mut black_b = black_a.clone();
    // Swap the marshal and a lieutenant, and a landmine and a brigadier in the back row: the same
    // view for Red.
    let slot_of = |d: &Deployment, r: Role, min_rank: u8| {
        Slot::all()
            .find(|&s| d.get(s) == Some(r) && s.rank() >= min_rank)
            .unwrap()
    };
    let (m, p) = (
        slot_of(&black_b, Role::Marshal, 0),
        slot_of(&black_b, Role::Lieutenant, 0),
    );
    black_b.swap(m, p);
    let (z, l) = (
        slot_of(&black_b, Role::Brigadier, 4),
        slot_of(&black_b, Role::Landmine, 4),
    );
    black_b.swap(z, l);
    assert!(black_b.is_valid());
    let a = Position::from_deployments(Mode::Dark, Rules::default(), &red, &black_a).unwrap();
    let b = Position::from_deployments(Mode::Dark, Rules::default(), &red, &black_b).unwrap();
    assert_ne!(a, b);
    let (va, vb) = (a.view(Some(Seat::RED)), b.view(Some(Seat::RED)));
    assert_eq!(va, vb);
    for lvl in LEVELS {
        let ctx = Context {
            own: Some(&red),
            seed: 99,
        };
        let x = choose(&va, &lvl, &ctx, &mut NodeBudget(u64::MAX));
        let y = choose(&vb, &lvl, &ctx, &mut NodeBudget(u64::MAX));
        assert_eq!(x, y, "level {}", lvl.number);
    }
}

#[test]
fn deterministic_per_seed() {
    for mode in Mode::ALL {
        let game = random_game(mode, 5);
        let view = game.view(game.position().turn());
        let own = match game.setup() {
            Setup::Deployments { red, .. } => Some(red),
            _ => None,
        };
        for lvl in LEVELS {
            let ctx = Context { own, seed: 1234 };
            let x = choose(&view, &lvl, &ctx, &mut NodeBudget(u64::MAX));
            let y = choose(&view, &lvl, &ctx, &mut NodeBudget(u64::MAX));
            assert_eq!(x, y);
        }
        assert_eq!(greedy(&view, 3), greedy(&view, 3));
        assert_eq!(random(&view, 3), random(&view, 3));
    }
}
