//! `scripts/strength/stockfish-datagen.sh` with `PGN=FILE` and `ESCALADE=BIN`: the games stay
//! in FILE (those already there are read too), each opening is played with both colours, and
//! the quiet positions of every game in FILE reach the output. A stand-in for cutechess-cli
//! records its arguments and appends one finished game to the `-pgnout` file, so the test
//! needs neither cutechess-cli nor Stockfish. Skips with a printed reason when bash, python3
//! or python-chess is missing, except in CI (`CI=true`), where that fails.

use std::process::Command;

use escalade_tests::{find_tool, python_with, scratch_dir, skip};

/// The stand-in for cutechess-cli: its arguments one a line in `args.txt` beside it, and a
/// drawn game of twelve knight moves appended to the file after `-pgnout`.
const FAKE_CUTECHESS: &str = r#"#!/bin/sh
printf '%s\n' "$@" > "$(dirname "$0")/args.txt"
while [ $# -gt 0 ]; do
  [ "$1" = -pgnout ] && out=$2
  shift
done
cat >> "$out" <<'EOF'
[White "Escalade"]
[Black "SF-b"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 1/2-1/2

EOF
"#;

/// A game already in the kept file before the run: won by White after ten quiet plies.
const EARLIER_GAME: &str = r#"[White "Escalade"]
[Black "SF-b"]
[Result "1-0"]

1. e3 e6 2. Be2 Be7 3. Bf1 Bf8 4. Be2 Be7 5. Bf1 Bf8 1-0

"#;

#[test]
fn kept_games_reach_the_output() {
    let Some(bash) = find_tool(&["bash"]) else {
        return skip("bash not found");
    };
    let python = match python_with("chess") {
        Ok(python) => python,
        Err(reason) => return skip(&reason),
    };
    let dir = scratch_dir("stockfish-datagen");
    let fake = dir.join("cutechess-cli");
    std::fs::write(&fake, FAKE_CUTECHESS).expect("write the stand-in");
    make_executable(&fake);
    let engine = dir.join("escalade");
    std::fs::write(&engine, "").expect("write the engine's stand-in");
    let kept = dir.join("games.pgn");
    std::fs::write(&kept, EARLIER_GAME).expect("write the earlier game");
    let out = dir.join("positions.txt");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts/strength/stockfish-datagen.sh");
    let python_dir = python.parent().expect("python3's folder");
    let path = std::env::join_paths(std::iter::once(python_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let run = Command::new(bash)
        .arg(&script)
        .args([out.as_os_str(), "3".as_ref(), "100".as_ref(), "7".as_ref()])
        .env("CUTECHESS", &fake)
        .env("ESCALADE", &engine)
        .env("PGN", &kept)
        .env("PATH", path)
        .output()
        .expect("run bash");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    // both games stay in the kept file, the earlier one first
    let games = std::fs::read_to_string(&kept).expect("read the kept games");
    assert!(games.starts_with(EARLIER_GAME), "{games}");
    assert!(games.contains("6. Ng1 Ng8 1/2-1/2"), "{games}");
    // past the first 8 plies: 2 quiet positions of the won game, 4 of the drawn one
    let positions = std::fs::read_to_string(&out).expect("read the positions");
    let results: Vec<&str> = positions
        .lines()
        .filter_map(|l| l.split(';').nth(1))
        .collect();
    assert_eq!(
        results,
        ["1.0", "1.0", "0.5", "0.5", "0.5", "0.5"],
        "{positions}"
    );
    // 3 games rounded up to 2 openings, each played with both colours, at 100 nodes a move
    let args = std::fs::read_to_string(dir.join("args.txt")).expect("read the arguments");
    let args: Vec<&str> = args.lines().collect();
    for pair in [
        ["-games", "2"],
        ["-rounds", "2"],
        ["-pgnout", kept.to_str().unwrap()],
    ] {
        assert!(args.windows(2).any(|w| w == pair), "{pair:?} in {args:?}");
    }
    assert!(
        args.contains(&"-repeat") && args.contains(&"nodes=100"),
        "{args:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Marks `path` executable by its owner.
fn make_executable(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let mut permissions = std::fs::metadata(path).expect("stat").permissions();
    permissions.set_mode(0o755);
    std::fs::set_permissions(path, permissions).expect("chmod");
}
