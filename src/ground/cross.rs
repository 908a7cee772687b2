//! The cross board's side of the render model: its pieces as a seat's eyes see them (the
//! boards' one [`PieceModel`], on the cross's points), and the animation plan of one move —
//! the same [`AnimPlan`] the 2-player board's actions get, drawn by the same effects layer:
//! the piece travels its route, the contact plays, removed pieces fade, identities made
//! public turn up.
//!
//! Like the 2-player plan it reads only what the eyes saw before and after the move, so an
//! effect names a landmine or a bomb only when those eyes knew one was there.

use super::anim::{effect_ms, AnimPlan, Contact};
use super::geometry::Xy;
use super::render::PieceModel;
use super::siguo_geometry::point_xy;
use junqi_core::deduce::Contact as Told;
use junqi_core::siguo::{Board, Point, PointSet};
use junqi_core::Action;
use junqi_core::{Role, Seat};

impl PieceModel<Point> {
    /// A piece of `seat`'s on the cross at `at`, drawn at `center`, its role as the eyes it is
    /// drawn for know it (`None`: face down to them).
    pub fn on_cross(at: Point, seat: Seat, role: Option<Role>, center: Xy) -> Self {
        PieceModel::plain(at, at.to_string(), center, Some(seat), role)
    }

    /// A piece of `seat`'s drawn on its own (the trays); its point is its seat's first, which
    /// nothing reads.
    pub fn lone_on_cross(seat: Seat, role: Option<Role>) -> Self {
        let at =
            Point::in_area(seat, 0, 0).unwrap_or_else(|| unreachable!("every seat has an area"));
        PieceModel::on_cross(at, seat, role, Xy { x: 0.0, y: 0.0 })
    }
}

/// The cross board's plan of one move.
pub type CrossPlan = AnimPlan<PieceModel<Point>, PointSet>;

/// One move as the table records it, for [`plan`].
#[derive(Clone, Debug, PartialEq)]
pub struct Played<'a> {
    pub mv: Action<Point>,
    /// What everyone was told of the combat, if there was one.
    pub told: Option<Told>,
    /// A flag was taken by it (its owner left the game).
    pub flag_taken: bool,
    /// Its route, start and end included (rail runs and turns).
    pub path: &'a [Point],
}

/// What a contact looked like to eyes that knew `mover` and `target` (when they did).
pub fn contact(mover: Option<Role>, target: Option<Role>, played: &Played) -> Contact {
    let Some(told) = played.told else {
        return Contact::None;
    };
    if mover == Some(Role::Bomb) || target == Some(Role::Bomb) {
        Contact::Bomb
    } else if told == Told::Bounced || target == Some(Role::Landmine) {
        Contact::Mine
    } else if played.flag_taken {
        Contact::Flag
    } else {
        match told {
            Told::AttackerWins => Contact::Win,
            Told::DefenderWins => Contact::Lose,
            Told::BothRemoved | Told::Bounced => Contact::Both,
        }
    }
}

/// How long a move of `steps` steps runs, with a contact's effect or not, at `step_ms` a step
/// (what the table waits for before the next seat acts).
pub fn duration_ms(steps: u32, contact: bool, step_ms: u32) -> u32 {
    steps * step_ms + if contact { effect_ms(step_ms) } else { 0 }
}

/// Plans the animation of `played` for eyes that saw `before` and now see `after` (each piece
/// as those eyes know it), on the board drawn with `viewer` at the bottom. `step_ms` is the
/// time per step of the route; 0 plans no animation at all.
pub fn plan(
    board: &Board,
    before: &[PieceModel<Point>],
    after: &[PieceModel<Point>],
    played: &Played,
    viewer: Seat,
    step_ms: u32,
) -> CrossPlan {
    let (from, to) = (played.mv.from(), played.mv.to());
    let at = |p: Point| point_xy(board, p, viewer);
    let model = |ps: &[PieceModel<Point>], p: Point| {
        ps.iter().find(|pc| pc.at == p).map(|pc| PieceModel {
            center: at(p),
            ..pc.clone()
        })
    };
    let mover = model(before, from);
    let target = model(before, to);
    let contact = contact(
        mover.as_ref().and_then(|m| m.role),
        target.as_ref().and_then(|t| t.role),
        played,
    );
    let mut hidden = PointSet::EMPTY;
    hidden.add(from);
    hidden.add(to);
    let mut path: Vec<Xy> = played.path.iter().map(|p| at(*p)).collect();
    if path.len() < 2 {
        path = vec![at(from), at(to)];
    }
    // The mover is still on the board when a piece of its seat stands where it went (or, sent
    // back from a mine, where it came from).
    let mover_seat = mover.as_ref().and_then(|m| m.color);
    let stands = |p: Point| {
        after
            .iter()
            .any(|pc| pc.at == p && pc.color.is_some() && pc.color == mover_seat)
    };
    let mover_survives = stands(to) || (played.told == Some(Told::Bounced) && stands(from));
    let defender_falls = matches!(
        played.told,
        Some(Told::AttackerWins) | Some(Told::BothRemoved)
    );
    let removed: Vec<PieceModel<Point>> = target.into_iter().filter(|_| defender_falls).collect();
    // Identities made public by the move (a flag shown when its Field Marshal fell): turned up
    // where they stand.
    let reveals: Vec<PieceModel<Point>> = after
        .iter()
        .filter(|pc| pc.role.is_some() && pc.at != to && pc.at != from)
        .filter(|pc| {
            before
                .iter()
                .any(|b| b.at == pc.at && b.color == pc.color && b.role.is_none())
        })
        .map(|pc| {
            hidden.add(pc.at);
            PieceModel {
                center: at(pc.at),
                ..pc.clone()
            }
        })
        .collect();
    let steps = path.len().saturating_sub(1) as u32;
    let travel_ms = steps * step_ms;
    let effect = duration_ms(0, contact != Contact::None || !reveals.is_empty(), step_ms);
    AnimPlan {
        cue: contact.cue(),
        mover,
        path,
        contact,
        contact_at: at(to),
        mover_survives,
        removed,
        flips: Vec::new(),
        reveals,
        hidden,
        travel_ms,
        effect_ms: effect,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::anim::Cue;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn piece(at: &str, seat: Seat, role: Option<Role>) -> PieceModel<Point> {
        PieceModel::on_cross(pt(at), seat, role, Xy { x: 0.0, y: 0.0 })
    }

    #[test]
    fn a_rail_run_travels_its_route_and_a_plain_move_has_no_effect() {
        let board = Board::shared();
        let before = [piece("Sa0", Seat::S, Some(Role::Engineer))];
        let after = [piece("Cw", Seat::S, Some(Role::Engineer))];
        let path = [pt("Sa0"), pt("Csw"), pt("Cw")];
        let played = Played {
            mv: Action::Move {
                from: pt("Sa0"),
                to: pt("Cw"),
            },
            told: None,
            flag_taken: false,
            path: &path,
        };
        let p = plan(&board, &before, &after, &played, Seat::S, 100);
        assert_eq!(p.contact, Contact::None);
        assert_eq!(p.cue, Cue::Move);
        assert_eq!(p.path.len(), 3);
        assert_eq!(p.path[0], point_xy(&board, pt("Sa0"), Seat::S));
        assert_eq!((p.travel_ms, p.effect_ms), (200, 0));
        assert!(p.mover_survives && p.removed.is_empty());
        assert!(p.hidden.contains(pt("Sa0")) && p.hidden.contains(pt("Cw")));
        // Reduced motion, or animations off: nothing to wait for.
        assert_eq!(
            plan(&board, &before, &after, &played, Seat::S, 0).total_ms(),
            0
        );
    }

    #[test]
    fn contacts_show_only_what_the_eyes_knew() {
        let board = Board::shared();
        let mv = Action::Move {
            from: pt("Sc0"),
            to: pt("Cs"),
        };
        let path = [pt("Sc0"), pt("Cs")];
        let won = Played {
            mv,
            told: Some(Told::AttackerWins),
            flag_taken: false,
            path: &path,
        };
        // South's own 司令 takes a piece East's eyes never saw: a win, the loser unnamed.
        let before = [
            piece("Sc0", Seat::S, None),
            piece("Cs", Seat::E, Some(Role::Captain)),
        ];
        let after = [piece("Cs", Seat::S, None)];
        let p = plan(&board, &before, &after, &won, Seat::E, 100);
        assert_eq!(p.contact, Contact::Win);
        assert_eq!(p.cue, Cue::Capture);
        assert!(p.mover_survives);
        assert_eq!(p.removed.len(), 1);
        assert_eq!(p.removed[0].role, Some(Role::Captain));
        assert_eq!(p.total_ms(), 100 + 400);
        // A bomb the eyes knew: a blast, both gone.
        let both = Played {
            told: Some(Told::BothRemoved),
            ..won.clone()
        };
        let bomb = [
            piece("Sc0", Seat::S, Some(Role::Bomb)),
            piece("Cs", Seat::E, None),
        ];
        let p = plan(&board, &bomb, &[], &both, Seat::S, 100);
        assert_eq!(p.contact, Contact::Bomb);
        assert!(!p.mover_survives);
        assert_eq!(p.removed.len(), 1);
        // The same contact to eyes that knew neither piece: only that both fell.
        let unknown = [piece("Sc0", Seat::S, None), piece("Cs", Seat::E, None)];
        assert_eq!(
            plan(&board, &unknown, &[], &both, Seat::N, 100).contact,
            Contact::Both
        );
        // A flag taken is a capture for every eye.
        let taken = Played {
            flag_taken: true,
            ..won
        };
        assert_eq!(
            plan(&board, &unknown, &after, &taken, Seat::N, 100).contact,
            Contact::Flag
        );
    }

    #[test]
    fn a_flag_shown_by_the_move_turns_up_where_it_stands() {
        let board = Board::shared();
        let path = [pt("Sc0"), pt("Cs")];
        let played = Played {
            mv: Action::Move {
                from: pt("Sc0"),
                to: pt("Cs"),
            },
            told: Some(Told::AttackerWins),
            flag_taken: false,
            path: &path,
        };
        let before = [
            piece("Sc0", Seat::S, Some(Role::General)),
            piece("Cs", Seat::E, None),
            piece("Eb5", Seat::E, None),
        ];
        let after = [
            piece("Cs", Seat::S, Some(Role::General)),
            piece("Eb5", Seat::E, Some(Role::Flag)),
        ];
        let p = plan(&board, &before, &after, &played, Seat::S, 50);
        assert_eq!(p.reveals.len(), 1);
        assert_eq!(p.reveals[0].at, pt("Eb5"));
        assert!(p.hidden.contains(pt("Eb5")));
        assert_eq!(p.effect_ms, 200);
    }
}
