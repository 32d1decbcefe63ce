//! Benchmarks live in `benches/benches/` (`cargo bench -p escalade-benches`).
