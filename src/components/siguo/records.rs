//! 四国 games on the records screen: each saved game with Resume or Replay, Export (finished
//! games only: an unfinished record would give hidden pieces away) and Delete (with Undo).
//! Games this version cannot read are named and left as they are.

use crate::i18n::{self, siguo_text as t};
use crate::state::siguo::save::{self, SiguoSave};
use crate::state::storage;
use crate::state::store::Store;
use leptos::prelude::*;

#[component]
pub fn SiguoRecords() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let refresh = store.siguo.records_rev;
    let listed = Memo::new(move |_| {
        refresh.track();
        save::list()
    });
    let deleted: RwSignal<Option<(String, String)>> = RwSignal::new(None);
    let items = move || {
        listed.with(|(games, _)| {
            games
                .iter()
                .cloned()
                .map(|g| view! { <SiguoItem game=g deleted=deleted/> })
                .collect_view()
        })
    };
    let unreadable = move || {
        listed.with(|(_, bad)| {
            bad.iter()
                .map(|(k, why)| {
                    view! { <li class="record unreadable" data-testid="siguo-record-unreadable">{format!("{k}: {why}")}</li> }
                })
                .collect_view()
        })
    };
    let undo = move |_| {
        if let Some((key, text)) = deleted.get_untracked() {
            storage::save(&key, &text);
            deleted.set(None);
            refresh.update(|r| *r += 1);
        }
    };
    view! {
        <Show when=move || listed.with(|(g, b)| !g.is_empty() || !b.is_empty())>
            <h3 class="records-sub">{move || t::RECORDS_4P.get(lang())}</h3>
            <Show when=move || deleted.get().is_some()>
                <p class="records-note" role="status">
                    <button data-testid="siguo-undo-delete" on:click=undo>{move || i18n::UNDO_DELETE.get(lang())}</button>
                </p>
            </Show>
            <ul class="record-list" data-testid="siguo-record-list">{items} {unreadable}</ul>
        </Show>
    }
}

#[component]
fn SiguoItem(game: SiguoSave, deleted: RwSignal<Option<(String, String)>>) -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let finished = game.finished();
    let plies = game.plies();
    let date = storage::date_text(game.started);
    let info = game.record.mode;
    let result = game.record.result;
    let table = game.record.rules.table;
    let me = (game.config.humans().len() == 1).then(|| game.config.humans()[0]);
    let humans = game.config.humans().len();
    let id = StoredValue::new(game.id.clone());
    let outcome = move || match result {
        Some(o) => t::outcome_text(&o, table, me, lang()),
        None => i18n::UNFINISHED.get(lang()).to_string(),
    };
    let who = move || {
        let l = lang();
        format!(
            "{} {humans} · {} {}",
            t::PERSON.get(l),
            t::COMPUTER.get(l),
            table.seats() - humans
        )
    };
    let open = move |replay: bool| {
        let id = id.get_value();
        match sg.open(&store, &id) {
            Ok(()) => {
                if replay {
                    sg.replay_ply.set(Some(0));
                }
            }
            Err(e) => store.message.set(Some(e)),
        }
    };
    let export = move |_| {
        if let Some(Ok(g)) = save::read(&id.get_value()) {
            storage::download(
                &format!("junqi-siguo-{}.json", g.id),
                "application/json",
                &g.full_record().to_json(),
            );
        }
    };
    let delete = move |_| {
        let key = save::key(&id.get_value());
        if let Some(text) = storage::load(&key) {
            save::delete(&id.get_value());
            deleted.set(Some((key, text)));
            sg.records_rev.update(|r| *r += 1);
        }
    };
    view! {
        <li class="record" data-testid="siguo-record" data-record=game.id.clone() data-finished=finished.to_string()>
            <div class="record-info">
                <span class="record-mode" lang="zh-Hans" data-testid="record-table">{format!("{} {}", table.zh(), info.zh())}</span>
                <span class="record-who">{who}</span>
                <span class="record-date">{date}</span>
                <span class="record-result" data-testid="record-result">{outcome}</span>
                <span class="record-plies">{move || i18n::plies(plies, lang())}</span>
            </div>
            <div class="record-actions">
                <Show when=move || !finished>
                    <button class="primary" data-testid="siguo-resume" on:click=move |_| open(false)>
                        {move || i18n::RESUME.get(lang())}
                    </button>
                </Show>
                <Show when=move || finished>
                    <button class="primary" data-testid="siguo-record-replay" on:click=move |_| open(true)>
                        {move || i18n::REPLAY.get(lang())}
                    </button>
                </Show>
                <button data-testid="siguo-export" disabled=!finished
                    title=move || (!finished).then(|| i18n::EXPORT_LATER.get(lang()))
                    on:click=export>
                    {move || i18n::EXPORT.get(lang())}
                </button>
                <button class="danger" data-testid="siguo-delete" on:click=delete>
                    {move || i18n::DELETE.get(lang())}
                </button>
            </div>
        </li>
    }
}
