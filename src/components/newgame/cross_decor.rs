//! The empty cross beside the new-game choices of the cross board.

use crate::components::boards::cross::SiguoBoard;
use crate::state::store::Store;
use junqi_core::seat::Seat;
use junqi_core::siguo::Board;
use leptos::prelude::*;

/// The empty cross with its seats, beside the new-game choices of the cross board: the board
/// the game is played on, South (the first person's seat) at the bottom, the area no seat
/// plays (W's at 三国) closed.
#[component]
pub fn CrossDecor() -> impl IntoView {
    let store = expect_context::<Store>();
    let none = Signal::stored(None);
    let empty = Signal::derive(move || store.siguo.config.with(|c| c.empty_areas()));
    view! {
        <SiguoBoard
            board=Board::shared()
            viewer=Signal::stored(Seat::S)
            pieces=Signal::stored(Vec::new())
            selected=none
            dests=Signal::stored(Vec::new())
            path=Signal::stored(Vec::new())
            hint=Signal::stored(None)
            out=Signal::stored(Vec::new())
            empty=empty
            to_move=Signal::stored(None)
            on_gesture=Callback::new(|_| {})
        />
    }
}
