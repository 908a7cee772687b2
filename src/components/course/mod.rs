//! The course's screens: who is playing (profiles), the menu of levels by stage with their
//! stars, and the lesson itself (components/lesson.rs).

pub mod goal;
pub mod grownup;
pub mod lesson;
pub mod puzzle;

use crate::components::course::grownup::GrownUpGate;
use crate::components::course::lesson::LessonScreen;
use crate::components::course::puzzle::PuzzleScreen;
use crate::components::profile::avatar::avatar_view;
use crate::i18n::{self, Lang};
use crate::learn::lesson::{Learn, LearnScreen};
use crate::learn::profiles::{AVATARS, NAME_MAX};
use junqi_learn::course;
use leptos::prelude::*;

/// Whichever course screen is open.
#[component]
pub fn CourseScreen() -> impl IntoView {
    let learn = expect_context::<Learn>();
    move || match learn.screen.get() {
        LearnScreen::Profiles => view! { <ProfilePicker/> }.into_any(),
        LearnScreen::Lesson => view! { <LessonScreen/> }.into_any(),
        LearnScreen::Puzzle => view! { <PuzzleScreen/> }.into_any(),
        _ => view! { <CourseMenu/> }.into_any(),
    }
}

/// Three stars, `n` of them filled.
pub fn stars_view(n: u8) -> impl IntoView {
    (1..=3u8)
        .map(|i| {
            let class = if i <= n { "star on" } else { "star" };
            view! {
                <svg class=class viewBox="-12 -12 24 24" aria-hidden="true">
                    <path d=STAR_PATH></path>
                </svg>
            }
        })
        .collect_view()
}

/// A five-pointed star of radius 11 around the origin.
pub const STAR_PATH: &str =
    "M0,-11 L3.2,-4.4 L10.5,-3.4 L5.2,1.7 L6.5,8.9 L0,5.5 L-6.5,8.9 L-5.2,1.7 L-10.5,-3.4 L-3.2,-4.4 Z";

/// Who is playing: a big button per child, and a form for a new one.
#[component]
fn ProfilePicker() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    // A child can start alone: the name is the chosen avatar's until one is typed.
    let default_name = move |i: u8| {
        let base = i18n::AVATAR_NAMES[usize::from(i) % i18n::AVATAR_NAMES.len()].get(lang());
        learn.profiles.with_untracked(|p| p.free_name(base))
    };
    let avatar = RwSignal::new(0u8);
    let typed = RwSignal::new(false);
    let name = RwSignal::new(default_name(0));
    let adding = RwSignal::new(learn.profiles.with_untracked(|p| p.list.is_empty()));
    let list = move || {
        learn.profiles.with(|p| {
            p.list
                .iter()
                .enumerate()
                .map(|(i, pr)| {
                    let name = pr.name.clone();
                    view! {
                        <button class="profile" data-profile=i on:click=move |_| learn.choose_profile(i)>
                            {avatar_view(pr.avatar)}
                            <span class="profile-name">{name}</span>
                        </button>
                    }
                })
                .collect_view()
        })
    };
    let avatars = move || {
        (0..AVATARS)
            .map(|i| {
                view! {
                    <button
                        type="button"
                        class="avatar-choice"
                        data-testid=format!("avatar-{i}")
                        aria-label=move || i18n::AVATAR_NAMES[usize::from(i) % i18n::AVATAR_NAMES.len()].get(lang())
                        aria-pressed=move || (avatar.get() == i).to_string()
                        on:click=move |_| {
                            avatar.set(i);
                            if !typed.get_untracked() {
                                name.set(default_name(i));
                            }
                        }
                    >
                        {avatar_view(i)}
                    </button>
                }
            })
            .collect_view()
    };
    let create = move || {
        if learn.create_profile(&name.get_untracked(), avatar.get_untracked()) {
            typed.set(false);
            name.set(default_name(avatar.get_untracked()));
            adding.set(false);
        }
    };
    view! {
        <div class="screen course profiles" data-testid="profiles">
            <h2>{move || i18n::WHO_PLAYS.get(lang())}</h2>
            <div class="profile-list">
                {list}
                <button class="profile add" data-testid="add-profile" on:click=move |_| adding.set(true)>
                    <span class="plus">"+"</span>
                    <span class="profile-name">{move || i18n::NEW_PROFILE.get(lang())}</span>
                </button>
            </div>
            <Show when=move || adding.get()>
                <form class="new-profile" on:submit=move |ev| {
                    ev.prevent_default();
                    create();
                }>
                    <div class="avatar-grid">{avatars}</div>
                    <label class="field">
                        <span>{move || i18n::PROFILE_NAME.get(lang())}</span>
                        <input
                            data-testid="profile-name"
                            maxlength=NAME_MAX.to_string()
                            prop:value=move || name.get()
                            on:input=move |ev| {
                                typed.set(true);
                                name.set(event_target_value(&ev));
                            }
                        />
                    </label>
                    <button
                        type="submit"
                        class="primary start-child"
                        data-testid="create-profile"
                        disabled=move || name.with(|n| n.trim().is_empty())
                    >
                        // A big "go" a child knows without reading: the chosen avatar and a
                        // play triangle.
                        {move || avatar_view(avatar.get())}
                        <svg class="go" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 4 L20 12 L6 20 Z"></path></svg>
                        <span>{move || i18n::CREATE.get(lang())}</span>
                    </button>
                </form>
            </Show>
            <div class="row">
                <button data-testid="leave-course" on:click=move |_| learn.close()>
                    {move || i18n::BACK.get(lang())}
                </button>
            </div>
        </div>
    }
}

/// The levels by stage, each with its stars.
#[component]
fn CourseMenu() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    let who = move || {
        learn.profiles.with(|p| {
            p.current()
                .map(|pr| (pr.avatar, pr.name.clone()))
                .unwrap_or_default()
        })
    };
    let stages = move || {
        let l = lang();
        let c = course();
        c.stages
            .iter()
            .enumerate()
            .map(|(n, st)| {
                // The strategy course starts after the last stage of the rules.
                let part = (st.strategy && (n == 0 || !c.stages[n - 1].strategy)).then(|| {
                    view! { <h2 class="course-part" data-testid="strategy-part">{i18n::strategy::PART.get(l)}</h2> }
                });
                let title = match l {
                    Lang::Zh => st.zh.clone(),
                    Lang::En => st.en.clone(),
                };
                let levels = c
                    .lessons_of(&st.id)
                    .enumerate()
                    .map(|(i, lesson)| {
                        let id = lesson.id.clone();
                        let id2 = id.clone();
                        let id3 = id.clone();
                        let stars = Memo::new(move |_| learn.stars(&id2));
                        view! {
                            <button
                                class="level"
                                data-level=id.clone()
                                data-stars=move || stars.get().to_string()
                                on:click=move |_| learn.start(&id3)
                            >
                                <span class="level-number">{(i + 1).to_string()}</span>
                                <span class="level-stars">{move || stars_view(stars.get())}</span>
                            </button>
                        }
                    })
                    .collect_view();
                view! {
                    {part}
                    <section class="course-stage" data-stage=st.id.clone()>
                        <h3>
                            <span class="stage-icon" aria-hidden="true">{st.icon.clone()}</span>
                            {title}
                        </h3>
                        <div class="levels">{levels}</div>
                    </section>
                }
            })
            .collect_view()
    };
    view! {
        <div class="screen course menu" data-testid="course-menu">
            <header class="course-head">
                <button class="who" data-testid="switch-profile" on:click=move |_| learn.switch_profile()>
                    {move || avatar_view(who().0)}
                    <span class="profile-name">{move || who().1}</span>
                </button>
                <h2>{move || i18n::LEVELS.get(lang())}</h2>
                <GrownUpGate/>
                <button data-testid="map-back" on:click=move |_| learn.switch_profile()>
                    {move || i18n::BACK.get(lang())}
                </button>
            </header>
            <div class="stages">{stages}<PuzzleSection/><GameSection/></div>
        </div>
    }
}

/// After the levels: the puzzle of the day, the next unsolved puzzle, the child's score.
#[component]
fn PuzzleSection() -> impl IntoView {
    use crate::i18n::puzzle as words;
    use crate::learn::puzzles::{daily, today};
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    let done_today = move || daily(today()).is_some_and(|p| learn.puzzle_record(&p.id) > 0);
    let score = move || learn.puzzle_score();
    view! {
        <section class="course-stage puzzles" data-stage="puzzles">
            <h3>
                <span class="stage-icon" aria-hidden="true">"?"</span>
                {move || words::SECTION.get(lang())}
            </h3>
            <div class="puzzle-entry">
                <button class="primary daily" data-testid="puzzle-daily"
                    data-done=move || done_today().to_string()
                    on:click=move |_| learn.open_daily()>
                    <svg class="learn-icon" viewBox="-12 -12 24 24" aria-hidden="true"><path d=STAR_PATH></path></svg>
                    <span>{move || words::TITLE.get(lang())}</span>
                    {move || done_today().then(|| view! { <span class="done-mark" aria-label=words::TODAY_DONE.get(lang())>"✓"</span> })}
                </button>
                <button class="next-puzzle" data-testid="puzzle-next-menu" on:click=move |_| learn.next_puzzle()>
                    {move || words::NEXT.get(lang())}
                </button>
                <p class="puzzle-score" data-testid="puzzle-menu-score">{score}</p>
            </div>
        </section>
    }
}

/// After the puzzles: a real 明棋 game against the first computer level, with the coach.
#[component]
fn GameSection() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    view! {
        <section class="course-stage play-game" data-stage="game">
            <h3>
                <span class="stage-icon" aria-hidden="true">"帅"</span>
                {move || i18n::coach::GAME_SECTION.get(lang())}
            </h3>
            <p class="game-note">{move || i18n::coach::GAME_NOTE.get(lang())}</p>
            <button class="primary" data-testid="course-play"
                on:click=move |_| learn.play_game()>
                {move || i18n::coach::PLAY_GAME.get(lang())}
            </button>
        </section>
    }
}

/// The course's entry on the new-game screen, beside the grown-up gate.
#[component]
pub fn LearnEntry() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    view! {
        <div class="learn-entry">
            <button class="primary learn" data-testid="learn" on:click=move |_| learn.open()>
                <svg class="learn-icon" viewBox="-12 -12 24 24" aria-hidden="true"><path d=STAR_PATH></path></svg>
                <span>{move || i18n::LEARN.get(lang())}</span>
            </button>
            <GrownUpGate/>
        </div>
    }
}
