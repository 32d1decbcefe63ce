//! Tests of the FIDE evaluation: symmetry, the direction of the terms, and the weights as
//! data (the flat vector, the generated table, `evaluate_with` along random games).

use super::*;
use crate::parse_fen;
#[allow(unused_imports)]
use escalade_core::{MoveNotation, Rules, SearchHints};
use escalade_eval::testsuite::check_weight_set;
use escalade_eval::Parameter;

/// The index of the weight called `name` in the flat vector of the weights in use.
fn weight_index(name: &str) -> usize {
    WEIGHTS
        .parameters()
        .iter()
        .position(|q| q.name == name)
        .expect("a weight of that name")
}

/// The tuned table's evaluation (what play uses unless built with the `net` feature).
fn eval(fen: &str) -> i32 {
    evaluate_with(&parse_fen(fen).expect("valid FEN"), &WEIGHTS)
}

/// The same position with colours swapped and the board mirrored.
pub(super) fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castle: String = if fields[2] == "-" {
        "-".into()
    } else {
        let mut c: Vec<char> = fields[2]
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        c.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
        c.into_iter().collect()
    };
    format!("{} {side} {castle} - 0 1", board.join("/"))
}

#[test]
fn symmetric_positions_score_alike_for_either_side() {
    for fen in BENCH.iter().chain([&crate::START_FEN]) {
        assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
    }
    let start = eval(crate::START_FEN);
    assert!(start > 0 && start < 30, "start {start}");
}

#[test]
fn material_and_structure_point_the_right_way() {
    // White is a queen up: winning (more than five pawns)
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 500);
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -500);
    // a passed pawn on the 7th beats one on the 2nd
    assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    // doubled isolated pawns are worse than healthy ones
    assert!(eval("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1") < eval("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1"));
    // a castled king behind its pawns beats one left in the centre
    let castled = eval("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RK1 w - - 0 1");
    let central = eval("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQKR2 w - - 0 1");
    assert!(castled > central);
}

#[test]
fn null_move_is_unsafe_with_only_pawns() {
    assert!(!parse_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1")
        .expect("fen")
        .null_move_safe());
    assert!(parse_fen(crate::START_FEN).expect("fen").null_move_safe());
}

#[test]
fn bench_positions_are_valid() {
    for fen in Chess::bench_fens(0) {
        parse_fen(fen).expect("bench FEN");
    }
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = check_weight_set(&*WEIGHTS, "fide");
    // 144 shape weights, then 6 kinds x 32 squares as pairs, less the pawns' 8 rim squares
    assert_eq!(params.len(), 144 + 2 * (6 * 32 - 8));
    assert_eq!(
        params[8],
        Parameter::new("material[4].mg", WEIGHTS.material[4].0)
    );
    assert_eq!(params[102], Parameter::new("tempo.eg", WEIGHTS.tempo.1));
    assert_eq!(
        params[120],
        Parameter::new("passed_our_king", WEIGHTS.passed_our_king)
    );
    assert_eq!(params[136].name, "backward_pawn.eg");
    assert_eq!(params[143].name, "space");
    // the pawn's squares start on the second rank (index 4)
    assert_eq!(params[144].name, "square[0][4].mg");
    assert_eq!(params[145 + 2 * 24].name, "square[1][0].eg");
}

#[test]
fn the_zero_set_derives_zero_tables_and_the_table_derives_them_again() {
    assert_eq!(
        Weights::ZERO.with_values(&[0; 144 + 2 * (6 * 32 - 8)]),
        Ok(Weights::ZERO)
    );
    let rebuilt = Weights::ZERO
        .with_values(&WEIGHTS.values())
        .expect("right length");
    assert_eq!(rebuilt, *WEIGHTS);
}

#[test]
fn a_changed_weight_changes_the_evaluation() {
    // White a knight up, White to move: both halves of the knight's value +24 add 24
    let p = parse_fen("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").expect("fen");
    let richer = plus_pair("material[1]", 24);
    assert_eq!(p.evaluate_with(&richer), p.evaluate_with(&WEIGHTS) + 24);
    // the start position is all middlegame: only the tempo's middlegame half counts
    let start = Chess::startpos(0);
    assert_eq!(start.evaluate_with(&WEIGHTS), WEIGHTS.tempo.0);
    let w = plus(&[("tempo.mg", 5)]);
    assert_eq!(start.evaluate_with(&w), WEIGHTS.tempo.0 + 5);
}

/// Only when the table plays (the crate built without its `net` feature).
#[cfg(not(feature = "net"))]
#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<Chess>(40, 120, 7);
    assert!(seen > 2_000, "{seen}");
}

/// The embedded network: symmetric, on the table's scale, the material pointing the
/// right way; with the `net` feature, it is what play evaluates with.
#[test]
fn the_network_evaluates_alike_for_either_side() {
    let net = |fen: &str| NETWORK.evaluate(&parse_fen(fen).expect("valid FEN"));
    for fen in BENCH.iter().chain([&crate::START_FEN]) {
        let p = parse_fen(fen).expect("valid FEN");
        if cfg!(feature = "net") {
            assert_eq!(p.evaluate(), net(fen), "{fen}");
        }
        assert_eq!(net(fen), net(&mirror(fen)), "{fen}");
    }
    let start = net(crate::START_FEN);
    assert!(start > 0 && start < 100, "start {start}");
    // a queen up: winning (more than three pawns to the network, five to the table; a bare
    // queen is rare in the network's data, see docs/network.md)
    for fen in [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert!(net(fen) > 300 && eval(fen) > 500, "{fen}: {}", net(fen));
        assert!(net(&fen.replace(" w ", " b ")) < -300, "{fen}");
    }
    // a passed pawn on the 7th beats one on the 2nd
    assert!(net("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > net("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
}

/// The weights in use with `changes` (weight name, amount) added.
fn plus(changes: &[(&str, i32)]) -> Weights {
    let mut values = WEIGHTS.values();
    for &(name, by) in changes {
        values[weight_index(name)] += by;
    }
    WEIGHTS.with_values(&values).expect("right length")
}

/// The weights in use with `by` added to both halves of the pair `name`.
fn plus_pair(name: &str, by: i32) -> Weights {
    plus(&[(&format!("{name}.mg"), by), (&format!("{name}.eg"), by)])
}

/// What the weights `w` add to the evaluation of `fen` over the weights in use, in
/// centipawns, to within the rounding of the phase blend (rounded to tens).
fn gain(fen: &str, w: &Weights) -> i32 {
    let p = parse_fen(fen).expect("fen");
    let g = p.evaluate_with(w) - p.evaluate_with(&WEIGHTS);
    let nearest_ten = (g + 5).div_euclid(10) * 10;
    assert!((g - nearest_ten).abs() <= 1, "{fen}: {g}");
    nearest_ten
}

#[test]
fn threats_and_passed_pawn_terms_count_where_they_apply() {
    // the e4 pawn attacks the knight on d5
    let knight_hit = plus_pair("pawn_threat[0]", 100);
    assert_eq!(gain("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", &knight_hit), 100);
    assert_eq!(gain("4k3/8/8/2n5/4P3/8/8/4K3 w - - 0 1", &knight_hit), 0);
    // a knight attacks the rook, a rook the queen
    let minor = plus_pair("minor_threat[0]", 40);
    assert_eq!(gain("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", &minor), 40);
    let rook = plus_pair("rook_threat", 30);
    assert_eq!(gain("4k3/8/8/q6R/8/8/8/4K3 w - - 0 1", &rook), 30);
    // the a6 passer is blocked by the king on a7
    let blocked = plus_pair("passed_blocked", 50);
    assert_eq!(gain("8/k7/P7/8/8/8/8/4K3 w - - 0 1", &blocked), 50);
    assert_eq!(gain("8/2k5/P7/8/8/8/8/4K3 w - - 0 1", &blocked), 0);
    // pawn endgame: the a2 passer's next square a3 is 7 from the h8 king and 4 from e1
    let kings = plus(&[("passed_their_king", 10), ("passed_our_king", 10)]);
    assert_eq!(gain("7k/8/8/8/8/8/P7/4K3 w - - 0 1", &kings), 70 + 40);
}

#[test]
fn safe_checks_outposts_and_backward_pawns_count_where_they_apply() {
    // the e4 knight can check from d6 and f6, unless the e7 pawn guards both
    let checks = plus_pair("safe_check[0]", 10);
    assert_eq!(gain("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", &checks), 20);
    assert_eq!(gain("4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1", &checks), 0);
    // the d5 knight, defended by e4, has no c- or e-pawn of Black ahead to chase it
    let outpost = plus_pair("outpost[0]", 30);
    assert_eq!(gain("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), 30);
    assert_eq!(gain("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), 0);
    // a bishop behind its pawn
    let behind = plus_pair("minor_behind_pawn", 20);
    assert_eq!(gain("4k3/8/8/8/3P4/3B4/8/4K3 w - - 0 1", &behind), 20);
    assert_eq!(gain("4k3/8/8/8/8/3B4/3P4/4K3 w - - 0 1", &behind), 0);
    // d3 cannot be supported (c4 is ahead of it) and e5 attacks d4; the isolated e5 pawn
    // and the supported c4 pawn are not backward
    let backward = plus_pair("backward_pawn", 20);
    assert_eq!(gain("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", &backward), 20);
    assert_eq!(gain("4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1", &backward), 0);
}

#[test]
fn hanging_pieces_weak_pawns_free_passers_and_space_count_where_they_apply() {
    // the d1 rook attacks the d5 knight, which the e6 pawn defends in the second position
    let hanging = plus_pair("hanging", 10);
    assert_eq!(gain("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", &hanging), 10);
    assert_eq!(gain("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", &hanging), 0);
    // the same with a pawn on d5
    let weak = plus_pair("weak_pawn", 10);
    assert_eq!(gain("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", &weak), 10);
    assert_eq!(gain("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", &weak), 0);
    // the a5 passer's next square is free, unless the king on b7 attacks it
    let free = plus_pair("passed_free", 20);
    assert_eq!(gain("7k/8/8/P7/8/8/8/4K3 w - - 0 1", &free), 20);
    assert_eq!(gain("8/1k6/8/P7/8/8/8/4K3 w - - 0 1", &free), 0);
    // every piece is on the board, so space (a middlegame weight) counts whole
    let space = plus(&[("space", 10)]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(gain(start, &space), 0);
    // the e5 pawn: White has e2, c3-f3 and c4-f4 (9); Black c6, e6 (d6 and f6 are
    // attacked) and c5-f5 (4): 6
    let e5 = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(gain(e5, &space), 30);
}

#[test]
fn the_correction_key_is_the_pawns_of_each_side() {
    let key = |fen: &str| parse_fen(fen).expect("valid FEN").correction_key();
    let start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // the pieces and the side to move do not count
    assert_eq!(
        start,
        key("r1bqkb1r/pppppppp/2n2n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 3 2")
    );
    // a pawn step does
    assert_ne!(
        start,
        key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    // the same squares with the colours of the pawns swapped do
    assert_ne!(
        key("4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1"),
        key("4k3/8/8/3P4/8/8/3p4/4K3 w - - 0 1")
    );
}
