//! Whole games between two devices, honest and not: every message travels as text between two
//! [`Duel`]s, as it would over a data channel.

use junqi_core::deployment::{CLASSIC_1, CLASSIC_2, CLASSIC_3};
use junqi_core::{Action, Deployment, Game, Mode, Rules, Seat, SplitMix64};
use junqi_duel::wire::{chain, hex_of, Body, Envelope};
use junqi_duel::{Clock, Duel, DuelError, Phase, Refusal, Terms};
use std::collections::VecDeque;

/// What a lying device changes in a message before it sends it.
type Lie = fn(&mut Body);

/// Two devices and the messages in flight between them.
struct Table {
    duels: [Duel; 2],
    /// Red's and Black's formations.
    formations: [Deployment; 2],
    /// Messages on their way to Red, to Black.
    inbox: [VecDeque<String>; 2],
    /// The first message refused, and by whom: delivery stops there.
    refused: Option<(Seat, Refusal)>,
    /// A device that lies: what it changes in each message it sends, which it then chains
    /// as an honest device would.
    liar: Option<(Seat, Lie)>,
    /// The last message the liar sent as changed.
    lied_head: Option<String>,
}

impl Table {
    fn new(mode: Mode, rules: Rules, seed: u64) -> Table {
        Table::with(Terms::new([seed as u8; 16], mode, rules), seed)
    }

    fn with(terms: Terms, seed: u64) -> Table {
        let formations = [CLASSIC_1, CLASSIC_2, CLASSIC_3];
        let pick = |k: u64| -> Deployment { formations[(k % 3) as usize].parse().unwrap() };
        let (red, to_black) = Duel::new(terms.clone(), Seat::RED, pick(seed), [1; 32]).unwrap();
        let (black, to_red) = Duel::new(terms, Seat::BLACK, pick(seed + 1), [2; 32]).unwrap();
        Table {
            duels: [red, black],
            formations: [pick(seed), pick(seed + 1)],
            inbox: [VecDeque::from([to_red]), VecDeque::from([to_black])],
            refused: None,
            liar: None,
            lied_head: None,
        }
    }

    fn duel(&mut self, c: Seat) -> &mut Duel {
        &mut self.duels[c.index()]
    }

    fn post(&mut self, from: Seat, texts: Vec<String>) {
        for text in texts {
            let text = match self.liar {
                Some((liar, change)) if liar == from => {
                    let mut env = Envelope::from_text(&text).unwrap();
                    change(&mut env.body);
                    env.prev = self
                        .lied_head
                        .as_deref()
                        .map(|t| hex_of(&chain(t)))
                        .unwrap_or_default();
                    let text = env.to_text();
                    self.lied_head = Some(text.clone());
                    text
                }
                _ => text,
            };
            self.inbox[(from.other_side()).index()].push_back(text);
        }
    }

    /// Delivers every message in flight, in order, until none is left.
    fn settle(&mut self) {
        loop {
            let Some((to, text)) = [Seat::RED, Seat::BLACK]
                .into_iter()
                .find_map(|c| self.inbox[c.index()].pop_front().map(|t| (c, t)))
            else {
                return;
            };
            match self.duel(to).receive(&text) {
                Ok(out) => self.post(to, out),
                Err(e) => {
                    self.refused = Some((to, e));
                    return;
                }
            }
        }
    }

    /// Delivers everything in flight, as [`Table::settle`], quietly passing over the messages
    /// a device already took.
    fn settle_skipping_duplicates(&mut self) {
        loop {
            self.settle();
            match self.refused {
                Some((_, Refusal::Duplicate { .. })) => self.refused = None,
                _ => return,
            }
        }
    }

    /// The side to move plays a random legal action, its messages sent but not yet delivered;
    /// gives the side that moved.
    fn act(&mut self, rng: &mut SplitMix64) -> Seat {
        let mover = self.duels[0].view().turn().unwrap();
        let d = self.duel(mover);
        let actions = d.view().legal_actions();
        let a = actions[rng.below(actions.len() as u64) as usize];
        let out = d
            .play(a)
            .unwrap_or_else(|e| panic!("{} {a}: {e}", mover.side_name()));
        self.post(mover, out);
        mover
    }

    /// The side to move plays a random legal action, and every message is delivered.
    fn step(&mut self, rng: &mut SplitMix64) {
        self.act(rng);
        self.settle();
    }

    /// Plays random legal actions until the game ends (resigning at `resign_at` plies).
    fn play_out(&mut self, seed: u64, resign_at: u32) {
        let mut rng = SplitMix64::new(seed);
        self.settle();
        while self.refused.is_none() && self.duels.iter().all(|d| *d.phase() == Phase::Playing) {
            let mover = self.duels[0].view().turn().unwrap();
            if self.duels[0].view().ply() >= resign_at {
                let out = self.duel(mover).resign().unwrap();
                self.post(mover, out);
                self.settle();
            } else {
                self.step(&mut rng);
            }
        }
    }

    fn record(&self, c: Seat) -> junqi_core::GameRecord {
        match self.duels[c.index()].phase() {
            Phase::Verified(r) => (**r).clone(),
            other => panic!("{}: {other:?}", c.side_name()),
        }
    }
}

fn honest(mode: Mode, rules: Rules, seeds: std::ops::Range<u64>) -> usize {
    let mut contacts = 0;
    for seed in seeds {
        let mut t = Table::new(mode, rules, seed);
        t.play_out(seed, 300);
        assert_eq!(t.refused, None, "seed {seed}");
        let (red, black) = (t.record(Seat::RED), t.record(Seat::BLACK));
        assert_eq!(red, black, "seed {seed}: both devices keep the same game");
        let game = Game::replay(&red).unwrap();
        assert_eq!(game.outcome(), red.result);
        contacts += red
            .actions
            .iter()
            .filter(|a| {
                a.result
                    .is_some_and(|r| r != junqi_core::ActionResult::Move)
            })
            .count();
        // Each device kept the same view of the end as the replayed game.
        for c in [Seat::RED, Seat::BLACK] {
            assert_eq!(
                t.duels[c.index()].view().outcome(),
                red.result,
                "seed {seed}"
            );
        }
    }
    contacts
}

#[test]
fn honest_open_games_are_played_to_the_end_and_verified() {
    assert!(honest(Mode::Open, Rules::default(), 0..6) > 20);
}

#[test]
fn honest_hidden_games_are_played_to_the_end_and_verified() {
    assert!(honest(Mode::Dark, Rules::default(), 0..40) > 200);
}

#[test]
fn hidden_games_under_the_switches_that_show_pieces() {
    let switched = [
        &["engineer_scouts"][..],
        &["mines_bounce", "marshal_survives_mine"],
        &["mines_explode", "bomb_cannot_take_flag", "flying_bomb"],
        &["no_collision_31", "hq_exit"],
    ];
    for names in switched {
        let mut rules = Rules::default();
        for name in names {
            rules.set_switch(name, true);
        }
        assert!(honest(Mode::Dark, rules, 10..14) > 10, "{rules:?}");
    }
}

#[test]
fn a_hidden_game_reveals_nothing_before_the_end() {
    let mut t = Table::new(Mode::Dark, Rules::default(), 3);
    t.settle();
    let mut rng = SplitMix64::new(3);
    for _ in 0..60 {
        t.step(&mut rng);
        assert_eq!(t.refused, None);
        if t.duels.iter().any(|d| *d.phase() != Phase::Playing) {
            break;
        }
    }
    // No message Black sent names a role of a piece that is still hidden on Red's device,
    // and Red's view knows no Black piece but those the rules showed.
    for text in t.duels[0].transcript()[1].iter() {
        assert!(
            !matches!(text, Body::Open { .. } | Body::Final { .. }),
            "Black opened its formation in the middle of the game"
        );
    }
    let red_view = t.duels[0].view();
    for p in red_view.pieces_of(Seat::BLACK) {
        if let Some(o) = red_view.at(p).filter(|o| o.role.is_some()) {
            // Only a flag after its marshal fell, a scouted or bounced piece is ever known.
            assert_eq!(o.role, Some(junqi_core::Role::Flag), "{p}");
        }
    }
}

/// Plays `plies` honest plies of a hidden game.
fn midgame(seed: u64, plies: u32) -> (Table, SplitMix64) {
    let mut t = Table::new(Mode::Dark, Rules::default(), seed);
    t.settle();
    let mut rng = SplitMix64::new(seed);
    while t.duels[0].view().ply() < plies {
        t.step(&mut rng);
        assert_eq!(t.refused, None);
    }
    (t, rng)
}

/// Rewrites the body of a message as sent, keeping its place in the chain.
fn rewrite(text: &str, change: impl FnOnce(&mut Body)) -> String {
    let mut env = Envelope::from_text(text).unwrap();
    change(&mut env.body);
    env.to_text()
}

#[test]
fn a_replayed_message_and_a_message_from_an_old_ply_are_refused() {
    let (mut t, mut rng) = midgame(5, 10);
    let mover = t.duels[0].view().turn().unwrap();
    let d = t.duel(mover);
    let actions = d.view().legal_actions();
    let quiet = actions
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Move { to, .. } if d.view().at(*to).is_none()))
        .unwrap_or(actions[rng.below(actions.len() as u64) as usize]);
    let out = d.play(quiet).unwrap();
    let other = mover.other_side();
    let text = out[0].clone();
    let before = t.duels[other.index()].view().clone();
    t.duel(other).receive(&text).unwrap();
    // The same message again (as after a reconnection): already taken, nothing changes.
    let taken = t.duels[other.index()].view().clone();
    assert!(matches!(
        t.duel(other).receive(&text),
        Err(Refusal::Duplicate { .. })
    ));
    assert_eq!(t.duels[other.index()].view(), &taken);
    // Its place in the chain with another body: refused.
    let changed = rewrite(&text, |b| {
        if let Body::Move { ply, .. } = b {
            *ply += 7;
        }
    });
    assert!(matches!(
        t.duel(other).receive(&changed),
        Err(Refusal::OutOfOrder { .. })
    ));
    // A message of the right place in the chain, about an old ply.
    let mut env = Envelope::from_text(&text).unwrap();
    let next = t.duels[mover.index()].transcript()[mover.index()].len() as u32;
    env.seq = next;
    env.prev = hex_of(&chain(&text));
    if let Body::Move { ply, .. } = &mut env.body {
        *ply -= 1;
    }
    assert!(matches!(
        t.duel(other).receive(&env.to_text()),
        Err(Refusal::Stale { .. })
    ));
    assert_ne!(
        t.duels[other.index()].view(),
        &before,
        "the first copy was played"
    );
    // Garbage, another version, another game.
    assert!(matches!(
        t.duel(other).receive("{"),
        Err(Refusal::Malformed(_))
    ));
    let mut v1 = Envelope::from_text(&text).unwrap();
    v1.v = 1;
    assert_eq!(
        t.duel(other).receive(&v1.to_text()),
        Err(Refusal::Version(1))
    );
    let mut g = Envelope::from_text(&text).unwrap();
    g.game = "00".repeat(16);
    assert_eq!(t.duel(other).receive(&g.to_text()), Err(Refusal::OtherGame));
}

#[test]
fn a_tampered_commitment_is_caught_when_the_piece_is_opened() {
    // Red commits to one formation and opens another at the end.
    let mut t = Table::new(Mode::Dark, Rules::default(), 7);
    t.liar = Some((Seat::RED, |b| {
        if let Body::Commit { pieces, .. } = b {
            pieces[3] = "ab".repeat(32);
        }
    }));
    // Red's first message, sent again through the liar.
    let commit = t.inbox[1].pop_front().unwrap();
    t.post(Seat::RED, vec![commit]);
    t.play_out(7, 30);
    match t.duels[1].phase() {
        Phase::Cheated(c) => {
            assert_eq!(c.seat, Seat::RED);
            assert!(c.what.contains("commitment"), "{c}");
        }
        other => panic!("{other:?}"),
    }
}

/// Both sides' messages of a game stopped at once (the side to move resigns and both open
/// everything), for the end check.
fn ended(t: &Table) -> (Terms, [Vec<Body>; 2]) {
    let terms = t.duels[0].terms().clone();
    let mut duels = t.duels.clone();
    let mover = duels[0].view().turn().unwrap();
    for m in duels[mover.index()].resign().unwrap() {
        for back in duels[(mover.other_side()).index()].receive(&m).unwrap() {
            duels[mover.index()].receive(&back).unwrap();
        }
    }
    assert!(matches!(duels[0].phase(), Phase::Verified(_)));
    let bodies = [
        duels[0].transcript()[0].clone(),
        duels[1].transcript()[1].clone(),
    ];
    junqi_duel::verify(&terms, &bodies).expect("the honest game verifies");
    (terms, bodies)
}

#[test]
fn a_false_sealed_result_is_caught_at_the_end() {
    // Black's device swaps the sealed results of one of its defences.
    let (t, _) = midgame(9, 80);
    let (terms, mut bodies) = ended(&t);
    let sealed = bodies[1].iter_mut().find_map(|b| match b {
        Body::Sealed { boxes, .. } => Some(boxes),
        _ => None,
    });
    sealed.expect("Black never defended").rotate_left(1);
    let err = junqi_duel::verify(&terms, &bodies).unwrap_err();
    assert_eq!(err.seat, Seat::BLACK, "{err}");
    assert!(err.what.contains("sealed a false result"), "{err}");
}

#[test]
fn an_attacker_that_chose_another_role_is_caught_at_the_end() {
    // Red's device claims, at the end, another role for one of its attacks than the piece
    // had: the transfer no longer matches, and the record shows it.
    let (t, _) = midgame(11, 80);
    let (terms, mut bodies) = ended(&t);
    let mut lied = false;
    for b in bodies[0].iter_mut() {
        if let Body::Final { choices, .. } = b {
            if let Some(first) = choices.first_mut() {
                first.role = if first.role == junqi_core::Role::Marshal {
                    junqi_core::Role::General
                } else {
                    junqi_core::Role::Marshal
                };
                lied = true;
            }
        }
    }
    assert!(lied, "Red never attacked");
    let err = junqi_duel::verify(&terms, &bodies).unwrap_err();
    assert_eq!(err.seat, Seat::RED, "{err}");
}

#[test]
fn a_false_verdict_is_refused_at_once() {
    // Red attacks; Black seals; Red announces a result with a token it was not given.
    for seed in 20..40 {
        let (mut t, _) = midgame(seed, 2);
        let mover = t.duels[0].view().turn().unwrap();
        let d = t.duel(mover);
        let attack = d
            .view()
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { to, .. } if d.view().at(*to).is_some()));
        let Some(attack) = attack else { continue };
        let defender = mover.other_side();
        let mv = d.play(attack).unwrap();
        let sealed = t.duel(defender).receive(&mv[0]).unwrap();
        let out = t.duel(mover).receive(&sealed[0]).unwrap();
        let lie = rewrite(&out[0], |b| {
            if let Body::Verdict { token, clash, .. } = b {
                *token = "00".repeat(16);
                *clash = junqi_core::Clash::Win;
            }
        });
        assert!(matches!(
            t.duel(defender).receive(&lie),
            Err(Refusal::Cheat(ref c)) if c.seat == mover
        ));
        assert!(matches!(
            t.duels[defender.index()].phase(),
            Phase::Cheated(_)
        ));
        return;
    }
    panic!("no attack found");
}

#[test]
fn flip_is_not_offered_between_two_devices() {
    let terms = Terms::new([0; 16], Mode::Flip, Rules::default());
    let d: Deployment = CLASSIC_1.parse().unwrap();
    assert_eq!(
        Duel::new(terms, Seat::RED, d.clone(), [0; 32]).err(),
        Some(DuelError::FlipNotOffered)
    );
    // Switches only a referee who sees both sides can apply are refused by name in 暗棋.
    let dead = Terms::new(
        [0; 16],
        Mode::Dark,
        Rules {
            dead_position_draw: true,
            ..Rules::default()
        },
    );
    assert_eq!(
        Duel::new(dead.clone(), Seat::RED, d.clone(), [0; 32]).err(),
        Some(DuelError::NeedsReferee("dead_position_draw"))
    );
    let timed = Terms {
        rules: Rules {
            timeout_limit: 3,
            ..Rules::default()
        },
        ..dead.clone()
    };
    assert_eq!(
        Duel::new(timed, Seat::RED, d.clone(), [0; 32]).err(),
        Some(DuelError::NeedsTimer("timeout_limit"))
    );
    let open = Terms {
        mode: Mode::Open,
        ..dead
    };
    assert!(Duel::new(open.clone(), Seat::RED, d.clone(), [0; 32]).is_ok());
    // Carrying a flag is played in both modes.
    let mut carry = Rules::default();
    carry.set_switch("carry_flag_home", true);
    let dark_carry = Terms {
        mode: Mode::Dark,
        rules: carry,
        ..open.clone()
    };
    assert!(Duel::new(dark_carry, Seat::RED, d.clone(), [0; 32]).is_ok());
    let open_carry = Terms {
        rules: carry,
        ..open
    };
    assert!(Duel::new(open_carry, Seat::RED, d, [0; 32]).is_ok());
}

#[test]
fn open_games_with_a_carried_flag_are_played_to_the_end() {
    let mut rules = Rules::default();
    rules.set_switch("carry_flag_home", true);
    assert!(honest(Mode::Open, rules, 30..34) > 10);
}

#[test]
fn resigning_and_draws_go_on_ones_own_turn_and_end_verified() {
    for mode in [Mode::Open, Mode::Dark] {
        let (mut t, _) = match mode {
            Mode::Dark => midgame(21, 24),
            _ => {
                let mut t = Table::new(mode, Rules::default(), 21);
                t.settle();
                let mut rng = SplitMix64::new(21);
                while t.duels[0].view().ply() < 24 {
                    t.step(&mut rng);
                }
                (t, rng)
            }
        };
        let mover = t.duels[0].view().turn().unwrap();
        // Not on the other side's turn: a resignation or an offer would cross its move.
        assert!(t.duel(mover.other_side()).resign().is_err());
        assert!(t.duel(mover.other_side()).offer_draw().is_err());
        let out = t.duel(mover).offer_draw().unwrap();
        t.post(mover, out);
        t.settle();
        assert_eq!(
            t.duels[(mover.other_side()).index()].draw_offered(),
            Some(mover)
        );
        // The offer stands through the offering side's move, and the other side accepts.
        let mut rng = SplitMix64::new(5);
        t.step(&mut rng);
        assert_eq!(t.refused, None);
        let out = t.duel(mover.other_side()).accept_draw().unwrap();
        t.post(mover.other_side(), out);
        t.settle();
        assert_eq!(t.refused, None);
        let record = t.record(Seat::RED);
        assert_eq!(record, t.record(Seat::BLACK));
        assert!(matches!(
            record.result,
            Some(junqi_core::Outcome::Draw { .. })
        ));
    }
}

#[test]
fn a_defender_that_links_other_tokens_is_caught_at_once() {
    // Black's device publishes token links that are not those of its sealed tokens (as one
    // that gave each role its own token would have to): Red's device sees it at the first
    // attack on a Black piece.
    let mut t = Table::new(Mode::Dark, Rules::default(), 23);
    t.liar = Some((Seat::BLACK, |b| {
        if let Body::Sealed { tokens, .. } = b {
            for t in tokens.iter_mut() {
                *t = "cd".repeat(32);
            }
        }
    }));
    let first = t.inbox[0].pop_front().unwrap();
    t.post(Seat::BLACK, vec![first]);
    t.play_out(23, 300);
    match t.refused {
        Some((Seat::RED, Refusal::Cheat(ref c))) => {
            assert_eq!(c.seat, Seat::BLACK);
            assert!(c.what.contains("token"), "{c}");
        }
        ref other => panic!("{other:?}"),
    }
    assert!(matches!(t.duels[0].phase(), Phase::Cheated(_)));
    // Red's device, opened again from what it saved, is caught the same way.
    let red = &t.duels[0];
    let again = Duel::resume(
        red.terms().clone(),
        Seat::RED,
        t.formations[0].clone(),
        [1; 32],
        red.inputs(),
    )
    .unwrap();
    assert!(matches!(again.phase(), Phase::Cheated(_)));
}

#[test]
fn a_game_resumes_from_its_saved_inputs_and_plays_on() {
    for mode in [Mode::Open, Mode::Dark] {
        let mut t = Table::new(mode, Rules::default(), 13);
        t.settle();
        let mut rng = SplitMix64::new(13);
        for _ in 0..40 {
            t.step(&mut rng);
        }
        // Black's device is closed and opened again from what it saved.
        let black = &t.duels[1];
        let terms = black.terms().clone();
        let formation = t.formations[1].clone();
        let again = Duel::resume(
            terms.clone(),
            Seat::BLACK,
            formation,
            [2; 32],
            black.inputs(),
        )
        .unwrap();
        assert_eq!(again.view(), black.view());
        assert_eq!(again.sent(), black.sent());
        assert_eq!(again.history(), black.history());
        t.duels[1] = again;
        t.play_out(13, 200);
        assert_eq!(t.refused, None);
        assert_eq!(t.record(Seat::RED), t.record(Seat::BLACK));
        // A log that does not replay is refused, and says why.
        let mut bad = t.duels[1].inputs().to_vec();
        bad.insert(1, junqi_duel::Input::Resign);
        let formation = t.formations[1].clone();
        assert!(Duel::resume(terms, Seat::BLACK, formation, [2; 32], &bad).is_err());
    }
}

#[test]
fn messages_lost_in_a_dropped_connection_are_sent_again() {
    let mut t = Table::new(Mode::Dark, Rules::default(), 17);
    t.settle();
    let mut rng = SplitMix64::new(17);
    let mut dropped = 0;
    while t.duels.iter().all(|d| *d.phase() == Phase::Playing) && t.duels[0].view().ply() < 150 {
        t.act(&mut rng);
        if rng.below(5) == 0 {
            // The connection drops with messages in flight; on reconnecting both devices send
            // everything again, and each takes what it missed.
            dropped += t.inbox.iter().map(|q| q.len()).sum::<usize>();
            t.inbox = [VecDeque::new(), VecDeque::new()];
            for c in [Seat::RED, Seat::BLACK] {
                let all = t.duels[c.index()].sent().to_vec();
                t.inbox[(c.other_side()).index()].extend(all);
            }
            t.settle_skipping_duplicates();
        } else {
            t.settle();
        }
        assert_eq!(t.refused, None);
    }
    assert!(dropped > 10, "{dropped}");
    t.play_out(17, 160);
    assert_eq!(t.record(Seat::RED), t.record(Seat::BLACK));
}

/// One random change to a message: a character replaced, or one value of its JSON replaced by
/// another of a likely wrong kind or size.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    if rng.below(3) == 0 {
        let mut chars: Vec<char> = text.chars().collect();
        let i = rng.below(chars.len() as u64) as usize;
        chars[i] = ['0', 'f', '"', '{', ']', ',', 'x', '9', ' ', '\u{7f}'][rng.below(10) as usize];
        return chars.into_iter().collect();
    }
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut leaves = Vec::new();
    fn walk(v: &serde_json::Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    let mut p = path.clone();
                    p.push(k.clone());
                    walk(x, p, out);
                }
            }
            serde_json::Value::Array(a) => {
                out.push(path.clone());
                for (i, x) in a.iter().enumerate() {
                    let mut p = path.clone();
                    p.push(i.to_string());
                    walk(x, p, out);
                }
            }
            _ => out.push(path),
        }
    }
    walk(&value, Vec::new(), &mut leaves);
    let path = &leaves[rng.below(leaves.len() as u64) as usize];
    let mut at = &mut value;
    for k in path {
        at = match at {
            serde_json::Value::Object(m) => m.get_mut(k).unwrap(),
            serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
            _ => unreachable!(),
        };
    }
    *at = match rng.below(8) {
        0 => serde_json::json!(u64::MAX),
        1 => serde_json::json!(-1),
        2 => serde_json::json!(""),
        3 => serde_json::json!("00".repeat(32)),
        4 => serde_json::json!("zz"),
        5 => serde_json::json!([]),
        6 => serde_json::json!(null),
        _ => match at.take() {
            serde_json::Value::String(s) => serde_json::json!(format!("{s}{s}")),
            serde_json::Value::Number(n) => serde_json::json!(n.as_u64().unwrap_or(0) + 1),
            serde_json::Value::Array(mut a) => {
                a.pop();
                serde_json::Value::Array(a)
            }
            serde_json::Value::Bool(b) => serde_json::json!(!b),
            other => other,
        },
    };
    value.to_string()
}

#[test]
fn altered_messages_never_panic_and_a_refused_one_changes_nothing() {
    let mut refused = 0;
    for seed in 0..40u64 {
        let mode = if seed % 2 == 0 {
            Mode::Dark
        } else {
            Mode::Open
        };
        let mut t = Table::new(mode, Rules::default(), 100 + seed);
        let mut rng = SplitMix64::new(seed);
        t.settle();
        let stop = 4 + rng.below(60) as u32;
        let mut spoilt = false;
        while t.duels[0].view().ply() < stop && *t.duels[0].phase() == Phase::Playing {
            // The side to move acts; its first message in flight is altered once.
            let to = t.act(&mut rng).other_side();
            if let Some(text) = t.inbox[to.index()].pop_front() {
                let bad = mutate(&text, &mut rng);
                if bad != text {
                    let before = t.duels[to.index()].clone();
                    match t.duel(to).receive(&bad) {
                        Err(Refusal::Cheat(_)) => {}
                        Err(_) => {
                            refused += 1;
                            let after = &t.duels[to.index()];
                            assert_eq!(after.view(), before.view());
                            assert_eq!(after.transcript(), before.transcript());
                            assert_eq!(after.inputs(), before.inputs());
                        }
                        // An altered message that still reads as a valid one (tampering the
                        // channel's encryption prevents): this game goes no further.
                        Ok(_) => {}
                    }
                    spoilt = t.duels[to.index()].inputs() != before.inputs();
                }
                if !spoilt {
                    t.inbox[to.index()].push_front(text);
                    t.settle();
                }
            }
            let stuck = t.refused.is_some() || t.inbox.iter().any(|q| !q.is_empty());
            if spoilt || stuck || t.duels.iter().any(|d| *d.phase() != Phase::Playing) {
                break;
            }
        }
        // After each refused change the true message was taken and play went on.
        if !spoilt {
            assert_eq!(t.refused, None, "seed {seed}");
            assert!(t.inbox.iter().all(|q| q.is_empty()), "seed {seed}");
        }
    }
    assert!(refused > 40, "{refused}");
}

/// Each device rebuilt from what it saved knows the same and sent the same messages.
fn resumes_exactly(t: &Table) {
    for c in [Seat::RED, Seat::BLACK] {
        let d = &t.duels[c.index()];
        let seed = [c.index() as u8 + 1; 32];
        let formation = t.formations[c.index()].clone();
        let again = Duel::resume(d.terms().clone(), c, formation, seed, d.inputs()).unwrap();
        assert_eq!(again.sent(), d.sent(), "{}", c.side_name());
        assert_eq!(again.view(), d.view(), "{}", c.side_name());
    }
}

/// Both devices checked the game, to the same record, which replays to its result.
fn checked_alike(t: &Table) -> junqi_core::GameRecord {
    assert_eq!(t.refused, None);
    let record = t.record(Seat::RED);
    assert_eq!(record, t.record(Seat::BLACK));
    assert_eq!(Game::replay(&record).unwrap().outcome(), record.result);
    resumes_exactly(t);
    record
}

fn playing(t: &Table) -> bool {
    t.refused.is_none() && t.duels.iter().all(|d| *d.phase() == Phase::Playing)
}

#[test]
fn actions_are_taken_back_only_by_agreement_and_the_game_still_checks_out() {
    for (mode, seeds) in [(Mode::Open, 40..46), (Mode::Dark, 40..52)] {
        let (mut taken, mut declined, mut lapsed, mut crossed) = (0, 0, 0, 0);
        for seed in seeds {
            let mut t = Table::new(mode, Rules::default(), seed);
            t.settle();
            let mut rng = SplitMix64::new(seed);
            while playing(&t) && t.duels[0].view().ply() < 200 {
                let asker = [Seat::RED, Seat::BLACK][rng.below(2) as usize];
                let mover = t.duels[0].view().turn().unwrap();
                if rng.below(3) != 0 || !t.duels[asker.index()].may_ask_undo() {
                    t.step(&mut rng);
                    continue;
                }
                let ply = t.duels[0].view().ply();
                let out = t.duel(asker).ask_undo().unwrap();
                t.post(asker, out);
                match rng.below(4) {
                    0 if t.duels[(asker.other_side()).index()].may_ask_undo() => {
                        // Both ask at once: both asks lapse, on both devices.
                        let out = t.duel(asker.other_side()).ask_undo().unwrap();
                        t.post(asker.other_side(), out);
                        t.settle();
                        assert!(t.duels.iter().all(|d| d.undo_asked().is_none()));
                        crossed += 1;
                        continue;
                    }
                    1 if mover != asker => {
                        // The other side moves instead of answering: the ask lapses.
                        t.act(&mut rng);
                        t.settle();
                        assert!(t.duels.iter().all(|d| d.undo_asked().is_none()));
                        lapsed += 1;
                        continue;
                    }
                    _ => t.settle(),
                }
                assert_eq!(t.refused, None);
                assert_eq!(
                    t.duels[(asker.other_side()).index()].undo_asked(),
                    Some(asker)
                );
                if mover == asker {
                    // The side that asked waits for the answer.
                    let a = t.duels[asker.index()].view().legal_actions()[0];
                    assert!(t.duel(asker).play(a).is_err());
                }
                let accept = rng.below(2) == 0;
                let out = t.duel(asker.other_side()).answer_undo(accept).unwrap();
                t.post(asker.other_side(), out);
                t.settle();
                assert_eq!(t.refused, None);
                let [red, black] = [t.duels[0].view(), t.duels[1].view()];
                assert_eq!(red.ply(), black.ply());
                if accept {
                    taken += 1;
                    assert!(red.ply() < ply);
                    assert_eq!(red.turn(), Some(asker));
                    if mode == Mode::Open {
                        assert_eq!(red, black);
                    }
                } else {
                    declined += 1;
                    assert_eq!(red.ply(), ply);
                }
                assert!(t.duels.iter().all(|d| d.undo_asked().is_none()));
            }
            t.play_out(seed, 300);
            checked_alike(&t);
        }
        let counts = (taken, declined, lapsed, crossed);
        assert!(
            taken > 5 && declined > 5 && lapsed > 2 && crossed > 2,
            "{mode:?}: {counts:?}"
        );
    }
}

#[test]
fn nothing_a_contact_showed_is_taken_back_in_a_hidden_game() {
    let mut t = Table::new(Mode::Dark, Rules::default(), 61);
    t.settle();
    let mut rng = SplitMix64::new(61);
    loop {
        t.step(&mut rng);
        assert!(playing(&t), "no contact found");
        let last = t.duels[0].history().last().unwrap().clone();
        if last.revealed_anything() {
            break;
        }
    }
    assert!(t.duels.iter().all(|d| !d.may_ask_undo()));
    let asker = Seat::RED;
    assert!(t.duel(asker).ask_undo().is_err());
    // A device that asks all the same is caught: its ask breaks the rule of taking back.
    let last = t.duels[asker.index()].sent().last().unwrap().clone();
    let mut env = Envelope::from_text(&last).unwrap();
    env.seq += 1;
    env.prev = hex_of(&chain(&last));
    env.body = Body::Undo {
        ply: t.duels[0].view().ply(),
    };
    match t.duel(asker.other_side()).receive(&env.to_text()) {
        Err(Refusal::Cheat(c)) => {
            assert_eq!(c.seat, asker);
            assert!(c.what.contains("take back"), "{c}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_game_of_protocol_version_1_goes_on_without_taking_back_or_clocks() {
    let terms = Terms {
        version: 1,
        ..Terms::new([3; 16], Mode::Open, Rules::default())
    };
    let mut t = Table::with(terms.clone(), 3);
    t.settle();
    let mut rng = SplitMix64::new(3);
    for _ in 0..6 {
        t.step(&mut rng);
    }
    assert!(!t.duels[0].may_ask_undo());
    assert!(t.duel(Seat::RED).ask_undo().is_err());
    assert!(t.duel(Seat::RED).out_of_time(false).is_err());
    assert!(t.duels[0].sent().iter().all(|m| m.contains(r#""v":1"#)));
    t.play_out(3, 80);
    checked_alike(&t);
    let timed = Terms {
        clock: Clock {
            total_s: 60,
            move_s: 0,
        },
        ..terms
    };
    assert_eq!(timed.check(), Err(DuelError::Version(1)));
}

fn timed(mode: Mode, timeout_limit: u32, seed: u64) -> Table {
    let rules = Rules {
        timeout_limit,
        ..Rules::default()
    };
    let clock = Clock {
        total_s: 600,
        move_s: 30,
    };
    let terms = Terms {
        clock,
        ..Terms::new([seed as u8; 16], mode, rules)
    };
    let mut t = Table::with(terms, seed);
    t.settle();
    t
}

/// `slow` says its time ran out (`total`: its clock for the whole game), and so loses: both
/// devices check the game alike.
fn ran_out(t: &mut Table, slow: Seat, total: bool) -> junqi_core::GameRecord {
    let out = t.duel(slow).out_of_time(total).unwrap();
    t.post(slow, out);
    t.settle();
    let record = checked_alike(t);
    assert_eq!(
        record.result,
        Some(junqi_core::Outcome::won_by(
            slow.other_side(),
            junqi_core::ExitReason::Timeout
        ))
    );
    record
}

#[test]
fn a_turn_that_runs_out_passes_on_both_devices_and_the_limit_loses() {
    for mode in [Mode::Open, Mode::Dark] {
        let mut t = timed(mode, 3, 71);
        let mut rng = SplitMix64::new(71);
        for _ in 0..10 {
            t.step(&mut rng);
        }
        let slow = t.duels[0].view().turn().unwrap();
        let ply = t.duels[0].view().ply();
        // Its own clock: the turn passes.
        let out = t.duel(slow).out_of_time(false).unwrap();
        t.post(slow, out);
        t.settle();
        for d in &t.duels {
            assert_eq!(
                (d.view().ply(), d.view().turn()),
                (ply + 1, Some(slow.other_side()))
            );
            assert_eq!(d.view().timeouts(slow), 1);
            // A turn lost to the timer is never taken back.
            assert!(!d.may_ask_undo());
        }
        t.step(&mut rng);
        // The other device claims it: the claim alone costs nothing (the slow side's device
        // looks at its own clock, and says so if it ran out).
        let out = t.duel(slow.other_side()).claim_time(false).unwrap();
        assert!(
            t.duel(slow.other_side()).claim_time(false).is_err(),
            "once per ply"
        );
        t.post(slow.other_side(), out);
        t.settle();
        assert_eq!(t.refused, None);
        for d in &t.duels {
            assert_eq!((d.view().ply(), d.view().timeouts(slow)), (ply + 2, 1));
        }
        let out = t.duel(slow).out_of_time(false).unwrap();
        t.post(slow, out);
        t.settle();
        for d in &t.duels {
            assert_eq!(d.view().timeouts(slow), 2);
        }
        t.step(&mut rng);
        // A claim that crosses the move changes nothing either.
        t.act(&mut rng);
        let out = t.duel(slow.other_side()).claim_time(false).unwrap();
        t.post(slow.other_side(), out);
        t.settle();
        assert_eq!(t.refused, None);
        for d in &t.duels {
            assert_eq!(d.view().timeouts(slow), 2);
        }
        t.step(&mut rng);
        assert_eq!(t.duels[0].view().turn(), Some(slow));
        // The third lost turn loses the game.
        let record = ran_out(&mut t, slow, false);
        assert_eq!(record.timeouts.len(), 3);
    }
}

#[test]
fn a_clock_that_runs_out_loses_and_no_claim_is_made_while_an_ask_to_take_back_waits() {
    for mode in [Mode::Open, Mode::Dark] {
        let mut t = timed(mode, 0, 73);
        let mut rng = SplitMix64::new(73);
        while t.duels[0].view().ply() < 12 {
            t.step(&mut rng);
        }
        let slow = t.duels[0].view().turn().unwrap();
        // Its own ask to take back waits: no claim of its time now, on either device.
        if t.duels[slow.index()].may_ask_undo() {
            let out = t.duel(slow).ask_undo().unwrap();
            t.post(slow, out);
            t.settle();
            assert!(t.duel(slow.other_side()).claim_time(true).is_err());
            let out = t.duel(slow.other_side()).answer_undo(false).unwrap();
            t.post(slow.other_side(), out);
            t.settle();
        }
        let out = t.duel(slow.other_side()).claim_time(true).unwrap();
        t.post(slow.other_side(), out);
        t.settle();
        assert!(playing(&t), "a claim alone ends nothing");
        ran_out(&mut t, slow, true);
    }
    // A game without a clock has nothing to claim.
    let mut t = Table::new(Mode::Open, Rules::default(), 75);
    t.settle();
    t.step(&mut SplitMix64::new(75));
    assert!(t.duel(Seat::RED).claim_time(true).is_err());
    assert!(t.duel(Seat::BLACK).out_of_time(false).is_err());
}

#[test]
fn an_answer_to_no_ask_is_refused_and_never_stands_in_the_check() {
    let mut t = Table::new(Mode::Open, Rules::default(), 81);
    t.settle();
    let mut rng = SplitMix64::new(81);
    for _ in 0..6 {
        t.step(&mut rng);
    }
    let ply = t.duels[0].view().ply();
    // Black's device declines an ask Red never made: refused, and so never on record.
    let last = t.duels[1].sent().last().unwrap().clone();
    let mut env = Envelope::from_text(&last).unwrap();
    env.seq += 1;
    env.prev = hex_of(&chain(&last));
    env.body = Body::DeclineUndo { ply };
    assert_eq!(
        t.duel(Seat::RED).receive(&env.to_text()),
        Err(Refusal::Unexpected("decline_undo"))
    );
    // The real ask and its answer then take the plies back on both devices, and the game
    // checks out at the end.
    let out = t.duel(Seat::RED).ask_undo().unwrap();
    t.post(Seat::RED, out);
    t.settle();
    let out = t.duel(Seat::BLACK).answer_undo(true).unwrap();
    t.post(Seat::BLACK, out);
    t.settle();
    assert_eq!(t.duels[0].view().ply(), ply - 2);
    t.play_out(81, 60);
    checked_alike(&t);
}

#[test]
fn a_flag_shown_after_a_later_move_stays_known_when_that_move_is_taken_back() {
    let is_reveal = |m: &String| m.contains(r#""t":"reveal""#);
    for seed in 0..300 {
        let mut t = Table::new(Mode::Dark, Rules::default(), seed);
        t.settle();
        let mut rng = SplitMix64::new(seed);
        while playing(&t) && t.duels[0].view().ply() < 200 {
            t.act(&mut rng);
            // Deliver one message at a time; a reveal waits while anything else is in flight.
            loop {
                let next = [Seat::RED, Seat::BLACK]
                    .into_iter()
                    .find(|&c| t.inbox[c.index()].front().is_some_and(|m| !is_reveal(m)))
                    .or_else(|| {
                        [Seat::RED, Seat::BLACK]
                            .into_iter()
                            .find(|&c| !t.inbox[c.index()].is_empty())
                    });
                let Some(to) = next else { break };
                let front = t.inbox[to.index()].front().cloned().unwrap();
                let d = &t.duels[to.index()];
                let quiet =
                    d.view().legal_actions().into_iter().find(
                        |a| matches!(a, Action::Move { to: p, .. } if d.view().at(*p).is_none()),
                    );
                let crossing = is_reveal(&front)
                    && d.view().turn() == Some(to)
                    && !d.waiting()
                    && t.inbox[to.index()].len() == 1;
                if let (true, Some(a)) = (crossing, quiet) {
                    // The receiver moves before the reveal reaches it, and then takes that move
                    // back by agreement: the flag stays known on its device.
                    let out = t.duel(to).play(a).unwrap();
                    t.post(to, out);
                    let reveal = t.inbox[to.index()].pop_front().unwrap();
                    t.settle();
                    assert_eq!(t.duel(to).receive(&reveal).map(drop), Ok(()));
                    let flag_known = |d: &Duel| {
                        let v = d.view();
                        v.pieces_of(to.other_side()).into_iter().any(|p| {
                            v.piece_at(p)
                                .is_some_and(|x| x.role == junqi_core::Role::Flag)
                        })
                    };
                    assert!(flag_known(&t.duels[to.index()]));
                    let out = t.duel(to).ask_undo().unwrap();
                    t.post(to, out);
                    t.settle();
                    let out = t.duel(to.other_side()).answer_undo(true).unwrap();
                    t.post(to.other_side(), out);
                    t.settle();
                    assert_eq!(t.refused, None);
                    assert!(flag_known(&t.duels[to.index()]), "seed {seed}");
                    return;
                }
                let text = t.inbox[to.index()].pop_front().unwrap();
                match t.duel(to).receive(&text) {
                    Ok(out) => t.post(to, out),
                    Err(e) => panic!("seed {seed}: {e}"),
                }
            }
        }
    }
    panic!("no flag shown in 300 games");
}

#[test]
fn hidden_games_with_a_carried_flag_are_played_to_the_end_and_a_dropped_flag_is_its_slot_again() {
    let (mut carried, mut dropped) = (0, 0);
    for switch in ["carry_flag_home", "carry_flag_front"] {
        let mut rules = Rules::default();
        rules.set_switch(switch, true);
        for seed in 0..40 {
            let mut t = Table::new(Mode::Dark, rules, seed);
            t.play_out(seed, 400);
            let record = checked_alike(&t);
            // How often a flag was carried off, and dropped back, in the game both checked.
            let mut game = Game::new(Mode::Dark, rules, record.setup.clone()).unwrap();
            let mut was = false;
            for a in &record.actions {
                game.play(a.action).unwrap();
                let now = [Seat::RED, Seat::BLACK]
                    .iter()
                    .any(|&c| game.position().carrying(c).is_some());
                carried += usize::from(now && !was);
                dropped += usize::from(was && !now && game.outcome().is_none());
                was = now;
            }
        }
    }
    assert!(
        carried > 5 && dropped > 2,
        "carried {carried}, dropped {dropped}"
    );
}
