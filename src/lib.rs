//! Junqi (军棋) in the browser: the web app. The rules live in `junqi-core`; this crate only
//! draws them.

pub mod ai;
pub mod components;
pub mod ground;

use components::board::Board;
use leptos::prelude::*;

/// The whole page: a title and the board.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <div class="app">
            <header class="masthead">
                <h1>
                    <span class="title-zh" lang="zh-Hans">"军棋"</span>
                    <span class="title-en">"Junqi"</span>
                </h1>
            </header>
            <main class="stage">
                <Board/>
            </main>
        </div>
    }
}
