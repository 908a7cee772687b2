//! Perft speed from the classic start (RULES.md §9): leaves per second, bulk-counted at the
//! last ply. Run with `cargo bench -p junqi-core`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use junqi_core::{Mode, Position, Rules, CLASSIC_START};

fn perft(c: &mut Criterion) {
    let start = Position::from_jfen(CLASSIC_START).expect("classic start");
    let mut group = c.benchmark_group("perft-classic-start");
    group.sample_size(10);
    for (depth, leaves) in [(3u32, 36_564u64), (4, 1_151_628), (5, 34_877_798)] {
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

    let flip = Position::new_flip(Rules::default(), 1);
    let mut group = c.benchmark_group("perft-flip-start");
    group.sample_size(10);
    group.bench_function("3", |b| b.iter(|| flip.perft(3)));
    group.finish();
    let _ = Mode::Open;
}

fn legal_actions(c: &mut Criterion) {
    let start = Position::from_jfen(CLASSIC_START).expect("classic start");
    c.bench_function("legal-actions-classic-start", |b| {
        b.iter(|| start.legal_actions())
    });
}

criterion_group!(benches, perft, legal_actions);
criterion_main!(benches);
