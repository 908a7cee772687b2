//! The computer player in the browser: the request/response contract ([`protocol`]), the
//! page's client ([`client::AiClient`]) and the Web Worker that answers (`src/bin/ai_worker.rs`).

pub mod client;
pub mod protocol;

/// What the worker posts once its message handler is in place; requests wait for it.
pub const READY: &str = "ready";

/// **Test hook**, for end-to-end tests of the worker without the game screens
/// (`tests/e2e/ai-*.test.mjs`): defines on `window`
///
/// - `__junqiAi(requestJson) → Promise<responseJson>`: one [`protocol::AiRequest`] through a
///   client of its own (started on first use); the response's `id` is the client's number;
/// - `__junqiAiCancel()`: [`client::AiClient::cancel`] on that client (pending promises never settle);
/// - `__junqiAiThinking() → bool`: its [`client::AiClient::is_thinking`].
///
/// Nothing in the app calls these. Natively this does nothing.
pub fn install_test_hook() {
    #[cfg(target_arch = "wasm32")]
    hook::install();
}

#[cfg(target_arch = "wasm32")]
mod hook {
    use super::client::AiClient;
    use super::protocol::{AiRequest, AiResponse};
    use leptos::prelude::*;
    use std::cell::OnceCell;
    use wasm_bindgen::prelude::*;

    thread_local! {
        static CLIENT: OnceCell<AiClient> = const { OnceCell::new() };
    }

    fn client() -> AiClient {
        CLIENT.with(|c| *c.get_or_init(AiClient::new))
    }

    fn ask(json: String) -> js_sys::Promise {
        js_sys::Promise::new(&mut |resolve: js_sys::Function, reject: js_sys::Function| {
            match serde_json::from_str::<AiRequest>(&json) {
                Ok(req) => {
                    client().request(req, move |res: AiResponse| {
                        let text = serde_json::to_string(&res).unwrap_or_default();
                        let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&text));
                    });
                }
                Err(e) => {
                    let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(&e.to_string()));
                }
            }
        })
    }

    fn set(name: &str, f: &JsValue) {
        if let Some(w) = web_sys::window() {
            let _ = js_sys::Reflect::set(&w, &JsValue::from_str(name), f);
        }
    }

    pub(super) fn install() {
        let ask = Closure::<dyn Fn(String) -> js_sys::Promise>::new(ask);
        set("__junqiAi", ask.as_ref());
        ask.forget();
        let cancel = Closure::<dyn Fn()>::new(|| client().cancel());
        set("__junqiAiCancel", cancel.as_ref());
        cancel.forget();
        let thinking = Closure::<dyn Fn() -> bool>::new(|| client().is_thinking().get_untracked());
        set("__junqiAiThinking", thinking.as_ref());
        thinking.forget();
    }
}
