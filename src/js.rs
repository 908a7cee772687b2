//! What the browser's APIs share: the text of a JavaScript error.

use wasm_bindgen::{JsCast, JsValue};

/// A thrown value as text: its message if it is an `Error`, the string if it is one, else its
/// debug form.
pub(crate) fn error_text(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}
