//! The 4-player (四国) board: the cross of RULES-4P.md drawn as one SVG from
//! [`SiguoLayout`], with the pieces, the selected piece's destinations, the last move's path,
//! the seat to move and the seats that are out. It knows no rules: it is given all of that and
//! answers the gestures of the 2-player board's machine ([`Press`]): a tap on a point, a piece
//! dragged from one point to another.
//!
//! A board whose points would be closer than [`MIN_TARGET_PX`] on the screen (a phone) cannot
//! be tapped point by point: there a finger's tap inside one of the viewer's own pieces picks
//! it up (a finger drags only where it can tell the points apart), any other tap zooms the
//! board about the tapped place; taps then act, a finger that slides from anywhere but a piece
//! it may drag pans the zoomed board, and the
//! "whole board" button (or any change of the pieces, a move being made) zooms back out. A mouse
//! or a pen always acts at once.

mod gestures;
mod ground;
mod keys;
mod pieces;

use crate::components::boards::assist::{arrow_svg, preview_badge};
use crate::components::boards::fx::fx_view;
use crate::components::boards::piece::LabelLook;
use crate::components::play::label_look;
use crate::ground::drag::{Gesture, Press};
use crate::ground::geometry::{arrow_between, Xy};
use crate::ground::label::LabelStyle;
use crate::ground::siguo_geometry::{
    free_corner, point_xy, route_path, spacing_px, step_towards, view_box, world_xy, zoom_factor,
    zoom_transform, zoom_window, Corner, SiguoLayout, CROSS_POINTS, MIN_TARGET_PX, MIN_ZOOM,
    TILE_H, TILE_W,
};
use crate::i18n::{self, siguo_text, Lang};
use crate::state::store::Store;
use junqi_core::siguo::{Board, Point, PointSet};
use junqi_core::Seat;
use leptos::prelude::*;
use std::sync::Arc;

use crate::components::boards::keys::BoardKeys;
use crate::components::boards::pointer::BoardPointer;
use crate::components::boards::points::{edge_view, point_view, PointMarks};
use crate::components::boards::shell::BoardSvg;
use crate::ground::cross::CrossPlan;
use crate::ground::render::PieceModel;
use gestures::Touch;
use ground::{area_mark, badge_name};
use keys::Words;
use pieces::piece_view;
pub use pieces::tray_chip;

/// The zoom-out button's side in CSS pixels (style/game/11-cross-board.css `.sg-zoom-out`) with the gap
/// round it, for finding a corner where it covers no point.
const BUTTON_ROOM_PX: f32 = 58.0;

/// The 4-player board seen from `viewer` (its area at the bottom).
#[component]
pub fn SiguoBoard(
    /// The 4-player board ([`Board::shared`]).
    board: Arc<Board>,
    /// Whose area is drawn at the bottom.
    #[prop(into)]
    viewer: Signal<Seat>,
    /// The pieces as the viewer's eyes see them, each centred where it stands with `viewer` at
    /// the bottom.
    #[prop(into)]
    pieces: Signal<Vec<PieceModel<Point>>>,
    #[prop(into)] selected: Signal<Option<Point>>,
    /// Legal destinations of the selected piece (`data-dest`).
    #[prop(into)]
    dests: Signal<Vec<Point>>,
    /// The last move's path, rail runs included, start to end.
    #[prop(into)]
    path: Signal<Vec<Point>>,
    /// The computer's suggestion (a hint), from and to: drawn as an arrow.
    #[prop(into)]
    hint: Signal<Option<(Point, Point)>>,
    /// Seats that are out: their areas stay, marked.
    #[prop(into)]
    out: Signal<Vec<Seat>>,
    /// Areas no seat plays (W's at 三国): drawn closed and empty, with no badge.
    #[prop(into)]
    empty: Signal<Vec<Seat>>,
    /// The seat to move: its area's edge and badge are lit.
    #[prop(into)]
    to_move: Signal<Option<Seat>>,
    /// The partner of the seat at the bottom (四国): its badge says so.
    #[prop(optional, into)]
    partner: Option<Signal<Option<Seat>>>,
    /// A tap on a point (not the tap that zooms a small board in), a piece dropped on a point.
    #[prop(into)]
    on_gesture: Callback<Gesture<Point>>,
    /// Whether the piece on a point may be dragged (none when not given).
    #[prop(optional)]
    draggable: Option<Callback<Point, bool>>,
    /// The press in progress, for the screen to show a dragged piece's destinations.
    #[prop(optional)]
    press: Option<RwSignal<Option<Press<Point>>>>,
    /// The move being animated (its id and plan): the pieces it moves, removes or turns up are
    /// drawn by the effects layer until it ends.
    #[prop(optional, into)]
    anim: Option<Signal<Option<(u64, CrossPlan)>>>,
    /// 全明, a piece picked up: what attacking each enemy piece it can reach would do.
    #[prop(optional, into)]
    preview: Option<Signal<Vec<(Point, junqi_core::Clash)>>>,
    /// The zoom: its centre in world coordinates (RULES-4P.md §2.3, 0..=16), `None` for the
    /// whole board. Give one to zoom from outside (e.g. `board.world(p)`) or to follow it.
    #[prop(optional)]
    zoom: Option<RwSignal<Option<(f32, f32)>>>,
    /// The least distance between points, in CSS pixels, at which a finger taps them without
    /// zooming first ([`MIN_TARGET_PX`], 44, when not given).
    #[prop(optional)]
    min_target_px: Option<f32>,
    /// Played by keys too, as every board is ([`crate::components::boards::keys`]): a cursor
    /// moved by the arrows over the cross, Enter or Space for a tap, Escape to put the
    /// picked-up piece back, G for a guess mark, the reading keys; the point under the cursor is
    /// named in words for screen readers.
    #[prop(optional)]
    keyboard: bool,
    /// Receives the reading keys (L, P, T, X at the cursor, ? for the key list).
    #[prop(optional, into)]
    read: Option<Callback<crate::i18n::reading::Read<Point>>>,
) -> impl IntoView {
    let zoom = zoom.unwrap_or_else(|| RwSignal::new(None));
    let min_target = min_target_px.unwrap_or(MIN_TARGET_PX);
    let store = use_context::<Store>();
    let look: Signal<LabelLook> = match store {
        Some(s) => label_look(s).into(),
        None => Signal::stored(LabelLook {
            style: LabelStyle::Two,
            large: false,
            lang: Lang::Zh,
            ranks: false,
        }),
    };
    let lang = Signal::derive(move || store.map_or(Lang::Zh, |s| s.lang()));
    let vb = view_box();
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // The zoom factor, set when the board zooms in (from the board's size on the screen then).
    let factor = RwSignal::new(2.2f32);
    let press = press.unwrap_or_else(|| RwSignal::new(None));
    let anim = anim.unwrap_or_else(|| Signal::stored(None));
    let preview = preview.unwrap_or_else(|| Signal::stored(Vec::new()));
    let partner = partner.unwrap_or_else(|| Signal::stored(None));
    // The zoomed board follows a finger (no easing while it does).
    let panning = RwSignal::new(false);

    let touch = Touch {
        board: board.clone(),
        viewer,
        pieces,
        zoom,
        factor,
        svg: svg_ref,
        min_target,
        panning,
        on_gesture,
        draggable,
    };
    let rect = move || gestures::screen_rect(svg_ref);
    let window = move || {
        zoom.get()
            .map(|c| zoom_window(world_xy(c, viewer.get()), factor.get()))
    };

    // Zooming in: the factor that brings points to a tappable distance on this screen.
    Effect::new(move |was: Option<bool>| {
        let now = zoom.with(Option::is_some);
        if now && was != Some(true) {
            let f = rect()
                .and_then(|r| zoom_factor(spacing_px(r), min_target))
                .unwrap_or(MIN_ZOOM);
            factor.set(f);
        }
        now
    });
    // A move made (the pieces changed) or another seat's view: the whole board again.
    Effect::new(move |was: Option<(Vec<PieceModel<Point>>, Seat)>| {
        let now = (pieces.get(), viewer.get());
        if was.is_some_and(|w| w != now) {
            zoom.set(None);
        }
        now
    });

    let layout = {
        let board = board.clone();
        Memo::new(move |_| SiguoLayout::new(&board, viewer.get()))
    };
    let dest_set = Memo::new(move |_| dests.with(|d| d.iter().copied().collect::<PointSet>()));

    // ----- the pointer ----------------------------------------------------------------------
    let mut pointer = BoardPointer::new(
        press,
        on_gesture,
        {
            let t = touch.clone();
            Callback::new(move |(at, precise)| t.land(at, precise))
        },
        {
            let t = touch.clone();
            Callback::new(move |at| t.locate(at))
        },
    );
    pointer.tap = Some({
        let t = touch.clone();
        Callback::new(move |(at, precise)| t.tap(at, precise))
    });
    pointer.slide = Some({
        let t = touch.clone();
        Callback::new(move |d| t.slide(d))
    });
    // The cross marks guesses with a tap: no long press.
    pointer.long_press = false;
    Effect::new(move |_| {
        if press.with(Option::is_none) {
            panning.set(false);
        }
    });

    // ----- drawing -------------------------------------------------------------------------
    let ground = move || {
        let l = layout.get();
        let areas = l
            .areas
            .iter()
            .map(|a| {
                let seat = a.seat;
                let class = move || {
                    let mut c = format!("sg-area seat-{}", seat.index());
                    if to_move.get() == Some(seat) {
                        c.push_str(" to-move");
                    }
                    if out.with(|o| o.contains(&seat)) {
                        c.push_str(" out");
                    }
                    if empty.with(|e| e.contains(&seat)) {
                        c.push_str(" empty");
                    }
                    c
                };
                view! {
                    <rect
                        class=class
                        data-area=seat.index().to_string()
                        x=a.rect.x
                        y=a.rect.y
                        width=a.rect.w
                        height=a.rect.h
                        rx="10"
                    ></rect>
                }
            })
            .collect_view();
        let edges = l.edges.iter().map(edge_view).collect_view();
        let points = l
            .points
            .iter()
            .map(|p| {
                let at = p.point;
                let marks = PointMarks {
                    dest: Signal::derive(move || dest_set.with(|d| d.contains(at))),
                    mark: None,
                };
                point_view(p, CROSS_POINTS, marks, lang)
            })
            .collect_view();
        view! {
            <path class="sg-frame" d=l.outline.clone()></path>
            <g class="sg-areas">{areas}</g>
            <rect
                class="sg-centre"
                x=l.centre.x
                y=l.centre.y
                width=l.centre.w
                height=l.centre.h
                rx="8"
            ></rect>
            <g class="edges">{edges}</g>
            <g class="points">{points}</g>
        }
    };

    // Badges and "out" marks, in the empty corners and over the areas.
    let seats = move || {
        let l = layout.get();
        l.areas
            .iter()
            .map(|a| {
                let seat = a.seat;
                let i = seat.index().to_string();
                let is_partner = move || partner.get() == Some(seat);
                let badge_class = move || {
                    let mut c = format!("sg-badge seat-{}", seat.index());
                    if to_move.get() == Some(seat) {
                        c.push_str(" to-move");
                    }
                    if out.with(|o| o.contains(&seat)) {
                        c.push_str(" out");
                    }
                    if is_partner() {
                        c.push_str(" partner");
                    }
                    c
                };
                let rect = a.rect;
                let is_empty = move || empty.with(|e| e.contains(&seat));
                let empty_mark = move || is_empty().then(|| area_mark(rect, seat, true, lang));
                let out_mark = move || {
                    out.with(|o| o.contains(&seat))
                        .then(|| area_mark(rect, seat, false, lang))
                };
                let badge = a.badge;
                let badge = move || {
                    (!is_empty()).then(|| {
                        view! {
                            <g
                                class=badge_class
                                data-testid="seat-badge"
                                data-seat=i.clone()
                                data-to-move=move || (to_move.get() == Some(seat)).then_some("")
                                transform=format!("translate({} {})", badge.x, badge.y)
                            >
                                <circle class="sg-badge-ring" r="46"></circle>
                                <circle class="sg-badge-disc" r="34"></circle>
                                <text>{move || badge_name(seat, lang.get())}</text>
                                {move || is_partner().then(|| view! {
                                    <text class="sg-badge-tag" y="68" data-testid="partner-tag">
                                        {move || siguo_text::PARTNER.get(lang.get())}
                                    </text>
                                })}
                            </g>
                        }
                    })
                };
                view! {
                    {empty_mark}
                    {out_mark}
                    {badge}
                }
            })
            .collect_view()
    };

    // The last move: a line along its path, a ring where it started, a glow where it ended.
    let route = {
        let board = board.clone();
        move || {
            let pts = path.get();
            if pts.len() < 2 {
                return None;
            }
            let seat = viewer.get();
            let d = route_path(&board, &pts, seat);
            let from = point_xy(&board, pts[0], seat);
            let to = point_xy(&board, pts[pts.len() - 1], seat);
            let names = pts
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            Some(view! {
                <g class="sg-route" data-testid="siguo-path" data-path=names>
                    <rect
                        class="sg-route-end"
                        x=to.x - TILE_W / 2.0 - 6.0
                        y=to.y - TILE_H / 2.0 - 6.0
                        width=TILE_W + 12.0
                        height=TILE_H + 12.0
                        rx="10"
                    ></rect>
                    <path class="sg-route-casing" d=d.clone()></path>
                    <path class="sg-route-line" d=d></path>
                    <circle class="sg-route-start" cx=from.x cy=from.y r="15"></circle>
                </g>
            })
        }
    };

    // The hint: an arrow from the piece to its destination, between the tiles' edges (the
    // 2-player board's arrow and style, `hint-arrow`).
    let hint_arrow = {
        let board = board.clone();
        move || {
            let (from, to) = hint.get()?;
            let seat = viewer.get();
            let arrow = arrow_between(
                point_xy(&board, from, seat),
                point_xy(&board, to, seat),
                TILE_W / 2.0,
                TILE_H / 2.0,
            );
            Some(arrow_svg(
                arrow,
                from.to_string(),
                to.to_string(),
                "siguo-hint-arrow",
            ))
        }
    };

    // The pieces, keyed so that an unchanged piece keeps its element. Each stands where the
    // scene placed it for the seat drawn at the bottom; a dragged one under the pointer.
    let drawn = move || {
        let look = look.get();
        let sel = selected.get();
        let drag = press.with(|p| p.as_ref().and_then(Press::dragged));
        let hidden = anim.with(|a| a.as_ref().map(|(_, plan)| plan.hidden));
        let mut drawn = pieces.with(|ps| {
            ps.iter()
                .filter(|p| !hidden.is_some_and(|h| h.contains(p.at)))
                .map(|p| {
                    let dragged = drag.filter(|(from, _)| *from == p.at);
                    let pm = PieceModel {
                        center: dragged.map_or(p.center, |d| d.1),
                        selected: sel == Some(p.at),
                        dragging: dragged.is_some(),
                        ..p.clone()
                    };
                    (pm, look)
                })
                .collect::<Vec<_>>()
        });
        // The dragged piece over every other.
        drawn.sort_by_key(|(d, _)| d.dragging);
        drawn
    };

    // Destination marks over the pieces: a dot on an empty point, a ring round a piece.
    let marks = {
        let board = board.clone();
        move || {
            let seat = viewer.get();
            let occupied: PointSet = pieces.with(|ps| ps.iter().map(|p| p.at).collect());
            dest_set
                .get()
                .iter()
                .map(|p| {
                    let c = point_xy(&board, p, seat);
                    if occupied.contains(p) {
                        view! {
                            <rect
                                class="sg-dest-ring"
                                x=c.x - TILE_W / 2.0 - 5.0
                                y=c.y - TILE_H / 2.0 - 5.0
                                width=TILE_W + 10.0
                                height=TILE_H + 10.0
                                rx="9"
                            ></rect>
                        }
                        .into_any()
                    } else {
                        view! { <circle class="sg-dest-dot" cx=c.x cy=c.y r="11"></circle> }
                            .into_any()
                    }
                })
                .collect_view()
        }
    };

    // The attack preview's badges, at each target's top right corner.
    let previews = {
        let board = board.clone();
        move || {
            let seat = viewer.get();
            let l = lang.get();
            preview
                .get()
                .into_iter()
                .map(|(p, c)| {
                    let c_xy = point_xy(&board, p, seat);
                    let at = Xy {
                        x: c_xy.x + TILE_W / 2.0 - 6.0,
                        y: c_xy.y - TILE_H / 2.0 + 4.0,
                    };
                    preview_badge(p.to_string(), c, at, l)
                })
                .collect_view()
        }
    };

    let transform = move || match window() {
        Some(w) => zoom_transform(w),
        None => "translate(0px, 0px) scale(1)".to_string(),
    };
    let corner = {
        let board = board.clone();
        Signal::derive(move || {
            let w = window()?;
            let r = rect()?;
            let per_px = vb.width / (r.width.min(r.height) as f32);
            let side = BUTTON_ROOM_PX * per_px;
            Some(free_corner(&board, viewer.get(), w, (side, side)))
        })
    };
    let root_class = move || {
        let mut c = String::from("siguo-board");
        if panning.get() {
            c.push_str(" dragging");
        }
        c
    };

    // ----- keys -------------------------------------------------------------------------
    let keys = BoardKeys {
        keyboard,
        cursor: RwSignal::new(None),
        // The middle of the viewer's front row.
        home: Signal::derive(move || Point::in_area(viewer.get(), 2, 0)),
        step: {
            let board = board.clone();
            Callback::new(move |(p, dir)| step_towards(&board, p, dir, viewer.get_untracked()))
        },
        on_gesture,
        read,
    };
    let cursor = keys.cursor;
    let words = Words {
        board: board.clone(),
        viewer,
        pieces,
        selected,
        cursor,
        lang,
        layout,
        dests: dest_set,
    };
    let cursor_mark = move || words.cursor_mark();
    let label = Signal::derive(move || {
        let board = i18n::SIGUO_BOARD_LABEL.get(lang.get());
        if keyboard {
            format!("{board} {}", i18n::board_words::BOARD_KEYS.get(lang.get()))
        } else {
            board.to_string()
        }
    });
    let active = Signal::derive(move || cursor.get().map(|p| format!("sg-pt-{p}")));

    view! {
        <div
            class=root_class
            data-testid="siguo-board"
            data-viewer=move || viewer.get().index().to_string()
            data-to-move=move || to_move.get().map(|s| s.index().to_string())
            data-zoomed=move || zoom.with(Option::is_some).then_some("true")
        >
            <BoardSvg
                svg=svg_ref
                view_box=vb
                keys=keys
                pointer=pointer
                label=label
                active=active
                class="sg-svg"
            >
                <defs>
                    <radialGradient id="sg-wood" cx="50%" cy="50%" r="70%">
                        <stop offset="0%" stop-color="#efdcb0"></stop>
                        <stop offset="100%" stop-color="#d9bc84"></stop>
                    </radialGradient>
                    <pattern
                        id="sg-hatch"
                        width="16"
                        height="16"
                        patternUnits="userSpaceOnUse"
                        patternTransform="rotate(45)"
                    >
                        <rect width="16" height="16" fill="rgba(60, 56, 50, 0.42)"></rect>
                        <line x1="0" y1="0" x2="0" y2="16" stroke="rgba(30, 28, 26, 0.35)" stroke-width="6"></line>
                    </pattern>
                </defs>
                <g class="sg-zoom" style:transform=transform>
                    {ground}
                    {seats}
                    {route}
                    <g class="pieces">
                        <For
                            each=drawn
                            key=|(pm, look)| (pm.key(), *look)
                            children=|(pm, look)| piece_view(pm, look)
                        />
                    </g>
                    <g class="fx" pointer-events="none">
                        {move || anim.get().map(|(id, plan)| fx_view(id, plan, look.get()))}
                    </g>
                    <g class="dest-marks">{marks}</g>
                    <g class="previews">{previews}</g>
                    {hint_arrow}
                    {cursor_mark}
                </g>
            </BoardSvg>
            <Show when=move || zoom.with(Option::is_some)>
                <button
                    class=move || {
                        format!(
                            "sg-zoom-out {}",
                            corner.get().unwrap_or(Corner::TopRight).class(),
                        )
                    }
                    data-testid="siguo-zoom-out"
                    aria-label=move || i18n::SIGUO_WHOLE_BOARD_HINT.get(lang.get())
                    on:click=move |_| zoom.set(None)
                >
                    <svg class="sg-zoom-out-icon" viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M9 3H3v6M15 3h6v6M9 21H3v-6M15 21h6v-6"></path>
                    </svg>
                    <span>{move || i18n::SIGUO_WHOLE_BOARD.get(lang.get())}</span>
                </button>
            </Show>
        </div>
    }
}
