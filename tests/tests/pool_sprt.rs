//! `scripts/strength/pool-sprt.py`: the pooled SPRT of several `escalade match` logs is the
//! runner's own SPRT on the summed pentanomial counts. One log reproduces the runner's
//! figure of a landed SPRT (docs/sprt-results.md: LLR 2.97 after Ptnml(0-2) 7, 23, 75, 43,
//! 26), and the same counts split over two logs pool to the same verdict. Skips with a
//! printed reason when python3 is missing, except in CI (`CI=true`), where that fails.

use std::path::Path;

use escalade_tests::{python_with, run_strength_script, skip};

/// The script's output for `logs`.
fn pool(python: &Path, logs: &[&Path]) -> String {
    run_strength_script(python, "pool-sprt.py", logs)
}

#[test]
fn pooled_logs_give_the_runners_sprt() {
    let python = match python_with("math") {
        Ok(python) => python,
        Err(reason) => return skip(&reason),
    };
    let dir = escalade_tests::scratch_dir("pool-sprt");
    let write = |name: &str, counts: &str| {
        let path = dir.join(name);
        let text = format!(
            "Match: variant normal\nPtnml(0-2): 0, 0, 1, 0, 0\nSPRT: llr 0\nPtnml(0-2): {counts}\n"
        );
        std::fs::write(&path, text).expect("write log");
        path
    };
    let whole = write("whole.log", "7, 23, 75, 43, 26");
    let one = pool(&python, &[&whole]);
    assert!(one.contains("pairs 174  games 348"), "{one}");
    assert!(
        one.contains("LLR 2.97") && one.contains("H1 accepted"),
        "{one}"
    );
    let first = write("first.log", "3, 10, 40, 20, 11");
    let second = write("second.log", "4, 13, 35, 23, 15");
    let pooled = pool(&python, &[&first, &second]);
    assert!(
        pooled.contains("pooled: Ptnml(0-2): 7, 23, 75, 43, 26"),
        "{pooled}"
    );
    assert!(
        pooled.contains("LLR 2.97") && pooled.contains("H1 accepted"),
        "{pooled}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
