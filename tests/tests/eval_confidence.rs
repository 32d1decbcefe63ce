//! `scripts/strength/eval-confidence.py`: from a cutechess-cli PGN, each engine's games in
//! which it once reported at least a threshold for itself, and what it scored in them. The
//! scores are the mover's view (a Black move's `+1.50` is good for Black), mates count as
//! above every threshold, book moves without a score are passed over, and an engine playing
//! itself counts each side's reports apart. Skips with a printed reason when python3 or
//! python-chess is missing, except in CI (`CI=true`), where that fails.

use escalade_tests::ScriptInput;

/// Three games of A against B and one of C against itself, in cutechess-cli's comment format.
const GAMES: &str = r#"[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. e4 {book} e5 {-0.20/10 0.1s} 2. Nf3 {+2.50/12 0.2s} Nc6 {-1.10/11 0.1s} 1/2-1/2

[White "B"]
[Black "A"]
[Result "0-1"]

1. d4 {+0.30/10 0.1s} d5 {+1.50/11 0.1s} 2. c4 {-0.80/12 0.2s} e6 {+M7/20 0.3s} 0-1

[White "A"]
[Black "B"]
[Result "0-1"]

1. c4 {+0.40/9 0.1s} e5 {+1.20/9 0.1s} 0-1

[White "C"]
[Black "C"]
[Result "1-0"]

1. e4 {+1.50/9 0.1s} e5 {-0.50/9 0.1s} 1-0
"#;

#[test]
fn each_engine_scores_its_games_above_each_threshold() {
    let Some(input) = ScriptInput::new("chess", "eval-conf", "games.pgn", GAMES) else {
        return;
    };
    let out = input.run("eval-confidence.py", &["1", "2"]);
    let row = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no row {name}: {out}"))
            .to_string()
    };
    // A: +2.50 in game 1 (drawn), +1.50 and a mate in game 2 (won), +0.40 in game 3 (lost)
    assert_eq!(
        row("A "),
        "A (3 games): >= 1: 2 games, scored 1.5 (75.0%); >= 2: 2 games, scored 1.5 (75.0%)"
    );
    // B: -0.20 and -1.10 in game 1, +0.30 and -0.80 in game 2, +1.20 in game 3 (won)
    assert_eq!(
        row("B "),
        "B (3 games): >= 1: 1 games, scored 1 (100.0%); >= 2: 0 games, scored 0 (-)"
    );
    // C against itself: White's +1.50 won, Black's best was -0.50; each side counts alone
    assert_eq!(
        row("C "),
        "C (2 games): >= 1: 1 games, scored 1 (100.0%); >= 2: 0 games, scored 0 (-)"
    );
    input.remove();
}
