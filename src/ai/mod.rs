//! The computer player in the browser: the request/response contract ([`protocol`]), the
//! page's client ([`client::AiClient`]) and the Web Worker that answers (`src/bin/ai_worker.rs`).

pub mod client;
pub mod protocol;
pub mod siguo;

/// What the worker posts once its message handler is in place, followed by a space and its
/// [`BUILD_ID`] ([`ready_message`]); requests wait for it.
pub const READY: &str = "ready";

/// The build of the sources this page and its worker were compiled from: `junqi-build-` and a
/// hash of every source, set by `build.rs`. The worker's files have fixed names, so a page can meet a worker
/// of another build (another tab accepted an update, a deploy half done): it refuses one whose
/// id differs ([`client::AiClient`]), thinks on its own thread and offers the new version.
pub const BUILD_ID: &str = concat!("junqi-build-", env!("JUNQI_BUILD_ID"));

/// The worker's "ready" message: `ready <build id>`.
pub fn ready_message() -> String {
    format!("{READY} {BUILD_ID}")
}

/// What a worker's message says about its readiness: `None` if it is not a "ready" message,
/// `Some(true)` if it is ready and of this build, `Some(false)` if it is of another build (an
/// older worker's bare "ready" included).
pub fn ready_of_this_build(message: &str) -> Option<bool> {
    let rest = message.strip_prefix(READY)?;
    if rest.is_empty() {
        return Some(false);
    }
    let id = rest.strip_prefix(' ')?;
    Some(id == BUILD_ID)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_is_known_by_its_build() {
        let hash = BUILD_ID.strip_prefix("junqi-build-").unwrap();
        assert_eq!(hash.len(), 32);
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(ready_of_this_build(&ready_message()), Some(true));
        assert_eq!(ready_of_this_build("ready"), Some(false));
        assert_eq!(
            ready_of_this_build("ready 0123456789abcdef0123456789abcdef"),
            Some(false)
        );
        assert_eq!(
            ready_of_this_build(&format!("ready {BUILD_ID}x")),
            Some(false)
        );
        assert_eq!(ready_of_this_build(r#"{"id":1}"#), None);
        assert_eq!(ready_of_this_build("readyish"), None);
    }
}
