//! The board, drawn as one SVG from [`BoardLayout`]. It knows no rules: shapes come from the
//! layout, which comes from junqi-core's topology.

use crate::ground::geometry::{Orientation, CAMP_RADIUS, POST_HEIGHT, POST_WIDTH};
use crate::ground::layout::{
    headquarters_path, mountain_path, mountain_snow_path, BoardLayout, EdgeShape, PointShape,
};
use junqi_core::{Color, EdgeKind, PointKind};
use leptos::prelude::*;

/// The 2-player board (RULES.md §2) seen from `orientation`.
#[component]
pub fn Board(#[prop(optional)] orientation: Orientation) -> impl IntoView {
    let layout = BoardLayout::new(junqi_core::board(), orientation);
    let vb = layout.view_box;
    let (front_top, front_bottom) = layout.front;

    let edges = layout.edges.into_iter().map(edge_view).collect_view();
    let points = layout.points.into_iter().map(point_view).collect_view();
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

    view! {
        <svg
            class="board"
            viewBox=vb.attr()
            preserveAspectRatio="xMidYMid meet"
            role="img"
            aria-label="Junqi board: 60 points, railways and roads"
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
        </svg>
    }
}

fn edge_view(e: EdgeShape) -> AnyView {
    let (x1, y1, x2, y2) = (e.from.x, e.from.y, e.to.x, e.to.y);
    match e.kind {
        EdgeKind::Rail => view! {
            <g class="edge rail" data-edge=e.name data-kind="rail">
                <line class="rail-bed" x1=x1 y1=y1 x2=x2 y2=y2></line>
                <line class="rail-ties" x1=x1 y1=y1 x2=x2 y2=y2></line>
            </g>
        }
        .into_any(),
        EdgeKind::Road => view! {
            <line class="edge road" data-edge=e.name data-kind="road" x1=x1 y1=y1 x2=x2 y2=y2></line>
        }
        .into_any(),
    }
}

fn point_view(p: PointShape) -> AnyView {
    let half = match p.half {
        Color::Red => "red",
        Color::Black => "black",
    };
    let transform = format!("translate({} {})", p.center.x, p.center.y);
    match p.kind {
        PointKind::Post => {
            let class = if p.on_rail {
                format!("point post on-rail {half}")
            } else {
                format!("point post {half}")
            };
            view! {
                <g class=class data-point=p.name transform=transform>
                    <rect
                        x=-POST_WIDTH / 2.0
                        y=-POST_HEIGHT / 2.0
                        width=POST_WIDTH
                        height=POST_HEIGHT
                        rx="5"
                    ></rect>
                </g>
            }
            .into_any()
        }
        PointKind::Camp => view! {
            <g class=format!("point camp {half}") data-point=p.name transform=transform>
                <circle r=CAMP_RADIUS></circle>
                <circle class="camp-ring" r=CAMP_RADIUS - 5.0></circle>
            </g>
        }
        .into_any(),
        PointKind::Headquarters => view! {
            <g class=format!("point hq {half}") data-point=p.name transform=transform>
                <path d=headquarters_path(p.faces_up)></path>
                <text class="hq-label" y=if p.faces_up { 6 } else { 2 }>"大本营"</text>
            </g>
        }
        .into_any(),
    }
}
