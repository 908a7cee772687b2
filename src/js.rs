//! What the browser's APIs share: the text of a JavaScript error, and module workers (their
//! loader, and the loop of a worker that answers each message).

use wasm_bindgen::{JsCast, JsValue};

/// A thrown value as text: its message if it is an `Error`, the string if it is one, else its
/// debug form.
pub fn error_text(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

/// A `blob:` URL of `import init from "<script>"; await init();`, `script` a worker script of
/// the build beside the page (as Trunk writes it): what starts a module Web Worker of this
/// build (the computer player's, the camera scanner's).
#[cfg(target_arch = "wasm32")]
pub(crate) fn module_worker_url(script: &str) -> Result<String, String> {
    use web_sys::{Blob, BlobPropertyBag, Url};
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let base = doc.base_uri().map_err(error_text)?.ok_or("no base URI")?;
    let script = Url::new_with_base(script, &base)
        .map_err(error_text)?
        .href();
    let code = format!(
        "import init from {};\nawait init();\n",
        serde_json::to_string(&script).map_err(|e| e.to_string())?
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&code));
    let opts = BlobPropertyBag::new();
    opts.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(error_text)?;
    Url::create_object_url_with_blob(&blob).map_err(error_text)
}

/// The body of a module worker of this build: answers each message with `answer` of its data,
/// after posting `ready` once it listens (so that the page sends nothing before).
#[cfg(target_arch = "wasm32")]
pub fn serve_worker(ready: &str, answer: impl Fn(JsValue) -> JsValue + 'static) {
    use wasm_bindgen::closure::Closure;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let _ = reply_to.post_message(&answer(ev.data()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(ready));
}
