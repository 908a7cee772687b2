//! Fits the behaviour likelihoods of `src/behaviour.rs` from the computer's own games: how
//! often a piece of each role had moved and attacked so far, over every fourth ply of every
//! game, as each seat saw the other seats' pieces (public behaviour; the truth of those games,
//! which are over, says which role each piece was). Reads 2-player records (the `FACING`
//! table) or 四国 records (`CROSS`), whichever the folder holds, and prints the table to paste
//! into the module.
//!
//! ```text
//! cargo build --release -p junqi-cli -p junqi-ai --examples
//! target/release/junqi match --red level:3 --black level:3 --mode dark --games 2000 --seed 1000 --threads 2 --records /tmp/selfplay
//! target/release/examples/fit_behaviour /tmp/selfplay
//! target/release/junqi match --seats level:3,level:3,level:3,level:3 --mode siguo-dark --games 120 --seed 1000 --threads 1 --records /tmp/selfplay4
//! target/release/examples/fit_behaviour /tmp/selfplay4
//! ```

use junqi_ai::behaviour::{bucket, BUCKETS};
use junqi_core::deduce::Table;
use junqi_core::siguo::SiguoRecord;
use junqi_core::PublicEvent;
use junqi_core::{Game, GameRecord, Seat, Setup};

/// Pieces seen, by bucket and role.
type Counts = [[u64; 12]; BUCKETS];

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fit_behaviour <folder of game records>");
        std::process::exit(2);
    };
    let mut counts: Counts = [[0u64; 12]; BUCKETS];
    let mut games = 0;
    let mut cross = false;
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
        let counted = if SiguoRecord::is_meant(&text) {
            cross = true;
            SiguoRecord::from_json(&text).is_ok_and(|r| count_cross(&r, &mut counts))
        } else {
            GameRecord::from_json(&text).is_ok_and(|r| count_facing(&r, &mut counts))
        };
        games += counted as usize;
    }
    // P(bucket | role), smoothed, in parts per 10 000 of each role's pieces.
    let mut per_role = [0u64; 12];
    for row in &counts {
        for (r, c) in row.iter().enumerate() {
            per_role[r] += c;
        }
    }
    println!("// {games} games");
    let name = if cross { "CROSS" } else { "FACING" };
    println!("pub const {name}: Likelihood = [");
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

/// A 2-player game, as each side saw the other's pieces; `false` when it cannot be replayed.
fn count_facing(record: &GameRecord, counts: &mut Counts) -> bool {
    let Setup::Deployments { red, black } = &record.setup else {
        return false;
    };
    let Ok(mut game) = Game::new(record.mode, record.rules, record.setup.clone()) else {
        return false;
    };
    for (k, recorded) in record.actions.iter().enumerate() {
        if k % 4 == 0 {
            for me in Seat::RED_BLACK {
                let own = if me == Seat::RED { red } else { black };
                let view = game.view(Some(me));
                let Some(table) = Table::two_player(&view, own) else {
                    continue;
                };
                for (i, piece) in table.pieces.iter().enumerate() {
                    if piece.seat == me {
                        continue;
                    }
                    let Some(role) = piece
                        .at
                        .and_then(|p| game.position().at(p))
                        .and_then(|o| o.role)
                    else {
                        continue;
                    };
                    counts[bucket(table.moves[i], table.attacks[i])][role as usize] += 1;
                }
            }
        }
        if game.play(recorded.action).is_err() {
            break;
        }
    }
    true
}

/// A 四国 game, as each seat still in saw every other seat's pieces (its partner's too: in
/// 四暗 they are hidden as well); `false` when it cannot be replayed.
fn count_cross(record: &SiguoRecord, counts: &mut Counts) -> bool {
    let Ok(mut pos) = record.start() else {
        return false;
    };
    let mut history: Vec<PublicEvent<junqi_core::siguo::Point>> = Vec::new();
    for (k, e) in record.events.iter().enumerate() {
        if k % 4 == 0 {
            for me in pos.seating().seats().filter(|&s| pos.seating().is_in(s)) {
                let view = pos.view(me, record.mode);
                let Some(table) = Table::read(&view, &history) else {
                    continue;
                };
                for (i, piece) in table.pieces.iter().enumerate() {
                    if piece.seat == me {
                        continue;
                    }
                    let Some(role) = piece.at.and_then(|p| pos.at(p)).and_then(|o| o.role) else {
                        continue;
                    };
                    counts[bucket(table.moves[i], table.attacks[i])][role as usize] += 1;
                }
            }
        }
        match e.play(&mut pos) {
            Ok(report) => history.push(PublicEvent::from_report(k as u32 + 1, &report)),
            Err(_) => break,
        }
    }
    true
}
