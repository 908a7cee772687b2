//! The browser's localStorage, for settings, the last new-game choices, saved formations and
//! saved games (`saves.rs`). Natively (tests) nothing is stored.

/// Keys, versioned so a future format can move on.
pub const SETTINGS: &str = "junqi.settings.v1";
pub const CONFIG: &str = "junqi.newgame.v1";
pub const FORMATIONS: &str = "junqi.formations.v1";

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        storage()?.get_item(key).ok().flatten()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = key;
        None
    }
}

/// Stores `value` under `key`; false if the browser refused (storage full or disabled).
pub fn save(key: &str, value: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        storage().is_some_and(|s| s.set_item(key, value).is_ok())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (key, value);
        true
    }
}

/// Offers `text` to the user as a file download named `name`.
pub fn download(name: &str, mime: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return;
        };
        let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
            return;
        };
        let link = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("a").ok())
            .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
        if let Some(a) = link {
            a.set_href(&url);
            a.set_download(name);
            a.click();
        }
        // The browser reads the file after the click returns.
        leptos::prelude::set_timeout(
            move || {
                let _ = web_sys::Url::revoke_object_url(&url);
            },
            std::time::Duration::from_secs(30),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, mime, text);
}

/// A date and time for lists, `2026-11-30 14:05`, in local time (empty natively).
pub fn date_text(ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        format!(
            "{}-{:02}-{:02} {:02}:{:02}",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date(),
            d.get_hours(),
            d.get_minutes()
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        String::new()
    }
}

/// The browser's language tag (`navigator.language`), `en` natively.
pub fn browser_language() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.navigator().language())
            .unwrap_or_else(|| "en".into())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        "en".into()
    }
}

/// Whether the system asks for reduced motion (`prefers-reduced-motion: reduce`).
pub fn prefers_reduced_motion() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| {
                w.match_media("(prefers-reduced-motion: reduce)")
                    .ok()
                    .flatten()
            })
            .is_some_and(|m| m.matches())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Calls `f` with the new answer whenever `prefers-reduced-motion` changes while the page is open.
pub fn on_reduced_motion_change(f: impl Fn(bool) + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::{closure::Closure, JsCast};
        let Some(mql) = web_sys::window().and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        }) else {
            return;
        };
        let query = mql.clone();
        let listener = Closure::<dyn Fn()>::new(move || f(query.matches()));
        if mql
            .add_event_listener_with_callback("change", listener.as_ref().unchecked_ref())
            .is_ok()
        {
            // The listener lives as long as the page.
            listener.forget();
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = f;
}

/// A random 64-bit seed (the browser's `Math.random`), fixed natively.
pub fn random_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        let hi = (js_sys::Math::random() * 4294967296.0) as u64;
        let lo = (js_sys::Math::random() * 4294967296.0) as u64;
        (hi << 32) | lo
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0x5EED
    }
}

/// Milliseconds since the page loaded (`performance.now`), 0 natively.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// The page address's fragment (`#…`), empty natively.
pub fn fragment() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// The page address without its fragment.
pub fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        match href.split_once('#') {
            Some((page, _)) => page.to_string(),
            None => href,
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// Removes the fragment from the address without reloading (a share link, once left).
pub fn clear_fragment() {
    #[cfg(target_arch = "wasm32")]
    if let Some(w) = web_sys::window() {
        if w.location().hash().is_ok_and(|h| !h.is_empty()) {
            if let Ok(h) = w.history() {
                let _ = h.replace_state_with_url(
                    &wasm_bindgen::JsValue::NULL,
                    "",
                    Some(&page_address()),
                );
            }
        }
    }
}
