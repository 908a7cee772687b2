//! Placeholder for the 四国 cross board (replaced by the full component).

use junqi_core::seat::Seat;
use junqi_core::siguo::{Board, Point};
use junqi_core::Role;
use leptos::prelude::*;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub struct SiguoPiece {
    pub at: Point,
    pub seat: Seat,
    pub role: Option<Role>,
    /// The viewer's guess at a face-down piece.
    pub guess: Option<Role>,
}

#[component]
pub fn SiguoBoard(
    board: Arc<Board>,
    #[prop(into)] viewer: Signal<Seat>,
    #[prop(into)] pieces: Signal<Vec<SiguoPiece>>,
    #[prop(into)] selected: Signal<Option<Point>>,
    #[prop(into)] dests: Signal<Vec<Point>>,
    #[prop(into)] path: Signal<Vec<Point>>,
    #[prop(into)] out: Signal<Vec<Seat>>,
    #[prop(into)] to_move: Signal<Option<Seat>>,
    #[prop(into)] on_tap: Callback<Point>,
) -> impl IntoView {
    let _ = (viewer, selected, path, to_move);
    let points: Vec<(Point, (u8, u8))> = board.points().map(|p| (p, board.world(p))).collect();
    let dots = points
        .into_iter()
        .map(|(p, (x, y))| {
            let dest = move || dests.with(|d| d.contains(&p)).then_some("");
            view! {
                <circle cx=x as f32 * 10.0 + 5.0 cy=y as f32 * 10.0 + 5.0 r="4" data-point=p.to_string() data-dest=dest
                    on:click=move |_| on_tap.run(p)/>
            }
        })
        .collect_view();
    let stones = move || {
        pieces
            .get()
            .into_iter()
            .map(|pc| {
                let (x, y) = board.world(pc.at);
                let role = pc.role.map(|r| r.upper_char().to_string());
                let face = pc.role.is_none().then_some("down");
                let guess = pc.guess.map(|r| r.upper_char().to_string());
                let at = pc.at;
                view! {
                    <g data-at=at.to_string() data-seat=pc.seat.index().to_string() data-role=role data-face=face data-guess=guess
                        on:click=move |_| on_tap.run(at)>
                        <rect x=x as f32 * 10.0 + 1.0 y=y as f32 * 10.0 + 2.0 width="8" height="6"/>
                    </g>
                }
            })
            .collect_view()
    };
    let outs = move || {
        out.get()
            .into_iter()
            .map(|s| view! { <g data-testid="seat-out" data-seat=s.index().to_string()></g> })
            .collect_view()
    };
    view! {
        <svg class="siguo-board" viewBox="0 0 170 170">{dots} {stones} {outs}</svg>
    }
}
