//! # junqi-learn
//!
//! The course that teaches 明棋 to children, modelled on lichess's "Learn": tiny positions, one
//! goal each, instant feedback, up to three stars. Each lesson is a small data record in
//! `data/course.json` (pieces, goal, star points, par, scripted replies of the other side, a
//! hint arrow, a known solution); [`LessonRun`] referees one attempt with the rules core.
//!
//! The learner always plays Red. When the other side has no scripted reply it passes (a
//! teaching convenience, not a rule), so a lesson can hold just the pieces that matter. A
//! `hidden` lesson is played as 暗棋: the referee knows every piece, the learner sees the enemy
//! pieces face down, and nothing the run reports names one the learner may not know.
//!
//! Each board lesson has a demo ([`Lesson::demo`]): the same lesson mirrored left to right,
//! played through its solution, so the idea is watched once before it is played.

pub mod puzzle;

use junqi_core::{
    Action, ActionResult, Deployment, Mode, Occupant, Piece, Point, Position, Report, Role, Rules,
    Seat, Slot,
};
use serde::Deserialize;
use std::fmt;
use std::sync::OnceLock;

/// A stage of the course: a group of lessons on one idea.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Stage {
    pub id: String,
    pub zh: String,
    pub en: String,
    /// A glyph the menu shows for the stage.
    pub icon: String,
    /// A stage of the strategy course, which follows the rules course.
    #[serde(default)]
    pub strategy: bool,
}

/// What the learner must do.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Remove the enemy pieces that start on these points.
    Remove(Vec<Point>),
    /// Stand a piece on each of these points.
    Reach(Vec<Point>),
    /// Capture the enemy flag.
    Flag(bool),
    /// Turn the formation into a valid one (swaps).
    Valid(bool),
    /// Tap the named point (one of these: a name may stand for two points, like 棋眉).
    Tap(Vec<Point>),
}

/// One lesson, as stored.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub id: String,
    pub stage: String,
    /// Board lessons: `point:letter` items, e.g. `c6:M c7:g b1:F d12:f`.
    #[serde(default)]
    pub pieces: Option<String>,
    /// Arrange lessons: a formation (deployment string) to repair by swapping.
    #[serde(default)]
    pub formation: Option<String>,
    pub goal: Goal,
    /// Moves (or swaps) for three stars.
    pub par: u32,
    /// Replies of the other side, one per learner move; when they run out it passes.
    #[serde(default)]
    pub replies: Vec<Action>,
    /// The arrow the hint button shows first.
    pub hint: Action,
    /// A known way to complete the lesson (moves, or swaps written `a-b`).
    pub solution: Vec<Action>,
    /// Moves that are mistakes (tested: each one fails the lesson).
    #[serde(default)]
    pub wrong: Vec<Action>,
    /// Trading a piece (both removed) is part of the lesson (equal ranks, bombs).
    #[serde(default)]
    pub allow_loss: bool,
    /// Entering a headquarters is a mistake here (the piece would be stuck).
    #[serde(default)]
    pub no_headquarters: bool,
    /// 暗棋: the enemy pieces are face down to the learner.
    #[serde(default)]
    pub hidden: bool,
}

impl Lesson {
    /// The points marked with stars: targets to reach or to clear.
    pub fn stars(&self) -> Vec<Point> {
        match &self.goal {
            Goal::Remove(p) | Goal::Reach(p) => p.clone(),
            _ => Vec::new(),
        }
    }

    pub fn is_arrange(&self) -> bool {
        self.formation.is_some()
    }

    /// A lesson on the names of the points: the learner taps the point named.
    pub fn is_tap(&self) -> bool {
        matches!(self.goal, Goal::Tap(_))
    }

    /// The starting position of a board lesson (Red to move; 明棋, or 暗棋 when hidden).
    pub fn position(&self) -> Result<Position, LessonError> {
        let text = self
            .pieces
            .as_deref()
            .ok_or_else(|| self.err("no pieces"))?;
        let mut pos = Position::empty(Mode::Open, Rules::default());
        for item in text.split_whitespace() {
            let (at, letter) = item.split_once(':').ok_or_else(|| self.err(item))?;
            let p: Point = at.parse().map_err(|_| self.err(item))?;
            let piece = letter
                .chars()
                .next()
                .and_then(Piece::from_char)
                .ok_or_else(|| self.err(item))?;
            pos.put(p, Occupant::known(piece));
        }
        Position::from_jfen_with(
            &format!("{} r 0 1", pos.board_fen()),
            Some(self.mode()),
            Rules::default(),
        )
        .map_err(|e| self.err(&e.to_string()))
    }

    /// 明棋, or 暗棋 for a hidden lesson.
    pub fn mode(&self) -> Mode {
        if self.hidden {
            Mode::Dark
        } else {
            Mode::Open
        }
    }

    /// The lesson's demo: the same lesson mirrored left to right (the board is symmetric, so
    /// every rule holds there), to be played through its solution before the learner plays.
    /// Tap and arrange lessons have none (a tap lesson's demo is [`Lesson::demo_points`]).
    pub fn demo(&self) -> Option<Lesson> {
        if self.is_arrange() || self.is_tap() {
            return None;
        }
        let point = |p: Point| Point::at(4 - p.column(), p.row()).unwrap_or(p);
        let action = |a: Action| match a {
            Action::Move { from, to } => Action::Move {
                from: point(from),
                to: point(to),
            },
            Action::Flip(p) => Action::Flip(point(p)),
        };
        let points = |ps: &[Point]| ps.iter().map(|p| point(*p)).collect::<Vec<_>>();
        let mut pieces = Vec::new();
        for item in self.pieces.as_deref()?.split_whitespace() {
            let (at, letter) = item.split_once(':')?;
            pieces.push(format!("{}:{letter}", point(at.parse().ok()?)));
        }
        let mut demo = self.clone();
        demo.id = format!("{}-demo", self.id);
        demo.pieces = Some(pieces.join(" "));
        demo.goal = match &self.goal {
            Goal::Remove(ps) => Goal::Remove(points(ps)),
            Goal::Reach(ps) => Goal::Reach(points(ps)),
            other => other.clone(),
        };
        let actions = |xs: &[Action]| xs.iter().map(|a| action(*a)).collect::<Vec<_>>();
        demo.replies = actions(&self.replies);
        demo.solution = actions(&self.solution);
        demo.wrong = actions(&self.wrong);
        demo.hint = action(self.hint);
        Some(demo)
    }

    /// A tap lesson's demo: the points of the same name on the enemy's side (the board turned
    /// round), shown before the learner finds their own.
    pub fn demo_points(&self) -> Vec<Point> {
        let Goal::Tap(named) = &self.goal else {
            return Vec::new();
        };
        named
            .iter()
            .filter_map(|p| Point::at(4 - p.column(), 13 - p.row()))
            .collect()
    }

    /// The formation of an arrange lesson.
    pub fn deployment(&self) -> Result<Deployment, LessonError> {
        let text = self
            .formation
            .as_deref()
            .ok_or_else(|| self.err("no formation"))?;
        text.parse()
            .map_err(|e: junqi_core::deployment::DeploymentParseError| self.err(&e.to_string()))
    }

    fn err(&self, what: &str) -> LessonError {
        LessonError(format!("lesson {}: {what}", self.id))
    }
}

/// A broken lesson record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError(pub String);

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LessonError {}

/// The whole course.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Course {
    pub stages: Vec<Stage>,
    pub lessons: Vec<Lesson>,
}

impl Course {
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// The lessons of a stage, in order.
    pub fn lessons_of<'a>(&'a self, stage: &'a str) -> impl Iterator<Item = &'a Lesson> + 'a {
        self.lessons.iter().filter(move |l| l.stage == stage)
    }

    /// A level of the strategy course (its stage says so).
    pub fn is_strategy(&self, lesson: &Lesson) -> bool {
        self.stages
            .iter()
            .any(|s| s.id == lesson.stage && s.strategy)
    }

    /// The lesson after `id`, if any.
    pub fn next(&self, id: &str) -> Option<&Lesson> {
        let i = self.lessons.iter().position(|l| l.id == id)?;
        self.lessons.get(i + 1)
    }
}

/// The course shipped with the game (parsed once; its validity is a test).
pub fn course() -> &'static Course {
    static COURSE: OnceLock<Course> = OnceLock::new();
    COURSE.get_or_init(|| {
        serde_json::from_str(include_str!("../data/course.json")).unwrap_or(Course {
            stages: Vec::new(),
            lessons: Vec::new(),
        })
    })
}

/// Why an attempt failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// The learner's piece on `at` was lost to `by` (the piece that would win, the mine);
    /// `None` in a hidden lesson, where the referee names no enemy piece.
    Lost {
        at: Point,
        piece: Piece,
        by: Option<Piece>,
    },
    /// A piece walked into a headquarters and is stuck there.
    Stuck { at: Point },
    /// Far more moves than needed: start again.
    TooManyMoves,
    /// The learner's own flag was taken.
    FlagLost,
}

/// What the screen shows after an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Keep going; the other side's reply, if it moved.
    Continue { reply: Option<Report> },
    /// Done, with 1–3 stars.
    Success { stars: u8 },
    /// Wrong: show it, then the lesson restarts.
    Mistake(Mistake),
    /// Not a legal move here (nothing changed).
    Illegal,
    /// A tap on another point than the one named (tap lessons): try again.
    Miss,
}

/// Stars for `moves` against `par`.
pub fn stars(moves: u32, par: u32) -> u8 {
    if moves <= par {
        3
    } else if moves <= par + 2 {
        2
    } else {
        1
    }
}

/// One attempt at a lesson.
#[derive(Clone, Debug)]
pub struct LessonRun {
    pub lesson: Lesson,
    position: Option<Position>,
    formation: Option<Deployment>,
    /// Where each enemy target now stands (`None` once removed).
    targets: Vec<Option<Point>>,
    moves: u32,
    done: bool,
}

impl LessonRun {
    pub fn new(lesson: &Lesson) -> Result<LessonRun, LessonError> {
        let (position, formation) = if lesson.is_arrange() {
            (None, Some(lesson.deployment()?))
        } else {
            (Some(lesson.position()?), None)
        };
        let targets = match &lesson.goal {
            Goal::Remove(ps) => ps.iter().map(|p| Some(*p)).collect(),
            _ => Vec::new(),
        };
        Ok(LessonRun {
            lesson: lesson.clone(),
            position,
            formation,
            targets,
            moves: 0,
            done: false,
        })
    }

    /// The board (board lessons).
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The formation (arrange lessons).
    pub fn formation(&self) -> Option<&Deployment> {
        self.formation.as_ref()
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The points still marked with a star.
    pub fn stars_left(&self) -> Vec<Point> {
        match &self.lesson.goal {
            Goal::Remove(_) => self.targets.iter().flatten().copied().collect(),
            Goal::Reach(ps) => {
                let pos = self.position.as_ref();
                ps.iter()
                    .copied()
                    .filter(|p| {
                        pos.is_none_or(|pos| pos.piece_at(*p).is_none_or(|x| x.color != Seat::RED))
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn follow(&mut self, report: &Report) {
        let Some(Action::Move { from, to }) = report.action else {
            return;
        };
        for t in self.targets.iter_mut() {
            if report
                .removed
                .iter()
                .any(|(p, piece)| Some(*p) == *t && piece.color == Seat::BLACK)
            {
                *t = None;
            } else if *t == Some(from)
                && report.by == Some(Seat::BLACK)
                && !report.removed.iter().any(|(p, _)| *p == from)
            {
                *t = Some(to);
            }
        }
    }

    fn goal_met(&self) -> bool {
        match &self.lesson.goal {
            Goal::Remove(_) => self.targets.iter().all(Option::is_none),
            Goal::Reach(_) => self.stars_left().is_empty(),
            Goal::Flag(_) => self
                .position
                .as_ref()
                .and_then(|p| p.outcome())
                .is_some_and(|o| {
                    o.winning_seat() == Some(Seat::RED)
                        && matches!(
                            o,
                            junqi_core::Outcome::Win {
                                reason: junqi_core::ExitReason::FlagCaptured,
                                ..
                            }
                        )
                }),
            Goal::Valid(_) => self.formation.as_ref().is_some_and(Deployment::is_valid),
            // Met by the tap itself ([`LessonRun::tap`]).
            Goal::Tap(_) => false,
        }
    }

    fn lost_piece(&self, report: &Report) -> Option<Mistake> {
        let lost = report.removed.iter().find(|(_, p)| p.color == Seat::RED)?;
        let by = if Some(lost.1) == report.attacker {
            report.defender
        } else {
            report.attacker
        }?;
        Some(Mistake::Lost {
            at: lost.0,
            piece: lost.1,
            by: (!self.lesson.hidden).then_some(by),
        })
    }

    /// Back to Red's turn with the same pieces (the other side passes), in the same mode and
    /// with the same identities public (a fallen 司令's flag).
    fn pass(&mut self) {
        if let Some(pos) = &self.position {
            let text = format!("{} r 0 {}", pos.board_fen(), pos.ply());
            if let Ok(mut p) = Position::from_jfen_with(&text, Some(pos.mode()), *pos.rules()) {
                for q in pos.public() {
                    p.make_public(q);
                }
                self.position = Some(p);
            }
        }
    }

    /// The learner plays a move (board lessons).
    pub fn play(&mut self, action: Action) -> Feedback {
        if self.done || self.lesson.is_arrange() || self.lesson.is_tap() {
            return Feedback::Illegal;
        }
        let Some(pos) = self.position.as_mut() else {
            return Feedback::Illegal;
        };
        if pos.turn() != Some(Seat::RED) {
            return Feedback::Illegal;
        }
        let report = match pos.play(action) {
            Ok(r) => r,
            Err(_) => return Feedback::Illegal,
        };
        self.moves += 1;
        self.follow(&report);
        if self.goal_met() {
            self.done = true;
            return Feedback::Success {
                stars: stars(self.moves, self.lesson.par),
            };
        }
        // A trade (both removed) may be the point of the lesson; losing for nothing never is.
        if !self.lesson.allow_loss || report.result == ActionResult::Lose {
            if let Some(m) = self.lost_piece(&report) {
                self.done = true;
                return Feedback::Mistake(m);
            }
        }
        if self.lesson.no_headquarters && report.by == Some(Seat::RED) {
            if let Action::Move { to, .. } = action {
                if junqi_core::Topology::standard().is_headquarters(to) {
                    self.done = true;
                    return Feedback::Mistake(Mistake::Stuck { at: to });
                }
            }
        }
        if self.moves > self.lesson.par + 6 {
            self.done = true;
            return Feedback::Mistake(Mistake::TooManyMoves);
        }
        // The other side: its scripted reply for this move, or a pass.
        let reply_action = self.lesson.replies.get(self.moves as usize - 1).copied();
        let mut reply = None;
        if let Some(a) = reply_action {
            if let Some(pos) = self.position.as_mut() {
                if pos.outcome().is_none() {
                    if let Ok(r) = pos.play(a) {
                        reply = Some(r);
                    }
                }
            }
        }
        if let Some(r) = &reply {
            self.follow(r);
            if r.outcome
                .is_some_and(|o| o.winning_seat() == Some(Seat::BLACK))
                && r.result == ActionResult::Capture
            {
                self.done = true;
                return Feedback::Mistake(Mistake::FlagLost);
            }
            if let Some(m) = self.lost_piece(r) {
                if !self.lesson.allow_loss {
                    self.done = true;
                    return Feedback::Mistake(m);
                }
            }
        }
        if self
            .position
            .as_ref()
            .is_some_and(|p| p.turn() != Some(Seat::RED) || p.outcome().is_some())
        {
            self.pass();
        }
        Feedback::Continue { reply }
    }

    /// The learner swaps two points of the formation (arrange lessons), named as Red's points.
    pub fn swap(&mut self, a: Point, b: Point) -> Feedback {
        if self.done {
            return Feedback::Illegal;
        }
        let (Some(sa), Some(sb)) = (Slot::of_point(a, Seat::RED), Slot::of_point(b, Seat::RED))
        else {
            return Feedback::Illegal;
        };
        let Some(d) = self.formation.as_mut() else {
            return Feedback::Illegal;
        };
        if sa == sb {
            return Feedback::Illegal;
        }
        d.swap(sa, sb);
        let met = self.goal_met();
        self.counted(met, Feedback::Continue { reply: None })
    }

    /// One more move, swap or tap: the goal `met` ends the lesson with its stars, far too many
    /// moves end it too, else `otherwise`.
    fn counted(&mut self, met: bool, otherwise: Feedback) -> Feedback {
        self.moves += 1;
        if met {
            self.done = true;
            return Feedback::Success {
                stars: stars(self.moves, self.lesson.par),
            };
        }
        if self.moves > self.lesson.par + 6 {
            self.done = true;
            return Feedback::Mistake(Mistake::TooManyMoves);
        }
        otherwise
    }

    /// The learner taps a point (tap lessons): the point named ends the lesson.
    pub fn tap(&mut self, p: Point) -> Feedback {
        let Goal::Tap(named) = &self.lesson.goal else {
            return Feedback::Illegal;
        };
        if self.done {
            return Feedback::Illegal;
        }
        let met = named.contains(&p);
        self.counted(met, Feedback::Miss)
    }

    /// Plays a recorded step: a move on a board lesson, a swap on an arrange lesson, a tap
    /// (written as the point alone) on a tap lesson.
    pub fn step(&mut self, action: Action) -> Feedback {
        match (self.lesson.is_arrange(), self.lesson.is_tap(), action) {
            (_, true, Action::Flip(p)) => self.tap(p),
            (_, true, Action::Move { .. }) => Feedback::Illegal,
            (true, _, Action::Move { from, to }) => self.swap(from, to),
            (true, _, Action::Flip(_)) => Feedback::Illegal,
            (false, false, a) => self.play(a),
        }
    }
}

/// What the goal card draws, read from the lesson's known solution through the rules core, so
/// that each rule gets its own picture (a take is not a trade).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The learner's piece takes the enemy piece and stays (`theirs` is `None` when the
    /// enemy is hidden).
    Take { mine: Piece, theirs: Option<Piece> },
    /// Both pieces are removed (equal ranks, a bomb).
    Trade { mine: Piece, theirs: Option<Piece> },
    /// A piece goes to the star.
    Reach { mine: Piece },
    /// A piece takes the enemy flag (the one that makes the last step).
    Flag { mine: Piece },
    /// Mend the formation by swapping.
    Arrange,
    /// Tap the point named.
    Tap,
}

impl Lesson {
    /// The goal's picture: for a removal, what the solution's first blow at a target does
    /// (played by the rules core); for the flag, the piece that takes it; otherwise the piece
    /// the solution moves first. A hidden lesson's picture names no enemy piece.
    pub fn picture(&self) -> Option<Picture> {
        if self.is_arrange() {
            return Some(Picture::Arrange);
        }
        if self.is_tap() {
            return Some(Picture::Tap);
        }
        let mut run = LessonRun::new(self).ok()?;
        let first = run.position()?.piece_at(self.solution.first()?.from())?;
        match self.goal {
            Goal::Reach(_) => return Some(Picture::Reach { mine: first }),
            Goal::Flag(_) => {
                let (last, before) = self.solution.split_last()?;
                for &step in before {
                    run.step(step);
                }
                let mine = run.position()?.piece_at(last.from())?;
                return Some(Picture::Flag { mine });
            }
            Goal::Valid(_) => return Some(Picture::Arrange),
            Goal::Tap(_) => return Some(Picture::Tap),
            Goal::Remove(_) => {}
        }
        for &step in &self.solution {
            let (from, to) = (step.from(), step.to());
            let pos = run.position()?;
            if run.targets.contains(&Some(to)) {
                let mine = pos.piece_at(from)?;
                let theirs = pos.piece_at(to).filter(|_| !self.hidden);
                let report = pos.clone().play(step).ok()?;
                let lost_mine = report.removed.iter().any(|(_, p)| p.color == Seat::RED);
                return Some(if lost_mine {
                    Picture::Trade { mine, theirs }
                } else {
                    Picture::Take { mine, theirs }
                });
            }
            run.step(step);
        }
        None
    }
}

/// The outcome a piece of the learner would have attacking an enemy piece (attack preview): the
/// core's [`junqi_core::contact`] for the course's game, 明棋 under the default rules.
pub fn preview(attacker: Role, defender: Role) -> junqi_core::Clash {
    junqi_core::contact(
        attacker,
        defender,
        junqi_core::Mode::Open,
        &Rules::default(),
    )
}
