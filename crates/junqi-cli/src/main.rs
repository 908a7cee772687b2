//! `junqi`: the command line of the Junqi rules core and engine.
//!
//! Every failure prints one line naming what is wrong and exits non-zero; nothing panics on
//! input.

use junqi_core::{Action, Deployment, Game, GameRecord, Position, Rules};
use std::process::ExitCode;

mod engine;
#[cfg(unix)]
mod host;
#[cfg(not(unix))]
#[path = "host_stub.rs"]
mod host;
mod lines;
mod seeds;
mod siguo;
mod siguo_engine;
mod siguo_match;

const USAGE: &str = "usage: junqi <command> [args]
commands:
  moves '<JFEN>' [--rules a,b]          legal actions of the side to move, one per line
                                        (moves, apply and perft also take a 四国
                                        position: 'S Sa4=0E,Sb5=0F,...')
  apply '<JFEN>' <action>... [--rules]  the JFEN after the actions (明棋 combat)
  perft '<JFEN>' <depth> [--divide] [--rules a,b]
                                        leaves of the legal-action tree
  validate '<deployment>' [--rules a,b]  ok, or every violation, one per line
  validate --seat S|E|N|W '<deployment>' [--rules a,b]
                                        the same for a 四国 seat's formation, at its points
  replay <file>                         checks a game record (2- or 4-player JSON, or a
                                        share link: '#r=…') and prints its outcome
  engine [--level N]                    speaks the engine protocol (PROTOCOL.md) on stdin/stdout,
                                        四国 seats too (docs/protocol-4p.md)
  match --red P --black P [--mode open|dark|flip] [--games N] [--seed S] [--ms N]
        [--start-ms N] [--rules a,b] [--threads T]
                                        referees games, alternating who moves first;
                                        players: random, greedy, level:1..5, cmd:<engine command>;
                                        without --seed a seed is drawn and printed
  match --seats A,B,C,D [--teams each] [--mode siguo-dark|siguo-double|siguo-open] [--games N] [--seed S]
        [--ms N] [--start-ms N] [--rules a,b] [--threads T] [--records DIR]
                                        referees 四国 games, A+C against B+D, seats turning
                                        one place each game; players: random, greedy,
                                        level:1..5, cmd:<engine command>; --records writes
                                        each game's record as DIR/game-N.json;
                                        --teams each: 四方混战, each for himself;
                                        --seats A,B,C: 三国 (W's area empty)
rule switches: mines_explode engineer_scouts flying_bomb bomb_cannot_take_flag hq_exit
  carry_flag_home no_collision_31 flip_first_engineer flip_two_same flip_smallest_takes_flag
  rail_one_turn rail_three_steps mines_bounce marshal_survives_mine bombs_front_row
  mines_around_flag no_enemy_camps carry_flag_front no_move_draw dead_position_draw
rule settings: ply_limit=N timeout_limit=N (0 = off)
四国 takes every switch and setting but the three flip_ ones, carry_flag_home,
  carry_flag_front and timeout_limit (docs/rules-variants.md, \"On the cross board\")";

/// A one-line failure.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
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

/// Parses `--rules a,b,c` (switch names of RULES.md §8, and `name=N` for a numeric setting).
pub fn parse_rules(list: &str) -> Result<Rules, Fail> {
    let mut rules = Rules::default();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        rules.set_from_text(item).map_err(Fail)?;
    }
    rules.validate()?;
    Ok(rules)
}

/// Splits `--rules X` and `--divide` out of the positional arguments.
fn split_options(args: &[String]) -> Result<(Vec<&str>, Rules, bool), Fail> {
    let mut pos = Vec::new();
    let mut rules = Rules::default();
    let mut divide = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--rules" => {
                let v = it
                    .next()
                    .ok_or_else(|| Fail("--rules needs a list of switches".into()))?;
                rules = parse_rules(v)?;
            }
            "--divide" => divide = true,
            s if s.starts_with("--") => return Err(Fail(format!("unknown option '{s}'"))),
            s => pos.push(s),
        }
    }
    Ok((pos, rules, divide))
}

/// Replays a 2-player record: the number of plies and the outcome.
fn replay_two_player(record: &GameRecord) -> Result<String, Fail> {
    let game = Game::replay(record)?;
    Ok(match game.outcome() {
        Some(o) => format!("{} plies, {o}", record.actions.len()),
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

fn run(args: &[String]) -> Result<String, Fail> {
    let Some(cmd) = args.first() else {
        return Err(Fail(USAGE.replace('\n', " ")));
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "moves" => {
            let (pos, rules, _) = split_options(rest)?;
            let [jfen] = pos[..] else {
                return Err(Fail("moves takes one JFEN (quote it)".into()));
            };
            if junqi_core::siguo::looks_like_position(jfen) {
                return siguo::moves(jfen, rules);
            }
            let p = Position::from_jfen_with(jfen, None, rules)?;
            Ok(p.legal_actions()
                .iter()
                .map(Action::to_string)
                .collect::<Vec<_>>()
                .join("\n"))
        }
        "apply" => {
            let (pos, rules, _) = split_options(rest)?;
            let Some((jfen, actions)) = pos.split_first() else {
                return Err(Fail("apply takes a JFEN and actions".into()));
            };
            if junqi_core::siguo::looks_like_position(jfen) {
                return siguo::apply(jfen, actions, rules);
            }
            let mut p = Position::from_jfen_with(jfen, None, rules)?;
            for a in actions {
                let action: Action = a.parse()?;
                p.play(action).map_err(|e| Fail(format!("{a}: {e}")))?;
            }
            Ok(p.to_jfen())
        }
        "perft" => {
            let (pos, rules, divide) = split_options(rest)?;
            let [jfen, depth] = pos[..] else {
                return Err(Fail("perft takes a JFEN and a depth".into()));
            };
            let depth: u32 = depth
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| Fail(format!("depth must be a number 0..=12, not '{depth}'")))?;
            if junqi_core::siguo::looks_like_position(jfen) {
                return siguo::perft(jfen, depth, divide, rules);
            }
            let p = Position::from_jfen_with(jfen, None, rules)?;
            if divide && depth > 0 {
                let mut lines = Vec::new();
                let mut total = 0;
                for a in p.legal_actions() {
                    let mut child = p.clone();
                    child.play_unchecked(a);
                    let n = child.perft(depth - 1);
                    total += n;
                    lines.push(format!("{a}: {n}"));
                }
                lines.push(String::new());
                lines.push(total.to_string());
                Ok(lines.join("\n"))
            } else {
                Ok(p.perft(depth).to_string())
            }
        }
        "validate" => {
            let mut seat = None;
            let mut others = Vec::new();
            let mut it = rest.iter();
            while let Some(a) = it.next() {
                if a == "--seat" {
                    seat = Some(it.next().map_or("", String::as_str));
                } else {
                    others.push(a.clone());
                }
            }
            let (pos, rules, _) = split_options(&others)?;
            let [text] = pos[..] else {
                return Err(Fail(if seat.is_some() {
                    "validate --seat takes a seat (S, E, N or W) and one deployment string".into()
                } else {
                    "validate takes one deployment string (or --seat S and one)".into()
                }));
            };
            if let Some(seat) = seat {
                return siguo::validate(seat, text, rules);
            }
            let d: Deployment = text.parse()?;
            match d.validate_with(&rules) {
                Ok(()) => Ok("ok".into()),
                Err(vs) => {
                    let lines: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                    println!("{}", lines.join("\n"));
                    Err(Fail(format!("{} violation(s)", vs.len())))
                }
            }
        }
        "replay" => {
            let [path] = rest else {
                return Err(Fail("replay takes one record file".into()));
            };
            let text = std::fs::read_to_string(path)
                .map_err(|e| Fail(format!("cannot read '{path}': {e}")))?;
            if !text.trim_start().starts_with('{') {
                return replay_link(&text);
            }
            if siguo::is_record(&text) {
                return siguo::replay(&text);
            }
            let record = GameRecord::from_json(&text)?;
            replay_two_player(&record)
        }
        "engine" => engine::run_engine(rest).map(|_| String::new()),
        "match" if rest.iter().any(|a| a == "--seats") => siguo_match::run_siguo_match(rest),
        "match" => engine::run_match(rest),
        "help" | "--help" | "-h" => Ok(USAGE.into()),
        other => Err(Fail(format!(
            "unknown command '{other}' (try 'junqi help')"
        ))),
    }
}
