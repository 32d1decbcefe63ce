//! The core's generic test suite on every form's start position and on hand-picked
//! positions of each form (FEN and move-text round trips, copy-make, incremental hash,
//! fast perft against the generic one, random legal play against the game-end verdict).

use escalade_core::testsuite;
use escalade_core::Rules;
use escalade_rope::{form, Rope};

#[test]
fn generic_suite_on_every_form() {
    testsuite::run_suite::<Rope>(
        &[
            "K2T1p2p11k w - 0 1",
            "K8r2P1G5k w K 0 1",
            "K8k6P2P1 w - 0 1",
            "K6ppDppp6k1 w - 0 1",
        ],
        40,
        120,
    );
}

#[test]
fn suite_on_positions_of_each_form() {
    let cases: &[(usize, &str)] = &[
        (form::MINI, "KG2DCP1pcd2gk w Kk 0 1"),
        (form::THREE_CHECK, "K1GTR5D3rd2tgk w Kk 2+1 3 9"),
        (form::REGEN, "1KGTDCP7pcdtrgk w - R/- - 2 3"),
        (form::REGEN, "K1RTD1P7pcdt1gk b - GC/r w 0 5"),
        (form::HOUSE, "K1R~TD1P7pc1tr1k[GCPPgd] w K 0 9"),
        (form::HOUSE, "K3P8p6k[RTDCGPrtdcgp] b Kk 0 20"),
        (form::DICE, "KGRTD1P1C5pcdtrgk b Kk - 1 1"),
        (form::DICE, "KGRTD1P1C5pcdtrgk w Kk 9 1 1"),
    ];
    for (i, &(f, fen)) in cases.iter().enumerate() {
        let p = Rope::from_fen(f, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        testsuite::check_position(&p);
        testsuite::random_playouts(&p, 30, 100, 1000 + i as u64);
        testsuite::check_perft_paths(&p, 2, 10, 3, 2000 + i as u64);
    }
}

#[test]
fn fast_perft_matches_generic_at_depth_4() {
    for f in 0..Rope::FORMS.len() {
        let p = Rope::startpos(f);
        assert_eq!(
            p.perft(4),
            escalade_core::perft::perft(&p, 4),
            "form {}",
            Rope::FORMS[f].name
        );
    }
}
