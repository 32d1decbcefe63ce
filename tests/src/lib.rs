//! Helpers shared by the cross-crate tests in `tests/tests/`: finding (or building) the real
//! `escalade` binary and running it, and driving it through pipes ([`pipe`]).

pub mod pipe;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Path of the `escalade` binary of the profile these tests were built with. `cargo test
/// --workspace` builds it already; when it is missing (testing this crate alone) it is built.
pub fn escalade_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(p) = std::env::var_os("ESCALADE_BIN") {
            return PathBuf::from(p);
        }
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe
            .parent()
            .and_then(|d| d.parent())
            .expect("target/<profile>/deps");
        let bin = profile_dir.join(format!("escalade{}", std::env::consts::EXE_SUFFIX));
        if !bin.exists() {
            let profile = profile_dir
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("debug");
            let profile = if profile == "debug" { "dev" } else { profile };
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let status = Command::new(cargo)
                .args([
                    "build",
                    "-p",
                    "escalade",
                    "--bin",
                    "escalade",
                    "--profile",
                    profile,
                ])
                .status()
                .expect("run cargo build");
            assert!(status.success(), "building the escalade binary failed");
        }
        bin
    })
    .clone()
}

/// Runs `escalade ARGS` to completion.
pub fn run(args: &[&str]) -> Output {
    Command::new(escalade_bin())
        .args(args)
        .output()
        .expect("run escalade")
}
