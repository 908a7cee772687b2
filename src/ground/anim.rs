//! The animation plan of one action, from what the viewer saw before and after it and the
//! public record of the action: the piece travels its real path (a railway run, an engineer's
//! turns), then the contact effect plays; flips turn like a card; reveals turn the same way.
//!
//! Like the render model, it only ever reads the viewer's [`PlayerView`]s, so an effect names
//! a landmine or a bomb only when the viewer knows one was there.
//!
//! One plan for both boards: its pieces are the boards' one render model (`M`: a
//! [`PieceModel`] on the board's points) and the points it leaves to the effects layer a set of
//! the board's points (`S`).

use super::geometry::{point_xy, Orientation, Xy};
use super::render::{piece_model, PieceModel};
use junqi_core::{ActionResult, Bitboard, PlayerView, Point, PublicEvent, Role};

/// What a contact looked like to the viewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// No contact: a plain move or a flip.
    None,
    /// The attacker won.
    Win,
    /// The attacker was removed.
    Lose,
    /// Both were removed.
    Both,
    /// A known landmine was involved.
    Mine,
    /// A known bomb went off.
    Bomb,
    /// A flag was taken.
    Flag,
    /// 工兵侦察: the engineer showed the defender.
    Scout,
}

impl Contact {
    /// The CSS class suffix and `data-contact` value.
    pub fn code(self) -> &'static str {
        match self {
            Contact::None => "none",
            Contact::Win => "win",
            Contact::Lose => "lose",
            Contact::Both => "both",
            Contact::Mine => "mine",
            Contact::Bomb => "bomb",
            Contact::Flag => "flag",
            Contact::Scout => "scout",
        }
    }
}

/// Which sound an action makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Move,
    Capture,
    Lose,
    Both,
    Mine,
    Flip,
    Flag,
    Illegal,
    /// The course shows its hint by itself: a soft chime.
    Hint,
}

/// Everything the effects layer draws for one action.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimPlan<M = PieceModel, S = Bitboard> {
    /// The moving piece as the viewer saw it before the action.
    pub mover: Option<M>,
    /// The centres it passes, start and end included.
    pub path: Vec<Xy>,
    pub contact: Contact,
    /// Where the contact happens.
    pub contact_at: Xy,
    /// Whether the mover is still on the board afterwards.
    pub mover_survives: bool,
    /// Other pieces removed, as seen before.
    pub removed: Vec<M>,
    /// Flips: the piece face down before and face up after.
    pub flips: Vec<(M, M)>,
    /// Identities made public (a flag after its marshal fell, a scouted piece), as seen after.
    pub reveals: Vec<M>,
    /// Points of the before-view that the board leaves to the effects layer.
    pub hidden: S,
    pub travel_ms: u32,
    pub effect_ms: u32,
    pub cue: Cue,
}

impl<M, S> AnimPlan<M, S> {
    /// Milliseconds from start to end.
    pub fn total_ms(&self) -> u32 {
        self.travel_ms + self.effect_ms
    }

    /// The moving piece's keyframes: a CSS `transform` per point of the path, one equal share
    /// of the travel time per step (for the Web Animations API).
    pub fn travel_transforms(&self) -> Vec<String> {
        self.path
            .iter()
            .map(|xy| format!("translate({}px, {}px)", xy.x, xy.y))
            .collect()
    }
}

/// What the contact was, judged only from roles the viewer knew before the action.
pub fn contact(before: &PlayerView, ev: &PublicEvent) -> Contact {
    let role = |p: Point| before.cells[p.index()].and_then(|o| o.role);
    let (att, def) = ev.span().map_or((None, None), |(f, t)| (role(f), role(t)));
    match ev.result {
        ActionResult::Move | ActionResult::Flip => Contact::None,
        ActionResult::Capture => Contact::Flag,
        ActionResult::Scout => Contact::Scout,
        // Only a landmine sends an attacker back.
        ActionResult::Bounce => Contact::Mine,
        ActionResult::Win | ActionResult::Lose | ActionResult::Both => {
            if att == Some(Role::Bomb) || def == Some(Role::Bomb) {
                Contact::Bomb
            } else if def == Some(Role::Landmine) {
                Contact::Mine
            } else {
                match ev.result {
                    ActionResult::Win => Contact::Win,
                    ActionResult::Lose => Contact::Lose,
                    _ => Contact::Both,
                }
            }
        }
    }
}

fn cue(ev: &PublicEvent, c: Contact) -> Cue {
    if ev.result == ActionResult::Flip {
        Cue::Flip
    } else {
        c.cue()
    }
}

impl Contact {
    /// The sound of a move or contact.
    pub fn cue(self) -> Cue {
        match self {
            Contact::Flag => Cue::Flag,
            Contact::Mine => Cue::Mine,
            Contact::Bomb | Contact::Both => Cue::Both,
            Contact::Win => Cue::Capture,
            Contact::Lose | Contact::Scout => Cue::Lose,
            Contact::None => Cue::Move,
        }
    }
}

/// How long a contact's (or a reveal's) effect plays after the travel, for `step_ms` a step.
pub fn effect_ms(step_ms: u32) -> u32 {
    step_ms * 4
}

/// Plans the animation of `ev` (whose route was `path`) for the viewer who saw `before` and
/// now sees `after`. `step_ms` is the time per step of the route; 0 plans no animation at all.
pub fn plan(
    before: &PlayerView,
    after: &PlayerView,
    ev: &PublicEvent,
    path: &[Point],
    orientation: Orientation,
    step_ms: u32,
) -> AnimPlan {
    let Some((from, to)) = ev.span() else {
        // A turn that passed moves nothing (the 2-player history leaves none).
        return AnimPlan {
            mover: None,
            path: Vec::new(),
            contact: Contact::None,
            contact_at: Xy { x: 0.0, y: 0.0 },
            mover_survives: true,
            removed: Vec::new(),
            flips: Vec::new(),
            reveals: Vec::new(),
            hidden: Bitboard::EMPTY,
            travel_ms: 0,
            effect_ms: 0,
            cue: Cue::Move,
        };
    };
    let contact = contact(before, ev);
    let mut hidden = Bitboard::EMPTY;
    let mut flips = Vec::new();
    let mut reveals = Vec::new();
    let mut mover = None;
    let mut xy_path = Vec::new();
    if ev.result == ActionResult::Flip {
        if let (Some(b), Some(a)) = (
            piece_model(before, from, orientation),
            piece_model(after, from, orientation),
        ) {
            flips.push((b, a));
            hidden.add(from);
        }
    } else {
        mover = piece_model(before, from, orientation);
        hidden.add(from);
        xy_path = path.iter().map(|p| point_xy(*p, orientation)).collect();
        if xy_path.len() < 2 {
            xy_path = vec![point_xy(from, orientation), point_xy(to, orientation)];
        }
    }
    let removed: Vec<PieceModel> = ev
        .removed
        .iter()
        .filter(|p| **p != from)
        .filter_map(|p| {
            hidden.add(*p);
            piece_model(before, *p, orientation)
        })
        .collect();
    for (p, _) in &ev.revealed {
        if ev.result == ActionResult::Flip && *p == from {
            continue;
        }
        if let Some(m) = piece_model(after, *p, orientation) {
            hidden.add(*p);
            reveals.push(m);
        }
    }
    let steps = xy_path.len().saturating_sub(1) as u32;
    let travel_ms = steps * step_ms;
    let effect_ms = if contact != Contact::None || !flips.is_empty() || !reveals.is_empty() {
        effect_ms(step_ms)
    } else {
        0
    };
    AnimPlan {
        mover,
        path: xy_path,
        contact,
        contact_at: point_xy(to, orientation),
        mover_survives: !ev.removed.contains(&from),
        removed,
        flips,
        reveals,
        hidden,
        travel_ms,
        effect_ms,
        cue: cue(ev, contact),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Action, Deployment, Game, Mode, Rules, Seat, Setup};

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn play(g: &mut Game, a: &str, viewer: Option<Seat>) -> AnimPlan {
        let before = g.view(viewer);
        let action: Action = a.parse().unwrap();
        let path = g.play(action).unwrap().path.clone();
        let after = g.view(viewer);
        let ev = after.history.last().unwrap().clone();
        plan(&before, &after, &ev, &path, Orientation::RedBottom, 100)
    }

    fn classic(mode: Mode) -> Game {
        Game::new(
            mode,
            Rules::default(),
            Setup::Deployments {
                red: Deployment::classic_1(),
                black: Deployment::classic_2(),
            },
        )
        .unwrap()
    }

    #[test]
    fn a_railway_run_follows_the_rail() {
        let mut g = classic(Mode::Open);
        // a6 (a major general) runs a6-a7 is an attack; first a plain step e6-e5? e5 is a camp.
        let p = play(&mut g, "c6-d5", Some(Seat::RED));
        assert_eq!(p.contact, Contact::None);
        assert_eq!(p.cue, Cue::Move);
        assert_eq!(p.path.len(), 2);
        assert_eq!(p.travel_ms, 100);
        assert_eq!(p.effect_ms, 0);
        assert!(p.hidden.contains(pt("c6")));
        let frames = p.travel_transforms();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0], "translate(238px, 410px)");
    }

    #[test]
    fn an_attack_animates_its_contact() {
        let mut g = classic(Mode::Open);
        // Red's major general on a6 attacks Black's lieutenant on a7.
        let p = play(&mut g, "a6-a7", Some(Seat::RED));
        assert_eq!(p.contact, Contact::Win);
        assert_eq!(p.cue, Cue::Capture);
        assert!(p.mover_survives);
        assert_eq!(p.removed.len(), 1);
        assert_eq!(p.removed[0].role, Some(Role::Lieutenant));
        assert_eq!(p.total_ms(), 100 + 400);
    }

    #[test]
    fn hidden_mode_effects_use_only_what_the_viewer_knew() {
        let mut g = classic(Mode::Dark);
        let before_black = g.view(Some(Seat::BLACK));
        let p = play(&mut g, "a6-a7", Some(Seat::RED));
        // Red did not know what stood on a7: a plain win, and the removed piece has no name.
        assert_eq!(p.contact, Contact::Win);
        assert_eq!(p.removed[0].role, None);
        // Black knew its own piece but not the attacker.
        let after_black = g.view(Some(Seat::BLACK));
        let ev = after_black.history.last().unwrap();
        let pb = plan(
            &before_black,
            &after_black,
            ev,
            &[pt("a6"), pt("a7")],
            Orientation::BlackBottom,
            0,
        );
        assert_eq!(pb.mover.as_ref().unwrap().role, None);
        assert_eq!(pb.removed[0].role, Some(Role::Lieutenant));
        assert_eq!(pb.total_ms(), 0);
    }

    #[test]
    fn a_flip_turns_like_a_card() {
        let mut g = Game::new(Mode::Flip, Rules::default(), Setup::Shuffle { seed: 3 }).unwrap();
        let p = play(&mut g, "c1", None);
        assert_eq!(p.cue, Cue::Flip);
        assert_eq!(p.flips.len(), 1);
        let (b, a) = &p.flips[0];
        assert!(b.face_down && b.role.is_none());
        assert!(!a.face_down && a.role.is_some());
        assert!(p.mover.is_none() && p.reveals.is_empty());
        assert_eq!(p.effect_ms, 400);
    }

    /// 翻棋: a marshal falls while its flag is still face down. The record, the reveal
    /// animation and the board after it all show the flag, to both players.
    #[test]
    fn a_fallen_marshals_face_down_flag_is_shown_alike_everywhere() {
        use super::super::render::{build_render_model, Interaction};
        use junqi_core::rng::SplitMix64;
        let mut found = 0;
        'games: for seed in 0..400u64 {
            let mut g = Game::new(Mode::Flip, Rules::default(), Setup::Shuffle { seed }).unwrap();
            let mut rng = SplitMix64::new(seed);
            for _ in 0..600 {
                let legal = g.position().legal_actions();
                if g.outcome().is_some() || legal.is_empty() {
                    continue 'games;
                }
                let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
                let before = [Some(Seat::RED), Some(Seat::BLACK)].map(|c| g.view(c));
                let path = g.play(action).unwrap().path.clone();
                let report = g.reports().last().unwrap().clone();
                let fell = report
                    .removed
                    .iter()
                    .any(|(_, pc)| pc.role == Role::Marshal);
                let flag = before[0]
                    .cells
                    .iter()
                    .zip(Point::all())
                    .filter(|(o, _)| o.is_some_and(|o| o.face_down))
                    .map(|(_, p)| p)
                    .find(|p| {
                        g.position().piece_at(*p).is_some_and(|pc| {
                            pc.role == Role::Flag
                                && report
                                    .removed
                                    .iter()
                                    .any(|(_, m)| m.role == Role::Marshal && m.color == pc.color)
                        })
                    });
                let (true, Some(flag)) = (fell, flag) else {
                    continue;
                };
                found += 1;
                for (i, before) in before.iter().enumerate() {
                    let after = g.view(before.me);
                    let ev = after.history.last().unwrap().clone();
                    assert!(ev
                        .revealed
                        .iter()
                        .any(|(p, pc)| *p == flag && pc.role == Role::Flag));
                    let plan = plan(before, &after, &ev, &path, Orientation::RedBottom, 100);
                    let shown = plan.reveals.iter().find(|m| m.at == flag).unwrap();
                    assert!(!shown.face_down, "seed {seed}, viewer {i}");
                    assert_eq!(shown.role, Some(Role::Flag));
                    let board = build_render_model(&after, &Interaction::default());
                    let drawn = board.pieces.iter().find(|m| m.at == flag).unwrap();
                    assert_eq!(drawn, shown, "seed {seed}, viewer {i}");
                }
                continue 'games;
            }
        }
        assert!(found >= 3, "only {found} games where it happened");
    }
}
