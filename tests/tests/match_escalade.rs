//! A short match between two `escalade` processes in every registered variant, refereed
//! by `escalade match` (CECP and UCI). Skips with a printed reason when the binary is not
//! built next to this test (`cargo build -p escalade`, or set `ESCALADE_BIN`) or does not
//! answer the protocol yet.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use escalade::matchrunner::record::Termination;
use escalade::matchrunner::{args, run_match};
use escalade::registry;

/// The `escalade` binary of this build, if there is one.
fn escalade_bin() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ESCALADE_BIN") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?;
    let bin = dir.join(format!("escalade{}", std::env::consts::EXE_SUFFIX));
    bin.exists().then_some(bin)
}

/// Whether `bin` answers `protover 2` with `feature ... done=1` (or `uci` with `uciok`).
fn speaks(bin: &PathBuf, hello: &str, answer: &str) -> bool {
    let Ok(mut child) = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return false;
    };
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(hello.as_bytes());
    let _ = stdin.flush();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let answer = answer.to_string();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.contains(&answer) {
                let _ = tx.send(());
                break;
            }
        }
    });
    let ok = rx.recv_timeout(Duration::from_secs(3)).is_ok();
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    ok
}

fn run_variants(proto: &str, hello: &str, answer: &str) {
    let Some(bin) = escalade_bin() else {
        println!("SKIPPED: no escalade binary next to the tests (cargo build -p escalade, or set ESCALADE_BIN)");
        return;
    };
    if !speaks(&bin, hello, answer) {
        println!(
            "SKIPPED: {} does not answer the {proto} protocol yet",
            bin.display()
        );
        return;
    }
    let mut failures = Vec::new();
    for variant in registry::names() {
        let a: Vec<String> = [
            "-engine".to_string(),
            format!("cmd={}", bin.display()),
            "name=A".into(),
            "-engine".into(),
            format!("cmd={}", bin.display()),
            "name=B".into(),
            "-each".into(),
            format!("proto={proto}"),
            "depth=1".into(),
            "stall=30".into(),
            "-variant".into(),
            variant.into(),
            "-games".into(),
            "2".into(),
            "-maxmoves".into(),
            "12".into(),
            "-concurrency".into(),
            "2".into(),
            "-seed".into(),
            "7".into(),
        ]
        .to_vec();
        let cfg = args::parse(&a, 7).unwrap();
        let summary = run_match(&cfg).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(summary.games.len(), 2);
        for g in &summary.games {
            if !matches!(
                g.outcome.termination,
                Termination::Normal | Termination::Adjudication
            ) {
                let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
                failures.push(format!(
                    "{variant} over {proto}, game {}: {} after moves [{}]",
                    g.number,
                    g.outcome.reason,
                    moves.join(" ")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "games that did not end by the rules:\n{}",
        failures.join("\n")
    );
}

#[test]
fn escalade_plays_itself_in_every_variant_over_xboard() {
    run_variants("xboard", "xboard\nprotover 2\n", "done=1");
}

#[test]
fn escalade_plays_itself_in_every_variant_over_uci() {
    run_variants("uci", "uci\n", "uciok");
}
