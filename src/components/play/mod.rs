//! The play screen: the board with its layers (pieces, marks, effects) beside the panel.

pub mod coach;
pub mod colour_flip;
pub mod cross;
pub mod cross_panel;
pub mod moves;
pub mod notebook;
pub mod overlays;
pub mod panel;
pub mod reading;

use crate::components::boards::facing::{Board, Marks};
use crate::components::boards::fx::FxLayer;
use crate::components::boards::piece::{LabelLook, PieceLayer};
use crate::components::play::panel::Panel;
use crate::components::records::share::Share;
use crate::ground::drag::Press;
use crate::ground::geometry::{point_xy, Orientation};
use crate::ground::render::{build_render_model, Interaction, RenderModel};
use crate::i18n;
use crate::i18n::guess_text;
use crate::state::store::{Phase, Store};
use junqi_core::{Bitboard, Point, Role};
use leptos::prelude::*;

/// How labels look, from the settings.
pub fn label_look(store: Store) -> Memo<LabelLook> {
    Memo::new(move |_| {
        store.settings.with(|s| LabelLook {
            style: s.labels,
            large: s.large_labels,
            lang: s.lang,
            ranks: false,
        })
    })
}

#[component]
pub fn PlayScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    crate::components::focus_board_if_lost();
    let press = RwSignal::new(None::<Press>);
    let model: Memo<Option<RenderModel>> = Memo::new(move |_| {
        let can_act = store.can_act();
        let drag = press.with(|p| p.as_ref().and_then(Press::dragged));
        store.shown.with(|shown| {
            let shown = shown.as_ref()?;
            let ix = Interaction {
                orientation: shown.orientation,
                selected: drag.map(|(p, _)| p).or(store.selected.get()),
                can_act,
                last: shown.last,
                hidden: store
                    .anim
                    .with(|a| a.as_ref().map(|a| a.plan.hidden))
                    .unwrap_or_default(),
                guesses: store.guesses.get(),
                proven: store
                    .notebook
                    .with(|n| n.as_ref().map(|n| n.proven_board()))
                    .unwrap_or([None; junqi_core::types::POINTS]),
                turned: shown.turned,
                drag,
            };
            Some(build_render_model(&shown.view, &ix))
        })
    });
    let orientation = Memo::new(move |_| {
        store
            .shown
            .with(|s| s.as_ref().map(|s| s.orientation))
            .unwrap_or_default()
    });
    let marks = Signal::derive(move || {
        let m = model.get();
        let mut last = Bitboard::EMPTY;
        if let Some((a, b)) = m.as_ref().and_then(|m| m.last) {
            last.add(a);
            last.add(b);
        }
        Marks {
            dests: m.as_ref().map(|m| m.dests).unwrap_or_default(),
            last,
            bad: Bitboard::EMPTY,
            target: press.with(|p| p.as_ref().and_then(Press::target)),
        }
    });
    let draggable = Callback::new(move |p: Point| {
        model.with_untracked(|m| {
            m.as_ref().is_some_and(|m| {
                m.pieces
                    .iter()
                    .any(|pc| pc.at == p && pc.movable && !pc.face_down)
            })
        })
    });
    let on_gesture = Callback::new(move |g| store.play_gesture(g));
    let said = crate::components::play::reading::Said::default();
    provide_context(said);
    let read = Callback::new(move |r| {
        if let Some(text) = crate::components::play::reading::answer(store, r) {
            said.say(text);
        }
    });
    let look = label_look(store);
    let speak = Callback::new(move |p: Point| {
        let mine = Some(match orientation.get_untracked() {
            Orientation::RedBottom => junqi_core::Seat::RED,
            Orientation::BlackBottom => junqi_core::Seat::BLACK,
        });
        model.with(|m| {
            let pieces = m.as_ref().map(|m| m.pieces.as_slice()).unwrap_or_default();
            crate::ground::render::spoken(pieces, p, mine, store.lang())
        })
    });

    let board = move || {
        let o = orientation.get();
        view! {
            <Board
                orientation=o
                marks=marks
                on_gesture=on_gesture
                draggable=draggable
                press=press
                speak=speak
                read=read
            >
                <LastMoveLayer model=model orientation=o/>
                <PieceLayer
                    pieces=Signal::derive(move || {
                        model.with(|m| m.as_ref().map(|m| m.pieces.clone()).unwrap_or_default())
                    })
                    look=look
                />
                <DestLayer model=model orientation=o/>
                <crate::components::boards::assist::PreviewLayer model=model orientation=o/>
                <crate::components::boards::assist::HintLayer orientation=o/>
                <crate::components::play::coach::CoachLayer orientation=o/>
                <FxLayer/>
            </Board>
        }
    };

    let turn_class = move || {
        store.rev.track();
        let turn = store
            .public()
            .filter(|p| p.outcome.is_none())
            .and_then(|p| p.color_to_move());
        match turn {
            Some(c) => format!("board-area turn-{}", c.side_name()),
            None => "board-area".to_string(),
        }
    };
    view! {
        <div class="screen play">
            <div class=turn_class>
                {board}
                <TurnBadge/>
                <GuessPicker/>
                <crate::components::play::notebook::NoteCard/>
                <crate::components::play::coach::CoachCard/>
                <ResultPanel/>
            </div>
            <Panel/>
        </div>
    }
}

/// Whose turn, on the board's top edge in the colour of the side to move: it never scrolls
/// away from the board, on any screen.
#[component]
fn TurnBadge() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        store.rev.track();
        let public = store.public()?;
        if public.outcome.is_some() || store.handover.with(|h| h.is_some()) {
            return None;
        }
        let seat = public.to_move?;
        let color = public.colors[usize::from(seat)];
        let mine = public.human[usize::from(seat)]
            && (store.against_computer()
                || store.shown.with(|s| s.as_ref().map(|s| s.seat)) == Some(seat));
        let class = match color {
            Some(c) => format!("turn-badge {}", c.side_name()),
            None => "turn-badge".to_string(),
        };
        Some(view! {
            <div class=class data-testid="turn-badge" data-turn=color.map(|c| c.side_name()) data-mine=mine.then_some("")>
                {crate::components::play::panel::status_text(store, store.lang())}
            </div>
        })
    }
}

/// Highlights under the pieces: the last move's start and end.
#[component]
pub fn LastMoveLayer(model: Memo<Option<RenderModel>>, orientation: Orientation) -> impl IntoView {
    view! {
        <g class="last-move">
            {move || {
                model
                    .with(|m| m.as_ref().and_then(|m| m.last))
                    .map(|(a, b)| {
                        let mut pts = vec![a];
                        if b != a {
                            pts.push(b);
                        }
                        pts.into_iter()
                            .map(|p| {
                                let c = point_xy(p, orientation);
                                view! {
                                    <rect
                                        class="last-mark"
                                        x=c.x - 33.0
                                        y=c.y - 18.0
                                        width="66"
                                        height="36"
                                        rx="8"
                                    ></rect>
                                }
                            })
                            .collect_view()
                    })
            }}
        </g>
    }
}

/// Marks on the legal destinations of the selected piece (a setting).
#[component]
fn DestLayer(model: Memo<Option<RenderModel>>, orientation: Orientation) -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        <g class="dest-marks">
            {move || {
                if !store.settings.with(|s| s.show_dests) {
                    return None;
                }
                model
                    .with(|m| {
                        m.as_ref().map(|m| {
                            let occupied: Bitboard = m.pieces.iter().map(|p| p.at).collect();
                            (m.dests, occupied)
                        })
                    })
                    .map(|(dests, occupied)| {
                        dests
                            .iter()
                            .map(|p| {
                                let c = point_xy(p, orientation);
                                if occupied.contains(p) {
                                    view! {
                                        <rect
                                            class="dest-ring"
                                            x=c.x - 31.0
                                            y=c.y - 17.0
                                            width="62"
                                            height="34"
                                            rx="8"
                                        ></rect>
                                    }
                                    .into_any()
                                } else {
                                    view! { <circle class="dest-dot" cx=c.x cy=c.y r="7"></circle> }
                                        .into_any()
                                }
                            })
                            .collect_view()
                    })
            }}
        </g>
    }
}

/// 暗棋: the private guess marks' picker, opened by a long press or right click.
#[component]
fn GuessPicker() -> impl IntoView {
    let store = expect_context::<Store>();
    let choices = Role::ALL;
    move || {
        let p = store.guess_at.get()?;
        let lang = store.lang();
        let buttons = choices
            .into_iter()
            .map(|r| {
                view! {
                    <button
                        class="guess-choice"
                        data-guess-choice=r.upper_char().to_string()
                        on:click=move |_| store.set_guess(p, Some(r))
                    >
                        <span class="guess-rank">{guess_text(r, lang)}</span>
                        <span class="guess-name">{i18n::role_name(r, lang)}</span>
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="guess-picker" role="dialog" data-testid="guess-picker">
                <div class="guess-title">{i18n::GUESS_TITLE.get(lang)} " " {p.to_string()}</div>
                <div class="guess-grid">{buttons}</div>
                <div class="row">
                    <button on:click=move |_| store.set_guess(p, None)>{i18n::GUESS_CLEAR.get(lang)}</button>
                    <button on:click=move |_| store.close_guess()>{i18n::CLOSE.get(lang)}</button>
                </div>
            </div>
        })
    }
}

/// The finished game in figures: plies, the pieces each side lost, the rank points it gave.
#[component]
fn ResultSummary() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let lang = store.lang();
        let (plies, lost) = store.summary()?;
        let points = store.last_points.get().map(|p| {
            let total = store.stats.with(|s| s.rank_points());
            view! {
                <div data-testid="summary-points" data-points=p.to_string()>
                    <dt>{i18n::SUMMARY_POINTS.get(lang)}</dt>
                    <dd>{format!("{p:+}")} " → " {total}</dd>
                </div>
            }
        });
        Some(view! {
            <dl class="result-summary" data-testid="result-summary">
                <div data-testid="summary-plies" data-plies=plies.to_string()>
                    <dt>{i18n::SUMMARY_PLIES.get(lang)}</dt>
                    <dd>{plies}</dd>
                </div>
                <div data-testid="summary-lost">
                    <dt>{i18n::SUMMARY_LOST.get(lang)}</dt>
                    <dd>
                        <span class="red">{i18n::color_name(junqi_core::Seat::RED, lang)} " " {lost[0]}</span>
                        " · "
                        <span class="black">{i18n::color_name(junqi_core::Seat::BLACK, lang)} " " {lost[1]}</span>
                    </dd>
                </div>
                {points}
            </dl>
        })
    }
}

/// The game-over panel: who won and why.
#[component]
fn ResultPanel() -> impl IntoView {
    let store = expect_context::<Store>();
    let rematch = NodeRef::<leptos::html::Button>::new();
    // The panel takes the keyboard's focus when it opens (on its first choice, the rematch).
    Effect::new(move |was: Option<bool>| {
        let open = store.phase.get() == Phase::Over && store.result_open.get();
        if open && was != Some(true) {
            request_animation_frame(move || {
                if let Some(b) = rematch.try_get_untracked().flatten() {
                    let _ = b.focus();
                }
            });
        }
        open
    });
    move || {
        if store.phase.get() != Phase::Over || !store.result_open.get() {
            return None;
        }
        store.rev.track();
        let lang = store.lang();
        let public = store.public()?;
        let outcome = public.outcome?;
        let headline = match (outcome.winning_seat(), store.against_computer()) {
            (None, _) => i18n::DRAW.get(lang).to_string(),
            (Some(w), true) if public.seat_of(w) == Some(public.my_seat) => {
                i18n::YOU_WIN.get(lang).to_string()
            }
            (Some(_), true) => i18n::COMPUTER_WINS.get(lang).to_string(),
            (Some(w), false) => i18n::wins(w, lang),
        };
        Some(view! {
            <div class="result-panel" role="dialog" aria-labelledby="result-title">
                <h2 id="result-title">{i18n::GAME_OVER.get(lang)}</h2>
                <p class="headline">{headline}</p>
                <p class="reason" data-testid="result">{i18n::outcome_text(outcome, lang)}</p>
                <ResultSummary/>
                <div class="row">
                    <button class="primary" data-testid="rematch" node_ref=rematch on:click=move |_| store.rematch()>
                        {if store.watched() { i18n::WATCH_AGAIN } else { i18n::REMATCH }.get(lang)}
                    </button>
                    <button data-testid="play-again" on:click=move |_| store.open_new_game()>
                        {i18n::PLAY_AGAIN.get(lang)}
                    </button>
                    <button data-testid="see-board" on:click=move |_| store.result_open.set(false)>
                        {i18n::SHOW_BOARD.get(lang)}
                    </button>
                    <button data-testid="replay" on:click=move |_| store.replay_this_game()>
                        {i18n::REPLAY.get(lang)}
                    </button>
                </div>
                <Share/>
            </div>
        })
    }
}
