//! The `escalade` binary starts and answers `variants`. Having an integration test in this
//! package also makes `cargo test --workspace` build the real binary, which the cross-crate
//! tests in `tests/` drive through pipes.

use std::process::Command;

#[test]
fn binary_lists_variants() {
    let out = Command::new(env!("CARGO_BIN_EXE_escalade"))
        .arg("variants")
        .output()
        .expect("run escalade");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.starts_with("normal\t")));
}
