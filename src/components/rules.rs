//! The rules screen for grown-up newcomers: the rank ladder as pictures (in the player's
//! label style, with rank numbers and names: the key to what the pieces show), then combat,
//! moving, setting up and winning, each in a few lines; for 四国 also its seats and teams,
//! its cross board, who is out and who sees what. Reachable from the new-game screen, setup,
//! play and the 四国 table (`Dialog::Rules`).

use crate::components::boards::trays::tray_piece;
use crate::components::play::label_look;
use crate::i18n::{self, rules_text as text, Lang, T};
use crate::state::store::{Phase, Store};
use junqi_core::{Role, Seat};
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

/// Whether the rules asked for are 四国's: its table, its setup, or the new-game screen with
/// 四国 chosen.
fn four_players(store: Store) -> bool {
    match store.phase.get() {
        Phase::Siguo => true,
        Phase::Setup => store.siguo.arranging.get().is_some(),
        Phase::NewGame => store.siguo.chosen.get(),
        _ => false,
    }
}

fn section(heading: T, items: &'static [T], lang: Lang) -> impl IntoView {
    view! {
        <section>
            <h3>{heading.get(lang)}</h3>
            {lines(items, lang)}
        </section>
    }
}

#[component]
pub fn RulesScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let look = label_look(store);
    move || {
        let lang = store.lang();
        let look = look.get();
        let four = four_players(store);
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
                        {tray_piece(Seat::RED, Some(r), look)}
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
        let pieces = view! {
            <section>
                <h3>{text::PIECES.get(lang)}</h3>
                <ol class="ladder" data-testid="rank-ladder">{ladder}</ol>
            </section>
        };
        // The pieces, combat, moving and setting up are the same on both boards; 四国 has its
        // own turn order (the first moving line is the 2-player one), board and ending.
        let body = if four {
            view! {
                {section(text::TEAMS_4P, &text::TEAMS_4P_LINES, lang)}
                {pieces}
                {section(text::COMBAT, &text::COMBAT_LINES, lang)}
                {section(text::BOARD_4P, &text::BOARD_4P_LINES, lang)}
                {section(text::MOVING, &text::MOVING_LINES[1..], lang)}
                {section(text::SETUP, &text::SETUP_LINES, lang)}
                {section(text::OUT_4P, &text::OUT_4P_LINES, lang)}
                {section(text::INFO_4P, &text::INFO_4P_LINES, lang)}
            }
            .into_any()
        } else {
            view! {
                {pieces}
                {section(text::COMBAT, &text::COMBAT_LINES, lang)}
                {section(text::MOVING, &text::MOVING_LINES, lang)}
                {section(text::SETUP, &text::SETUP_LINES, lang)}
                {section(text::WINNING, &text::WINNING_LINES, lang)}
            }
            .into_any()
        };
        let title = if four { text::TITLE_4P } else { text::TITLE };
        view! {
            <div
                class="modal rules-modal"
                role="dialog"
                aria-labelledby="rules-title"
                data-testid="rules"
                data-board=if four { "cross" } else { "facing" }
            >
                <div class="modal-card rules-card">
                    <h2 id="rules-title">{title.get(lang)}</h2>
                    {body}
                    <button class="primary" data-testid="close-rules" on:click=move |_| store.dialog.set(None)>
                        {i18n::CLOSE.get(lang)}
                    </button>
                </div>
            </div>
        }
    }
}
