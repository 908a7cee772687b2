//! One game as the app referees it: junqi-core's [`Game`] plus who sits where, what each seat
//! has seen removed, and the computer's own formation. Plain Rust, tested natively.
//!
//! Seats: seat 0 acts first (Red in 明棋 and 暗棋; in 翻棋 whoever flips first), seat 1 second.

use super::config::{GameConfig, Opponent};
use super::seeds;
use junqi_core::{
    Action, ByColor, Color, Deployment, Game, IllegalAction, Mode, Occupant, Outcome, Piece,
    PlayerView, Point, PublicEvent, Setup, SetupError,
};

/// What one action did, as everybody may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub event: PublicEvent,
    /// The route the piece took (public: everybody watches it travel).
    pub path: Vec<Point>,
}

/// Pieces removed from the board, by owner, as one seat saw them.
pub type Tray = ByColor<Vec<Occupant>>;

/// The two pieces of an action as one seat knew them when it was played (`None`: a piece
/// that seat could not see): the mover (for a flip, the piece turned up) and the piece on the
/// point it went to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    pub mover: Option<Piece>,
    pub target: Option<Piece>,
}

impl Known {
    /// What `event` moved and met, with `at` naming the piece a seat saw on a point before it:
    /// a flip names the piece it turned up.
    pub fn of(event: &PublicEvent, at: impl Fn(Point) -> Option<Piece>) -> Known {
        match event.action {
            Action::Flip(p) => Known {
                mover: event
                    .revealed
                    .iter()
                    .find(|(q, _)| *q == p)
                    .map(|(_, piece)| *piece),
                target: None,
            },
            Action::Move { from, to } => Known {
                mover: at(from),
                target: at(to),
            },
        }
    }
}

/// One action of the history with what a seat knew of its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub event: PublicEvent,
    pub known: Known,
}

/// The identity on `p` in `view`, if that view shows it.
fn seen_piece(view: &PlayerView, p: Point) -> Option<Piece> {
    let o = view.cells[p.index()]?;
    if o.face_down {
        return None;
    }
    Some(Piece {
        color: o.color?,
        role: o.role?,
    })
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    pub config: GameConfig,
    game: Game,
    /// Each side's formation (明棋, 暗棋): the computer plays from its own.
    formations: Option<ByColor<Deployment>>,
    /// Seed of the computer's choices.
    seed: u64,
    /// After each action (index = actions played): the trays each seat saw.
    trays: Vec<[Tray; 2]>,
    /// For each action played: what each seat knew of its pieces.
    known: Vec<[Known; 2]>,
}

impl Match {
    pub fn new(config: GameConfig, setup: Setup, seed: u64) -> Result<Match, SetupError> {
        let formations = match &setup {
            Setup::Deployments { red, black } => Some(ByColor::new_with(|c| match c {
                Color::Red => red.clone(),
                Color::Black => black.clone(),
            })),
            Setup::Shuffle { .. } => None,
        };
        let game = Game::new(config.mode, config.rules, setup)?;
        Ok(Match {
            config,
            game,
            formations,
            seed,
            trays: vec![Default::default()],
            known: Vec::new(),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn mode(&self) -> Mode {
        self.game.mode()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The colour of a seat, once known (翻棋: after the first colour is assigned).
    pub fn color_of(&self, seat: u8) -> Option<Color> {
        let first = self.game.position().first_color()?;
        Some(if seat == 0 { first } else { !first })
    }

    /// The seat playing `color`, once known.
    pub fn seat_of(&self, color: Color) -> Option<u8> {
        let first = self.game.position().first_color()?;
        Some(u8::from(color != first))
    }

    /// The seat to act, or `None` once the game is over. Seats alternate strictly.
    pub fn seat_to_move(&self) -> Option<u8> {
        if self.outcome().is_some() {
            return None;
        }
        Some(((self.game.position().ply() + 1) % 2) as u8)
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self, seat: u8) -> bool {
        match self.config.opponent {
            Opponent::Friend => true,
            Opponent::Computer => seat == self.config.seat,
        }
    }

    /// The computer's seat, if it is to act.
    pub fn computer_to_move(&self) -> Option<u8> {
        self.seat_to_move().filter(|s| !self.is_human(*s))
    }

    /// What a seat may see now (no history).
    pub fn view_of(&self, seat: u8) -> PlayerView {
        self.game.position().view(self.color_of(seat))
    }

    /// What a seat may see now, with the public history (for the computer player).
    pub fn full_view_of(&self, seat: u8) -> PlayerView {
        self.game.view(self.color_of(seat))
    }

    /// A seat's own formation (明棋, 暗棋).
    pub fn formation_of(&self, seat: u8) -> Option<&Deployment> {
        let c = self.color_of(seat)?;
        self.formations.as_ref().map(|f| &f[c])
    }

    /// The game's seed. It never leaves the referee: requests carry [`Match::computer_seed`]
    /// or [`Match::hint_seed`].
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seed of the computer player's choices: from the game seed by a one-way function, so
    /// nothing hidden can be computed from it.
    pub fn computer_seed(&self) -> u64 {
        seeds::derive(self.seed, seeds::Purpose::Computer)
    }

    /// The seed of a hint's question (asked for the person), likewise.
    pub fn hint_seed(&self) -> u64 {
        seeds::derive(self.seed, seeds::Purpose::Hint)
    }

    /// The public history.
    pub fn history(&self) -> Vec<PublicEvent> {
        self.game.public_history()
    }

    /// The history as everybody may know it: in 暗棋, until the game is over, no identity but
    /// what an action made public (what a screen seen by both players may show).
    pub fn public_rows(&self) -> Vec<Row> {
        let hidden = self.mode() == Mode::Dark && self.outcome().is_none();
        self.game
            .reports()
            .iter()
            .enumerate()
            .map(|(i, r)| Row {
                event: PublicEvent::from_report(i as u32 + 1, r),
                known: if hidden {
                    Known::default()
                } else {
                    Known {
                        mover: r.attacker,
                        target: r.defender,
                    }
                },
            })
            .collect()
    }

    /// The history as `seat` knew it: each action with the pieces it could see when it was
    /// played. Once the game is over every identity is public.
    pub fn rows(&self, seat: u8) -> Vec<Row> {
        let over = self.outcome().is_some();
        let seat = usize::from(seat.min(1));
        self.game
            .reports()
            .iter()
            .enumerate()
            .map(|(i, r)| Row {
                event: PublicEvent::from_report(i as u32 + 1, r),
                known: if over {
                    Known {
                        mover: r.attacker,
                        target: r.defender,
                    }
                } else {
                    self.known.get(i).map(|k| k[seat]).unwrap_or_default()
                },
            })
            .collect()
    }

    /// Plays an action for the seat to move.
    pub fn play(&mut self, action: Action) -> Result<Played, IllegalAction> {
        let seen = [self.view_of(0), self.view_of(1)];
        let ply = self.game.reports().len() as u32 + 1;
        let report = self.game.play(action)?;
        let event = PublicEvent::from_report(ply, report);
        let path = report.path.clone();
        let mut trays = self.trays.last().cloned().unwrap_or_default();
        for (seat, view) in seen.iter().enumerate() {
            for p in &event.removed {
                if let Some(o) = view.cells[p.index()] {
                    if let Some(owner) = o.color {
                        trays[seat][owner].push(o);
                    }
                }
            }
        }
        self.trays.push(trays);
        let known = [0, 1].map(|seat| Known::of(&event, |p| seen_piece(&seen[seat], p)));
        self.known.push(known);
        Ok(Played { event, path })
    }

    /// What a seat has seen removed; once the game is over, every identity is public.
    pub fn tray(&self, seat: u8) -> Tray {
        if self.outcome().is_some() {
            let mut t = Tray::default();
            for r in self.game.reports() {
                for (_, piece) in &r.removed {
                    t[piece.color].push(Occupant::known(*piece));
                }
            }
            return t;
        }
        self.trays
            .last()
            .map(|t| t[usize::from(seat.min(1))].clone())
            .unwrap_or_default()
    }

    /// The seat to move ran out of its per-move time: the turn passes and the timeout counts;
    /// the `timeout_limit`-th loses (`Game::miss_turn`).
    pub fn miss_turn(&mut self) -> Result<Option<Outcome>, IllegalAction> {
        self.game.miss_turn()
    }

    /// Turns `seat` has lost to the per-move timer.
    pub fn timeouts_of(&self, seat: u8) -> u32 {
        let color =
            self.color_of(seat)
                .unwrap_or(if seat == 0 { Color::Red } else { Color::Black });
        u32::from(self.game.position().timeouts(color))
    }

    /// How many plies an undo for `seat` takes back: back to and including its last own
    /// action. `None` when it has none since the last timed-out turn (a timed-out turn is
    /// never taken back, so nothing before it is either), or when, in a game with hidden
    /// pieces (暗棋, 翻棋), one of those plies revealed anything (junqi-core's
    /// [`MoveReport::revealed_anything`]: a flip, a contact, a reveal): what was seen cannot
    /// be unseen.
    ///
    /// [`MoveReport::revealed_anything`]: junqi_core::MoveReport::revealed_anything
    fn plies_to_undo(&self, seat: u8) -> Option<usize> {
        let reports = self.game.reports();
        let missed = self.game.timeouts();
        let after = missed.last().map_or(0, |&t| t as usize);
        // After the last timed-out turn, report i was played at ply i + (turns timed out).
        let last_own = (after..reports.len())
            .rev()
            .find(|i| (i + missed.len()) % 2 == usize::from(seat))?;
        let taken = reports.get(last_own..)?;
        if self.mode() != Mode::Open && taken.iter().any(|r| r.revealed_anything()) {
            return None;
        }
        Some(taken.len())
    }

    /// Whether `seat` has an action of its own to take back (see [`Match::plies_to_undo`]).
    pub fn can_undo(&self, seat: u8) -> bool {
        self.plies_to_undo(seat).is_some()
    }

    /// Takes back actions until `seat`'s last own action is undone and it is its turn again.
    pub fn undo_for(&mut self, seat: u8) -> bool {
        let Some(n) = self.plies_to_undo(seat) else {
            return false;
        };
        for _ in 0..n {
            if !self.game.undo() {
                return false;
            }
            self.trays.pop();
            self.known.pop();
        }
        true
    }

    pub fn resign(&mut self, seat: u8) -> Result<Outcome, IllegalAction> {
        let color = self.color_of(seat).ok_or(IllegalAction::ResignTooEarly)?;
        self.game.resign(color)
    }

    pub fn may_resign(&self) -> bool {
        self.game.position().may_resign()
    }

    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalAction> {
        self.game.agree_draw()
    }

    pub fn time_out(&mut self, seat: u8) -> Result<Outcome, IllegalAction> {
        let color =
            self.color_of(seat)
                .unwrap_or(if seat == 0 { Color::Red } else { Color::Black });
        self.game.time_out(color)
    }

    /// Plies since the last removal.
    pub fn halfmoves(&self) -> u32 {
        self.game.position().halfmoves()
    }

    /// The computer's choice for its seat, searching at most `max_nodes` nodes.
    pub fn computer_action(&self, level: u8, max_nodes: u64) -> Option<Action> {
        let seat = self.computer_to_move()?;
        let view = self.full_view_of(seat);
        let mut lv = junqi_ai::level(level).unwrap_or(junqi_ai::LEVELS[0]);
        lv.nodes = lv.nodes.min(max_nodes);
        let ctx = junqi_ai::Context {
            own: self.formation_of(seat),
            seed: self.computer_seed(),
        };
        let mut stop = junqi_ai::search::NodeBudget(max_nodes);
        junqi_ai::choose(&view, &lv, &ctx, &mut stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Role;

    fn config(mode: Mode, opponent: Opponent, seat: u8) -> GameConfig {
        GameConfig {
            mode,
            opponent,
            level: 1,
            seat,
            ..GameConfig::default()
        }
    }

    fn classic(mode: Mode, seat: u8) -> Match {
        Match::new(
            config(mode, Opponent::Computer, seat),
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
            1,
        )
        .unwrap()
    }

    fn a(s: &str) -> Action {
        s.parse().unwrap()
    }

    #[test]
    fn seats_and_turns() {
        let mut m = classic(Mode::Open, 1);
        assert_eq!(m.color_of(0), Some(Color::Red));
        assert_eq!(m.seat_of(Color::Black), Some(1));
        assert_eq!(m.seat_to_move(), Some(0));
        assert_eq!(m.computer_to_move(), Some(0));
        let ai = m.computer_action(1, 300).unwrap();
        m.play(ai).unwrap();
        assert_eq!(m.seat_to_move(), Some(1));
        assert_eq!(m.computer_to_move(), None);
    }

    #[test]
    fn trays_follow_what_each_seat_saw() {
        let mut m = classic(Mode::Dark, 0);
        // Red's major general on a6 takes Black's lieutenant on a7.
        let played = m.play(a("a6-a7")).unwrap();
        assert_eq!(played.path.len(), 2);
        assert_eq!(played.event.removed.len(), 1);
        let red = m.tray(0);
        let black = m.tray(1);
        assert_eq!(red[Color::Black].len(), 1);
        assert_eq!(
            red[Color::Black][0].role,
            None,
            "Red never learns what it took"
        );
        assert_eq!(black[Color::Black][0].role, Some(Role::Lieutenant));
        assert!(red[Color::Red].is_empty());
    }

    #[test]
    fn rows_name_the_pieces_each_seat_could_see() {
        let mut m = classic(Mode::Dark, 0);
        m.play(a("a6-a7")).unwrap();
        let red = m.rows(0);
        let black = m.rows(1);
        assert_eq!(red.len(), 1);
        assert_eq!(red[0].known.mover.map(|p| p.role), Some(Role::MajorGeneral));
        assert_eq!(red[0].known.target, None, "Red never sees what it took");
        assert_eq!(black[0].known.mover, None, "Black never sees what took it");
        assert_eq!(
            black[0].known.target.map(|p| p.role),
            Some(Role::Lieutenant)
        );
        // Once over, everything is public.
        m.resign(1).ok();
        if m.outcome().is_some() {
            assert_eq!(
                m.rows(1)[0].known.mover.map(|p| p.role),
                Some(Role::MajorGeneral)
            );
        }
        // 明棋: both seats see both pieces; an undo forgets what it takes back.
        let mut m = classic(Mode::Open, 0);
        m.play(a("c6-d5")).unwrap();
        assert!(m.rows(1)[0].known.mover.is_some());
        let reply = m.computer_action(1, 300).unwrap();
        m.play(reply).unwrap();
        assert!(m.undo_for(0));
        assert!(m.rows(0).is_empty());
        m.play(a("c6-d5")).unwrap();
        assert_eq!(m.rows(0).len(), 1);
    }

    #[test]
    fn undo_takes_back_the_computer_reply_too() {
        let mut m = classic(Mode::Open, 0);
        assert!(!m.can_undo(0));
        m.play(a("c6-d5")).unwrap();
        let reply = m.computer_action(1, 300).unwrap();
        m.play(reply).unwrap();
        assert!(m.can_undo(0));
        assert!(m.undo_for(0));
        assert_eq!(m.game().reports().len(), 0);
        assert_eq!(m.seat_to_move(), Some(0));
        assert_eq!(m.tray(0), Tray::default());
    }

    #[test]
    fn hidden_games_take_back_only_plies_that_revealed_nothing() {
        // 暗棋: a quiet move and a quiet reply can be taken back.
        let mut m = classic(Mode::Dark, 0);
        m.play(a("c6-d5")).unwrap();
        m.play(a("c7-d8")).unwrap();
        assert!(m.can_undo(0));
        assert!(m.undo_for(0));
        assert_eq!(m.game().reports().len(), 0);
        // An attack on an unknown piece: its result is seen, so it stays.
        m.play(a("a6-a7")).unwrap();
        assert!(!m.can_undo(0), "a contact cannot be taken back in 暗棋");
        assert!(!m.undo_for(0));
        assert_eq!(m.game().reports().len(), 1);
        // The same in 明棋, where nothing is hidden: allowed.
        let mut open = classic(Mode::Open, 0);
        open.play(a("a6-a7")).unwrap();
        assert!(open.undo_for(0));

        // 翻棋: a flip shows a piece, so it stays.
        let mut f = Match::new(
            config(Mode::Flip, Opponent::Computer, 0),
            Setup::Shuffle { seed: 9 },
            1,
        )
        .unwrap();
        let flip = f
            .view_of(0)
            .legal_actions()
            .into_iter()
            .find(|x| matches!(x, Action::Flip(_)))
            .unwrap();
        f.play(flip).unwrap();
        assert!(!f.can_undo(0), "a flip cannot be taken back in 翻棋");
        assert!(!f.undo_for(0));
        assert_eq!(f.game().reports().len(), 1);
    }

    #[test]
    fn flip_seats_get_colours_from_the_first_flip() {
        let mut m = Match::new(
            config(Mode::Flip, Opponent::Friend, 0),
            Setup::Shuffle { seed: 9 },
            1,
        )
        .unwrap();
        assert_eq!(m.color_of(0), None);
        assert_eq!(m.seat_to_move(), Some(0));
        assert!(m.is_human(1));
        let first = m.view_of(0).legal_actions()[0];
        let played = m.play(first).unwrap();
        let c = played.event.assigned.unwrap();
        assert_eq!(m.color_of(0), Some(c));
        assert_eq!(m.color_of(1), Some(!c));
        assert_eq!(m.seat_to_move(), Some(1));
        assert!(m.resign(1).is_err(), "no resigning in the first 20 plies");
    }

    #[test]
    fn the_computer_finishes_games_in_every_mode() {
        for mode in [Mode::Open, Mode::Dark, Mode::Flip] {
            let setup = match mode {
                Mode::Flip => Setup::Shuffle { seed: 5 },
                _ => Setup::Deployments {
                    red: junqi_ai::deploy::formation(1),
                    black: junqi_ai::deploy::formation(2),
                },
            };
            let mut cfg = config(mode, Opponent::Computer, 0);
            // Both seats played by the computer: pretend the person sits nowhere.
            cfg.seat = 2;
            let mut m = Match::new(cfg, setup, 3).unwrap();
            let mut plies = 0;
            while m.outcome().is_none() && plies < 2000 {
                let act = m
                    .computer_action(1, 300)
                    .expect("an action while the game runs");
                m.play(act).unwrap();
                plies += 1;
            }
            assert!(m.outcome().is_some(), "{mode}: no end after {plies} plies");
        }
    }
}
