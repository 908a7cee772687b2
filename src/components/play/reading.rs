//! The reading commands on the play screen (the board's L, P, T, X and ? keys and the same
//! words typed in the move box) and the list of keys they open. The answers are said in one
//! live region, under the move box.

use crate::i18n::reading::{self, Read};
use crate::i18n::{self, Lang};
use crate::state::store::{Dialog, Store};
use junqi_core::siguo::Point as SgPoint;
use leptos::prelude::*;

/// The live region that says a reading command's answer (and a typed move's refusal).
#[derive(Copy, Clone)]
pub struct Said(pub RwSignal<Option<String>>);

impl Default for Said {
    fn default() -> Said {
        Said(RwSignal::new(None))
    }
}

impl Said {
    /// Says `text`, even when it is what was said last: the region is emptied first so a
    /// screen reader hears it again.
    pub fn say(self, text: String) {
        self.0.set(None);
        request_animation_frame(move || {
            self.0.try_set(Some(text));
        });
    }
}

/// Answers a reading command of the 2-player game from the viewer's own view; the key list
/// opens as a dialog instead.
pub fn answer(store: Store, read: Read) -> Option<String> {
    untrack(|| {
        let lang = store.lang();
        match read {
            Read::Keys => {
                store.dialog.set(Some(Dialog::Keys));
                None
            }
            Read::Last => Some(match store.caption() {
                Some(c) => format!("{}{c}", reading::LAST_PREFIX.get(lang)),
                None => reading::NO_MOVE_YET.get(lang).to_string(),
            }),
            Read::Turn => Some(turn(store, lang)),
            Read::Mine => store
                .shown
                .with(|s| s.as_ref().map(|s| reading::mine(&s.view, lang))),
            Read::Reach(at) => {
                let guesses = store.guesses.get();
                store.shown.with(|s| {
                    s.as_ref()
                        .map(|s| reading::reach(&s.view, at, &guesses, lang))
                })
            }
        }
    })
}

/// Answers a reading command of the 四国 game from the viewer's seat: what it sees of the
/// table and its own guess marks.
pub fn answer_siguo(store: Store, read: Read<SgPoint>) -> Option<String> {
    use crate::i18n::siguo_text;
    untrack(|| {
        let lang = store.lang();
        let sg = store.siguo;
        let viewer = sg.viewer.get();
        match read {
            Read::Keys => {
                store.dialog.set(Some(Dialog::Keys));
                None
            }
            Read::Last => sg.with_table(|t| match t.rows().last() {
                Some(r) => format!(
                    "{}{}",
                    reading::LAST_PREFIX.get(lang),
                    siguo_text::row_text(
                        r.facts(),
                        t.met_seen_by(Some(viewer), r),
                        Some(viewer),
                        lang
                    )
                ),
                None => reading::NO_MOVE_YET.get(lang).to_string(),
            }),
            Read::Turn => {
                let clocks = sg.clocks().map(|c| {
                    junqi_core::seat::Seat::ALL
                        .into_iter()
                        .map(|s| (siguo_text::seat_name(s, lang).to_string(), c[s.index()]))
                        .collect()
                });
                Some(with_clocks(
                    crate::components::play::cross_panel::status_text(store, lang),
                    clocks,
                    lang,
                ))
            }
            Read::Mine => sg.with_table(|t| reading::siguo_mine(&t.pieces(viewer), viewer, lang)),
            Read::Reach(at) => sg.with_table(|t| {
                let dests = at.map(|p| t.dests(p)).unwrap_or_default();
                reading::siguo_reach(
                    &t.view(viewer),
                    &t.pieces(viewer),
                    t.guesses(viewer),
                    viewer,
                    at,
                    &dests,
                    lang,
                )
            }),
        }
    })
}

/// The status line, then each side's name and time left when the game has clocks.
fn with_clocks(mut text: String, clocks: Option<Vec<(String, f64)>>, lang: Lang) -> String {
    if let Some(clocks) = clocks {
        let each: Vec<String> = clocks
            .iter()
            .map(|(name, ms)| format!("{name} {}", crate::components::play::panel::clock_text(*ms)))
            .collect();
        text.push_str(match lang {
            Lang::Zh => "。棋钟：",
            Lang::En => ". Clocks: ",
        });
        text.push_str(&each.join(", "));
    }
    text
}

/// Whose turn it is, and each side's clock when the game has clocks.
fn turn(store: Store, lang: Lang) -> String {
    let clocks = match (store.clock.get(), store.public()) {
        (Some(c), Some(p)) => Some(
            (0..2)
                .map(|s| {
                    let name = match p.colors[s] {
                        Some(c) => i18n::color_name(c, lang).to_string(),
                        None => format!("#{}", s + 1),
                    };
                    (name, c.left[s])
                })
                .collect(),
        ),
        _ => None,
    };
    with_clocks(
        crate::components::play::panel::status_text(store, lang),
        clocks,
        lang,
    )
}

/// The list of keys and commands (`?`), a named dialog; closing it gives the focus back to the
/// board.
#[component]
pub fn KeysDialog() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let close = move || {
        store.dialog.set(None);
        crate::components::focus_board_if_lost();
    };
    let close_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(b) = close_button.get() {
            let _ = b.focus();
        }
    });
    let rows = move || {
        reading::KEYS
            .iter()
            .map(|(key, what)| {
                view! {
                    <tr><th scope="row"><kbd>{*key}</kbd></th><td>{what.get(lang())}</td></tr>
                }
            })
            .collect_view()
    };
    view! {
        <div
            class="modal"
            role="dialog"
            aria-modal="true"
            aria-labelledby="keys-title"
            data-testid="keys-dialog"
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    close();
                }
            }
        >
            <div class="modal-card keys-card">
                <h2 id="keys-title">{move || reading::KEYS_TITLE.get(lang())}</h2>
                <table class="keys-table">{rows}</table>
                <button
                    class="primary"
                    data-testid="close-keys"
                    node_ref=close_button
                    on:click=move |_| close()
                >
                    {move || i18n::CLOSE.get(lang())}
                </button>
            </div>
        </div>
    }
}

/// A move typed in the notation, for the keyboard and screen readers. `submit` plays the
/// text or answers it: `Ok(Some(words))` to say, `Ok(None)` when it was played (the box
/// empties), `Err(reason)` when it was refused (the text stays to be mended).
#[component]
pub fn MoveBox(
    submit: Callback<String, Result<Option<String>, String>>,
    /// The placeholder: a move in the board's notation.
    example: &'static str,
    /// The box's description: the notation and the commands.
    hint: i18n::T,
) -> impl IntoView {
    use crate::i18n::board_words as words;
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    let text = RwSignal::new(String::new());
    let said = expect_context::<Said>();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match submit.run(text.get_untracked()) {
            Ok(answer) => {
                text.set(String::new());
                match answer {
                    Some(a) => said.say(a),
                    None => said.0.set(None),
                }
            }
            Err(why) => said.say(why),
        }
    };
    view! {
        <form class="move-box" data-testid="move-box" on:submit=on_submit>
            <label for="move-input">{move || words::MOVE_BOX.get(lang())}</label>
            <div class="row">
                <input
                    id="move-input"
                    type="text"
                    data-testid="move-input"
                    autocomplete="off"
                    autocapitalize="off"
                    spellcheck="false"
                    placeholder=example
                    aria-describedby="move-input-hint"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                />
                <button type="submit" data-testid="move-submit">{move || words::MOVE_BOX_PLAY.get(lang())}</button>
            </div>
            <p id="move-input-hint" class="sr">{move || hint.get(lang())}</p>
            <p class="move-box-answer" data-testid="move-answer" role="status">{move || said.0.get()}</p>
        </form>
    }
}
