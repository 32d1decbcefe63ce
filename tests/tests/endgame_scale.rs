//! `scripts/strength/endgame-scale.py`: from a cache of scored positions (no engine runs),
//! each endgame falls in its class and each class gets the least-squares share of
//! Escalade's score that Stockfish's keeps. Skips with a printed reason when python3 or
//! python-chess is missing, except in CI (`CI=true`), where that fails.

use escalade_tests::ScriptInput;

#[test]
fn the_fit_sorts_endgames_into_classes_and_measures_each() {
    // FEN;Escalade;Stockfish (side to move's view)
    let lines = [
        // two knights against a bare king: Escalade +200, Stockfish 0
        "8/8/4k3/8/8/3NN3/4K3/8 w - - 0 1;200;0",
        // opposite bishops two pawns up, Black to move and worse: -200 against -50
        "2k5/8/b7/P3B3/5K2/6P1/8/8 b - - 3 70;-200;-50",
        // a rook and pawn against a rook: +100 against +50
        "8/4r1p1/5k2/8/3K4/8/8/R7 b - - 9 53;100;50",
        // a queen against a rook: +300 against +600; and one scored within 30 cp, left out
        "8/8/4k3/8/3r4/8/4K3/4Q3 w - - 0 1;300;600",
        "8/8/4k3/8/3r4/8/4K3/4Q3 w - - 0 1;20;600",
    ];
    let text = lines.join("\n") + "\n";
    let Some(input) = ScriptInput::new("chess", "eg-scale", "scores.txt", &text) else {
        return;
    };
    let out = input.run("endgame-scale.py", &["none", "none"]);
    let row = |class: &str| {
        out.lines()
            .find(|l| l.starts_with(class))
            .unwrap_or_else(|| panic!("no row {class}: {out}"))
            .to_string()
    };
    let knights = row("no pawns, at most a minor ahead");
    assert!(knights.contains(" 1 positions") && knights.ends_with("share  0.00"));
    assert!(
        row("opposite bishops only").ends_with("share  0.25"),
        "{out}"
    );
    assert!(row("same pieces, <= a pawn up, <= 2 pawns").ends_with("share  0.50"));
    let other = row("other");
    assert!(
        other.contains(" 1 positions") && other.ends_with("share  2.00"),
        "{out}"
    );
    input.remove();
}
