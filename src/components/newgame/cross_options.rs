//! The new-game choices of the cross board: the table (四国's two teams, 四方混战, 三国), who
//! sees what, who sits where (a person or a computer level), who moves first, and RULES-4P.md
//! §8's switches, each explained in one line.

use crate::components::newgame::MoveTimerFields;
use crate::i18n::{self, siguo_text as t};
use crate::state::store::Store;
use junqi_core::seat::{Order, Seat};
use junqi_core::siguo::{InfoMode, SiguoRules, Table, WipeOut};
use junqi_core::Rules;
use leptos::prelude::*;

/// The RULES.md switches offered for the 4-player board: every one that applies there
/// ([`SiguoRules::applies`]) but `no_move_draw`, which on this board is the wipe-out choice
/// above it, and `engineer_scouts` only where enemies are hidden. (`timeout_limit` is chosen
/// beside the per-move timer.)
fn switches_for(info: InfoMode) -> impl Iterator<Item = &'static str> {
    Rules::NAMES.into_iter().filter(move |&name| {
        SiguoRules::applies(name)
            && name != "no_move_draw"
            && (name != "engineer_scouts" || info != InfoMode::AllOpen)
    })
}

#[component]
pub fn SiguoOptions() -> impl IntoView {
    let store = expect_context::<Store>();
    let config = store.siguo.config;
    let lang = move || store.lang();
    let table = move || config.with(|c| c.table());
    let table_seats = Memo::new(move |_| config.with(|c| c.seats().collect::<Vec<_>>()));
    let table_button = move |tb: Table| {
        view! {
            <button class="choice" data-testid=format!("siguo-table-{}", tb.as_str())
                aria-pressed=move || (table() == tb).to_string()
                on:click=move |_| config.update(|c| {
                    c.rules.table = tb;
                    *c = std::mem::take(c).normalised();
                })>
                {move || t::table_name(tb, lang())}
            </button>
        }
    };
    let info_button = move |m: InfoMode, id: &'static str| {
        view! {
            <button class="choice" data-testid=id aria-pressed=move || config.with(|c| c.info == m).to_string()
                on:click=move |_| config.update(|c| c.info = m)>
                {move || t::info_name(m, lang())}
            </button>
        }
    };
    let seat_row = move |s: Seat| {
        let human = move || config.with(|c| c.is_human(s));
        let set_human = move |h: bool| config.update(|c| c.players[s.index()].human = h);
        let levels = move || {
            let l = lang();
            junqi_ai::LEVELS
                .iter()
                .map(|lv| {
                    let n = lv.number;
                    view! {
                        <option value=n.to_string() selected=move || config.with(|c| c.players[s.index()].level == n)>
                            {format!("{n} · {}", i18n::level_title(n, l))}
                        </option>
                    }
                })
                .collect_view()
        };
        view! {
            <div class=format!("seat-choice seat-{}", s.index())>
                <span class="seat-dot"></span>
                <b class="seat-label">{move || t::seat_name(s, lang())}</b>
                <div class="choices two">
                    <button class="choice" data-testid=format!("seat-{}-human", s.index())
                        aria-pressed=move || human().to_string() on:click=move |_| set_human(true)>
                        {move || t::PERSON.get(lang())}
                    </button>
                    <button class="choice" data-testid=format!("seat-{}-computer", s.index())
                        aria-pressed=move || (!human()).to_string() on:click=move |_| set_human(false)>
                        {move || t::COMPUTER.get(lang())}
                    </button>
                </div>
                <Show when=move || !human()>
                    <select
                        data-testid=format!("seat-{}-level", s.index())
                        aria-label=move || i18n::LEVEL.get(lang())
                        on:change=move |ev| {
                            let v = event_target_value(&ev).parse().unwrap_or(3);
                            config.update(|c| c.players[s.index()].level = v);
                        }
                    >
                        {levels}
                    </select>
                </Show>
            </div>
        }
    };
    let firsts = move || {
        let l = lang();
        table_seats
            .get()
            .into_iter()
            .map(|s| {
                view! {
                    <option value=s.index().to_string() selected=move || config.with(|c| c.rules.first == s)>
                        {t::seat_name(s, l)}
                    </option>
                }
            })
            .collect_view()
    };
    let switches = move || {
        let l = lang();
        switches_for(config.with(|c| c.info))
            .map(|name| {
                let checked = move || config.with(|c| c.rules.rules.switch(name) == Some(true));
                view! {
                    <label class="rule">
                        <input type="checkbox" data-testid=format!("siguo-rule-{name}") prop:checked=checked
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                config.update(|c| c.set_switch(name, on));
                            }/>
                        <span>{t::rule_text(name).get(l)}</span>
                    </label>
                }
            })
            .collect_view()
    };
    let clocks = move || {
        crate::components::newgame::clock_options(lang(), move |m| {
            config.with(|c| c.clock_minutes == m)
        })
    };
    view! {
        <section class="siguo-options" data-testid="siguo-options">
            <h3>{move || t::TABLE.get(lang())}</h3>
            <div class="choices three" role="group">
                {Table::ALL.into_iter().map(table_button).collect_view()}
            </div>
            <p class="explain" data-testid="siguo-table-explain">{move || t::table_explain(table(), lang())}</p>
            <h3>{move || t::INFO.get(lang())}</h3>
            // 双明 (partners open) only where there are partners.
            <div class=move || if table() == Table::Teams { "choices three" } else { "choices two" }>
                {info_button(InfoMode::FourDark, "siguo-info-dark")}
                <Show when=move || table() == Table::Teams>
                    {info_button(InfoMode::DoubleOpen, "siguo-info-double")}
                </Show>
                {info_button(InfoMode::AllOpen, "siguo-info-open")}
            </div>
            <p class="explain" data-testid="siguo-info-explain">{move || t::info_explain(config.with(|c| c.info), lang())}</p>
        </section>
        <section>
            <h3>{move || t::SEATS.get(lang())}</h3>
            {move || table_seats.get().into_iter().map(seat_row).collect_view()}
            <Show when=move || config.with(|c| c.humans().is_empty())>
                <p class="explain" data-testid="siguo-all-computers">{move || t::ALL_COMPUTERS.get(lang())}</p>
            </Show>
            <label class="field">
                <span>{move || t::FIRST_SEAT.get(lang())}</span>
                <select data-testid="siguo-first" on:change=move |ev| {
                    let v: usize = event_target_value(&ev).parse().unwrap_or(0);
                    if let Some(s) = Seat::new(v) { config.update(|c| c.rules.first = s); }
                }>{firsts}</select>
            </label>
        </section>
        <section>
            <label class="field">
                <span>{move || i18n::CLOCK.get(lang())}</span>
                <select data-testid="siguo-clock" on:change=move |ev| {
                    let v = event_target_value(&ev).parse().unwrap_or(0);
                    config.update(|c| c.clock_minutes = v);
                }>{clocks}</select>
            </label>
            <MoveTimerFields
                testids=["siguo-move-timer", "siguo-timeout-limit"]
                seconds=move || config.with(|c| c.move_seconds)
                set_seconds=move |v| config.update(|c| c.move_seconds = v)
                limit=move || config.with(|c| c.rules.rules.timeout_limit)
                set_limit=move |v| config.update(|c| c.rules.rules.timeout_limit = v)
            />
        </section>
        <section>
            <h3>{move || i18n::RULES.get(lang())}</h3>
            <div class="rules">
                <label class="rule">
                    <input type="checkbox" data-testid="siguo-clockwise"
                        prop:checked=move || config.with(|c| c.rules.order == Order::Clockwise)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            config.update(|c| c.rules.order = if on { Order::Clockwise } else { Order::CounterClockwise });
                        }/>
                    <span><b>{move || t::CLOCKWISE.get(lang())}</b> " " {move || t::CLOCKWISE_EXPLAIN.get(lang())}</span>
                </label>
                <label class="rule">
                    <input type="checkbox" data-testid="siguo-wipe-draw"
                        prop:checked=move || config.with(|c| c.rules.wipe_out == WipeOut::Draw)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            config.update(|c| c.rules.wipe_out = if on { WipeOut::Draw } else { WipeOut::MoverWins });
                        }/>
                    <span><b>{move || t::WIPE_DRAW.get(lang())}</b> " " {move || t::WIPE_DRAW_EXPLAIN.get(lang())}</span>
                </label>
                {switches}
            </div>
        </section>
    }
}
