//! Ladder Shogi on a short clock (issue "Trust", second round): `escalade match` of the
//! engine against itself at 2+0.05 without a time margin, one game with one thread a side
//! and one with two threads and a 1 GB table a side (where a match once lost 4 games of 4 on
//! time): every game ends by the rules, none on time. A file of its own, so that no other
//! test of this binary searches beside it.

/// `escalade match` of the engine against itself at 2+0.05 without a time margin: every
/// game ends by the rules, none on time.
fn plays_on_the_clock(threads: u32, hash: u32) {
    let bin = escalade_tests::escalade_bin().display().to_string();
    let dir = escalade_tests::scratch_dir(&format!("laddershogi-clock-{threads}"));
    let pgn = dir.join("games.pgn");
    let out = std::process::Command::new(&bin)
        .args(["match", "-variant", "laddershogi"])
        .args(["-engine", &format!("cmd={bin}"), "name=A"])
        .args(["-engine", &format!("cmd={bin}"), "name=B"])
        .args(["-each", "proto=uci", "tc=2+0.05", "timemargin=0"])
        .arg(format!("option.Threads={threads}"))
        .arg(format!("option.Hash={hash}"))
        .args(["-games", "1", "-concurrency", "1", "-seed", "7", "-pgnout"])
        .arg(&pgn)
        .output()
        .expect("run escalade match");
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.matches("[Event ").count(), 1, "{text}");
    assert!(
        !text.contains("[Termination \""),
        "{threads} threads: a game did not end by the rules:\n{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_on_a_short_clock_is_not_lost_on_time_with_one_or_two_threads() {
    plays_on_the_clock(1, 64);
    plays_on_the_clock(2, 1024);
}
