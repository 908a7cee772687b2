//! The render model of setup (布阵): one side's formation on its half of the board, with every
//! rule violation junqi-core finds placed on the points concerned.

use super::geometry::{point_xy, Orientation, Xy};
use super::render::PieceModel;
use crate::i18n::Lang;
use junqi_core::{Bitboard, Deployment, Point, Rules, Seat, Slot, ViolationKind};

/// A point with at least one violation.
#[derive(Clone, Debug, PartialEq)]
pub struct BadPoint {
    pub point: Point,
    pub name: String,
    pub center: Xy,
    /// Stable codes (`flag-not-in-headquarters`, …): the `data-violation` attribute.
    pub codes: Vec<&'static str>,
    /// Plain reasons in the interface language.
    pub reasons: Vec<String>,
}

/// Everything the setup board draws.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupModel {
    pub pieces: Vec<PieceModel>,
    pub bad: Vec<BadPoint>,
    /// Every distinct reason, in order, for the list beside the board.
    pub reasons: Vec<String>,
    pub valid: bool,
    pub selected: Option<Point>,
}

/// The interaction state of setup.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupInteraction {
    pub orientation: Orientation,
    pub lang: Lang,
    /// The first piece of a tap-tap swap.
    pub selected: Option<Point>,
    /// The piece being dragged and where it is drawn.
    pub drag: Option<(Point, Xy)>,
    /// Face to face: this colour's labels are turned.
    pub turned: Option<Seat>,
    /// The game's rules: their setup switches decide what is a violation.
    pub rules: Rules,
}

pub fn message(kind: ViolationKind, lang: Lang) -> String {
    crate::i18n::violation_text(kind, lang)
}

/// The board points of `color`'s half where a piece may stand at the start, plus its camps:
/// where setup gestures act.
pub fn half(color: Seat) -> Bitboard {
    Slot::all().map(|s| s.point(color)).collect()
}

pub fn build_setup_model(dep: &Deployment, color: Seat, ix: &SetupInteraction) -> SetupModel {
    let mut pieces = Vec::with_capacity(25);
    for s in Slot::all() {
        let Some(role) = dep.get(s) else { continue };
        let p = s.point(color);
        let dragging = ix.drag.is_some_and(|(d, _)| d == p);
        pieces.push(PieceModel {
            at: p,
            name: p.to_string(),
            center: match ix.drag {
                Some((d, xy)) if d == p => xy,
                _ => point_xy(p, ix.orientation),
            },
            color: Some(color),
            role: Some(role),
            face_down: false,
            selected: ix.selected == Some(p),
            movable: true,
            guess: None,
            proven: None,
            turned: ix.turned == Some(color),
            dragging,
            carrying: None,
        });
    }
    pieces.sort_by_key(|pm| pm.dragging);
    let violations = dep.violations_with(&ix.rules);
    let mut bad: Vec<BadPoint> = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    for v in &violations {
        let text = message(v.kind, ix.lang);
        if !reasons.contains(&text) {
            reasons.push(text.clone());
        }
        let Some(slot) = v.slot else { continue };
        let p = slot.point(color);
        match bad.iter_mut().find(|b| b.point == p) {
            Some(b) => {
                b.codes.push(v.kind.code());
                b.reasons.push(text);
            }
            None => bad.push(BadPoint {
                point: p,
                name: p.to_string(),
                center: point_xy(p, ix.orientation),
                codes: vec![v.kind.code()],
                reasons: vec![text],
            }),
        }
    }
    SetupModel {
        pieces,
        bad,
        reasons,
        valid: violations.is_empty(),
        selected: ix.selected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ix() -> SetupInteraction {
        SetupInteraction {
            orientation: Orientation::RedBottom,
            lang: Lang::En,
            selected: None,
            drag: None,
            turned: None,
            rules: Rules::default(),
        }
    }

    fn slot_of(p: &str, c: Seat) -> Slot {
        Slot::of_point(p.parse().unwrap(), c).unwrap()
    }

    #[test]
    fn a_valid_formation_has_no_marks() {
        let m = build_setup_model(&Deployment::classic_1(), Seat::RED, &ix());
        assert!(m.valid && m.bad.is_empty() && m.reasons.is_empty());
        assert_eq!(m.pieces.len(), 25);
        assert!(m.pieces.iter().all(|p| p.at.row() <= 6));
        let black = build_setup_model(&Deployment::classic_1(), Seat::BLACK, &ix());
        assert!(black.pieces.iter().all(|p| p.at.row() >= 7));
    }

    #[test]
    fn violations_land_on_their_points_and_clear() {
        let mut d = Deployment::classic_1();
        // classic-1: the flag on d1, a lieutenant on e2 (red). Swap them.
        let (flag, other) = (slot_of("d1", Seat::RED), slot_of("e2", Seat::RED));
        d.swap(flag, other);
        let m = build_setup_model(&d, Seat::RED, &ix());
        assert!(!m.valid);
        let names: Vec<_> = m
            .bad
            .iter()
            .map(|b| (b.name.as_str(), b.codes.clone()))
            .collect();
        assert_eq!(names, vec![("e2", vec!["flag-not-in-headquarters"])]);
        assert_eq!(
            m.reasons,
            vec!["The flag must stand in a headquarters.".to_string()]
        );
        d.swap(flag, other);
        assert!(build_setup_model(&d, Seat::RED, &ix()).valid);
    }

    #[test]
    fn reasons_in_chinese() {
        let mut d = Deployment::classic_1();
        // Owner-relative slots: the same swap for Black.
        d.swap(slot_of("d1", Seat::RED), slot_of("e2", Seat::RED));
        let m = build_setup_model(
            &d,
            Seat::BLACK,
            &SetupInteraction {
                lang: Lang::Zh,
                ..ix()
            },
        );
        assert_eq!(m.reasons, vec!["军旗必须放在大本营。".to_string()]);
        assert!(m.bad[0].point.row() >= 7);
    }

    #[test]
    fn half_has_thirty_points() {
        assert_eq!(half(Seat::RED).count(), 30);
        assert!(half(Seat::BLACK).iter().all(|p| p.row() >= 7));
    }
}
