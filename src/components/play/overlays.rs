//! Screens over the page: the pass-and-play hand-over, confirmations, the draw offer and the
//! settings panel.

use crate::ground::label::LabelStyle;
use crate::i18n::{self, Lang};
use crate::state::settings::Speed;
use crate::state::store::{Dialog, Store};
use leptos::prelude::*;

/// Hides the board until the next player is ready.
#[component]
pub fn HandoverScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    // The tap that ended a turn must not also dismiss the screen that hides the board from
    // the next player: a touch tap's compatibility click lands on whatever now lies under the
    // finger. The button is armed only after a moment.
    let armed = RwSignal::new(false);
    Effect::new(move |_| {
        if store.handover.with(|h| h.is_some()) {
            armed.set(false);
            set_timeout(
                move || armed.set(true),
                std::time::Duration::from_millis(450),
            );
        }
    });
    move || {
        let h = store.handover.get()?;
        let lang = store.lang();
        let who = match h.color {
            Some(c) => i18n::color_name(c, lang).to_string(),
            None => format!("#{}", h.seat + 1),
        };
        let class = match h.color {
            Some(c) => format!("handover {}", c.side_name()),
            None => "handover".to_string(),
        };
        Some(view! {
            <div class=class data-testid="handover" role="dialog" aria-labelledby="handover-title">
                <div class="handover-card">
                    <p class="handover-title" id="handover-title">{i18n::HANDOVER_TITLE.get(lang)}</p>
                    <p class="handover-who">{who}</p>
                    // The opponent's last move and its result, as both may know it.
                    {store.public_caption().map(|c| view! {
                        <p class="handover-last" data-testid="handover-last">
                            {i18n::LAST_MOVE.get(lang)} " " {c}
                        </p>
                    })}
                    <p class="hint">{i18n::HANDOVER_HINT.get(lang)}</p>
                    <button
                        class="primary"
                        data-testid="handover-ready"
                        disabled=move || !armed.get()
                        on:click=move |_| {
                            if armed.get_untracked() {
                                store.handover_ready()
                            }
                        }
                    >
                        {i18n::HANDOVER_READY.get(lang)}
                    </button>
                </div>
            </div>
        })
    }
}

#[component]
pub fn Dialogs() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let d = store.dialog.get()?;
        let lang = store.lang();
        Some(match d {
            Dialog::ConfirmResign => view! {
                <div class="modal" role="dialog" aria-labelledby="confirm-resign-text">
                    <div class="modal-card">
                        <p id="confirm-resign-text">{i18n::CONFIRM_RESIGN.get(lang)}</p>
                        <div class="row">
                            <button class="danger" data-testid="confirm-resign" on:click=move |_| store.resign()>
                                {i18n::YES.get(lang)}
                            </button>
                            <button on:click=move |_| store.dialog.set(None)>{i18n::NO.get(lang)}</button>
                        </div>
                    </div>
                </div>
            }
            .into_any(),
            Dialog::DrawOffer { .. } => view! {
                <Question
                    id="draw-offer-text"
                    text=i18n::DRAW_OFFER_TO
                    yes=(i18n::ACCEPT, "accept-draw", Callback::new(move |()| store.accept_draw()))
                    no=(i18n::DECLINE, "decline-draw", Callback::new(move |()| store.dialog.set(None)))
                />
            }
            .into_any(),
            Dialog::UndoAsked { .. } => view! {
                <Question
                    id="undo-asked-text"
                    text=i18n::REMOTE_UNDO_ASKED
                    yes=(i18n::ALLOW, "accept-undo", Callback::new(move |()| store.answer_undo(true)))
                    no=(i18n::DECLINE, "decline-undo", Callback::new(move |()| store.answer_undo(false)))
                />
            }
            .into_any(),
            Dialog::Settings => view! { <SettingsPanel/> }.into_any(),
            Dialog::Rules => view! { <crate::components::rules::RulesScreen/> }.into_any(),
            Dialog::Keys => view! { <crate::components::play::reading::KeysDialog/> }.into_any(),
        })
    }
}

/// A question to the player on a modal card, answered yes or no: each answer its text, test
/// id and action.
#[component]
fn Question(
    id: &'static str,
    text: i18n::T,
    yes: (i18n::T, &'static str, Callback<()>),
    no: (i18n::T, &'static str, Callback<()>),
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    view! {
        <div class="modal" role="dialog" aria-labelledby=id>
            <div class="modal-card">
                <p id=id>{move || text.get(lang())}</p>
                <div class="row">
                    <button class="primary" data-testid=yes.1 on:click=move |_| yes.2.run(())>
                        {move || yes.0.get(lang())}
                    </button>
                    <button data-testid=no.1 on:click=move |_| no.2.run(())>
                        {move || no.0.get(lang())}
                    </button>
                </div>
            </div>
        </div>
    }
}

#[component]
fn SettingsPanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let s = store.settings;
    let lang = move || store.lang();
    let toggle = move |label: i18n::T,
                       testid: &'static str,
                       get: fn(&crate::state::settings::Settings) -> bool,
                       set: fn(&mut crate::state::settings::Settings, bool)| {
        view! {
            <label class="toggle">
                <input
                    type="checkbox"
                    data-testid=testid
                    prop:checked=move || s.with(get)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        s.update(|x| set(x, on));
                    }
                />
                <span>{move || label.get(lang())}</span>
            </label>
        }
    };
    let label_names = move |l: LabelStyle| match l {
        LabelStyle::Two => i18n::LABEL_TWO,
        LabelStyle::One => i18n::LABEL_ONE,
        LabelStyle::Rank => i18n::LABEL_RANK,
        LabelStyle::Icon => i18n::LABEL_ICON,
    };
    let speed_names = move |x: Speed| match x {
        Speed::Off => i18n::SPEED_OFF,
        Speed::Slow => i18n::SPEED_SLOW,
        Speed::Normal => i18n::SPEED_NORMAL,
        Speed::Fast => i18n::SPEED_FAST,
    };
    view! {
        <div class="modal" role="dialog" data-testid="settings" aria-labelledby="settings-title">
            <div class="modal-card settings-card">
                <h2 id="settings-title">{move || i18n::SETTINGS.get(lang())}</h2>
                <div class="field">
                    <span>{move || i18n::LANGUAGE.get(lang())}</span>
                    <div class="choices two">
                        {[(Lang::Zh, "中文"), (Lang::En, "English")]
                            .into_iter()
                            .map(|(l, name)| {
                                view! {
                                    <button
                                        class="choice"
                                        data-testid=format!("lang-{}", l.code())
                                        aria-pressed=move || (lang() == l).to_string()
                                        on:click=move |_| s.update(|x| x.lang = l)
                                    >
                                        {name}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </div>
                <div class="field">
                    <span>{move || i18n::LABELS.get(lang())}</span>
                    <div class="choices two">
                        {LabelStyle::ALL
                            .into_iter()
                            .map(|l| {
                                view! {
                                    <button
                                        class="choice"
                                        data-testid=format!("labels-{}", l.code())
                                        aria-pressed=move || s.with(|x| x.labels == l).to_string()
                                        on:click=move |_| s.update(|x| x.labels = l)
                                    >
                                        {move || label_names(l).get(lang())}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </div>
                {toggle(i18n::LARGE_LABELS, "large-labels", |x| x.large_labels, |x, v| x.large_labels = v)}
                {toggle(i18n::SHOW_DESTS, "show-dests", |x| x.show_dests, |x, v| x.show_dests = v)}
                {toggle(i18n::FACE_TO_FACE, "face-to-face", |x| x.face_to_face, |x, v| x.face_to_face = v)}
                {toggle(i18n::NOTEBOOK, "notebook", |x| x.notebook, |x, v| x.notebook = v)}
                {toggle(i18n::SOUND, "sound", |x| x.sound, |x, v| x.sound = v)}
                <label class="field">
                    <span>{move || i18n::VOLUME.get(lang())}</span>
                    <input
                        type="range"
                        min="0"
                        max="100"
                        data-testid="volume"
                        prop:value=move || s.with(|x| x.volume.to_string())
                        on:input=move |ev| {
                            let v = event_target_value(&ev).parse().unwrap_or(70);
                            s.update(|x| x.volume = v);
                        }
                    />
                </label>
                <div class="field">
                    <span>{move || i18n::ANIMATION.get(lang())}</span>
                    <div class="choices four">
                        {Speed::ALL
                            .into_iter()
                            .map(|x| {
                                view! {
                                    <button
                                        class="choice"
                                        data-testid=format!("speed-{}", x.code())
                                        aria-pressed=move || s.with(|y| y.speed == x).to_string()
                                        on:click=move |_| s.update(|y| y.speed = x)
                                    >
                                        {move || speed_names(x).get(lang())}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </div>
                <button class="primary" data-testid="close-settings" on:click=move |_| store.dialog.set(None)>
                    {move || i18n::CLOSE.get(lang())}
                </button>
            </div>
        </div>
    }
}
