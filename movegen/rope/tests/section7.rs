//! Every test case and perft figure of section 7 of the rules file
//! (../shared/rules/rope.md), one test each.

mod common;

use common::{pos, rope, sorted, texts};
use escalade_core::Rules;
use escalade_core::{perft, Color, GameResult};
use escalade_rope::{form, Rope};

#[test]
fn start_white_has_four_moves() {
    let p = Rope::startpos(form::ROPE);
    assert_eq!(texts(&p), sorted(&["K1<->G2", "D5-8", "C6-8", "P7-8"]));
}

#[test]
fn start_black_has_four_moves() {
    let p = rope("KGRTDCP7pcdtrgk b Kk 0 1");
    assert_eq!(
        texts(&p),
        sorted(&["P15-14", "C16-14", "D17-14", "K21<->G20"])
    );
}

#[test]
fn start_perft_1_to_3() {
    let p = Rope::startpos(form::ROPE);
    let got: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
    assert_eq!(got, [4, 16, 68]);
    assert_eq!(perft::perft(&p, 3), 68, "the core's generic perft agrees");
}

#[test]
fn start_divide_3() {
    let p = Rope::startpos(form::ROPE);
    let mut d = perft::divide(&p, 3);
    d.sort();
    let mut want: Vec<(String, u64)> = [("K1<->G2", 12), ("D5-8", 24), ("C6-8", 16), ("P7-8", 16)]
        .iter()
        .map(|&(m, n)| (m.to_string(), n))
        .collect();
    want.sort();
    assert_eq!(d, want);
}

#[test]
fn hand_check_after_d5_8_white_has_six_moves() {
    // the rules' hand check of perft(3): after D5-8 and a black reply, White has 6 moves
    let p = common::play_all(&Rope::startpos(form::ROPE), &["D5-8", "P15-14"]);
    assert_eq!(
        texts(&p),
        sorted(&["K1<->G2", "T4-5", "D8-10", "D8-11", "D8-5", "C6-5"])
    );
}

#[test]
fn mini_start_moves() {
    let p = Rope::startpos(form::MINI);
    assert_eq!(texts(&p), sorted(&["K1<->G2", "D3-6", "C4-6", "P5-6"]));
    let b = pos(form::MINI, "KGDCP5pcdgk b Kk 0 1");
    assert_eq!(
        texts(&b),
        sorted(&["P11-10", "C12-10", "D13-10", "K15<->G14"])
    );
}

#[test]
fn mini_perft_and_divide() {
    let p = Rope::startpos(form::MINI);
    let got: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
    assert_eq!(got, [4, 16, 76]);
    let mut d = perft::divide(&p, 3);
    d.sort();
    let mut want: Vec<(String, u64)> = [("K1<->G2", 12), ("D3-6", 28), ("C4-6", 20), ("P5-6", 16)]
        .iter()
        .map(|&(m, n)| (m.to_string(), n))
        .collect();
    want.sort();
    assert_eq!(d, want);
}

#[test]
fn mini_alternative_placement() {
    let p = pos(form::MINI, "KG2DCP1pcd2gk w Kk 0 1");
    assert_eq!(
        texts(&p),
        sorted(&["K1^3", "K1<->G2", "G2-3", "D5-8", "D5-3", "C6-8", "C6-4", "P7-8"])
    );
    let got: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
    assert_eq!(got, [8, 64, 501]);
}

#[test]
fn unit_a_torch_rays() {
    let p = rope("K2T1p2p11k w - 0 1");
    assert_eq!(texts(&p), sorted(&["K1-2", "T4-3", "T4-5", "T4-7", "T4x9"]));
}

#[test]
fn unit_b_gold_mates_king() {
    let p = rope("Kgk18 w - 0 1");
    assert!(texts(&p).is_empty());
    assert!(p.in_check());
    assert_eq!(p.no_move_result(), GameResult::mate(Color::Black));
    // and yet the game is drawn: K+G v K is insufficient material by decision (A8)
    assert_eq!(
        p.rule_result(),
        Some(GameResult::Draw("Draw by insufficient material"))
    );
}

#[test]
fn unit_c_swap_out_of_check_across_attacked_squares() {
    let p = rope("K8r2P1G5k w K 0 1");
    assert!(p.in_check());
    assert_eq!(texts(&p), sorted(&["K1<->G15"]));
}

#[test]
fn unit_d2_hop_capture_and_refused_swap() {
    let p = rope("8dKG9k w K 0 1");
    assert_eq!(texts(&p), sorted(&["G11-12", "K10^8", "K10x9"]));
}

#[test]
fn unit_e_promotion_optional_in_zone_compulsory_on_last_square() {
    let p = rope("K8k6P2P1 w - 0 1");
    assert_eq!(
        texts(&p),
        sorted(&[
            "K1-2", "P17-18", "P17-18=C", "P17-18=D", "P17-18=T", "P17-18=R", "P20-21=C",
            "P20-21=D", "P20-21=T", "P20-21=R",
        ])
    );
}

#[test]
fn unit_f_dove_leaps() {
    let p = rope("K6ppDppp6k1 w - 0 1");
    assert_eq!(
        texts(&p),
        sorted(&["K1-2", "D10-7", "D10x8", "D10x12", "D10x13"])
    );
}
