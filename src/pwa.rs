//! The installable, offline app: registers the service worker (`sw.js`, written at build time by
//! `scripts/pwa-postbuild.mjs` from `pwa/sw.js`) and tells the player when a new version is
//! ready. The page is **never** reloaded behind the player's back: only [`apply_update`] (the
//! banner's button) reloads it.
//!
//! - [`UpdateBanner`]: "新版本已就绪 — 重新载入 / New version ready — reload", shown while
//!   [`update_ready`] is true. Mounting it starts [`register`].
//! - [`update_ready`] and [`apply_update`], for placing the prompt elsewhere.
//!
//! How an update goes: the browser fetches `sw.js` on each visit (and the app asks again when
//! it comes back to the foreground); a changed build installs beside the running one and
//! waits, while the open page keeps using the files of its own build. The banner then shows;
//! its button tells the waiting worker to take over and reloads once it has.
//!
//! Natively (tests) nothing is registered and no update is ready unless [`offer_update`] says so.

use leptos::prelude::*;

thread_local! {
    /// A new version is installed and waiting (or another tab already switched to it).
    static READY: ArcRwSignal<bool> = ArcRwSignal::new(false);
}

/// Whether a new version of the game is ready; reactive.
pub fn update_ready() -> Signal<bool> {
    READY.with(|ready| Signal::from(ready.read_only()))
}

/// Shows the banner: a new version is ready. The service worker's updates call it, and so does
/// the computer player's client when it meets a worker of another build (`crate::ai`).
pub fn offer_update() {
    READY.with(|ready| ready.set(true));
}

/// Registers the service worker (once per page; later calls do nothing). Failures (an old
/// browser, a page that is not a secure context) leave the game working online.
pub fn register() {
    #[cfg(target_arch = "wasm32")]
    web::register();
}

/// The game and its computer player have fetched the files they start with: the service worker
/// may now fetch the rest of the build for offline play (once per page). Filling any earlier
/// would race the computer player's worker, which the service worker may not control, for its
/// wasm — the same file crossing the link twice.
pub fn game_loaded() {
    #[cfg(target_arch = "wasm32")]
    web::game_loaded();
}

/// Switches to the new version: the waiting service worker takes over, then the page reloads.
/// Call it only from the player's own action.
pub fn apply_update() {
    #[cfg(target_arch = "wasm32")]
    web::apply_update();
}

/// A small banner offering the new version, shown only while one is ready; mounting it
/// registers the service worker.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    register();
    let ready = update_ready();
    view! {
        <Show when=move || ready.get()>
            <div class="update-banner" role="status" aria-live="polite">
                <span class="update-text">
                    <span lang="zh-Hans">"新版本已就绪"</span>
                    " · New version ready"
                </span>
                <button type="button" class="update-reload" on:click=move |_| apply_update()>
                    <span lang="zh-Hans">"重新载入"</span>
                    " · Reload"
                </button>
            </div>
        </Show>
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::{Cell, RefCell};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

    /// The message `pwa/sw.js` answers with `skipWaiting()`.
    const SKIP_WAITING: &str = "skip-waiting";
    /// The message that asks `pwa/sw.js` to fetch and keep the files it does not have yet.
    const FILL: &str = "fill";

    thread_local! {
        static STARTED: Cell<bool> = const { Cell::new(false) };
        /// The rest of the build was asked for (`game_loaded`).
        static FILLED: Cell<bool> = const { Cell::new(false) };
        /// The player pressed "reload": reload as soon as the new worker controls the page.
        static RELOAD_ASKED: Cell<bool> = const { Cell::new(false) };
        static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    }

    fn container() -> Option<ServiceWorkerContainer> {
        let navigator = web_sys::window()?.navigator();
        // Absent outside secure contexts and in old browsers.
        let present = js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker"))
            .is_ok_and(|v| !v.is_undefined() && !v.is_null());
        present.then(|| navigator.service_worker())
    }

    fn warn(what: &str, e: &JsValue) {
        web_sys::console::warn_2(&JsValue::from_str(what), e);
    }

    /// Runs `ok` or `err` when `promise` settles; a rejection never goes unhandled.
    fn settle(
        promise: &js_sys::Promise,
        ok: impl FnOnce(JsValue) + 'static,
        err: impl FnOnce(JsValue) + 'static,
    ) {
        let ok = Closure::once(ok);
        let err = Closure::once(err);
        let _ = promise.then2(&ok, &err);
        // One of the two never runs: both are left to the JS side (a few bytes per call).
        ok.forget();
        err.forget();
    }

    fn reload() {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    }

    pub(super) fn register() {
        if STARTED.with(|s| s.replace(true)) {
            return;
        }
        let Some(container) = container() else {
            return;
        };
        // The worker sits at the site's root, whatever the page's own path.
        let Some(url) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.base_uri().ok().flatten())
            .and_then(|base| web_sys::Url::new_with_base("sw.js", &base).ok())
            .map(|u| u.href())
        else {
            return;
        };
        // Did a worker already control this page when it loaded? Then a later change of
        // controller means a new version took over (from another tab).
        let had_controller = container.controller().is_some();
        let on_change = Closure::<dyn FnMut()>::new(move || {
            if RELOAD_ASKED.with(Cell::get) {
                reload();
            } else if had_controller {
                super::offer_update();
            }
        });
        container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
        on_change.forget();

        let watched = container.clone();
        settle(
            &container.register(&url),
            move |reg| {
                // A browser that blocks service workers may answer with no registration.
                let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else {
                    return;
                };
                watch(reg, watched);
            },
            |e| {
                warn(
                    "junqi: the service worker was not registered; no offline play",
                    &e,
                )
            },
        );
    }

    /// The game is up: the active worker — once there is one — may now fetch the rest of the
    /// build for offline play (after a first visit it kept only what the page fetched).
    pub(super) fn game_loaded() {
        if FILLED.with(|f| f.replace(true)) {
            return;
        }
        let Some(container) = container() else {
            return;
        };
        let Ok(ready) = container.ready() else {
            return;
        };
        settle(
            &ready,
            |reg| {
                let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else {
                    return;
                };
                if let Some(active) = reg.active() {
                    if let Err(e) = active.post_message(&JsValue::from_str(FILL)) {
                        warn("junqi: the service worker did not answer", &e);
                    }
                }
            },
            |_| {},
        );
    }

    /// Follows `reg` for new versions.
    fn watch(reg: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
        // A new version installed during an earlier visit and still waits.
        if reg.waiting().is_some() && container.controller().is_some() {
            super::offer_update();
        }
        let found = reg.clone();
        let on_found = Closure::<dyn FnMut()>::new(move || {
            let Some(worker) = found.installing() else {
                return;
            };
            let installed = worker.clone();
            let container = container.clone();
            let on_state = Closure::<dyn FnMut()>::new(move || {
                // Without a controller this is the first install: nothing to update.
                if installed.state() == ServiceWorkerState::Installed
                    && container.controller().is_some()
                {
                    super::offer_update();
                }
            });
            worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
            on_state.forget();
        });
        reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
        on_found.forget();

        // An app left open for days: look for a new version whenever it comes back to view.
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            let visible = doc.clone();
            let check = reg.clone();
            let on_visible = Closure::<dyn FnMut()>::new(move || {
                if visible.visibility_state() == web_sys::VisibilityState::Visible {
                    // Offline this fails: the check is simply skipped.
                    if let Ok(update) = check.update() {
                        settle(&update, |_| {}, |_| {});
                    }
                }
            });
            let _ = doc.add_event_listener_with_callback(
                "visibilitychange",
                on_visible.as_ref().unchecked_ref(),
            );
            on_visible.forget();
        }
        REGISTRATION.with(|r| *r.borrow_mut() = Some(reg));
    }

    pub(super) fn apply_update() {
        let waiting = REGISTRATION.with(|r| r.borrow().as_ref().and_then(|reg| reg.waiting()));
        match waiting {
            Some(worker) => {
                RELOAD_ASKED.with(|a| a.set(true));
                if let Err(e) = worker.post_message(&JsValue::from_str(SKIP_WAITING)) {
                    warn("junqi: the new version did not answer", &e);
                    reload();
                }
            }
            // Another tab already switched to the new version: this page only needs a reload.
            None => reload(),
        }
    }
}
