//! The ground every board draws beneath its pieces, whatever its layout: roads and railways,
//! and posts, camps and headquarters, from the layout's shapes ([`crate::ground::shape`]).

use crate::ground::shape::{EdgeShape, PointLook, PointShape};
use crate::i18n::{self, Lang};
use junqi_core::{EdgeKind, PointKind};
use leptos::prelude::*;

/// A road or a railway.
pub fn edge_view(e: &EdgeShape) -> AnyView {
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
            <path class="edge road" data-edge=e.name.clone() data-kind="road" data-arc=arc d=e.d.clone()></path>
        }
        .into_any(),
    }
}

/// What a point shows besides itself: whether the piece picked up may go there (`data-dest`),
/// and the board's marks on it (`data-mark`: the last move, a rule broken, a lesson's target),
/// where the board has them.
pub struct PointMarks {
    pub dest: Signal<bool>,
    pub mark: Option<Signal<String>>,
}

/// A point, drawn in `look`; a headquarters carries its name in `lang`, top to bottom where
/// it stands across the drawing.
pub fn point_view<P>(
    p: &PointShape<P>,
    look: PointLook,
    marks: PointMarks,
    lang: Signal<Lang>,
) -> AnyView {
    let PointMarks { dest, mark } = marks;
    let dest = move || dest.get().then_some("");
    let mark = move || mark.map(|m| m.get());
    let kind = match p.kind {
        PointKind::Post if p.on_rail => "post on-rail",
        PointKind::Post => "post",
        PointKind::Camp => "camp",
        PointKind::Headquarters => "hq",
    };
    let class = format!("{} {kind} {}", look.class, p.area);
    let transform = format!("translate({} {})", p.center.x, p.center.y);
    let inner = match p.kind {
        PointKind::Post => view! {
            <rect
                x=-look.post_w / 2.0
                y=-look.post_h / 2.0
                width=look.post_w
                height=look.post_h
                rx="5"
            ></rect>
        }
        .into_any(),
        PointKind::Camp => view! {
            <circle r=look.camp_r></circle>
            <circle class="camp-ring" r=look.camp_r - 5.0></circle>
        }
        .into_any(),
        PointKind::Headquarters => {
            let upright = p.upright();
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
            let turn = (p.rotate != 0.0).then(|| format!("rotate({})", p.rotate));
            view! {
                <path d=look.hq_path() transform=turn></path>
                <text class="hq-label" y=look.hq_label_y(p)>{label}</text>
            }
            .into_any()
        }
    };
    view! {
        <g class=class data-point=p.name.clone() transform=transform data-dest=dest data-mark=mark>
            {inner}
        </g>
    }
    .into_any()
}
