//! The testing tools other engine authors use, run on Escalade from their own public
//! source (ignored by default: each needs a checkout or a build of the tool, and a release
//! build of Escalade, which the scripts make when missing):
//!
//! * fastchess: `FASTCHESS=/path/to/fastchess cargo test -p escalade-tests --test peers --
//!   --ignored fastchess` runs `scripts/fastchess.sh`: the 40-step `--compliance` check and
//!   a 20-game FIDE match, with no errors;
//! * OpenBench: `OPENBENCH=/path/to/OpenBench cargo test -p escalade-tests --test peers --
//!   --ignored openbench` runs `scripts/openbench.py check`: OpenBench's client code
//!   (`Client/bench.py`, `Client/genfens.py`) reading `escalade bench` and `genfens`.
//!
//! Without the tool each test is skipped with the reason printed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// Runs `cmd`, echoing its stdout; the stdout (the run must succeed).
fn run_script(mut cmd: Command) -> String {
    if let Some(bin) = std::env::var_os("ESCALADE_BIN") {
        cmd.env("ESCALADE", bin);
    }
    let out = cmd.current_dir(root()).output().expect("run the script");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    println!("{stdout}");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
#[ignore = "needs fastchess (FASTCHESS=/path/to/fastchess) and a release build"]
fn fastchess_compliance_and_a_fide_match() {
    let tool = std::env::var("FASTCHESS").ok();
    let Some(fastchess) = escalade_tests::find_tool(&[tool.as_deref().unwrap_or("fastchess")])
    else {
        escalade_tests::skip("no fastchess: build it from its source, then FASTCHESS=PATH");
        return;
    };
    let mut cmd = Command::new("bash");
    cmd.arg("scripts/fastchess.sh").env("FASTCHESS", fastchess);
    let out = run_script(cmd);
    assert!(
        out.contains("compliance: 40 steps passed, 0 failed"),
        "{out}"
    );
    assert!(out.contains("20 games finished, 0 error lines"), "{out}");
}

#[test]
#[ignore = "needs an OpenBench checkout (OPENBENCH=DIR), python3 with requests, a release build"]
fn openbench_reads_bench_and_genfens() {
    let Some(dir) = std::env::var_os("OPENBENCH").filter(|d| Path::new(d).is_dir()) else {
        escalade_tests::skip("no OpenBench checkout: OPENBENCH=DIR");
        return;
    };
    let release = root().join("target/release/escalade");
    if std::env::var_os("ESCALADE_BIN").is_none() && !release.is_file() {
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "--bin", "escalade"])
            .current_dir(root())
            .status()
            .expect("cargo build");
        assert!(status.success(), "the release build failed");
    }
    let engine = std::env::var_os("ESCALADE_BIN").map_or(release, PathBuf::from);
    let mut cmd = Command::new("python3");
    cmd.arg("scripts/openbench.py")
        .arg("check")
        .arg("--openbench")
        .arg(dir)
        .arg("--engine")
        .arg(engine);
    let out = run_script(cmd);
    assert!(out.contains("OpenBench bench: "), "{out}");
    assert!(
        out.contains("OpenBench genfens: 32 EPD lines, 32 distinct"),
        "{out}"
    );
}
