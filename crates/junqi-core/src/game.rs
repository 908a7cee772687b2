//! A whole game: how it was set up, the referee's position, every report, and the versioned
//! record (RULES.md §9) that replays it exactly.

use crate::action::{Action, IllegalAction};
use crate::deployment::{Deployment, Violation};
use crate::outcome::{DrawReason, ExitReason, Outcome};
use crate::position::{Occupant, Position};
use crate::report::{ActionResult, Report};
use crate::rng::SplitMix64;
use crate::rules::{Mode, Rules, RulesConflict};
use crate::types::{Piece, Point, Role};
use crate::view::{PlayerView, PublicEvent};
use crate::{Seat, Seating};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How the pieces were first laid out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Setup {
    /// 明棋 and 暗棋: each side's formation.
    Deployments { red: Deployment, black: Deployment },
    /// 翻棋: the seed of the shuffle of all 50 pieces.
    Shuffle { seed: u64 },
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A formation breaks RULES.md §3.
    Invalid {
        color: Seat,
        violations: Vec<Violation>,
    },
    /// Formations belong to 明棋 and 暗棋, the shuffle to 翻棋.
    WrongMode(Mode),
    /// Two rule switches that exclude each other are both on.
    Rules(RulesConflict),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Invalid { color, violations } => {
                write!(f, "{}'s formation is not valid:", color.side_name())?;
                for v in violations {
                    write!(f, " {v};")?;
                }
                Ok(())
            }
            SetupError::WrongMode(m) => write!(f, "that setup does not fit mode {m}"),
            SetupError::Rules(c) => write!(f, "{c}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// 明棋 or 暗棋 from two valid formations, Red to move.
    pub fn from_deployments(
        mode: Mode,
        rules: Rules,
        red: &Deployment,
        black: &Deployment,
    ) -> Result<Position, SetupError> {
        if mode == Mode::Flip {
            return Err(SetupError::WrongMode(mode));
        }
        rules.validate().map_err(SetupError::Rules)?;
        for (color, d) in [(Seat::RED, red), (Seat::BLACK, black)] {
            d.validate_with(&rules)
                .map_err(|violations| SetupError::Invalid { color, violations })?;
        }
        let mut pos = Position::empty(mode, rules);
        for (color, d) in [(Seat::RED, red), (Seat::BLACK, black)] {
            for (p, piece) in d.placed(color) {
                pos.put(p, Occupant::known(piece));
            }
        }
        Ok(pos)
    }

    /// 翻棋: all 50 pieces shuffled face down on the 50 non-camp points by `seed`.
    pub fn new_flip(rules: Rules, seed: u64) -> Position {
        let mut pieces: Vec<Piece> = Vec::with_capacity(50);
        for color in Seat::RED_BLACK {
            for role in Role::ALL {
                for _ in 0..role.count() {
                    pieces.push(Piece::new(color, role));
                }
            }
        }
        SplitMix64::new(seed).shuffle(&mut pieces);
        let mut pos = Position::empty(Mode::Flip, rules);
        let topo = pos.board();
        let points = Point::all().filter(|p| !topo.is_camp(*p));
        for (p, piece) in points.zip(pieces) {
            pos.put(
                p,
                Occupant {
                    color: Some(piece.color),
                    role: Some(piece.role),
                    face_down: true,
                },
            );
        }
        pos
    }

    /// 翻暗棋: the piece the first player turns up on `point` of the 翻棋 shuffle `seed`; its
    /// colour becomes that player's, the other player takes the other colour, and then each side
    /// deploys hidden and Red moves first: an ordinary 暗棋 game (recorded as one, since the flip
    /// plays no part in replaying it). `None` for a camp, where no piece lies.
    pub fn flip_for_colour(seed: u64, point: Point) -> Option<Piece> {
        Position::new_flip(Rules::default(), seed).piece_at(point)
    }

    /// A new game from a setup.
    pub fn from_setup(mode: Mode, rules: Rules, setup: &Setup) -> Result<Position, SetupError> {
        match setup {
            Setup::Deployments { red, black } => {
                Position::from_deployments(mode, rules, red, black)
            }
            Setup::Shuffle { seed } if mode == Mode::Flip => {
                rules.validate().map_err(SetupError::Rules)?;
                Ok(Position::new_flip(rules, *seed))
            }
            Setup::Shuffle { .. } => Err(SetupError::WrongMode(mode)),
        }
    }
}

/// A game in progress: setup, current position and every report, in order.
#[derive(Clone, Debug)]
pub struct Game {
    mode: Mode,
    rules: Rules,
    setup: Setup,
    position: Position,
    reports: Vec<Report>,
    /// How the game ended if not by an action (resignation, agreement, time).
    ending: Option<Outcome>,
    /// The position before each action or timed-out turn, for undo.
    before: Vec<Position>,
    /// For each turn lost to the per-move timer, how many actions had been played before it.
    timeouts: Vec<u32>,
}

impl Game {
    pub fn new(mode: Mode, rules: Rules, setup: Setup) -> Result<Game, SetupError> {
        let position = Position::from_setup(mode, rules, &setup)?;
        Ok(Game {
            mode,
            rules,
            setup,
            position,
            reports: Vec::new(),
            ending: None,
            before: Vec::new(),
            timeouts: Vec::new(),
        })
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The referee's position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn reports(&self) -> &[Report] {
        &self.reports
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Plays an action, keeping its report.
    pub fn play(&mut self, action: Action) -> Result<&Report, IllegalAction> {
        let before = self.position.clone();
        let report = self.position.play(action)?;
        self.before.push(before);
        self.reports.push(report);
        Ok(self.reports.last().unwrap_or_else(|| unreachable!()))
    }

    /// The side to move ran out of its per-move time: the turn passes, the timeout is counted
    /// and the `timeout_limit`-th loses ([`Position::miss_turn`]). Kept in the record.
    pub fn miss_turn(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        let before = self.position.clone();
        let o = self.position.miss_turn()?;
        self.before.push(before);
        self.timeouts.push(self.reports.len() as u32);
        Ok(o)
    }

    /// Every ply so far, oldest first, as an undo sees it (actions and turns lost to the
    /// per-move timer, in the order they were played).
    pub fn plies(&self) -> Vec<crate::undo::Ply> {
        let mut out = Vec::with_capacity(self.reports.len() + self.timeouts.len());
        let mut misses = self.timeouts.iter().peekable();
        let next = |out: &Vec<crate::undo::Ply>| (out.len() % 2) as u8;
        for (i, r) in self.reports.iter().enumerate() {
            while misses.next_if(|&&t| t as usize == i).is_some() {
                out.push(crate::undo::Ply {
                    mover: next(&out),
                    missed: true,
                    revealed: false,
                });
            }
            out.push(crate::undo::Ply {
                mover: next(&out),
                missed: false,
                revealed: r.revealed_anything(),
            });
        }
        for _ in misses {
            out.push(crate::undo::Ply {
                mover: next(&out),
                missed: true,
                revealed: false,
            });
        }
        out
    }

    /// How many plies an undo for `side` (0: the side that moves first) takes back
    /// ([`crate::undo::span`]): pieces are hidden in every mode but 明棋.
    pub fn undo_span(&self, side: u8) -> Option<usize> {
        let hidden = self.position.mode() != Mode::Open;
        crate::undo::span(&self.plies(), side, hidden)
    }

    /// For each turn lost to the per-move timer, how many actions had been played before it.
    pub fn timeouts(&self) -> &[u32] {
        &self.timeouts
    }

    /// Takes back the last action (or timed-out turn); false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.before.pop() {
            Some(p) => {
                self.position = p;
                if self.timeouts.last() == Some(&(self.reports.len() as u32)) {
                    self.timeouts.pop();
                } else {
                    self.reports.pop();
                }
                self.ending = None;
                true
            }
            None => false,
        }
    }

    pub fn resign(&mut self, color: Seat) -> Result<Outcome, IllegalAction> {
        let o = self.position.resign(color)?;
        self.ending = Some(o);
        Ok(o)
    }

    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalAction> {
        let o = self.position.agree_draw()?;
        self.ending = Some(o);
        Ok(o)
    }

    pub fn time_out(&mut self, color: Seat) -> Result<Outcome, IllegalAction> {
        let o = self.position.time_out(color)?;
        self.ending = Some(o);
        Ok(o)
    }

    /// Ends the game as a record says it ended, when its actions alone do not (by
    /// resignation, time or agreement), and checks that the game ends so: a saved game, a
    /// record, a game between two devices all end here.
    pub fn end_as(&mut self, claimed: Outcome) -> Result<(), RecordError> {
        let two = Seating::two();
        if self.outcome().is_none() {
            let winner = claimed.winning_seat().unwrap_or(Seat::RED);
            let loser = self.position().opponent(winner);
            let applied = match claimed {
                Outcome::Win {
                    reason: ExitReason::Resignation,
                    ..
                } => self.resign(loser).map(|_| ()),
                Outcome::Win {
                    reason: ExitReason::Timeout,
                    ..
                } => self.time_out(loser).map(|_| ()),
                Outcome::Draw {
                    reason: DrawReason::Agreed,
                } => self.agree_draw().map(|_| ()),
                _ => Ok(()),
            };
            applied.map_err(|e| RecordError::Result(format!("{}: {e}", claimed.describe(&two))))?;
        }
        if self.outcome() != Some(claimed) {
            return Err(RecordError::Result(format!(
                "the record claims {}, the replay gives {}",
                claimed.describe(&two),
                self.outcome()
                    .map_or("no result".to_string(), |o| o.describe(&two))
            )));
        }
        Ok(())
    }

    /// The public history.
    pub fn public_history(&self) -> Vec<PublicEvent> {
        self.public_reports().map(|(event, _)| event).collect()
    }

    /// Each action of the history as everybody knows it, beside its report (which the referee
    /// alone may read whole), numbered by ply as [`Game::public_history`] numbers them.
    pub fn public_reports(&self) -> impl Iterator<Item = (PublicEvent, &Report)> + '_ {
        self.reports
            .iter()
            .enumerate()
            .filter(|(_, r)| r.action.is_some())
            .map(|(i, r)| (PublicEvent::from_report(i as u32 + 1, r), r))
    }

    /// What `viewer` may know, with the public history.
    pub fn view(&self, viewer: Option<Seat>) -> PlayerView {
        let mut v = self.position.view(viewer);
        v.history = self.public_history();
        v
    }

    /// The record of the game so far.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: GameRecord::VERSION,
            mode: self.mode,
            rules: self.rules,
            setup: self.setup.clone(),
            actions: self
                .reports
                .iter()
                .filter_map(|r| {
                    Some(RecordedAction {
                        action: r.action?,
                        result: Some(r.result),
                    })
                })
                .collect(),
            timeouts: self.timeouts.clone(),
            result: self.position.outcome(),
        }
    }

    /// Replays a record, checking every action and the result it claims.
    pub fn replay(record: &GameRecord) -> Result<Game, RecordError> {
        if record.version == 0 || record.version > GameRecord::VERSION {
            return Err(RecordError::Version(record.version));
        }
        let mut game = Game::new(record.mode, record.rules, record.setup.clone())
            .map_err(RecordError::Setup)?;
        if record.timeouts.windows(2).any(|w| w[0] > w[1])
            || record
                .timeouts
                .last()
                .is_some_and(|&t| t as usize > record.actions.len())
        {
            return Err(RecordError::Result(
                "the timed-out turns are out of order".to_string(),
            ));
        }
        let mut timeouts = record.timeouts.iter().peekable();
        let mut miss_turns = |game: &mut Game, played: usize| -> Result<(), RecordError> {
            while timeouts.next_if(|&&t| t as usize == played).is_some() {
                game.miss_turn().map_err(|e| RecordError::Action {
                    ply: game.position.ply(),
                    error: format!("timed-out turn: {e}"),
                })?;
            }
            Ok(())
        };
        for (i, ra) in record.actions.iter().enumerate() {
            miss_turns(&mut game, i)?;
            let ply = game.position.ply();
            let report = game.play(ra.action).map_err(|e| RecordError::Action {
                ply,
                error: e.to_string(),
            })?;
            if let Some(want) = ra.result {
                if report.result != want {
                    return Err(RecordError::Mismatch {
                        ply,
                        recorded: want,
                        played: report.result,
                    });
                }
            }
        }
        miss_turns(&mut game, record.actions.len())?;
        let two = Seating::two();
        if let Some(claimed) = record.result {
            game.end_as(claimed)?;
        } else if let Some(o) = game.outcome() {
            return Err(RecordError::Result(format!(
                "the record claims no result, the replay gives {}",
                o.describe(&two)
            )));
        }
        Ok(game)
    }
}

/// One action of a record, with the result it had.
/// A key it does not know is refused by name, as in the record around it: a damaged file is
/// never read as another game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedAction {
    pub action: Action,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ActionResult>,
}

/// A game as saved and shared: enough to replay it exactly (serde JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Format version; readers refuse versions newer than they know.
    pub version: u32,
    pub mode: Mode,
    #[serde(default)]
    pub rules: Rules,
    pub setup: Setup,
    pub actions: Vec<RecordedAction>,
    /// For each turn lost to the per-move timer (`timeout_limit`), how many actions had been
    /// played before it; absent when there were none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub timeouts: Vec<u32>,
    /// The result, once the game is over.
    #[serde(default, with = "crate::outcome::facing::opt")]
    pub result: Option<Outcome>,
}

impl GameRecord {
    pub const VERSION: u32 = 1;

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Json(String),
    Version(u32),
    Setup(SetupError),
    Action {
        ply: u32,
        error: String,
    },
    Mismatch {
        ply: u32,
        recorded: ActionResult,
        played: ActionResult,
    },
    Result(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a game record: {e}"),
            RecordError::Version(v) => {
                write!(f, "record version {v} is not supported (this reads 1)")
            }
            RecordError::Setup(e) => write!(f, "bad setup: {e}"),
            RecordError::Action { ply, error } => write!(f, "ply {ply}: {error}"),
            RecordError::Mismatch {
                ply,
                recorded,
                played,
            } => write!(
                f,
                "ply {ply}: the record says '{}', the replay gives '{}'",
                recorded.protocol_str(),
                played.protocol_str()
            ),
            RecordError::Result(e) => write!(f, "result: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}
