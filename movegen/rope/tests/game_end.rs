//! Section 4 of the rules: mate, stalemate, the no-progress rule (24 plies, 20 in
//! `rope-mini`), insufficient material and threefold repetition (with swap rights in the key).

mod common;

use common::{play_all, pos, rope};
use escalade_core::Rules;
use escalade_core::{Color, Game, GameResult};
use escalade_rope::{form, Rope};

const NO_PROGRESS: GameResult = GameResult::Draw("Draw by the no-progress rule");
const INSUFFICIENT: GameResult = GameResult::Draw("Draw by insufficient material");

#[test]
fn stalemate_is_a_draw() {
    let p = rope("K1p17k w - 0 1");
    assert!(!p.in_check());
    assert!(!p.has_legal_move());
    assert_eq!(p.no_move_result(), GameResult::Draw("Draw by stalemate"));
}

#[test]
fn no_progress_after_24_plies() {
    let p = rope("K8k6P2P1 w - 23 1");
    assert_eq!(p.rule_result(), None);
    let q = play_all(&p, &["K1-2"]);
    assert_eq!(q.halfmove_clock(), 24, "a King move is no progress");
    assert_eq!(q.rule_result(), Some(NO_PROGRESS));
}

#[test]
fn pawn_moves_do_not_reset_but_captures_and_promotions_do() {
    let p = rope("K8k6P2P1 w - 5 1");
    assert_eq!(play_all(&p, &["P17-18"]).halfmove_clock(), 6);
    assert_eq!(play_all(&p, &["P17-18=C"]).halfmove_clock(), 0);
    let p = rope("K6ppDppp6k1 w - 9 1");
    assert_eq!(play_all(&p, &["D10x8"]).halfmove_clock(), 0);
}

#[test]
fn no_progress_after_20_plies_in_mini() {
    let p = pos(form::MINI, "K3C5k4 w - 20 1");
    assert_eq!(p.rule_result(), Some(NO_PROGRESS));
    let p = pos(form::MINI, "K3C5k4 w - 19 1");
    assert_eq!(p.rule_result(), None);
}

#[test]
fn mate_on_the_last_ply_wins() {
    let p = rope("Kgk16p1 w - 24 1");
    assert_eq!(p.rule_result(), None);
    assert_eq!(p.no_move_result(), GameResult::mate(Color::Black));
}

#[test]
fn insufficient_material_cases() {
    assert_eq!(rope("K19k w - 0 1").rule_result(), Some(INSUFFICIENT));
    assert_eq!(rope("KG18k w - 0 1").rule_result(), Some(INSUFFICIENT));
    assert_eq!(rope("K1T17k w - 0 1").rule_result(), Some(INSUFFICIENT));
    assert_eq!(rope("K17t1k w - 0 1").rule_result(), Some(INSUFFICIENT));
    assert_eq!(rope("KC18k w - 0 1").rule_result(), None);
    assert_eq!(rope("KP18k w - 0 1").rule_result(), None);
    assert_eq!(rope("KG17gk w - 0 1").rule_result(), None);
    // mini: K+G v K only (no Torches there)
    assert_eq!(
        pos(form::MINI, "KG12k w - 0 1").rule_result(),
        Some(INSUFFICIENT)
    );
    assert_eq!(pos(form::MINI, "KC12k w - 0 1").rule_result(), None);
    // pieces in hand and on stacks are material
    assert_eq!(pos(form::HOUSE, "K19k[P] w - 0 1").rule_result(), None);
    assert_eq!(pos(form::REGEN, "K19k w - R/- - 0 1").rule_result(), None);
}

#[test]
fn threefold_repetition() {
    let mut g = Game::new(Rope::startpos(form::ROPE));
    for m in ["C6-8", "C16-14", "C8-6", "C14-16", "C6-8", "C16-14", "C8-6"] {
        g.play_text(m).unwrap();
        assert_eq!(g.result(), None);
    }
    g.play_text("C14-16").unwrap();
    assert_eq!(g.result(), Some(GameResult::Draw("Draw by repetition")));
}

#[test]
fn swap_rights_are_part_of_the_repetition_key() {
    let a = rope("K1G15gk1 w Kk 0 1");
    let b = rope("K1G15gk1 w k 0 1");
    assert_ne!(a.hash(), b.hash());
}
