//! `junqi`: the command line of the Junqi rules core and engine.
//!
//! Every failure prints one line naming what is wrong and exits non-zero; nothing panics on
//! input.

use clap::{Args, Parser, Subcommand};
use junqi_core::{Action, Deployment, Game, GameRecord, Position, Rules};
use std::process::ExitCode;

mod engine;
#[cfg(unix)]
mod host;
#[cfg(not(unix))]
#[path = "host_stub.rs"]
mod host;
mod lines;
mod puzzle;
mod referee;
mod seeds;
mod siguo;
mod siguo_engine;

/// Shown under `junqi --help`: the rule switches every command's `--rules` takes.
const RULES_HELP: &str = "Rule switches (--rules a,b,c; RULES.md §8, docs/rules-variants.md):
  mines_explode engineer_scouts flying_bomb bomb_cannot_take_flag hq_exit
  carry_flag_home no_collision_31 flip_first_engineer flip_two_same flip_smallest_takes_flag
  rail_one_turn rail_three_steps mines_bounce marshal_survives_mine bombs_front_row
  mines_around_flag no_enemy_camps carry_flag_front no_move_draw dead_position_draw
Rule settings: ply_limit=N timeout_limit=N (0 = off)
四国 takes every switch and setting but the three flip_ ones (docs/rules-variants.md,
  \"On the cross board\").
Positions: a JFEN for the 2-player board, or a 四国 position ('S Sa4=0E,Sb5=0F,...').";

/// The command line. Every failure, clap's own included, is one line on standard error.
#[derive(Parser)]
#[command(
    name = "junqi",
    version,
    about = "The Junqi (军棋) rules core and engine: moves, perft, validation, replay checks, \
             the engine protocol and a match referee",
    after_help = RULES_HELP,
    arg_required_else_help = false
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `--rules a,b,c`: switch names of RULES.md §8, and `name=N` for a numeric setting.
#[derive(Args)]
struct RulesArg {
    /// Rule switches and settings, comma-separated (see `junqi --help`)
    #[arg(long, value_name = "SWITCHES")]
    rules: Option<String>,
}

impl RulesArg {
    fn get(&self) -> Result<Rules, Fail> {
        self.rules
            .as_deref()
            .map_or(Ok(Rules::default()), parse_rules)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Legal actions of the side to move, one per line
    Moves {
        /// A JFEN (quote it) or a 四国 position
        position: String,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// The position after the actions (明棋 combat)
    Apply {
        /// A JFEN (quote it) or a 四国 position
        position: String,
        /// Actions in the position's notation (c6-c7, Sa4-Ea0, ...)
        actions: Vec<String>,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Leaves of the legal-action tree
    Perft {
        /// A JFEN (quote it) or a 四国 position
        position: String,
        /// 0..=12
        depth: String,
        /// One line per first action with its count, then the total
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// ok, or every violation of a formation, one per line
    Validate {
        /// A 四国 seat (S, E, N or W): check the formation at that seat's points
        #[arg(long, value_name = "SEAT")]
        seat: Option<String>,
        /// A deployment string (six rows: 5/3/4/3/5/5 letters)
        deployment: String,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Checks a game record (2- or 4-player JSON, or a share link '#r=…') and prints its outcome
    Replay {
        /// The record file
        file: String,
    },
    /// Speaks the engine protocol (PROTOCOL.md, docs/protocol-4p.md) on stdin/stdout
    Engine {
        /// The computer level, 1..=5
        #[arg(long, value_name = "N")]
        level: Option<String>,
    },
    /// Referees games between built-in players and external engines, on either board
    Match(referee::MatchArgs),
    /// Puzzles: proves a puzzle file, or finds puzzles in game records
    #[command(subcommand)]
    Puzzle(puzzle::PuzzleCommand),
}

/// A one-line failure.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli.command) {
        Ok(out) => {
            if !out.is_empty() {
                println!("{out}");
            }
            ExitCode::SUCCESS
        }
        Err(Fail(msg)) => {
            let line = msg.lines().next().unwrap_or("error");
            eprintln!("junqi: {line}");
            ExitCode::from(2)
        }
    }
}

/// Help and version go to standard output as clap writes them; a mistake on the command line
/// is one line on standard error, like every other failure.
fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
        _ => {
            eprintln!("junqi: {}", one_line(&e.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// clap's message in one line: its paragraphs but the usage and the pointer to help, joined,
/// then the pointer.
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text
        .split("\n\n")
        .filter(|para| !para.trim_start().starts_with("Usage:"))
        .flat_map(str::lines)
        .map(|l| l.trim().trim_start_matches("error: "))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    format!("{} (see --help)", words.join(" "))
}

/// Parses `--rules a,b,c` (switch names of RULES.md §8, and `name=N` for a numeric setting).
pub fn parse_rules(list: &str) -> Result<Rules, Fail> {
    let mut rules = Rules::default();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        rules.set_from_text(item).map_err(Fail)?;
    }
    rules.validate()?;
    Ok(rules)
}

/// `perft --divide`: a line per first action with its count, a blank line, the total.
pub fn divide_lines<A: std::fmt::Display>(counts: impl Iterator<Item = (A, u64)>) -> String {
    let mut lines = Vec::new();
    let mut total = 0;
    for (a, n) in counts {
        total += n;
        lines.push(format!("{a}: {n}"));
    }
    lines.push(String::new());
    lines.push(total.to_string());
    lines.join("\n")
}

/// Replays a 2-player record: the number of plies and the outcome.
fn replay_two_player(record: &GameRecord) -> Result<String, Fail> {
    let game = Game::replay(record)?;
    Ok(match game.outcome() {
        Some(o) => format!(
            "{} plies, {}",
            record.actions.len(),
            o.describe(&junqi_core::Seating::two())
        ),
        None => format!("{} plies, unfinished", record.actions.len()),
    })
}

/// Replays a share link of any format (the text after `#r=`, the `#r=…` fragment or a whole
/// address ending in one): a 2-player game as its record, a 4-player one as its.
fn replay_link(text: &str) -> Result<String, Fail> {
    let text = text.trim();
    let link = text.rsplit_once("#r=").map_or(text, |(_, l)| l);
    match junqi_core::compact::read_shared(link)? {
        junqi_core::compact::SharedGame::TwoPlayer(record) => replay_two_player(&record),
        junqi_core::compact::SharedGame::FourPlayer(record) => siguo::replay_record(&record),
    }
}

fn run(command: Command) -> Result<String, Fail> {
    match command {
        Command::Moves { position, rules } => {
            let rules = rules.get()?;
            if junqi_core::siguo::looks_like_position(&position) {
                return siguo::moves(&position, rules);
            }
            let p = Position::from_jfen_with(&position, None, rules)?;
            Ok(p.legal_actions()
                .iter()
                .map(Action::to_string)
                .collect::<Vec<_>>()
                .join("\n"))
        }
        Command::Apply {
            position,
            actions,
            rules,
        } => {
            let rules = rules.get()?;
            let actions: Vec<&str> = actions.iter().map(String::as_str).collect();
            if junqi_core::siguo::looks_like_position(&position) {
                return siguo::apply(&position, &actions, rules);
            }
            let mut p = Position::from_jfen_with(&position, None, rules)?;
            for a in actions {
                let action: Action = a.parse()?;
                p.play(action).map_err(|e| Fail(format!("{a}: {e}")))?;
            }
            Ok(p.to_jfen())
        }
        Command::Perft {
            position,
            depth,
            divide,
            rules,
        } => {
            let rules = rules.get()?;
            let depth: u32 = depth
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| Fail(format!("depth must be a number 0..=12, not '{depth}'")))?;
            if junqi_core::siguo::looks_like_position(&position) {
                return siguo::perft(&position, depth, divide, rules);
            }
            let p = Position::from_jfen_with(&position, None, rules)?;
            if !divide || depth == 0 {
                return Ok(p.perft(depth).to_string());
            }
            Ok(divide_lines(p.legal_actions().into_iter().map(|a| {
                let mut child = p.clone();
                child.play_unchecked(a);
                (a, child.perft(depth - 1))
            })))
        }
        Command::Validate {
            seat,
            deployment,
            rules,
        } => {
            let rules = rules.get()?;
            if let Some(seat) = seat {
                return siguo::validate(&seat, &deployment, rules);
            }
            let d: Deployment = deployment.parse()?;
            match d.validate_with(&rules) {
                Ok(()) => Ok("ok".into()),
                Err(vs) => {
                    let lines: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                    println!("{}", lines.join("\n"));
                    Err(Fail(format!("{} violation(s)", vs.len())))
                }
            }
        }
        Command::Replay { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Fail(format!("cannot read '{file}': {e}")))?;
            if !text.trim_start().starts_with('{') {
                return replay_link(&text);
            }
            if junqi_core::siguo::SiguoRecord::is_meant(&text) {
                return siguo::replay(&text);
            }
            let record = GameRecord::from_json(&text)?;
            replay_two_player(&record)
        }
        Command::Engine { level } => engine::run_engine(level.as_deref()).map(|_| String::new()),
        Command::Match(args) => referee::run_match(args),
        Command::Puzzle(command) => puzzle::run(command),
    }
}
