//! Junqi (军棋) in the browser: the web app. The rules live in `junqi-core` and the computer
//! player in `junqi-ai`; this crate draws what one player may see and sends their actions.

pub mod ai;
pub mod audio;
pub mod components;
pub mod ground;
pub mod i18n;
#[cfg(target_arch = "wasm32")]
pub mod js;
pub mod learn;
pub mod pwa;
pub mod remote;
pub mod start;
pub mod state;
#[cfg(test)]
mod stored;
#[cfg(test)]
mod testing;

use components::newgame::NewGameScreen;
use components::play::overlays::{Dialogs, HandoverScreen};
use components::play::PlayScreen;
use components::profile::ProfileScreen;
use components::records::replay::ReplayScreen;
use components::records::share::{MessageBanner, Toast};
use components::records::{ElsewhereBanner, RecordsScreen, UnreadableBanner};
use components::setup::SetupScreen;
use leptos::prelude::*;
use state::store::{Dialog, Phase, Store};
use std::time::Duration;

/// The whole page: a title bar and the screen of the current phase.
#[component]
pub fn App() -> impl IntoView {
    let store = Store::new();
    provide_context(store);
    // An unfinished game goes on where it was left.
    store.resume_last();
    // A reload of this tab in the middle of a 四国 game resumes that game.
    store.siguo.resume_tab(&store);
    // A shared game's link (`#r=…`) opens its replay (the unfinished game stays in the
    // records), now or when the address changes.
    store.open_from_address();
    let hash = window_event_listener(leptos::ev::hashchange, move |_| store.open_from_address());
    on_cleanup(move || hash.remove());
    // The clocks are saved when the page goes away (actions are saved as they happen).
    let _ = window_event_listener(leptos::ev::pagehide, move |_| store.autosave());
    let assist = learn::assist::Assist::new(store);
    provide_context(assist);
    let learn = learn::lesson::Learn::new(store, assist);
    provide_context(learn);
    // What the player pressed on the first screen before the game was loaded (src/start.rs):
    // the language chosen there (nothing is stored yet on a first visit, so its defaults), then
    // a game against the computer, the course, or the new-game screen as it is.
    if let Some((intent, lang)) = start::take_intent() {
        if lang != store.lang() {
            store
                .settings
                .set(state::settings::Settings::defaults(lang));
        }
        match intent {
            start::Intent::Play => store.start_game(),
            start::Intent::Learn => learn.open(),
            start::Intent::Choose => {}
            start::Intent::Four => store.siguo.chosen.set(true),
        }
    }
    // Settings, new-game choices, grown-up settings or formations that could not be read are
    // kept as they are: say so (unless something else was said already).
    if !state::storage::take_unread().is_empty() && store.message.get_untracked().is_none() {
        let lang = store.settings.with_untracked(|s| s.lang);
        store
            .message
            .set(Some(i18n::DATA_UNREADABLE.get(lang).to_string()));
    }
    let in_course = move || learn.screen.get() != learn::lesson::LearnScreen::Closed;

    // Settings are kept between visits; the page's language follows them.
    Effect::new(move |_| {
        store.save_settings();
        let lang = store.lang();
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.tag());
        }
    });
    // The notebook follows its setting.
    Effect::new(move |_| {
        store.settings.with(|s| s.notebook);
        store.notebook_changed();
    });
    // The computer moves whenever it is its turn and the board is still.
    Effect::new(move |_| {
        store.rev.track();
        // A watched game: also once its last move has been on show, or it goes on.
        store.watch_ctl.paused.track();
        let idle = store.anim.with(|a| a.is_none())
            && !store.thinking.get()
            && !store.watch_ctl.showing.on.get();
        if idle && store.phase.get() == Phase::Play {
            store.computer_turn();
        }
    });
    // Clocks.
    // 四国: the computer seat to move thinks once the last move has been on show.
    Effect::new(move |_| {
        store.siguo.rev.track();
        let idle = !store.siguo.thinking.get()
            && !store.siguo.pausing.on.get()
            && !store.siguo.watch_ctl.paused.get()
            && store.siguo.handover.get().is_none();
        if idle && store.phase.get() == Phase::Siguo {
            store.siguo.computer_turn(&store);
        }
    });
    set_interval(move || store.tick(), Duration::from_millis(250));

    // Play and Over share one screen, so the board is not rebuilt at the end.
    let screen = Memo::new(move |_| match store.phase.get() {
        _ if in_course() => 6,
        Phase::NewGame => 0,
        Phase::Setup => 1,
        Phase::Play | Phase::Over => 2,
        Phase::Replay => 3,
        Phase::Profile => 4,
        Phase::Records => 5,
        Phase::ColourFlip => 7,
        Phase::Siguo => 8,
        Phase::Connect => 9,
    });
    let lang = move || store.lang();
    let busy = move || (store.anim.with(|a| a.is_some()) || store.thinking.get()).then_some("");
    let phase = move || match store.phase.get() {
        _ if in_course() => "learn",
        Phase::NewGame => "new",
        Phase::Setup => "setup",
        Phase::Play => "play",
        Phase::Over => "over",
        Phase::Replay => "replay",
        Phase::Profile => "profile",
        Phase::Records => "records",
        Phase::ColourFlip => "colour-flip",
        Phase::Siguo => "siguo",
        Phase::Connect => "connect",
    };
    let large = move || store.settings.with(|s| s.large_labels).then_some("");
    // Whether the page now honours a wish for reduced motion (tests wait on it).
    let reduced = move || store.reduced_motion.get().then_some("");

    view! {
        <div class="app" data-phase=phase data-busy=busy data-large=large data-reduced-motion=reduced>
            <header class="masthead">
                <h1>
                    <span class="title-zh" lang="zh-Hans">"军棋"</span>
                    <span class="title-en">"Junqi"</span>
                </h1>
                // In the course the child meets no door to the grown-ups' screens: the course
                // has its own way back.
                <Show when=move || !in_course()>
                    <nav class="top-buttons">
                        <button
                            data-testid="new-game"
                            class="top"
                            // Not while the new-game screen is what it would open.
                            hidden=move || store.phase.get() == Phase::NewGame
                            on:click=move |_| {
                                learn.close();
                                store.open_new_game()
                            }
                        >
                            {move || i18n::NEW_GAME.get(lang())}
                        </button>
                        <button
                            data-testid="open-settings"
                            class="top"
                            aria-label=move || i18n::SETTINGS.get(lang())
                            on:click=move |_| store.dialog.set(Some(Dialog::Settings))
                        >
                            "⚙"
                        </button>
                        <button
                            data-testid="toggle-lang"
                            class="top"
                            on:click=move |_| {
                                store.settings.update(|s| {
                                    s.lang = match s.lang {
                                        i18n::Lang::Zh => i18n::Lang::En,
                                        i18n::Lang::En => i18n::Lang::Zh,
                                    }
                                })
                            }
                        >
                            {move || match lang() {
                                i18n::Lang::Zh => "EN",
                                i18n::Lang::En => "中文",
                            }}
                        </button>
                    </nav>
                </Show>
            </header>
            <main class="stage">
                {move || match screen.get() {
                    0 => view! { <NewGameScreen/> }.into_any(),
                    1 => view! { <SetupScreen/> }.into_any(),
                    3 => view! { <ReplayScreen/> }.into_any(),
                    4 => view! { <ProfileScreen/> }.into_any(),
                    5 => view! { <RecordsScreen/> }.into_any(),
                    6 => view! { <components::course::CourseScreen/> }.into_any(),
                    7 => view! { <components::play::colour_flip::ColourFlipScreen/> }.into_any(),
                    8 => view! { <components::play::cross::SiguoScreen/> }.into_any(),
                    9 => view! { <components::connect::ConnectScreen/> }.into_any(),
                    _ => view! { <PlayScreen/> }.into_any(),
                }}
            </main>
            <MessageBanner/>
            <Toast/>
            <HandoverScreen/>
            <Show when=move || store.phase.get() == Phase::Setup && store.siguo.handover.get().is_some()>
                <components::play::cross::SiguoHandover/>
            </Show>
            <Dialogs/>
            <UnreadableBanner/>
            <ElsewhereBanner/>
            <components::records::remote_games::ReconnectBanner/>
            <pwa::UpdateBanner/>
        </div>
    }
}
