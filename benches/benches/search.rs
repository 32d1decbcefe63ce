//! Criterion benchmarks of the search: FIDE bench positions to a fixed depth on one thread
//! (fresh table each time, so every iteration does the same work), and the FIDE
//! evaluation alone. Run with `cargo bench -p escalade-benches --bench search`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use escalade_core::Rules;
use escalade_engine::{Engine, Limits};
use escalade_eval::Evaluate;
use escalade_fide::Chess;

fn positions() -> Vec<Chess> {
    let mut out = vec![Chess::startpos(0)];
    out.extend(
        Chess::bench_fens(0)
            .iter()
            .take(4)
            .map(|f| Chess::from_fen(0, f).expect("bench FEN")),
    );
    out
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("fide_search");
    group.sample_size(10);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    for (i, pos) in positions().into_iter().enumerate() {
        group.bench_with_input(BenchmarkId::new("depth8", i), &pos, |b, pos| {
            let mut engine = Engine::<Chess>::new();
            b.iter(|| {
                engine.clear();
                engine
                    .search(std::slice::from_ref(pos), &limits, &mut |_| {})
                    .nodes
            })
        });
    }
    group.finish();
}

fn evaluation(c: &mut Criterion) {
    let list = positions();
    c.bench_function("fide_evaluate", |b| {
        b.iter(|| list.iter().map(|p| p.evaluate()).sum::<i32>())
    });
}

criterion_group!(benches, search, evaluation);
criterion_main!(benches);
