//! Puzzles: 明棋 positions with one goal whose solution is proven unique by exhaustive search.
//!
//! A puzzle is a position with Red to move (positions found with Black to move are mirrored,
//! see [`mirror_board`]), an [`Aim`], a depth and the solution line (the solver's moves and
//! the other side's best defence, alternating). [`check`] proves it: at every move of the
//! solver in the line exactly one legal move reaches the aim within the moves left, and the
//! line's defence is a defence that holds out longest. The search is a plain AND/OR search over
//! the rules core's legal actions: the solver needs one move that works against every answer.
//!
//! Aims (the depth `n` counts the solver's moves):
//! - `flag`: win the game (take the flag, or leave the other side without a move) within `n`.
//! - `take:<point>`: remove the enemy piece that stands on the point within `n`, without losing
//!   a piece of your own on the way and with no piece of yours lost to the answer.
//! - `stop`: the other side would take the flag within `n` of its moves; find the one move that
//!   prevents it. The line is that one move.

use junqi_core::{Action, Mode, Position, Report, Role, Rules, Seat};
use std::fmt;
use std::sync::OnceLock;

/// What the solver must do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    Flag,
    Take(junqi_core::Point),
    Stop,
}

impl fmt::Display for Aim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aim::Flag => f.write_str("flag"),
            Aim::Take(p) => write!(f, "take:{p}"),
            Aim::Stop => f.write_str("stop"),
        }
    }
}

impl std::str::FromStr for Aim {
    type Err = String;
    fn from_str(s: &str) -> Result<Aim, String> {
        match s {
            "flag" => Ok(Aim::Flag),
            "stop" => Ok(Aim::Stop),
            _ => match s.strip_prefix("take:") {
                Some(p) => p.parse().map(Aim::Take).map_err(|e| format!("{e}")),
                None => Err(format!(
                    "unknown aim '{}' (flag, take:<point> or stop)",
                    s.chars().take(16).collect::<String>()
                )),
            },
        }
    }
}

/// One puzzle, as stored: a line of `data/puzzles.txt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub aim: Aim,
    /// The solver's moves (for `stop`, the other side's threat).
    pub depth: u32,
    /// How hard it is (about 400 … 1800, from the depth and the search the proof needed).
    pub rating: u32,
    /// The board part of a JFEN, Red to move.
    pub board: String,
    /// The solution: the solver's moves and the defence's answers, alternating.
    pub line: Vec<Action>,
}

/// A puzzle line or file that cannot be read or does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// Reads `id aim depth rating board move move …`.
    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        let short: String = line.chars().take(24).collect();
        let err = |what: String| PuzzleError(format!("puzzle '{short}': {what}"));
        let mut words = line.split_whitespace();
        let mut next = |name: &str| {
            words
                .next()
                .map(str::to_string)
                .ok_or_else(|| err(format!("no {name}")))
        };
        let id = next("id")?;
        let aim = next("aim")?.parse().map_err(err)?;
        let depth: u32 = next("depth")?
            .parse()
            .map_err(|_| err("the depth is not a number".into()))?;
        let rating: u32 = next("rating")?
            .parse()
            .map_err(|_| err("the rating is not a number".into()))?;
        let board = next("board")?;
        let line = words
            .map(|w| w.parse::<Action>().map_err(|e| err(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(err(format!("depth {depth} is not 1 … {MAX_DEPTH}")));
        }
        let puzzle = Puzzle {
            id,
            aim,
            depth,
            rating,
            board,
            line,
        };
        puzzle.position().map_err(|e| err(e.0))?;
        Ok(puzzle)
    }

    /// The starting position: 明棋, default rules, Red to move.
    pub fn position(&self) -> Result<Position, PuzzleError> {
        let pos = Position::from_jfen(&format!("{} r 0 1", self.board))
            .map_err(|e| PuzzleError(format!("puzzle {}: {e}", self.id)))?;
        if pos.mode() != Mode::Open || *pos.rules() != Rules::default() {
            return Err(PuzzleError(format!(
                "puzzle {}: not a 明棋 position",
                self.id
            )));
        }
        Ok(pos)
    }

    /// The puzzle as a line of the data file.
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "{} {} {} {} {}",
            self.id, self.aim, self.depth, self.rating, self.board
        );
        for a in &self.line {
            s.push(' ');
            s.push_str(&a.to_string());
        }
        s
    }
}

/// The deepest puzzle: beyond three moves the proof is too slow for the app's refutations.
pub const MAX_DEPTH: u32 = 3;

/// Reads a puzzle file: one puzzle a line; `#` starts a comment line.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(Puzzle::parse)
        .collect()
}

/// The puzzles shipped with the game (parsed once; that they all hold is a test).
pub fn puzzles() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| parse_file(include_str!("../data/puzzles.txt")).unwrap_or_default())
}

/// The puzzle of the day `day` (days since 1970-01-01, in the player's time zone): every
/// puzzle once before any comes again, in an order fixed by the list.
pub fn of_the_day(list: &[Puzzle], day: i64) -> Option<&Puzzle> {
    if list.is_empty() {
        return None;
    }
    let n = list.len() as i64;
    // A fixed stride coprime with any list length below it walks the list in a mixed order.
    let stride = (1..n.max(2))
        .rev()
        .find(|s| gcd(*s, n) == 1 && *s <= n * 5 / 8)
        .unwrap_or(1);
    list.get((day.rem_euclid(n) * stride % n) as usize)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The board part of a JFEN seen from the other side: rows reversed and colours swapped, so a
/// puzzle found with Black to move is posed with Red to move (the board is symmetric).
pub fn mirror_board(board: &str) -> String {
    board
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The point on the mirrored board.
pub fn mirror_point(p: junqi_core::Point) -> junqi_core::Point {
    junqi_core::Point::at(p.column(), 13 - p.row()).unwrap_or(p)
}

/// The action on the mirrored board.
pub fn mirror_action(a: Action) -> Action {
    match a {
        Action::Move { from, to } => Action::Move {
            from: mirror_point(from),
            to: mirror_point(to),
        },
        Action::Flip(p) => Action::Flip(mirror_point(p)),
    }
}

/// The search ran out of its node budget before it could answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OutOfNodes;

/// What the solver wants, with the target followed as it moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Want {
    Flag,
    Take { at: junqi_core::Point, role: Role },
}

/// An exhaustive AND/OR search with a node budget.
pub struct Solver {
    nodes: u64,
    limit: u64,
}

impl Solver {
    /// A solver that gives up after `limit` positions.
    pub fn new(limit: u64) -> Solver {
        Solver { nodes: 0, limit }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn tick(&mut self) -> Result<(), OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.limit {
            Err(OutOfNodes)
        } else {
            Ok(())
        }
    }

    fn want(pos: &Position, aim: Aim) -> Option<Want> {
        match aim {
            Aim::Flag | Aim::Stop => Some(Want::Flag),
            Aim::Take(at) => {
                let piece = pos.piece_at(at)?;
                let me = pos.turn()?;
                (piece.color != me).then_some(Want::Take {
                    at,
                    role: piece.role,
                })
            }
        }
    }

    /// The moves of the side to move that reach `aim` within `depth` of its moves against any
    /// defence (for [`Aim::Stop`]: the moves after which the other side cannot take the flag
    /// within `depth` of its moves).
    pub fn solutions(
        &mut self,
        pos: &Position,
        aim: Aim,
        depth: u32,
    ) -> Result<Vec<Action>, OutOfNodes> {
        let mut found = Vec::new();
        for a in pos.legal_actions() {
            if self.works(pos, aim, depth, a)? {
                found.push(a);
            }
        }
        Ok(found)
    }

    /// Whether the side to move reaches `aim` within `depth` by starting with `first`.
    pub fn works(
        &mut self,
        pos: &Position,
        aim: Aim,
        depth: u32,
        first: Action,
    ) -> Result<bool, OutOfNodes> {
        let Some(me) = pos.turn() else {
            return Ok(false);
        };
        if !pos.is_legal(first) {
            return Ok(false);
        }
        let mut after = pos.clone();
        after.play_unchecked(first);
        if aim == Aim::Stop {
            if let Some(o) = after.outcome() {
                return Ok(o.winning_seat() == Some(me));
            }
            return Ok(!self.forces(&after, Want::Flag, depth)?);
        }
        let Some(want) = Self::want(pos, aim) else {
            return Ok(false);
        };
        self.after_mine(pos, &after, me, want, first, depth)
    }

    /// An answer of the other side that keeps the side to move in `pos` from reaching `aim`
    /// after `wrong` (for [`Aim::Stop`]: the first move of the other side's win), with the
    /// longest defence first: `None` if `wrong` works or is not legal.
    pub fn refutation(
        &mut self,
        pos: &Position,
        aim: Aim,
        depth: u32,
        wrong: Action,
    ) -> Result<Option<Action>, OutOfNodes> {
        let Some(me) = pos.turn() else {
            return Ok(None);
        };
        if !pos.is_legal(wrong) {
            return Ok(None);
        }
        let mut after = pos.clone();
        after.play_unchecked(wrong);
        if after.outcome().is_some() {
            return Ok(None);
        }
        if aim == Aim::Stop {
            // The other side's move that forces the flag soonest.
            for k in 1..=depth {
                for b in after.legal_actions() {
                    let mut p = after.clone();
                    p.play_unchecked(b);
                    if self.after_mine(&after, &p, me.other_side(), Want::Flag, b, k)? {
                        return Ok(Some(b));
                    }
                }
            }
            return Ok(None);
        }
        let Some(want) = Self::want(pos, aim) else {
            return Ok(None);
        };
        match follow_mine(pos, &after, want, wrong) {
            Some(want) => self.best_defence(&after, me, want, depth - 1),
            // The target is taken: the answer that takes a piece back.
            None => Ok(after.legal_actions().into_iter().find(|&b| {
                let mut p = after.clone();
                p.play_unchecked(b);
                p.pieces_of(me).count() < after.pieces_of(me).count()
            })),
        }
    }

    /// The other side's answer (it is to move in `pos`) that holds out longest against `want`
    /// with `left` moves of the solver to come: one the solver cannot beat within `left` if
    /// there is one, else one that needs all of `left`.
    fn best_defence(
        &mut self,
        pos: &Position,
        me: Seat,
        want: Want,
        left: u32,
    ) -> Result<Option<Action>, OutOfNodes> {
        let replies = pos.legal_actions();
        for k in (0..=left).rev() {
            for &b in &replies {
                let mut p = pos.clone();
                p.play_unchecked(b);
                if !self.after_theirs(pos, &p, me, want, b, k)? {
                    return Ok(Some(b));
                }
            }
        }
        Ok(None)
    }

    /// Whether the side to move (`me`) reaches `want` within `k` of its moves.
    fn forces(&mut self, pos: &Position, want: Want, k: u32) -> Result<bool, OutOfNodes> {
        self.tick()?;
        let Some(me) = pos.turn() else {
            return Ok(false);
        };
        if k == 0 {
            return Ok(false);
        }
        let actions = pos.legal_actions();
        // Attacks first: they finish soonest.
        let (attacks, quiet): (Vec<Action>, Vec<Action>) = actions
            .into_iter()
            .partition(|a| pos.piece_at(a.to()).is_some());
        for a in attacks.into_iter().chain(quiet) {
            let mut p = pos.clone();
            p.play_unchecked(a);
            if self.after_mine(pos, &p, me, want, a, k)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// After the solver's move `a` (from `before` to `after`) with `k` of its moves used up to
    /// and including it: does `want` hold against every answer?
    fn after_mine(
        &mut self,
        before: &Position,
        after: &Position,
        me: Seat,
        want: Want,
        a: Action,
        k: u32,
    ) -> Result<bool, OutOfNodes> {
        let followed = follow_mine(before, after, want, a);
        if let Some(o) = after.outcome() {
            // A `take` is not solved by winning some other way.
            let taken = followed.is_none() || want == Want::Flag;
            return Ok(o.winning_seat() == Some(me) && taken);
        }
        let Some(want) = followed else {
            // The target was taken: it holds if no answer takes a piece of mine.
            if after.pieces_of(me).count() < before.pieces_of(me).count() {
                return Ok(false);
            }
            let mine = after.pieces_of(me).count();
            for b in after.legal_actions() {
                self.tick()?;
                let mut p = after.clone();
                p.play_unchecked(b);
                if p.pieces_of(me).count() < mine
                    || p.outcome().is_some_and(|o| o.winning_seat() != Some(me))
                {
                    return Ok(false);
                }
            }
            return Ok(true);
        };
        if matches!(want, Want::Take { .. })
            && after.pieces_of(me).count() < before.pieces_of(me).count()
        {
            return Ok(false);
        }
        if k <= 1 {
            return Ok(false);
        }
        for b in after.legal_actions() {
            let mut p = after.clone();
            p.play_unchecked(b);
            if !self.after_theirs(after, &p, me, want, b, k - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// After the other side's answer `b`: does the solver still reach `want` within `k`?
    fn after_theirs(
        &mut self,
        before: &Position,
        after: &Position,
        me: Seat,
        want: Want,
        b: Action,
        k: u32,
    ) -> Result<bool, OutOfNodes> {
        if let Some(o) = after.outcome() {
            return Ok(o.winning_seat() == Some(me));
        }
        match want {
            Want::Flag => self.forces(after, want, k),
            Want::Take { at, role } => {
                if after.pieces_of(me).count() < before.pieces_of(me).count() {
                    return Ok(false);
                }
                if b.from() != at {
                    return self.forces(after, want, k);
                }
                match after.piece_at(b.to()) {
                    Some(p) if p.color != me && p.role == role => {
                        self.forces(after, Want::Take { at: b.to(), role }, k)
                    }
                    // The target fell attacking: taken, and nothing of mine was lost.
                    _ => Ok(true),
                }
            }
        }
    }
}

/// Where the target stands after the solver's move `a`: `None` once it is removed.
fn follow_mine(before: &Position, after: &Position, want: Want, a: Action) -> Option<Want> {
    match want {
        Want::Flag => Some(Want::Flag),
        Want::Take { at, role } => {
            if a.to() != at {
                return Some(want);
            }
            match after.piece_at(at) {
                Some(p) if p.role == role && Some(p.color) != before.turn() => Some(want),
                _ => None,
            }
        }
    }
}

/// What a proof found: the nodes it searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub nodes: u64,
}

/// The node budget of [`check`]: far more than any shipped puzzle needs.
pub const CHECK_NODES: u64 = 200_000_000;

/// Proves a puzzle: the position reads, the aim makes sense there, the line is legal; at each
/// of the solver's moves exactly that move works with the moves left (and, at the start, not
/// with fewer: the depth is exact); each answer in the line holds out for all the moves left;
/// the line ends with the aim reached.
pub fn check(puzzle: &Puzzle) -> Result<Proof, PuzzleError> {
    let err = |what: String| PuzzleError(format!("puzzle {}: {what}", puzzle.id));
    let out = |_| {
        err(format!(
            "the search needed more than {CHECK_NODES} positions"
        ))
    };
    let mut pos = puzzle.position()?;
    let mut solver = Solver::new(CHECK_NODES);
    let Some(mut want) = Solver::want(&pos, puzzle.aim) else {
        return Err(err(format!(
            "no enemy piece stands on the target of '{}'",
            puzzle.aim
        )));
    };
    let moves = if puzzle.aim == Aim::Stop {
        1
    } else {
        2 * puzzle.depth - 1
    };
    if puzzle.line.len() as u32 != moves {
        return Err(err(format!(
            "the line has {} moves; this aim and depth need {moves}",
            puzzle.line.len()
        )));
    }
    if puzzle.aim == Aim::Stop {
        // The threat must be real: were it Black's turn, Black would take the flag.
        let passed = Position::from_jfen(&format!("{} b 0 1", puzzle.board))
            .map_err(|e| err(e.to_string()))?;
        if !solver
            .forces(&passed, Want::Flag, puzzle.depth)
            .map_err(out)?
        {
            return Err(err(format!(
                "Black cannot take the flag within {} moves, so there is nothing to stop",
                puzzle.depth
            )));
        }
    }
    let first = puzzle.line[0];
    if puzzle.aim != Aim::Stop
        && puzzle.depth > 1
        && solver
            .works(&pos, puzzle.aim, puzzle.depth - 1, first)
            .map_err(out)?
    {
        return Err(err(format!(
            "{first} already works within {} moves",
            puzzle.depth - 1
        )));
    }
    // Every wrong first move has its refutation within the app's budget.
    for wrong in pos.legal_actions() {
        if wrong == first {
            continue;
        }
        let mut refuter = Solver::new(REFUTE_NODES);
        match refuter.refutation(&pos, puzzle.aim, puzzle.depth, wrong) {
            Ok(Some(_)) => {}
            Ok(None) => {
                // No answer to show: the move works too (the uniqueness below names it), or
                // it loses a piece at once (a `take`), which the board shows by itself.
                let mut after = pos.clone();
                after.play_unchecked(wrong);
                let loses = after.pieces_of(Seat::RED).count() < pos.pieces_of(Seat::RED).count();
                if !loses
                    && !solver
                        .works(&pos, puzzle.aim, puzzle.depth, wrong)
                        .map_err(out)?
                {
                    return Err(err(format!("the wrong move {wrong} has no answer to show")));
                }
            }
            Err(OutOfNodes) => {
                return Err(err(format!(
                    "refuting {wrong} needs more than {REFUTE_NODES} positions"
                )))
            }
        }
        solver.nodes += refuter.nodes;
    }
    for (i, &step) in puzzle.line.iter().enumerate() {
        if !pos.is_legal(step) {
            return Err(err(format!("move {} ({step}) is not legal", i + 1)));
        }
        let left = puzzle.depth - (i as u32) / 2;
        let aim = match want {
            Want::Take { at, .. } => Aim::Take(at),
            Want::Flag => puzzle.aim,
        };
        let before = pos.clone();
        pos.play_unchecked(step);
        if i % 2 == 0 {
            let found = solver.solutions(&before, aim, left).map_err(out)?;
            if found != [step] {
                let list: Vec<String> = found.iter().map(ToString::to_string).collect();
                return Err(err(format!(
                    "at move {} the moves that work are [{}], not only {step}",
                    i + 1,
                    list.join(" ")
                )));
            }
        } else {
            if let Want::Take { at, role } = want {
                if step.from() == at {
                    want = Want::Take {
                        at: step.to(),
                        role,
                    };
                }
            }
            // The answer holds out: the solver still needs every move it has left.
            if left > 1
                && pos.outcome().is_none()
                && solver.forces(&pos, want, left - 2).map_err(out)?
            {
                return Err(err(format!(
                    "answer {} ({step}) gives up sooner than the depth says",
                    i + 1
                )));
            }
        }
    }
    Ok(Proof {
        nodes: solver.nodes(),
    })
}

/// What the puzzle screen shows after the player's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFeedback {
    /// Right; the other side answered (the line's next move).
    Right { reply: Option<Report> },
    /// Solved.
    Solved,
    /// Not the move: the other side's refutation was played (when the search found one in
    /// its budget); [`PuzzleRun::retry`] goes back to before the move.
    Wrong { refutation: Option<Report> },
    /// Not a legal move here (nothing changed).
    Illegal,
}

/// The node budget of one refutation in the app: a wrong move's refutation in a shipped puzzle
/// takes far fewer (the `junqi puzzle check` figures), and past it the screen shows the move
/// as wrong without an answer.
pub const REFUTE_NODES: u64 = 2_000_000;

/// One attempt at a puzzle.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    pub puzzle: Puzzle,
    position: Position,
    /// Where each move of the line was played from: what [`PuzzleRun::retry`] goes back to.
    before_wrong: Option<Position>,
    /// Moves of the line played so far.
    done: usize,
    /// Wrong moves so far.
    mistakes: u32,
}

impl PuzzleRun {
    pub fn new(puzzle: &Puzzle) -> Result<PuzzleRun, PuzzleError> {
        Ok(PuzzleRun {
            puzzle: puzzle.clone(),
            position: puzzle.position()?,
            before_wrong: None,
            done: 0,
            mistakes: 0,
        })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the puzzle is solved.
    pub fn is_solved(&self) -> bool {
        self.done >= self.puzzle.line.len()
    }

    /// Whether a wrong move is on the board, waiting for [`PuzzleRun::retry`].
    pub fn is_wrong(&self) -> bool {
        self.before_wrong.is_some()
    }

    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The move the line expects next (the hint).
    pub fn expected(&self) -> Option<Action> {
        (!self.is_wrong())
            .then(|| self.puzzle.line.get(self.done).copied())
            .flatten()
    }

    /// The player (Red) moves.
    pub fn play(&mut self, action: Action) -> PuzzleFeedback {
        if self.is_solved()
            || self.is_wrong()
            || self.position.turn() != Some(Seat::RED)
            || !self.position.is_legal(action)
        {
            return PuzzleFeedback::Illegal;
        }
        if Some(action) != self.expected() {
            let before = self.position.clone();
            let left = self.puzzle.depth - (self.done as u32) / 2;
            let aim = self.current_aim();
            let refutation = Solver::new(REFUTE_NODES)
                .refutation(&before, aim, left, action)
                .ok()
                .flatten();
            self.mistakes += 1;
            let _ = self.position.play(action);
            let refutation = refutation.and_then(|b| self.position.play(b).ok());
            self.before_wrong = Some(before);
            return PuzzleFeedback::Wrong { refutation };
        }
        let _ = self.position.play(action);
        self.done += 1;
        if self.is_solved() {
            return PuzzleFeedback::Solved;
        }
        let reply = self.puzzle.line.get(self.done).copied();
        let reply = reply.and_then(|b| self.position.play(b).ok());
        if reply.is_some() {
            self.done += 1;
        }
        if self.is_solved() {
            return PuzzleFeedback::Solved;
        }
        PuzzleFeedback::Right { reply }
    }

    /// The enemy piece a `take` is after, as it first stood (for the goal's words).
    pub fn target_role(&self) -> Option<Role> {
        let Aim::Take(at) = self.puzzle.aim else {
            return None;
        };
        self.puzzle.position().ok()?.piece_at(at).map(|p| p.role)
    }

    /// Back to before the wrong move.
    pub fn retry(&mut self) {
        if let Some(p) = self.before_wrong.take() {
            self.position = p;
        }
    }

    /// The aim at this point of the line: a `take` follows its target along the line.
    pub fn current_aim(&self) -> Aim {
        let Aim::Take(mut at) = self.puzzle.aim else {
            return self.puzzle.aim;
        };
        for (i, step) in self.puzzle.line.iter().take(self.done).enumerate() {
            if i % 2 == 1 && step.from() == at {
                at = step.to();
            }
        }
        Aim::Take(at)
    }
}

/// The node budget for trying one aim on one position while looking for puzzles.
pub const FIND_NODES: u64 = 3_000_000;

/// Roles worth a `take` puzzle: officers from 旅长 up, and the bomb.
const TAKE_ROLES: [Role; 5] = [
    Role::Marshal,
    Role::General,
    Role::MajorGeneral,
    Role::Brigadier,
    Role::Bomb,
];

/// The puzzles a position of a real game holds for the side to move (Black's are mirrored so
/// that Red moves): for each aim (flag, stop, each enemy officer from 旅长 up and each bomb to
/// take) that has exactly one solution at the least depth that has any, with a line the other
/// side defends as long as it can and every later move of the solver unique too, one puzzle.
/// Each one found passes [`check`].
pub fn find(pos: &Position, id: &str) -> Vec<Puzzle> {
    let mut out = Vec::new();
    if pos.mode() != Mode::Open || *pos.rules() != Rules::default() || pos.outcome().is_some() {
        return out;
    }
    let Some(me) = pos.turn() else {
        return out;
    };
    let board = if me == Seat::RED {
        pos.board_fen()
    } else {
        mirror_board(&pos.board_fen())
    };
    let Ok(posed) = Position::from_jfen(&format!("{board} r 0 1")) else {
        return out;
    };
    let mut aims = vec![Aim::Flag, Aim::Stop];
    for p in posed.pieces_of(Seat::BLACK).iter() {
        if posed
            .piece_at(p)
            .is_some_and(|piece| TAKE_ROLES.contains(&piece.role))
        {
            aims.push(Aim::Take(p));
        }
    }
    for aim in aims {
        let most = if matches!(aim, Aim::Take(_)) {
            2
        } else {
            MAX_DEPTH
        };
        for depth in 1..=most {
            let mut solver = Solver::new(FIND_NODES);
            let Ok(found) = solver.solutions(&posed, aim, depth) else {
                break;
            };
            if found.is_empty() {
                continue;
            }
            if found.len() > 1 {
                break;
            }
            let Some(line) = line_of(&posed, aim, depth, found[0]) else {
                break;
            };
            let mut puzzle = Puzzle {
                id: id.to_string(),
                aim,
                depth,
                rating: 0,
                board: board.clone(),
                line,
            };
            if let Ok(proof) = check(&puzzle) {
                puzzle.rating = rating(aim, depth, proof.nodes);
                out.push(puzzle);
            }
            break;
        }
    }
    out
}

/// How hard a puzzle is: 500 a move of depth, more for a stop (the threat must be seen first)
/// and for a proof that had to search more (a log scale of its positions).
pub fn rating(aim: Aim, depth: u32, nodes: u64) -> u32 {
    let base = 500 * depth - 100;
    let aim_bonus = match aim {
        Aim::Stop => 250,
        Aim::Flag => 100,
        Aim::Take(_) => 0,
    };
    let search = 40 * (64 - nodes.max(1).leading_zeros());
    base + aim_bonus + search
}

/// The line from `first`: the longest defence, then the solver's one move, and so on; `None`
/// if a later move of the solver is not unique.
fn line_of(pos: &Position, aim: Aim, depth: u32, first: Action) -> Option<Vec<Action>> {
    let mut line = vec![first];
    if aim == Aim::Stop {
        return Some(line);
    }
    let mut pos = pos.clone();
    let mut want = Solver::want(&pos, aim)?;
    let mut solver = Solver::new(FIND_NODES);
    let mut step = first;
    for left in (1..depth).rev() {
        let before = pos.clone();
        pos.play_unchecked(step);
        want = follow_mine(&before, &pos, want, step)?;
        // The answer after which the solver needs all `left` moves.
        let reply = pos.legal_actions().into_iter().find(|&b| {
            let mut p = pos.clone();
            p.play_unchecked(b);
            let w = match want {
                Want::Take { at, role } if b.from() == at => Want::Take { at: b.to(), role },
                w => w,
            };
            p.outcome().is_none() && !solver.forces(&p, w, left - 1).unwrap_or(true)
        })?;
        pos.play_unchecked(reply);
        if let Want::Take { at, role } = want {
            if reply.from() == at {
                want = Want::Take {
                    at: reply.to(),
                    role,
                };
            }
        }
        line.push(reply);
        let aim_now = match want {
            Want::Take { at, .. } => Aim::Take(at),
            Want::Flag => aim,
        };
        let found = solver.solutions(&pos, aim_now, left).ok()?;
        if found.len() != 1 {
            return None;
        }
        step = found[0];
        line.push(step);
    }
    Some(line)
}
