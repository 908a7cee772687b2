//! The rules screen for grown-up newcomers: the rank ladder as pictures (in the player's
//! label style, with rank numbers and names: the key to what the pieces show), then combat,
//! moving, setting up and winning, each in a few lines. Reachable from the new-game screen,
//! setup and play (`Dialog::Rules`).

use super::play::label_look;
use super::trays::tray_piece;
use crate::i18n::{self, rules_text as text, Lang, T};
use crate::state::store::Store;
use junqi_core::{Color, Role};
use leptos::prelude::*;

/// A button that opens the rules screen.
#[component]
pub fn RulesButton() -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <button
            class="rules-open"
            data-testid="open-rules"
            on:click=move |_| store.dialog.set(Some(crate::state::store::Dialog::Rules))
        >
            {move || i18n::OPEN_RULES.get(store.lang())}
        </button>
    }
}

fn lines(items: &'static [T], lang: Lang) -> impl IntoView {
    view! { <ul>{items.iter().map(|t| view! { <li>{t.get(lang)}</li> }).collect_view()}</ul> }
}

#[component]
pub fn RulesScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let look = label_look(store);
    move || {
        let lang = store.lang();
        let look = look.get();
        let ladder = Role::ALL
            .into_iter()
            .map(|r| {
                let rank = r.rank().map(|n| n.to_string()).unwrap_or_default();
                let other = match lang {
                    Lang::Zh => i18n::role_name(r, Lang::En),
                    Lang::En => i18n::role_name(r, Lang::Zh),
                };
                view! {
                    <li class="ladder-row" data-role=r.upper_char().to_string()>
                        {tray_piece(Color::Red, Some(r), look)}
                        <span class="ladder-rank">{rank}</span>
                        <span class="ladder-name">
                            <strong>{i18n::role_name(r, lang)}</strong>
                            " "
                            <span class="ladder-other" lang=if lang == Lang::En { "zh-Hans" } else { "en" }>{other}</span>
                            " ×" {r.count()}
                        </span>
                        {text::role_note(r).map(|n| view! { <span class="ladder-note">{n.get(lang)}</span> })}
                    </li>
                }
            })
            .collect_view();
        view! {
            <div class="modal rules-modal" role="dialog" data-testid="rules">
                <div class="modal-card rules-card">
                    <h2>{text::TITLE.get(lang)}</h2>
                    <section>
                        <h3>{text::PIECES.get(lang)}</h3>
                        <ol class="ladder" data-testid="rank-ladder">{ladder}</ol>
                    </section>
                    <section>
                        <h3>{text::COMBAT.get(lang)}</h3>
                        {lines(&text::COMBAT_LINES, lang)}
                    </section>
                    <section>
                        <h3>{text::MOVING.get(lang)}</h3>
                        {lines(&text::MOVING_LINES, lang)}
                    </section>
                    <section>
                        <h3>{text::SETUP.get(lang)}</h3>
                        {lines(&text::SETUP_LINES, lang)}
                    </section>
                    <section>
                        <h3>{text::WINNING.get(lang)}</h3>
                        {lines(&text::WINNING_LINES, lang)}
                    </section>
                    <button class="primary" data-testid="close-rules" on:click=move |_| store.dialog.set(None)>
                        {i18n::CLOSE.get(lang)}
                    </button>
                </div>
            </div>
        }
    }
}
