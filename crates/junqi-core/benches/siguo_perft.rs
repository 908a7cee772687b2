//! 四国 perft speed from the start (every seat deployed as RULES.md's classic-1, S to move):
//! leaves per second, bulk-counted at the last ply. Run with
//! `cargo bench -p junqi-core --bench siguo_perft`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use junqi_core::siguo::{Board, Position, SiguoRules};
use junqi_core::{Deployment, Seat};
use std::sync::Arc;

fn perft(c: &mut Criterion) {
    let start = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    let mut group = c.benchmark_group("siguo-perft-start");
    group.sample_size(10);
    for depth in [3u32, 4] {
        let leaves = start.perft(depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| {
                let n = start.perft(d);
                assert_eq!(n, leaves);
                n
            })
        });
    }
    group.finish();
}

/// The same code on the generated 2-player board from RULES.md §9's classic start, to compare
/// with the 2-player engine's `perft-classic-start`.
fn perft_two_player(c: &mut Criterion) {
    let mut start = Position::empty_on(
        Arc::new(Board::<junqi_core::Point>::two_player()),
        SiguoRules::default(),
    );
    start.deploy(Seat::S, &Deployment::classic_1());
    start.deploy(Seat::E, &Deployment::classic_2());
    let mut group = c.benchmark_group("siguo-engine-two-player-classic-start");
    group.sample_size(10);
    for (depth, leaves) in [(3u32, 36_564u64), (4, 1_151_628)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| {
                let n = start.perft(d);
                assert_eq!(n, leaves);
                n
            })
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let start = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    c.bench_function("siguo-legal-moves-start", |b| {
        b.iter(|| start.legal_moves())
    });
}

criterion_group!(benches, perft, perft_two_player, legal_moves);
criterion_main!(benches);
