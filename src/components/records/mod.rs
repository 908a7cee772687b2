//! The records screen: every saved game (finished and unfinished) with Resume, Export and
//! Delete; importing a record file. And the message shown when saved games cannot be read.

mod cross_games;
pub mod remote_games;
pub mod replay;
pub mod replay_controls;
pub mod row;
pub mod share;

use crate::i18n::{self, Lang};
use crate::state::config::Opponent;
use crate::state::saves::SavedGame;
use crate::state::storage;
use crate::state::store::Store;
use leptos::prelude::*;
use row::{RecordFacts, RecordRow};
use wasm_bindgen::JsCast;

#[component]
pub fn RecordsScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    // An unfinished game in which no move was played is listed only while the new-game screen
    // offers to continue it: otherwise it is a formation left behind, not a game.
    let games = move || {
        let left = store.left.get();
        store.saves.with(|s| {
            s.games
                .iter()
                .filter(|g| g.finished() || g.plies() > 0 || left.as_ref() == Some(&g.id))
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let any_siguo = Memo::new(move |_| {
        store.siguo.records_rev.track();
        let (games, bad) = crate::state::siguo::save::list();
        !games.is_empty() || !bad.is_empty()
    });
    let note = move || {
        store.records_note.get().map(|n| {
            view! {
                <p class=if n.error { "records-note error" } else { "records-note" }
                    data-testid="records-note" role="status">
                    {n.text}
                </p>
            }
        })
    };
    view! {
        <div class="screen records" data-testid="records-screen">
            <section class="panel records-panel">
                <div class="records-head">
                    <h2 class="panel-heading">{move || i18n::RECORDS.get(lang())}</h2>
                    <button data-testid="records-back" on:click=move |_| store.open_new_game()>
                        {move || i18n::BACK.get(lang())}
                    </button>
                </div>
                <p class="explain">
                    {move || i18n::RECORDS_HINT.get(lang())} " " {move || i18n::EXPORT_LATER.get(lang())}
                </p>
                <div class="records-tools">
                    <ImportButton/>
                    <Show when=move || store.aside.get()>
                        <button data-testid="export-unreadable" on:click=move |_| store.export_unreadable()>
                            {move || i18n::DOWNLOAD_RAW.get(lang())}
                        </button>
                    </Show>
                    <Show when=move || store.aside.get() && store.has_unreplayable()>
                        <button data-testid="export-unreplayable" on:click=move |_| store.export_unreplayable()>
                            {move || i18n::DOWNLOAD_RECORD.get(lang())}
                        </button>
                    </Show>
                </div>
                {note}
                <DeletedNote/>
                <PrunedNote/>
                <ul class="record-list" data-testid="record-list">
                    <For each=games key=|g| (g.id.clone(), g.saved.to_bits()) let:g>
                        <RecordItem game=g/>
                    </For>
                </ul>
                <Show when=move || games().is_empty() && !any_siguo.get() && store.remote_kept().is_empty()>
                    <p class="explain" data-testid="no-records">{move || i18n::NO_RECORDS.get(lang())}</p>
                </Show>
                <crate::components::records::remote_games::RemoteRecords/>
                <cross_games::SiguoRecords/>
            </section>
        </div>
    }
}

/// One saved 2-player game's row.
#[component]
pub fn RecordItem(game: SavedGame) -> impl IntoView {
    let store = expect_context::<Store>();
    let config = game.config();
    let imported = game.imported;
    let result = game.result;
    let who = Signal::derive(move || {
        let l = store.lang();
        if imported {
            i18n::IMPORTED_GAME.get(l).to_string()
        } else {
            match config.opponent {
                Opponent::Computer => i18n::computer_level(config.level, l),
                Opponent::Friend => i18n::OPPONENT_FRIEND.get(l).to_string(),
                Opponent::Remote => i18n::OPPONENT_REMOTE.get(l).to_string(),
                Opponent::Watch => format!(
                    "{} · {}",
                    i18n::OPPONENT_WATCH.get(l),
                    i18n::computer_level(config.level, l)
                ),
            }
        }
    });
    let outcome = Signal::derive(move || match result {
        Some(o) => i18n::outcome_text(o, store.lang()),
        None => i18n::UNFINISHED.get(store.lang()).to_string(),
    });
    let facts = RecordFacts {
        id: game.id.clone(),
        finished: game.finished(),
        exportable: game.exportable(),
        plies: game.plies(),
        date: storage::date_text(game.started),
        mode: [Lang::Zh, Lang::En].map(|l| i18n::mode_name(config.mode, l).to_string()),
    };
    let id = StoredValue::new(game.id);
    let open = Callback::new(move |replay: bool| {
        if replay {
            store.replay_record(&id.get_value());
        } else {
            store.resume_record(&id.get_value());
        }
    });
    let export = Callback::new(move |()| store.export_record(&id.get_value()));
    let delete = Callback::new(move |()| store.delete_record(&id.get_value()));
    view! {
        <RecordRow facts=facts testids="" who=who outcome=outcome open=open export=export delete=delete/>
    }
}

/// After a delete: says so and offers to take it back.
#[component]
fn DeletedNote() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    move || {
        store.last_deleted.with(Option::is_some).then(|| {
            view! {
                <p class="records-note" data-testid="deleted-note" role="status">
                    {move || i18n::DELETED.get(lang())} " "
                    <button data-testid="undo-delete" on:click=move |_| store.undo_delete()>
                        {move || i18n::UNDO_DELETE.get(lang())}
                    </button>
                </p>
            }
        })
    }
}

/// Old finished games were dropped to keep the list at its cap: how many.
#[component]
fn PrunedNote() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    move || {
        let n = store.pruned.get();
        (n > 0).then(|| {
            view! {
                <p class="records-note" data-testid="pruned-note" role="status">
                    {move || i18n::PRUNED.get(lang())} {n}
                </p>
            }
        })
    }
}

/// A file picker for a record file (JSON, RULES.md §9).
#[component]
fn ImportButton() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let on_change = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let name = file.name();
        let failed_name = name.clone();
        let read = wasm_bindgen::closure::Closure::once(move |text: wasm_bindgen::JsValue| {
            let text = text.as_string().unwrap_or_default();
            store.import_record(&name, &text);
        });
        // The browser could not read the file (removed meanwhile, no permission…): say so.
        let failed = wasm_bindgen::closure::Closure::once(move |e: wasm_bindgen::JsValue| {
            let why = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|| "unreadable".into());
            let text = format!(
                "{}{failed_name}: {why}",
                i18n::IMPORT_FAILED.get(untrack(|| store.lang()))
            );
            store
                .records_note
                .set(Some(crate::state::store::RecordsNote { error: true, text }));
        });
        let _ = file.text().then2(&read, &failed);
        read.forget();
        failed.forget();
    };
    view! {
        <label class="import button-like">
            <span>{move || i18n::IMPORT.get(lang())}</span>
            <input type="file" accept=".json,application/json" data-testid="import" on:change=on_change/>
        </label>
    }
}

/// Saved games could not be read on start: why, the raw data to download, and a close button.
#[component]
pub fn UnreadableBanner() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    move || {
        let why = store.unreadable.get()?;
        Some(view! {
            <div class="unreadable" data-testid="storage-problem" role="alert">
                <strong>{move || i18n::UNREADABLE_TITLE.get(lang())}</strong>
                <p>{move || i18n::UNREADABLE_TEXT.get(lang())}</p>
                <p class="unreadable-why" data-testid="storage-problem-why">{why}</p>
                <div class="unreadable-buttons">
                    <button class="primary" data-testid="download-unreadable"
                        on:click=move |_| store.export_unreadable()>
                        {move || i18n::DOWNLOAD_RAW.get(lang())}
                    </button>
                    <Show when=move || store.has_unreplayable()>
                        <button data-testid="download-record" on:click=move |_| store.export_unreplayable()>
                            {move || i18n::DOWNLOAD_RECORD.get(lang())}
                        </button>
                    </Show>
                    <button data-testid="dismiss-unreadable" on:click=move |_| store.unreadable.set(None)>
                        {move || i18n::CLOSE.get(lang())}
                    </button>
                </div>
            </div>
        })
    }
}

/// The game on the board is played in another tab, or went on there: this tab stops saving it
/// and offers to continue it here (taking it over) or to load the latest.
#[component]
pub fn ElsewhereBanner() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    move || {
        if store.open_elsewhere.get() {
            Some(
                view! {
                    <div class="unreadable" data-testid="open-elsewhere" role="alert">
                        <p>{move || i18n::OPEN_ELSEWHERE.get(lang())}</p>
                        <div class="unreadable-buttons">
                            <button class="primary" data-testid="take-over"
                                on:click=move |_| store.take_over()>
                                {move || i18n::TAKE_OVER.get(lang())}
                            </button>
                            <button data-testid="elsewhere-leave" on:click=move |_| store.open_new_game()>
                                {move || i18n::NEW_GAME.get(lang())}
                            </button>
                        </div>
                    </div>
                }
                .into_any(),
            )
        } else if store.elsewhere.get() {
            Some(
                view! {
                    <div class="unreadable" data-testid="elsewhere" role="alert">
                        <p>{move || i18n::ELSEWHERE.get(lang())}</p>
                        <div class="unreadable-buttons">
                            <button class="primary" data-testid="elsewhere-load"
                                on:click=move |_| store.reload_current()>
                                {move || i18n::ELSEWHERE_LOAD.get(lang())}
                            </button>
                            <button data-testid="elsewhere-leave" on:click=move |_| store.open_new_game()>
                                {move || i18n::NEW_GAME.get(lang())}
                            </button>
                        </div>
                    </div>
                }
                .into_any(),
            )
        } else {
            None
        }
    }
}
