//! `junqi puzzle check FILE` proves every puzzle of a file; `junqi puzzle make RECORD…` finds
//! puzzles in 明棋 game records (as `junqi match --mode open --records DIR` writes them).

use crate::Fail;
use clap::Subcommand;
use junqi_core::{Game, GameRecord, Mode};
use junqi_learn::puzzle::{self, Puzzle};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum PuzzleCommand {
    /// Proves each puzzle of a file (one a line): exactly one solution at every move of the
    /// solver, found by exhaustive search to the puzzle's depth; prints a line per puzzle
    Check {
        /// The puzzle file (crates/junqi-learn/data/puzzles.txt)
        file: PathBuf,
    },
    /// Finds puzzles in 2-player 明棋 game records and prints them as puzzle lines
    Make {
        /// Record files, or folders of them (*.json)
        records: Vec<PathBuf>,
        /// At most this many puzzles from one game
        #[arg(long, value_name = "N", default_value_t = 3)]
        per_game: usize,
        /// The first puzzle's number (ids are p001, p002, …)
        #[arg(long, value_name = "N", default_value_t = 1)]
        first: usize,
    },
}

pub fn run(command: PuzzleCommand) -> Result<String, Fail> {
    match command {
        PuzzleCommand::Check { file } => check(&file),
        PuzzleCommand::Make {
            records,
            per_game,
            first,
        } => make(&records, per_game, first),
    }
}

fn read(path: &Path) -> Result<String, Fail> {
    std::fs::read_to_string(path)
        .map_err(|e| Fail(format!("cannot read '{}': {e}", path.display())))
}

fn check(file: &Path) -> Result<String, Fail> {
    let puzzles = puzzle::parse_file(&read(file)?)?;
    let mut lines = Vec::new();
    let mut ids = HashSet::new();
    for p in &puzzles {
        if !ids.insert(p.id.as_str()) {
            return Err(Fail(format!("puzzle {}: the id is used twice", p.id)));
        }
        let proof = puzzle::check(p)?;
        lines.push(format!(
            "{} ok: {} in {}, {} positions searched",
            p.id, p.aim, p.depth, proof.nodes
        ));
    }
    lines.push(format!("{} puzzles, all proven", puzzles.len()));
    Ok(lines.join("\n"))
}

/// The record files: each path, or the `.json` files of a folder in name order.
fn record_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inner: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Fail(format!("cannot read '{}': {e}", path.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            inner.sort();
            files.extend(inner);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn make(records: &[PathBuf], per_game: usize, first: usize) -> Result<String, Fail> {
    let mut seen = HashSet::new();
    let mut out: Vec<Puzzle> = Vec::new();
    for file in record_files(records)? {
        let record = GameRecord::from_json(&read(&file)?)
            .map_err(|e| Fail(format!("{}: {e}", file.display())))?;
        if record.mode != Mode::Open {
            continue;
        }
        let game = Game::replay(&record).map_err(|e| Fail(format!("{}: {e}", file.display())))?;
        // Walk the game again, position by position, from the last moves back: the end of a
        // game holds the flag puzzles.
        let mut positions = Vec::new();
        let mut replay = Game::new(record.mode, record.rules, game.setup().clone())
            .map_err(|e| Fail(format!("{}: {e}", file.display())))?;
        for action in game.reports().iter().filter_map(|r| r.action) {
            positions.push(replay.position().clone());
            replay
                .play(action)
                .map_err(|e| Fail(format!("{}: {e}", file.display())))?;
        }
        // Every puzzle of the game, then a few of them: a stop first, a take, a flag, then
        // any, each at least four plies from the others, from the end of the game back.
        let mut candidates: Vec<(usize, Puzzle)> = Vec::new();
        for (ply, pos) in positions.iter().enumerate().rev() {
            for p in puzzle::find(pos, "") {
                if !seen.contains(&p.board) {
                    candidates.push((ply, p));
                }
            }
        }
        let kind = |p: &Puzzle| match p.aim {
            puzzle::Aim::Stop => 0,
            puzzle::Aim::Take(_) => 1,
            puzzle::Aim::Flag => 2,
        };
        let mut chosen: Vec<usize> = Vec::new();
        for want in [Some(0), Some(1), Some(2), None, None, None] {
            if chosen.len() >= per_game {
                break;
            }
            let pick = candidates.iter().position(|(ply, p)| {
                want.is_none_or(|k| kind(p) == k)
                    && !seen.contains(&p.board)
                    && chosen.iter().all(|&c| candidates[c].1.line != p.line)
                    && chosen.iter().all(|&c| candidates[c].0.abs_diff(*ply) >= 4)
            });
            if let Some(i) = pick {
                seen.insert(candidates[i].1.board.clone());
                chosen.push(i);
            }
        }
        chosen.sort_by_key(|&c| std::cmp::Reverse(candidates[c].0));
        for c in chosen {
            let mut p = candidates[c].1.clone();
            p.id = format!("p{:03}", first + out.len());
            out.push(p);
        }
    }
    Ok(out
        .iter()
        .map(Puzzle::to_line)
        .collect::<Vec<_>>()
        .join("\n"))
}
