//! A puzzle: the lesson board with the goal in words, the other side's answers shown as the
//! last move (a wrong move's refutation with an arrow), and big buttons — hint, try again,
//! next puzzle, back to the levels. Everything works by taps.

use crate::components::boards::assist::arrow_view;
use crate::components::boards::facing::{Board, Marks};
use crate::components::course::lesson::{course_look, star_mark, DestDots, LessonModel, Pieces};
use crate::components::newgame::big_buttons::{again_icon, HintButton, LevelsButton};
use crate::ground::drag::Gesture;
use crate::ground::geometry::Orientation;
use crate::i18n::{self, puzzle as words};
use crate::learn::lesson::Learn;
use crate::learn::puzzles::PuzzleNote;
use junqi_core::{Bitboard, Point, Seat};
use junqi_learn::puzzle::Aim;
use leptos::prelude::*;

const O: Orientation = Orientation::RedBottom;

#[component]
pub fn PuzzleScreen() -> impl IntoView {
    let learn = expect_context::<Learn>();
    let lang = move || learn.store.lang();
    let look = course_look(learn.store);
    crate::components::focus_board_if_lost();
    let note = move || learn.puzzle_note.get();
    let wrong = move || matches!(note(), Some(PuzzleNote::Wrong { .. }));
    let solved = move || matches!(note(), Some(PuzzleNote::Solved { .. }));
    let model = Memo::new(move |_| {
        let selected = learn.selected.get();
        learn
            .view()
            .map(|view| LessonModel::play(&view, selected, !wrong() && !solved()))
            .unwrap_or_default()
    });
    // The other side's last answer.
    let reply = move || match note() {
        Some(PuzzleNote::Right { reply }) | Some(PuzzleNote::Wrong { reply }) => reply,
        _ => None,
    };
    let marks = Signal::derive(move || {
        let last: Bitboard = reply()
            .map(|(a, b)| [a, b].into_iter().collect())
            .unwrap_or_default();
        model.with(|m| Marks {
            dests: m.dests,
            last,
            ..Marks::default()
        })
    });
    let on_gesture = Callback::new(move |g: Gesture| {
        if let Gesture::Tap(p) = g {
            learn.tap(p);
        }
    });
    let speak = Callback::new(move |p: Point| {
        model.with(|m| crate::ground::render::spoken(&m.pieces, p, Some(Seat::RED), lang()))
    });
    let id = move || learn.puzzle_id().unwrap_or_default();
    let goal = move || {
        learn
            .with_puzzle(|r| words::goal(r.puzzle.aim, r.puzzle.depth, r.target_role(), lang()))
            .unwrap_or_default()
    };
    let rating = move || {
        learn
            .with_puzzle(|r| words::rating(r.puzzle.rating, lang()))
            .unwrap_or_default()
    };
    let note_text = move || note().map(|n| words::note(&n, lang())).unwrap_or_default();
    let note_kind = move || match note() {
        Some(PuzzleNote::Right { .. }) => "right",
        Some(PuzzleNote::Solved { .. }) => "solved",
        Some(PuzzleNote::Wrong { .. }) => "wrong",
        None => "",
    };
    let said = move || match note() {
        Some(n) => words::note(&n, lang()).to_string(),
        None => goal(),
    };
    // The star on the piece a `take` is after.
    let star = move || {
        let Some(Aim::Take(at)) = learn.with_puzzle(|r| r.current_aim()) else {
            return None;
        };
        Some(star_mark(at))
    };
    let score = move || learn.puzzle_score();

    view! {
        <div class="screen lesson puzzle" data-puzzle=id data-note=note_kind>
            <div class="board-area">
                <Board orientation=O marks=marks on_gesture=on_gesture speak=speak>
                    {star}
                    <Pieces model=model look=look/>
                    <DestDots model=model/>
                    {move || learn.hint_arrow().map(|(a, b)| arrow_view(a, b, O, "lesson-hint-arrow"))}
                    {move || wrong().then(reply).flatten().map(|(a, b)| arrow_view(a, b, O, "puzzle-refutation"))}
                </Board>
            </div>
            <p class="sr" role="status" data-testid="puzzle-said">{said}</p>
            <aside class="panel lesson-panel puzzle-panel">
                <div class="goal-card puzzle-goal">
                    <p class="puzzle-goal-text" data-testid="puzzle-goal">{goal}</p>
                    <p class="puzzle-rating">{rating}</p>
                </div>
                <p class=move || format!("puzzle-note {}", note_kind()) data-testid="puzzle-note">{note_text}</p>
                <p class="puzzle-score" data-testid="puzzle-score">{score}</p>
                <div class="lesson-buttons">
                    <HintButton disabled=Signal::derive(move || wrong() || solved())/>
                    <button class="big" data-testid="puzzle-retry" aria-label=move || i18n::TRY_AGAIN.get(lang())
                        disabled=move || !wrong()
                        on:click=move |_| learn.retry_puzzle()>
                        {again_icon()}
                    </button>
                    <button class="big" data-testid="puzzle-next" aria-label=move || words::NEXT.get(lang())
                        on:click=move |_| learn.next_puzzle()>
                        <svg viewBox="0 0 24 24" aria-hidden="true" class="go">
                            <path d="M6 4 L20 12 L6 20 Z"></path>
                        </svg>
                    </button>
                    <LevelsButton/>
                </div>
            </aside>
        </div>
    }
}
