//! The course's big buttons, shared by the lesson and the puzzle screens: the hint bulb, the
//! way back to the levels, and the "again" arrow (a lesson's restart, a puzzle's retry).

use crate::i18n;
use crate::learn::lesson::Learn;
use leptos::prelude::*;

/// The hint: shows the next move's arrow; pressed while it shows.
#[component]
pub fn HintButton(#[prop(into, optional)] disabled: Signal<bool>) -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    view! {
        <button class="big" data-testid="lesson-hint" aria-label=move || i18n::HINT.get(lang())
            aria-pressed=move || learn.hint.get().to_string()
            disabled=move || disabled.get()
            on:click=move |_| learn.show_hint()>
            <svg class="bulb" viewBox="-12 -14 24 28" aria-hidden="true">
                <path d="M0,-12 A9,9 0 0 1 6,4 L5,8 L-5,8 L-6,4 A9,9 0 0 1 0,-12 Z"></path>
                <rect x="-4" y="9" width="8" height="3" rx="1"></rect>
            </svg>
        </button>
    }
}

/// Back to the levels (the course menu).
#[component]
pub fn LevelsButton() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    view! {
        <button class="big" data-testid="lesson-menu" aria-label=move || i18n::LEVELS.get(lang())
            on:click=move |_| learn.menu()>
            <svg viewBox="0 0 24 24" aria-hidden="true" class="grid">
                <rect x="3" y="3" width="7" height="7" rx="1"></rect>
                <rect x="14" y="3" width="7" height="7" rx="1"></rect>
                <rect x="3" y="14" width="7" height="7" rx="1"></rect>
                <rect x="14" y="14" width="7" height="7" rx="1"></rect>
            </svg>
        </button>
    }
}

/// The round "again" arrow.
pub fn again_icon() -> impl IntoView {
    view! {
        <svg viewBox="0 0 24 24" aria-hidden="true" class="again">
            <path d="M12 4 A8 8 0 1 1 4.5 9.5"></path>
            <path class="tip" d="M2 4 L5 10 L10 7 Z"></path>
        </svg>
    }
}
