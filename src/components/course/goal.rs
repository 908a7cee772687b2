//! The goal card of a lesson: the goal as a picture that plays a short demo of the move (your
//! piece goes, the enemy piece is knocked off; or both pieces go in a puff; or your piece walks
//! to the star or onto the flag), still under `prefers-reduced-motion`. Each rule has its own
//! picture, read from the lesson through junqi-learn ([`junqi_learn::Picture`]); a goal is clear
//! from its picture without a voice.

use crate::components::boards::piece::{piece_body, LabelLook};
use crate::components::course::STAR_PATH;
use crate::ground::render::PieceModel;
use crate::learn::lesson::{lesson_text, Learn};
use junqi_core::{Piece, Role, Seat};
use junqi_learn::Picture;
use leptos::prelude::*;

/// A piece drawn on its own (goal pictures, the winner of a mistake).
pub fn lone_piece(piece: Piece) -> Option<PieceModel> {
    Some(PieceModel::lone(Some(piece.color), Some(piece.role)))
}

/// Where the two pieces of a picture stand, in the picture's units (a piece is 56 × 28).
const LEFT: f32 = 0.0;
const RIGHT: f32 = 150.0;

/// A piece at `x`, its inner group animated by the CSS class `class`.
fn placed(piece: Piece, x: f32, class: &'static str, look: LabelLook) -> impl IntoView {
    placed_as(piece.color, Some(piece.role), x, class, look)
}

/// The enemy piece of a picture: face down (`None`) when the lesson hides the enemy.
fn placed_theirs(
    theirs: Option<Piece>,
    x: f32,
    class: &'static str,
    look: LabelLook,
) -> impl IntoView {
    placed_as(Seat::BLACK, theirs.map(|p| p.role), x, class, look)
}

fn placed_as(
    color: Seat,
    role: Option<Role>,
    x: f32,
    class: &'static str,
    look: LabelLook,
) -> impl IntoView {
    let model = PieceModel::lone(Some(color), role);
    view! {
        <g transform=format!("translate({x} 0)")>
            <g class=class data-role=role.map(|r| r.upper_char().to_string()) data-color=color.rb_char().to_string()>
                {piece_body(&model, look)}
            </g>
        </g>
    }
}

/// A thick arrow from `x0` to `x1` along the middle line.
fn arrow(x0: f32, x1: f32) -> impl IntoView {
    let dir = if x1 >= x0 { 1.0 } else { -1.0 };
    let base = x1 - dir * 14.0;
    view! {
        <g class="demo-arrow">
            <line x1=x0 y1="0" x2=base y2="0"></line>
            <path d=format!("M{x1},0 L{base},-10 L{base},10 Z")></path>
        </g>
    }
}

/// The target star at a piece's top-right corner, or big on its own.
fn star(x: f32, y: f32, scale: f32) -> impl IntoView {
    view! {
        <g class="demo-star" transform=format!("translate({x} {y}) scale({scale})")>
            <path d=STAR_PATH></path>
        </g>
    }
}

/// A spiky burst: something is knocked off here (a take, never a cross).
const BURST: &str = "M0,-30 L7,-12 L25,-20 L14,-4 L30,4 L11,8 L17,26 L0,14 L-17,26 L-11,8 L-30,4 L-14,-4 L-25,-20 L-7,-12 Z";
/// A round puff of smoke: both pieces go here.
const PUFF: &str = "M-26,8 A12,12 0 0 1 -18,-12 A14,14 0 0 1 4,-20 A13,13 0 0 1 24,-8 A11,11 0 0 1 22,14 L-20,14 A9,9 0 0 1 -26,8 Z";

/// The picture of one rule, as an SVG that plays its demo.
fn picture_view(picture: Picture, look: LabelLook) -> impl IntoView {
    let (kind, body) = match picture {
        Picture::Take { mine, theirs } => (
            "take",
            view! {
                {arrow(LEFT + 34.0, RIGHT - 36.0)}
                <g transform=format!("translate({RIGHT} 0)")><path class="demo-burst" d=BURST></path></g>
                {placed_theirs(theirs, RIGHT, "demo-victim", look)}
                {star(RIGHT + 26.0, -16.0, 0.85)}
                {placed(mine, LEFT, "demo-mover", look)}
            }
            .into_any(),
        ),
        Picture::Trade { mine, theirs } => (
            "trade",
            view! {
                {arrow(LEFT + 34.0, (LEFT + RIGHT) / 2.0 - 6.0)}
                {arrow(RIGHT - 34.0, (LEFT + RIGHT) / 2.0 + 6.0)}
                <g transform=format!("translate({} 0)", (LEFT + RIGHT) / 2.0)><path class="demo-puff" d=PUFF></path></g>
                {placed_theirs(theirs, RIGHT, "demo-trade-right", look)}
                {star(RIGHT + 26.0, -16.0, 0.85)}
                {placed(mine, LEFT, "demo-trade-left", look)}
            }
            .into_any(),
        ),
        Picture::Reach { mine } => (
            "reach",
            view! {
                {arrow(LEFT + 34.0, RIGHT - 24.0)}
                {star(RIGHT, 0.0, 1.6)}
                {placed(mine, LEFT, "demo-walker", look)}
            }
            .into_any(),
        ),
        Picture::Flag { mine } => (
            "flag",
            view! {
                {arrow(LEFT + 34.0, RIGHT - 36.0)}
                <g transform=format!("translate({RIGHT} 0)")><path class="demo-burst" d=BURST></path></g>
                {placed(Piece::new(Seat::BLACK, Role::Flag), RIGHT, "demo-victim", look)}
                {placed(mine, LEFT, "demo-mover", look)}
            }
            .into_any(),
        ),
        // A finger taps a point, which rings.
        Picture::Tap => (
            "tap",
            view! {
                <circle class="demo-point" cx="76" cy="0" r="14"></circle>
                <circle class="demo-ring" cx="76" cy="0" r="14"></circle>
                <g class="demo-finger" transform="translate(72 16)">
                    <path d="M0,0 L0,-18 A4,4 0 0 1 8,-18 L8,-4 L14,-3 A4,4 0 0 1 18,1 L16,14 A6,6 0 0 1 10,19 L2,19 A6,6 0 0 1 -3,15 L-8,6 A3,3 0 0 1 -3,2 Z"></path>
                </g>
            }
            .into_any(),
        ),
        Picture::Arrange => (
            "valid",
            view! {
                {placed(Piece::new(Seat::RED, Role::Flag), LEFT, "", look)}
                {placed(Piece::new(Seat::RED, Role::Landmine), (LEFT + RIGHT) / 2.0, "", look)}
                {placed(Piece::new(Seat::RED, Role::Bomb), RIGHT, "", look)}
                <g class="demo-swap" transform=format!("translate({} 22)", (LEFT + RIGHT) / 2.0)>
                    <path d="M-60,0 Q0,12 60,0"></path>
                    <path class="tip" d="M60,0 L46,-5 L50,8 Z"></path>
                    <path class="tip" d="M-60,0 L-46,-5 L-50,8 Z"></path>
                </g>
            }
            .into_any(),
        ),
    };
    view! {
        <svg class=format!("goal-demo demo-{kind}") data-picture=kind viewBox="-38 -32 228 68" aria-hidden="true">
            {body}
        </svg>
    }
}

/// The goal: its picture and its words.
#[component]
pub fn GoalCard(look: Memo<LabelLook>) -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    // Keyed by the lesson, the look and each telling: new elements, so the demo starts from
    // its beginning on each lesson and each time the goal is told again (a rebuilt view would
    // keep the old elements, mid-animation).
    let key = move || {
        let lesson = learn.lesson.get().unwrap_or_default();
        vec![(lesson, learn.retell.get(), look.get())]
    };
    let picture = move |retell: u32| {
        let picture = learn.with_lesson(|l| l.picture()).flatten()?;
        let kind = learn.with_lesson(|l| match l.goal {
            junqi_learn::Goal::Remove(_) => "remove",
            junqi_learn::Goal::Reach(_) => "reach",
            junqi_learn::Goal::Flag(_) => "flag",
            junqi_learn::Goal::Valid(_) => "valid",
            junqi_learn::Goal::Tap(_) => "tap",
        })?;
        Some(view! {
            <div class="goal-pictures" data-goal=kind data-retell=retell.to_string()>
                {picture_view(picture, look.get_untracked())}
            </div>
        })
    };
    let words = move || {
        learn.lesson.track();
        learn.with_lesson(lesson_text).map(|t| t.get(lang()))
    };
    view! {
        <div class="goal" data-testid="goal">
            <For each=key key=|k| k.clone() children=move |(_, retell, _)| picture(retell)/>
            <p class="goal-words">{words}</p>
        </div>
    }
}
