//! Every lesson of the course is valid data and completable; every listed mistake fails.

use junqi_core::Role;
use junqi_learn::{course, Feedback, Goal, LessonRun, Mistake, Picture};
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
                // The piece that would win is named, for the screen to show, unless the
                // enemy is hidden: then the referee names none.
                match by {
                    Some(by) => assert!(!lesson.hidden && by.color == junqi_core::Seat::BLACK),
                    None => assert!(lesson.hidden, "{}", lesson.id),
                }
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
    use junqi_core::{clash, contact, Clash, Mode, Role, Rules};
    for a in Role::ALL {
        for d in Role::ALL {
            let c = junqi_learn::preview(a, d);
            assert_eq!(c, contact(a, d, Mode::Open, &Rules::default()));
            // Under the default rules 明棋's contact is the plain clash table.
            assert_eq!(c, clash(a, d, &Rules::default(), false));
            assert_ne!(c, Clash::Scout);
        }
    }
}

#[test]
fn every_goal_has_a_picture_and_each_rule_its_own() {
    let pic = |id: &str| course().lesson(id).unwrap().picture().unwrap();
    for l in &course().lessons {
        let p = l.picture();
        assert!(p.is_some(), "{} has no picture", l.id);
        let kind = match p.unwrap() {
            Picture::Take { .. } | Picture::Trade { .. } => "remove",
            Picture::Reach { .. } => "reach",
            Picture::Flag { .. } => "flag",
            Picture::Arrange => "valid",
            Picture::Tap => "tap",
        };
        let goal = match l.goal {
            Goal::Remove(_) => "remove",
            Goal::Reach(_) => "reach",
            Goal::Flag(_) => "flag",
            Goal::Valid(_) => "valid",
            Goal::Tap(_) => "tap",
        };
        assert_eq!(kind, goal, "{}", l.id);
    }
    // The higher rank takes; equal ranks both go; a bomb goes with what it hits; an engineer
    // clears a mine.
    assert!(
        matches!(pic("ranks-1"), Picture::Take { mine, theirs: Some(theirs) } if mine.role == Role::Marshal && theirs.role == Role::General)
    );
    assert!(
        matches!(pic("ranks-3"), Picture::Trade { mine, theirs: Some(theirs) } if mine.role == theirs.role)
    );
    assert!(matches!(pic("bombs-1"), Picture::Trade { mine, .. } if mine.role == Role::Bomb));
    assert!(
        matches!(pic("mines-1"), Picture::Take { mine, theirs: Some(theirs) } if mine.role == Role::Engineer && theirs.role == Role::Landmine)
    );
    // A hidden enemy piece is not named; the flag's picture shows the piece that takes it.
    assert!(
        matches!(pic("hidden-2"), Picture::Trade { mine, theirs: None } if mine.role == Role::Bomb)
    );
    assert!(
        matches!(pic("hidden-4"), Picture::Flag { mine } if mine.role == Role::Lieutenant),
        "the bomb clears the way, the 排长 takes the flag"
    );
    assert!(matches!(pic("roads-1"), Picture::Reach { .. }));
    assert!(matches!(pic("flag-1"), Picture::Flag { .. }));
}

#[test]
fn a_tap_lesson_ends_on_the_point_named_and_counts_the_misses() {
    let lesson = course().lesson("points-3").unwrap();
    let p = |s: &str| s.parse().unwrap();
    let mut run = LessonRun::new(lesson).unwrap();
    assert_eq!(run.tap(p("c5")), Feedback::Success { stars: 3 });
    let mut run = LessonRun::new(lesson).unwrap();
    assert_eq!(run.tap(p("c4")), Feedback::Miss);
    assert_eq!(
        run.step("c4-c5".parse().unwrap()),
        Feedback::Illegal,
        "no moves here"
    );
    assert_eq!(run.tap(p("c5")), Feedback::Success { stars: 2 });
    assert_eq!(run.tap(p("c5")), Feedback::Illegal, "done");
    let mut run = LessonRun::new(lesson).unwrap();
    for _ in 0..3 {
        assert_eq!(run.tap(p("a1")), Feedback::Miss);
    }
    assert_eq!(run.tap(p("c5")), Feedback::Success { stars: 1 });
}

#[test]
fn the_strategy_course_follows_the_rules_course() {
    let c = course();
    let first = c.stages.iter().position(|s| s.strategy).unwrap();
    assert!(c.stages[first..].iter().all(|s| s.strategy));
    assert!(first >= 10, "the ten stages of the rules come first");
    let strategy = c
        .lessons
        .iter()
        .filter(|l| c.stages[first..].iter().any(|s| s.id == l.stage))
        .count();
    assert!(strategy >= 20, "{strategy}");
}

#[test]
fn a_flag_left_unguarded_in_the_defence_levels_is_taken() {
    let play = |id: &str, moves: &[&str]| {
        let mut run = LessonRun::new(course().lesson(id).unwrap()).unwrap();
        moves
            .iter()
            .map(|m| run.step(m.parse().unwrap()))
            .last()
            .unwrap()
    };
    // The engineer races to the 旗台, then takes the flag.
    assert_eq!(
        play("defend-1", &["b3-c4", "c4-c5"]),
        Feedback::Mistake(Mistake::FlagLost)
    );
    assert_eq!(
        play("defend-2", &["c2-d2"]),
        Feedback::Mistake(Mistake::FlagLost)
    );
    assert_eq!(
        play("defend-3", &["c2-d2"]),
        Feedback::Mistake(Mistake::FlagLost)
    );
    // The engineer left on the railway runs to the 旗台, then takes the flag.
    assert_eq!(
        play("defend-4", &["d7-c7", "c7-c8"]),
        Feedback::Mistake(Mistake::FlagLost)
    );
}

#[test]
fn every_board_lesson_has_a_demo_that_plays_its_idea_mirrored() {
    let mut demos = 0;
    for lesson in &course().lessons {
        let Some(demo) = lesson.demo() else {
            assert!(lesson.is_tap() || lesson.is_arrange(), "{}", lesson.id);
            continue;
        };
        let mut run = LessonRun::new(&demo).unwrap();
        let mut last = Feedback::Illegal;
        for &a in &demo.solution {
            last = run.step(a);
        }
        assert_eq!(last, Feedback::Success { stars: 3 }, "{}", lesson.id);
        if demo.pieces != lesson.pieces {
            demos += 1;
        }
    }
    assert!(demos >= 20, "{demos}");
    // c stays c; a and e, b and d change places.
    let demo = course().lesson("attack-2").unwrap().demo().unwrap();
    assert_eq!(demo.solution, vec!["e2-a11".parse().unwrap()]);
}

#[test]
fn a_tap_lessons_demo_shows_the_enemys_point_of_that_name() {
    let p = |s: &str| s.parse::<junqi_core::Point>().unwrap();
    let named = |id: &str| course().lesson(id).unwrap().demo_points();
    assert_eq!(named("points-9"), vec![p("d11")], "the enemy's 旗台");
    assert_eq!(
        named("points-2"),
        vec![p("d7"), p("b7")],
        "the enemy's 棋眉"
    );
    for l in course().lessons.iter().filter(|l| l.is_tap()) {
        let points = l.demo_points();
        assert!(!points.is_empty(), "{}", l.id);
        assert!(points.iter().all(|q| q.half() == junqi_core::Seat::BLACK));
    }
}

#[test]
fn a_hidden_lesson_shows_the_enemy_face_down_and_the_fallen_marshals_flag() {
    use junqi_core::{Mode, Seat};
    let lesson = course().lesson("hidden-4").unwrap();
    let mut run = LessonRun::new(lesson).unwrap();
    let pos = run.position().unwrap();
    assert_eq!(pos.mode(), Mode::Dark);
    let seen = |run: &LessonRun, at: &str| {
        run.position().unwrap().view(Some(Seat::RED)).cells
            [at.parse::<junqi_core::Point>().unwrap().index()]
    };
    for at in ["b11", "b12", "d12", "c12"] {
        let o = seen(&run, at).unwrap();
        assert_eq!((o.color, o.role), (Some(Seat::BLACK), None), "{at}");
    }
    // The bomb takes the 司令 with it: the flag is shown, and stays shown while Black passes.
    assert!(matches!(
        run.step("a11-b11".parse().unwrap()),
        Feedback::Continue { .. }
    ));
    assert_eq!(seen(&run, "b12").unwrap().role, Some(Role::Flag));
    assert_eq!(seen(&run, "d12").unwrap().role, None);
    assert_eq!(run.position().unwrap().turn(), Some(Seat::RED));
    // Walking into the other headquarters is walking onto a mine nobody named.
    let mut run = LessonRun::new(lesson).unwrap();
    run.step("a11-b11".parse().unwrap());
    let f = run.step("b10-c10".parse().unwrap());
    assert!(matches!(f, Feedback::Continue { .. }), "{f:?}");
    run.step("c10-c11".parse().unwrap());
    let f = run.step("c11-d11".parse().unwrap());
    assert!(matches!(f, Feedback::Continue { .. }), "{f:?}");
    assert_eq!(
        run.step("d11-d12".parse().unwrap()),
        Feedback::Mistake(Mistake::Lost {
            at: "d11".parse().unwrap(),
            piece: junqi_core::Piece::new(Seat::RED, Role::Lieutenant),
            by: None,
        })
    );
}
