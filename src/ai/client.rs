//! The page's handle on the computer player, which thinks in a Web Worker (`src/bin/ai_worker.rs`)
//! so the page never freezes.
//!
//! The whole API:
//!
//! ```no_run
//! use junqi::ai::client::AiClient;
//! use junqi::ai::protocol::{AiRequest, AiTask};
//! use leptos::prelude::*;
//! # fn controller(game: &junqi_core::Game, me: junqi_core::Seat, own: &junqi_core::Deployment) {
//! // Once, in a long-lived owner (the app or the game controller); `AiClient` is `Copy`, so it
//! // can go into a context or be captured freely.
//! let ai = AiClient::new();
//!
//! // The computer's turn: ask, and play the answer when it comes.
//! let req = AiRequest::from_view(AiTask::Move, &game.view(Some(me)), Some(own), 3, 1234);
//! let id = ai.request(req, move |res| {
//!     // res.action: Some("…") to parse as `junqi_core::Action`; res.error on failure.
//!     let _ = res;
//! });
//!
//! // Undo, new game, leaving the screen: nothing already asked will be answered.
//! ai.cancel();
//!
//! // A "thinking…" indicator.
//! let thinking: Signal<bool> = ai.is_thinking();
//! # let _ = (id, thinking);
//! # }
//! ```
//!
//! - [`AiClient::request`] numbers the request itself (it returns that number, which the response
//!   carries in `id`) and calls `on_done` exactly once — unless [`AiClient::cancel`] comes
//!   first, in which case it is never called. Requests are answered in the order they were made.
//! - [`AiClient::cancel`] drops every outstanding request. A search cannot be interrupted inside
//!   the worker, so when one is running the worker is terminated and a fresh one started (the
//!   wasm is cached; a respawn costs tens of milliseconds).
//! - If the worker fails (cannot load, crashes), outstanding requests get a response with `error`
//!   set and the next request starts a new worker.
//! - `on_done` runs from the browser's event loop, never inside `request` itself, except natively
//!   (tests, no Worker): there the answer is computed at once and `on_done` runs before
//!   `request` returns.
//! - The worker script is `ai_worker.js` next to the page (`document.baseURI`), as Trunk writes it.
//!   Its name is the same in every build, so the worker must say which build it is
//!   ([`super::ready_of_this_build`]). A worker of another build is refused for the life of the
//!   page: what was asked and what is asked later get an error answer at once (the game then
//!   answers with a small search on the page's thread), and the update banner is shown
//!   ([`crate::pwa::offer_update`]), since a reload brings page and worker together again.

use super::protocol::{AiRequest, AiResponse};
use leptos::prelude::*;

type Done = Box<dyn FnOnce(AiResponse)>;

/// The computer player, thinking in a Web Worker. Cheap to copy: a handle on state kept by the
/// reactive owner that created it.
#[derive(Copy, Clone, Debug)]
pub struct AiClient {
    inner: StoredValue<Inner, LocalStorage>,
    thinking: RwSignal<bool>,
}

struct Inner {
    /// The number of the next request.
    next_id: u64,
    /// Requests sent and not yet answered, oldest first.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pending: Vec<(u64, Done)>,
    #[cfg(target_arch = "wasm32")]
    link: web::Link,
}

impl Default for AiClient {
    fn default() -> Self {
        AiClient::new()
    }
}

impl AiClient {
    /// A client; in the browser the worker starts loading at once.
    pub fn new() -> AiClient {
        let client = AiClient {
            inner: StoredValue::new_local(Inner {
                next_id: 1,
                pending: Vec::new(),
                #[cfg(target_arch = "wasm32")]
                link: web::Link::default(),
            }),
            thinking: RwSignal::new(false),
        };
        #[cfg(target_arch = "wasm32")]
        client.inner.update_value(|inner| {
            // A failure here shows again, and is reported, on the first request.
            let _ = inner.link.spawn(client);
        });
        client
    }

    /// Asks the computer player; `on_done` gets the answer. Returns the request's number (the
    /// `id` of its response); the `id` given in `req` is replaced by it.
    pub fn request(&self, mut req: AiRequest, on_done: impl FnOnce(AiResponse) + 'static) -> u64 {
        let Some(id) = self.inner.try_update_value(|inner| {
            let id = inner.next_id;
            inner.next_id += 1;
            id
        }) else {
            return 0; // the owner is gone: nobody is listening any more
        };
        req.id = id;
        self.send(req, Box::new(on_done));
        id
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn send(&self, req: AiRequest, on_done: Done) {
        on_done(super::protocol::answer(&req));
    }

    #[cfg(target_arch = "wasm32")]
    fn send(&self, req: AiRequest, on_done: Done) {
        let json = match serde_json::to_string(&req) {
            Ok(json) => json,
            Err(e) => return on_done(AiResponse::failed(req.id, format!("encoding: {e}"))),
        };
        let client = *self;
        let refused = self
            .inner
            .try_update_value(|inner| match inner.link.post(client, json) {
                Ok(()) => {
                    inner.pending.push((req.id, on_done));
                    None
                }
                Err(e) => Some((on_done, e)),
            });
        match refused {
            Some(None) => self.thinking.set(true),
            // Answered from the event loop, as promised, not inside `request`.
            Some(Some((on_done, e))) => set_timeout(
                move || on_done(AiResponse::failed(req.id, e)),
                std::time::Duration::ZERO,
            ),
            None => {}
        }
    }

    /// Forgets every outstanding request: their `on_done` will never run. Stops a running search
    /// by replacing the worker.
    pub fn cancel(&self) {
        let dropped = self.inner.try_update_value(|inner| {
            #[cfg(target_arch = "wasm32")]
            inner.link.cancel(*self, !inner.pending.is_empty());
            std::mem::take(&mut inner.pending)
        });
        self.thinking.set(false);
        drop(dropped);
    }

    /// Whether the computer player is thinking (some request is outstanding).
    pub fn is_thinking(&self) -> Signal<bool> {
        self.thinking.into()
    }

    /// A response (or the worker's "ready") came from `worker`.
    #[cfg(target_arch = "wasm32")]
    fn on_message(&self, from: &wasm_bindgen::JsValue, text: String) {
        enum Heard {
            Nothing,
            Ready,
            Answer(Done, AiResponse, bool),
            Refused(Vec<(u64, Done)>),
        }
        let heard = self.inner.try_update_value(|inner| {
            if !inner.link.is_current(from) {
                return Heard::Nothing;
            }
            match super::ready_of_this_build(&text) {
                Some(true) => {
                    inner.link.on_ready();
                    return Heard::Ready;
                }
                Some(false) => {
                    inner.link.refuse();
                    return Heard::Refused(std::mem::take(&mut inner.pending));
                }
                None => {}
            }
            let Ok(res) = serde_json::from_str::<AiResponse>(&text) else {
                return Heard::Nothing;
            };
            let Some(at) = inner.pending.iter().position(|(id, _)| *id == res.id) else {
                return Heard::Nothing;
            };
            let (_, on_done) = inner.pending.remove(at);
            Heard::Answer(on_done, res, inner.pending.is_empty())
        });
        match heard {
            // The worker has its wasm: the rest of the build may follow for offline play.
            Some(Heard::Ready) => crate::pwa::game_loaded(),
            Some(Heard::Answer(on_done, res, idle)) => {
                if idle {
                    self.thinking.set(false);
                }
                on_done(res);
            }
            Some(Heard::Refused(failed)) => {
                leptos::logging::warn!(
                    "the computer player's worker is of another build ({text:?}, this page is {}): \
                     it is not used; the page thinks itself until it is reloaded",
                    super::BUILD_ID
                );
                crate::pwa::offer_update();
                crate::pwa::game_loaded();
                self.thinking.set(false);
                for (id, on_done) in failed {
                    on_done(AiResponse::failed(id, web::OTHER_BUILD));
                }
            }
            Some(Heard::Nothing) | None => {}
        }
    }

    /// `worker` failed: every outstanding request gets an error answer.
    #[cfg(target_arch = "wasm32")]
    fn on_error(&self, from: &wasm_bindgen::JsValue, message: String) {
        let failed = self.inner.try_update_value(|inner| {
            if !inner.link.is_current(from) {
                return Vec::new();
            }
            inner.link.kill();
            std::mem::take(&mut inner.pending)
        });
        // No computer player this time; offline play still gets the rest of the build.
        crate::pwa::game_loaded();
        self.thinking.set(false);
        for (id, on_done) in failed.unwrap_or_default() {
            on_done(AiResponse::failed(
                id,
                format!("the computer player failed: {message}"),
            ));
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    //! The worker's lifetime: spawn (as a module worker through a tiny loader), wait for its
    //! "ready", queue what was asked before, terminate.

    use super::AiClient;
    use crate::js::error_text as js_error;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

    /// The worker script, relative to the page.
    const SCRIPT: &str = "ai_worker.js";

    /// The error answer while the worker is refused.
    pub(super) const OTHER_BUILD: &str =
        "the computer player is from another version of the game: reload to update";

    #[derive(Default)]
    pub(super) struct Link {
        worker: Option<Worker>,
        /// The worker said it is of another build: none is started again.
        refused: bool,
        /// The worker has said it is ready (its message handler is in place).
        ready: bool,
        /// Requests made before it was ready.
        queue: Vec<String>,
        /// A blob: URL of `import init from "…/ai_worker.js"; await init();`.
        loader: Option<String>,
        /// Handlers shared by every worker this link starts, made once and never dropped (so
        /// none is dropped while it runs).
        on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
        on_error: Option<Closure<dyn FnMut(Event)>>,
    }

    impl Link {
        /// Starts a worker unless one is running.
        pub(super) fn spawn(&mut self, client: AiClient) -> Result<(), String> {
            if self.refused {
                return Err(OTHER_BUILD.into());
            }
            if self.worker.is_some() {
                return Ok(());
            }
            if self.loader.is_none() {
                self.loader = Some(crate::js::module_worker_url(SCRIPT)?);
            }
            let on_message = self.on_message.get_or_insert_with(|| {
                Closure::new(move |ev: MessageEvent| {
                    if let (Some(from), Some(text)) = (ev.target(), ev.data().as_string()) {
                        client.on_message(&from, text);
                    }
                })
            });
            let on_error = self.on_error.get_or_insert_with(|| {
                Closure::new(move |ev: Event| {
                    let message = ev
                        .dyn_ref::<ErrorEvent>()
                        .map(|e| e.message())
                        .filter(|m| !m.is_empty())
                        .unwrap_or_else(|| "the worker could not start".into());
                    if let Some(from) = ev.target() {
                        client.on_error(&from, message);
                    }
                })
            });
            let opts = WorkerOptions::new();
            opts.set_type(WorkerType::Module);
            opts.set_name("junqi-ai");
            let url = self.loader.as_deref().unwrap_or_default();
            let worker = Worker::new_with_options(url, &opts).map_err(js_error)?;
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            self.worker = Some(worker);
            self.ready = false;
            Ok(())
        }

        /// Sends a request, or queues it until the worker is ready.
        pub(super) fn post(&mut self, client: AiClient, json: String) -> Result<(), String> {
            self.spawn(client)?;
            match (&self.worker, self.ready) {
                (Some(w), true) => w.post_message(&JsValue::from_str(&json)).map_err(js_error),
                _ => {
                    self.queue.push(json);
                    Ok(())
                }
            }
        }

        /// The worker's handler is in place: send what waited.
        pub(super) fn on_ready(&mut self) {
            self.ready = true;
            if let Some(w) = &self.worker {
                for json in std::mem::take(&mut self.queue) {
                    // A failure here means the worker is dying: its error event answers.
                    let _ = w.post_message(&JsValue::from_str(&json));
                }
            }
        }

        /// Is `from` the worker now in use (not one terminated since)?
        pub(super) fn is_current(&self, from: &JsValue) -> bool {
            self.worker.as_ref().is_some_and(|w| {
                let w: &JsValue = w.as_ref();
                w == from
            })
        }

        /// Drops what was asked; a busy worker is replaced by a fresh one.
        pub(super) fn cancel(&mut self, client: AiClient, busy: bool) {
            self.queue.clear();
            if busy && self.ready {
                self.kill();
                let _ = self.spawn(client);
            }
        }

        /// The worker is of another build: end it and never start one again.
        pub(super) fn refuse(&mut self) {
            self.kill();
            self.refused = true;
        }

        pub(super) fn kill(&mut self) {
            if let Some(w) = self.worker.take() {
                w.set_onmessage(None);
                w.set_onerror(None);
                w.terminate();
            }
            self.ready = false;
            self.queue.clear();
        }
    }

    impl Drop for Link {
        /// The client's owner is gone: stop the worker, which would otherwise outlive it.
        fn drop(&mut self) {
            self.kill();
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::ai::protocol::AiTask;
    use junqi_core::{Mode, PlayerView, Rules, Seat, CLASSIC_START};
    use std::cell::RefCell;
    use std::rc::Rc;

    #[test]
    fn natively_requests_are_answered_at_once_and_numbered() {
        let ai = AiClient::new();
        let view =
            PlayerView::from_jfen(CLASSIC_START, Some(Seat::RED), Mode::Open, Rules::default())
                .unwrap();
        let got: Rc<RefCell<Vec<AiResponse>>> = Rc::default();
        for _ in 0..2 {
            let mut req = AiRequest::from_view(AiTask::Move, &view, None, 1, 5);
            req.id = 1000; // replaced by the client's own number
            let sink = got.clone();
            let id = ai.request(req, move |res| sink.borrow_mut().push(res));
            assert_eq!(got.borrow().last().unwrap().id, id);
        }
        let got = got.borrow();
        assert_eq!(got.len(), 2);
        assert!(got[0].id < got[1].id);
        assert!(got.iter().all(|r| r.action.is_some()));
        assert_eq!(got[0].action, got[1].action);
        assert!(!ai.is_thinking().get_untracked());
        ai.cancel();
        assert!(!ai.is_thinking().get_untracked());
    }
}
