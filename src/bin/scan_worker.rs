//! The camera scanner's Web Worker: each message is a frame of the camera's picture (`[width,
//! height, pixels]`, four bytes a pixel as a canvas gives them), answered with the text of the
//! QR code in it, or an empty text (`junqi::remote::scan::decode`). It posts `"ready"` once it
//! listens. A module of its own, off the page's thread: the QR decoder is loaded only when a
//! player scans, not with the game. Trunk builds it from index.html; the page starts it
//! (`junqi::remote::scan::camera`). Natively the binary is an empty shell, like the app's.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsValue;

    console_error_panic_hook::set_once();
    junqi::js::serve_worker("ready", |data| {
        let frame = js_sys::Array::from(&data);
        let size = |i| frame.get(i).as_f64().unwrap_or(0.0) as usize;
        let (width, height) = (size(0), size(1));
        let pixels = js_sys::Uint8ClampedArray::new(&frame.get(2)).to_vec();
        let text = junqi::remote::scan::decode(width, height, &pixels).unwrap_or_default();
        JsValue::from_str(&text)
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("scan_worker runs in the browser as the camera scanner's Web Worker");
}
