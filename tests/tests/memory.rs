//! Memory within the `Hash` setting through the real binary: resizing the table and
//! switching variants free the old table before the new one is allocated, so the process's
//! peak resident memory (`VmHWM`) stays near one table plus a constant, never two tables.
//! (Linux: the figures come from `/proc/PID/status`.)

use escalade_tests::pipe::{uci, xboard};

/// `VmHWM` (peak resident memory) of process `pid`, in MB.
fn peak_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        / 1024
}

const TABLE_MB: u64 = 256;
/// The binary, its tables and the first 16 MB table: well under one more table.
const OVERHEAD_MB: u64 = 100;

#[test]
#[cfg(target_os = "linux")]
fn uci_resizes_and_variant_changes_hold_one_table_at_a_time() {
    let mut e = uci();
    e.send(&format!("setoption name Hash value {TABLE_MB}"));
    for variant in ["rope", "escalator", "laddershogi", "normal"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("position startpos");
        e.send("go depth 2");
        e.expect("bestmove");
    }
    e.send(&format!("setoption name Hash value {}", TABLE_MB - 1));
    e.send("setoption name Threads value 2");
    e.send("go depth 2");
    e.expect("bestmove");
    e.send("isready");
    e.expect("readyok");
    let peak = peak_mb(e.pid());
    assert!(
        peak < TABLE_MB + OVERHEAD_MB,
        "peak {peak} MB with a {TABLE_MB} MB table"
    );
    println!("uci: peak {peak} MB with a {TABLE_MB} MB table after 5 tables made");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
#[cfg(target_os = "linux")]
fn xboard_memory_and_variant_changes_hold_one_table_at_a_time() {
    let mut e = xboard();
    e.send(&format!("memory {TABLE_MB}"));
    for variant in ["chutes", "checkercapture", "rope-house"] {
        e.send(&format!("variant {variant}"));
    }
    e.send(&format!("memory {}", TABLE_MB - 1));
    e.send("ping 1");
    e.expect("pong 1");
    let peak = peak_mb(e.pid());
    assert!(
        peak < TABLE_MB + OVERHEAD_MB,
        "peak {peak} MB with a {TABLE_MB} MB table"
    );
    e.send("quit");
    assert!(e.finish().success());
}
