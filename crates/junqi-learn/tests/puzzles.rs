//! The shipped puzzles: each one proven (unique solution at every move of the line, every wrong
//! first move refuted within the app's budget), and the referee the app plays them with.

use junqi_core::{Action, Position};
use junqi_learn::puzzle::{
    self, check, mirror_action, mirror_board, of_the_day, parse_file, Aim, Puzzle, PuzzleFeedback,
    PuzzleRun,
};
use std::collections::HashSet;

fn a(s: &str) -> Action {
    s.parse().unwrap()
}

#[test]
fn at_least_200_puzzles_ship_each_proven_from_easy_to_hard() {
    let list = puzzle::puzzles();
    assert!(list.len() >= 200, "{} puzzles", list.len());
    let ids: HashSet<&str> = list.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), list.len(), "ids are unique");
    let boards: HashSet<&str> = list.iter().map(|p| p.board.as_str()).collect();
    assert_eq!(boards.len(), list.len(), "no position twice");
    for p in list {
        if let Err(e) = check(p) {
            panic!("{e}");
        }
    }
    assert!(
        list.windows(2).all(|w| w[0].rating <= w[1].rating),
        "the list goes from easy to hard"
    );
    let count = |f: fn(&Aim) -> bool| list.iter().filter(|p| f(&p.aim)).count();
    assert!(count(|a| *a == Aim::Flag) >= 40);
    assert!(count(|a| matches!(a, Aim::Take(_))) >= 40);
    assert!(count(|a| *a == Aim::Stop) >= 20);
    assert!(list.iter().any(|p| p.depth == 3));
}

#[test]
fn the_file_reads_back_as_it_is_written() {
    let text = include_str!("../data/puzzles.txt");
    let list = parse_file(text).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    for (p, line) in list.iter().zip(lines) {
        assert_eq!(p.to_line(), line);
    }
}

#[test]
fn bad_lines_are_refused_with_the_reason() {
    let fine = "x1 flag 1 540 lfl1p/1B3/5/5/2c2/4r/5/1R1C1/2P2/3P1/2L2/LFLM1 b11-b12";
    assert!(Puzzle::parse(fine).is_ok());
    for (line, says) in [
        ("x1", "no aim"),
        ("x1 fly 1 540 5/5", "unknown aim 'fly'"),
        ("x1 flag one 540 5/5", "the depth is not a number"),
        (
            "x1 flag 9 540 lfl1p/1B3/5/5/2c2/4r/5/1R1C1/2P2/3P1/2L2/LFLM1",
            "depth 9",
        ),
        ("x1 take:z9 1 540 5/5", "unknown point"),
        ("x1 flag 1 540 lfl1p/1B3 b11-b12", "puzzle x1"),
        (
            "x1 flag 1 540 lfl1p/1B3/5/5/2c2/4r/5/1R1C1/2P2/3P1/2L2/LFLM1 b11b12",
            "x1",
        ),
    ] {
        let e = Puzzle::parse(line).unwrap_err().to_string();
        assert!(e.contains(says), "{line}: {e}");
    }
}

#[test]
fn a_puzzle_that_does_not_hold_is_refused() {
    // Flag in one: b11-b12 takes the flag.
    let board = "lfl1p/1B3/5/5/2c2/4r/5/1R1C1/2P2/3P1/2L2/LFLM1";
    let make = |aim: Aim, depth: u32, line: &[&str]| Puzzle {
        id: "t".into(),
        aim,
        depth,
        rating: 500,
        board: board.into(),
        line: line.iter().map(|s| a(s)).collect(),
    };
    assert!(check(&make(Aim::Flag, 1, &["b11-b12"])).is_ok());
    let e = check(&make(Aim::Flag, 1, &["b11-a11"])).unwrap_err().0;
    assert!(e.contains("the moves that work are [b11-b12]"), "{e}");
    let e = check(&make(Aim::Flag, 2, &["b11-b12", "e7-e6", "b12-b11"]))
        .unwrap_err()
        .0;
    assert!(
        e.contains("not legal") || e.contains("already works"),
        "{e}"
    );
    let e = check(&make(Aim::Flag, 1, &[])).unwrap_err().0;
    assert!(e.contains("the line has 0 moves"), "{e}");
    let e = check(&make(Aim::Take("a1".parse().unwrap()), 1, &["b11-b12"]))
        .unwrap_err()
        .0;
    assert!(e.contains("no enemy piece stands on the target"), "{e}");
    let e = check(&make(Aim::Stop, 1, &["b11-b12"])).unwrap_err().0;
    assert!(e.contains("nothing to stop"), "{e}");
}

#[test]
fn the_referee_answers_with_the_line_and_refutes_a_wrong_move() {
    let list = puzzle::puzzles();
    for p in list
        .iter()
        .filter(|p| p.depth >= 2)
        .take(10)
        .chain(list.iter().take(5))
    {
        // The line, move by move: right, the answer, … solved.
        let mut run = PuzzleRun::new(p).unwrap();
        for (i, step) in p.line.iter().enumerate().step_by(2) {
            let f = run.play(*step);
            if i + 1 >= p.line.len() {
                assert_eq!(f, PuzzleFeedback::Solved, "{}", p.id);
            } else {
                match f {
                    PuzzleFeedback::Right { reply: Some(r) } => {
                        assert_eq!(r.action, Some(p.line[i + 1]), "{}", p.id)
                    }
                    other => panic!("{}: {other:?}", p.id),
                }
            }
        }
        assert!(run.is_solved());
        // A wrong first move: the refutation is played, and retry goes back.
        let mut run = PuzzleRun::new(p).unwrap();
        let start = run.position().clone();
        let wrong = start
            .legal_actions()
            .into_iter()
            .find(|m| *m != p.line[0])
            .unwrap();
        match run.play(wrong) {
            // A `take` may be wrong by losing the piece at once: nothing to answer.
            PuzzleFeedback::Wrong { refutation } => assert!(
                refutation.is_some() || matches!(p.aim, Aim::Take(_)),
                "{} {wrong}",
                p.id
            ),
            other => panic!("{} {wrong}: {other:?}", p.id),
        }
        assert!(run.is_wrong());
        assert_eq!(
            run.play(p.line[0]),
            PuzzleFeedback::Illegal,
            "wait for retry"
        );
        run.retry();
        assert_eq!(run.position(), &start);
        assert_eq!(run.mistakes(), 1);
        assert_eq!(run.expected(), Some(p.line[0]));
    }
}

#[test]
fn every_puzzle_comes_once_before_any_comes_again() {
    let list = puzzle::puzzles();
    let n = list.len() as i64;
    let days: HashSet<&str> = (20_000..20_000 + n)
        .filter_map(|d| of_the_day(list, d))
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(days.len(), list.len());
    assert_eq!(
        of_the_day(list, 20_000).map(|p| &p.id),
        of_the_day(list, 20_000 + n).map(|p| &p.id)
    );
    assert!(of_the_day(&[], 3).is_none());
}

#[test]
fn a_position_seen_from_black_is_posed_for_red() {
    let start = junqi_core::CLASSIC_START.split(' ').next().unwrap();
    assert_eq!(mirror_board(&mirror_board(start)), start);
    let mirrored = Position::from_jfen(&format!("{} r 0 1", mirror_board(start))).unwrap();
    let black = Position::from_jfen(&format!("{start} b 0 1")).unwrap();
    let mut theirs: Vec<Action> = black
        .legal_actions()
        .into_iter()
        .map(mirror_action)
        .collect();
    let mut ours = mirrored.legal_actions();
    theirs.sort();
    ours.sort();
    assert_eq!(theirs, ours);
}
