//! Browser tests of the computer player's client (src/ai/client.rs) where no worker script is
//! served: a request must come back with an error, never hang. (The worker itself is tested
//! end to end against the built site: tests/e2e/ai-worker.test.mjs.)
//! Run with `cargo test --target wasm32-unknown-unknown -p junqi --test ai_client`.
#![cfg(target_arch = "wasm32")]

use junqi::ai::client::AiClient;
use junqi::ai::protocol::{AiRequest, AiResponse};
use leptos::prelude::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Asks `client` and waits for the answer.
async fn ask(client: AiClient, req: AiRequest) -> AiResponse {
    let promise = js_sys::Promise::new(&mut |resolve: js_sys::Function, _| {
        client.request(req.clone(), move |res| {
            let text = serde_json::to_string(&res).unwrap();
            resolve.call1(&JsValue::NULL, &text.into()).unwrap();
        });
    });
    let text = JsFuture::from(promise).await.unwrap().as_string().unwrap();
    serde_json::from_str(&text).unwrap()
}

#[wasm_bindgen_test]
async fn a_worker_that_cannot_load_answers_with_an_error() {
    let client = AiClient::new();
    let thinking = client.is_thinking();
    let pending = ask(client, AiRequest::formation(1));
    let res = pending.await;
    assert!(res.error.is_some(), "{res:?}");
    assert_eq!(res.formation, None);
    assert!(!thinking.get_untracked());
    // The next request tries a fresh worker and fails the same way, without hanging.
    let again = ask(client, AiRequest::formation(2)).await;
    assert!(again.error.is_some());
    assert!(again.id > res.id);
}
