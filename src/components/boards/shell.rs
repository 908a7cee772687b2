//! The `<svg>` of either board: its drawing area, what it is to assistive technology (a
//! picture, or an application played by keys whose active point is the one under the cursor),
//! and the keyboard and pointer machines on it, with the hooks both boards' tests and pages
//! find it by (`data-keys` when played by keys). Each board draws its ground, pieces and marks
//! inside. (Props, not spread attributes: spreading weighed 2.5 KB more on the first press.)

use super::keys::BoardKeys;
use super::pointer::BoardPointer;
use crate::ground::geometry::ViewBox;
use leptos::prelude::*;

/// One board's `<svg>` element with its machines.
#[component]
pub fn BoardSvg<P>(
    /// The element, for the board to find where a screen position falls.
    svg: NodeRef<leptos::svg::Svg>,
    /// The element's class.
    class: &'static str,
    view_box: ViewBox,
    /// The keys: with `keyboard` on, the board is focusable and an application.
    keys: BoardKeys<P>,
    pointer: BoardPointer<P>,
    /// What the board is, in words (with the keys to play it when it is played by keys).
    #[prop(into)]
    label: Signal<String>,
    /// The id of the element standing for the point under the cursor.
    #[prop(into)]
    active: Signal<Option<String>>,
    /// `data-testid`.
    #[prop(optional_no_strip)]
    testid: Option<&'static str>,
    /// `data-orientation`: which side is drawn at the bottom (the facing board).
    #[prop(optional_no_strip)]
    orientation: Option<&'static str>,
    children: Children,
) -> impl IntoView
where
    P: Copy + PartialEq + Send + Sync + 'static,
{
    let keyed = keys.keyboard;
    view! {
        <svg
            node_ref=svg
            class=class
            viewBox=view_box.attr()
            preserveAspectRatio="xMidYMid meet"
            role=if keyed { "application" } else { "img" }
            tabindex=keyed.then_some("0")
            aria-label=label
            aria-activedescendant=active
            data-keys=keyed.then_some("")
            data-testid=testid
            data-orientation=orientation
            on:keydown=move |ev| keys.key(&ev)
            on:focus=move |_| keys.focus()
            on:pointerdown=move |ev| pointer.down(ev)
            on:pointermove=move |ev| pointer.moved(ev)
            on:pointerup=move |ev| pointer.up(ev)
            on:pointercancel=move |_| pointer.cancel()
            on:contextmenu=move |ev| pointer.context(ev)
        >
            {children()}
        </svg>
    }
}
