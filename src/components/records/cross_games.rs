//! 四国 games on the records screen, each in the records' one row (with Undo after a delete).
//! Games this version cannot read are named and left as they are.

use crate::components::records::row::{RecordFacts, RecordRow};
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

/// One saved 四国 game's row.
#[component]
fn SiguoItem(game: SiguoSave, deleted: RwSignal<Option<(String, String)>>) -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let info = game.record.mode;
    let result = game.record.result;
    let table = game.record.rules.table;
    let me = (game.config.humans().len() == 1).then(|| game.config.humans()[0]);
    let humans = game.config.humans().len();
    let outcome = Signal::derive(move || match result {
        Some(o) => t::outcome_text(&o, table, me, store.lang()),
        None => i18n::UNFINISHED.get(store.lang()).to_string(),
    });
    let who = Signal::derive(move || {
        let l = store.lang();
        format!(
            "{} {humans} · {} {}",
            t::PERSON.get(l),
            t::COMPUTER.get(l),
            table.seats() - humans
        )
    });
    let finished = game.finished();
    let facts = RecordFacts {
        id: game.id.clone(),
        finished,
        exportable: finished,
        plies: game.plies(),
        date: storage::date_text(game.started),
        // (The tables' English names carry their Chinese ones: the Chinese alone says it.)
        mode: [format!("{} {}", table.zh(), info.zh()), String::new()],
    };
    let id = StoredValue::new(game.id);
    let open = Callback::new(move |replay: bool| {
        let id = id.get_value();
        match sg.open(&store, &id) {
            Ok(()) => {
                if replay {
                    sg.replay_ply.set(Some(0));
                }
            }
            Err(e) => store.message.set(Some(e)),
        }
    });
    let export = Callback::new(move |()| {
        if let Some(Ok(g)) = save::read(&id.get_value()) {
            storage::download(
                &format!("junqi-siguo-{}.json", g.id),
                "application/json",
                &g.full_record().to_json(),
            );
        }
    });
    let delete = Callback::new(move |()| {
        let key = save::key(&id.get_value());
        if let Some(text) = storage::load(&key) {
            save::delete(&id.get_value());
            deleted.set(Some((key, text)));
            sg.records_rev.update(|r| *r += 1);
        }
    });
    view! {
        <RecordRow facts=facts testids="siguo-" who=who outcome=outcome open=open export=export delete=delete/>
    }
}
