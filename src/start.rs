//! The first screen of a first visit, in a small module of its own (`src/bin/junqi_start.rs`,
//! the page's entry): index.html's loading screen grows three buttons — play the computer, the
//! children's course, every game and choice — and the language switch. The whole game
//! (`junqi-web`, the rest of this crate) is loaded only when one is pressed, and at once when
//! there is something of it to show: a shared game in the address, or anything this browser
//! keeps for the game (a returning player, a game to resume). What was pressed reaches the
//! game through `sessionStorage` ([`INTENT_KEY`]), which [`take_intent`] reads once.
//!
//! Why by hand: Leptos 0.8's lazy loading needs wasm-split, which Trunk 0.21 does not run (its
//! issue #1022); two binaries of one crate are what Trunk builds today, and the first one only
//! pulls in what this file uses (the linker drops the rest).

use crate::i18n::{self, Lang};
use leptos::prelude::*;

/// The `sessionStorage` key that carries the pressed button to the whole game.
pub const INTENT_KEY: &str = "junqi.start";

/// What the player asked for on the first screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// A game against the computer with the default choices (to the setup screen).
    Play,
    /// The children's course.
    Learn,
    /// The new-game screen with every mode and choice.
    Choose,
    /// The new-game screen with 四国, the 4-player game, chosen.
    Four,
}

impl Intent {
    fn code(self) -> &'static str {
        match self {
            Intent::Play => "play",
            Intent::Learn => "learn",
            Intent::Choose => "choose",
            Intent::Four => "four",
        }
    }

    fn from_code(code: &str) -> Option<Intent> {
        match code {
            "play" => Some(Intent::Play),
            "learn" => Some(Intent::Learn),
            "choose" => Some(Intent::Choose),
            "four" => Some(Intent::Four),
            _ => None,
        }
    }
}

/// The stored form of a pressed button and the language chosen with it: `"play en"`.
pub fn intent_text(intent: Intent, lang: Lang) -> String {
    format!("{} {}", intent.code(), lang.code())
}

/// Reads [`intent_text`]; anything else is no intent.
pub fn parse_intent(text: &str) -> Option<(Intent, Lang)> {
    let (what, lang) = text.trim().split_once(' ')?;
    Some((Intent::from_code(what)?, Lang::from_code(lang)?))
}

/// Whether the whole game should start at once: the address carries something for it (a
/// shared game, `#r=…`), or the browser keeps anything of the game (`junqi.…` keys of either
/// storage, but the first screen's own intent).
pub fn returning<'a>(hash: &str, mut keys: impl Iterator<Item = &'a str>) -> bool {
    let hash = hash.trim_start_matches('#');
    !hash.is_empty() || keys.any(|k| k.starts_with("junqi.") && k != INTENT_KEY)
}

/// The first screen's buttons, under the loading screen's board. `load` starts the whole game
/// and calls back with `false` if it could not be loaded.
#[component]
pub fn Welcome(
    lang: RwSignal<Lang>,
    load: impl Fn(Intent, Lang, Box<dyn FnOnce(bool)>) + Copy + Send + Sync + 'static,
    /// The game was asked for at once and could not be loaded: say so from the start.
    #[prop(optional)]
    failed_first: bool,
) -> impl IntoView {
    let loading = RwSignal::new(false);
    let failed = RwSignal::new(failed_first);
    let last = RwSignal::new(Intent::Choose);
    let go = move |intent: Intent| {
        if loading.get_untracked() {
            return;
        }
        last.set(intent);
        loading.set(true);
        failed.set(false);
        load(
            intent,
            lang.get_untracked(),
            Box::new(move |ok| {
                loading.set(false);
                failed.set(!ok);
            }),
        );
    };
    // The page's language follows the switch.
    Effect::new(move |_| {
        let l = lang.get();
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", l.tag());
        }
    });
    let t = move |s: i18n::T| s.get(lang.get());
    let busy = move || loading.get().then_some("true");
    view! {
        <div class="welcome" data-testid="welcome" aria-busy=busy>
            <p class="welcome-lead">{move || t(i18n::WELCOME_LEAD)}</p>
            <button class="welcome-play" data-testid="welcome-play" disabled=loading on:click=move |_| go(Intent::Play)>
                {move || t(i18n::WELCOME_PLAY)}
            </button>
            <button class="welcome-learn" data-testid="welcome-learn" disabled=loading on:click=move |_| go(Intent::Learn)>
                {move || t(i18n::WELCOME_LEARN)}
            </button>
            <button class="welcome-choose" data-testid="welcome-choose" disabled=loading on:click=move |_| go(Intent::Choose)>
                {move || t(i18n::WELCOME_CHOOSE)}
            </button>
            <button class="welcome-choose" data-testid="welcome-four" disabled=loading on:click=move |_| go(Intent::Four)>
                {move || t(i18n::WELCOME_FOUR)}
            </button>
            <button
                class="welcome-lang"
                data-testid="welcome-lang"
                disabled=loading
                on:click=move |_| lang.update(|l| *l = if *l == Lang::Zh { Lang::En } else { Lang::Zh })
            >
                {move || if lang.get() == Lang::Zh { "English" } else { "中文" }}
            </button>
            <Show when=move || loading.get()>
                <div class="welcome-loading" role="status">
                    <div class="shell-bar"><div></div></div>
                    <span>{move || t(i18n::WELCOME_LOADING)}</span>
                </div>
            </Show>
            <Show when=move || failed.get()>
                <div class="welcome-failed" role="alert" data-testid="welcome-failed">
                    <span>{move || t(i18n::WELCOME_FAILED)}</span>
                    <button data-testid="welcome-retry" on:click=move |_| go(last.get_untracked())>
                        {move || t(i18n::WELCOME_RETRY)}
                    </button>
                </div>
            </Show>
        </div>
    }
}

/// The pressed button and its language, once: the whole game's first screen asks as it mounts.
pub fn take_intent() -> Option<(Intent, Lang)> {
    #[cfg(target_arch = "wasm32")]
    {
        let store = crate::state::storage::session()?;
        let text = store.get_item(INTENT_KEY).ok()??;
        let _ = store.remove_item(INTENT_KEY);
        parse_intent(&text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use crate::state::storage;
    use wasm_bindgen::prelude::*;

    /// The doors to the whole game in `src/start.js`. The page's entry (src/bin/junqi_start.rs)
    /// binds them, not this library: every wasm built from the library would otherwise write
    /// the same snippet file, and Trunk builds them at once (it once hashed the file while
    /// another build was rewriting it).
    #[derive(Clone, Copy)]
    pub struct Doors {
        /// Imports `junqi-web.js` beside the page and starts it with its wasm.
        pub load_game: fn() -> js_sys::Promise,
        /// Fetches the game ahead and registers the service worker once the page is idle.
        pub offline_when_idle: fn(),
    }

    /// Starts the whole game; `done(false)` if it could not be loaded.
    fn start_game(doors: Doors, done: Box<dyn FnOnce(bool)>) {
        let done = std::rc::Rc::new(std::cell::Cell::new(Some(done)));
        let failed = done.clone();
        let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
            if let Some(d) = done.take() {
                d(true)
            }
        });
        let err = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            web_sys::console::warn_2(&"junqi: the game could not be loaded".into(), &e);
            if let Some(d) = failed.take() {
                d(false)
            }
        });
        let _ = (doors.load_game)().then2(&ok, &err);
        // Each runs at most once (the other never); kept for as long as the promise may call.
        ok.forget();
        err.forget();
    }

    /// The entry of the first screen (src/bin/junqi_start.rs).
    pub fn boot(doors: Doors) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let hash = window.location().hash().unwrap_or_default();
        let mut keys = storage::keys_of(window.local_storage().ok().flatten());
        keys.extend(storage::keys_of(storage::session()));
        if returning(&hash, keys.iter().map(String::as_str)) {
            // The loading screen stays until the game replaces it; if the game cannot be
            // loaded (offline before it was ever cached), the first screen says so.
            start_game(
                doors,
                Box::new(move |ok| {
                    if !ok {
                        welcome(doors, true)
                    }
                }),
            );
        } else {
            welcome(doors, false);
            (doors.offline_when_idle)();
        }
    }

    /// Mounts the first screen's buttons in the loading screen.
    fn welcome(doors: Doors, failed_first: bool) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Some(shell) = window.document().and_then(|d| d.get_element_by_id("shell")) else {
            return;
        };
        let lang = RwSignal::new(Lang::from_tag(&storage::browser_language()));
        let load = move |intent: Intent, l: Lang, done: Box<dyn FnOnce(bool)>| {
            if let Some(store) = storage::session() {
                let _ = store.set_item(INTENT_KEY, &intent_text(intent, l));
            }
            start_game(doors, done);
        };
        // No longer a loading screen: the first screen.
        let _ = shell.class_list().add_1("welcoming");
        for a in ["role", "aria-live", "aria-label"] {
            let _ = shell.remove_attribute(a);
        }
        let Some(stage) = shell.query_selector(".shell-stage").ok().flatten() else {
            return;
        };
        let Ok(stage) = stage.dyn_into::<web_sys::HtmlElement>() else {
            return;
        };
        leptos::mount::mount_to(stage, move || view! { <Welcome lang load failed_first/> })
            .forget();
    }
}

#[cfg(target_arch = "wasm32")]
pub use web::{boot, Doors};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intents_round_trip_and_bad_text_is_none() {
        for i in [Intent::Play, Intent::Learn, Intent::Choose, Intent::Four] {
            for l in [Lang::Zh, Lang::En] {
                assert_eq!(parse_intent(&intent_text(i, l)), Some((i, l)));
            }
        }
        for bad in ["", "play", "play fr", "fly en", "play  en", " en"] {
            assert_eq!(parse_intent(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_first_visit_is_one_with_nothing_kept_and_nothing_in_the_address() {
        assert!(!returning("", [].into_iter()));
        assert!(!returning("#", ["other.site", INTENT_KEY].into_iter()));
        assert!(returning("#r=AAAA", [].into_iter()));
        assert!(returning("", ["junqi.settings.v2"].into_iter()));
        assert!(returning("", ["x", "junqi.siguo.tab"].into_iter()));
    }
}
