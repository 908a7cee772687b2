//! Leptos components: they draw state and emit actions, nothing more.

pub mod boards;
pub mod connect;
pub mod course;
pub mod newgame;
pub mod play;
pub mod profile;
pub mod records;
pub mod rules;
pub mod setup;

/// Moves the keyboard to `button` whenever `shown` turns true (a card over the board opens),
/// without scrolling: a tall card on a phone would otherwise open scrolled to its buttons.
pub fn focus_on_open(
    button: leptos::prelude::NodeRef<leptos::html::Button>,
    shown: impl Fn() -> bool + Send + Sync + 'static,
) {
    use leptos::prelude::Get;
    leptos::prelude::Effect::new(move |_| {
        if let (Some(b), true) = (button.get(), shown()) {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = b.focus_with_options(&options);
        }
    });
}

/// After a screen change that removed the focused control (Start, Play the computer), the
/// keyboard's focus goes to the board rather than to the page: a keyboard player goes on
/// from where the game is. A focus still on a control is left alone.
pub fn focus_board_if_lost() {
    use leptos::wasm_bindgen::JsCast;
    leptos::prelude::request_animation_frame(|| {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let lost = match doc.active_element() {
            None => true,
            Some(el) => doc
                .body()
                .is_some_and(|b| el == *b.unchecked_ref::<web_sys::Element>()),
        };
        if !lost {
            return;
        }
        if let Some(board) = doc
            .query_selector("[data-testid=\"board\"], .sg-svg[data-keys]")
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok())
        {
            let _ = board.focus();
        }
    });
}
