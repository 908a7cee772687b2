//! Each information mode's view hides exactly what it must, and a seat's legal moves from its
//! view equal the referee's.

use super::*;
use crate::deployment::Deployment;
use crate::rng::SplitMix64;
use crate::seat::Seat;

fn start() -> Position {
    Position::start_all(SiguoRules::default(), &Deployment::classic_1())
}

fn known_seats(v: &Position) -> Vec<Seat> {
    let mut out: Vec<Seat> = v
        .occupied()
        .iter()
        .filter_map(|p| v.at(p))
        .filter(|o| o.role.is_some())
        .map(|o| o.seat)
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn each_mode_hides_exactly_what_it_must() {
    let p = start();
    assert_eq!(known_seats(&p.view(Seat::S, InfoMode::FourDark)), [Seat::S]);
    assert_eq!(
        known_seats(&p.view(Seat::E, InfoMode::DoubleOpen)),
        [Seat::E, Seat::W]
    );
    assert_eq!(
        known_seats(&p.view(Seat::N, InfoMode::AllOpen)),
        Seat::ALL.to_vec()
    );
    // A view keeps every piece where it is.
    let v = p.view(Seat::S, InfoMode::FourDark);
    assert_eq!(v.occupied(), p.occupied());
    for p2 in p.occupied() {
        assert_eq!(v.at(p2).map(|o| o.seat), p.at(p2).map(|o| o.seat));
    }
}

#[test]
fn the_flag_is_shown_when_its_marshal_falls() {
    let mut p =
        Position::from_notation("S Sa0=0M,Sb5=0F,We0=3M,Wd5=3F,Ea4=1C,Eb5=1F,Na4=2C,Nb5=2F")
            .unwrap();
    let wd5 = "Wd5".parse().unwrap();
    assert_eq!(
        p.view(Seat::E, InfoMode::FourDark)
            .at(wd5)
            .and_then(|o| o.role),
        None
    );
    p.play("Sa0-We0".parse().unwrap()).unwrap();
    for viewer in Seat::ALL {
        let v = p.view(viewer, InfoMode::FourDark);
        assert_eq!(
            v.at(wd5).and_then(|o| o.role),
            Some(crate::types::Role::Flag)
        );
    }
    // Other pieces stay hidden.
    let v = p.view(Seat::E, InfoMode::FourDark);
    assert_eq!(v.at("Na4".parse().unwrap()).and_then(|o| o.role), None);
}

/// Plays random games from the start; at every position each mode's view of the mover lists
/// the referee's moves, and every game ends or reaches the ply cap without error.
#[test]
fn views_move_like_the_referee_in_random_games() {
    let mut rng = SplitMix64::new(7);
    let mut ended = 0;
    for game in 0..12 {
        let mut p = start();
        for _ in 0..3000 {
            let moves = p.legal_actions();
            if moves.is_empty() {
                break;
            }
            for mode in InfoMode::ALL {
                let v = p.view(p.turn(), mode);
                assert_eq!(v.legal_actions(), moves, "game {game} {mode} {p}");
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            p.play(m).unwrap();
            for s in Seat::ALL {
                if !p.seating().is_in(s) {
                    assert!(p.pieces_of(s).is_empty());
                }
            }
        }
        if p.is_over() {
            ended += 1;
        }
    }
    assert_eq!(ended, 12, "every random game ends within 3000 plies");
}
