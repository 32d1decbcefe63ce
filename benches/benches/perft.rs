//! Criterion benchmark: FIDE perft from the start position and Kiwipete (one thread).
//! Run with `cargo bench -p escalade-benches --bench perft`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use escalade_core::Rules;
use escalade_fide::Chess;

fn fide_perft(c: &mut Criterion) {
    let cases = [
        ("startpos d4", Chess::startpos(0), 4, 197_281u64),
        (
            "kiwipete d3",
            Chess::from_fen(
                0,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .expect("valid"),
            3,
            97_862,
        ),
    ];
    let mut group = c.benchmark_group("fide perft");
    for (name, pos, depth, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| assert_eq!(pos.perft(depth), nodes)));
    }
    group.finish();
}

criterion_group!(benches, fide_perft);
criterion_main!(benches);
