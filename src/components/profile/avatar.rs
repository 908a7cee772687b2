//! The built-in avatars: six little characters drawn in SVG (no emoji, no text).

use leptos::prelude::*;

/// One avatar, `index` in 0..6, as an inline SVG.
pub fn avatar_view(index: u8) -> impl IntoView {
    let i = index % crate::learn::profiles::AVATARS;
    let (face, ears) = match i {
        0 => ("#f4a742", "cat"),
        1 => ("#a9754f", "bear"),
        2 => ("#f7f1ec", "rabbit"),
        3 => ("#ffffff", "panda"),
        4 => ("#7cc36b", "frog"),
        _ => ("#b8c4d0", "robot"),
    };
    let ear_shapes = match ears {
        "cat" => view! {
            <path class="av-ear" d="M12 26 L16 6 L28 18 Z M52 26 L48 6 L36 18 Z"></path>
        }
        .into_any(),
        "bear" | "panda" => view! {
            <circle class="av-ear dark" cx="15" cy="15" r="8"></circle>
            <circle class="av-ear dark" cx="49" cy="15" r="8"></circle>
        }
        .into_any(),
        "rabbit" => view! {
            <ellipse class="av-ear pink" cx="23" cy="10" rx="5" ry="13"></ellipse>
            <ellipse class="av-ear pink" cx="41" cy="10" rx="5" ry="13"></ellipse>
        }
        .into_any(),
        "frog" => view! {
            <circle class="av-ear" cx="20" cy="16" r="8"></circle>
            <circle class="av-ear" cx="44" cy="16" r="8"></circle>
        }
        .into_any(),
        _ => view! {
            <line class="av-antenna" x1="32" y1="4" x2="32" y2="16"></line>
            <circle class="av-bulb" cx="32" cy="5" r="4"></circle>
        }
        .into_any(),
    };
    let patches = (ears == "panda").then(|| {
        view! {
            <ellipse class="av-patch" cx="24" cy="33" rx="7" ry="8"></ellipse>
            <ellipse class="av-patch" cx="40" cy="33" rx="7" ry="8"></ellipse>
        }
    });
    view! {
        <svg class=format!("avatar av-{ears}") viewBox="0 0 64 64" aria-hidden="true" data-avatar=i>
            {ear_shapes}
            <circle class="av-face" cx="32" cy="36" r="22" fill=face></circle>
            {patches}
            <circle class="av-eye" cx="24" cy="33" r="3.5"></circle>
            <circle class="av-eye" cx="40" cy="33" r="3.5"></circle>
            <path class="av-smile" d="M24 44 Q32 51 40 44"></path>
            <circle class="av-cheek" cx="17" cy="42" r="3"></circle>
            <circle class="av-cheek" cx="47" cy="42" r="3"></circle>
        </svg>
    }
}
