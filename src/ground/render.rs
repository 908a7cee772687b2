//! The render model of play: what the board shows, built only from one player's
//! [`PlayerView`] and the interaction state. This is where 暗棋 hiding holds by construction:
//! the referee's position never reaches this function, so an enemy identity the viewer may not
//! know is simply absent.

use super::geometry::{point_xy, Orientation, Xy};
use junqi_core::types::POINTS;
use junqi_core::{Action, Bitboard, PlayerView, Point, Role, Seat};

/// What the notebook writes on one hidden piece: the roles proven possible, and whether that
/// says more than where it was set up (only then is it drawn on the piece; what every piece on
/// its row shares would only crowd the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Proven {
    pub roles: junqi_core::deduce::RoleMask,
    pub news: bool,
}

/// Everything besides the view that changes what the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Interaction {
    /// Which side is drawn at the bottom.
    pub orientation: Orientation,
    /// The piece the viewer has picked up, if any.
    pub selected: Option<Point>,
    /// Whether the viewer may act now (its turn, no animation, no hand-over).
    pub can_act: bool,
    /// The last action: its start and end (the same point for a flip).
    pub last: Option<(Point, Point)>,
    /// Points whose pieces are not drawn (an animation draws them).
    pub hidden: Bitboard,
    /// 暗棋: the viewer's private guesses on enemy pieces.
    pub guesses: [Option<Role>; POINTS],
    /// 暗棋 with the notebook on: what it writes on each hidden enemy piece.
    pub proven: [Option<Proven>; POINTS],
    /// Face to face: pieces of this colour are turned toward the far side of the table.
    pub turned: Option<Seat>,
    /// The piece being dragged: drawn under the pointer instead of on its point.
    pub drag: Option<(Point, Xy)>,
}

impl Default for Interaction {
    fn default() -> Interaction {
        Interaction {
            orientation: Orientation::RedBottom,
            selected: None,
            can_act: false,
            last: None,
            hidden: Bitboard::EMPTY,
            guesses: [None; POINTS],
            proven: [None; POINTS],
            turned: None,
            drag: None,
        }
    }
}

/// One piece as drawn, on either board (`P`: the board's points; the facing board's by
/// default).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceModel<P = Point> {
    pub at: P,
    /// `a6`, `Sa4`: the `data-at` attribute.
    pub name: String,
    /// Where it is drawn.
    pub center: Xy,
    /// Its side (its seat on the cross); `None` only for a face-down piece of 翻棋.
    pub color: Option<Seat>,
    /// Present only when the viewer may know it.
    pub role: Option<Role>,
    pub face_down: bool,
    pub selected: bool,
    /// The viewer may act with it now (move it, or flip it).
    pub movable: bool,
    /// A guess mark the viewer put on it.
    pub guess: Option<Role>,
    /// What the notebook writes on a hidden enemy piece.
    pub proven: Option<Proven>,
    /// Drawn turned by 180° (face to face).
    pub turned: bool,
    /// Drawn under the pointer, larger.
    pub dragging: bool,
    /// The side whose flag it carries (`carry_flag_home`, `carry_flag_front`).
    pub carrying: Option<Seat>,
}

/// The side whose flag the piece on `p` carries in `view`.
fn carrying(view: &PlayerView, p: Point) -> Option<Seat> {
    Seat::RED_BLACK
        .into_iter()
        .find(|&c| view.carry[c].is_some_and(|k| k.at == p))
}

impl<P> PieceModel<P> {
    /// A piece at `at` (named `name`) drawn at `center`, face up as far as `role` says, with no
    /// mark of the viewer's on it.
    pub fn plain(at: P, name: String, center: Xy, color: Option<Seat>, role: Option<Role>) -> Self {
        PieceModel {
            at,
            name,
            center,
            color,
            role,
            face_down: false,
            selected: false,
            movable: false,
            guess: None,
            proven: None,
            turned: false,
            dragging: false,
            carrying: None,
        }
    }

    /// Everything that changes how the piece is drawn, as a key for keyed lists: a piece is
    /// redrawn only when its key changes (so a drag redraws one piece, not fifty).
    pub fn key(&self) -> String {
        format!(
            "{}|{:?}|{:?}|{}{}{}{}{}|{:?}|{:?}|{:?}|{:.1},{:.1}",
            self.name,
            self.color,
            self.role,
            u8::from(self.face_down),
            u8::from(self.selected),
            u8::from(self.movable),
            u8::from(self.turned),
            u8::from(self.dragging),
            self.guess,
            self.proven,
            self.carrying,
            self.center.x,
            self.center.y
        )
    }
}

impl PieceModel {
    /// A face-up piece drawn on its own, off the board (trays, pictures, the rules screen).
    pub fn lone(color: Option<Seat>, role: Option<Role>) -> PieceModel {
        let at = Point::all()
            .next()
            .unwrap_or_else(|| unreachable!("the board has points"));
        PieceModel::plain(at, String::new(), Xy { x: 0.0, y: 0.0 }, color, role)
    }

    /// `R:M`, `b:?`, `?` — a short readable summary for tests.
    pub fn summary(&self) -> String {
        let c = self.color.map_or('?', Seat::rb_char);
        match (self.face_down, self.role) {
            (true, _) => format!("{}=?", self.name),
            (false, Some(r)) => format!("{}={c}{}", self.name, r.upper_char()),
            (false, None) => format!("{}={c}?", self.name),
        }
    }
}

/// Everything the play board draws on top of the static board.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderModel {
    pub pieces: Vec<PieceModel>,
    /// Legal destinations of the selected piece (the `data-dest` points).
    pub dests: Bitboard,
    pub selected: Option<Point>,
    pub last: Option<(Point, Point)>,
}

impl RenderModel {
    /// One line: every piece's summary in point order.
    pub fn summary(&self) -> String {
        self.pieces
            .iter()
            .map(PieceModel::summary)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The viewer's legal actions when it may act, else none.
fn actions(view: &PlayerView, can_act: bool) -> Vec<Action> {
    if can_act {
        view.legal_actions()
    } else {
        Vec::new()
    }
}

/// The plain drawing of the piece on `p` in `view` (nothing selected or dragged), if any.
pub fn piece_model(view: &PlayerView, p: Point, orientation: Orientation) -> Option<PieceModel> {
    let o = view.cells[p.index()]?;
    let (color, role) = if o.face_down {
        (None, None)
    } else {
        (o.color, o.role)
    };
    let center = point_xy(p, orientation);
    Some(PieceModel {
        face_down: o.face_down,
        carrying: carrying(view, p),
        ..PieceModel::plain(p, p.to_string(), center, color, role)
    })
}

/// Builds the render model from the viewer's view.
pub fn build_render_model(view: &PlayerView, ix: &Interaction) -> RenderModel {
    let actions = actions(view, ix.can_act);
    let mut movable = Bitboard::EMPTY;
    for a in &actions {
        movable.add(a.from());
    }
    let selected = ix.selected.filter(|p| movable.contains(*p));
    let dests: Bitboard = match selected {
        Some(s) => actions
            .iter()
            .filter_map(|a| match *a {
                Action::Move { from, to } if from == s => Some(to),
                _ => None,
            })
            .collect(),
        None => Bitboard::EMPTY,
    };
    let mut pieces = Vec::with_capacity(50);
    for p in Point::all() {
        if ix.hidden.contains(p) {
            continue;
        }
        let Some(o) = view.cells[p.index()] else {
            continue;
        };
        let dragging = ix.drag.is_some_and(|(d, _)| d == p);
        let center = match ix.drag {
            Some((d, xy)) if d == p => xy,
            _ => point_xy(p, ix.orientation),
        };
        let enemy = o.color.is_some() && view.me.is_some() && o.color != view.me;
        pieces.push(PieceModel {
            at: p,
            name: p.to_string(),
            center,
            color: if o.face_down { None } else { o.color },
            role: if o.face_down { None } else { o.role },
            face_down: o.face_down,
            selected: selected == Some(p),
            movable: movable.contains(p),
            guess: if enemy && o.role.is_none() {
                ix.guesses[p.index()]
            } else {
                None
            },
            proven: if enemy && o.role.is_none() {
                ix.proven[p.index()]
            } else {
                None
            },
            turned: !o.face_down && o.color.is_some() && o.color == ix.turned,
            dragging,
            carrying: carrying(view, p),
        });
    }
    // The dragged piece is drawn last, above the others.
    pieces.sort_by_key(|pm| pm.dragging);
    RenderModel {
        pieces,
        dests,
        selected,
        last: ix.last,
    }
}

/// What stands on `p` in words, as the drawn pieces show it to the viewer (whose pieces are
/// `mine`): the board's keyboard cursor and screen readers say it.
pub fn spoken(
    pieces: &[PieceModel],
    p: Point,
    mine: Option<Seat>,
    lang: crate::i18n::Lang,
) -> String {
    let piece = pieces.iter().find(|pc| pc.at == p);
    crate::i18n::board_words::occupant(
        piece.map(|pc| (if pc.face_down { None } else { pc.color }, pc.role)),
        mine,
        piece.and_then(|pc| pc.guess),
        piece.is_some_and(|pc| pc.selected),
        lang,
    ) + &piece
        .and_then(|pc| pc.proven)
        .and_then(|m| crate::i18n::notebook::spoken(m.roles, lang))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Mode;

    use crate::testing::classic_game as game;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn a_carrier_is_drawn_carrying_the_flag_it_took() {
        let g = game(Mode::Open);
        let mut view = g.view(Some(Seat::RED));
        let at = pt("a1");
        assert!(view.cells[at.index()].is_some());
        view.carry[Seat::BLACK] = Some(junqi_core::Carry {
            at,
            home: pt("b12"),
        });
        let m = build_render_model(&view, &Interaction::default());
        let carriers: Vec<_> = m.pieces.iter().filter(|p| p.carrying.is_some()).collect();
        assert_eq!(carriers.len(), 1);
        assert_eq!(
            (carriers[0].at, carriers[0].carrying),
            (at, Some(Seat::BLACK))
        );
        assert_eq!(
            piece_model(&view, at, Orientation::default()).and_then(|p| p.carrying),
            Some(Seat::BLACK)
        );
    }

    #[test]
    fn open_shows_everything() {
        let g = game(Mode::Open);
        let m = build_render_model(&g.view(Some(Seat::RED)), &Interaction::default());
        assert_eq!(m.pieces.len(), 50);
        assert!(m.pieces.iter().all(|p| p.role.is_some()));
        assert!(m.summary().starts_with("a1=rR b1=rP c1=rL d1=rF e1=rL"));
    }

    #[test]
    fn hidden_mode_never_names_an_enemy_piece() {
        let mut g = game(Mode::Dark);
        for viewer in Seat::RED_BLACK {
            let m = build_render_model(&g.view(Some(viewer)), &Interaction::default());
            for p in &m.pieces {
                if p.color == Some(viewer) {
                    assert!(p.role.is_some(), "{}", p.summary());
                } else {
                    assert_eq!(p.role, None, "{}", p.summary());
                }
            }
        }
        // Red's summary has only its own letters and `b?` for Black.
        let red = build_render_model(&g.view(Some(Seat::RED)), &Interaction::default());
        assert!(red.summary().contains("a12=b?"));
        assert!(!red
            .summary()
            .split(' ')
            .any(|s| s.contains("=b") && !s.ends_with('?')));
        // After the game, identities are public.
        g.agree_draw().unwrap();
        let after = build_render_model(&g.view(Some(Seat::RED)), &Interaction::default());
        assert!(after.pieces.iter().all(|p| p.role.is_some()));
    }

    #[test]
    fn selection_gives_destinations_only_when_the_viewer_may_act() {
        let g = game(Mode::Open);
        let view = g.view(Some(Seat::RED));
        let mut ix = Interaction {
            selected: Some(pt("a6")),
            can_act: true,
            ..Interaction::default()
        };
        let m = build_render_model(&view, &ix);
        assert_eq!(m.selected, Some(pt("a6")));
        assert_eq!(m.dests, view.to_position().destinations_from(pt("a6")));
        assert!(m.dests.contains(pt("a7")));
        assert!(m.pieces.iter().any(|p| p.at == pt("a6") && p.selected));
        // A landmine cannot be selected.
        ix.selected = Some(pt("c1"));
        assert_eq!(build_render_model(&view, &ix).dests, Bitboard::EMPTY);
        // Not the viewer's turn: nothing movable.
        ix.selected = Some(pt("a6"));
        ix.can_act = false;
        let m = build_render_model(&view, &ix);
        assert_eq!(m.dests, Bitboard::EMPTY);
        assert!(m.pieces.iter().all(|p| !p.movable));
    }

    #[test]
    fn flip_pieces_are_face_down_and_flippable() {
        let g = game(Mode::Flip);
        let ix = Interaction {
            can_act: true,
            ..Interaction::default()
        };
        let m = build_render_model(&g.view(None), &ix);
        assert_eq!(m.pieces.len(), 50);
        assert!(m
            .pieces
            .iter()
            .all(|p| p.face_down && p.color.is_none() && p.role.is_none() && p.movable));
    }

    #[test]
    fn guesses_only_on_unknown_enemies_and_hidden_points_skipped() {
        let g = game(Mode::Dark);
        let mut ix = Interaction::default();
        ix.guesses[pt("a12").index()] = Some(Role::Marshal);
        ix.guesses[pt("a1").index()] = Some(Role::Marshal);
        ix.hidden.add(pt("e1"));
        ix.turned = Some(Seat::BLACK);
        let m = build_render_model(&g.view(Some(Seat::RED)), &ix);
        let at = |s: &str| m.pieces.iter().find(|p| p.at == pt(s));
        assert_eq!(at("a12").unwrap().guess, Some(Role::Marshal));
        assert!(at("a12").unwrap().turned);
        assert_eq!(at("a1").unwrap().guess, None);
        assert!(at("e1").is_none());
    }

    #[test]
    fn keys_change_only_with_the_drawing() {
        let g = game(Mode::Open);
        let view = g.view(Some(Seat::RED));
        let a = build_render_model(&view, &Interaction::default());
        let ix = Interaction {
            drag: Some((pt("a6"), Xy { x: 1.0, y: 2.0 })),
            ..Interaction::default()
        };
        let b = build_render_model(&view, &ix);
        let keys = |m: &RenderModel| {
            m.pieces
                .iter()
                .map(PieceModel::key)
                .collect::<std::collections::HashSet<_>>()
        };
        let (ka, kb) = (keys(&a), keys(&b));
        assert_eq!(ka.len(), 50);
        assert_eq!(
            ka.difference(&kb).count(),
            1,
            "only the dragged piece is redrawn"
        );
    }

    #[test]
    fn the_dragged_piece_is_drawn_last_under_the_pointer() {
        let g = game(Mode::Open);
        let ix = Interaction {
            drag: Some((pt("a6"), Xy { x: 1.0, y: 2.0 })),
            ..Interaction::default()
        };
        let m = build_render_model(&g.view(Some(Seat::RED)), &ix);
        let last = m.pieces.last().unwrap();
        assert_eq!(
            (last.at, last.center, last.dragging),
            (pt("a6"), Xy { x: 1.0, y: 2.0 }, true)
        );
    }
}
