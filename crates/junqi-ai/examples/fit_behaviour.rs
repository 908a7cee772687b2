//! Fits the 暗棋 behaviour likelihoods of `src/behaviour.rs` from the computer's own games:
//! how often a piece of each role had moved and attacked so far, over every fourth ply of every
//! game, as each side saw the other's pieces (public behaviour; the truth of those games, which
//! are over, says which role each piece was). Prints the table to paste into the module.
//!
//! ```text
//! cargo build --release -p junqi-cli -p junqi-ai --examples
//! target/release/junqi match --red level:3 --black level:3 --mode dark --games 2000 --seed 1000 --threads 2 --records /tmp/selfplay
//! target/release/examples/fit_behaviour /tmp/selfplay
//! ```

use junqi_ai::behaviour::{bucket, BUCKETS};
use junqi_core::deduce::Hidden;
use junqi_core::{Color, Game, GameRecord, Setup};

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fit_behaviour <folder of game records>");
        std::process::exit(2);
    };
    let mut counts = [[0u64; 12]; BUCKETS];
    let mut games = 0;
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("fit_behaviour: {dir}: {e}");
            std::process::exit(1);
        }
    };
    for entry in entries.flatten() {
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        let Ok(record) = GameRecord::from_json(&text) else {
            continue;
        };
        let Setup::Deployments { red, black } = &record.setup else {
            continue;
        };
        let Ok(mut game) = Game::new(record.mode, record.rules, record.setup.clone()) else {
            continue;
        };
        games += 1;
        for (k, recorded) in record.actions.iter().enumerate() {
            if k % 4 == 0 {
                for me in Color::ALL {
                    let own = if me == Color::Red { red } else { black };
                    let view = game.view(Some(me));
                    let hidden = Hidden::two_player(me, own, &view.history, &record.rules);
                    for (i, at) in hidden.at.iter().enumerate() {
                        let Some(role) =
                            at.and_then(|p| game.position().at(p)).and_then(|o| o.role)
                        else {
                            continue;
                        };
                        counts[bucket(hidden.moves[i], hidden.attacks[i])][role as usize] += 1;
                    }
                }
            }
            if game.play(recorded.action).is_err() {
                break;
            }
        }
    }
    // P(bucket | role), smoothed, in parts per 10 000 of each role's pieces.
    let mut per_role = [0u64; 12];
    for row in &counts {
        for (r, c) in row.iter().enumerate() {
            per_role[r] += c;
        }
    }
    println!("// {games} games");
    println!("pub const LIKELIHOOD: [[u16; 12]; BUCKETS] = [");
    for row in &counts {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(r, &c)| {
                let p = (c as f64 + 1.0) / (per_role[r] as f64 + BUCKETS as f64);
                format!("{}", (p * 10_000.0).round().max(1.0) as u16)
            })
            .collect();
        println!("    [{}],", cells.join(", "));
    }
    println!("];");
}
