//! The replay's controls, the same for either board: a slider, first / back / play / forward /
//! last, the autoplay speed, and the keys ← → one ply, ↑ or Home the start, ↓ or End the end.
//! The screen that uses them owns the ply; the controls only ask it to `go` to another one.

use crate::i18n;
use crate::state::replay::SPEEDS;
use crate::state::store::Store;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use std::time::Duration;

#[component]
pub fn ReplayControls(
    /// The ply shown (0: the start).
    #[prop(into)]
    ply: Signal<usize>,
    /// The plies in the game.
    #[prop(into)]
    len: Signal<usize>,
    /// Shows another ply (clamped by the screen to `0..=len`).
    go: Callback<usize>,
    /// The prefix of the controls' `data-testid`s ("replay", "siguo-replay").
    testid: &'static str,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let playing = RwSignal::new(false);
    // Each start of autoplay gets its own number: a pause and a new start leave the old timer
    // nothing to do.
    let run = StoredValue::new(0u64);
    let step = move |forward: bool| {
        let p = ply.get_untracked();
        go.run(if forward { p + 1 } else { p.saturating_sub(1) });
    };
    let end = move |last: bool| {
        playing.set(false);
        go.run(if last { len.get_untracked() } else { 0 });
    };
    let toggle = move || {
        if playing.get_untracked() {
            playing.set(false);
            return;
        }
        if ply.get_untracked() >= len.get_untracked() {
            go.run(0);
        }
        playing.set(true);
        let id = run.get_value() + 1;
        run.set_value(id);
        tick(store, id, run, playing, ply, len, go);
    };
    // Another game in the same screen (a shared link opened over it) stops the autoplay.
    Effect::new(move |prev: Option<usize>| {
        let n = len.get();
        if prev.is_some_and(|p| p != n) {
            playing.set(false);
        }
        n
    });
    keyboard(step, end);

    let nav = move |id: &'static str, glyph: &'static str, label: i18n::T, f: Callback<()>| {
        view! {
            <button
                class="replay-button"
                data-testid=format!("{testid}-{id}")
                aria-label=move || label.get(lang())
                title=move || label.get(lang())
                on:click=move |_| f.run(())
            >
                {glyph}
            </button>
        }
    };
    let speeds = [i18n::SPEED_SLOW, i18n::SPEED_NORMAL, i18n::SPEED_FAST];
    let options = move || {
        SPEEDS
            .iter()
            .zip(speeds)
            .map(|(ms, t)| {
                let ms = *ms;
                view! {
                    <option value=ms.to_string() selected=move || store.replay_speed.get() == ms>
                        {move || t.get(lang())}
                    </option>
                }
            })
            .collect_view()
    };
    view! {
        <input
            class="replay-slider"
            type="range"
            data-testid=format!("{testid}-slider")
            aria-label=move || i18n::REPLAY_SLIDER.get(lang())
            min="0"
            max=move || len.get().to_string()
            step="1"
            prop:value=move || ply.get().to_string()
            on:input=move |ev| {
                if let Ok(p) = event_target_value(&ev).parse::<usize>() {
                    go.run(p);
                }
            }
        />
        <div class="controls replay-nav">
            {nav("first", "|◀", i18n::REPLAY_FIRST, Callback::new(move |()| end(false)))}
            {nav("back", "◀", i18n::REPLAY_BACK, Callback::new(move |()| step(false)))}
            <button
                class="replay-button replay-play"
                data-testid=format!("{testid}-play")
                aria-pressed=move || playing.get().to_string()
                on:click=move |_| toggle()
            >
                {move || {
                    if playing.get() { i18n::REPLAY_PAUSE } else { i18n::REPLAY_PLAY }.get(lang())
                }}
            </button>
            {nav("forward", "▶", i18n::REPLAY_FORWARD, Callback::new(move |()| step(true)))}
            {nav("last", "▶|", i18n::REPLAY_LAST, Callback::new(move |()| end(true)))}
        </div>
        <label class="replay-speed">
            <span>{move || i18n::REPLAY_SPEED.get(lang())}</span>
            <select
                data-testid=format!("{testid}-speed")
                on:change=move |ev| {
                    if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                        store.replay_speed.set(ms);
                    }
                }
            >
                {options}
            </select>
        </label>
        <p class="hint replay-keys">{move || i18n::REPLAY_KEYS.get(lang())}</p>
    }
}

/// One autoplay step after the chosen delay, and the next, until the end, a pause, a newer
/// start or the controls going away (their signals gone).
fn tick(
    store: Store,
    id: u64,
    run: StoredValue<u64>,
    playing: RwSignal<bool>,
    ply: Signal<usize>,
    len: Signal<usize>,
    go: Callback<usize>,
) {
    let ms = store.replay_speed.get_untracked();
    set_timeout(
        move || {
            if playing.try_get_untracked() != Some(true) || run.try_get_value() != Some(id) {
                return;
            }
            let (Some(p), Some(n)) = (ply.try_get_untracked(), len.try_get_untracked()) else {
                return;
            };
            go.run(p + 1);
            if p + 1 >= n {
                playing.set(false);
            } else {
                tick(store, id, run, playing, ply, len, go);
            }
        },
        Duration::from_millis(u64::from(ms)),
    );
}

/// ← → ↑ ↓ Home End, unless a text field or a list has the keyboard, or something under the
/// focus (the board's own cursor) already took the key.
fn keyboard(step: impl Fn(bool) + 'static, end: impl Fn(bool) + 'static) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() || ev.default_prevented() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| {
                let tag = el.tag_name();
                tag == "SELECT"
                    || tag == "TEXTAREA"
                    || (tag == "INPUT" && el.get_attribute("type").as_deref() != Some("range"))
            });
        if typing {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => step(false),
            "ArrowRight" => step(true),
            "ArrowUp" | "Home" => end(false),
            "ArrowDown" | "End" => end(true),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || handle.remove());
}
