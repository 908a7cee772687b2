//! Perft speed of the one engine, leaves per second, bulk-counted at the last ply: the 2-player
//! classic start (RULES.md §9), the same start seated on the general engine's facing board, the
//! 四国 start (every seat deployed as classic-1, S to move) and 翻棋's face-down start; and one
//! generation of the legal actions on each board. Run with `cargo bench -p junqi-core`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use junqi_core::siguo::{self, Board, SiguoRules};
use junqi_core::{Deployment, Point, Position, Rules, Seat, CLASSIC_START};
use std::sync::Arc;

/// One group: `perft` to each depth, checked against its known leaf count.
fn group(c: &mut Criterion, name: &str, cases: &[(u32, u64)], perft: impl Fn(u32) -> u64) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for &(depth, leaves) in cases {
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| {
                let n = perft(d);
                assert_eq!(n, leaves);
                n
            })
        });
    }
    group.finish();
}

fn perft(c: &mut Criterion) {
    let start = Position::from_jfen(CLASSIC_START).expect("classic start");
    let classic = [(3u32, 36_564u64), (4, 1_151_628), (5, 34_877_798)];
    group(c, "perft-classic-start", &classic, |d| start.perft(d));

    let mut seated = siguo::Position::empty_on(
        Arc::new(Board::<Point>::two_player()),
        SiguoRules::default(),
    );
    seated.deploy(Seat::S, &Deployment::classic_1());
    seated.deploy(Seat::E, &Deployment::classic_2());
    group(
        c,
        "siguo-engine-two-player-classic-start",
        &classic[..2],
        |d| seated.perft(d),
    );

    let cross = siguo::Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    let cases = [3u32, 4].map(|d| (d, cross.perft(d)));
    group(c, "siguo-perft-start", &cases, |d| cross.perft(d));

    let flip = Position::new_flip(Rules::default(), 1);
    group(c, "perft-flip-start", &[(3, flip.perft(3))], |d| {
        flip.perft(d)
    });
}

fn legal_actions(c: &mut Criterion) {
    let start = Position::from_jfen(CLASSIC_START).expect("classic start");
    c.bench_function("legal-actions-classic-start", |b| {
        b.iter(|| start.legal_actions())
    });
    let cross = siguo::Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    c.bench_function("siguo-legal-moves-start", |b| {
        b.iter(|| cross.legal_actions())
    });
}

criterion_group!(benches, perft, legal_actions);
criterion_main!(benches);
