//! The coach's cost in the page: its warning for every legal action of a 明棋 position (the
//! classic start, and the same game twelve plies on, with contacts in reach). Run with
//! `cargo bench -p junqi-ai --bench coach`.

use criterion::{criterion_group, criterion_main, Criterion};
use junqi_ai::coach::warn;
use junqi_core::{Position, Seat, CLASSIC_START};

fn coach(c: &mut Criterion) {
    let start = Position::from_jfen(CLASSIC_START).expect("classic start");
    let mut later = start.clone();
    for seed in 0..12u64 {
        let view = later.view(later.turn());
        let a = junqi_ai::greedy(&view, seed).expect("a move");
        later.play(a).expect("legal");
    }
    let mut group = c.benchmark_group("coach-every-action");
    for (name, pos) in [("classic-start", &start), ("twelve-plies-on", &later)] {
        let view = pos.view(Some(pos.turn().unwrap_or(Seat::RED)));
        let actions = view.legal_actions();
        group.bench_function(format!("{name}-{}-actions", actions.len()), |b| {
            b.iter(|| {
                actions
                    .iter()
                    .filter(|&&a| warn(&view, a).is_some())
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, coach);
criterion_main!(benches);
