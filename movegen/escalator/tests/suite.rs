//! The core's generic test suite on every form and on hand-picked positions, and the
//! game-end rules of section 5 (mate, stalemate, 50-move rule, repetition, insufficient
//! material).

use escalade_core::{testsuite, Click, Color, Diagram, Game, GameResult, LinkKind, Shade};
use escalade_core::{MoveNotation, Rules};
use escalade_escalator::{Escalator, FORM_STANDARD};

const EXTRA: &[&str] = &[
    "7k/1c6/8/C5/6/8/8/7K b - - 0 1",
    "7k/8/8/6/1c4/8/1C6/7K w - - 0 1",
    "r3k2r/cc1c1ccc/2n2n2/b2q2/6/2N2N2/CCC1CCCC/R1BQK2R w KQkq - 4 6",
    "4k3/1C4c1/8/2ab2/2BA2/8/1c4C1/4K3 w - - 0 1",
];

#[test]
fn generic_suite() {
    testsuite::run_suite::<Escalator>(EXTRA, 8, 160);
}

#[test]
fn generic_suite_noleap_and_almost_extra() {
    for form in [1, 2] {
        for fen in EXTRA {
            let p = Escalator::from_fen(form, fen).unwrap();
            testsuite::random_playouts(&p, 2, 120, 11 + form as u64);
        }
    }
}

fn pos(fen: &str) -> Escalator {
    Escalator::from_fen(FORM_STANDARD, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn mate_and_stalemate() {
    // Black king h8 boxed by the White king on f7 and a rook giving check on the h-file
    let mate = pos("7k/5K2/8/6/6/8/8/7R b - - 0 1");
    let mut moves = Vec::new();
    mate.generate_moves(&mut moves);
    assert!(moves.is_empty() && mate.in_check());
    assert_eq!(
        mate.no_move_result(),
        GameResult::Win(Color::White, "White mates")
    );
    let stalemate = pos("7k/5K2/6Q1/6/6/8/8/8 b - - 0 1");
    stalemate.generate_moves(&mut moves);
    assert!(moves.is_empty() && !stalemate.in_check());
    assert_eq!(
        stalemate.no_move_result(),
        GameResult::Draw("Draw by stalemate")
    );
}

#[test]
fn fifty_move_rule() {
    let p = pos("7k/8/8/6/6/8/8/R6K w - - 99 80");
    assert_eq!(p.rule_result(), None);
    let next = p.play(p.parse_move("a1a2").unwrap());
    assert_eq!(
        next.claimable_draw(),
        Some(GameResult::Draw("Draw by the 50-move rule"))
    );
    // a crab move resets the clock
    let p = pos("7k/8/8/6/6/8/C7/7K w - - 99 80");
    assert_eq!(p.play(p.parse_move("a2a3").unwrap()).rule_result(), None);
}

#[test]
fn insufficient_material() {
    for fen in [
        "7k/8/8/6/6/8/8/7K w - - 0 1",
        "7k/8/8/6/B5/8/8/7K w - - 0 1",
        "7k/8/8/6/6/8/8/n6K w - - 0 1",
    ] {
        assert_eq!(
            pos(fen).rule_result(),
            Some(GameResult::Draw("Draw by insufficient material")),
            "{fen}"
        );
    }
    for fen in [
        "7k/8/8/6/B5/8/8/b6K w - - 0 1",
        "7k/8/8/6/C5/8/8/7K w - - 0 1",
        "7k/8/8/6/R5/8/8/7K w - - 0 1",
    ] {
        assert_eq!(pos(fen).rule_result(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition() {
    let mut game = Game::new(Escalator::startpos(FORM_STANDARD));
    for _ in 0..2 {
        for m in ["g8f6", "g1f3", "f6g8", "f3g1"] {
            assert!(game.result().is_none());
            game.play_text(m).unwrap();
        }
    }
    assert_eq!(game.result(), Some(GameResult::Draw("Draw by repetition")));
}

#[test]
fn no_legal_move_leaves_the_king_attacked() {
    use rand::seq::SliceRandom;
    let mut rng = escalade_core::SeededRng::new(5);
    let mut moves = Vec::new();
    for form in 0..3 {
        for _ in 0..30 {
            let mut p = Escalator::startpos(form);
            for _ in 0..150 {
                p.generate_moves(&mut moves);
                for &m in &moves {
                    let child = p.play(m);
                    assert!(
                        !child.king_attacked(p.side()),
                        "{} leaves the king attacked in {}",
                        p.move_text(m),
                        p.to_fen()
                    );
                }
                match moves.choose(&mut rng) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
        }
    }
}

/// Positions with e.p. captures (plain and after a forked double step) and promotions.
const DIAGRAM_POSITIONS: &[(usize, &str)] = &[
    (0, "7k/8/8/Cc4/6/8/8/7K w - b6 0 2"),
    (0, "7k/8/8/6/Cc4/8/8/7K b - b3 0 1"),
    (0, "7k/1C6/8/6/6/8/8/7K w - - 0 1"),
    (2, "7k/1C6/8/6/6/8/8/7K w - - 0 1"),
    (2, "4k3/1C4c1/8/2ab2/2BA2/8/1c4C1/4K3 w - - 0 1"),
];

#[test]
fn diagram_clicks_make_every_move() {
    for form in 0..3 {
        let start = Escalator::startpos(form);
        let checked = testsuite::check_diagram(&start, 3, 80, 3 + form as u64);
        assert!(checked > 60, "form {form}: {checked}");
    }
    for &(form, fen) in DIAGRAM_POSITIONS {
        let p = Escalator::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        testsuite::check_diagram(&p, 2, 30, 9);
    }
}

fn cells(names: &[&str]) -> Vec<Click> {
    names.iter().map(|n| Click::Cell(n.to_string())).collect()
}

fn with_choice(names: &[&str], choice: &str) -> Vec<Click> {
    let mut clicks = cells(names);
    clicks.push(Click::Choice(choice.to_string()));
    clicks
}

#[test]
fn diagram_click_sequences() {
    let p = pos("7k/1c6/8/C5/6/8/8/7K b - - 0 1");
    let after = p.play(p.parse_move("b7bc5").unwrap());
    let clicks = |text: &str| after.move_clicks(after.parse_move(text).unwrap());
    assert_eq!(clicks("ab5b6"), [cells(&["ab5", "b6"])]);
    assert_eq!(
        clicks("ab5xb6"),
        [with_choice(&["ab5", "b6"], "en passant capture")]
    );
    // after the forked double step b2-ab4, the crab on bc4 takes on b3
    let forked = pos("7k/8/8/6/Cc4/8/8/7K b - b3 0 1");
    let clicks = |text: &str| forked.move_clicks(forked.parse_move(text).unwrap());
    assert_eq!(clicks("bc4b3"), [cells(&["bc4", "b3"])]);
    assert_eq!(
        clicks("bc4xb3"),
        [with_choice(&["bc4", "b3"], "en passant capture")]
    );
    let promo = pos("7k/1C6/8/6/6/8/8/7K w - - 0 1");
    let mv = promo.parse_move("b7b8q").unwrap();
    assert_eq!(promo.move_clicks(mv), [with_choice(&["b7", "b8"], "Queen")]);
    let almost = Escalator::from_fen(2, "7k/1C6/8/6/6/8/8/7K w - - 0 1").unwrap();
    let mv = almost.parse_move("b7b8a").unwrap();
    assert_eq!(
        almost.move_clicks(mv),
        [with_choice(&["b7", "b8"], "Chancellor")]
    );
    let castle = pos("4k3/8/8/6/6/8/8/4K2R w K - 0 1");
    let mv = castle.parse_move("e1g1").unwrap();
    assert_eq!(castle.move_clicks(mv), [cells(&["e1", "g1"])]);
}

/// Twice the signed area of a polygon (positive when it runs clockwise on the screen,
/// the order of the ordinary squares: top-left, top-right, bottom-right, bottom-left).
fn area2(poly: &[(f32, f32)]) -> f32 {
    (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

fn centre(poly: &[(f32, f32)]) -> (f32, f32) {
    let n = poly.len() as f32;
    let (x, y) = poly.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
    (x / n, y / n)
}

#[test]
fn diagram_geometry_is_the_slanted_board() {
    use escalade_escalator::board::NAMES;
    let picture = Escalator::startpos(FORM_STANDARD).picture();
    assert_eq!(picture.cells.len(), 64);
    let holes: Vec<_> = picture
        .cells
        .iter()
        .filter(|c| c.shade == Shade::Hole)
        .collect();
    assert_eq!(holes.len(), 4);
    for name in NAMES {
        assert!(picture.cells.iter().any(|c| c.name == name), "{name}");
    }
    let mut area = 0.0;
    for (i, cell) in picture.cells.iter().enumerate() {
        let a = area2(&cell.polygon) / 2.0;
        assert!(a > 0.0, "{} has area {a}", cell.name);
        area += a;
        let c = centre(&cell.polygon);
        for other in &picture.cells[i + 1..] {
            let d = centre(&other.polygon);
            let far = (c.0 - d.0).abs() + (c.1 - d.1).abs();
            assert!(far > 0.5, "{} and {} share a centre", cell.name, other.name);
        }
        assert!(c.0 > 0.0 && c.0 < 8.0 && c.1 > 0.0 && c.1 < 8.0);
    }
    // the cells tile the 8x8 frame but for two slivers at the sides of ranks 4-5
    assert!((area - 63.0).abs() < 1e-4, "{area}");
    // ab4 stands on the a3/b3 boundary, its top edge meets ab5's bottom edge
    let poly = |n: &str| &picture.cells.iter().find(|c| c.name == n).unwrap().polygon;
    assert_eq!(poly("ab4")[3], (0.5, 5.0));
    assert_eq!(poly("ab4")[2], (1.5, 5.0));
    assert_eq!(poly("ab4")[0], poly("ab5")[3]);
    assert_eq!(poly("gh4")[2], (7.5, 5.0));
    assert_eq!(poly("ab5")[0], poly("a6")[3]);
    // the escalators: the rides up
    let links: Vec<(String, String)> = picture
        .links
        .iter()
        .map(|l| (l.from.clone(), l.to.clone()))
        .collect();
    assert_eq!(links.len(), 4);
    for (from, to) in [("ab4", "ab5"), ("bc4", "bc5"), ("fg4", "fg5")] {
        assert!(links.contains(&(from.into(), to.into())), "{from}-{to}");
    }
    assert!(links.contains(&("gh4".into(), "gh5".into())));
    assert!(picture
        .links
        .iter()
        .all(|l| l.kind == LinkKind::Escalator && l.owner.is_none()));
    assert_eq!(picture.pieces.len(), 32);
    assert!(picture
        .pieces
        .iter()
        .any(|p| p.cell == "e1" && p.man.royal && p.man.kind == "king"));
    assert_eq!(Escalator::legend(FORM_STANDARD).len(), 8);
}
