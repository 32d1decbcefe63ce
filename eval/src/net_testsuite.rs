//! Checks every game with an evaluation network runs in its tests: a seeded random network
//! of the game's shape ([`random_network_file`]) reads back, and along seeded random games
//! of every form its value through the thread's memo of accumulators equals its value
//! computed afresh from the position's inputs, and each input is below the game's count;
//! and, in a game whose rules are symmetric between the sides, a position and its
//! colour-swapped image give each side the same inputs ([`check_colour_swap`]).

use escalade_core::{Color, SeededRng};

use crate::net::Network;
use crate::{Evaluate, InputSet};

/// The bytes of a network file for `family` with random weights (hidden 16, 3 output
/// buckets, `screlu`), seeded.
pub fn random_network_file(family: &str, inputs: usize, most_pieces: u32, seed: u64) -> Vec<u8> {
    let (hidden, buckets) = (16, 3);
    let mut rng = SeededRng::new(seed);
    let mut small = |range: u64| (rng.next_u64() % (2 * range + 1)) as i64 - range as i64;
    let mut out = format!(
        "escalade-net-1 {family} {inputs} {hidden} 255 64 400 {buckets} {most_pieces} screlu\n"
    )
    .into_bytes();
    let shorts = inputs * hidden + hidden + 2 * hidden * buckets;
    for _ in 0..shorts {
        out.extend_from_slice(&(small(120) as i16).to_le_bytes());
    }
    for _ in 0..buckets {
        out.extend_from_slice(&(small(100_000) as i32).to_le_bytes());
    }
    out
}

/// Plays `games` seeded random games of up to `plies` plies in every form of `P` and checks
/// that a random network's value through the memo is its value afresh at each position
/// (and that the game's input sets hold its input list); returns the number of positions
/// checked.
pub fn check_network_memo<P: Evaluate>(games: usize, plies: usize, seed: u64) -> usize {
    let file = random_network_file(P::NET_FAMILY, P::NET_INPUTS, P::NET_MOST_PIECES, seed);
    let net = Network::read(&file, P::NET_FAMILY, P::NET_INPUTS).expect("a random network");
    crate::testsuite::random_walk::<P>(games, plies, seed, |_, p| {
        let inputs = |side: Color| {
            let mut list = Vec::new();
            p.net_inputs(side, &mut list);
            assert!(list.iter().all(|&i| usize::from(i) < P::NET_INPUTS));
            let (mut sets, mut from_sets) = (Vec::new(), Vec::new());
            p.net_input_sets(side, &mut sets);
            InputSet::expand(&sets, &mut from_sets);
            let mut sorted = list.clone();
            sorted.sort_unstable();
            from_sets.sort_unstable();
            assert_eq!(from_sets, sorted, "the sets' inputs are the list's");
            list
        };
        let us = p.side_to_move();
        let fresh = net.evaluate_inputs(&inputs(us), &inputs(!us), p.net_pieces());
        assert_eq!(net.evaluate(p), fresh, "{}", p.to_fen());
    })
}

/// Checks each of `positions` against its colour-swapped image, which `image` builds by the
/// game's own rules (through its FEN, say), `None` where a position has none: the image's
/// image is the position again (the same FEN); the two hold as many pieces
/// (`net_pieces`); the rules agree (as many legal moves, a rule result in both or in
/// neither); and each side's inputs in the position, sorted, are the other side's in the
/// image. Returns the number of positions checked (those with an image).
pub fn check_colour_swap<P: Evaluate>(
    positions: impl IntoIterator<Item = P>,
    image: impl Fn(&P) -> Option<P>,
) -> usize {
    let sorted_inputs = |p: &P, side: Color| {
        let mut list = Vec::new();
        p.net_inputs(side, &mut list);
        list.sort_unstable();
        list
    };
    let (mut moves, mut image_moves) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for pos in positions {
        let Some(swapped) = image(&pos) else {
            continue;
        };
        let fen = pos.to_fen();
        let back = image(&swapped)
            .unwrap_or_else(|| panic!("{fen}: its image {} has none", swapped.to_fen()));
        assert_eq!(back.to_fen(), fen, "the image's image");
        assert_eq!(swapped.net_pieces(), pos.net_pieces(), "{fen}");
        pos.generate_moves(&mut moves);
        swapped.generate_moves(&mut image_moves);
        assert_eq!(moves.len(), image_moves.len(), "{fen}");
        let ended = |p: &P| p.rule_result().is_some();
        assert_eq!(ended(&pos), ended(&swapped), "{fen}");
        for side in [Color::White, Color::Black] {
            let (seen, image_seen) = (sorted_inputs(&pos, side), sorted_inputs(&swapped, !side));
            assert_eq!(seen, image_seen, "{fen}: {side:?}");
        }
        checked += 1;
    }
    checked
}

/// Checks a game's network file as its `net` build reads it (so the file stays readable
/// whichever way the feature is set): it reads as a network of `P`'s family with `hidden`
/// units, and its value of `start` is a correction (not 0, under 200 cp). Returns that
/// correction, which the caller compares with what its build plays.
pub fn check_network_file<P: Evaluate>(bytes: &[u8], hidden: usize, start: &P) -> i32 {
    let network = Network::embedded(bytes, P::NET_FAMILY, P::NET_INPUTS);
    assert_eq!(network.hidden(), hidden, "{} network", P::NET_FAMILY);
    let correction = network.evaluate(start);
    assert!(
        correction != 0 && correction.abs() < 200,
        "{} network corrects its start by {correction}",
        P::NET_FAMILY
    );
    correction
}
