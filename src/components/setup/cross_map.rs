//! The cross as a map over the setup board while a seat of the cross board arranges.

use crate::i18n::siguo_text as t;
use crate::state::store::Store;
use junqi_core::seat::Seat;
use leptos::prelude::*;

/// Over the empty far half of the setup board while a seat of the cross board arranges: the
/// cross as a map, the seat's own area at the bottom (the half below, where it arranges), its
/// partner opposite (四国) or enemies all round (四方混战, 三国), each in its seat colour, and
/// an area no seat plays marked empty.
#[component]
pub fn CrossMap(seat: Seat) -> impl IntoView {
    let store = expect_context::<Store>();
    let table = store.siguo.config.with_untracked(|c| c.table());
    let seating = table.seating();
    let at = move |k: usize| seat.plus(k);
    let role = move |k: usize| {
        let s = at(k);
        if !seating.contains(s) {
            t::MAP_EMPTY
        } else if seating.partner(seat) == Some(s) {
            t::MAP_PARTNER
        } else {
            t::MAP_ENEMY
        }
    };
    // The far half of the 2-player drawing (src/ground/geometry.rs): 476 wide, the front
    // band starting at y = 338.
    const W: f32 = 100.0;
    const H: f32 = 64.0;
    const CX: f32 = 238.0;
    const TOP: f32 = 26.0;
    let cell = move |x: f32, y: f32, s: Option<Seat>, role: crate::i18n::T| {
        let class = match s {
            Some(s) => format!("map-cell seat-{}", s.index()),
            None => "map-cell map-centre".to_string(),
        };
        let name = s.map(|s| t::seat_name(s, store.lang()).to_string());
        view! {
            <g class=class data-seat=s.map(|s| s.index().to_string())>
                <rect x=x - W / 2.0 y=y width=W height=H rx="8"></rect>
                <text x=x y=y + 26.0 class="map-name">{name}</text>
                <text x=x y=y + 50.0 class="map-role">{move || role.get(store.lang())}</text>
            </g>
        }
    };
    let mid = TOP + H + 6.0;
    view! {
        <g class="cross-map" data-testid="cross-map" aria-hidden="true">
            <rect class="map-back" x="6" y="6" width="464" height="326" rx="12"></rect>
            {cell(CX, TOP, Some(at(2)), role(2))}
            {cell(CX - W - 6.0, mid, Some(at(3)), role(3))}
            {cell(CX, mid, None, t::MAP_CENTRE)}
            {cell(CX + W + 6.0, mid, Some(at(1)), role(1))}
            {cell(CX, mid + H + 6.0, Some(seat), t::MAP_YOU)}
            <text x=CX y="282" class="map-caption">
                {move || t::map_caption(seat, table, store.lang())[0].clone()}
            </text>
            <text x=CX y="310" class="map-caption">
                {move || t::map_caption(seat, table, store.lang())[1].clone()}
            </text>
        </g>
    }
}
