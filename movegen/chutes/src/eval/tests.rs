//! Tests of the Chutes and Ladders evaluation: balance, material, transport danger, the
//! weights as data (the flat vector, the generated table, `evaluate_with` along random
//! games) and the network's inputs (their count and order, the colour-swapped image, the
//! memo).

use super::*;
use crate::{fr_name, parse_square, square_name};
use escalade_eval::net_testsuite::check_network_file;
use escalade_eval::testsuite::check_weight_set;
use escalade_eval::Parameter;

#[test]
fn bench_positions_read() {
    for fen in BENCH_FENS {
        assert!(Chutes::from_fen(0, fen).is_ok(), "{fen}");
    }
}

/// The table's evaluation, in either build (with the network the evaluation adds its
/// correction to it).
fn table(pos: &Chutes) -> i32 {
    evaluate_with(pos, &WEIGHTS)
}

#[test]
fn start_is_balanced_and_material_counts() {
    let start = Chutes::start();
    assert_eq!(table(&start), WEIGHTS.tempo);
    let up_a_queen = Chutes::from_fen(
        0,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - - 0 1",
    )
    .unwrap();
    assert!(table(&up_a_queen) > 700);
}

#[test]
fn a_king_that_can_be_dropped_into_attack_is_in_danger() {
    // White's K1e6 can be dropped by a Black chute onto 0e6, attacked by the rook.
    let danger =
        Chutes::from_fen(0, "4r2k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - - - 0 1").unwrap();
    let quiet =
        Chutes::from_fen(0, "3r3k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - - - 0 1").unwrap();
    assert!(table(&quiet) - table(&danger) >= -WEIGHTS.transport_into_attack);
    // once Black owns two chutes, the King cannot be dropped
    let no_slots = Chutes::from_fen(
        0,
        "4r2k/8/8/8/8/8/8/K7|7k/8/4K3/8/8/8/8/8 w - - ca2,cb2 - 0 1",
    )
    .unwrap();
    assert!(table(&no_slots) > table(&danger));
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = check_weight_set(&*WEIGHTS, "chutes");
    assert_eq!(params.len(), 25);
    assert_eq!(
        params[4],
        Parameter::new("material[4]", WEIGHTS.material[4])
    );
    assert_eq!(params[24], Parameter::new("tempo", WEIGHTS.tempo));
}

#[test]
fn a_changed_weight_changes_the_evaluation() {
    let start = Chutes::start();
    let mut values = WEIGHTS.values();
    values[24] += 7;
    let w = WEIGHTS.with_values(&values).expect("right length");
    assert_eq!(start.evaluate_with(&w), table(&start) + 7);
    // a queen more for White, White to move: queens worth 80 more add 80
    let up_a_queen = Chutes::from_fen(
        0,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - - - 0 1",
    )
    .unwrap();
    let mut values = WEIGHTS.values();
    values[4] += 80;
    let w = WEIGHTS.with_values(&values).expect("right length");
    assert_eq!(up_a_queen.evaluate_with(&w), table(&up_a_queen) + 80);
}

// with the network the evaluation is the table and the network's correction
#[cfg(not(feature = "net"))]
#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<Chutes>(25, 100, 5);
    assert!(seen > 2_000, "{seen}");
}

/// Positions along seeded random games from the start (the start included).
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Chutes> {
    let mut out = Vec::new();
    escalade_eval::testsuite::random_walk::<Chutes>(games, plies, seed, |_, p| out.push(*p));
    out
}

/// The bench positions, the start and positions of random games (things of both owners).
fn input_positions() -> Vec<Chutes> {
    let mut out: Vec<Chutes> = BENCH_FENS
        .iter()
        .map(|fen| Chutes::from_fen(0, fen).unwrap())
        .collect();
    out.extend(random_positions(85, 6, 60));
    out
}

/// The inputs of `pos` seen from `side`, sorted.
fn sorted_inputs(pos: &Chutes, side: Color) -> Vec<u16> {
    let mut seen = Vec::new();
    pos.net_inputs(side, &mut seen);
    seen.sort_unstable();
    seen
}

/// The FEN of the colour-swapped image of the position `fen`: each board turned over
/// (rank 8 first becomes rank 1 first), colours, side to move, castling rights and owners
/// swapped, squares and file-ranks turned over (`^ 56`). `None` for White's first turn,
/// which has no image (Black never moves first).
fn colour_swapped(fen: &str) -> Option<String> {
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let turn_square = |text: &str| square_name(parse_square(text).unwrap() ^ 56);
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f[5] == "first" {
        return None;
    }
    let boards = f[0]
        .split('|')
        .map(|board| swap_case(&board.split('/').rev().collect::<Vec<_>>().join("/")))
        .collect::<Vec<_>>()
        .join("|");
    let side = if f[1] == "w" { "b" } else { "w" };
    let ep = match f[3].split_once(':') {
        Some((target, victim)) => format!("{}:{}", turn_square(target), turn_square(victim)),
        None => f[3].to_string(),
    };
    let things = if f[4] == "-" {
        "-".to_string()
    } else {
        f[4].split(',')
            .map(|item| {
                let (letter, at) = item.split_at(1);
                let fr = crate::square::parse_fr(at).unwrap() ^ 56;
                swap_case(letter) + &fr_name(fr)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let rest = [side, &swap_case(f[2]), &ep, &things, f[5], f[6], f[7]];
    Some(format!("{boards} {}", rest.join(" ")))
}

#[test]
fn network_inputs_are_one_per_man_and_thing_and_one_per_slot_in_use() {
    let (mut with_things, mut full_slots) = (0, 0);
    for pos in input_positions() {
        let fen = pos.to_fen();
        let slots: u32 = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| [false, true].map(|chute| pos.owned_count(c, chute)))
            .sum();
        let expected = pos.net_pieces() + pos.things().count_ones() + slots;
        for side in [Color::White, Color::Black] {
            let mut seen = Vec::new();
            pos.net_inputs(side, &mut seen);
            // listed in order, each once: the memo needs no sort
            assert!(seen.is_sorted(), "{fen}");
            assert!(seen.iter().all(|&i| usize::from(i) < Chutes::NET_INPUTS));
            assert_eq!(seen.len() as u32, expected, "{fen}");
            seen.dedup();
            assert_eq!(seen.len() as u32, expected, "{fen}");
        }
        with_things += usize::from(pos.things() != 0);
        full_slots += usize::from(pos.owned_count(Color::Black, true) == 2);
    }
    assert!(
        with_things > 100 && full_slots > 10,
        "{with_things} {full_slots}"
    );
    let start = Chutes::start();
    assert_eq!(start.net_pieces(), Chutes::NET_MOST_PIECES);
    assert_eq!(sorted_inputs(&start, Color::White).len(), 64);
    // the start is its own colour-swapped image: both sides see the same inputs
    assert_eq!(
        sorted_inputs(&start, Color::White),
        sorted_inputs(&start, Color::Black)
    );
    // a ladder of White's on e3 is Black's ladder on e6 as Black sees it
    let ladder = |fen| Chutes::from_fen(0, fen).unwrap();
    let white = ladder("7k/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/K7 b - - Le3 - 0 1");
    let black = ladder("k7/8/8/8/8/8/8/7K|k7/8/8/8/8/8/8/7K w - - le6 - 0 1");
    assert_eq!(
        sorted_inputs(&white, Color::Black),
        sorted_inputs(&black, Color::White)
    );
    assert_ne!(
        sorted_inputs(&white, Color::White),
        sorted_inputs(&white, Color::Black)
    );
}

#[test]
fn a_colour_swapped_position_gives_each_side_the_same_inputs() {
    let image = |pos: &Chutes| {
        let image_fen = colour_swapped(&pos.to_fen())?;
        Some(Chutes::from_fen(0, &image_fen).unwrap_or_else(|e| panic!("{image_fen}: {e}")))
    };
    let checked = escalade_eval::net_testsuite::check_colour_swap(input_positions(), image);
    assert!(checked > 300, "{checked}");
}

#[test]
fn a_network_through_the_memo_equals_the_network_afresh() {
    let seen = escalade_eval::net_testsuite::check_network_memo::<Chutes>(6, 80, 85);
    assert!(seen > 400, "{seen}");
}

/// The network file, read as the `net` build reads it, in every build; the feature adds
/// its correction to the table.
#[test]
fn the_network_file_reads_and_corrects_the_table_a_little() {
    let start = Chutes::start();
    let correction = check_network_file(include_bytes!("chutes.net"), 32, &start);
    let played = start.evaluate() - table(&start);
    assert_eq!(played, if cfg!(feature = "net") { correction } else { 0 });
}
