//! Sharing a finished game: a link whose fragment (`#r=…`) holds the record, copied to the
//! clipboard when the browser allows, offered to the system's share sheet on touch devices, and
//! always shown in a read-only field. Also the message banner (a bad shared link).

use crate::i18n;
use crate::state::store::Store;
use leptos::prelude::*;
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::{JsCast, JsValue};

/// The Share button and, once pressed, the link.
#[component]
pub fn Share() -> impl IntoView {
    let store = expect_context::<Store>();
    let copied = RwSignal::new(false);
    view! {
        <div class="share">
        <button
            data-testid="share"
            on:click=move |_| {
                let made = store.make_share_link();
                if let Ok(link) = &made {
                    copied.set(false);
                    // Said over the screen: the field below may be out of view.
                    store.show_toast(i18n::SHARE_MADE);
                    copy(link, copied, store);
                    system_share(link);
                }
                store.share.set(Some(made));
            }
        >
            {move || i18n::SHARE.get(store.lang())}
        </button>
        <ShareField copied=copied/>
        </div>
    }
}

/// The link made (or why there is none).
#[component]
fn ShareField(copied: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let lang = store.lang();
        match store.share.get()? {
            Ok(link) => Some(
                view! {
                    <div class="share-box">
                        <input
                            class="share-link"
                            type="text"
                            readonly=true
                            data-testid="share-link"
                            prop:value=link
                            on:focus=move |ev| {
                                if let Some(el) = ev
                                    .target()
                                    .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                                {
                                    el.select();
                                }
                            }
                        />
                        <p class="hint">
                            {i18n::SHARE_HINT.get(lang)}
                            " "
                            {move || copied.get().then(|| i18n::SHARE_COPIED.get(lang))}
                        </p>
                    </div>
                }
                .into_any(),
            ),
            Err(why) => Some(
                view! { <p class="share-error" data-testid="share-error">{why.get(lang)}</p> }
                    .into_any(),
            ),
        }
    }
}

/// Copies to the clipboard; `done` turns true once it worked (it may be refused: the field
/// still shows the link).
pub(crate) fn copy(text: &str, done: RwSignal<bool>, store: Store) {
    let Some(w) = web_sys::window() else { return };
    let clipboard = w.navigator().clipboard();
    if JsValue::from(clipboard.clone()).is_undefined() {
        return;
    }
    let ok = Closure::once(move |_: JsValue| {
        done.set(true);
        store.show_toast(i18n::SHARE_COPIED);
    });
    let fail = Closure::once(move |_: JsValue| {});
    let _ = clipboard.write_text(text).then2(&ok, &fail);
    ok.forget();
    fail.forget();
}

/// The system share sheet (`navigator.share`), on touch devices that have one.
fn system_share(link: &str) {
    let Some(w) = web_sys::window() else { return };
    let coarse = w
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if !coarse {
        return;
    }
    let nav = JsValue::from(w.navigator());
    let Ok(share) = js_sys::Reflect::get(&nav, &"share".into()) else {
        return;
    };
    let Some(share) = share.dyn_ref::<js_sys::Function>() else {
        return;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"url".into(), &link.into());
    if let Ok(p) = share.call1(&nav, &data) {
        if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
            let ignore = Closure::once(move |_: JsValue| {});
            let _ = p.catch(&ignore);
            ignore.forget();
        }
    }
}

/// A short confirmation over the screen (`Store::show_toast`).
#[component]
pub fn Toast() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let text = store.toast.get()?;
        Some(view! {
            <div class="toast" role="status" data-testid="toast">{text.get(store.lang())}</div>
        })
    }
}

/// A message that stays until dismissed.
#[component]
pub fn MessageBanner() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let text = store.message.get()?;
        Some(view! {
            <div class="message-banner" role="alert" data-testid="message">
                <span>{text}</span>
                <button data-testid="message-close" on:click=move |_| store.message.set(None)>
                    {i18n::CLOSE.get(store.lang())}
                </button>
            </div>
        })
    }
}
