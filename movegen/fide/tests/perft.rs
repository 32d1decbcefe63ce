//! Perft against the published figures. The quick depths run in CI; the deep ones are
//! `#[ignore]`d: `cargo test --release -p escalade-fide --test perft -- --ignored`.

use escalade_core::Rules;
use escalade_fide::Chess;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn perft(fen: Option<&str>, depth: u32) -> u64 {
    let pos = match fen {
        Some(f) => Chess::from_fen(0, f).unwrap(),
        None => Chess::startpos(0),
    };
    pos.perft(depth)
}

#[test]
fn start_position_shallow() {
    assert_eq!(perft(None, 1), 20);
    assert_eq!(perft(None, 2), 400);
    assert_eq!(perft(None, 3), 8_902);
    assert_eq!(perft(None, 4), 197_281);
    assert_eq!(perft(None, 5), 4_865_609);
}

#[test]
fn kiwipete_shallow() {
    assert_eq!(perft(Some(KIWIPETE), 1), 48);
    assert_eq!(perft(Some(KIWIPETE), 2), 2_039);
    assert_eq!(perft(Some(KIWIPETE), 3), 97_862);
    assert_eq!(perft(Some(KIWIPETE), 4), 4_085_603);
}

#[test]
fn other_published_positions_shallow() {
    assert_eq!(perft(Some(POS3), 5), 674_624);
    assert_eq!(perft(Some(POS4), 4), 422_333);
    assert_eq!(perft(Some(POS5), 3), 62_379);
    assert_eq!(perft(Some(POS6), 3), 89_890);
}

#[test]
fn generic_path_agrees_with_fast_path() {
    for fen in [KIWIPETE, POS3, POS4, POS5, POS6] {
        let pos = Chess::from_fen(0, fen).unwrap();
        assert_eq!(escalade_core::perft::perft(&pos, 3), pos.perft(3), "{fen}");
    }
}

#[test]
#[ignore = "deep: run with --ignored in release"]
fn published_deep_figures() {
    assert_eq!(perft(None, 6), 119_060_324);
    assert_eq!(perft(Some(KIWIPETE), 5), 193_690_690);
    assert_eq!(perft(Some(POS3), 6), 11_030_083);
    assert_eq!(perft(Some(POS4), 5), 15_833_292);
    assert_eq!(perft(Some(POS5), 5), 89_941_194);
    assert_eq!(perft(Some(POS6), 5), 164_075_551);
}
