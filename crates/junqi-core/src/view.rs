//! What one player may know (`PlayerView`): the AI and the screen are given only this.

use crate::action::Action;
use crate::jfen::board_fen_with;
use crate::outcome::Outcome;
use crate::position::{Carry, Occupant, Position};
use crate::report::{ActionResult, Report};
use crate::rules::{Mode, Rules};
use crate::siguo::{Grid, InfoMode};
use crate::types::{BySide, Piece, Point, Role, POINTS};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// One event of a game as everyone saw it, on any board (`P`: the board's kind of point): a
/// move or a 翻棋 flip with what the board showed of it, or a seat leaving without one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(bound(
    serialize = "P: Serialize + std::fmt::Display",
    deserialize = "P: Deserialize<'de> + Grid + std::str::FromStr, P::Err: std::fmt::Display"
))]
pub struct PublicEvent<P = Point> {
    /// The ply number of the event.
    pub ply: u32,
    #[serde(default, with = "crate::seat::rb::opt")]
    pub by: Option<Seat>,
    /// The move or flip played; `None` for a seat that left, or lost its turn, without one (a
    /// 2-player history leaves such turns out).
    pub action: Option<Action<P>>,
    pub result: ActionResult,
    /// Points whose pieces were removed.
    pub removed: Vec<P>,
    /// Identities that became public: a flip, a scouted defender, a landmine that sent a piece
    /// back, a fallen 司令's flag, a flag taken or dropped back where it was taken. Each names
    /// the piece of its colour on that point as the event began, or (a flag dropped back) as
    /// it ended.
    pub revealed: Vec<(P, Piece)>,
    /// 翻棋: the colour this action gave to the player who acted.
    #[serde(default, with = "crate::seat::rb::opt")]
    pub assigned: Option<Seat>,
    /// Seats that left the game with this event. Not written in the 2-player event's JSON
    /// (where a seat leaves only as the game ends, which the view's outcome says).
    #[serde(skip)]
    pub left: Vec<Seat>,
    /// `carry_flag_home`, `carry_flag_front`: the seat whose flag this move took, to be
    /// carried from the move's destination. Not written in the 2-player event's JSON: the
    /// flag shown taken there says it ([`PublicEvent::carried_flag`]).
    #[serde(skip)]
    pub carried: Option<Seat>,
}

impl<P: Copy + PartialEq> PublicEvent<P> {
    /// The public part of `r`, the report of the event played at `ply`.
    pub fn from_report(ply: u32, r: &Report<P>) -> PublicEvent<P> {
        PublicEvent {
            ply,
            by: r.by,
            action: r.action,
            result: r.result,
            removed: r.removed.iter().map(|(p, _)| *p).collect(),
            revealed: r.revealed.clone(),
            assigned: r.assigned,
            left: r.eliminated.iter().map(|(s, _)| *s).collect(),
            carried: r.carried,
        }
    }

    /// An event as a referee tells it in words (the engine protocols, the app's worker), which
    /// name the result and the pieces made public but not what was removed: the removals follow
    /// from the result, and an attack that lost while everyone was shown its defender was an
    /// engineer's scout (no other contact shows the defender of an attack that lost).
    pub fn heard(
        ply: u32,
        by: Option<Seat>,
        action: Option<Action<P>>,
        result: ActionResult,
        revealed: Vec<(P, Piece)>,
    ) -> PublicEvent<P> {
        let mv = action.and_then(Action::as_move);
        let scout = result == ActionResult::Lose
            && mv.is_some_and(|(_, to)| revealed.iter().any(|&(p, _)| p == to));
        let result = if scout { ActionResult::Scout } else { result };
        PublicEvent {
            ply,
            by,
            action,
            result,
            removed: mv.map_or_else(Vec::new, |(from, to)| result.removals(from, to)),
            revealed,
            assigned: None,
            left: Vec::new(),
            carried: None,
        }
    }

    /// The move played, if the event was one.
    pub fn mv(&self) -> Option<(P, P)> {
        self.action.and_then(Action::as_move)
    }

    /// Where the action started and ended (a flip's point twice), if the event was one.
    pub fn span(&self) -> Option<(P, P)> {
        self.action.map(|a| (a.from(), a.to()))
    }

    /// Whether this action made anything known that was hidden before: what a game with
    /// hidden pieces never takes back. As [`crate::Report::revealed_anything`], but for a seat
    /// leaving, which the report also counts: on the 2-player board only at the end of the
    /// game, when nothing is taken back.
    pub fn revealed_anything(&self) -> bool {
        self.result != ActionResult::Move
            || !self.revealed.is_empty()
            || self.assigned.is_some()
            || self.carried.is_some()
    }
}

/// Exactly what one player may know of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The viewer's colour; `None` in 翻棋 before colours are assigned.
    pub me: Option<Seat>,
    /// 翻棋: 0 if the viewer acts first, 1 otherwise (always 0 for Red, 1 for Black elsewhere).
    pub seat: u8,
    pub mode: Mode,
    pub rules: Rules,
    /// What the viewer knows of each point: own pieces fully; enemy pieces by colour only
    /// unless public; face-down pieces as unknown.
    pub cells: [Option<Occupant>; POINTS],
    pub turn: Option<Seat>,
    pub halfmoves: u32,
    pub ply: u32,
    pub outcome: Option<Outcome>,
    /// 翻棋: landmines of each colour still face down (known by counting public removals).
    pub hidden_mines: BySide<u8>,
    /// The public history of the game so far.
    pub history: Vec<PublicEvent>,
    /// The flag each colour is carrying (`carry_flag_home`, `carry_flag_front`); a view read
    /// from JFEN learns it from `history` ([`PlayerView::to_position`]).
    pub carry: BySide<Option<Carry>>,
}

impl PlayerView {
    /// A view read from a JFEN a referee sent to `me` (engine protocol `view`).
    pub fn from_jfen(
        text: &str,
        me: Option<Seat>,
        mode: Mode,
        rules: Rules,
    ) -> Result<PlayerView, crate::JfenError> {
        let pos = Position::from_jfen_with(text, Some(mode), rules)?;
        let mut view = pos.view(me);
        if mode == Mode::Dark {
            // Everything the JFEN names is known to this player.
            for p in Point::all() {
                view.cells[p.index()] = pos.at(p);
            }
        }
        Ok(view)
    }

    /// The view as JFEN (`X`/`x` unknown enemies, `?` face-down pieces).
    pub fn to_jfen(&self) -> String {
        let board = board_fen_with(|p| {
            self.cells[p.index()].map(|o| match (o.face_down, o.color, o.role) {
                (true, _, _) | (false, None, _) => '?',
                (false, Some(c), Some(r)) => r.char(c),
                (false, Some(Seat::RED), None) => 'X',
                (false, Some(_), None) => 'x',
            })
        });
        format!(
            "{board} {} {} {}",
            self.turn.map_or('-', Seat::rb_char),
            self.halfmoves,
            self.ply
        )
    }

    /// A position holding only what the view knows, for listing the viewer's legal actions.
    pub fn to_position(&self) -> Position {
        let mut pos = Position::empty(self.mode, self.rules);
        for p in Point::all() {
            if let Some(o) = self.cells[p.index()] {
                pos.put(p, o);
            }
        }
        pos.set_turn(self.turn);
        pos.set_counters(self.halfmoves, self.ply);
        pos.set_outcome(self.outcome);
        for c in Seat::RED_BLACK {
            pos.set_hidden_mines(c, self.hidden_mines[c]);
        }
        let carry = if self.rules.carries_flag() && self.carry == BySide::default() {
            carry_from_history(&self.history)
        } else {
            self.carry
        };
        for c in Seat::RED_BLACK {
            if let Some(k) = carry[c] {
                pos.set_carrying(c, k);
            }
        }
        if self.mode == Mode::Dark {
            pos.mark_known_public();
        }
        if self.mode == Mode::Flip {
            if let Some(me) = self.me {
                pos.give_colours(if self.seat == 0 { me } else { pos.opponent(me) });
            }
        }
        pos
    }

    /// The viewer's legal actions (its own pieces are fully known, so these are exact).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.turn != self.me && !(self.mode == Mode::Flip && self.turn.is_none()) {
            return Vec::new();
        }
        self.to_position().legal_actions()
    }
}

impl Position {
    /// Is the identity of the piece on `p` known to `viewer`? What the engine's view shows it
    /// ([`crate::siguo::Position::sees_at`]: its own pieces, every face-up piece in 明棋 and 翻棋,
    /// what contacts and a fallen 司令 made public), and every piece once the game is over. A
    /// viewer of no colour yet (翻棋 before colours are given) knows what everyone knows.
    pub fn identity_visible(&self, p: Point, viewer: Option<Seat>) -> bool {
        let info = self.g.info();
        self.at(p).is_some_and(|o| !o.face_down)
            && (self.is_over()
                || match viewer {
                    Some(v) => self.g.sees_at(v, p, info),
                    None => info == InfoMode::AllOpen || self.is_public(p),
                })
    }

    /// What `viewer` may know of this position (no history; see [`crate::Game::view`]).
    ///
    /// In 翻棋 before colours are assigned, pass the seat's colour as `None`.
    pub fn view(&self, viewer: Option<Seat>) -> PlayerView {
        let mut cells = [None; POINTS];
        for p in Point::all() {
            if let Some(o) = self.at(p) {
                cells[p.index()] = Some(if o.face_down {
                    Occupant {
                        color: None,
                        role: None,
                        face_down: true,
                    }
                } else if self.identity_visible(p, viewer) {
                    o
                } else {
                    Occupant {
                        color: o.color,
                        role: None,
                        face_down: false,
                    }
                });
            }
        }
        let seat = match (self.mode, viewer) {
            (Mode::Flip, Some(c)) => u8::from(self.first_color() != Some(c)),
            (_, Some(Seat::BLACK)) => 1,
            _ => 0,
        };
        PlayerView {
            me: viewer,
            seat,
            mode: self.mode,
            rules: *self.rules(),
            cells,
            turn: self.turn(),
            halfmoves: self.halfmoves(),
            ply: self.ply(),
            outcome: self.outcome(),
            hidden_mines: BySide::new_with(|c| {
                (self.pieces(c, Role::Landmine) & self.face_down()).count() as u8
                    + self.g.hidden_mines(c)
            }),
            history: Vec::new(),
            carry: BySide::new_with(|c| self.carrying(c)),
        }
    }
}

/// The flags being carried after a public history: a capture that leaves the carrier on the
/// flag's point starts a carry (the report shows the flag taken there), the carrier's moves
/// follow it, and its removal ends it.
fn carry_from_history(history: &[PublicEvent]) -> BySide<Option<Carry>> {
    let mut carry: BySide<Option<Carry>> = BySide::default();
    for ev in history {
        let Some((from, to)) = ev.mv() else {
            continue;
        };
        for c in Seat::RED_BLACK {
            if let Some(k) = carry[c] {
                if ev.removed.contains(&k.at) {
                    carry[c] = None;
                } else if k.at == from {
                    carry[c] = Some(Carry { at: to, ..k });
                }
            }
        }
        if let Some(by) = ev.by {
            let flag = Piece::new(by.other_side(), Role::Flag);
            if ev.result == ActionResult::Win && ev.revealed.contains(&(to, flag)) {
                carry[by] = Some(Carry { at: to, home: to });
            }
        }
    }
    carry
}
