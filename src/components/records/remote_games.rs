//! Games with a friend on another device outside the connect screen: the banner that offers
//! to connect again when the connection drops in the middle of a game, and the unfinished
//! games kept on this device, in the records (state/remote_saves.rs).

use crate::i18n::{self, Lang};
use crate::state::storage;
use crate::state::store::Store;
use leptos::prelude::*;

/// Over the board while a game with another device has lost its connection.
#[component]
pub fn ReconnectBanner() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    view! {
        <Show when=move || store.remote_dropped()>
            <div class="unreadable reconnect" data-testid="reconnect" role="alert">
                <p>{move || i18n::REMOTE_LOST.get(lang())}</p>
                <div class="row">
                    <button class="primary" data-testid="reconnect-invite" on:click=move |_| store.reconnect(true)>
                        {move || i18n::REMOTE_RECONNECT.get(lang())}
                    </button>
                    <button data-testid="reconnect-join" on:click=move |_| store.reconnect(false)>
                        {move || i18n::REMOTE_RECONNECT_JOIN.get(lang())}
                    </button>
                </div>
                {move || store.remote.left_in.get().map(|s| view! {
                    <p class="explain" data-testid="left-in">{i18n::remote_left_in(s, lang())}</p>
                    <Show when=move || s == 0>
                        <button data-testid="friend-left" on:click=move |_| store.friend_left()>
                            {move || i18n::REMOTE_FRIEND_LEFT.get(lang())}
                        </button>
                    </Show>
                })}
            </div>
        </Show>
    }
}

/// The records' list of unfinished games with other devices: continue (and connect again),
/// or delete (a copy is kept among the backups).
#[component]
pub fn RemoteRecords() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let kept = move || store.remote_kept();
    view! {
        <Show when=move || !kept().is_empty()>
            <h3>{move || i18n::REMOTE_KEPT.get(lang())}</h3>
            <ul class="record-list" data-testid="remote-records">
                {move || {
                    kept()
                        .into_iter()
                        .map(|(id, save)| {
                            let id = StoredValue::new(id);
                            let (info, readable) = match save {
                                Ok(s) => {
                                    let mode = s.terms.mode;
                                    let date = storage::date_text(s.started);
                                    (
                                        view! {
                                            <span class="record-mode" lang="zh-Hans">{i18n::mode_name(mode, Lang::Zh)}</span>
                                            <span class="record-mode-en">{move || (lang() == Lang::En).then(|| i18n::mode_name(mode, Lang::En))}</span>
                                            <span class="record-who">{move || i18n::OPPONENT_REMOTE.get(lang())}</span>
                                            <span class="record-date">{date}</span>
                                            <span class="record-result">{move || i18n::UNFINISHED.get(lang())}</span>
                                        }
                                        .into_any(),
                                        true,
                                    )
                                }
                                Err(why) => (view! { <span class="record-result">{why}</span> }.into_any(), false),
                            };
                            view! {
                                <li class="record" data-testid="remote-record" data-record=id.get_value()>
                                    <div class="record-info">{info}</div>
                                    <div class="record-actions">
                                        <Show when=move || readable>
                                            <button class="primary" data-testid="remote-resume"
                                                on:click=move |_| store.resume_remote(&id.get_value())>
                                                {move || i18n::RESUME.get(lang())}
                                            </button>
                                        </Show>
                                        <button class="danger" data-testid="remote-delete"
                                            on:click=move |_| {
                                                store.delete_remote(&id.get_value());
                                            }>
                                            {move || i18n::DELETE.get(lang())}
                                        </button>
                                    </div>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </Show>
    }
}
