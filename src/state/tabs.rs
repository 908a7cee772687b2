//! One tab plays a running game: it holds a Web Lock named after the game
//! (`navigator.locks.request(name, {ifAvailable})`) for as long as it plays it. Another tab that
//! opens the game finds the lock taken and says so; it can take the game over
//! (`{steal: true}`), and the tab that held it is told it lost it. Where the browser has no
//! Web Locks (and natively) every claim succeeds, as before.

/// Claims the game `id` for this tab, or takes it from another tab (`steal`). `done` gets
/// whether this tab holds it now (false: another tab does); `lost` is called if another tab
/// takes it over later. A claim releases whatever this tab held before.
pub fn claim(
    id: &str,
    steal: bool,
    done: impl FnOnce(bool) + 'static,
    lost: impl FnOnce() + 'static,
) {
    #[cfg(target_arch = "wasm32")]
    web::claim(&lock_name(id), steal, done, lost);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (id, steal, lost);
        done(true);
    }
}

/// Lets go of the game this tab holds, if any.
pub fn release() {
    #[cfg(target_arch = "wasm32")]
    web::release();
}

/// The lock's name for a game.
pub fn lock_name(id: &str) -> String {
    format!("junqi.game.{id}")
}

#[cfg(target_arch = "wasm32")]
mod web {
    use js_sys::{Function, Object, Promise, Reflect};
    use std::cell::RefCell;
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};

    thread_local! {
        /// The lock held: its name and the function that lets it go.
        static HELD: RefCell<Option<(String, Function)>> = const { RefCell::new(None) };
    }

    fn held(name: &str) -> bool {
        HELD.with(|h| h.borrow().as_ref().is_some_and(|(n, _)| n == name))
    }

    pub fn release() {
        if let Some((_, let_go)) = HELD.with(|h| h.borrow_mut().take()) {
            let _ = let_go.call0(&JsValue::NULL);
        }
    }

    /// `navigator.locks` and its `request`, where the browser has them.
    fn lock_manager() -> Option<(JsValue, Function)> {
        let navigator = web_sys::window()?.navigator();
        let locks = Reflect::get(&navigator, &"locks".into()).ok()?;
        if locks.is_undefined() || locks.is_null() {
            return None;
        }
        let request = Reflect::get(&locks, &"request".into())
            .ok()?
            .dyn_into::<Function>()
            .ok()?;
        Some((locks, request))
    }

    pub fn claim(
        name: &str,
        steal: bool,
        done: impl FnOnce(bool) + 'static,
        lost: impl FnOnce() + 'static,
    ) {
        if held(name) {
            done(true);
            return;
        }
        release();
        let Some((locks, request)) = lock_manager() else {
            done(true);
            return;
        };
        let options = Object::new();
        let flag = if steal { "steal" } else { "ifAvailable" };
        if Reflect::set(&options, &flag.into(), &JsValue::TRUE).is_err() {
            done(true);
            return;
        }
        let owned = name.to_string();
        let granted = Closure::once_into_js(move |lock: JsValue| -> JsValue {
            if lock.is_null() {
                done(false);
                return JsValue::UNDEFINED;
            }
            // Held until the promise returned here settles: `release` resolves it.
            let mut let_go = None;
            let hold = Promise::new(&mut |resolve, _| let_go = Some(resolve));
            if let Some(f) = let_go {
                HELD.with(|h| *h.borrow_mut() = Some((owned, f)));
            }
            done(true);
            hold.into()
        });
        let asked = request.call3(&locks, &name.into(), &options, &granted);
        let Ok(promise) = asked.and_then(|p| p.dyn_into::<Promise>()) else {
            return;
        };
        // Taken over by another tab: the request's promise is rejected.
        let name = name.to_string();
        let on_lost = Closure::once(move |_: JsValue| {
            if held(&name) {
                HELD.with(|h| h.borrow_mut().take());
                lost();
            }
        });
        let _ = promise.catch(&on_lost);
        on_lost.forget();
    }
}
