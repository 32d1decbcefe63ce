//! Benchmarks live in `benches/benches/` (`cargo bench -p escalade-benches`).

#![forbid(unsafe_code)]
