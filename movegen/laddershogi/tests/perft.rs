//! Perft figures of the rules file (LS-2) and the start position's invariants (LS-1).

mod common;

use escalade_core::Rules;
use escalade_laddershogi::{LadderShogi, START_FEN};

#[test]
fn ls2_perft_start() {
    let p = LadderShogi::startpos(0);
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(common::turns(&p).len(), 15, "{:?}", common::turns(&p));
    assert_eq!(p.perft(1), 15);
    assert_eq!(p.perft(2), 225);
}

/// Regression figures (merged convention), beyond the rules file's d1/d2.
#[test]
fn start_perft_depth_3_and_4() {
    let p = LadderShogi::startpos(0);
    assert_eq!(p.perft(3), 3_870);
    assert_eq!(p.perft(4), 66_564);
}

/// Middlegame regression figures (positions of `examples/perft_stats.rs`).
#[test]
fn middlegame_perft() {
    let cases = [
        ("ljcdkpjl1u/hv4v3v2v2v31v42/1v1v12v1v11v11/v1v11H3v11v1/5v24/3v11v44/2V1HV1V21V1V31/V1V1V4V1V2D2V4V1/4V31V22H/U1LJPK1CJL w - 0", [49, 1_305, 65_499]),
        ("1j2k2l2/3d1c4/3v2v45/2v92v64/6p3/3P6/4V5V14/3V3D1CV82/3H6/U1L2K4 w 2VLh 0", [277, 36_444, 0]),
    ];
    for (fen, counts) in cases {
        let p = LadderShogi::from_fen(0, fen).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            if n > 0 {
                assert_eq!(p.perft(d as u32 + 1), n, "{fen} depth {}", d + 1);
            }
        }
    }
}

/// Check through a Dragon pair's experience transfer (and one Burakumin double move): the
/// positions and figures of `common::TRANSFER_POSITIONS`, counted by the brute force of
/// `brute_force.rs` (which also compares the turn lists position by position).
#[test]
fn experience_transfer_perft() {
    for (fen, d1, d2) in common::TRANSFER_POSITIONS {
        let p = LadderShogi::from_fen(0, fen).unwrap();
        assert!(p.in_check(), "{fen}");
        assert_eq!(p.perft(1), d1, "{fen} depth 1");
        assert_eq!(p.perft(2), d2, "{fen} depth 2");
    }
}

/// Deep figures, slow: `cargo test --release -p escalade-laddershogi --test perft -- --ignored`.
#[test]
#[ignore]
fn deep_perft() {
    let p = LadderShogi::startpos(0);
    assert_eq!(p.perft(5), 1_307_257);
    let q = LadderShogi::from_fen(
        0,
        "1j2k2l2/3d1c4/3v2v45/2v92v64/6p3/3P6/4V5V14/3V3D1CV82/3H6/U1L2K4 w 2VLh 0",
    )
    .unwrap();
    assert_eq!(q.perft(3), 8_843_329);
}
