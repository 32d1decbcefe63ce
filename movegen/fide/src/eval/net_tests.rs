//! Tests of FIDE's evaluation network: the memo of accumulators, the activations, the
//! output buckets and the refusal of malformed files.

use super::*;
use escalade_core::Rules;

/// The evaluation from accumulators built afresh (the thread's memo left alone).
fn fresh(net: &Network, pos: &Chess) -> i32 {
    let pieces = Placement::of(pos);
    let built = net.refresh(&pieces, net.views(&pieces));
    net.output(
        Portable,
        &built.accumulators,
        pos.side_to_move(),
        net.bucket(pieces.count()),
    )
}

/// A network file with every hidden weight zero (so each unit is its bias, from both
/// perspectives), the given hidden biases, each bucket's output weights (the side to
/// move's units, then the other side's; missing ones zero) and output biases.
fn synthetic(
    activation: &str,
    hidden_bias: &[i16],
    outputs: &[[&[i16]; 2]],
    biases: &[i32],
) -> Vec<u8> {
    let mut file = format!(
        "{MAGIC} {HIDDEN} 255 64 400 {} {activation}\n",
        biases.len()
    )
    .into_bytes();
    let mut push = |values: &[i16], len: usize| {
        for i in 0..len {
            file.extend(values.get(i).copied().unwrap_or(0).to_le_bytes());
        }
    };
    push(&[], BUCKET_INPUTS * HIDDEN);
    push(hidden_bias, HIDDEN);
    for [ours, theirs] in outputs {
        push(ours, HIDDEN);
        push(theirs, HIDDEN);
    }
    for bias in biases {
        file.extend(bias.to_le_bytes());
    }
    file
}

fn start() -> Chess {
    crate::parse_fen(crate::START_FEN).expect("valid")
}

/// The next number of a linear congruential sequence.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// A network file of random weights (small enough that no sum wraps) in the king layout
/// `kings`, with 8 output buckets and squared units.
fn random_network(kings: &str, mut seed: u64) -> Network {
    let layout = KingLayout::parse(Some(kings)).expect("a layout");
    let mut file = format!("{MAGIC} {HIDDEN} 255 64 400 8 screlu {kings}\n").into_bytes();
    let mut push = |len: usize, range: i64| {
        for _ in 0..len {
            let value = (next(&mut seed) as i64 % (2 * range + 1) - range) as i16;
            file.extend(value.to_le_bytes());
        }
    };
    push(BUCKET_INPUTS * layout.buckets() * HIDDEN, 60);
    push(HIDDEN, 200);
    push(8 * 2 * HIDDEN, 128);
    for bucket in 0..8_i32 {
        file.extend((bucket * 1000 - 3000).to_le_bytes());
    }
    Network::read(&file).expect("well formed")
}

#[test]
fn updated_accumulators_evaluate_as_fresh_ones() {
    walk_evaluating_as_fresh(&NETWORK);
}

#[test]
fn a_king_crossing_into_another_bucket_or_half_rebuilds_its_side_only_as_fresh() {
    for (kings, seed) in [("mirror4", 7), ("mirror", 8)] {
        let crossings = walk_evaluating_as_fresh(&random_network(kings, seed));
        assert!(
            crossings > 20,
            "{kings}: only {crossings} kings changed view"
        );
    }
}

/// A walk through the tree as a search takes it: down a random move, sometimes back up a
/// few plies, evaluating every position it reaches with `net` (on a processor with AVX2,
/// `evaluate` runs the code compiled for it and `fresh` the portable code, so this also
/// holds the two builds to the same integers). Returns how many steps changed a side's
/// view (its king's bucket or half).
fn walk_evaluating_as_fresh(net: &Network) -> usize {
    let mut path = vec![start()];
    let mut seed = 12345_u64;
    let mut updates = 0;
    let mut crossings = 0;
    let mut views = net.views(&Placement::of(&path[0]));
    for _ in 0..3000 {
        let pick = next(&mut seed) as usize;
        let mut moves = Vec::new();
        path.last().expect("a position").generate_moves(&mut moves);
        if moves.is_empty() || path.len() > 40 || pick.is_multiple_of(5) {
            let back = 1 + pick % 4;
            path.truncate(path.len().saturating_sub(back).max(1));
        } else {
            let next = path
                .last()
                .expect("a position")
                .play(moves[pick % moves.len()]);
            path.push(next);
        }
        let pos = path.last().expect("a position");
        let before = LAST.with_borrow(|last| last.as_ref().map(|l| l.pieces));
        let updated = net.evaluate(pos);
        if before.is_some_and(|b| b.changes(&Placement::of(pos)) <= 24) {
            updates += 1;
        }
        assert_eq!(updated, fresh(net, pos), "{pos:?}");
        let now = net.views(&Placement::of(pos));
        crossings += usize::from(now != views);
        views = now;
    }
    assert!(updates > 2500, "only {updates} updates");
    crossings
}

/// `fen`'s board seen in a mirror (files reversed); no castling, no en passant.
fn files_reversed(fen: &str) -> Chess {
    let (board, rest) = fen.split_once(' ').expect("a FEN");
    let ranks: Vec<String> = board
        .split('/')
        .map(|r| r.chars().rev().collect())
        .collect();
    let side = rest.split(' ').next().expect("a side to move");
    crate::parse_fen(&format!("{} {side} - - 0 1", ranks.join("/"))).expect("valid")
}

#[test]
fn each_layout_sees_both_sides_alike_and_a_mirrored_one_sees_mirrored_boards_alike() {
    let fens = [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
        "6k1/5ppp/8/3K4/8/8/1P6/8 b - - 0 1",
        "2kr3r/ppp2ppp/8/4q3/8/8/PPP1QPPP/4RK2 w - - 0 1",
        "8/8/3k4/8/2P5/8/8/5K2 w - - 0 1",
    ];
    for kings in ["plain", "mirror", "mirror4"] {
        let net = random_network(kings, 99);
        for fen in fens {
            let eval = fresh(&net, &crate::parse_fen(fen).expect("valid"));
            let colours_swapped = crate::parse_fen(&super::super::tests::mirror(fen));
            assert_eq!(
                eval,
                fresh(&net, &colours_swapped.expect("valid")),
                "{kings} {fen}"
            );
            if kings != "plain" {
                assert_eq!(eval, fresh(&net, &files_reversed(fen)), "{kings} {fen}");
            }
        }
    }
}

#[test]
fn a_thread_keeps_apart_the_accumulators_of_two_networks() {
    let embedded = EMBEDDED;
    let mut changed = embedded.to_vec();
    // every hidden bias zero: the accumulators differ in every unit
    let header = embedded.iter().position(|&b| b == b'\n').expect("a header") + 1;
    let bias = header + 2 * BUCKET_INPUTS * NETWORK.kings.buckets() * HIDDEN;
    changed[bias..bias + 2 * HIDDEN].fill(0);
    let other = Network::read(&changed).expect("well formed");
    let pos = start();
    let ours = NETWORK.evaluate(&pos);
    let theirs = other.evaluate(&pos);
    assert_ne!(ours, theirs);
    assert_eq!(theirs, fresh(&other, &pos));
    assert_eq!(NETWORK.evaluate(&pos), ours);
}

#[test]
fn each_activation_weighs_its_units_as_the_trainer_does() {
    // units at 1.0 (255), clipped from 300 and from below zero, and at 100/255; the
    // output weights 2/64 and 64/64 for the side to move, 1/64 for the other side
    let bias = [255, -5, 300, 100];
    let outputs: [[&[i16]; 2]; 1] = [[&[2, 0, 0, 64], &[1]]];
    let evaluate = |activation: &str| {
        let net = Network::read(&synthetic(activation, &bias, &outputs, &[0])).expect("valid");
        net.evaluate(&start())
    };
    // clipped: (1 * 2/64 + 100/255 * 1) + 1 * 1/64 = 0.43903 -> 175.6 cp
    assert_eq!(evaluate("crelu"), 175);
    // squared: (1 * 2/64 + (100/255)^2 * 1) + 1 * 1/64 = 0.20066 -> 80.3 cp
    assert_eq!(evaluate("screlu"), 80);
}

#[test]
fn a_squared_unit_takes_the_largest_output_weights_that_fit_16_bits() {
    // a unit at 1.0 (255) times 128/64 is 2.0, 800 cp: 255 * 128 = 32,640 fits 16 bits
    let net = |weight: i16, activation: &str| {
        let outputs: [[&[i16]; 2]; 1] = [[&[weight], &[]]];
        Network::read(&synthetic(activation, &[255], &outputs, &[0]))
    };
    for (weight, cp) in [(128, 800), (-128, -800)] {
        let evaluation = net(weight, "screlu").map(|n| n.evaluate(&start()));
        assert_eq!(evaluation, Ok(cp), "{weight}");
    }
    // 129 * 255 does not fit: refused for screlu, taken for crelu (which needs no square)
    assert_eq!(
        net(129, "screlu").err(),
        Some(NetError::OutputWeightTooLarge(129))
    );
    assert_eq!(net(129, "crelu").map(|n| n.evaluate(&start())), Ok(806));
}

#[test]
fn the_number_of_pieces_picks_the_output_bucket() {
    // bucket i's bias is i * 10 cp (408 / (255 * 64) * 400); 8 buckets of 4 pieces
    let biases: Vec<i32> = (0..8).map(|i| i * 408).collect();
    let outputs = vec![[&[][..], &[][..]]; 8];
    let net = Network::read(&synthetic("screlu", &[], &outputs, &biases)).expect("valid");
    let eval = |fen: &str| net.evaluate(&crate::parse_fen(fen).expect("valid"));
    assert_eq!(eval(crate::START_FEN), 70); // 32 pieces
    assert_eq!(eval("8/8/8/8/8/8/6kp/K7 w - - 0 1"), 0); // 3 pieces
    assert_eq!(eval("4k3/pppp4/8/8/8/8/PPP5/4K3 w - - 0 1"), 10); // 9 pieces
    assert_eq!(eval("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"), 20); // 10 pieces
    assert_eq!(eval("4k3/pppppp2/8/8/8/8/PPPPP3/4K3 w - - 0 1"), 20); // 13 pieces
    assert_eq!(eval("4k3/pppppp2/8/8/8/8/PPPPPP2/4K3 w - - 0 1"), 30); // 14 pieces
}

/// A header template with this build's width for `H` (and half of it for `HALF`).
fn with_width(template: &str) -> String {
    template
        .replace("HALF", &(HIDDEN / 2).to_string())
        .replace(" H ", &format!(" {HIDDEN} "))
}

#[test]
fn malformed_files_are_refused() {
    assert_eq!(Network::read(b"no newline").err(), Some(NetError::NoHeader));
    for header in [
        // another magic, another hidden size, the old format's header
        "other-net H 255 64 400 1 crelu\n",
        "escalade-fide-net-2 HALF 255 64 400 1 crelu\n",
        "escalade-fide-net-1 H 255 64 400\n",
        // a stray field, a missing one, an unknown activation
        "escalade-fide-net-2 H x 255 64 400 1 crelu\n",
        "escalade-fide-net-2 H 255 64 400 1\n",
        "escalade-fide-net-2 H 255 64 400 1 relu\n",
        // quantization factors whose product overflows; no bucket, too many
        "escalade-fide-net-2 H 65536 65536 400 1 crelu\n",
        "escalade-fide-net-2 H 255 64 400 0 crelu\n",
        "escalade-fide-net-2 H 255 64 400 33 screlu\n",
        // an unknown king layout, a field after the layout
        "escalade-fide-net-2 H 255 64 400 1 crelu mirror9\n",
        "escalade-fide-net-2 H 255 64 400 1 crelu mirror 1\n",
    ]
    .map(with_width)
    {
        assert!(
            matches!(
                Network::read(header.as_bytes()),
                Err(NetError::BadHeader(_))
            ),
            "{header}"
        );
    }
    assert!(matches!(
        Network::read(
            &[
                with_width("escalade-fide-net-2 H 255 64 400 1 crelu\n").as_bytes(),
                b"\x00\x01"
            ]
            .concat()
        ),
        Err(NetError::BadLength { found: 2, .. })
    ));
    // a file sized for one bucket and one king bucket whose header announces two, or four
    // king buckets; the same with a one-bucket layout named is well formed
    let one = synthetic("crelu", &[], &[[&[], &[]]], &[0]);
    let body = &one[one.iter().position(|&b| b == b'\n').expect("a header")..];
    let with_header = |header: &str| [with_width(header).as_bytes(), body].concat();
    for header in [
        "escalade-fide-net-2 H 255 64 400 2 crelu",
        "escalade-fide-net-2 H 255 64 400 1 crelu mirror4",
    ] {
        assert!(matches!(
            Network::read(&with_header(header)),
            Err(NetError::BadLength { .. })
        ));
    }
    assert!(Network::read(&with_header(
        "escalade-fide-net-2 H 255 64 400 1 crelu mirror"
    ))
    .is_ok());
}

#[test]
fn the_width_of_the_layer_is_read_from_the_embedded_header() {
    assert_eq!(
        hidden_units(b"escalade-fide-net-2 256 255 64 400 8 screlu\n"),
        256
    );
    assert_eq!(
        hidden_units(b"escalade-fide-net-2 32 255 64 400 1 crelu\n"),
        32
    );
    let end = EMBEDDED.iter().position(|&b| b == b'\n').expect("a header");
    let header = std::str::from_utf8(&EMBEDDED[..end]).expect("an ASCII header");
    assert!(
        header.starts_with(&format!("{MAGIC} {HIDDEN} ")),
        "{header}"
    );
}
