//! The side panel of play: whose turn, clocks, the no-capture counter, the removed pieces of
//! each side, the move list and the game's buttons.

use crate::components::play::moves::{MoveList, MoveRow};
use crate::ground::label::LabelStyle;
use crate::i18n::{self, Lang};
use crate::state::config::Opponent;
use crate::state::game::RemoteState;
use crate::state::store::{Dialog, Phase, PublicState, Store};
use junqi_core::Seat;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

#[component]
pub fn Panel() -> impl IntoView {
    let store = expect_context::<Store>();
    let panel = NodeRef::<leptos::html::Aside>::new();
    // Whether the panel holds more below its fold (a phone's panel under the board scrolls):
    // a shade and an arrow at its foot then say so.
    let more = RwSignal::new(false);
    // Also called from an animation frame after a change, when the panel may be gone.
    let measure = move || {
        if let Some(el) = panel.try_get_untracked().flatten() {
            let below = el.scroll_height() - el.scroll_top() - el.client_height();
            more.try_set(below > 4);
            // Whatever is scrolled to (a focused control) stops above the game's buttons
            // where they stay at the panel's foot (landscape), not under them.
            let bar = el
                .query_selector(":scope > .controls")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
                .map_or(0, |c| c.offset_height());
            let _ = el
                .style()
                .set_property("scroll-padding-bottom", &format!("{bar}px"));
        }
    };
    Effect::new(move |_| {
        store.rev.track();
        store.notice.track();
        store.phase.track();
        request_animation_frame(measure);
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    view! {
        <aside
            class="panel play-panel"
            node_ref=panel
            data-more=move || more.get().then_some("")
            on:scroll=move |_| measure()
        >
            <GameLine/>
            <Status/>
            <Clocks/>
            <MoveTimerRow/>
            <QuietCounter/>
            <PieceKey/>
            <crate::components::boards::trays::Trays/>
            <WatchControls/>
            <PlayMoves/>
            <MoveBox/>
            <Controls/>
            <div class="more-below" data-testid="more-below" aria-hidden="true">"▾"</div>
        </aside>
    }
}

/// What this game is: its mode and who plays it (against the computer, its level and the
/// level's name), so that a newcomer who pressed "Play the computer" sees what it started.
#[component]
pub fn GameLine() -> impl IntoView {
    let store = expect_context::<Store>();
    let text = move || {
        let lang = store.lang();
        store.config.with(|c| {
            let zh = i18n::mode_name(c.mode, Lang::Zh);
            let mode = match lang {
                Lang::Zh => zh.to_string(),
                Lang::En => format!("{zh} {}", i18n::mode_name(c.mode, Lang::En)),
            };
            let who = match c.opponent {
                Opponent::Computer => format!(
                    "{} · {}",
                    i18n::computer_level(c.level, lang),
                    i18n::level_title(c.level, lang)
                ),
                Opponent::Friend => i18n::OPPONENT_FRIEND.get(lang).to_string(),
                Opponent::Remote => i18n::OPPONENT_REMOTE.get(lang).to_string(),
                Opponent::Watch => format!(
                    "{} · {}",
                    i18n::OPPONENT_WATCH.get(lang),
                    i18n::computer_level(c.level, lang)
                ),
            };
            format!("{mode} · {who}")
        })
    };
    view! { <p class="game-line" data-testid="game-line">{text}</p> }
}

/// Where the pieces show numbers (the English labels), which number is which piece and what
/// beats what; open until the player has finished a few games.
#[component]
fn PieceKey() -> impl IntoView {
    let store = expect_context::<Store>();
    let numbers = move || store.settings.with(|s| s.labels == LabelStyle::Rank);
    let open = store.stats.with_untracked(|s| s.games() < 3);
    let rows = move || {
        let lang = store.lang();
        junqi_core::Role::ALL
            .into_iter()
            .filter_map(|r| r.rank().map(|n| (n, r)))
            .map(|(n, r)| {
                view! {
                    <li><b>{n}</b> " " {i18n::role_name(r, lang)}</li>
                }
            })
            .collect_view()
    };
    move || {
        numbers().then(|| {
            view! {
                <details class="piece-key" data-testid="piece-key" open=open>
                    <summary>{move || i18n::PIECE_KEY.get(store.lang())}</summary>
                    <ul class="piece-key-ranks">{rows}</ul>
                    <p class="explain">{move || i18n::PIECE_KEY_RULE.get(store.lang())}</p>
                </details>
            }
        })
    }
}

/// The status line's text.
pub fn status_text(store: Store, lang: Lang) -> String {
    store.rev.track();
    let thinking = store.thinking.get();
    let friend = !store.against_computer();
    let Some(p) = store.public() else {
        return String::new();
    };
    if let Some(r) = store.remote_state() {
        return remote_status(r, &p, lang);
    }
    if let Some(o) = p.outcome {
        return i18n::outcome_text(o, lang);
    }
    let Some(seat) = p.to_move else {
        return String::new();
    };
    let color = p.colors[usize::from(seat)];
    // A watched game names the side to move, as pass and play does.
    let watched = store.watched();
    if (thinking || !p.human[usize::from(seat)]) && !watched {
        return i18n::STATUS_COMPUTER_THINKING.get(lang).to_string();
    }
    if friend || watched {
        return match color {
            Some(c) => i18n::to_move(c, lang),
            None if watched => i18n::player_to_move(seat, lang),
            None => i18n::player_flips(seat, lang),
        };
    }
    i18n::your_move(color, lang)
}

/// The status line of a game with a friend on another device.
fn remote_status(r: RemoteState, p: &PublicState, lang: Lang) -> String {
    let outcome = p.outcome.map(|o| i18n::outcome_text(o, lang));
    match r {
        RemoteState::Setting => i18n::REMOTE_WAIT_SETUP.get(lang).to_string(),
        RemoteState::Settling => i18n::REMOTE_SETTLING.get(lang).to_string(),
        RemoteState::Cheated(why) => format!("{}{why}", i18n::REMOTE_CHEATED.get(lang)),
        RemoteState::Ending => format!(
            "{} · {}",
            outcome.unwrap_or_default(),
            i18n::REMOTE_ENDING.get(lang)
        ),
        RemoteState::Verified => format!(
            "{} · {}",
            outcome.unwrap_or_default(),
            i18n::REMOTE_VERIFIED.get(lang)
        ),
        RemoteState::Playing => match p.to_move {
            Some(seat) if p.human[usize::from(seat.min(1))] => {
                i18n::your_move(p.colors[usize::from(seat.min(1))], lang)
            }
            _ => i18n::REMOTE_THEIR_TURN.get(lang).to_string(),
        },
    }
}

#[component]
fn Status() -> impl IntoView {
    let store = expect_context::<Store>();
    let turn_color = move || {
        store.rev.track();
        store
            .public()
            .and_then(|p| p.color_to_move())
            .map(|c: Seat| c.side_name().to_string())
    };
    view! {
        <div class="status" data-testid="status" data-turn=turn_color aria-live="polite">
            <span class="turn-dot"></span>
            <span class="status-text">{move || status_text(store, store.lang())}</span>
        </div>
        <div class="caption" data-testid="caption">{move || store.caption()}</div>
        // For screen readers: each action's caption added in order as it is played (a log, so
        // a computer's quick answer does not replace the player's own move unheard).
        <div class="sr" role="log" aria-live="polite" data-testid="announce">
            <For each=move || store.captions(4) key=|(ply, text)| (*ply, text.clone()) let((_, text))>
                <p>{text}</p>
            </For>
        </div>
        <div class="notice" aria-live="assertive">
            {move || store.notice.get().map(|t| view! { <span>{t}</span> })}
        </div>
    }
}

pub(crate) fn clock_text(ms: f64) -> String {
    // Between two devices the other side's time may go below zero here until it is claimed.
    let s = (ms.max(0.0) / 1000.0).ceil() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

#[component]
fn Clocks() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let c = store.clock.get()?;
        let lang = store.lang();
        let public = store.public();
        let names = public
            .as_ref()
            .map(|p| {
                [0u8, 1].map(|s| match p.colors[usize::from(s)] {
                    Some(c) => i18n::color_name(c, lang).to_string(),
                    None => format!("#{}", s + 1),
                })
            })
            .unwrap_or_default();
        let to_move = public.and_then(|p| p.to_move);
        let rows = (0..2u8)
            .map(|s| {
                let class = if to_move == Some(s) {
                    "clock running"
                } else {
                    "clock"
                };
                view! {
                    <span class=class data-testid=format!("clock-{s}")>
                        {names[usize::from(s)].clone()} " " {clock_text(c.left[usize::from(s)])}
                    </span>
                }
            })
            .collect_view();
        Some(view! { <div class="clocks">{rows}</div> })
    }
}

/// The per-move timer: seconds left for this move, and each side's timeouts so far.
#[component]
fn MoveTimerRow() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let t = store.move_timer.get()?;
        let counts = store.timeouts()?;
        let limit = store.config.with(|c| c.rules.timeout_limit);
        let lang = store.lang();
        let public = store.public();
        let seconds = (t.left / 1000.0).ceil() as u32;
        let rows = (0..2u8)
            .map(|s| {
                let name = public
                    .as_ref()
                    .and_then(|p| p.colors[usize::from(s)])
                    .map(|c| i18n::color_name(c, lang).to_string())
                    .unwrap_or_else(|| format!("#{}", s + 1));
                let n = counts[usize::from(s)];
                view! {
                    <span class="timeouts" data-testid=format!("timeouts-{s}") data-count=n.to_string()>
                        {i18n::timeouts_text(&name, n, limit, lang)}
                    </span>
                }
            })
            .collect_view();
        Some(view! {
            <div class="move-timer">
                <span data-testid="move-left" data-seconds=seconds.to_string()>
                    {i18n::move_left_text(seconds, lang)}
                </span>
                {rows}
            </div>
        })
    }
}

/// The no-capture counter, shown when the end is near.
#[component]
fn QuietCounter() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        store.rev.track();
        let lang = store.lang();
        let (n, limit, no31) = store.public()?.quiet;
        if n + 20 < limit {
            return None;
        }
        let label = if no31 {
            i18n::QUIET_COUNTER_31
        } else {
            i18n::QUIET_COUNTER
        };
        Some(view! {
            <div class="quiet" data-testid="quiet-counter">
                {label.get(lang)} ": " <strong>{n}</strong> " / " {limit}
            </div>
        })
    }
}

/// The game's moves, the latest kept in sight.
#[component]
fn PlayMoves() -> impl IntoView {
    let store = expect_context::<Store>();
    let moves = Memo::new(move |_| {
        store.anim.track();
        store.move_list().into_iter().map(MoveRow::of).collect()
    });
    view! { <MoveList testid="move-list" moves=moves.into()/> }
}

#[component]
fn Controls() -> impl IntoView {
    let store = expect_context::<Store>();
    let assist = expect_context::<crate::learn::assist::Assist>();
    let lang = move || store.lang();
    let playing = move || store.phase.get() == Phase::Play;
    let hidden = move || store.config.with(|c| c.mode) != junqi_core::Mode::Open;
    let flip = move || store.config.with(|c| c.mode) == junqi_core::Mode::Flip;
    let watched = move || store.watched();
    view! {
        <div class="controls">
            <Show when=move || !watched()>
            <button
                data-testid="resign"
                disabled=move || !store.may_resign()
                title=move || {
                    if store.may_resign() { "" } else { i18n::RESIGN_TOO_EARLY.get(lang()) }
                }
                on:click=move |_| store.dialog.set(Some(Dialog::ConfirmResign))
            >
                {move || i18n::RESIGN.get(lang())}
            </button>
            <button
                data-testid="offer-draw"
                disabled=move || !playing()
                on:click=move |_| store.offer_draw()
            >
                {move || i18n::OFFER_DRAW.get(lang())}
            </button>
            </Show>
            <Show when=move || store.against_computer() && store.settings.with(|s| s.allow_undo)>
                <button
                    data-testid="undo"
                    disabled=move || !assist.may_undo()
                    title=move || hidden().then(|| i18n::UNDO_HIDDEN_RULE.get(lang()))
                    on:click=move |_| assist.undo()
                >
                    {move || i18n::UNDO.get(lang())}
                </button>
            </Show>
            // With a friend on another device a move is taken back when they agree.
            <Show when=move || store.remote_state().is_some()>
                <button
                    data-testid="ask-undo"
                    disabled=move || !store.may_undo()
                    title=move || hidden().then(|| i18n::UNDO_HIDDEN_RULE.get(lang()))
                    on:click=move |_| store.undo()
                >
                    {move || i18n::REMOTE_ASK_UNDO.get(lang())}
                </button>
            </Show>
            // In 暗棋 and 翻棋 only plies that revealed nothing can be taken back: say so.
            <Show when=move || hidden() && store.against_computer() && store.settings.with(|s| s.allow_undo)>
                <p class="explain undo-rule" data-testid="undo-rule">
                    {move || i18n::UNDO_HIDDEN_RULE.get(lang())}
                    // Against the computer in 翻棋 its reply is nearly always a flip: say why
                    // undo stays grey.
                    {move || flip().then(|| format!(" {}", i18n::UNDO_FLIP_COMPUTER.get(lang())))}
                </p>
            </Show>
            // Why 认输 is greyed out, where a touch user can read it (a title shows on hover only).
            <Show when=move || playing() && !watched() && !store.may_resign()>
                <p class="explain resign-rule" data-testid="resign-rule">
                    {move || i18n::RESIGN_TOO_EARLY.get(lang())}
                </p>
            </Show>
            <crate::components::boards::assist::HintButton/>
            <crate::components::rules::RulesButton/>
            <Show when=move || store.phase.get() == Phase::Over && !store.result_open.get()>
                <button data-testid="show-result" on:click=move |_| store.result_open.set(true)>
                    {move || i18n::GAME_OVER.get(lang())}
                </button>
            </Show>
        </div>
    }
}

/// 旁观: the watcher's pace, pause and step, and whose eyes (Red's, Black's, or — in 暗棋 —
/// every piece open).
#[component]
fn WatchControls() -> impl IntoView {
    let store = expect_context::<Store>();
    let dark = Signal::derive(move || store.config.with(|c| c.mode) == junqi_core::Mode::Dark);
    let current = Signal::derive(move || store.eyes.get());
    view! {
        <Show when=move || store.watched() && store.phase.get() == Phase::Play>
            <crate::components::boards::watch::WatchBar controls=store.watch_ctl prefix=""
                may_step=Signal::derive(move || store.may_step())
                step=Callback::new(move |()| store.watch_step())>
                <crate::components::boards::watch::Sides prefix="watch-side" current=current dark=dark
                    choose=Callback::new(move |e| store.set_eyes(e))/>
            </crate::components::boards::watch::WatchBar>
        </Show>
        // Once over, the board may still be seen through either side's eyes or all open.
        <Show when=move || store.watched() && store.phase.get() == Phase::Over>
            <crate::components::boards::watch::Sides prefix="watch-side" current=current dark=dark
                choose=Callback::new(move |e| store.set_eyes(e))/>
        </Show>
    }
}

/// The 2-player move box: a typed move (`c6-c7`) played or refused with its reason; a
/// reading command answered.
#[component]
fn MoveBox() -> impl IntoView {
    let store = expect_context::<Store>();
    let submit = Callback::new(move |typed: String| {
        if let Some(read) = crate::i18n::reading::Read::parse(&typed) {
            return Ok(crate::components::play::reading::answer(store, read));
        }
        store
            .play_typed(&typed)
            .map(|()| None)
            .map_err(|why| crate::i18n::board_words::typed_refusal(&why, store.lang()))
    });
    view! {
        <Show when=move || store.phase.get() == Phase::Play>
            <crate::components::play::reading::MoveBox
                submit=submit
                example="c6-c7"
                hint=crate::i18n::board_words::MOVE_BOX_HINT
            />
        </Show>
    }
}
