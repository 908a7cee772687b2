//! The cross board's play screen (四国 and its seatings): the table (board, seats, move list,
//! trays, result, replay) and the hand-over between people.

use crate::components::boards::cross::SiguoBoard;
use crate::ground::anim::Cue;
use crate::ground::cross::{self, CrossPlan, Played};
use crate::ground::drag::{Gesture, Press};
use crate::ground::render::PieceModel;
use crate::ground::siguo_geometry::point_xy;
use crate::i18n::siguo_text as t;
use crate::state::siguo::Table;
use crate::state::store::Store;
use junqi_core::seat::Seat;
use junqi_core::siguo::{Board, Point};
use junqi_core::ExitReason;
use leptos::prelude::*;
use std::sync::Arc;

/// What the board shows now: the live game through the viewer's eyes, or a replayed ply.
#[derive(Clone, Debug, PartialEq)]
struct Scene {
    /// Actions played so far.
    ply: usize,
    pieces: Vec<PieceModel<Point>>,
    path: Vec<Point>,
    out: Vec<Seat>,
    to_move: Option<Seat>,
}

/// The live game through `viewer`'s eyes, drawn with `drawn_for` at the bottom.
fn scene(
    table: &Table,
    board: &Board,
    (viewer, drawn_for): (Seat, Seat),
    hidden: bool,
    notebook: bool,
) -> Scene {
    let pieces = if hidden {
        Vec::new()
    } else {
        let guesses = table.guesses(viewer);
        let book = notebook.then(|| table.notebook(viewer)).flatten();
        let carries = table.carries();
        table
            .pieces(viewer)
            .into_iter()
            .map(|(at, seat, role)| PieceModel {
                carrying: carrying(&carries, at),
                guess: role
                    .is_none()
                    .then(|| guesses.iter().find(|(p, _)| *p == at).map(|(_, r)| *r))
                    .flatten(),
                proven: book.as_ref().and_then(|b| b.written_at(at)),
                ..PieceModel::on_cross(at, seat, role, point_xy(board, at, drawn_for))
            })
            .collect()
    };
    Scene {
        ply: table.ply(),
        pieces,
        path: table.last_path().to_vec(),
        out: table.out(),
        to_move: (!table.is_over()).then(|| table.turn()),
    }
}

/// The seat whose flag the piece on `at` carries.
fn carrying(carries: &[(Seat, Point)], at: Point) -> Option<Seat> {
    carries
        .iter()
        .find(|(_, p)| *p == at)
        .map(|(owner, _)| *owner)
}

/// A finished game's replay, `at` the ply shown; or a game only computers play, watched
/// (through `watch`'s eyes or every piece open), drawn with `drawn_for` at the bottom.
fn replay_scene(at: &Table, board: &Board, watch: Option<Seat>, drawn_for: Seat) -> Scene {
    let carries = at.carries();
    let pieces = match watch {
        Some(s) => at.pieces(s),
        None => at.open_pieces(),
    }
    .into_iter()
    .map(|(p, seat, role)| PieceModel {
        carrying: carrying(&carries, p),
        ..PieceModel::on_cross(p, seat, role, point_xy(board, p, drawn_for))
    })
    .collect();
    Scene {
        ply: at.ply(),
        pieces,
        path: at.last_path().to_vec(),
        out: at.out(),
        to_move: (!at.is_over()).then(|| at.turn()),
    }
}

/// A move played at the table, seen as it is: its sound, and its animation from the plan the
/// 2-player board's actions get (the piece along its route, the contact, what it turned up),
/// for the eyes the board is drawn for. The table waits for it before the next seat acts.
fn animate(
    store: Store,
    board: Arc<Board>,
    scene: Memo<Scene>,
    viewer: Signal<Seat>,
) -> Signal<Option<(u64, CrossPlan)>> {
    let sg = store.siguo;
    let anim = RwSignal::new(None::<(u64, CrossPlan)>);
    let serial = StoredValue::new(0u64);
    Effect::new(move |prev: Option<Scene>| {
        let now = scene.get();
        let live = sg.replay_ply.get_untracked().is_none();
        let same_ply = prev.as_ref().is_some_and(|b| b.ply == now.ply);
        let Some(before) = prev.filter(|b| live && now.ply == b.ply + 1) else {
            // A take-back, a replay, another game: what ran is over. (A guess marked while a
            // move runs changes nothing.)
            if !same_ply || !live {
                anim.set(None);
            }
            return now;
        };
        let played = sg
            .with_table(|t| {
                let row = t.rows().last()?;
                Some((
                    row.mv?,
                    row.contact,
                    row.left
                        .iter()
                        .any(|(_, why)| *why == ExitReason::FlagCaptured),
                    t.last_path().to_vec(),
                ))
            })
            .flatten();
        let Some((mv, told, flag_taken, path)) = played else {
            return now;
        };
        let played = Played {
            mv,
            told,
            flag_taken,
            path: &path,
        };
        // Behind a hand-over screen the board is not drawn: the move is only heard.
        let step_ms = if sg.handover.get_untracked().is_some() {
            0
        } else {
            store.step_ms()
        };
        let plan = cross::plan(
            &board,
            &before.pieces,
            &now.pieces,
            &played,
            viewer.get_untracked(),
            step_ms,
        );
        // Plain moves sound at once, contacts when the pieces meet.
        let cue = plan.cue;
        let delay = if cue == Cue::Move { 0 } else { plan.travel_ms };
        set_timeout(
            move || store.sound(cue),
            std::time::Duration::from_millis(u64::from(delay)),
        );
        if plan.total_ms() == 0 {
            anim.set(None);
            return now;
        }
        let id = serial.get_value() + 1;
        serial.set_value(id);
        let total = plan.total_ms();
        anim.set(Some((id, plan)));
        set_timeout(
            move || {
                if serial.try_get_value() == Some(id) {
                    anim.set(None);
                }
            },
            std::time::Duration::from_millis(u64::from(total)),
        );
        now
    });
    anim.into()
}

#[component]
pub fn SiguoScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    crate::components::focus_board_if_lost();
    let sg = store.siguo;
    let board = Board::shared();
    // The seat drawn at the bottom: the eyes of a replay or of a watched game, else the
    // person's.
    let viewer = Signal::derive(move || match (sg.replay_ply.get(), sg.watch.get()) {
        (Some(_), Some(s)) => s,
        (None, Some(s)) if sg.watching() => s,
        _ => sg.viewer.get(),
    });
    let scene = {
        let board = board.clone();
        Memo::new(move |_| {
            let eyes = sg.viewer.get();
            let drawn_for = viewer.get();
            let hidden = sg.handover.get().is_some();
            let replay = sg.replay_ply.get();
            let watch = sg.watch.get();
            let notebook = store.settings.with(|s| s.notebook);
            let over = sg.with_tracked(Table::is_over).unwrap_or(false);
            match replay {
                Some(_) if over => sg.with_shown(|at| replay_scene(at, &board, watch, drawn_for)),
                // 旁观: every piece, or the seat the watcher chose to see through.
                _ if sg.watching() => {
                    sg.with_tracked(|t| replay_scene(t, &board, watch, drawn_for))
                }
                _ => sg.with_tracked(|t| scene(t, &board, (eyes, drawn_for), hidden, notebook)),
            }
            .unwrap_or(Scene {
                ply: 0,
                pieces: Vec::new(),
                path: Vec::new(),
                out: Vec::new(),
                to_move: None,
            })
        })
    };
    let anim = animate(store, board.clone(), scene, viewer);
    let pieces = Signal::derive(move || scene.with(|s| s.pieces.clone()));
    let path = Signal::derive(move || scene.with(|s| s.path.clone()));
    let hint = Signal::derive(move || sg.hint.get().map(|m| (m.from(), m.to())));
    let out = Signal::derive(move || scene.with(|s| s.out.clone()));
    let empty = Signal::derive(move || {
        sg.with_tracked(|t| t.config.empty_areas())
            .unwrap_or_default()
    });
    let to_move = Signal::derive(move || scene.with(|s| s.to_move));
    let partner = Signal::derive(move || sg.with_tracked(|t| t.partner(viewer.get())).flatten());
    // A piece being dragged is the one picked up, its destinations shown, until it drops.
    let press = RwSignal::new(None::<Press<Point>>);
    let dragged = Memo::new(move |_| {
        press
            .with(|p| p.as_ref().and_then(Press::dragged))
            .map(|d| d.0)
    });
    let selected = Signal::derive(move || dragged.get().or(sg.selected.get()));
    let dests = Signal::derive(move || match dragged.get() {
        Some(p) => sg.dests_from(p),
        None => sg.dests(),
    });
    let on_gesture = Callback::new(move |g: Gesture<Point>| sg.gesture(&store, g));
    let draggable = Callback::new(move |p: Point| sg.may_drag(p));
    // 全明 with the grown-up setting on: what an attack on each enemy in reach would do.
    let assist = expect_context::<crate::learn::assist::Assist>();
    let preview = Signal::derive(move || match selected.get() {
        Some(from) if assist.preview_on() && sg.may_act_tracked() => sg
            .with_tracked(|t| t.attack_preview(from))
            .unwrap_or_default(),
        _ => Vec::new(),
    });
    let over = move || sg.with_tracked(Table::is_over).unwrap_or(false);
    let busy = move || (sg.thinking.get() || sg.pausing.on.get()).then_some("");
    let said = crate::components::play::reading::Said::default();
    provide_context(said);
    let read = Callback::new(move |r| {
        if let Some(text) = crate::components::play::reading::answer_siguo(store, r) {
            said.say(text);
        }
    });

    view! {
        <div class="screen siguo" data-testid="siguo-screen" data-over=move || over().then_some("") data-busy=busy
            data-act=move || sg.may_act_tracked().then_some("")
            data-viewer=move || viewer.get().index().to_string()>
            <div class="board-area siguo-area">
                <SiguoBoard
                    board=board
                    viewer=viewer
                    pieces=pieces
                    selected=selected
                    dests=dests
                    path=path
                    hint=hint
                    out=out
                    empty=empty
                    to_move=to_move
                    partner=partner
                    on_gesture=on_gesture
                    draggable=draggable
                    press=press
                    anim=anim
                    preview=preview
                    keyboard=true
                    read=read
                />
            </div>
            <super::cross_panel::SiguoPanel/>
            <Show when=move || sg.handover.get().is_some() && sg.arranging.get().is_none()>
                <SiguoHandover/>
            </Show>
        </div>
    }
}

/// Between two people's turns: the board is hidden until the next one is ready.
#[component]
pub fn SiguoHandover() -> impl IntoView {
    let store = expect_context::<Store>();
    let sg = store.siguo;
    let lang = move || store.lang();
    let seat = move || sg.handover.get().unwrap_or(Seat::S);
    // The round since this person's own turn: every move they have not seen.
    let last = move || {
        let l = lang();
        let eyes = Some(seat());
        sg.with_tracked(|tb| {
            tb.since_turn_of(seat())
                .iter()
                .map(|r| view! { <span class="caption-row">{t::row_text(r.facts(), tb.met_seen_by(eyes, r), eyes, l)}</span> })
                .collect_view()
        })
    };
    // The tap that ended a turn must not also dismiss this screen (a touch tap's compatibility
    // click lands on what now lies under the finger): the button is armed after a moment.
    let armed = RwSignal::new(false);
    Effect::new(move |_| {
        if sg.handover.with(|h| h.is_some()) {
            armed.set(false);
            set_timeout(
                move || armed.set(true),
                std::time::Duration::from_millis(450),
            );
        }
    });
    view! {
        <div class="handover siguo-handover" data-testid="siguo-handover" role="dialog" aria-labelledby="siguo-handover-title"
            data-seat=move || seat().index().to_string()>
            <div class="handover-card">
                <p class="handover-title" id="siguo-handover-title">
                    {move || t::PASS_TO.get(lang())} " "
                    <b class=move || format!("seat-name seat-{}", seat().index())>{move || t::seat_name(seat(), lang())}</b>
                </p>
                <p class="handover-last">{last}</p>
                <button class="primary" data-testid="siguo-ready" disabled=move || !armed.get()
                    on:click=move |_| if armed.get_untracked() { sg.handover_ready(&store) }>
                    {move || t::READY.get(lang())}
                </button>
            </div>
        </div>
    }
}
