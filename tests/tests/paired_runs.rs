//! `scripts/strength/paired-runs.py`: two runs of one engine on the same openings compared
//! game by game (each opening and colour's score in the first run less the second's), with
//! a game of one run only left out and counted. Skips with a printed reason when python3 or
//! python-chess is missing, except in CI (`CI=true`), where that fails.

use escalade_tests::ScriptInput;

/// The first run: Escalade against Stockfish from two openings with white, one with black.
/// The last opening is not in the second run.
const FIRST: &str = r#"[White "Escalade"]
[Black "Stockfish"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]
[Result "1-0"]

1-0

[White "Stockfish"]
[Black "Escalade"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]
[Result "1/2-1/2"]

1/2-1/2

[White "Escalade"]
[Black "Stockfish"]
[FEN "8/8/8/8/8/8/8/K5k1 w - - 0 1"]
[Result "0-1"]

0-1

[White "Escalade"]
[Black "Stockfish"]
[FEN "8/8/8/8/8/8/8/K4k2 w - - 0 1"]
[Result "1-0"]

1-0
"#;

/// The second run: the first's openings and colours but the last, with other results.
const SECOND: &str = r#"[White "Escalade"]
[Black "Stockfish"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]
[Result "1/2-1/2"]

1/2-1/2

[White "Stockfish"]
[Black "Escalade"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]
[Result "1-0"]

1-0

[White "Escalade"]
[Black "Stockfish"]
[FEN "8/8/8/8/8/8/8/K5k1 w - - 0 1"]
[Result "0-1"]

0-1
"#;

#[test]
fn runs_are_compared_game_by_game() {
    let Some(input) = ScriptInput::new("chess", "paired-runs", "first.pgn", FIRST) else {
        return;
    };
    let second = input.dir.join("second.pgn");
    std::fs::write(&second, SECOND).expect("write the second run");
    let second = second.to_str().expect("utf-8 path");
    // the differences 1 - 1/2, 1/2 - 0 and 0 - 0: mean 1/3, standard error 1/6
    assert_eq!(
        input.run("paired-runs.py", &[second]),
        "3 paired games of Escalade (1 unpaired left out): first 0.500, second 0.167 a game; \
         difference +0.333 ± 0.327 (95%)\n"
    );
    // the opponent's view of the same games
    assert!(input
        .run("paired-runs.py", &[second, "Stockfish"])
        .contains("first 0.500, second 0.833 a game; difference -0.333 ± 0.327"));
    input.remove();
}
