//! The computer player's Web Worker: every message is a JSON `AiRequest`, answered with a JSON
//! `AiResponse` (`junqi::ai::protocol`). Posts `"ready <build id>"` once it listens
//! (`junqi::ai::ready_message`), so a page of another build can refuse it. Trunk builds it from
//! index.html (`data-type="worker"`, `data-bindgen-target="web"`); `junqi::ai::client` starts it.
//! Natively the binary is an empty shell, like the app's.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let reply = match ev.data().as_string() {
            Some(text) => junqi::ai::protocol::answer_json(&text),
            None => junqi::ai::protocol::answer_json(""),
        };
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(&junqi::ai::ready_message()));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ai_worker runs in the browser as the computer player's Web Worker");
}
