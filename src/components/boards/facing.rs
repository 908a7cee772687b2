//! The board, drawn as one SVG from [`BoardLayout`], and the gestures on it. It knows no
//! rules: shapes come from the layout (junqi-core's topology), marks and layers come from the
//! screen using it, and gestures go back to that screen as [`Gesture`]s.

use crate::components::boards::keys::{cursor_ring, BoardKeys};
use crate::components::boards::pointer::{BoardPointer, Landing, Spot};
use crate::components::boards::points::{edge_view, point_view, PointMarks};
use crate::components::boards::shell::BoardSvg;
use crate::ground::drag::{Gesture, Press};
use crate::ground::geometry::{client_to_board, point_at, step_on_screen, Orientation};
use crate::ground::layout::{
    mountain_path, mountain_snow_path, BoardLayout, PointShape, FACING_POINTS,
};
use junqi_core::{Bitboard, Point};
use leptos::prelude::*;

/// Marks on the board's points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Legal destinations of the selected piece: `data-dest`.
    pub dests: Bitboard,
    /// The last action's start and end.
    pub last: Bitboard,
    /// Setup: points breaking a rule.
    pub bad: Bitboard,
    /// The point a dragged piece would drop on.
    pub target: Option<Point>,
}

/// The 2-player board (RULES.md §2) seen from `orientation`, with `children` drawn above the
/// points (pieces, marks, effects).
#[component]
pub fn Board(
    #[prop(optional)] orientation: Orientation,
    /// Marks on the points.
    #[prop(optional, into)]
    marks: Option<Signal<Marks>>,
    /// Receives taps, drops and long presses.
    #[prop(optional, into)]
    on_gesture: Option<Callback<Gesture>>,
    /// Whether the piece on a point may be dragged.
    #[prop(optional, into)]
    draggable: Option<Callback<Point, bool>>,
    /// The press in progress, for layers that draw a dragged piece.
    #[prop(optional)]
    press: Option<RwSignal<Option<Press>>>,
    /// What stands on a point in words, as the viewer may know it
    /// ([`crate::i18n::board_words::occupant`]). Given, the board is played by keys too: a
    /// cursor moved by the arrows, Enter or Space for a tap, Escape to put back, G for a long
    /// press; and a screen reader hears the point under the cursor.
    #[prop(optional, into)]
    speak: Option<Callback<Point, String>>,
    /// Receives the reading keys (L, P, T, X at the cursor, ? for the key list).
    #[prop(optional, into)]
    read: Option<Callback<crate::i18n::reading::Read>>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let layout = BoardLayout::new(junqi_core::Topology::standard(), orientation);
    // The points' shapes, for the keyboard's cursor and its words.
    let shapes = StoredValue::new(layout.points.clone());
    let vb = layout.view_box;
    let (front_top, front_bottom) = layout.front;
    let marks = marks.unwrap_or_else(|| Signal::stored(Marks::default()));
    let press = press.unwrap_or_else(|| RwSignal::new(None));

    // The board's words follow the interface language where a store is around (every screen
    // but stand-alone tests).
    let store = use_context::<crate::state::store::Store>();
    let lang = Signal::derive(move || store.map_or(crate::i18n::Lang::Zh, |s| s.lang()));
    let edges = layout.edges.iter().map(edge_view).collect_view();
    let points = layout
        .points
        .iter()
        .map(|p| point_view(p, FACING_POINTS, point_marks(p.point, marks), lang))
        .collect_view();
    let mountains = layout
        .mountains
        .into_iter()
        .map(|m| {
            view! {
                <g class="mountain" transform=format!("translate({} {})", m.x, m.y)>
                    <path class="mountain-body" d=mountain_path()></path>
                    <path class="mountain-snow" d=mountain_snow_path()></path>
                </g>
            }
        })
        .collect_view();
    let files = layout
        .files
        .into_iter()
        .map(|l| view! { <text class="coord file" x=l.at.x y=l.at.y>{l.text}</text> })
        .collect_view();
    let ranks = layout
        .ranks
        .into_iter()
        .map(|l| view! { <text class="coord rank" x=l.at.x y=l.at.y>{l.text}</text> })
        .collect_view();

    // ----- the pointer ------------------------------------------------------------------
    let svg = NodeRef::<leptos::svg::Svg>::new();
    // A screen position → the board position and the point under it.
    let locate = Callback::new(move |(x, y): (f64, f64)| {
        let el: web_sys::Element = svg.get_untracked()?.into();
        let xy = client_to_board(x, y, super::screen_rect(&el));
        Some(Spot {
            xy,
            point: point_at(xy, orientation),
        })
    });
    let emit = move |g: Gesture| {
        if let Some(cb) = on_gesture {
            cb.run(g);
        }
    };
    // A press starts only on a point.
    let land = Callback::new(move |(at, _precise): ((f64, f64), bool)| {
        let spot = locate.run(at)?;
        let p = spot.point?;
        Some(Landing {
            spot,
            draggable: draggable.is_some_and(|d| d.run(p)),
        })
    });
    let pointer = BoardPointer::new(press, Callback::new(emit), land, locate);

    // ----- keys -------------------------------------------------------------------------
    let lang = move || lang.get();
    let keyed = speak.is_some();
    let keys = BoardKeys {
        keyboard: keyed,
        cursor: RwSignal::new(None::<Point>),
        // Where the cursor starts: c4 of the viewer's own half (its middle, beside the centre
        // camp).
        home: Signal::stored(match orientation {
            Orientation::RedBottom => Point::at(2, 4),
            Orientation::BlackBottom => Point::at(2, 9),
        }),
        step: Callback::new(move |(p, dir)| step_on_screen(p, dir, orientation)),
        on_gesture: pointer.on_gesture,
        read,
    };
    let cursor = keys.cursor;
    let shape = move |p: Point| shapes.with_value(|v| v.iter().find(|s| s.point == p).cloned());
    let words = move |shape: &PointShape<Point>| -> Option<String> {
        let speak = speak?;
        let l = lang();
        let dest = marks.with(|m| m.dests.contains(shape.point));
        Some(crate::i18n::board_words::point(
            &shape.name,
            crate::i18n::board_words::kind(shape.kind, shape.on_rail, l),
            &speak.run(shape.point),
            dest,
            l,
        ))
    };
    let active = Signal::derive(move || cursor.get().map(|p| format!("pt-{p}")));
    let label = Signal::derive(move || {
        if keyed {
            crate::i18n::board_words::BOARD_KEYS.get(lang()).to_string()
        } else {
            "Junqi board: 60 points, railways and roads".to_string()
        }
    });
    let cursor_mark = move || {
        let p = cursor.get()?;
        let sh = shape(p)?;
        let said = words(&sh).unwrap_or_default();
        Some(cursor_ring(
            format!("pt-{p}"),
            p.to_string(),
            sh.center,
            (80.0, 48.0, 10.0),
            said,
        ))
    };

    view! {
        <BoardSvg
            svg=svg
            view_box=vb
            keys=keys
            pointer=pointer
            label=label
            active=active
            class="board"
            testid=keyed.then_some("board")
            orientation=Some(match orientation {
                Orientation::RedBottom => "red",
                Orientation::BlackBottom => "black",
            })
        >
            <defs>
                <radialGradient id="board-wood" cx="50%" cy="45%" r="75%">
                    <stop offset="0%" stop-color="#efdcb0"></stop>
                    <stop offset="100%" stop-color="#dcc08a"></stop>
                </radialGradient>
            </defs>
            <rect class="board-frame" x="2" y="2" width=vb.width - 4.0 height=vb.height - 4.0 rx="14"></rect>
            <rect
                class="front"
                x="6"
                y=front_top
                width=vb.width - 12.0
                height=front_bottom - front_top
            ></rect>
            <g class="edges">{edges}</g>
            <g class="mountains">{mountains}</g>
            <g class="points">{points}</g>
            <g class="coords">{files}{ranks}</g>
            {children.map(|c| c())}
            {cursor_mark}
        </BoardSvg>
    }
}

/// A point's marks: the destinations of the piece picked up, the last action, a rule broken,
/// the drop target.
fn point_marks(at: Point, marks: Signal<Marks>) -> PointMarks {
    PointMarks {
        dest: Signal::derive(move || marks.with(|m| m.dests.contains(at))),
        mark: Some(Signal::derive(move || {
            marks.with(|m| {
                let mut c = String::new();
                if m.last.contains(at) {
                    c.push_str("last ");
                }
                if m.bad.contains(at) {
                    c.push_str("bad ");
                }
                if m.target == Some(at) {
                    c.push_str("target");
                }
                c
            })
        })),
    }
}
