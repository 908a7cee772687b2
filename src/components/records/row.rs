//! One saved game's row on the records screen, for the games of either board: what it was
//! (the mode, who played, when, how it ended, how long) and its buttons — Resume or Replay,
//! Export (finished games only: an unfinished record would give hidden pieces away) and Delete.

use crate::i18n::{self, Lang};
use crate::state::store::Store;
use leptos::prelude::*;

/// What a row says of its game, as plain values.
pub struct RecordFacts {
    pub id: String,
    pub finished: bool,
    pub exportable: bool,
    pub plies: usize,
    /// When it started, as the records write a date.
    pub date: String,
    /// The mode's name in Chinese (always shown, as the platforms name games) and in English
    /// (beside it when the page speaks English; none if empty).
    pub mode: [String; 2],
}

/// One saved game: its facts, and its buttons (`.record-actions`, open to more). `testids`
/// prefixes the row's test ids (`siguo-` for the 4-player games); `open` is asked to resume
/// (`false`) or replay (`true`) the game.
#[component]
pub fn RecordRow(
    facts: RecordFacts,
    testids: &'static str,
    who: Signal<String>,
    outcome: Signal<String>,
    open: Callback<bool>,
    export: Callback<()>,
    delete: Callback<()>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let RecordFacts {
        id,
        finished,
        exportable,
        plies,
        date,
        mode: [zh, en],
    } = facts;
    view! {
        <li class="record" data-testid=format!("{testids}record") data-record=id
            data-finished=finished.to_string()>
            <div class="record-info">
                <span class="record-mode" lang="zh-Hans">{zh}</span>
                {(!en.is_empty()).then(|| view! {
                    <span class="record-mode-en">{move || (lang() == Lang::En).then(|| en.clone())}</span>
                })}
                <span class="record-who">{who}</span>
                <span class="record-date">{date}</span>
                <span class="record-result" data-testid="record-result">{outcome}</span>
                <span class="record-plies">{move || i18n::plies(plies, lang())}</span>
            </div>
            <div class="record-actions">
                <Show when=move || !finished>
                    <button class="primary" data-testid=format!("{testids}resume")
                        on:click=move |_| open.run(false)>
                        {move || i18n::RESUME.get(lang())}
                    </button>
                </Show>
                <Show when=move || finished>
                    <button class="primary" data-testid=format!("{testids}record-replay")
                        on:click=move |_| open.run(true)>
                        {move || i18n::REPLAY.get(lang())}
                    </button>
                </Show>
                <button data-testid=format!("{testids}export") disabled=!exportable
                    title=move || (!exportable).then(|| i18n::EXPORT_LATER.get(lang()))
                    on:click=move |_| export.run(())>
                    {move || i18n::EXPORT.get(lang())}
                </button>
                <button class="danger" data-testid=format!("{testids}delete")
                    on:click=move |_| delete.run(())>
                    {move || i18n::DELETE.get(lang())}
                </button>
            </div>
        </li>
    }
}
