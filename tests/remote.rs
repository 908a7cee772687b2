//! Two devices in one headless Chromium page, joined by a real WebRTC data channel set up the
//! way two players do it (the offer and the answer passed as text), play whole games of 明棋
//! and 暗棋 (`junqi-duel`) to a verified end. No STUN server: nothing leaves this machine.
//! Run with `cargo test --target wasm32-unknown-unknown -p junqi --test remote`.
#![cfg(target_arch = "wasm32")]

use junqi::remote::link::{Link, LinkEvent};
use junqi_core::deployment::{CLASSIC_1, CLASSIC_2};
use junqi_core::{Deployment, Mode, Rules, Seat, SplitMix64};
use junqi_duel::{Duel, Phase, Terms};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(p).await.unwrap();
}

/// Waits until `ok` holds, checking every few milliseconds, for at most `ms`.
async fn until(ms: i32, ok: impl Fn() -> bool) -> bool {
    let mut waited = 0;
    while !ok() {
        if waited > ms {
            return false;
        }
        sleep(5).await;
        waited += 5;
    }
    true
}

type Inbox = Rc<RefCell<VecDeque<LinkEvent>>>;

fn inbox(link: &Link) -> Inbox {
    let q: Inbox = Rc::default();
    let put = q.clone();
    link.listen(move |e| put.borrow_mut().push_back(e));
    q
}

/// Waits (at most 5 s) until `event` has come to `inbox`.
async fn heard(inbox: &Inbox, event: LinkEvent) -> bool {
    until(5000, || inbox.borrow().contains(&event)).await
}

/// Connects two links as two players would: offer text one way, answer text the other.
async fn connect() -> (Link, Inbox, Link, Inbox) {
    let (host, offer) = Link::host(&[]).await.unwrap();
    assert!(offer.len() < 200, "{offer}");
    let (guest, answer) = Link::join(&offer, &[]).await.unwrap();
    host.accept(&answer).await.unwrap();
    let (hq, gq) = (inbox(&host), inbox(&guest));
    assert!(
        until(10_000, || host.is_open() && guest.is_open()).await,
        "no connection"
    );
    (host, hq, guest, gq)
}

#[wasm_bindgen_test]
async fn two_devices_connect_by_text_and_exchange_messages() {
    let (host, hq, guest, gq) = connect().await;
    host.send("你好").unwrap();
    guest.send("hello").unwrap();
    assert!(heard(&gq, LinkEvent::Message("你好".into())).await);
    assert!(heard(&hq, LinkEvent::Message("hello".into())).await);
    // Texts that are not invitations are refused with a reason.
    assert!(Link::join("not an invitation", &[]).await.is_err());
    // An answer given where an offer is due, and the other way round.
    let (_, offer) = Link::host(&[]).await.unwrap();
    assert!(host.accept(&offer).await.is_err());
    // Closing one end is seen at the other, which can then send nothing.
    guest.close();
    assert!(heard(&hq, LinkEvent::Closed).await);
    assert!(until(5000, || !host.is_open()).await);
    assert!(host.send("gone").is_err());
}

/// Plays a whole game between two [`Duel`]s over the channel, each side choosing random legal
/// actions, and checks that both devices verified the same game.
async fn whole_game(mode: Mode, seed: u64) {
    let (red_link, red_in, black_link, black_in) = connect().await;
    let terms = Terms::new([seed as u8; 16], mode, Rules::default());
    let red_formation: Deployment = CLASSIC_1.parse().unwrap();
    let black_formation: Deployment = CLASSIC_2.parse().unwrap();
    let (red, first_red) = Duel::new(terms.clone(), Seat::RED, red_formation, [3; 32]).unwrap();
    let (black, first_black) = Duel::new(terms, Seat::BLACK, black_formation, [4; 32]).unwrap();
    let mut duels = [red, black];
    let links = [&red_link, &black_link];
    let inboxes = [&red_in, &black_in];
    links[0].send(&first_red).unwrap();
    links[1].send(&first_black).unwrap();
    let mut sent = [1usize, 1];
    let mut taken = [0usize, 0];
    let mut rng = SplitMix64::new(seed);
    loop {
        // Deliver everything in flight.
        while taken != [sent[1], sent[0]] {
            let arrived = until(10_000, || {
                inboxes.iter().any(|q| {
                    q.borrow()
                        .iter()
                        .any(|e| matches!(e, LinkEvent::Message(_)))
                })
            })
            .await;
            assert!(arrived, "a message was lost");
            for me in 0..2 {
                let events: Vec<LinkEvent> = inboxes[me].borrow_mut().drain(..).collect();
                for e in events {
                    let LinkEvent::Message(text) = e else {
                        continue;
                    };
                    taken[me] += 1;
                    let out = duels[me].receive(&text).unwrap();
                    for m in out {
                        links[me].send(&m).unwrap();
                        sent[me] += 1;
                    }
                }
            }
        }
        if duels.iter().any(|d| *d.phase() != Phase::Playing) {
            break;
        }
        let mover = duels[0].view().turn().unwrap().index();
        let out = if duels[mover].view().ply() > 250 {
            duels[mover].resign().unwrap()
        } else {
            let actions = duels[mover].view().legal_actions();
            let a = actions[rng.below(actions.len() as u64) as usize];
            duels[mover].play(a).unwrap()
        };
        for m in out {
            links[mover].send(&m).unwrap();
            sent[mover] += 1;
        }
    }
    let records: Vec<_> = duels
        .iter()
        .map(|d| match d.phase() {
            Phase::Verified(r) => (**r).clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(records[0], records[1]);
    assert!(records[0].actions.len() > 10);
    assert!(records[0].result.is_some());
}

#[wasm_bindgen_test]
async fn an_open_game_is_played_to_the_end_between_two_devices() {
    whole_game(Mode::Open, 1).await;
}

#[wasm_bindgen_test]
async fn a_hidden_game_is_played_to_the_end_between_two_devices() {
    whole_game(Mode::Dark, 2).await;
}
