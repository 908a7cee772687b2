//! The setup screen (布阵): the arranging side's formation on the board, moved by drag or by
//! tapping two pieces; violations shown live on their points; presets, random, mirror, saved
//! formations; Start (出征) only for a valid formation.

mod cross_map;

use crate::components::boards::facing::{Board, Marks};
use crate::components::boards::piece::PieceLayer;
use crate::components::play::label_look;
use crate::ground::drag::Press;
use crate::ground::geometry::Orientation;
use crate::ground::setup::{build_setup_model, SetupInteraction, SetupModel};
use crate::i18n;
use crate::state::presets::{find, PRESETS};
use crate::state::storage;
use crate::state::store::Store;
use junqi_core::{Bitboard, Deployment, Point, Seat};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

#[component]
pub fn SetupScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    crate::components::focus_board_if_lost();
    let press = RwSignal::new(None::<Press>);
    let orientation = Memo::new(move |_| {
        let face = store.settings.with(|s| s.face_to_face) && !store.against_computer();
        store.setup.with(|s| match s.as_ref().map(|s| s.color) {
            Some(Seat::BLACK) if !face => Orientation::BlackBottom,
            _ => Orientation::RedBottom,
        })
    });
    let model: Memo<Option<SetupModel>> = Memo::new(move |_| {
        let lang = store.lang();
        let face = store.settings.with(|s| s.face_to_face) && !store.against_computer();
        let drag = press.with(|p| p.as_ref().and_then(Press::dragged));
        // Pass and play: nothing of the next formation is drawn while the device changes hands.
        if store.handover.with(|h| h.is_some()) || store.siguo.handover.with(|h| h.is_some()) {
            return None;
        }
        store.setup.with(|s| {
            let s = s.as_ref()?;
            Some(build_setup_model(
                &s.deployment,
                s.color,
                &SetupInteraction {
                    orientation: orientation.get(),
                    lang,
                    selected: s.selected,
                    drag,
                    turned: (face && s.color == Seat::BLACK).then_some(Seat::BLACK),
                    rules: store.setup_rules(),
                },
            ))
        })
    });
    let marks = Signal::derive(move || {
        let bad: Bitboard = model.with(|m| {
            m.as_ref()
                .map(|m| m.bad.iter().map(|b| b.point).collect())
                .unwrap_or_default()
        });
        Marks {
            bad,
            target: press.with(|p| p.as_ref().and_then(Press::target)),
            ..Marks::default()
        }
    });
    let draggable = Callback::new(move |p: Point| {
        model.with_untracked(|m| {
            m.as_ref()
                .is_some_and(|m| m.pieces.iter().any(|pc| pc.at == p))
        })
    });
    let on_gesture = Callback::new(move |g| store.setup_gesture(g));
    let look = label_look(store);
    let speak = Callback::new(move |p: Point| {
        let mine = store.setup.with_untracked(|s| s.as_ref().map(|s| s.color));
        model.with(|m| {
            let pieces = m.as_ref().map(|m| m.pieces.as_slice()).unwrap_or_default();
            crate::ground::render::spoken(pieces, p, mine, store.lang())
        })
    });

    // In setup only the key list answers (the game's reading commands need a game).
    let read = Callback::new(move |r| {
        if r == crate::i18n::reading::Read::Keys {
            store.dialog.set(Some(crate::state::store::Dialog::Keys));
        }
    });
    let board = move || {
        let o = orientation.get();
        view! {
            <Board orientation=o marks=marks on_gesture=on_gesture draggable=draggable press=press speak=speak read=read>
                <PieceLayer
                    pieces=Signal::derive(move || {
                        model.with(|m| m.as_ref().map(|m| m.pieces.clone()).unwrap_or_default())
                    })
                    look=look
                />
                {move || store.siguo.arranging.get().map(|seat| view! { <cross_map::CrossMap seat=seat/> })}
                <g class="violations">
                    {move || {
                        model
                            .get()
                            .map(|m| {
                                m.bad
                                    .into_iter()
                                    .map(|b| {
                                        view! {
                                            <g
                                                class="violation"
                                                data-bad=b.name.clone()
                                                data-violation=b.codes.join(" ")
                                                transform=format!("translate({} {})", b.center.x, b.center.y)
                                            >
                                                <title>{b.reasons.join(" ")}</title>
                                                <rect x="-33" y="-18" width="66" height="36" rx="8"></rect>
                                                <circle cx="27" cy="-14" r="8"></circle>
                                                <text x="27" y="-14">"!"</text>
                                            </g>
                                        }
                                    })
                                    .collect_view()
                            })
                    }}
                </g>
            </Board>
        }
    };

    // A 四国 seat arranges here too: its pieces in its seat's ink (style/game/30-siguo-table.css).
    let setup_class = move || match store.siguo.arranging.get() {
        Some(seat) => format!("screen setup siguo-setup seat-{}", seat.index()),
        None => "screen setup".to_string(),
    };
    view! {
        <div class=setup_class>
            <div class="board-area">{board}</div>
            <SetupPanel model=model/>
        </div>
    }
}

/// The formation menu's entry that opens the saved formations.
const MINE: &str = "mine";

#[component]
fn SetupPanel(model: Memo<Option<SetupModel>>) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let valid = move || model.with(|m| m.as_ref().is_some_and(|m| m.valid));
    let show_saved = RwSignal::new(false);
    let scroll = NodeRef::<leptos::html::Div>::new();
    // An opened section is scrolled into view (on a phone it opens below the fold).
    Effect::new(move |_| {
        if show_saved.get() {
            if let Some(el) = scroll.get() {
                request_animation_frame(move || el.set_scroll_top(el.scroll_height()));
            }
        }
    });
    let title = move || {
        let l = lang();
        let color = store.setup.with(|s| s.as_ref().map(|s| s.color));
        // A 四国 seat is named by its seat, not by the 2-player colour it arranges with.
        let who = match (store.siguo.arranging.get(), color) {
            (Some(seat), _) => Some(i18n::siguo_text::seat_name(seat, l)),
            (None, c) => c.map(|c| i18n::color_name(c, l)),
        };
        match who {
            Some(who) => format!("{} · {who}", i18n::SETUP.get(l)),
            None => i18n::SETUP.get(l).to_string(),
        }
    };
    let on_preset = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if id == MINE {
            show_saved.set(true);
            // The choice opens a section; the select goes back to naming none.
            if let Some(select) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            {
                select.set_value("");
            }
        } else if let Some(p) = find(&id) {
            store.setup_set(p.deployment());
        } else if let Some(name) = id.strip_prefix("saved:") {
            let d = store
                .saved
                .with_untracked(|v| v.iter().find(|(n, _)| n == name).map(|(_, d)| d.clone()));
            if let Some(d) = d {
                store.setup_set(d);
            }
        }
    };
    view! {
        <aside class="panel setup-panel">
            // Everything but 出征 scrolls; 出征 stays below it, never over a control.
            <div class="panel-scroll setup-scroll" node_ref=scroll>
            <crate::components::play::panel::GameLine/>
            // The title, the instruction and the rules in one block: under a portrait board
            // (where the board shows whose pieces these are) the instruction takes the title's
            // place beside the rules, and the tools below keep their row.
            <div class="setup-head">
                <h2 class="panel-heading">{title}</h2>
                <p class="hint" data-testid="setup-hint">{move || i18n::SETUP_HINT.get(lang())}</p>
                <crate::components::rules::RulesButton/>
            </div>
            <div class="violation-list" data-testid="violations" data-valid=move || valid().to_string()>
                {move || {
                    let reasons = model.with(|m| m.as_ref().map(|m| m.reasons.clone()).unwrap_or_default());
                    if reasons.is_empty() {
                        view! { <p class="ok">{i18n::FORMATION_OK.get(lang())}</p> }.into_any()
                    } else {
                        view! {
                            <ul>
                                {reasons.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
                            </ul>
                        }
                        .into_any()
                    }
                }}
            </div>
            <div class="row tools">
                <label class="select">
                    <span class="sr">{move || i18n::FORMATION.get(lang())}</span>
                    <select data-testid="preset" on:change=on_preset prop:value="">
                        <option value="">{move || i18n::FORMATION.get(lang())}</option>
                        {move || {
                            // Which formations come from the players' rule sheets and which are
                            // the game's own, said by the list's groups.
                            let l = lang();
                            [(true, i18n::FROM_SHEETS), (false, i18n::OUR_FORMATIONS)]
                                .into_iter()
                                .map(|(sheets, label)| {
                                    let options = PRESETS
                                        .iter()
                                        .filter(|p| p.from_sheets == sheets)
                                        .map(|p| view! { <option value=p.id>{p.name.get(l)}</option> })
                                        .collect_view();
                                    view! {
                                        <optgroup label=label.get(l) data-testid=if sheets { "presets-sheets" } else { "presets-own" }>
                                            {options}
                                        </optgroup>
                                    }
                                })
                                .collect_view()
                        }}
                        {move || {
                            store
                                .saved
                                .get()
                                .into_iter()
                                .map(|(n, _)| view! { <option value=format!("saved:{n}")>"★ " {n.clone()}</option> })
                                .collect_view()
                        }}
                        // Saving and deleting formations: opens the section below.
                        <option value=MINE data-testid="my-formations">{move || format!("★ {}…", i18n::MY_FORMATIONS.get(lang()))}</option>
                    </select>
                </label>
                <button
                    data-testid="random-setup"
                    on:click=move |_| {
                        let rules = untrack(|| store.setup_rules());
                        store.setup_set(Deployment::random(storage::random_seed()).fitted(&rules))
                    }
                >
                    {move || i18n::RANDOM.get(lang())}
                </button>
                <button
                    data-testid="mirror"
                    on:click=move |_| {
                        let d = store.setup.with_untracked(|s| s.as_ref().map(|s| s.deployment.mirrored()));
                        if let Some(d) = d {
                            store.setup_set(d);
                        }
                    }
                >
                    {move || i18n::MIRROR.get(lang())}
                </button>
            </div>
            <Show when=move || show_saved.get()>
                <SavedFormations open=show_saved/>
            </Show>
            </div>
            <button
                class="primary start"
                data-testid="start"
                disabled=move || !valid()
                on:click=move |_| store.setup_start()
            >
                {move || i18n::START_BATTLE.get(lang())}
            </button>
        </aside>
    }
}

#[component]
fn SavedFormations(open: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let name = RwSignal::new(String::new());
    view! {
        <div class="saved" data-testid="saved-formations">
            <div class="row saved-head">
                <h3>{move || i18n::MY_FORMATIONS.get(lang())}</h3>
                <button data-testid="close-formations" on:click=move |_| open.set(false)>
                    {move || i18n::CLOSE.get(lang())}
                </button>
            </div>
            <div class="row">
                <input
                    type="text"
                    data-testid="formation-name"
                    maxlength="30"
                    placeholder=move || i18n::NAME.get(lang())
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <button
                    data-testid="save-formation"
                    disabled=move || name.with(|n| n.trim().is_empty())
                    on:click=move |_| store.save_formation(&name.get_untracked())
                >
                    {move || i18n::SAVE.get(lang())}
                </button>
            </div>
            <ul class="saved-list">
                {move || {
                    store
                        .saved
                        .get()
                        .into_iter()
                        .map(|(n, d)| {
                            let n2 = n.clone();
                            view! {
                                <li data-saved=n.clone()>
                                    <span class="saved-name">{n.clone()}</span>
                                    <button on:click=move |_| store.setup_set(d.clone())>
                                        {move || i18n::LOAD.get(lang())}
                                    </button>
                                    <button on:click=move |_| store.delete_formation(&n2)>
                                        {move || i18n::DELETE.get(lang())}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </div>
    }
}
