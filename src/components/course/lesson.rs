//! A lesson: the board with the lesson's marks (stars on target points, the hint arrow, what
//! went wrong), the goal as icons, and a few big buttons. Everything works by taps.

use crate::components::boards::assist::arrow_view;
use crate::components::boards::facing::{Board, Marks};
use crate::components::boards::piece::{piece_body, LabelLook, PieceLayer};
use crate::components::course::goal::{lone_piece, GoalCard};
use crate::components::course::{stars_view, STAR_PATH};
use crate::components::newgame::big_buttons::{again_icon, HintButton, LevelsButton};
use crate::ground::drag::Gesture;
use crate::ground::geometry::{point_xy, Orientation};
use crate::ground::render::{build_render_model, Interaction, PieceModel};
use crate::ground::setup::{build_setup_model, SetupInteraction};
use crate::i18n;
use crate::learn::demo::Watching;
use crate::learn::lesson::{Flash, Learn};
use crate::state::store::Store;
use junqi_core::{Bitboard, PlayerView, Point, Role, Seat};
use junqi_learn::Mistake;
use leptos::prelude::*;

const O: Orientation = Orientation::RedBottom;

/// What the lesson board draws now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonModel {
    pub pieces: Vec<PieceModel>,
    pub dests: Bitboard,
    pub bad: Bitboard,
}

impl LessonModel {
    /// A position being played: its pieces and the selected piece's destinations.
    pub fn play(view: &PlayerView, selected: Option<Point>, can_act: bool) -> Self {
        let ix = Interaction {
            orientation: O,
            selected,
            can_act,
            ..Interaction::default()
        };
        let m = build_render_model(view, &ix);
        LessonModel {
            pieces: m.pieces,
            dests: m.dests,
            bad: Bitboard::EMPTY,
        }
    }
}

/// How labels look in the course: the player's style, with the rank number beside it.
pub fn course_look(store: Store) -> Memo<LabelLook> {
    Memo::new(move |_| {
        store.settings.with(|s| LabelLook {
            style: s.labels,
            large: s.large_labels,
            lang: s.lang,
            ranks: true,
        })
    })
}

#[component]
pub fn LessonScreen() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    let look = course_look(learn.store);
    crate::components::focus_board_if_lost();
    let model = Memo::new(move |_| {
        let selected = learn.selected.get();
        if let Some(view) = learn.view() {
            let can_act = learn.flash.with(Option::is_none) && learn.watching.with(Option::is_none);
            return LessonModel::play(&view, selected, can_act);
        }
        if let Some(dep) = learn.formation() {
            let m = build_setup_model(
                &dep,
                Seat::RED,
                &SetupInteraction {
                    orientation: O,
                    lang: lang(),
                    selected,
                    drag: None,
                    turned: None,
                    rules: junqi_core::Rules::default(),
                },
            );
            return LessonModel {
                pieces: m.pieces,
                dests: Bitboard::EMPTY,
                bad: m.bad.iter().map(|b| b.point).collect(),
            };
        }
        LessonModel::default()
    });
    let marks = Signal::derive(move || {
        model.with(|m| Marks {
            dests: m.dests,
            bad: m.bad,
            ..Marks::default()
        })
    });
    let on_gesture = Callback::new(move |g: Gesture| {
        if let Gesture::Tap(p) = g {
            learn.tap(p);
        }
    });
    let id = move || learn.lesson.get().unwrap_or_default();
    let moves = move || learn.with_run(|r| r.moves()).unwrap_or(0);
    let par = move || learn.with_run(|r| r.lesson.par).unwrap_or(0);
    let flash_kind = move || {
        learn.flash.with(|f| match f {
            Some(Flash::Success { .. }) => Some("success"),
            Some(Flash::Mistake { .. }) => Some("mistake"),
            None => None,
        })
    };
    let large = move || learn.store.settings.with(|s| s.large_labels);
    let demo_kind = move || learn.watching.with(|w| w.as_ref().map(Watching::kind));
    let strategy = move || {
        learn.lesson.track();
        learn
            .with_lesson(|l| junqi_learn::course().is_strategy(l))
            .unwrap_or(false)
    };
    // Played by keys too, each point named in words (the learner plays Red).
    let speak = Callback::new(move |p: Point| {
        model.with(|m| crate::ground::render::spoken(&m.pieces, p, Some(Seat::RED), lang()))
    });
    // For screen readers: the goal, then how the lesson ended.
    let said = move || match learn.flash.get() {
        Some(crate::learn::lesson::Flash::Success { stars }) => {
            i18n::lesson_outcome(Ok(stars), lang())
        }
        Some(crate::learn::lesson::Flash::Mistake { mistake, .. }) => {
            i18n::lesson_outcome(Err(&mistake), lang())
        }
        None => {
            learn.lesson.track();
            let idea = learn
                .with_lesson(crate::learn::lesson::lesson_text)
                .map(|t| t.get(lang()).to_string())
                .unwrap_or_default();
            match learn.watching.get() {
                Some(Watching::Moves) => format!("{} {idea}", i18n::WATCH.get(lang())),
                Some(Watching::Points(_)) => format!("{idea} {}", i18n::WATCH_THEIRS.get(lang())),
                None => idea,
            }
        }
    };

    view! {
        <div class="screen lesson" data-lesson=id data-moves=move || moves().to_string() data-flash=flash_kind data-demo=demo_kind>
            <div class="board-area">
                <Board orientation=O marks=marks on_gesture=on_gesture speak=speak>
                    <StarLayer/>
                    <DemoSpots/>
                    <Pieces model=model look=look/>
                    <DestDots model=model/>
                    <BadRings model=model/>
                    {move || learn.hint_arrow().map(|(a, b)| arrow_view(a, b, O, "lesson-hint-arrow"))}
                    <MistakeLayer/>
                </Board>
                <SuccessPanel/>
                <DemoBanner/>
            </div>
            <p class="sr" role="status" data-testid="lesson-said">{said}</p>
            <aside class="panel lesson-panel">
                <div class="goal-card">
                    <GoalCard look=look/>
                <div class="lesson-moves" data-testid="lesson-moves" aria-hidden="true">
                    {move || {
                        let (used, par) = (moves(), par());
                        (0..par.max(used))
                            .map(|i| {
                                let class = match (i < used, i < par) {
                                    (true, true) => "move-dot used",
                                    (true, false) => "move-dot over",
                                    _ => "move-dot",
                                };
                                view! { <span class=class></span> }
                            })
                            .collect_view()
                    }}
                </div>
                </div>
                <div class="lesson-buttons">
                    <HintButton/>
                    <button class="big" data-testid="lesson-speak"
                        aria-label=move || if strategy() { i18n::SHOW_AGAIN } else { i18n::SPEAK }.get(lang())
                        on:click=move |_| learn.say_goal()>
                        <svg viewBox="0 0 24 24" aria-hidden="true" class="speaker">
                            <path d="M3 9 H7 L12 4 V20 L7 15 H3 Z"></path>
                            <path class="wave" d="M15 8 Q18 12 15 16 M17.5 5.5 Q22.5 12 17.5 18.5"></path>
                        </svg>
                    </button>
                    <button class="big" data-testid="lesson-large" aria-label=move || i18n::LARGE_LABELS.get(lang())
                        aria-pressed=move || large().to_string()
                        on:click=move |_| learn.store.settings.update(|s| s.large_labels = !s.large_labels)>
                        <span class="aa">"A"<span class="aa-big">"A"</span></span>
                    </button>
                    <button class="big" data-testid="lesson-restart" aria-label=move || i18n::RESTART.get(lang())
                        on:click=move |_| learn.start(&id())>
                        {again_icon()}
                    </button>
                    <LevelsButton/>
                </div>
            </aside>
        </div>
    }
}

/// The pieces; a tap that did nothing wiggles those that can move (two class names, so each
/// tap restarts the animation).
#[component]
pub(super) fn Pieces(model: Memo<LessonModel>, look: Memo<LabelLook>) -> impl IntoView {
    let learn = expect_context::<Learn>();
    let nudge = move || match learn.nudge.get() {
        0 => "nudge",
        n if n % 2 == 1 => "nudge wiggle-a",
        _ => "nudge wiggle-b",
    };
    view! {
        <g class=nudge data-nudge=move || learn.nudge.get().to_string()>
            <PieceLayer pieces=Signal::derive(move || model.with(|m| m.pieces.clone())) look=look/>
        </g>
    }
}

/// Stars on the points still to reach or clear (the demo's while it plays).
#[component]
fn StarLayer() -> impl IntoView {
    let learn = expect_context::<Learn>();
    move || {
        learn
            .with_board(|r| r.stars_left())
            .unwrap_or_default()
            .into_iter()
            .map(star_mark)
            .collect_view()
    }
}

/// The star beside a point a lesson or a puzzle is after.
pub(super) fn star_mark(p: Point) -> impl IntoView {
    let c = point_xy(p, O);
    view! {
        <g class="target-star" data-star=p.to_string() transform=format!("translate({} {})", c.x + 24.0, c.y - 14.0)>
            <path d=STAR_PATH></path>
        </g>
    }
}

/// Where the selected piece may go.
#[component]
pub(super) fn DestDots(model: Memo<LessonModel>) -> impl IntoView {
    move || {
        model.with(|m| {
            let occupied: Bitboard = m.pieces.iter().map(|p| p.at).collect();
            m.dests
                .iter()
                .map(|p| {
                    let c = point_xy(p, O);
                    if occupied.contains(p) {
                        view! { <rect class="dest-ring" x=c.x - 31.0 y=c.y - 17.0 width="62" height="34" rx="8"></rect> }
                            .into_any()
                    } else {
                        view! { <circle class="dest-dot" cx=c.x cy=c.y r="9"></circle> }.into_any()
                    }
                })
                .collect_view()
        })
    }
}

/// Arranging: rings around the pieces that break a rule of the formation (from junqi-core).
#[component]
fn BadRings(model: Memo<LessonModel>) -> impl IntoView {
    move || {
        model.with(|m| {
            m.bad
                .iter()
                .map(|p| {
                    let c = point_xy(p, O);
                    view! {
                        <rect class="bad-ring" data-bad=p.to_string() x=c.x - 33.0 y=c.y - 19.0 width="66" height="38" rx="9"></rect>
                    }
                })
                .collect_view()
        })
    }
}

/// What went wrong, drawn where it happened: the piece that wins, the mine that explodes, the
/// headquarters that locks a piece in.
#[component]
fn MistakeLayer() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let look = course_look(learn.store);
    move || {
        let Some(Flash::Mistake { mistake, at }) = learn.flash.get() else {
            return None;
        };
        let (kind, by, loser, point) = match &mistake {
            Mistake::Lost { by, piece, .. } => (
                if by.is_some_and(|b| b.role == Role::Landmine) {
                    "mine"
                } else {
                    "lost"
                },
                Some(by.map_or((Seat::BLACK, None), |b| (b.color, Some(b.role)))),
                Some(*piece),
                at,
            ),
            Mistake::Stuck { at } => ("stuck", None, None, Some(*at)),
            Mistake::TooManyMoves => ("too-many", None, None, None),
            Mistake::FlagLost => ("flag-lost", None, None, None),
        };
        let c = point.map(|p| point_xy(p, O));
        let (x, y) = c.map_or((225.0, 300.0), |c| (c.x, c.y));
        // A hidden winner stays face down: the referee names no enemy piece.
        let winner = by.map(|(color, role)| {
            let pm = PieceModel::lone(Some(color), role);
            view! { <g class="winner" data-by=role.map(|r| r.upper_char().to_string())>{piece_body(&pm, look.get_untracked())}</g> }
        });
        // The learner's piece that was lost, small and crossed out beside the winner.
        let lost = loser.map(|l| {
            view! {
                <g class="loser" transform="translate(-34 30) scale(0.7)">
                    {lone_piece(l).map(|pm| piece_body(&pm, look.get_untracked()))}
                    <path class="cross" d="M-22,-12 L22,12 M-22,12 L22,-12"></path>
                </g>
            }
        });
        Some(view! {
            <g class=format!("mistake {kind}") data-testid="mistake" data-kind=kind transform=format!("translate({x} {y})")>
                <path class="burst" d="M0,-40 L9,-16 L34,-26 L19,-5 L40,6 L15,10 L22,34 L0,18 L-22,34 L-15,10 L-40,6 L-19,-5 L-34,-26 L-9,-16 Z"></path>
                {winner}
                {lost}
                {(kind == "stuck").then(|| view! {
                    <g class="lock">
                        <rect x="-12" y="-4" width="24" height="18" rx="3"></rect>
                        <path d="M-7,-4 V-10 A7,7 0 0 1 7,-10 V-4"></path>
                    </g>
                })}
            </g>
        })
    }
}

/// A point's demo: rings on the enemy's points of the name the level asks for.
#[component]
fn DemoSpots() -> impl IntoView {
    let learn = expect_context::<Learn>();
    move || {
        let Some(Watching::Points(points)) = learn.watching.get() else {
            return Vec::new();
        };
        points
            .into_iter()
            .map(|p| {
                let c = point_xy(p, O);
                view! {
                    <g class="demo-spot" data-demo-point=p.to_string() transform=format!("translate({} {})", c.x, c.y)>
                        <circle class="demo-spot-fill" r="20"></circle>
                        <circle class="demo-spot-ring" r="20"></circle>
                    </g>
                }
            })
            .collect::<Vec<_>>()
    }
}

/// Over the board while the demo shows: "watch", and a way to skip it.
#[component]
fn DemoBanner() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    move || {
        let watching = learn.watching.get()?;
        let words = match watching {
            Watching::Moves => i18n::WATCH,
            Watching::Points(_) => i18n::WATCH_THEIRS,
        };
        Some(view! {
            <div class="demo-banner" data-testid="lesson-demo" data-kind=watching.kind()>
                <svg viewBox="-12 -8 24 16" class="eye" aria-hidden="true">
                    <path d="M-11,0 Q0,-10 11,0 Q0,10 -11,0 Z"></path>
                    <circle r="3.5"></circle>
                </svg>
                <span aria-hidden="true">{words.get(lang())}</span>
                <button class="demo-skip" data-testid="demo-skip" on:click=move |_| learn.end_watch()>
                    {i18n::WATCH_SKIP.get(lang())}
                </button>
            </div>
        })
    }
}

/// Stars won, shown before the next lesson starts by itself.
#[component]
fn SuccessPanel() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    move || {
        let Some(Flash::Success { stars }) = learn.flash.get() else {
            return None;
        };
        Some(view! {
            <div class="lesson-success" data-testid="lesson-success" data-stars=stars.to_string()>
                <div class="big-stars">{stars_view(stars)}</div>
                <p>{i18n::WELL_DONE.get(lang())}</p>
            </div>
        })
    }
}
