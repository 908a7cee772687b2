//! The cross board's ground: its rails, roads and points, the marks over a whole area (out,
//! empty) and the seats' badges.

use crate::ground::siguo_geometry::{headquarters_path, Rect, CAMP_R, POST_H, POST_W};
use crate::i18n::{self, siguo_text, Lang};
use junqi_core::siguo::PointSet;
use junqi_core::{EdgeKind, PointKind, Seat};
use leptos::prelude::*;

pub(super) fn edge_view(e: &crate::ground::siguo_geometry::EdgeShape) -> AnyView {
    let arc = e.arc.then_some("");
    match e.kind {
        EdgeKind::Rail => view! {
            <g class="edge rail" data-edge=e.name.clone() data-kind="rail" data-arc=arc>
                <path class="rail-bed" d=e.d.clone()></path>
                <path class="rail-ties" d=e.d.clone()></path>
            </g>
        }
        .into_any(),
        EdgeKind::Road => view! {
            <path class="edge road" data-edge=e.name.clone() data-kind="road" d=e.d.clone()></path>
        }
        .into_any(),
    }
}

pub(super) fn point_view(
    p: &crate::ground::siguo_geometry::PointShape,
    dests: Memo<PointSet>,
    lang: Signal<Lang>,
) -> AnyView {
    let at = p.point;
    let dest = move || dests.with(|d| d.contains(at)).then_some("");
    let area = p
        .area
        .map_or_else(|| "centre".to_string(), |s| format!("seat-{}", s.index()));
    let transform = format!("translate({} {})", p.center.x, p.center.y);
    match p.kind {
        PointKind::Post => {
            let class = if p.on_rail {
                format!("sg-point post on-rail {area}")
            } else {
                format!("sg-point post {area}")
            };
            view! {
                <g class=class data-point=p.name.clone() transform=transform data-dest=dest>
                    <rect
                        x=-POST_W / 2.0
                        y=-POST_H / 2.0
                        width=POST_W
                        height=POST_H
                        rx="5"
                    ></rect>
                </g>
            }
            .into_any()
        }
        PointKind::Camp => view! {
            <g
                class=format!("sg-point camp {area}")
                data-point=p.name.clone()
                transform=transform
                data-dest=dest
            >
                <circle r=CAMP_R></circle>
                <circle class="camp-ring" r=CAMP_R - 5.0></circle>
            </g>
        }
        .into_any(),
        PointKind::Headquarters => {
            // Across a side area the box stands upright: its name goes top to bottom there.
            let upright = p.rotate % 180.0 != 0.0;
            let label = move || {
                let t = i18n::HQ_LABEL.get(lang.get());
                let n = t.chars().count();
                if upright && n > 2 {
                    t.chars()
                        .enumerate()
                        .map(|(i, c)| {
                            let y = (i as f32 - (n as f32 - 1.0) / 2.0) * 13.0;
                            view! { <tspan x="0" y=y>{c.to_string()}</tspan> }
                        })
                        .collect_view()
                        .into_any()
                } else {
                    t.into_any()
                }
            };
            view! {
                <g
                    class=format!("sg-point hq {area}")
                    data-point=p.name.clone()
                    transform=transform
                    data-dest=dest
                >
                    <path d=headquarters_path() transform=format!("rotate({})", p.rotate)></path>
                    <text class="hq-label">{label}</text>
                </g>
            }
            .into_any()
        }
    }
}

/// A mark over a whole area: "Empty" on the area of a seat not at the table (`empty`), else
/// "Out" on the area of a seat that has left the game.
pub(super) fn area_mark(rect: Rect, seat: Seat, empty: bool, lang: Signal<Lang>) -> impl IntoView {
    let (class, testid, text) = if empty {
        ("sg-out sg-empty", "area-empty", i18n::SIGUO_AREA_EMPTY)
    } else {
        ("sg-out", "seat-out", i18n::SIGUO_SEAT_OUT)
    };
    let centre = rect.centre();
    view! {
        <g class=class data-testid=testid data-seat=seat.index().to_string()>
            <rect x=rect.x y=rect.y width=rect.w height=rect.h rx="10"></rect>
            <text x=centre.x y=centre.y>
                {move || text.get(lang.get())}
            </text>
        </g>
    }
}

/// A seat's name on its badge: 南 东 北 西, or S E N W.
pub(super) fn badge_name(seat: Seat, lang: Lang) -> String {
    let name = siguo_text::seat_name(seat, lang);
    match lang {
        Lang::Zh => name.to_string(),
        Lang::En => name.chars().take(1).collect(),
    }
}
