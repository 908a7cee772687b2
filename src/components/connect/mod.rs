//! The connect screen: a game with a friend on another device. The inviting device shows its
//! invitation three ways (a QR code that a phone's camera opens as a link, the link, and the
//! text) and takes its friend's answer, pasted; the invited device opens the link or pastes
//! the text and shows its answer the same ways. Once connected, the invited device sees the
//! proposed game and accepts or declines it. Every step is the store's
//! (state/store/remote.rs); this draws them.

pub mod scanner;

use crate::i18n::{self, Lang};
use crate::remote::qr;
use crate::state::storage;
use crate::state::store::{Connect, Store, JOIN_PREFIX};
use junqi_core::{Rules, Seat};
use junqi_duel::Proposal;
use leptos::prelude::*;

#[component]
pub fn ConnectScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let step = store.remote.connect;
    view! {
        <div class="screen connect" data-testid="connect">
            <section class="panel connect-panel">
                <h2 class="panel-heading">{move || i18n::CONNECT_TITLE.get(lang())}</h2>
                {move || match step.get() {
                    None | Some(Connect::Inviting) | Some(Connect::Answering) => view! {
                        <p class="connect-status" role="status" data-testid="connect-making">
                            {i18n::CONNECT_MAKING.get(lang())}
                        </p>
                    }
                    .into_any(),
                    Some(Connect::Invited { offer, error }) => view! {
                        <Invitation offer=offer error=error/>
                    }
                    .into_any(),
                    Some(Connect::Join { offer, error }) => view! {
                        <JoinForm offer=offer error=error/>
                    }
                    .into_any(),
                    Some(Connect::Answered { answer }) => view! { <Answer answer=answer/> }.into_any(),
                    Some(Connect::Proposed(p)) => view! {
                        <p class="connect-status" role="status" data-testid="connected">
                            {i18n::CONNECTED.get(lang())} " · " {i18n::CONNECT_WAIT_REPLY.get(lang())}
                        </p>
                        <Terms proposal=p host=true/>
                    }
                    .into_any(),
                    Some(Connect::Asked(p)) => view! { <Asked proposal=p/> }.into_any(),
                    Some(Connect::Failed(why)) => view! {
                        <p class="connect-error" role="alert" data-testid="connect-failed">
                            {i18n::CONNECT_FAILED.get(lang())} {why}
                        </p>
                    }
                    .into_any(),
                }}
                <button class="connect-leave" data-testid="connect-leave" on:click=move |_| store.leave_connect()>
                    {move || i18n::BACK.get(lang())}
                </button>
            </section>
        </div>
    }
}

/// A text to pass to the other device: its QR code (of `code`, which may be a link to the
/// text), and the text itself, read-only, with a copy button.
#[component]
fn PassOn(
    text: String,
    code: String,
    testid: &'static str,
    #[prop(optional)] link: Option<String>,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let svg = qr::svg(&code).unwrap_or_default();
    let copied = RwSignal::new(false);
    let text_copy = StoredValue::new(text.clone());
    let link_row = link.map(|link| {
        let link_copy = StoredValue::new(link.clone());
        let link_copied = RwSignal::new(false);
        view! {
            <label class="field connect-field">
                <span>{move || i18n::CONNECT_LINK.get(lang())}</span>
                <input type="text" readonly data-testid=format!("{testid}-link") value=link/>
            </label>
            <button class="connect-copy" on:click=move |_| {
                crate::components::records::share::copy(&link_copy.get_value(), link_copied, store)
            }>
                {move || i18n::CONNECT_COPY.get(lang())}
            </button>
        }
    });
    view! {
        <div class="connect-qr" role="img" aria-label=move || i18n::CONNECT_SCAN.get(lang()) inner_html=svg></div>
        {link_row}
        <label class="field connect-field">
            <span>{move || i18n::CONNECT_TEXT.get(lang())}</span>
            <textarea readonly rows="4" data-testid=testid prop:value=text></textarea>
        </label>
        <button class="connect-copy" data-testid=format!("{testid}-copy") on:click=move |_| {
            crate::components::records::share::copy(&text_copy.get_value(), copied, store)
        }>
            {move || if copied.get() { i18n::CONNECT_COPIED.get(lang()) } else { i18n::CONNECT_COPY.get(lang()) }}
        </button>
    }
}

fn error_line(error: Option<String>, lang: Lang) -> impl IntoView {
    error.map(|e| {
        view! {
            <p class="connect-error" role="alert" data-testid="connect-error">
                {i18n::CONNECT_FAILED.get(lang)} {e}
            </p>
        }
    })
}

/// The inviting device: its invitation, and where the answer goes.
#[component]
fn Invitation(offer: String, error: Option<String>) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let link = format!("{}{JOIN_PREFIX}{offer}", storage::page_address());
    view! {
        <p class="explain">{move || i18n::CONNECT_INVITE_HELP.get(lang())}</p>
        <PassOn text=offer code=link.clone() testid="offer-text" link=link/>
        <Paste
            label=i18n::CONNECT_PASTE_ANSWER
            testid="answer-input"
            text=String::new()
            error=error
            go=i18n::CONNECT_GO
            go_testid="take-answer"
            on_go=move |t: String| store.take_answer(&t)
        />
        <p class="connect-status" role="status">{move || i18n::CONNECT_WAITING.get(lang())}</p>
        <StunField/>
    }
}

/// The invited device: the invitation's text (or link).
#[component]
fn JoinForm(offer: String, error: Option<String>) -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <Paste
            label=i18n::CONNECT_PASTE_OFFER
            testid="offer-input"
            text=offer
            error=error
            go=i18n::CONNECT_TAKE
            go_testid="join"
            on_go=move |t: String| store.join(&t)
        />
        <StunField/>
    }
}

/// A text from the other device, pasted (`text`: what is there already), with why the last
/// one was refused, and its button.
#[component]
fn Paste(
    label: i18n::T,
    testid: &'static str,
    text: String,
    error: Option<String>,
    go: i18n::T,
    go_testid: &'static str,
    on_go: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let text = RwSignal::new(text);
    // A code read by the camera is taken as if pasted.
    let scanned = Callback::new(move |read: String| {
        text.set(read.clone());
        on_go(read);
    });
    view! {
        <label class="field connect-field">
            <span>{move || label.get(lang())}</span>
            <textarea
                rows="3"
                data-testid=testid
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
        </label>
        {error_line(error, store.settings.with_untracked(|s| s.lang))}
        <crate::components::connect::scanner::Scanner on_text=scanned/>
        <button
            class="primary"
            data-testid=go_testid
            disabled=move || text.with(|t| t.trim().is_empty())
            on:click=move |_| on_go(text.get_untracked())
        >
            {move || go.get(lang())}
        </button>
    }
}

/// The invited device: its answer, to pass back.
#[component]
fn Answer(answer: String) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    view! {
        <p class="explain">{move || i18n::CONNECT_ANSWER_HELP.get(lang())}</p>
        <PassOn text=answer.clone() code=answer testid="answer-text"/>
        <p class="connect-status" role="status">{move || i18n::CONNECT_WAITING.get(lang())}</p>
    }
}

/// The game proposed: mode, colours and the rule switches on.
#[component]
fn Terms(proposal: Proposal, host: bool) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let mine = if host {
        proposal.host
    } else {
        proposal.host.other_side()
    };
    let rules = proposal.rules;
    let mode = proposal.mode;
    let clock = proposal.clock;
    let switches = move || {
        let l = lang();
        let on: Vec<_> = Rules::NAMES
            .iter()
            .filter(|n| rules.switch(n) == Some(true))
            .map(|n| view! { <li>{i18n::rule_text(n).get(l)}</li> })
            .collect();
        if on.is_empty() {
            view! { <li>{i18n::CONNECT_USUAL_RULES.get(l)}</li> }.into_any()
        } else {
            on.collect_view().into_any()
        }
    };
    view! {
        <dl class="connect-terms" data-testid="connect-terms">
            <dt>{move || i18n::MODE.get(lang())}</dt>
            <dd>{move || i18n::mode_name(mode, lang())}</dd>
            <dt>{move || i18n::YOUR_COLOUR.get(lang())}</dt>
            <dd data-testid="connect-colour">{move || match mine {
                Seat::RED => i18n::RED_FIRST.get(lang()),
                _ => i18n::BLACK_SECOND.get(lang()),
            }}</dd>
            <dt>{move || i18n::CLOCK.get(lang())}</dt>
            <dd data-testid="connect-clock">{move || clock_terms(clock, rules.timeout_limit, lang())}</dd>
            <dt>{move || i18n::RULES.get(lang())}</dt>
            <dd><ul>{switches}</ul></dd>
        </dl>
    }
}

/// The invited device, connected: the proposed game, to accept or decline.
#[component]
fn Asked(proposal: Proposal) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    view! {
        <p class="connect-status" role="status" data-testid="connected">
            {move || i18n::CONNECTED.get(lang())} " · " {move || i18n::CONNECT_PROPOSAL.get(lang())}
        </p>
        <Terms proposal=proposal host=false/>
        <div class="row">
            <button class="primary" data-testid="accept-proposal" on:click=move |_| store.answer_proposal(true)>
                {move || i18n::CONNECT_ACCEPT.get(lang())}
            </button>
            <button data-testid="decline-proposal" on:click=move |_| store.answer_proposal(false)>
                {move || i18n::CONNECT_DECLINE.get(lang())}
            </button>
        </div>
    }
}

/// The STUN servers (a setting): needed across the internet, not on one network.
#[component]
fn StunField() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let text = store.settings.with_untracked(|s| s.stun.join("\n"));
    let bad = RwSignal::new(Vec::<String>::new());
    view! {
        <details class="connect-stun">
            <summary>"STUN"</summary>
            <label class="field connect-field">
                <span>{move || i18n::CONNECT_STUN.get(lang())}</span>
                <textarea
                    rows="2"
                    data-testid="stun"
                    prop:value=text
                    on:change=move |ev| {
                        let (ok, left_out) = crate::remote::read_stun_list(&event_target_value(&ev));
                        bad.set(left_out);
                        store.settings.update(|s| s.stun = ok);
                    }
                ></textarea>
            </label>
            <Show when=move || bad.with(|b| !b.is_empty())>
                <p class="connect-error" role="alert">
                    {move || i18n::CONNECT_STUN_BAD.get(lang())} {move || bad.get().join(", ")}
                </p>
            </Show>
        </details>
    }
}

/// The clocks of a proposed game, as the new-game screen names them: "10 min · 30 s · timeout
/// 3 loses", or "No clock".
fn clock_terms(clock: junqi_duel::Clock, timeout_limit: u32, lang: Lang) -> String {
    let mut parts = Vec::new();
    if clock.total_s > 0 {
        parts.push(format!(
            "{} {}",
            clock.total_s / 60,
            i18n::MINUTES.get(lang)
        ));
    }
    if clock.move_s > 0 {
        parts.push(format!(
            "{}: {}",
            i18n::MOVE_TIMER.get(lang),
            i18n::move_timer_choice(clock.move_s, lang)
        ));
        parts.push(i18n::timeout_limit_choice(timeout_limit, lang));
    }
    if parts.is_empty() {
        return i18n::CLOCK_OFF.get(lang).to_string();
    }
    parts.join(" · ")
}
