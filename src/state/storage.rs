//! The browser's localStorage, for settings, the last new-game choices, saved formations and
//! saved games (`saves.rs`). Natively (tests) a map per thread stands in for it, and
//! [`refuse_writes`] plays a full storage.

/// Keys. Settings, the new-game choices, the grown-up settings and the saved formations are
/// versioned JSON (serde) under keys of their own ([`LEGACY`] names the first version's keys).
pub const SETTINGS: &str = "junqi.settings.v2";
pub const CONFIG: &str = "junqi.newgame.v2";
pub const FORMATIONS: &str = "junqi.formations.v2";
/// The grown-up settings (the course's layer reads and writes them: every key lives here, so
/// that both layers name them from one place).
pub const GROWNUP: &str = "junqi.grownup.v2";
/// The children's profiles.
pub const PROFILES: &str = "junqi.learn.profiles.v1";
/// Where older versions kept unreadable profile data (still offered for download).
pub const PROFILES_CORRUPT: &str = "junqi.learn.profiles.v1.corrupt";

/// Each JSON key and the key where the first version kept its `key=value` or tab-separated
/// text. That text is read (migrated) while nothing is stored under the new key yet, and never
/// written: a page of the first version still open in another tab, or a rollback to it, reads
/// and writes only the old key, whose parser would take JSON for nonsense, fall back to the
/// defaults and write over it. Each version reads and writes its own key.
pub const LEGACY: [(&str, &str); 4] = [
    (SETTINGS, "junqi.settings.v1"),
    (CONFIG, "junqi.newgame.v1"),
    (FORMATIONS, "junqi.formations.v1"),
    (GROWNUP, "junqi.grownup.v1"),
];

/// The first version's key for the data now kept under `key` ([`LEGACY`]).
pub fn legacy_key(key: &str) -> Option<&'static str> {
    LEGACY.iter().find(|(k, _)| *k == key).map(|(_, old)| *old)
}

/// The text stored under `key`, or while nothing is stored there yet the first version's text
/// under its old key ([`LEGACY`]; that key is left as it is).
pub fn load_migrating(key: &str) -> Option<String> {
    load(key).or_else(|| load(legacy_key(key)?))
}

/// Backups of data that could not be read: `junqi.backup.<key>.<n>`.
pub const BACKUP_PREFIX: &str = "junqi.backup.";
/// The most backups kept per key: a new one replaces the oldest, and only once it is stored.
pub const BACKUP_CAP: usize = 5;

thread_local! {
    /// Keys whose stored data this version could not read since the page opened (to be told).
    static UNREAD: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes that the data under `key` could not be read (damaged, or a newer version's): it is
/// kept as it is, and the player is told ([`take_unread`]).
pub fn note_unread(key: &str) {
    UNREAD.with(|u| {
        let mut u = u.borrow_mut();
        if !u.iter().any(|k| k == key) {
            u.push(key.to_string());
        }
    });
}

/// The keys noted by [`note_unread`] since the last call.
pub fn take_unread() -> Vec<String> {
    UNREAD.with(|u| std::mem::take(&mut *u.borrow_mut()))
}

/// Why stored data was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotWritten {
    /// What is stored was written by a newer version of the app: it is left alone.
    Newer(u64),
    /// What is stored cannot be read, and a copy of it could not be kept: it is left alone.
    NoBackup,
    /// The browser refused the write (storage full or disabled).
    Refused,
}

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static MEMORY: std::cell::RefCell<std::collections::BTreeMap<String, String>> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
    static REFUSE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Natively: makes every later write fail (a full storage) or succeed again.
#[cfg(not(target_arch = "wasm32"))]
pub fn refuse_writes(on: bool) {
    REFUSE.with(|r| r.set(on));
}

pub fn load(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        storage()?.get_item(key).ok().flatten()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        MEMORY.with(|m| m.borrow().get(key).cloned())
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
        if REFUSE.with(|r| r.get()) {
            return false;
        }
        MEMORY.with(|m| m.borrow_mut().insert(key.to_string(), value.to_string()));
        true
    }
}

/// Removes `key`.
pub fn remove(key: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
    #[cfg(not(target_arch = "wasm32"))]
    MEMORY.with(|m| m.borrow_mut().remove(key));
}

/// This tab's `sessionStorage` (what a reload of this tab keeps).
#[cfg(target_arch = "wasm32")]
pub fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Every key of `store`, in its order.
#[cfg(target_arch = "wasm32")]
pub fn keys_of(store: Option<web_sys::Storage>) -> Vec<String> {
    let Some(s) = store else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// Every key stored, sorted.
pub fn keys() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let mut keys = keys_of(storage());
        keys.sort();
        keys
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        MEMORY.with(|m| m.borrow().keys().cloned().collect())
    }
}

/// The backups of `key`, oldest first: `(storage key, number)`.
pub fn backups_of(key: &str) -> Vec<(String, u64)> {
    let prefix = format!("{BACKUP_PREFIX}{key}.");
    let mut found: Vec<(String, u64)> = keys()
        .into_iter()
        .filter_map(|k| {
            let n = k.strip_prefix(&prefix)?.parse().ok()?;
            Some((k, n))
        })
        .collect();
    found.sort_by_key(|(_, n)| *n);
    found
}

/// Every backup stored, of every key: `(storage key, text)`.
pub fn all_backups() -> Vec<(String, String)> {
    keys()
        .into_iter()
        .filter(|k| k.starts_with(BACKUP_PREFIX))
        .filter_map(|k| {
            let text = load(&k)?;
            Some((k, text))
        })
        .collect()
}

/// Keeps a copy of `text`, data of `key` that could not be read, under a key of its own, and
/// checks that it reads back. True only then: the caller may write over the original after that,
/// never before. At most [`BACKUP_CAP`] backups of a key stay: the oldest goes once the new
/// one is safely stored. A copy already kept is not kept twice.
pub fn back_up(key: &str, text: &str) -> bool {
    let existing = backups_of(key);
    if existing
        .iter()
        .any(|(k, _)| load(k).as_deref() == Some(text))
    {
        return true;
    }
    let next = existing.last().map_or(1, |(_, n)| n + 1);
    let name = format!("{BACKUP_PREFIX}{key}.{next}");
    if !save(&name, text) || load(&name).as_deref() != Some(text) {
        remove(&name);
        return false;
    }
    let excess = (existing.len() + 1).saturating_sub(BACKUP_CAP);
    for (k, _) in existing.iter().take(excess) {
        remove(k);
    }
    true
}

/// How this version reads a stored text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reads {
    Yes,
    /// Written by a newer version (its version number).
    Newer(u64),
    /// Not readable at all.
    No,
}

/// Reads a versioned JSON text with serde: `Ok` when its `version` is `current` and it parses,
/// else why not.
pub fn read_json<T: serde::de::DeserializeOwned>(text: &str, current: u64) -> Result<T, Reads> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| Reads::No)?;
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == current => serde_json::from_value(value).map_err(|_| Reads::No),
        Some(v) if v > current => Err(Reads::Newer(v)),
        _ => Err(Reads::No),
    }
}

/// Whether a stored text is JSON (else the first version's `key=value` text).
pub fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads a value kept under `key`: versioned JSON, or while nothing is stored there the first
/// version's text under its old key (migrated with `from_legacy`, [`load_migrating`]). JSON
/// this version cannot read is copied to a backup first; `None`: nothing usable stored (the
/// defaults apply).
pub fn load_json<T>(
    key: &str,
    from_json: impl Fn(&str) -> Result<T, Reads>,
    from_legacy: impl Fn(&str) -> T,
) -> Option<T> {
    let text = load_migrating(key)?;
    if !is_json(&text) {
        return Some(from_legacy(&text));
    }
    match from_json(&text) {
        Ok(v) => Some(v),
        Err(Reads::No) => {
            back_up(key, &text);
            note_unread(key);
            None
        }
        Err(Reads::Newer(_) | Reads::Yes) => {
            note_unread(key);
            None
        }
    }
}

/// How the stored text under a JSON key reads: the first version's text reads (it is migrated).
pub fn json_reads<T>(text: &str, from_json: impl Fn(&str) -> Result<T, Reads>) -> Reads {
    if !is_json(text) {
        return Reads::Yes;
    }
    match from_json(text) {
        Ok(_) => Reads::Yes,
        Err(r) => r,
    }
}

/// Writes `text` under `key` unless what is stored there now cannot be read by this version: a
/// newer version's data is never written over, other unreadable data only once a copy is kept.
pub fn save_checked(
    key: &str,
    text: &str,
    reads: impl Fn(&str) -> Reads,
) -> Result<(), NotWritten> {
    if let Some(old) = load(key) {
        match reads(&old) {
            Reads::Yes => {}
            Reads::Newer(v) => return Err(NotWritten::Newer(v)),
            Reads::No if back_up(key, &old) => {}
            Reads::No => return Err(NotWritten::NoBackup),
        }
    }
    if save(key, text) {
        Ok(())
    } else {
        Err(NotWritten::Refused)
    }
}

/// Calls `f` with the key whenever another tab of this site changes localStorage (the
/// `storage` event; an empty key: everything was cleared). Never called natively.
pub fn on_change_elsewhere(f: impl Fn(String) + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::{closure::Closure, JsCast};
        let Some(w) = web_sys::window() else {
            return;
        };
        let listener =
            Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
                f(e.key().unwrap_or_default());
            });
        if w.add_event_listener_with_callback("storage", listener.as_ref().unchecked_ref())
            .is_ok()
        {
            // The listener lives as long as the page.
            listener.forget();
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = f;
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

/// A fresh random 64-bit seed from the browser's cryptographic generator
/// (`crypto.getRandomValues`); fixed natively. When a page has replaced `Math.random` (the
/// end-to-end tests do, for repeatable games) that is used instead, and likewise if the
/// cryptographic generator is missing. Natively: 0x5EED, 0x5EEE, … per thread.
/// Fills `out` from the browser's cryptographic generator (`crypto.getRandomValues`) only;
/// false where there is none (and natively), with `out` untouched.
pub fn crypto_random(out: &mut [u8]) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.crypto().ok())
            .is_some_and(|c| c.get_random_values_with_u8_array(out).is_ok())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = out;
        false
    }
}

pub fn random_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        if !math_random_replaced() {
            let mut bytes = [0u8; 8];
            let drawn = web_sys::window()
                .and_then(|w| w.crypto().ok())
                .is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
            if drawn {
                return u64::from_le_bytes(bytes);
            }
        }
        let hi = (js_sys::Math::random() * 4294967296.0) as u64;
        let lo = (js_sys::Math::random() * 4294967296.0) as u64;
        (hi << 32) | lo
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Natively: 0x5EED, then the next numbers, per thread (repeatable, yet two games
        // started in one test differ).
        thread_local! {
            static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0x5EED) };
        }
        NEXT.with(|n| {
            let seed = n.get();
            n.set(seed.wrapping_add(1));
            seed
        })
    }
}

/// Whether `Math.random` is no longer the browser's own function (a test set its own).
#[cfg(target_arch = "wasm32")]
fn math_random_replaced() -> bool {
    use wasm_bindgen::JsCast;
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"Math".into())
        .and_then(|math| js_sys::Reflect::get(&math, &"random".into()))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .is_some_and(|f| !String::from(f.to_string()).contains("[native code]"))
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

// Uses the stand-in storage of native builds.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn backups_take_distinct_keys_with_a_cap_and_are_checked() {
        for i in 0..BACKUP_CAP + 2 {
            assert!(back_up("k", &format!("text {i}")));
        }
        assert!(back_up("k", "text 6"), "a copy already kept counts as kept");
        let kept = backups_of("k");
        assert_eq!(kept.len(), BACKUP_CAP);
        assert_eq!(
            load(&kept[0].0).as_deref(),
            Some("text 2"),
            "the oldest went"
        );
        assert_eq!(load(&kept[BACKUP_CAP - 1].0).as_deref(), Some("text 6"));
        assert_eq!(all_backups().len(), BACKUP_CAP);
        refuse_writes(true);
        assert!(!back_up("k", "new"), "a refused write is reported");
        refuse_writes(false);
        assert_eq!(
            backups_of("k").len(),
            BACKUP_CAP,
            "nothing was dropped for it"
        );
    }
}
