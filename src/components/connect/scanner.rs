//! The camera's reader of the other device's QR code, beside the box where its text is pasted
//! (src/remote/scan.rs): shown where the browser can give the page a camera. A code read is
//! taken as if pasted; the camera stops as soon as it is read, cancelled or left.

use crate::i18n;
use crate::state::store::Store;
use leptos::prelude::*;

/// "Scan the code with the camera", and the camera's picture while it reads.
#[component]
pub fn Scanner(on_text: Callback<String>) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let reading = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let found = Callback::new(move |text: String| {
        reading.set(false);
        on_text.run(text);
    });
    let failed = Callback::new(move |why: String| {
        reading.set(false);
        error.set(Some(why));
    });
    view! {
        <Show when=camera_exists>
            <Show
                when=move || reading.get()
                fallback=move || view! {
                    <button
                        class="connect-scan"
                        data-testid="scan"
                        on:click=move |_| {
                            error.set(None);
                            reading.set(true);
                        }
                    >
                        {move || i18n::SCAN_CODE.get(lang())}
                    </button>
                }
            >
                <Viewfinder found=found failed=failed cancel=Callback::new(move |()| reading.set(false))/>
            </Show>
            {move || error.get().map(|why| view! {
                <p class="connect-error" role="alert" data-testid="scan-error">
                    {i18n::SCAN_FAILED.get(lang())}{why}
                </p>
            })}
        </Show>
    }
}

fn camera_exists() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        crate::remote::scan::camera::exists()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// The camera's picture, read four times a second until a code is found.
#[component]
fn Viewfinder(
    found: Callback<String>,
    failed: Callback<String>,
    cancel: Callback<()>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let video = NodeRef::<leptos::html::Video>::new();
    #[cfg(target_arch = "wasm32")]
    watch(video, found, failed);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (found, failed);
    view! {
        <div class="scanner" data-testid="scanner">
            <video node_ref=video class="scanner-video" playsinline="" muted="" autoplay=""
                aria-label=move || i18n::SCAN_HELP.get(lang())></video>
            <p class="explain">{move || i18n::SCAN_HELP.get(lang())}</p>
            <button data-testid="scan-cancel" on:click=move |_| cancel.run(())>
                {move || i18n::CANCEL.get(lang())}
            </button>
        </div>
    }
}

/// Opens the camera once `video` is in the page and has its frames read; everything stops when
/// the viewfinder goes.
#[cfg(target_arch = "wasm32")]
fn watch(video: NodeRef<leptos::html::Video>, found: Callback<String>, failed: Callback<String>) {
    use crate::remote::scan::camera::{self, Reader};
    use std::time::Duration;
    let stream = StoredValue::new_local(None::<web_sys::MediaStream>);
    let reader = StoredValue::new_local(None::<Reader>);
    let timer = StoredValue::new_local(None::<IntervalHandle>);
    let started = StoredValue::new_local(false);
    let stop = move || {
        if let Some(t) = timer.try_update_value(Option::take).flatten() {
            t.clear();
        }
        // Dropped, the reader ends its worker: later, since this may run inside its own
        // message handler.
        if let Some(r) = reader.try_update_value(Option::take).flatten() {
            leptos::task::spawn_local(async move { drop(r) });
        }
        if let Some(s) = stream.try_update_value(Option::take).flatten() {
            camera::close(&s);
        }
    };
    Effect::new(move |_| {
        let Some(v) = video.get() else { return };
        if started.get_value() {
            return;
        }
        started.set_value(true);
        leptos::task::spawn_local(async move {
            let opened = camera::open(&v).await;
            if stream.try_get_value().is_none() {
                // Left while the browser asked: the camera goes at once.
                if let Ok(s) = opened {
                    camera::close(&s);
                }
                return;
            }
            let made = opened.and_then(|s| {
                stream.set_value(Some(s));
                Reader::start(
                    move |text| {
                        stop();
                        found.run(text);
                    },
                    move |why| {
                        stop();
                        failed.run(why);
                    },
                )
            });
            match made {
                Ok(r) => {
                    reader.set_value(Some(r));
                    let offer = move || {
                        reader.with_value(|r| {
                            if let Some(r) = r {
                                r.offer(&v)
                            }
                        })
                    };
                    if let Ok(t) = set_interval_with_handle(offer, Duration::from_millis(250)) {
                        timer.set_value(Some(t));
                    }
                }
                Err(why) => {
                    stop();
                    failed.run(why);
                }
            }
        });
    });
    on_cleanup(stop);
}
