//! `scripts/strength/time-use.py`: from a cutechess-cli PGN, each engine's thinking time
//! (the `TIMEs` of its move comments, book moves passed over) and its losses on time. Skips
//! with a printed reason when python3 or python-chess is missing, except in CI (`CI=true`),
//! where that fails.

use escalade_tests::ScriptInput;

/// A game A against B, and one B against A that A loses on time, in cutechess-cli's format.
const GAMES: &str = r#"[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. e4 {book} e5 {-0.20/10 0.1s} 2. Nf3 {+0.25/12 0.2s} Nc6 {-0.10/11 0.3s} 1/2-1/2

[White "B"]
[Black "A"]
[Result "1-0"]
[Termination "time forfeit"]

1. d4 {+0.30/10 0.6s} d5 {-0.10/11 1.0s, Black loses on time} 1-0
"#;

#[test]
fn each_engine_has_its_thinking_time_and_its_losses_on_time() {
    let Some(input) = ScriptInput::new("chess", "time-use", "games.pgn", GAMES) else {
        return;
    };
    let out = input.run("time-use.py", &[]);
    // A: 0.2 s in game 1 (e4 was a book move) and 1.0 s in game 2; B: 0.1 + 0.3 + 0.6 s
    assert_eq!(
        out,
        "A: 1.2 s thinking over 2 games (0.60 s a game), 1 time forfeits\n\
         B: 1.0 s thinking over 2 games (0.50 s a game), 0 time forfeits\n"
    );
    input.remove();
}
