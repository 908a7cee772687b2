//! The grown-up gate: a lock button that asks a sum written for the grown-up (a new one each
//! time, from a seed); the right answer opens the grown-up settings, a wrong one closes the
//! question. Then the settings themselves.

use crate::i18n::{self, Lang};
use crate::learn::assist::Assist;
use crate::learn::gate::Question;
use crate::learn::grownup::{UndoPolicy, HINT_CHOICES};
use crate::state::storage;
use junqi_core::Mode;
use leptos::prelude::*;

/// The gate button and, once asked, the question; once answered, the settings dialog.
#[component]
pub fn GrownUpGate() -> impl IntoView {
    let assist = expect_context::<Assist>();
    let lang = move || assist.store.lang();
    let asking = RwSignal::new(None::<Question>);
    let open = RwSignal::new(false);
    view! {
        <button
            class="grown-up"
            data-testid="grown-up"
            aria-label=move || i18n::GROWN_UP.get(lang())
            title=move || i18n::GROWN_UP.get(lang())
            on:click=move |_| asking.set(Some(Question::from_seed(storage::random_seed())))
        >
            <svg viewBox="0 0 40 40" aria-hidden="true">
                <path class="lock-body" d="M13 19 H27 V30 H13 Z"></path>
                <path class="lock-hoop" d="M15.5 19 V15 A4.5 4.5 0 0 1 24.5 15 V19"></path>
            </svg>
        </button>
        {move || asking.get().map(|q| view! { <GateQuestion question=q asking=asking open=open/> })}
        <Show when=move || open.get()>
            <GrownUpPanel open=open/>
        </Show>
    }
}

/// The sum for the grown-up: typed, then OK. Right: the settings open; anything else closes.
#[component]
fn GateQuestion(
    question: Question,
    asking: RwSignal<Option<Question>>,
    open: RwSignal<bool>,
) -> impl IntoView {
    let assist = expect_context::<Assist>();
    let lang = move || assist.store.lang();
    let typed = RwSignal::new(String::new());
    let input = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        if let Some(el) = input.get() {
            let _ = el.focus();
        }
    });
    let answer = move || {
        asking.set(None);
        if question.accepts(&typed.get_untracked()) {
            open.set(true);
        }
    };
    view! {
        <div class="modal" role="dialog" data-testid="grown-up-gate" aria-labelledby="gate-ask">
            <form class="modal-card gate-card" on:submit=move |ev| {
                ev.prevent_default();
                answer();
            }>
                <p class="gate-ask" id="gate-ask">{move || i18n::GATE_ASK.get(lang())}</p>
                <p class="gate-sum" data-testid="gate-question" lang="en">{question.text()}</p>
                <label class="field">
                    <span>{move || i18n::GATE_ANSWER.get(lang())}</span>
                    <input
                        node_ref=input
                        data-testid="gate-answer"
                        inputmode="numeric"
                        autocomplete="off"
                        maxlength="4"
                        prop:value=move || typed.get()
                        on:input=move |ev| typed.set(event_target_value(&ev))
                    />
                </label>
                <div class="row">
                    <button type="button" data-testid="gate-close" on:click=move |_| asking.set(None)>
                        {move || i18n::CLOSE.get(lang())}
                    </button>
                    <button type="submit" class="primary" data-testid="gate-ok">
                        {move || i18n::GATE_OK.get(lang())}
                    </button>
                </div>
            </form>
        </div>
    }
}

#[component]
fn GrownUpPanel(open: RwSignal<bool>) -> impl IntoView {
    let assist = expect_context::<Assist>();
    let store = assist.store;
    let lang = move || store.lang();
    let grown = assist.grown;
    let undo_button = move |p: UndoPolicy, t: i18n::T| {
        view! {
            <button
                class="choice"
                data-testid=format!("undo-{}", p.code())
                aria-pressed=move || grown.with(|g| g.undo == p).to_string()
                on:click=move |_| grown.update(|g| g.undo = p)
            >
                {move || t.get(lang())}
            </button>
        }
    };
    let mode_box = move |m: Mode| {
        let code = match m {
            Mode::Open => "open",
            Mode::Dark => "dark",
            Mode::Flip => "flip",
        };
        view! {
            <label class="rule">
                <input
                    type="checkbox"
                    data-testid=format!("offer-{code}")
                    prop:checked=move || grown.with(|g| g.offers(m))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        grown.update(|g| g.set_offer(m, on));
                    }
                />
                <span lang="zh-Hans">{crate::i18n::mode_name(m, crate::i18n::Lang::Zh)}</span>
                <span>{move || (lang() == Lang::En).then(|| format!(" {}", i18n::mode_name(m, Lang::En)))}</span>
            </label>
        }
    };
    let hint_options = move || {
        HINT_CHOICES
            .iter()
            .map(|&n| {
                view! { <option value=n.to_string() selected=move || grown.with(|g| g.hints == n)>{n.to_string()}</option> }
            })
            .collect_view()
    };
    let level_options = move || crate::components::newgame::level_options(store);
    let check = move |testid: &'static str,
                      t: i18n::T,
                      get: fn(&Assist) -> bool,
                      set: fn(&Assist, bool)| {
        view! {
            <label class="rule">
                <input
                    type="checkbox"
                    data-testid=testid
                    prop:checked=move || get(&assist)
                    on:change=move |ev| set(&assist, event_target_checked(&ev))
                />
                <span>{move || t.get(lang())}</span>
            </label>
        }
    };
    view! {
        <div class="modal" role="dialog" data-testid="grown-up-panel" aria-labelledby="grown-up-title">
            <div class="modal-card settings-card grown-up-panel">
                <h2 id="grown-up-title">{move || i18n::GROWN_UP_TITLE.get(lang())}</h2>
                <section>
                    <h3>{move || i18n::UNDO_RULE.get(lang())}</h3>
                    <div class="choices three">
                        {undo_button(UndoPolicy::Always, i18n::UNDO_ALWAYS)}
                        {undo_button(UndoPolicy::OncePerGame, i18n::UNDO_ONCE)}
                        {undo_button(UndoPolicy::Never, i18n::UNDO_NEVER)}
                    </div>
                </section>
                <label class="field">
                    <span>{move || i18n::HINTS_PER_GAME.get(lang())}</span>
                    <select
                        data-testid="hints-per-game"
                        on:change=move |ev| {
                            let v = event_target_value(&ev).parse().unwrap_or(3);
                            grown.update(|g| g.hints = v);
                        }
                    >
                        {hint_options}
                    </select>
                </label>
                <label class="field">
                    <span>{move || i18n::COMPUTER_LEVEL.get(lang())}</span>
                    <select
                        data-testid="grown-up-level"
                        on:change=move |ev| {
                            let v: u8 = event_target_value(&ev).parse().unwrap_or(1);
                            store.config.update(|c| c.level = v.clamp(1, 5));
                            store.config.with_untracked(|c| c.save());
                        }
                    >
                        {level_options}
                    </select>
                </label>
                <section>
                    <h3>{move || i18n::MODES_OFFERED.get(lang())}</h3>
                    <div class="rules">{mode_box(Mode::Open)} {mode_box(Mode::Dark)} {mode_box(Mode::Flip)}</div>
                </section>
                <section class="rules">
                    {check("grown-up-sound", i18n::SOUND, |a| a.store.settings.with(|s| s.sound), |a, v| a.store.settings.update(|s| s.sound = v))}
                    {check("grown-up-voice", i18n::VOICE, |a| a.grown.with(|g| g.voice), |a, v| a.grown.update(|g| g.voice = v))}
                    {check("grown-up-preview", i18n::ATTACK_PREVIEW, |a| a.grown.with(|g| g.preview), |a, v| a.grown.update(|g| g.preview = v))}
                    {check("grown-up-coach", i18n::coach::SETTING, |a| a.grown.with(|g| g.coach), |a, v| a.grown.update(|g| g.coach = v))}
                    {check("grown-up-notebook", i18n::NOTEBOOK, |a| a.store.settings.with(|s| s.notebook), |a, v| a.store.settings.update(|s| s.notebook = v))}
                    {check("grown-up-floor", i18n::POINTS_FLOOR, |a| a.grown.with(|g| g.floor_points), |a, v| a.grown.update(|g| g.floor_points = v))}
                </section>
                <div class="row">
                    <button class="primary" data-testid="grown-up-close" on:click=move |_| open.set(false)>
                        {move || i18n::CLOSE.get(lang())}
                    </button>
                </div>
            </div>
        </div>
    }
}
