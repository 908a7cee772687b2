//! 旁观's controls, the same on both boards: pause or go on, one move at a time, the pace,
//! and — given by the board — whose eyes the game is seen through.

use crate::i18n::{self, watch_text as t};
use crate::state::controller::Eyes;
use crate::state::store::Store;
use crate::state::watch::{Pace, WatchControls};
use leptos::prelude::*;

/// A pace's name.
fn pace_text(p: Pace) -> crate::i18n::T {
    match p {
        Pace::Slow => t::PACE_SLOW,
        Pace::Normal => t::PACE_NORMAL,
        Pace::Fast => t::PACE_FAST,
    }
}

/// The watcher's bar: `prefix` starts its test ids (`{prefix}watch`, `{prefix}pause`,
/// `{prefix}step`, `{prefix}pace-fast` …); `may_step` says when one move may be asked for and
/// `step` asks for it; `children` choose the eyes.
#[component]
pub fn WatchBar(
    controls: WatchControls,
    prefix: &'static str,
    #[prop(into)] may_step: Signal<bool>,
    step: Callback<()>,
    children: Children,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let paused = move || controls.paused.get();
    let pace_button = move |p: Pace| {
        view! {
            <button class="choice" data-testid=format!("{prefix}pace-{}", p.code())
                aria-pressed=move || (controls.pace.get() == p).to_string()
                on:click=move |_| controls.pace.set(p)>
                {move || pace_text(p).get(lang())}
            </button>
        }
    };
    view! {
        <div class="watch-bar" data-testid=format!("{prefix}watch") data-paused=move || paused().then_some("")>
            <p class="panel-heading">{move || t::WATCHING.get(lang())}</p>
            <div class="watch-actions">
                <button data-testid=format!("{prefix}pause") aria-pressed=move || paused().to_string()
                    on:click=move |_| controls.toggle_pause()>
                    {move || if paused() { t::RESUME.get(lang()) } else { t::PAUSE.get(lang()) }}
                </button>
                <button data-testid=format!("{prefix}step")
                    disabled=move || !may_step.get()
                    on:click=move |_| step.run(())>
                    {move || t::STEP.get(lang())}
                </button>
            </div>
            <div class="choices pace">
                <span>{move || t::PACE.get(lang())}</span>
                {Pace::ALL.map(pace_button).into_iter().collect_view()}
            </div>
            {children()}
        </div>
    }
}

/// Whose eyes the 2-player board shows a game through that nobody at the device plays (a
/// replay, a watched game): Red's, Black's, or — in 暗棋, `dark` — every piece open. The
/// buttons' test ids are `{prefix}-red`, `{prefix}-black`, `{prefix}-open`.
#[component]
pub fn Sides(
    prefix: &'static str,
    #[prop(into)] current: Signal<Eyes>,
    #[prop(into)] dark: Signal<bool>,
    choose: Callback<Eyes>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let side = move |e: Eyes, code: &'static str, label: crate::i18n::T| {
        view! {
            <button
                class="choice"
                data-testid=format!("{prefix}-{code}")
                aria-pressed=move || (current.get() == e).to_string()
                on:click=move |_| choose.run(e)
            >
                {move || label.get(lang())}
            </button>
        }
    };
    view! {
        <div class="replay-sides" role="group" aria-labelledby=format!("{prefix}-label")>
            <span class="replay-sides-label" id=format!("{prefix}-label")>{move || i18n::REPLAY_SIDE.get(lang())}</span>
            {side(Eyes::Red, "red", i18n::REPLAY_SIDE_RED)}
            {side(Eyes::Black, "black", i18n::REPLAY_SIDE_BLACK)}
            <Show when=move || dark.get()>{side(Eyes::Open, "open", i18n::REPLAY_SIDE_OPEN)}</Show>
        </div>
    }
}
