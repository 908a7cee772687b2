//! The side panel of the 4-player table: the four seats (who, whose turn, who is out), the
//! result, the move list, removed pieces, resign, replay and share.

use crate::components::boards::cross::tray_chip;
use crate::components::boards::trays::{groups_of, left_table, tray_rows, TraySide};
use crate::components::boards::watch::WatchBar;
use crate::components::play::moves::{MoveList, MoveRow};
use crate::components::records::replay_controls::ReplayControls;
use crate::components::records::share::Share;
use crate::i18n::{self, siguo_text as t};
use crate::state::siguo::Table;
use crate::state::store::Store;
use junqi_core::seat::Seat;
use leptos::prelude::*;

/// The status line: the result, or whose turn it is.
pub fn status_text(store: Store, l: crate::i18n::Lang) -> String {
    store
        .siguo
        .with_shown(|tb| match tb.outcome() {
            Some(o) => {
                let me = (tb.config.humans().len() == 1).then(|| tb.config.humans()[0]);
                t::outcome_text(&o, tb.config.table(), me, l)
            }
            None => {
                let s = tb.turn();
                let live = store.siguo.replay_ply.get().is_none();
                if live && tb.human_to_move().is_some() && tb.config.humans().len() == 1 {
                    t::YOUR_TURN.get(l).to_string()
                } else {
                    format!("{} {}", t::seat_name(s, l), t::TO_MOVE.get(l))
                }
            }
        })
        .unwrap_or_default()
}

/// The 四国 move box: a typed move (`Sa4-Ea0`) played or refused with its reason; a reading
/// command answered.
#[component]
fn SiguoMoveBox() -> impl IntoView {
    let store = expect_context::<Store>();
    let submit = Callback::new(move |typed: String| {
        if let Some(read) = crate::i18n::reading::Read::parse(&typed) {
            return Ok(crate::components::play::reading::answer_siguo(store, read));
        }
        store
            .siguo
            .typed(&store, &typed)
            .map(|()| None)
            .map_err(|why| i18n::board_words::typed_refusal(&why, store.lang()))
    });
    view! {
        <crate::components::play::reading::MoveBox
            submit=submit
            example="Sa4-Ea0"
            hint=i18n::board_words::MOVE_BOX_HINT_4P
        />
    }
}

#[component]
pub fn SiguoPanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let over = move || sg.with_tracked(Table::is_over).unwrap_or(false);
    let replaying = move || sg.replay_ply.get().is_some();
    let at_table = table_seats(sg);
    let seats = move || {
        let l = lang();
        at_table
            .get()
            .into_iter()
            .map(|s| {
                let info = move || {
                    sg.with_shown(|t| {
                        let p = t.config.player(s);
                        let who = if p.human {
                            t::PERSON.get(l).to_string()
                        } else {
                            format!("{} {}", t::COMPUTER.get(l), p.level)
                        };
                        (who, t.is_in(s), !t.is_over() && t.turn() == s)
                    })
                    .unwrap_or_default()
                };
                let thinking = move || (sg.thinking.get() && info().2).then(|| t::THINKING.get(l));
                // The seat on the viewer's side, named so on the table.
                let partner = move || {
                    let viewer = sg.viewer.get();
                    sg.with_tracked(|t| t.partners(viewer, s)).unwrap_or(false)
                };
                view! {
                    <li
                        class=move || format!("seat-row seat-{}", s.index())
                        data-testid=format!("seat-bar-{}", s.index())
                        data-to-move=move || info().2.then_some("")
                        data-out=move || (!info().1).then_some("")
                        data-partner=move || partner().then_some("")
                    >
                        <span class="seat-dot"></span>
                        <b>{t::seat_name(s, l)}</b>
                        " "
                        <span>{move || info().0}</span>
                        {move || partner().then(|| view! { " " <span class="seat-partner">{t::PARTNER.get(l)}</span> })}
                        " "
                        <span class="seat-clock" data-testid=format!("seat-clock-{}", s.index())>
                            {move || sg.clocks().map(|c| clock_text(c[s.index()]))}
                        </span>
                        <span class="seat-state">
                            {move || (!info().1).then(|| t::OUT.get(l))}
                            {thinking}
                        </span>
                    </li>
                }
            })
            .collect_view()
    };
    let status = move || status_text(store, lang());
    // Once over: who took and lost what, and who left when — in a replay, once at the end.
    let summary = move || {
        let l = lang();
        sg.with_shown(|tb| {
            tb.summary().map(|sum| {
                tb.config
                    .seats()
                    .map(|s| {
                        let line = sum[s];
                        view! {
                            <li class=format!("seat-{}", s.index()) data-testid=format!("siguo-summary-{}", s.index())>
                                {t::summary_line(s, line.took, line.lost, line.out, l)}
                            </li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    // Live: the moves so far as the viewer saw them. Replaying: the whole game through the
    // replay's eyes (the move list marks the ply shown and dims the moves after it).
    let moves = Memo::new(move |_| {
        let l = lang();
        let eyes = sg.eyes();
        let list = |tb: &Table| {
            tb.rows()
                .iter()
                .map(|r| MoveRow {
                    ply: r.ply as u32,
                    class: format!("seat-{}", r.seat.index()),
                    text: t::row_text(r.facts(), tb.met_seen_by(eyes, r), eyes, l),
                    revealed: r.revealed,
                })
                .collect::<Vec<_>>()
        };
        if replaying() {
            sg.with_tracked(list)
        } else {
            sg.with_shown(list)
        }
        .unwrap_or_default()
    });
    // Once the game is over the list already steps through it, from its end: a click on a
    // move shows the board then, as the replay bar's controls do.
    let shown_ply = Signal::derive(move || {
        sg.replay_ply
            .get()
            .or_else(|| over().then(|| sg.with_tracked(Table::ply).unwrap_or(0)))
    });
    let go = Callback::new(move |ply: usize| sg.replay_ply.set(Some(ply)));
    let look = crate::components::play::label_look(store);
    let trays = move || {
        let l = lang();
        let look = look.get();
        // Replaying or watching: through the chosen eyes (every piece open, or a seat's).
        let viewer = match sg.replay_ply.get() {
            Some(_) => sg.watch.get(),
            None if sg.watching() => sg.watch.get(),
            None => Some(sg.viewer.get()),
        };
        sg.with_shown(|tb| {
            let seats: Vec<Seat> = tb.config.seats().collect();
            let sides: Vec<TraySide> = seats
                .iter()
                .map(|&s| {
                    let (ranks, unseen) = tb.removed_seen(viewer, s);
                    TraySide {
                        key: s.index().to_string(),
                        class: format!("seat-{}", s.index()),
                        name: t::seat_name(s, l).to_string(),
                        groups: groups_of(&ranks, unseen),
                    }
                })
                .collect();
            let chip = move |i: usize, role| tray_chip(seats[i], role, look).into_any();
            view! {
                {tray_rows(&sides, chip, l)}
                {left_table(&sides, l)}
            }
        })
    };
    view! {
        <aside class="panel siguo-panel">
            <ul class="seat-list">{seats}</ul>
            <SiguoMoveTimer/>
            <p class="siguo-status" data-testid="siguo-status" role="status">{status}</p>
            // What the person has not seen played: the round since their own move (three quick
            // computer moves stay readable); replaying, the ply's move.
            <p class="siguo-caption" data-testid="siguo-caption">
                {move || {
                    let l = lang();
                    let viewer = sg.viewer.get();
                    // Watching, nobody's turn comes round: the last move.
                    let live = sg.replay_ply.get().is_none() && !sg.watching();
                    let eyes = sg.eyes();
                    sg.with_shown(|tb| {
                        let rows = if live { tb.since_turn_of(viewer) } else { &tb.rows()[tb.rows().len().saturating_sub(1)..] };
                        rows.iter()
                            .map(|r| view! { <span class="caption-row">{t::row_text(r.facts(), tb.met_seen_by(eyes, r), eyes, l)}</span> })
                            .collect_view()
                    })
                }}
            </p>
            // For screen readers: each action added in order as it is played (a log, so three
            // computers' quick moves are all heard).
            <div class="sr" role="log" aria-live="polite" data-testid="siguo-announce">
                <For
                    each=move || {
                        let l = lang();
                        let eyes = sg.eyes();
                        sg.with_shown(|tb| {
                            let rows = tb.rows();
                            rows[rows.len().saturating_sub(4)..]
                                .iter()
                                .map(|r| (r.ply, t::row_text(r.facts(), tb.met_seen_by(eyes, r), eyes, l)))
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default()
                    }
                    key=|(ply, text)| (*ply, text.clone())
                    let((_, text))
                >
                    <p>{text}</p>
                </For>
            </div>
            <Show when=move || sg.points.get().is_some()>
                <p class="siguo-points" data-testid="siguo-points">
                    {move || format!("{} {:+}", t::POINTS_WORD.get(lang()), sg.points.get().unwrap_or(0))}
                </p>
            </Show>
            <Show when=move || sg.guess_at.get().is_some()>
                <GuessPicker/>
            </Show>
            <Show when=move || sg.stranding.get().is_some()>
                <div class="siguo-strand" role="alertdialog" aria-labelledby="siguo-strand-text" data-testid="siguo-strand">
                    <p id="siguo-strand-text">{move || t::STRANDS.get(lang())}</p>
                    <div class="siguo-actions">
                        <button data-testid="siguo-strand-back" on:click=move |_| sg.strand_back()>
                            {move || t::STRAND_BACK.get(lang())}
                        </button>
                        <button data-testid="siguo-strand-play" on:click=move |_| sg.play_stranding(&store)>
                            {move || t::STRAND_PLAY.get(lang())}
                        </button>
                    </div>
                </div>
            </Show>
            <Show when=move || sg.hint.get().is_some()>
                <p class="siguo-hint" data-testid="siguo-hint-text">
                    {move || sg.hint.get().map(|m| format!("{} {} → {}", i18n::HINT.get(lang()), m.from(), m.to()))}
                </p>
            </Show>
            <Show when=move || !over() && sg.watching()>
                <WatchBar controls=sg.watch_ctl prefix="siguo-"
                    may_step=Signal::derive(move || {
                        sg.watch_ctl.paused.get() && !sg.thinking.get() && !sg.pausing.on.get()
                    })
                    step=Callback::new(move |()| sg.step(&store))>
                    <WatchEyes/>
                </WatchBar>
            </Show>
            <Show when=move || !over() && !sg.watching()>
                <SiguoMoveBox/>
                <div class="siguo-actions">
                    <button data-testid="siguo-hint" disabled=move || !sg.may_act_tracked()
                        on:click=move |_| sg.ask_hint(&store)>
                        {move || i18n::HINT.get(lang())}
                    </button>
                    <button data-testid="siguo-undo" disabled=move || !sg.may_undo()
                        title=move || sg.undo_is_limited().then(|| t::UNDO_HIDDEN_RULE.get(lang()))
                        on:click=move |_| sg.undo(&store)>
                        {move || i18n::UNDO.get(lang())}
                    </button>
                    <button data-testid="siguo-offer-draw" disabled=move || !sg.may_offer_draw()
                        on:click=move |_| sg.offer_draw(&store)>
                        {move || t::OFFER_DRAW.get(lang())}
                    </button>
                </div>
                // Why undo is grey after a contact, where a touch user can read it.
                <Show when=move || sg.undo_is_limited()>
                    <p class="explain undo-rule" data-testid="siguo-undo-rule">
                        {move || t::UNDO_HIDDEN_RULE.get(lang())}
                    </p>
                </Show>
                <button
                    class="resign"
                    data-testid="siguo-resign"
                    disabled=move || !sg.may_resign()
                    on:click=move |_| sg.resign(&store)
                >
                    {move || t::RESIGN_SEAT.get(lang())}
                </button>
            </Show>
            <Show when=over>
                <ul class="siguo-summary" data-testid="siguo-summary">{summary}</ul>
                <ReplayBar/>
                <div class="result-actions">
                    <button data-testid="siguo-rematch" class="primary" on:click=move |_| sg.rematch(&store)>
                        {move || t::REMATCH.get(lang())}
                    </button>
                    <Share/>
                    <button data-testid="siguo-new" on:click=move |_| store.open_new_game()>
                        {move || i18n::NEW_GAME.get(lang())}
                    </button>
                </div>
            </Show>
            <crate::components::rules::RulesButton/>
            <details class="siguo-trays" open=move || replaying().then_some("")>
                <summary>{move || i18n::REMOVED.get(lang())}</summary>
                {trays}
            </details>
            <MoveList testid="siguo-moves" class="siguo-moves" moves=moves.into() shown=shown_ply go=go/>
        </aside>
    }
}

/// The seats at the game's table (all four but at 三国), changing only with the game.
fn table_seats(sg: crate::state::siguo::SiguoStore) -> Memo<Vec<Seat>> {
    Memo::new(move |_| {
        sg.with_tracked(|t| t.config.seats().collect())
            .unwrap_or_default()
    })
}

/// Once the game is over: step through it from any seat's eyes or with every piece open.
#[component]
fn ReplayBar() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let total = Signal::derive(move || sg.with_tracked(Table::ply).unwrap_or(0));
    let ply = Signal::derive(move || sg.replay_ply.get().unwrap_or(total.get()));
    let go = move |k: usize| sg.replay_ply.set(Some(k.min(total.get_untracked())));
    view! {
        <div class="siguo-replay" data-testid="siguo-replay">
            <div class="replay-head">
                <span class="panel-heading">{move || i18n::REPLAY.get(lang())}</span>
                <span class="replay-ply" data-testid="siguo-replay-ply">{move || format!("{} / {}", ply.get(), total.get())}</span>
            </div>
            <ReplayControls ply=ply len=total go=Callback::new(go) testid="siguo-replay"/>
            <WatchEyes/>
        </div>
    }
}

/// Whose eyes a replay or a watched game is seen through: every piece open, or one seat's.
#[component]
fn WatchEyes() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let seats = table_seats(sg);
    let watch_button = move |w: Option<Seat>| {
        let text = move || match w {
            Some(s) => t::seat_name(s, lang()).to_string(),
            None => t::ALL_OPEN.get(lang()).to_string(),
        };
        let id = match w {
            Some(s) => format!("siguo-watch-{}", s.index()),
            None => "siguo-watch-all".to_string(),
        };
        view! {
            <button class="choice" data-testid=id aria-pressed=move || (sg.watch.get() == w).to_string()
                on:click=move |_| sg.watch.set(w)>{text}</button>
        }
    };
    view! {
        <div class="choices watch">
            <span>{move || t::WATCH_SEAT.get(lang())}</span>
            {watch_button(None)}
            {move || seats.get().into_iter().map(|s| watch_button(Some(s))).collect_view()}
        </div>
    }
}

/// The per-move timer: seconds left for the person to move, and each person's timeouts so far
/// (computers are not timed).
#[component]
fn SiguoMoveTimer() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    move || {
        let lang = store.lang();
        let left = sg.move_left();
        let (limit, counts) = sg.with_shown(|t| {
            let counts: Vec<(Seat, u32)> = t
                .config
                .humans()
                .into_iter()
                .map(|s| (s, u32::from(t.timeouts(s))))
                .collect();
            (t.config.move_seconds > 0).then_some((t.config.rules.rules.timeout_limit, counts))
        })??;
        let rows = counts
            .into_iter()
            .map(|(s, n)| {
                view! {
                    <span class="timeouts" data-testid=format!("seat-timeouts-{}", s.index()) data-count=n.to_string()>
                        {i18n::timeouts_text(t::seat_name(s, lang), n, limit, lang)}
                    </span>
                }
            })
            .collect_view();
        let seconds = left.map(|ms| (ms / 1000.0).ceil() as u32);
        Some(view! {
            <div class="move-timer" data-testid="siguo-move-timer">
                {seconds.map(|s| view! {
                    <span data-testid="move-left" data-seconds=s.to_string()>{i18n::move_left_text(s, lang)}</span>
                })}
                {rows}
            </div>
        })
    }
}

/// `m:ss`, rounded up (a clock showing 0:00 has run out).
fn clock_text(ms: f64) -> String {
    let s = (ms / 1000.0).ceil().max(0.0) as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// Marks a guess on the hidden piece tapped: the ranks by name, or no mark.
#[component]
fn GuessPicker() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let buttons = move || {
        let l = lang();
        junqi_core::Role::ALL
            .into_iter()
            .map(|r| {
                view! {
                    <button class="guess-choice" data-testid=format!("siguo-guess-{}", r.upper_char())
                        on:click=move |_| sg.set_guess(&store, Some(r))>
                        {crate::i18n::guess_text(r, l)}
                    </button>
                }
            })
            .collect_view()
    };
    // With the notebook on, what the record proves of the piece comes first.
    let note = move || {
        if !store.settings.with(|s| s.notebook) {
            return None;
        }
        let p = sg.guess_at.get()?;
        let l = lang();
        let viewer = sg.viewer.get();
        let a_piece =
            move |r: Option<junqi_core::Role>| crate::i18n::notebook::met_piece(r, false, l);
        let said = sg
            .with_tracked(|t| t.notebook(viewer))
            .flatten()
            .and_then(|b| crate::components::play::notebook::lines(&b, p, l, &a_piece))?;
        Some(view! {
            <div class="siguo-note" data-testid="note-card" data-at=p.to_string()>
                <p class="note-title">{crate::i18n::notebook::TITLE.get(l)}</p>
                {crate::components::play::notebook::lines_view(said)}
            </div>
        })
    };
    view! {
        <div class="siguo-guess" data-testid="siguo-guess" role="group"
            aria-label=move || i18n::GUESS_TITLE.get(lang())>
            {note}
            <p>{move || i18n::GUESS_TITLE.get(lang())} " " {move || sg.guess_at.get().map(|p| p.to_string())}</p>
            <div class="guess-grid">
                {buttons}
                <button class="guess-choice" data-testid="siguo-guess-clear" on:click=move |_| sg.set_guess(&store, None)>
                    {move || i18n::GUESS_CLEAR.get(lang())}
                </button>
            </div>
        </div>
    }
}
