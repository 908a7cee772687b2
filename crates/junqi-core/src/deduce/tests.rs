use super::*;
use proptest::prelude::*;

fn m(roles: &[Role]) -> RoleMask {
    roles.iter().fold(0, |m, &r| m | role_bit(r))
}

/// Does `roles` (one per piece, army by army) agree with every set, count and link?
fn agrees(p: &Problem, roles: &[Vec<u8>]) -> bool {
    p.armies.iter().zip(roles).all(|(a, rs)| {
        let mut used = [0u8; 12];
        for (&mask, &r) in a.pieces.iter().zip(rs) {
            if mask & 1 << r == 0 {
                return false;
            }
            used[r as usize] += 1;
        }
        (0..12).all(|r| used[r] <= a.counts[r])
    }) && p.links.iter().all(|l| {
        let ra = roles[l.a.army][l.a.piece];
        let rb = roles[l.b.army][l.b.piece];
        l.allowed[ra as usize] & 1 << rb != 0
    })
}

/// Every assignment, one by one: the union of the roles of those that agree.
fn brute_force(p: &Problem) -> Option<Vec<Vec<RoleMask>>> {
    let refs: Vec<(usize, usize)> = p
        .armies
        .iter()
        .enumerate()
        .flat_map(|(a, army)| (0..army.pieces.len()).map(move |i| (a, i)))
        .collect();
    let mut roles: Vec<Vec<u8>> = p.armies.iter().map(|a| vec![0; a.pieces.len()]).collect();
    let mut union: Vec<Vec<RoleMask>> = p.armies.iter().map(|a| vec![0; a.pieces.len()]).collect();
    let mut any = false;
    fn go(
        k: usize,
        refs: &[(usize, usize)],
        p: &Problem,
        roles: &mut Vec<Vec<u8>>,
        union: &mut Vec<Vec<RoleMask>>,
        any: &mut bool,
    ) {
        if k == refs.len() {
            if agrees(p, roles) {
                *any = true;
                for (u, rs) in union.iter_mut().zip(roles.iter()) {
                    for (x, &r) in u.iter_mut().zip(rs) {
                        *x |= 1 << r;
                    }
                }
            }
            return;
        }
        let (a, i) = refs[k];
        for r in 0..12u8 {
            if p.armies[a].pieces[i] & 1 << r != 0 {
                roles[a][i] = r;
                go(k + 1, refs, p, roles, union, any);
            }
        }
    }
    go(0, &refs, p, &mut roles, &mut union, &mut any);
    any.then_some(union)
}

/// A small random problem: up to three armies of up to five pieces over four roles, with
/// random sets, counts and links.
fn problem(seed: u64) -> Problem {
    let mut rng = SplitMix64::new(seed);
    let roles = [Role::Marshal, Role::General, Role::Engineer, Role::Flag];
    let n_armies = 1 + rng.below(3) as usize;
    let armies: Vec<Army> = (0..n_armies)
        .map(|_| {
            let mut counts = [0u8; 12];
            for r in roles {
                counts[r as usize] = rng.below(3) as u8;
            }
            let n = 1 + rng.below(5) as usize;
            let pieces = (0..n)
                .map(|_| {
                    let mut mask = 0;
                    for r in roles {
                        if rng.below(3) > 0 {
                            mask |= role_bit(r);
                        }
                    }
                    mask
                })
                .collect();
            Army { counts, pieces }
        })
        .collect();
    let total: usize = armies.iter().map(|a| a.pieces.len()).sum();
    let mut links = Vec::new();
    if total >= 2 {
        for _ in 0..rng.below(4) {
            let pick = |rng: &mut SplitMix64| {
                let army = rng.below(armies.len() as u64) as usize;
                PieceRef {
                    army,
                    piece: rng.below(armies[army].pieces.len() as u64) as usize,
                }
            };
            let a = pick(&mut rng);
            let b = pick(&mut rng);
            if a == b {
                continue;
            }
            let mut allowed = [0; 12];
            for x in allowed.iter_mut() {
                for r in roles {
                    if rng.below(2) == 0 {
                        *x |= role_bit(r);
                    }
                }
            }
            links.push(Link { a, b, allowed });
        }
    }
    Problem { armies, links }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The deduction keeps a role iff some complete assignment agreeing with the record gives
    /// it to the piece, and finds a contradiction iff there is no such assignment.
    #[test]
    fn deduction_is_what_brute_force_finds(seed in any::<u64>()) {
        let p = problem(seed);
        match (p.deduce(), brute_force(&p)) {
            (Ok(d), Some(truth)) => {
                prop_assert!(d.exact);
                prop_assert_eq!(d.possible, truth);
            }
            (Err(Contradiction), None) => {}
            (got, truth) => prop_assert!(false, "{:?} against {:?} for {:?}", got, truth, p),
        }
    }

    /// A sampled world agrees with the record; there is one iff the record is consistent.
    #[test]
    fn a_sample_agrees_with_the_record(seed in any::<u64>()) {
        let p = problem(seed);
        let sample = p.sample(&mut SplitMix64::new(seed ^ 7));
        match (sample, brute_force(&p)) {
            (Some(world), Some(_)) => {
                let roles: Vec<Vec<u8>> = world
                    .iter()
                    .map(|a| a.iter().map(|&r| r as u8).collect())
                    .collect();
                prop_assert!(agrees(&p, &roles), "{:?} for {:?}", world, p);
            }
            (None, None) => {}
            (got, truth) => prop_assert!(false, "{:?} against {:?} for {:?}", got, truth, p),
        }
    }
}

/// Two pieces that can only be the Marshal or the General hold both: a third that may be the
/// General or an engineer is an engineer — a conclusion no single piece's set gives alone.
#[test]
fn two_pieces_holding_two_roles_rule_them_out_elsewhere() {
    let top = m(&[Role::Marshal, Role::General]);
    let army = Army::standard(vec![top, top, m(&[Role::General, Role::Engineer])]);
    let d = Problem {
        armies: vec![army],
        links: vec![],
    }
    .deduce()
    .expect("consistent");
    assert_eq!(d.possible[0], vec![top, top, role_bit(Role::Engineer)]);
}

/// A 四国 combat between two pieces hidden to the seat: the attacker, the Marshal or the
/// General, beat a piece proven to be the General, so it is the Marshal.
#[test]
fn a_link_carries_what_one_piece_proves_to_the_other() {
    let attacker = PieceRef { army: 0, piece: 0 };
    let defender = PieceRef { army: 1, piece: 0 };
    let wins = |a: Role, d: Role| a.rank().zip(d.rank()).is_some_and(|(x, y)| x > y);
    let problem = Problem {
        armies: vec![
            Army::standard(vec![m(&[Role::Marshal, Role::General])]),
            Army::standard(vec![m(&[Role::General])]),
        ],
        links: vec![Link::by(attacker, defender, wins)],
    };
    let d = problem.deduce().expect("consistent");
    assert!(d.exact);
    assert_eq!(
        d.possible,
        vec![vec![role_bit(Role::Marshal)], vec![role_bit(Role::General)]]
    );
}

/// More pieces than the army holds, or a link to a piece that is not there, is refused.
#[test]
fn an_impossible_record_is_a_contradiction() {
    let mut counts = [0u8; 12];
    counts[Role::Marshal as usize] = 1;
    let two = Army {
        counts,
        pieces: vec![role_bit(Role::Marshal), role_bit(Role::Marshal)],
    };
    let p = Problem {
        armies: vec![two],
        links: vec![],
    };
    assert_eq!(p.deduce(), Err(Contradiction));
    assert_eq!(p.sample(&mut SplitMix64::new(1)), None);
    let stray = Problem {
        armies: vec![Army::standard(vec![ALL_ROLES])],
        links: vec![Link::by(
            PieceRef { army: 0, piece: 0 },
            PieceRef { army: 3, piece: 9 },
            |_, _| true,
        )],
    };
    assert_eq!(stray.deduce(), Err(Contradiction));
}

/// The rule switches a 2-player record is read with: runs, scouting, bounces, flying bombs.
fn dark_rules(seed: u64) -> crate::Rules {
    let mut rules = crate::Rules::default();
    match seed % 5 {
        1 => rules.rail_one_turn = true,
        2 => {
            rules.rail_three_steps = true;
            rules.engineer_scouts = true;
        }
        3 => rules.mines_bounce = true,
        4 => {
            rules.flying_bomb = true;
            rules.marshal_survives_mine = true;
        }
        _ => {}
    }
    rules
}

/// Over whole 暗棋 games of random moves, each seat's reading of the record (the table reading
/// on the facing board) follows the enemy's pieces to where they stand, and the deduction
/// never rules out a piece's true role; the counts prove something no piece's own record says
/// in some of them, and runs show engineers.
#[test]
fn a_two_player_record_never_rules_out_the_truth() {
    use crate::{Deployment, Game, Mode, Seat, Setup};
    let mut beyond_own_record = 0;
    let mut engineers = 0;
    for seed in 0..30u64 {
        let rules = dark_rules(seed);
        let setup = Setup::Deployments {
            red: Deployment::random(seed * 2),
            black: Deployment::random(seed * 2 + 1),
        };
        let mut game = Game::new(Mode::Dark, rules, setup.clone()).expect("valid formations");
        let mut rng = SplitMix64::new(seed);
        while game.outcome().is_none() && game.reports().len() < 400 {
            for me in Seat::RED_BLACK {
                let Setup::Deployments { red, black } = &setup else {
                    unreachable!()
                };
                let own = if me == Seat::RED { red } else { black };
                let view = game.view(Some(me));
                let table = Table::two_player(&view, own).expect("the record leads to the view");
                let book = table.notebook();
                let possible = table.possible();
                let mut standing = 0;
                for (i, piece) in table.pieces.iter().enumerate() {
                    if piece.seat == me {
                        continue;
                    }
                    let Some(p) = piece.at else { continue };
                    standing += 1;
                    let truth = game.position().at(p).expect("a piece stands there");
                    assert_eq!(truth.color, Some(me.other_side()), "{p} followed wrongly");
                    let role = truth.role.expect("the referee knows");
                    assert!(
                        possible[i] & role_bit(role) != 0,
                        "{p} is {role:?}, ruled out"
                    );
                    let own_record = book.notes[i].own;
                    assert_eq!(possible[i] & !own_record, 0, "more than the record allows");
                    if possible[i] != own_record {
                        beyond_own_record += 1;
                    }
                    if possible[i] == role_bit(crate::Role::Engineer) {
                        engineers += 1;
                    }
                }
                let on_board = crate::Point::all()
                    .filter(|&q| {
                        game.position()
                            .at(q)
                            .is_some_and(|o| o.color == Some(me.other_side()))
                    })
                    .count();
                assert_eq!(standing, on_board);
            }
            let actions = game.position().legal_actions();
            let list: Vec<_> = actions.iter().collect();
            if list.is_empty() {
                break;
            }
            let a = *list[rng.below(list.len() as u64) as usize];
            game.play(a).expect("a legal action");
        }
        // The record still leads to the board once the game is over.
        let Setup::Deployments { red, black } = &setup else {
            unreachable!()
        };
        for (me, own) in [(Seat::RED, red), (Seat::BLACK, black)] {
            let view = game.view(Some(me));
            assert!(
                Table::two_player(&view, own).is_some(),
                "seed {seed}: the end"
            );
        }
    }
    assert!(beyond_own_record > 0, "the counts never proved anything");
    assert!(engineers > 0, "no run ever showed an engineer");
}

/// A bomb that takes the flag goes too, though the result says only "capture": the reading
/// is told both were removed.
#[test]
fn a_bomb_that_takes_the_flag_is_read_as_both_removed() {
    use crate::{Action, ActionResult, Piece, Point, PublicEvent, Role, Seat};
    let p = |s: &str| s.parse::<Point>().expect("a point");
    let took = |removed: Vec<Point>| PublicEvent {
        ply: 1,
        by: Some(Seat::RED),
        action: Some(Action::Move {
            from: p("b11"),
            to: p("b12"),
        }),
        result: ActionResult::Capture,
        removed,
        revealed: vec![(p("b12"), Piece::new(Seat::BLACK, Role::Flag))],
        assigned: None,
        left: Vec::new(),
        carried: None,
    };
    let bomb = took(vec![p("b11"), p("b12")]);
    assert_eq!(bomb.contact(), Some(Contact::BothRemoved));
    let other = took(vec![p("b12")]);
    assert_eq!(other.contact(), Some(Contact::AttackerWins));
    assert_eq!(other.carried_flag(), None, "taken at once, not carried");
}

/// A seat told a formation it did not start with reads nothing: the board shows its own
/// pieces otherwise.
#[test]
fn a_formation_the_board_does_not_show_is_refused() {
    use crate::{Deployment, Game, Mode, Seat, Setup};
    let red = Deployment::random(3);
    let setup = Setup::Deployments {
        red: red.clone(),
        black: Deployment::random(4),
    };
    let game = Game::new(Mode::Dark, crate::Rules::default(), setup).expect("valid formations");
    let view = game.view(Some(Seat::RED));
    assert!(Table::two_player(&view, &red).is_some());
    assert!(Table::two_player(&view, &Deployment::random(5)).is_none());
}

/// A history that numbers its plies with a gap (a device that counts a turn lost to the timer)
/// is read by its own numbers, so clues name the plies the move list shows.
#[test]
fn clues_name_the_plies_the_history_numbers() {
    use crate::{Deployment, Game, Mode, Seat, Setup};
    let red = Deployment::random(7);
    let setup = Setup::Deployments {
        red: red.clone(),
        black: Deployment::random(8),
    };
    let mut game = Game::new(Mode::Dark, crate::Rules::default(), setup).expect("valid formations");
    let first = game.position().legal_actions()[0];
    game.play(first).expect("legal");
    let reply = game.position().legal_actions()[0];
    game.play(reply).expect("legal");
    let mut view = game.view(Some(Seat::RED));
    view.history[1].ply = 3;
    let table = Table::two_player(&view, &red).expect("the record leads to the view");
    let (_, to) = reply.as_move().expect("a move");
    let moved = table
        .pieces
        .iter()
        .position(|q| q.at == Some(to))
        .expect("Black's piece is followed");
    assert!(table.notebook().notes[moved]
        .clues
        .iter()
        .any(|c| matches!(c, Clue::Moved { ply: 3 })));
    // Any number is only a name.
    view.history[1].ply = u32::MAX;
    assert!(Table::two_player(&view, &red).is_some());
}

/// Checks a notebook against the truth (`truth[i]`: piece `i`'s role): every set and every
/// clue keeps the true role, the sets only narrow (setup, own record, with the counts), and
/// each "left among these" names exactly as many holders of its role as it says are left.
fn check_notebook(book: &Notebook, truth: &[Role]) -> (usize, usize) {
    let (mut clues, mut groups) = (0, 0);
    for (i, (note, &role)) in book.notes.iter().zip(truth).enumerate() {
        let b = role_bit(role);
        assert!(note.possible & b != 0, "piece {i} is {role:?}, ruled out");
        assert_eq!(
            note.possible & !note.own,
            0,
            "piece {i}: more than its record"
        );
        assert_eq!(note.own & !note.setup, 0, "piece {i}: more than its setup");
        assert!(note.setup & b != 0, "piece {i}: setup rules out {role:?}");
        for c in &note.clues {
            clues += 1;
            let allows = match *c {
                Clue::Moved { .. } => movable(),
                Clue::Ran { .. } => role_bit(Role::Engineer) | role_bit(Role::Bomb),
                Clue::Met { roles, .. } => roles,
                Clue::Shown { role: r, .. } => role_bit(r),
            };
            assert!(allows & b != 0, "piece {i} ({role:?}): {c:?} rules it out");
        }
        assert_eq!(book.by_counts(i), note.own & !note.possible);
        for among in book.among(i, 4) {
            groups += 1;
            let holders = among
                .pieces
                .iter()
                .filter(|&&j| truth[j] == among.role)
                .count();
            assert_eq!(holders, usize::from(among.left), "{among:?}");
            assert!(among.pieces.contains(&i));
        }
    }
    (clues, groups)
}

/// The notebook of random 暗棋 games, each seat's, checked against the truth at every ply; the
/// sets are those of the deduction, and the clues say something (moves, runs, contacts, groups).
#[test]
fn a_two_player_notebook_keeps_the_truth() {
    use crate::{Deployment, Game, Mode, Seat, Setup};
    let (mut clues, mut groups, mut met) = (0, 0, 0);
    for seed in 0..16u64 {
        let rules = dark_rules(seed);
        let formations = [
            Deployment::random(seed * 2),
            Deployment::random(seed * 2 + 1),
        ];
        let setup = Setup::Deployments {
            red: formations[0].clone(),
            black: formations[1].clone(),
        };
        let mut game = Game::new(Mode::Dark, rules, setup).expect("valid formations");
        let mut rng = SplitMix64::new(seed);
        while game.outcome().is_none() && game.reports().len() < 300 {
            for me in Seat::RED_BLACK {
                let own = &formations[me.index()];
                // Pieces are followed in setup order, Red's army then Black's.
                let truth: Vec<Role> = [&formations[0], &formations[1]]
                    .into_iter()
                    .flat_map(|f| f.setup_roles())
                    .map(|r| r.expect("a full formation"))
                    .collect();
                let view = game.view(Some(me));
                let table = Table::two_player(&view, own).expect("the record leads to the view");
                let book = table.notebook();
                let possible = table.possible();
                for (note, p) in book.notes.iter().zip(&possible) {
                    assert_eq!(note.possible, *p);
                }
                for (note, piece) in book.notes.iter().zip(&table.pieces) {
                    assert_eq!(note.lost, piece.at.is_none());
                    if piece.seat != me {
                        met += note
                            .clues
                            .iter()
                            .filter(|c| matches!(c, Clue::Met { .. }))
                            .count();
                    }
                }
                let (c, g) = check_notebook(&book, &truth);
                clues += c;
                groups += g;
            }
            let list: Vec<_> = game.position().legal_actions().to_vec();
            if list.is_empty() {
                break;
            }
            game.play(list[rng.below(list.len() as u64) as usize])
                .expect("a legal action");
        }
    }
    assert!(clues > 0 && met > 0, "no clue was ever read");
    assert!(groups > 0, "no group was ever found");
}

/// The same over random 四暗 games: every seat's notebook, read with what it saw at the start
/// (its own pieces, known through every combat), keeps the truth of every piece on the table.
#[test]
fn a_table_notebook_keeps_the_truth() {
    use crate::seat::{PerSeat, Seat};
    use crate::siguo::{InfoMode, Position, SiguoRules};
    use crate::{Deployment, Rules};
    let (mut clues, mut groups, mut other_known) = (0, 0, 0);
    for seed in 0..6u64 {
        let mut rules = Rules::default();
        if seed % 2 == 1 {
            rules.rail_one_turn = true;
        }
        let rules = SiguoRules {
            rules,
            ..SiguoRules::default()
        };
        let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
        let mut truth = Position::start(rules, &formations);
        truth.settle();
        let start = truth.clone();
        let roles: Vec<Role> = Seat::ALL
            .into_iter()
            .flat_map(|s| formations[s].setup_roles())
            .map(|r| r.expect("a full formation"))
            .collect();
        let mut history = Vec::new();
        let mut rng = SplitMix64::new(seed);
        while !truth.is_over() && truth.ply() < 200 {
            if truth.ply().is_multiple_of(5) {
                for seat in Seat::ALL {
                    let view = truth.view(seat, InfoMode::FourDark);
                    let seen = start.view(seat, InfoMode::FourDark);
                    let table = Table::read_knowing(&view, &history, Some(&seen))
                        .expect("the replay leads to the view");
                    // Every move is some piece's, every contact some piece's attack.
                    let moved = history.iter().filter(|e| e.mv().is_some()).count();
                    let met = history.iter().filter(|e| e.contact().is_some()).count();
                    let sum = |v: &[u16]| v.iter().map(|&n| n as usize).sum::<usize>();
                    assert_eq!((sum(&table.moves), sum(&table.attacks)), (moved, met));
                    let book = table.notebook();
                    for (note, piece) in book.notes.iter().zip(&table.pieces) {
                        if piece.seat == seat {
                            assert_eq!(note.possible.count_ones(), 1, "own pieces are known");
                        }
                        other_known += note
                            .clues
                            .iter()
                            .filter(|c| matches!(c, Clue::Met { other: Some(_), .. }))
                            .count();
                    }
                    let (c, g) = check_notebook(&book, &roles);
                    clues += c;
                    groups += g;
                }
            }
            let list = truth.legal_actions();
            if list.is_empty() {
                break;
            }
            let report = truth
                .play(list[rng.below(list.len() as u64) as usize])
                .expect("legal");
            history.push(crate::PublicEvent::from_report(
                history.len() as u32 + 1,
                &report,
            ));
        }
    }
    assert!(
        clues > 0 && other_known > 0 && groups > 0,
        "{clues} {other_known} {groups}"
    );
}

/// Under the carrying switches a taken flag leaves the board with its taker and comes back
/// when the taker falls: every seat's reading of random 四暗 games that hunt flags follows it,
/// and keeps every standing piece's truth.
#[test]
fn a_table_follows_carried_flags() {
    use crate::seat::{PerSeat, Seat};
    use crate::siguo::{InfoMode, Position, SiguoRules};
    use crate::{Deployment, Rules};
    let (mut carried, mut back) = (0, 0);
    for seed in 0..10u64 {
        let mut rules = Rules::default();
        if seed % 2 == 0 {
            rules.carry_flag_home = true;
        } else {
            rules.carry_flag_front = true;
        }
        let rules = SiguoRules {
            rules,
            ..SiguoRules::default()
        };
        let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
        let mut truth = Position::start(rules, &formations);
        truth.settle();
        let start = truth.clone();
        let mut history = Vec::new();
        let mut rng = SplitMix64::new(seed);
        while !truth.is_over() && truth.ply() < 600 {
            for seat in Seat::ALL.into_iter().filter(|&s| truth.seating().is_in(s)) {
                let view = truth.view(seat, InfoMode::FourDark);
                let seen = start.view(seat, InfoMode::FourDark);
                let table = Table::read_knowing(&view, &history, Some(&seen))
                    .unwrap_or_else(|| panic!("seed {seed} ply {}: no reading", truth.ply()));
                for piece in &table.pieces {
                    if let Some(p) = piece.at {
                        let role = truth.at(p).and_then(|o| o.role).expect("a piece");
                        assert!(piece.mask & role_bit(role) != 0, "{p}: {role:?} ruled out");
                    }
                }
            }
            // Contacts first, so that flags are taken and carriers fall.
            let Some(m) = hunting_move(&truth, &mut rng) else {
                break;
            };
            let carries_before = truth.carries().count();
            let report = truth.play(m).expect("legal");
            carried += usize::from(report.carried.is_some());
            if truth.carries().count() < carries_before && report.eliminated.is_empty() {
                back += 1;
            }
            history.push(crate::PublicEvent::from_report(
                history.len() as u32 + 1,
                &report,
            ));
        }
    }
    assert!(carried > 0 && back > 0, "carried {carried}, back {back}");
}

/// A random legal move of a 4-player game, an attack two times in three where there is one.
fn hunting_move(
    truth: &crate::siguo::Position,
    rng: &mut SplitMix64,
) -> Option<crate::Action<crate::siguo::Point>> {
    let list = truth.legal_actions();
    let contacts: Vec<_> = list.iter().filter(|m| truth.at(m.to()).is_some()).collect();
    if !contacts.is_empty() && rng.below(3) > 0 {
        return Some(*contacts[rng.below(contacts.len() as u64) as usize]);
    }
    if list.is_empty() {
        return None;
    }
    Some(list[rng.below(list.len() as u64) as usize])
}

/// What a 4-player report makes public reaches every seat's reading: a landmine that sent a
/// piece back (`mines_bounce`), the defender an engineer scouted and the engineer
/// (`engineer_scouts`) are known from then on to every seat, when they have moved on or fallen
/// too (the view alone shows them only while they stand).
#[test]
fn a_table_knows_what_4_player_contacts_showed() {
    use crate::seat::{PerSeat, Seat};
    use crate::siguo::{InfoMode, Position, SiguoRules};
    use crate::{Clash, Deployment, Rules};
    let (mut known, mut fallen) = (0, 0);
    for seed in 0..8u64 {
        let rules = SiguoRules {
            rules: Rules {
                mines_bounce: true,
                engineer_scouts: true,
                ..Rules::default()
            },
            ..SiguoRules::default()
        };
        let formations = PerSeat::new_with(|s| Deployment::random(seed * 4 + s.index() as u64));
        let mut truth = Position::start(rules, &formations);
        truth.settle();
        let start = truth.clone();
        let mut history = Vec::new();
        let mut rng = SplitMix64::new(seed);
        // The pieces a contact showed (their place in every reading) and their roles.
        let mut public: Vec<(usize, Role)> = Vec::new();
        while !truth.is_over() && truth.ply() < 400 {
            let Some(m) = hunting_move(&truth, &mut rng) else {
                break;
            };
            // Where each piece stands before the move, as every reading numbers them.
            let before = Table::read_knowing(&truth, &history, Some(&start)).expect("read");
            let report = truth.play(m).expect("legal");
            if matches!(report.clash, Some(Clash::Bounce | Clash::Scout)) {
                for &(p, piece) in &report.revealed {
                    let id = before
                        .pieces
                        .iter()
                        .position(|q| q.at == Some(p))
                        .expect("a piece");
                    public.push((id, piece.role));
                }
            }
            if report.clash == Some(Clash::Scout) {
                // Only an engineer scouts: everyone knows what the fallen attacker was.
                let id = before.pieces.iter().position(|q| q.at == Some(m.from()));
                public.push((id.expect("the attacker"), Role::Engineer));
            }
            history.push(crate::PublicEvent::from_report(
                history.len() as u32 + 1,
                &report,
            ));
            for seat in Seat::ALL.into_iter().filter(|&s| truth.seating().is_in(s)) {
                let view = truth.view(seat, InfoMode::FourDark);
                let seen = start.view(seat, InfoMode::FourDark);
                let table = Table::read_knowing(&view, &history, Some(&seen))
                    .unwrap_or_else(|| panic!("seed {seed} ply {}: no reading", truth.ply()));
                for &(id, role) in &public {
                    let q = &table.pieces[id];
                    assert_eq!(q.mask, role_bit(role), "seed {seed}: piece {id} for {seat}");
                    known += 1;
                    fallen += usize::from(q.at.is_none());
                }
            }
        }
    }
    assert!(known > 0 && fallen > 0, "known {known}, fallen {fallen}");
}

/// An event heard in the protocol's words (the result word and the pieces shown, nothing of
/// what was removed or that a lost attack was a scout) reads as the referee's report does
/// (but for a scout of a piece already public, which the words do not tell from a loss):
/// random 暗棋 games under the switches that show pieces or carry flags, both seats' readings
/// compared at every ply.
#[test]
fn an_event_heard_in_words_reads_as_the_report() {
    use crate::{ActionResult, Deployment, Game, Mode, PublicEvent, Seat, Setup};
    let mut scouts = 0;
    for seed in 0..12u64 {
        let mut rules = dark_rules(seed);
        rules.engineer_scouts = true;
        rules.carry_flag_home = seed % 3 == 0;
        let setup = Setup::Deployments {
            red: Deployment::random(seed * 2 + 100),
            black: Deployment::random(seed * 2 + 101),
        };
        let Setup::Deployments { red, black } = setup.clone() else {
            unreachable!()
        };
        let mut game = Game::new(Mode::Dark, rules, setup).expect("valid formations");
        let mut rng = SplitMix64::new(seed);
        while game.outcome().is_none() && game.reports().len() < 300 {
            let list = game.position().legal_actions();
            if list.is_empty() {
                break;
            }
            let contacts: Vec<_> = list
                .iter()
                .filter(|a| game.position().at(a.to()).is_some())
                .collect();
            let a = if !contacts.is_empty() && rng.below(3) > 0 {
                *contacts[rng.below(contacts.len() as u64) as usize]
            } else {
                list[rng.below(list.len() as u64) as usize]
            };
            let report = game.play(a).expect("legal");
            scouts += usize::from(report.result == ActionResult::Scout);
            for (me, own) in [(Seat::RED, &red), (Seat::BLACK, &black)] {
                let told = game.view(Some(me));
                let mut heard = told.clone();
                heard.history = told
                    .history
                    .iter()
                    .map(|e| {
                        let word = e.result.protocol_str();
                        let mut result =
                            ActionResult::from_protocol(word).expect("a protocol word");
                        // The words cannot tell a scout of a piece already public (nothing
                        // new is shown) from a plain loss: PROTOCOL.md says `lose` for both.
                        if e.result == ActionResult::Scout && e.revealed.is_empty() {
                            result = ActionResult::Scout;
                        }
                        PublicEvent::heard(e.ply, e.by, e.action, result, e.revealed.clone())
                    })
                    .collect();
                let a = Table::two_player(&told, own).expect("the report's reading");
                let b = Table::two_player(&heard, own).expect("the words' reading");
                assert_eq!(a.possible(), b.possible(), "seed {seed} ply {}", told.ply);
            }
        }
    }
    assert!(scouts > 0, "no scout");
}
