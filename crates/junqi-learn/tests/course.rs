//! Every lesson of the course is valid data and completable; every listed mistake fails.

use junqi_learn::{course, Feedback, Goal, LessonRun, Mistake};
use std::collections::HashSet;

#[test]
fn course_loads_with_at_least_20_lessons_in_every_stage() {
    let c = course();
    assert!(c.lessons.len() >= 20, "{}", c.lessons.len());
    let stages: HashSet<&str> = c.stages.iter().map(|s| s.id.as_str()).collect();
    for l in &c.lessons {
        assert!(
            stages.contains(l.stage.as_str()),
            "{} has an unknown stage",
            l.id
        );
    }
    for s in &c.stages {
        assert!(
            c.lessons_of(&s.id).count() >= 1,
            "stage {} has no lesson",
            s.id
        );
    }
    let ids: HashSet<&str> = c.lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids.len(), c.lessons.len(), "lesson ids are unique");
}

#[test]
fn every_lesson_is_completable_with_three_stars() {
    for lesson in &course().lessons {
        let mut run = LessonRun::new(lesson).unwrap();
        assert!(!run.is_done());
        let mut last = None;
        for (i, &a) in lesson.solution.iter().enumerate() {
            let f = run.step(a);
            if i + 1 < lesson.solution.len() {
                assert!(
                    matches!(f, Feedback::Continue { .. }),
                    "{} step {a}: {f:?}",
                    lesson.id
                );
            }
            last = Some(f);
        }
        assert_eq!(last, Some(Feedback::Success { stars: 3 }), "{}", lesson.id);
        assert!(run.is_done());
        assert_eq!(
            lesson.solution.len() as u32,
            lesson.par,
            "{}: par is the solution's length",
            lesson.id
        );
        assert_eq!(
            lesson.hint, lesson.solution[0],
            "{}: the hint starts the solution",
            lesson.id
        );
    }
}

#[test]
fn listed_mistakes_fail_and_show_why() {
    let mut checked = 0;
    for lesson in &course().lessons {
        for &a in &lesson.wrong {
            let mut run = LessonRun::new(lesson).unwrap();
            let f = run.step(a);
            assert!(
                matches!(f, Feedback::Mistake(_)),
                "{} {a}: {f:?}",
                lesson.id
            );
            if let Feedback::Mistake(Mistake::Lost { by, .. }) = f {
                // The piece that would win is named, for the screen to show.
                assert_eq!(by.color, junqi_core::Color::Black);
            }
            checked += 1;
        }
    }
    assert!(checked >= 6);
}

#[test]
fn illegal_moves_change_nothing() {
    let lesson = course().lesson("rails-1").unwrap();
    let mut run = LessonRun::new(lesson).unwrap();
    assert_eq!(run.step("a2-b6".parse().unwrap()), Feedback::Illegal);
    assert_eq!(run.moves(), 0);
    assert_eq!(run.stars_left().len(), 1);
}

#[test]
fn stars_fall_with_extra_moves() {
    // Reaching c5 from c3 the long way round costs stars.
    let lesson = course().lesson("roads-1").unwrap();
    assert!(matches!(lesson.goal, Goal::Reach(_)));
    let mut run = LessonRun::new(lesson).unwrap();
    for a in ["c3-d3", "d3-c4", "c4-c5"] {
        run.step(a.parse().unwrap());
    }
    assert!(run.is_done());
    let mut run = LessonRun::new(lesson).unwrap();
    let mut f = Feedback::Illegal;
    for a in ["c3-b3", "b3-c4", "c4-c5"] {
        f = run.step(a.parse().unwrap());
    }
    assert_eq!(f, Feedback::Success { stars: 2 });
}

#[test]
fn attack_preview_matches_the_rules_core() {
    use junqi_core::{clash, Role, Rules};
    for a in Role::ALL {
        for d in Role::ALL {
            assert_eq!(
                junqi_learn::preview(a, d),
                clash(a, d, &Rules::default(), false)
            );
        }
    }
}
