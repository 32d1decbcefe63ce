//! Perft figures (hand-checked ones are derived in docs/rules/chutes.md) and agreement of
//! the fast perft with the generic one. Deep figures are `#[ignore]`d:
//! `cargo test --release -p escalade-chutes --test perft -- --ignored`.

use escalade_chutes::Chutes;
use escalade_core::perft;
use escalade_core::Rules;

fn both(fen: &str, depth: u32) -> u64 {
    let p = Chutes::from_fen(0, fen).unwrap();
    let fast = p.perft(depth);
    assert_eq!(
        fast,
        perft::perft(&p, depth),
        "fast and generic perft differ at depth {depth}: {fen}"
    );
    fast
}

#[test]
fn start_position_low_depths() {
    let p = Chutes::startpos(0);
    // 20 Part 1 moves on each board, White's first turn has no Part 2
    assert_eq!(p.perft(1), 40);
    assert_eq!(perft::perft(&p, 1), 40);
    // 40 x 40 Part 1 pairs, each Black turn with 1 + 34 ladders + 34 chutes
    assert_eq!(p.perft(2), 110_400);
    assert_eq!(perft::perft(&p, 2), 110_400);
}

#[test]
fn kings_only_hand_checked() {
    // 6 King moves x (1 + 63 ladders + 63 chutes)
    assert_eq!(
        both("7k/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/K7 w - - - - 0 1", 1),
        762
    );
}

#[test]
fn endgame_e2_hand_checked() {
    // after 1. 0d6-0d7+/+0d8: 2 Part 1 moves x (1 + 61 + 61)
    let fen = "4k3/3P4/4K3/8/8/8/8/8|4k3/8/4K3/8/8/8/8/8 b - - Ld8 - 0 1";
    assert_eq!(both(fen, 1), 246);
    assert_eq!(both(fen, 2), 401_528);
}

#[test]
fn seed_positions_without_moves() {
    // the opening example's mate and the D3 stalemate
    let mate = "rnbqkbnr/ppppp1pp/6L1/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq|KQkq - Lg6 - 1 2";
    assert!(
        Chutes::from_fen(0, mate).is_err(),
        "an entrance cannot hold a man"
    );
    let mate = "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq|KQkq - Lg6 - 1 2";
    assert_eq!(both(mate, 1), 0);
    assert_eq!(
        both("k7/2Q5/8/8/8/8/8/4K3|k7/2Q5/8/8/8/8/8/4K3 b - - - - 0 1", 1),
        0
    );
}

#[test]
#[ignore = "about 5 s in release; run with --ignored"]
fn start_position_depth_3() {
    assert_eq!(Chutes::startpos(0).perft(3), 319_848_444);
}

#[test]
#[ignore = "about 4 s in release; run with --ignored"]
fn endgame_e2_depth_3() {
    let fen = "4k3/3P4/4K3/8/8/8/8/8|4k3/8/4K3/8/8/8/8/8 b - - Ld8 - 0 1";
    assert_eq!(both(fen, 3), 226_589_313);
}
