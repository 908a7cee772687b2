//! 四国 perft speed from the start (every seat deployed as RULES.md's classic-1, S to move):
//! leaves per second, bulk-counted at the last ply. Run with
//! `cargo bench -p junqi-core --bench siguo_perft`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use junqi_core::siguo::{Position, SiguoRules};
use junqi_core::Deployment;

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

fn legal_moves(c: &mut Criterion) {
    let start = Position::start_all(SiguoRules::default(), &Deployment::classic_1());
    c.bench_function("siguo-legal-moves-start", |b| {
        b.iter(|| start.legal_moves())
    });
}

criterion_group!(benches, perft, legal_moves);
criterion_main!(benches);
