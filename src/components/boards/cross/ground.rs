//! The cross board's own ground: the marks over a whole area (out, empty) and the seats'
//! badges (its rails, roads and points are every board's: `boards/points.rs`).

use crate::ground::siguo_geometry::Rect;
use crate::i18n::{self, siguo_text, Lang};
use junqi_core::Seat;
use leptos::prelude::*;

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
