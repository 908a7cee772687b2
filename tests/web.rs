//! Browser tests: the board component mounted into a real document in headless Chromium.
//! Run with `cargo test --target wasm32-unknown-unknown -p junqi --test web` (see
//! .cargo/config.toml; `bash scripts/test.sh` does it).
#![cfg(target_arch = "wasm32")]

use junqi::components::boards::facing::Board;
use junqi::components::boards::piece::{piece_view, LabelLook};
use junqi::ground::geometry::Orientation;
use junqi::ground::label::LabelStyle;
use junqi::ground::render::PieceModel;
use leptos::wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Document, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh container in the body, so tests do not see each other's boards.
fn container(id: &str) -> HtmlElement {
    let doc = document();
    let div: HtmlElement = doc.create_element("div").unwrap().dyn_into().unwrap();
    div.set_id(id);
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

fn count(root: &HtmlElement, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn attr(root: &HtmlElement, selector: &str, name: &str) -> Option<String> {
    root.query_selector(selector).unwrap()?.get_attribute(name)
}

#[wasm_bindgen_test]
fn board_draws_every_point_and_connection() {
    let root = container("board-red");
    let handle = leptos::mount::mount_to(root.clone(), || leptos::view! { <Board/> });

    assert_eq!(count(&root, "svg.board"), 1);
    assert_eq!(count(&root, "[data-point]"), 60);
    assert_eq!(count(&root, "[data-edge]"), 133);
    assert_eq!(count(&root, "[data-edge][data-kind=\"rail\"]"), 35);
    assert_eq!(count(&root, "[data-edge][data-kind=\"road\"]"), 98);
    assert_eq!(count(&root, "[data-point].camp"), 10);
    assert_eq!(count(&root, "[data-point].hq"), 4);
    assert_eq!(count(&root, ".mountain"), 2);
    assert_eq!(
        attr(&root, "[data-edge=\"c6-c7\"]", "data-kind").as_deref(),
        Some("rail")
    );
    assert_eq!(count(&root, "[data-edge=\"b6-b7\"]"), 0);
    assert_eq!(
        attr(&root, "[data-point=\"a12\"]", "transform").as_deref(),
        Some("translate(58 40)")
    );
    drop(handle);
    assert_eq!(
        count(&root, "[data-point]"),
        0,
        "unmounting removes the board"
    );
}

#[wasm_bindgen_test]
fn board_turns_for_black() {
    let root = container("board-black");
    let _handle = leptos::mount::mount_to(root.clone(), || {
        leptos::view! { <Board orientation=Orientation::BlackBottom/> }
    });
    assert_eq!(count(&root, "[data-point]"), 60);
    // Seen from Black, a1 is the top-right corner.
    assert_eq!(
        attr(&root, "[data-point=\"a1\"]", "transform").as_deref(),
        Some("translate(418 40)")
    );
}

fn piece(
    color: Option<junqi_core::Seat>,
    role: Option<junqi_core::Role>,
    face_down: bool,
) -> PieceModel {
    let center = junqi::ground::geometry::Xy { x: 58.0, y: 40.0 };
    PieceModel {
        face_down,
        ..PieceModel::plain("a12".parse().unwrap(), "a12".into(), center, color, role)
    }
}

#[wasm_bindgen_test]
fn piece_hooks_name_only_what_the_viewer_may_know() {
    use junqi_core::{Role, Seat};
    let look = LabelLook {
        style: LabelStyle::Two,
        large: false,
        lang: junqi::i18n::Lang::Zh,
        ranks: false,
    };
    let cases = [
        (
            piece(Some(Seat::RED), Some(Role::Marshal), false),
            Some("r"),
            Some("M"),
            None,
            "司令",
        ),
        (
            piece(Some(Seat::BLACK), None, false),
            Some("b"),
            None,
            None,
            "",
        ),
        (piece(None, None, true), None, None, Some("down"), ""),
    ];
    for (i, (pm, color, role, face, text)) in cases.into_iter().enumerate() {
        let root = container(&format!("piece-{i}"));
        assert_eq!(pm.proven, None);
        let _handle = leptos::mount::mount_to(root.clone(), move || {
            use leptos::prelude::*;
            leptos::view! { <svg>{piece_view(pm.clone(), look)}</svg> }
        });
        let sel = "[data-at=\"a12\"]";
        assert_eq!(count(&root, sel), 1);
        assert_eq!(attr(&root, sel, "data-color").as_deref(), color, "case {i}");
        assert_eq!(attr(&root, sel, "data-role").as_deref(), role, "case {i}");
        assert_eq!(attr(&root, sel, "data-face").as_deref(), face, "case {i}");
        assert_eq!(
            root.text_content().unwrap_or_default().trim(),
            text,
            "case {i}"
        );
    }
}

/// The notebook's strip: drawn on a hidden piece only when the record proves more than its setup
/// point, with `data-proven` on the piece either way; nothing of it names the piece.
#[wasm_bindgen_test]
fn the_notebook_strip_says_what_is_proven() {
    use junqi::state::notebook::Proven;
    use junqi_core::{Role, Seat};
    let look = LabelLook {
        style: LabelStyle::Rank,
        large: false,
        lang: junqi::i18n::Lang::En,
        ranks: false,
    };
    let strong = 1 << Role::Marshal as u16 | 1 << Role::General as u16;
    for (i, (news, text)) in [(true, "40/39"), (false, "")].into_iter().enumerate() {
        let mut pm = piece(Some(Seat::BLACK), None, false);
        pm.proven = Some(Proven {
            roles: strong,
            news,
        });
        let root = container(&format!("proven-{i}"));
        let _handle = leptos::mount::mount_to(root.clone(), move || {
            use leptos::prelude::*;
            leptos::view! { <svg>{piece_view(pm.clone(), look)}</svg> }
        });
        let sel = "[data-at=\"a12\"]";
        assert_eq!(attr(&root, sel, "data-proven").as_deref(), Some("MG"));
        assert_eq!(attr(&root, sel, "data-role"), None);
        assert_eq!(
            root.text_content().unwrap_or_default().trim(),
            text,
            "case {i}"
        );
    }
}
