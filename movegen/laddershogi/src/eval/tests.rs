//! Tests of the Ladder Shogi evaluation and its weights as data: the flat vector and the
//! table round-trip, and evaluating with the weights in use is the evaluation; and of the
//! network's inputs (their count, the colour-swapped image, the memo).

use super::*;
use escalade_core::Rules;
use escalade_eval::net_testsuite::check_network_file;
use escalade_eval::testsuite::check_weight_set;
use escalade_eval::Parameter;
use rand::{Rng, SeedableRng};

/// Weights of the set (`stage` and `stage_mobility` 10 each, `non_value` 11, `hand` 8,
/// 12 single weights).
const PARAMETERS: usize = 51;

/// Positions along seeded random games from the start, `games` games of up to `plies` plies.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<LadderShogi> {
    random_positions_from(&LadderShogi::startpos(0), seed, games, plies)
}

/// Positions along seeded random games from `first`, `games` games of up to `plies` plies.
fn random_positions_from(
    first: &LadderShogi,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<LadderShogi> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = first.clone();
        for _ in 0..plies {
            out.push(p.clone());
            if p.rule_result().is_some() {
                break;
            }
            p.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
    out
}

/// The table's evaluation, in either build (with the network the evaluation adds its
/// correction to it).
fn table(pos: &LadderShogi) -> i32 {
    evaluate_with(pos, &WEIGHTS)
}

#[test]
fn start_position_is_balanced() {
    let p = LadderShogi::startpos(0);
    assert_eq!(table(&p), WEIGHTS.tempo);
}

#[test]
fn a_higher_stage_is_worth_more() {
    let low = LadderShogi::from_fen(0, "4k5/10/10/10/4V35/10/10/10/10/5K4 w - 0").unwrap();
    let high = LadderShogi::from_fen(0, "4k5/10/10/10/4V75/10/10/10/10/5K4 w - 0").unwrap();
    assert!(table(&high) > table(&low));
}

#[test]
fn the_flat_vector_maps_to_the_weights_and_back() {
    let params = check_weight_set(&*WEIGHTS, "laddershogi");
    assert_eq!(params.len(), PARAMETERS);
    assert_eq!(params[0], Parameter::new("stage[1]", WEIGHTS.stage[1]));
    assert_eq!(
        params[20],
        Parameter::new("non_value[0]", WEIGHTS.non_value[0])
    );
    assert_eq!(params[50], Parameter::new("tempo", WEIGHTS.tempo));
    // where some places of the vector land
    let numbered: Vec<i32> = (0..PARAMETERS as i32).collect();
    let w = Weights::ZERO.with_values(&numbered).unwrap();
    assert_eq!((w.stage[0], w.stage[1], w.stage[10]), (0, 0, 9));
    assert_eq!((w.stage_mobility[0], w.stage_mobility[1]), (0, 10));
    assert_eq!((w.non_value[0], w.hand[7], w.tempo), (20, 39, 50));
}

// with the network the evaluation is the table and the network's correction
#[cfg(not(feature = "net"))]
#[test]
fn evaluate_with_the_weights_in_use_is_evaluate() {
    let seen = escalade_eval::testsuite::evaluate_with_matches_evaluate::<LadderShogi>(30, 100, 11);
    assert!(seen > 2_000, "{seen}");
}

#[test]
fn a_hand_weight_counts_once_per_piece_in_hand() {
    let mut more = WEIGHTS.clone();
    more.hand[HAND_VALUE] += 7;
    let mut in_hand = 0;
    for p in random_positions(5, 10, 120) {
        let us = p.side_to_move();
        let diff = p.hand_count(us, HAND_VALUE) as i32 - p.hand_count(!us, HAND_VALUE) as i32;
        in_hand += diff.abs();
        assert_eq!(
            Tunable::evaluate_with(&p, &more) - table(&p),
            7 * diff,
            "{}",
            p.to_fen()
        );
    }
    assert!(in_hand > 0, "no value piece was ever in hand");
}

/// The inputs of `pos` seen from `side`, sorted.
fn sorted_inputs(pos: &LadderShogi, side: Color) -> Vec<u16> {
    let mut seen = Vec::new();
    pos.net_inputs(side, &mut seen);
    seen.sort_unstable();
    seen
}

/// Positions for the input tests: random games from the start and from the two crowded
/// middlegames of `examples/perft_stats.rs` (hands of both sides, promoted pieces), the
/// documented positions of experience transfers and a hand above the inputs' counts.
fn input_positions() -> Vec<LadderShogi> {
    let mut out = random_positions(84, 6, 100);
    for fen in [
        "1j2k2l2/3d1c4/3v2v45/2v92v64/6p3/3P6/4V5V14/3V3D1CV82/3H6/U1L2K4 w 2VLh 0",
        "5k4/4c1d3/2b1v3v6v23/7n2/2p7/10/2VX4P2/3V2V7V44/R2C1D4/4K5 b VCvp 0",
    ] {
        let first = LadderShogi::from_fen(0, fen).unwrap();
        out.extend(random_positions_from(&first, 85, 3, 40));
    }
    for fen in [
        "10/10/7p2/4k5/2v17/4V1v54/4DVX4/3V26/10/K9 b l 0",
        "4k5/10/10/10/3v66/2V81V65/3D6/10/10/K9 b p 0",
        "4k5/3v36/2V81V45/3D6/10/10/10/10/10/K9 b v 0",
        "l2c5u/V14kv4d2/v11v11v11v11JV2/v1h4pHV1V1/V41v41V2K3v1/1v11hV13V1v1/VXV11V1jDV11jv3/V11V14V31V4/2Lv1C1v1V11H/U2P2VX1JL b L 0",
        "4k5/10/10/10/10/10/10/10/10/4K5 w 40V3L2pu 0",
    ] {
        out.push(LadderShogi::from_fen(0, fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
    }
    out
}

/// The FEN of the colour-swapped image of `pos`: the board turned by 180 degrees with the
/// colours swapped, the hands swapped, the other side to move.
fn colour_swapped(pos: &LadderShogi) -> String {
    let token = |kind: Kind, color: Color| {
        let text = if is_value(kind) {
            format!("V{}", stage_char(kind))
        } else {
            kind_letter(kind).to_string()
        };
        match color {
            Color::White => text,
            // the letter only: a stage of 10 stays `X`
            Color::Black => text[..1].to_lowercase() + &text[1..],
        }
    };
    let mut ranks = Vec::new();
    for rank in (0..10u8).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for file in 0..10u8 {
            match pos.piece_at(99 - (rank * 10 + file)) {
                None => empty += 1,
                Some((kind, color)) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += &token(kind, !color);
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        ranks.push(text);
    }
    let mut hands = String::new();
    for color in [Color::White, Color::Black] {
        for (hk, &letter) in HAND_LETTERS.iter().enumerate() {
            let n = pos.hand_count(!color, hk);
            if n > 1 {
                hands += &n.to_string();
            }
            if n > 0 {
                hands.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    let side = match pos.side_to_move() {
        Color::White => "b",
        Color::Black => "w",
    };
    let plies = pos.to_fen().rsplit(' ').next().unwrap().to_string();
    format!("{} {side} {hands} {plies}", ranks.join("/"))
}

#[test]
fn network_inputs_are_one_per_piece_on_the_board_and_in_hand() {
    let mut in_hand = 0;
    for pos in input_positions() {
        let fen = pos.to_fen();
        let held: usize = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| (0..HAND_KINDS).map(move |hk| (c, hk)))
            .map(|(c, hk)| usize::from(pos.hand_count(c, hk)).min(inputs::HAND_CAPS[hk]))
            .sum();
        let expected = pos.net_pieces() as usize + held;
        for side in [Color::White, Color::Black] {
            let mut seen = sorted_inputs(&pos, side);
            assert!(seen
                .iter()
                .all(|&i| usize::from(i) < LadderShogi::NET_INPUTS));
            assert_eq!(seen.len(), expected, "{fen}");
            seen.dedup();
            assert_eq!(seen.len(), expected, "{fen}");
        }
        in_hand += usize::from(held >= 2);
    }
    assert!(in_hand > 100, "{in_hand}");
    let start = LadderShogi::startpos(0);
    assert_eq!(start.net_pieces(), LadderShogi::NET_MOST_PIECES);
    assert_eq!(sorted_inputs(&start, Color::White).len(), 54);
    // the start is its own colour-swapped image: both sides see the same inputs
    assert_eq!(
        sorted_inputs(&start, Color::White),
        sorted_inputs(&start, Color::Black)
    );
    // elsewhere they differ: Black sees the board turned round
    let lone = LadderShogi::from_fen(0, "4k5/10/10/10/10/10/10/4V15/10/K9 w - 0").unwrap();
    assert_ne!(
        sorted_inputs(&lone, Color::White),
        sorted_inputs(&lone, Color::Black)
    );
    // the hand inputs count every piece of each kind in the game, both sides' together
    let mut in_game = [0; HAND_KINDS];
    for sq in start.occupied().squares() {
        if let Some(hk) = start.piece_at(sq).and_then(|(kind, _)| hand_index(kind)) {
            in_game[hk] += 1;
        }
    }
    assert_eq!(in_game, inputs::HAND_CAPS);
}

#[test]
fn a_colour_swapped_position_gives_each_side_the_same_inputs() {
    let image = |pos: &LadderShogi| {
        let image_fen = colour_swapped(pos);
        let image =
            LadderShogi::from_fen(0, &image_fen).unwrap_or_else(|e| panic!("{image_fen}: {e}"));
        // written as the rules write it: so the image's image is the position's very FEN
        assert_eq!(image.to_fen(), image_fen);
        Some(image)
    };
    let checked = escalade_eval::net_testsuite::check_colour_swap(input_positions(), image);
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_network_through_the_memo_equals_the_network_afresh() {
    let seen = escalade_eval::net_testsuite::check_network_memo::<LadderShogi>(6, 80, 84);
    assert!(seen > 400, "{seen}");
}

/// The network file, read as the `net` build reads it, in every build; the feature adds
/// its correction to the table.
#[test]
fn the_network_file_reads_and_corrects_the_table_a_little() {
    let start = LadderShogi::startpos(0);
    let correction = check_network_file(include_bytes!("laddershogi.net"), 32, &start);
    let played = start.evaluate() - table(&start);
    assert_eq!(played, if cfg!(feature = "net") { correction } else { 0 });
}
