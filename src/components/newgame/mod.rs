//! The new-game screen: mode (with what it means), opponent and level, colour or who starts,
//! rule variants (each explained in one line; switches that exclude each other untick each
//! other), the ply limit, the clock and the per-move timer.

pub mod big_buttons;
mod cross_decor;
mod cross_options;

use crate::components::boards::facing::Board;
use crate::i18n::{self, Lang};
use crate::state::config::{
    Opponent, CLOCK_CHOICES, MOVE_CHOICES, PLY_LIMIT_CHOICES, TIMEOUT_LIMIT_CHOICES,
};
use crate::state::store::Store;
use junqi_core::{Mode, Rules};
use leptos::prelude::*;

#[component]
pub fn NewGameScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let config = store.config;
    let mode = move || config.with(|c| c.mode);
    let computer = move || config.with(|c| c.opponent == Opponent::Computer);
    // 旁观: the computer plays both sides at one level; no colour, clock or colour flip to choose.
    let watch = move || config.with(|c| c.watched());
    // A friend on another device: no clocks between devices yet, and no 翻棋 (docs/duel-protocol.md).
    let remote = move || config.with(|c| c.opponent == Opponent::Remote);
    let no_flip = move || remote() && mode() == Mode::Flip;
    let assist = expect_context::<crate::learn::assist::Assist>();
    // The newest unfinished 四国 game, read when the screen opens.
    let continue_siguo = RwSignal::new(store.siguo.unfinished());
    let offered = move |m: Mode| assist.grown.with(|g| g.offers(m));

    let siguo = store.siguo.chosen;
    let mode_button = move |m: Mode, testid: &'static str| {
        view! {
            <button
                class="choice"
                data-testid=testid
                aria-pressed=move || (!siguo.get() && mode() == m).to_string()
                on:click=move |_| {
                    siguo.set(false);
                    config.update(|c| c.mode = m)
                }
            >
                <span class="choice-zh" lang="zh-Hans">{i18n::mode_name(m, Lang::Zh)}</span>
                <span class="choice-en">{move || (lang() == Lang::En).then(|| i18n::mode_name(m, Lang::En))}</span>
            </button>
        }
    };
    let opponent_button = move |o: Opponent, testid: &'static str| {
        view! {
            <button
                class="choice"
                data-testid=testid
                aria-pressed=move || config.with(|c| c.opponent == o).to_string()
                on:click=move |_| config.update(|c| c.opponent = o)
            >
                {move || match o {
                    Opponent::Computer => i18n::OPPONENT_COMPUTER.get(lang()),
                    Opponent::Friend => i18n::OPPONENT_FRIEND.get(lang()),
                    Opponent::Remote => i18n::OPPONENT_REMOTE.get(lang()),
                    Opponent::Watch => i18n::OPPONENT_WATCH.get(lang()),
                }}
            </button>
        }
    };
    let seat_button = move |seat: u8| {
        view! {
            <button
                class="choice"
                data-testid=format!("seat-{seat}")
                aria-pressed=move || config.with(|c| c.seat == seat).to_string()
                on:click=move |_| config.update(|c| c.seat = seat)
            >
                {move || {
                    let l = lang();
                    match (mode() == Mode::Flip, seat) {
                        (false, 0) => i18n::RED_FIRST.get(l),
                        (false, _) => i18n::BLACK_SECOND.get(l),
                        (true, 0) => i18n::YOU_START.get(l),
                        (true, _) => i18n::COMPUTER_STARTS.get(l),
                    }
                }}
            </button>
        }
    };
    let rules = move || {
        let l = lang();
        let m = mode();
        Rules::NAMES
            .iter()
            .filter(|n| i18n::rule_applies(n, m))
            .map(|&name| {
                let checked = move || config.with(|c| c.rules.switch(name) == Some(true));
                view! {
                    <label class="rule">
                        <input
                            type="checkbox"
                            data-testid=format!("rule-{name}")
                            prop:checked=checked
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                config.update(|c| c.set_switch(name, on));
                            }
                        />
                        <span>{i18n::rule_text(name).get(l)}</span>
                    </label>
                }
            })
            .collect_view()
    };
    let levels = move || level_options(store);
    let clocks = move || clock_options(lang(), move |m| config.with(|c| c.clock_minutes == m));

    view! {
        <div class="screen newgame">
            <div class="board-area decor" data-board=move || if siguo.get() { "cross" } else { "facing" }>
                {move || if siguo.get() {
                    view! { <cross_decor::CrossDecor/> }.into_any()
                } else {
                    view! { <Board/> }.into_any()
                }}
            </div>
            <aside class="panel newgame-panel">
                // The choices scroll; Start stays below them, never over one.
                <div class="panel-scroll newgame-scroll">
                <crate::components::course::LearnEntry/>
                <div class="records-head">
                    <h2 class="panel-heading">{move || i18n::NEW_GAME.get(lang())}</h2>
                    <button class="records-open" data-testid="records" on:click=move |_| store.open_records()>
                        {move || i18n::RECORDS.get(lang())}
                    </button>
                    // 战绩 up here with Records and Rules, not below Start.
                    <button class="profile-entry" data-testid="profile" on:click=move |_| store.open_profile()>
                        {move || i18n::PROFILE.get(lang())}
                    </button>
                    <crate::components::rules::RulesButton/>
                </div>
                <Show when=move || store.left.with(|l| l.is_some())>
                    <button class="primary continue-game" data-testid="continue-game" on:click=move |_| store.continue_left()>
                        {move || i18n::CONTINUE_GAME.get(lang())}
                    </button>
                </Show>
                <Show when=move || continue_siguo.get().is_some()>
                    <button class="primary continue-game" data-testid="continue-siguo" on:click=move |_| {
                        if let Some(id) = continue_siguo.get_untracked() {
                            if let Err(e) = store.siguo.open(&store, &id) {
                                store.message.set(Some(e));
                            }
                        }
                    }>
                        {move || i18n::siguo_text::CONTINUE.get(lang())}
                    </button>
                </Show>
                <section>
                    <h3>{move || i18n::MODE.get(lang())}</h3>
                    <div class="choices four">
                        <Show when=move || offered(Mode::Open)>{mode_button(Mode::Open, "mode-open")}</Show>
                        <Show when=move || offered(Mode::Dark)>{mode_button(Mode::Dark, "mode-dark")}</Show>
                        <Show when=move || offered(Mode::Flip)>{mode_button(Mode::Flip, "mode-flip")}</Show>
                        <Show when=move || offered(Mode::Open)>
                            <button class="choice" data-testid="mode-siguo" aria-pressed=move || siguo.get().to_string()
                                on:click=move |_| siguo.set(true)>
                                <span class="choice-zh" lang="zh-Hans">"四国"</span>
                                <span class="choice-en">{move || (lang() == Lang::En).then_some("4 players")}</span>
                            </button>
                        </Show>
                    </div>
                </section>
                <Show when=move || siguo.get()>
                    <cross_options::SiguoOptions/>
                </Show>
                <Show when=move || !siguo.get()>
                <section>
                    <p class="explain" data-testid="mode-explain">{move || {
                        if remote() && mode() == Mode::Dark {
                            i18n::REMOTE_DARK_EXPLAIN.get(lang()).to_string()
                        } else {
                            i18n::mode_explain(mode(), lang()).to_string()
                        }
                    }}</p>
                    <Show when=no_flip>
                        <p class="explain warn" role="alert" data-testid="remote-no-flip">{move || i18n::REMOTE_NO_FLIP.get(lang())}</p>
                    </Show>
                    <Show when=move || mode() == Mode::Dark && !remote() && !watch()>
                        <label class="rule colour-flip-choice">
                            <input
                                type="checkbox"
                                data-testid="colour-flip"
                                prop:checked=move || config.with(|c| c.colour_flip)
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    config.update(|c| c.colour_flip = on);
                                }
                            />
                            <span>
                                <b>{move || i18n::COLOUR_FLIP.get(lang())}</b>
                                " "
                                {move || i18n::COLOUR_FLIP_EXPLAIN.get(lang())}
                            </span>
                        </label>
                    </Show>
                </section>
                <section>
                    <h3>{move || i18n::OPPONENT.get(lang())}</h3>
                    <div class="choices two">
                        {opponent_button(Opponent::Computer, "opponent-computer")}
                        {opponent_button(Opponent::Friend, "opponent-friend")}
                        {opponent_button(Opponent::Remote, "opponent-remote")}
                        {opponent_button(Opponent::Watch, "opponent-watch")}
                    </div>
                    <Show when=watch>
                        <p class="explain" data-testid="watch-explain">{move || i18n::WATCH_EXPLAIN.get(lang())}</p>
                    </Show>
                    <Show when=remote>
                        <button class="join-invitation" data-testid="open-join" on:click=move |_| store.open_join("")>
                            {move || i18n::CONNECT_JOIN.get(lang())}
                        </button>
                        <div class="field">
                            <span>{move || i18n::YOUR_COLOUR.get(lang())}</span>
                            <div class="choices two">{seat_button(0)} {seat_button(1)}</div>
                        </div>
                    </Show>
                    <Show when=move || computer() || watch()>
                        <label class="field">
                            <span>{move || i18n::LEVEL.get(lang())}</span>
                            <select
                                data-testid="level"
                                on:change=move |ev| {
                                    let v = event_target_value(&ev).parse().unwrap_or(2);
                                    config.update(|c| c.level = v);
                                }
                            >
                                {levels}
                            </select>
                        </label>
                        <Show when=move || computer() && !config.with(|c| c.flips_for_colours())>
                        <div class="field">
                            <span>
                                {move || {
                                    if mode() == Mode::Flip {
                                        i18n::WHO_STARTS.get(lang())
                                    } else {
                                        i18n::YOUR_COLOUR.get(lang())
                                    }
                                }}
                            </span>
                            <div class="choices two">{seat_button(0)} {seat_button(1)}</div>
                        </div>
                        </Show>
                    </Show>
                </section>
                <section>
                    <h3>{move || i18n::RULES.get(lang())}</h3>
                    <div class="rules">{rules}</div>
                </section>
                <section>
                    <NumberField
                        label=i18n::PLY_LIMIT
                        testid="ply-limit"
                        choices=&PLY_LIMIT_CHOICES
                        get=move || config.with(|c| c.rules.ply_limit)
                        set=move |v| config.update(|c| c.rules.ply_limit = v)
                        text=i18n::ply_limit_choice
                    />
                </section>
                <Show when=move || !watch()>
                <section>
                    <label class="field">
                        <span>{move || i18n::CLOCK.get(lang())}</span>
                        <select
                            data-testid="clock"
                            on:change=move |ev| {
                                let v = event_target_value(&ev).parse().unwrap_or(0);
                                config.update(|c| c.clock_minutes = v);
                            }
                        >
                            {clocks}
                        </select>
                    </label>
                    <MoveTimerFields
                        testids=["move-timer", "timeout-limit"]
                        seconds=move || config.with(|c| c.move_seconds)
                        set_seconds=move |v| config.update(|c| c.move_seconds = v)
                        limit=move || config.with(|c| c.rules.timeout_limit)
                        set_limit=move |v| config.update(|c| c.rules.timeout_limit = v)
                    />
                </section>
                </Show>
                </Show>
                </div>
                <button class="primary start" data-testid="start-game" disabled=move || !siguo.get() && no_flip() on:click=move |_| {
                    if siguo.get_untracked() {
                        store.siguo.start(&store)
                    } else if remote() {
                        store.invite()
                    } else {
                        // The coach is the course's (Store::start_course_game), not a choice here.
                        store.config.update(|c| c.coach = false);
                        store.start_game()
                    }
                }>
                    {move || if remote() && !siguo.get() { i18n::CONNECT_INVITE.get(lang()) } else { i18n::START_GAME.get(lang()) }}
                </button>
            </aside>
        </div>
    }
}

/// The per-move timer and, with one, the timeouts that lose (`timeout_limit`): the same two
/// fields on both boards' new-game screens, `testids` naming them there.
#[component]
pub(crate) fn MoveTimerFields(
    testids: [&'static str; 2],
    seconds: impl Fn() -> u32 + Copy + Send + Sync + 'static,
    set_seconds: impl Fn(u32) + Copy + Send + Sync + 'static,
    limit: impl Fn() -> u32 + Copy + Send + Sync + 'static,
    set_limit: impl Fn(u32) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <NumberField
            label=i18n::MOVE_TIMER
            testid=testids[0]
            choices=&MOVE_CHOICES
            get=seconds
            set=set_seconds
            text=i18n::move_timer_choice
        />
        <Show when=move || { seconds() > 0 }>
            <NumberField
                label=i18n::TIMEOUT_LIMIT
                testid=testids[1]
                choices=&TIMEOUT_LIMIT_CHOICES
                get=limit
                set=set_limit
                text=i18n::timeout_limit_choice
            />
        </Show>
    }
}

/// A labelled `<select>` of whole numbers; a value not among `choices` (from a remembered
/// setting) is offered too, so the select always shows the setting in force.
#[component]
fn NumberField(
    label: i18n::T,
    testid: &'static str,
    choices: &'static [u32],
    get: impl Fn() -> u32 + Copy + Send + Sync + 'static,
    set: impl Fn(u32) + Copy + Send + Sync + 'static,
    text: fn(u32, Lang) -> String,
) -> impl IntoView {
    let store = expect_context::<Store>();
    let options = move || {
        let l = store.lang();
        let now = get();
        let mut values = choices.to_vec();
        if !values.contains(&now) {
            values.push(now);
            values.sort_unstable();
        }
        values
            .into_iter()
            .map(|v| {
                view! {
                    <option value=v.to_string() selected=move || get() == v>{text(v, l)}</option>
                }
            })
            .collect_view()
    };
    view! {
        <label class="field">
            <span>{move || label.get(store.lang())}</span>
            <select
                data-testid=testid
                on:change=move |ev| set(event_target_value(&ev).parse().unwrap_or(0))
            >
                {options}
            </select>
        </label>
    }
}

/// The computer's levels as `<option>`s in the interface language, the chosen one selected
/// (the new-game screen and the grown-up settings).
pub fn level_options(store: Store) -> impl IntoView {
    let l = store.lang();
    junqi_ai::LEVELS
        .iter()
        .map(|lv| {
            let n = lv.number;
            let name = i18n::level_title(n, l);
            view! {
                <option value=n.to_string() selected=move || store.config.with(|c| c.level == n)>
                    {format!("{n} · {name}")}
                </option>
            }
        })
        .collect_view()
}

/// The whole-game clock's choices as `<option>`s in `lang`, `chosen` selecting one (the 2-player
/// and the 四国 new-game choices).
pub fn clock_options(
    lang: Lang,
    chosen: impl Fn(u32) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    CLOCK_CHOICES
        .iter()
        .map(|&m| {
            let text = if m == 0 {
                i18n::CLOCK_OFF.get(lang).to_string()
            } else {
                format!("{m} {}", i18n::MINUTES.get(lang))
            };
            view! { <option value=m.to_string() selected=move || chosen(m)>{text}</option> }
        })
        .collect_view()
}
