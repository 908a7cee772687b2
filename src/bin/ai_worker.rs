//! The computer player's Web Worker: every message is a JSON `AiRequest`, answered with a JSON
//! `AiResponse` (`junqi::ai::protocol`). Posts `"ready <build id>"` once it listens
//! (`junqi::ai::ready_message`), so a page of another build can refuse it. Trunk builds it from
//! index.html (`data-type="worker"`, `data-bindgen-target="web"`); `junqi::ai::client` starts it.
//! Natively the binary is an empty shell, like the app's.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsValue;

    console_error_panic_hook::set_once();
    junqi::js::serve_worker(&junqi::ai::ready_message(), |data| {
        let text = data.as_string().unwrap_or_default();
        JsValue::from_str(&junqi::ai::protocol::answer_json(&text))
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ai_worker runs in the browser as the computer player's Web Worker");
}
