//! Bad input: malformed FENs and unparsable or illegal moves give typed errors with a
//! reason, never a panic.

mod common;

use common::{play_all, pos};
use escalade_core::MoveError;
use escalade_core::{MoveNotation, Rules};
use escalade_rope::{form, Rope};

#[test]
fn bad_fens_are_refused() {
    let bad: &[(usize, &str)] = &[
        (form::ROPE, ""),
        (form::ROPE, "KGRTDCP7pcdtrgk"),
        (form::ROPE, "KGRTDCP7pcdtrgk w"),
        (form::ROPE, "KGRTDCP7pcdtrgk x Kk 0 1"),
        (form::ROPE, "KGRTDCP7pcdtrgk w KQ 0 1"),
        (form::ROPE, "KGRTDCP7pcdtrgk w Kk -3 1"),
        (form::ROPE, "KGRTDCP7pcdtrgk w Kk 0 0"),
        (form::ROPE, "KGRTDCP8pcdtrgk w Kk 0 1"),
        (form::ROPE, "KGRTDCP6pcdtrgk w Kk 0 1"),
        (form::ROPE, "KGRTDCP0pcdtrgk w Kk 0 1"),
        (form::ROPE, "KGRTDCX7pcdtrgk w Kk 0 1"),
        (form::ROPE, "1GRTDCP7pcdtrgk w Kk 0 1"),
        (form::ROPE, "KKRTDCP7pcdtrgk w Kk 0 1"),
        (form::ROPE, "K18Pk w - 0 1"),
        (form::ROPE, "K9R9k w - 0 1"),
        (form::ROPE, "KGRTDCP7pcdtrgk[] w Kk 0 1"),
        (form::ROPE, "KGR~TDCP7pcdtrgk w Kk 0 1"),
        (form::ROPE, "KGRTDCP7pcdtrgk w Kk 0 1 extra"),
        (form::ROPE, "KGRTDCP999999999999pcdtrgk w Kk 0 1"),
        (form::MINI, "KGRCP5pcdgk w Kk 0 1"),
        (form::MINI, "KGRTDCP7pcdtrgk w Kk 0 1"),
        (form::THREE_CHECK, "KGRTDCP7pcdtrgk w Kk 0 1"),
        (form::THREE_CHECK, "KGRTDCP7pcdtrgk w Kk 4+0 0 1"),
        (form::THREE_CHECK, "KGRTDCP7pcdtrgk w Kk 1-0 0 1"),
        (form::REGEN, "KGRTDCP7pcdtrgk w Kk - - 0 1"),
        (form::REGEN, "KGRTDCP7pcdtrgk w Kk K/- - 0 1"),
        (form::REGEN, "KGRTDCP7pcdtrgk w Kk p/- - 0 1"),
        (form::REGEN, "KGRTDCP7pcdtrgk w Kk -/- x 0 1"),
        (form::REGEN, "KGP~TDCP7pcdtrgk w Kk -/- - 0 1"),
        (form::HOUSE, "KGRTDCP7pcdtrgk w Kk 0 1"),
        (form::HOUSE, "KGRTDCP7pcdtrgk[K] w Kk 0 1"),
        (form::HOUSE, "KGRTDCP7pcdtrgk[P w Kk 0 1"),
        (form::DICE, "KGRTDCP7pcdtrgk w Kk 0 1"),
        (form::DICE, "KGRTDCP7pcdtrgk w Kk 9 0 1"),
        (form::DICE, "KGRTDCP7pcdtrgk w Kk 1 0 1"),
        (form::DICE, "KGRTDCP7pcdtrgk w Kk 16 0 1"),
        (form::DICE, "KGRTDCP7pcdtrgk w Kk 22 0 1"),
        (9, "KGRTDCP7pcdtrgk w Kk 0 1"),
    ];
    for &(f, fen) in bad {
        assert!(
            Rope::from_fen(f, fen).is_err(),
            "accepted form {f}: {fen:?}"
        );
    }
}

#[test]
fn fen_defaults_counters_when_both_are_missing() {
    let p = Rope::from_fen(form::ROPE, "KGRTDCP7pcdtrgk w Kk").unwrap();
    assert_eq!(p.to_fen(), "KGRTDCP7pcdtrgk w Kk 0 1");
}

fn unparsable(p: &Rope, text: &str) {
    match p.parse_move(text) {
        Err(MoveError::Unparsable(_)) => {}
        other => panic!("{text:?}: expected unparsable, got {other:?}"),
    }
}

fn illegal(p: &Rope, text: &str, reason: &str) {
    match p.parse_move(text) {
        Err(MoveError::Illegal(r)) => assert_eq!(r, reason, "{text:?}"),
        other => panic!("{text:?}: expected illegal, got {other:?}"),
    }
}

#[test]
fn bad_moves_get_reasons() {
    let p = Rope::startpos(form::ROPE);
    for t in [
        "", "   ", "hello", "Z1-2", "K1-", "1", "K1-2-3", "P7-8=", "P7-8=QQ", "22-23", "0-1",
        "P7/8", "P7-8/4", "P@",
    ] {
        unparsable(&p, t);
    }
    illegal(&p, "8-9", "square 8 is empty");
    illegal(&p, "P15-14", "the piece on 15 is not yours");
    illegal(&p, "T7-8", "the piece on 7 is a Pawn, not a Torch");
    illegal(&p, "D5-9", "the Dove on 5 cannot reach 9");
    illegal(&p, "T4-5", "the Torch on 4 cannot reach 5");
    illegal(&p, "P7x8", "nothing to capture on 8");
    illegal(&p, "D5^7", "only a King or Gold hops, two squares");
    illegal(&p, "D5-8=C", "only a Pawn promotes");
    illegal(
        &p,
        "P7-8=C",
        "a Pawn promotes only on a move ending in the zone",
    );
    illegal(&p, "P@8", "drops exist only in rope-house");
    illegal(&p, "survives", "no roll is due");
    let used = play_all(&p, &["K1<->G2", "P15-14"]);
    illegal(&used, "K2<->G1", "the King-Gold swap has been used");
    unparsable(&used, "G1<->K2");
    illegal(&used, "K1<->G2", "your King is not on 1");
    let e = common::rope("K8k6P2P1 w - 0 1");
    illegal(
        &e,
        "P20-21",
        "a Pawn reaching 21 must promote (=C, =D, =T, =R)",
    );
    illegal(&e, "P17-18=G", "a Pawn promotes to =C, =D, =T, =R only");
    let c = common::rope("K8r2P1G5k w K 0 1");
    illegal(&c, "K1-2", "that leaves your King in check");
    illegal(&c, "P13-14", "that leaves your King in check");
    let d2 = common::rope("8dKG9k w K 0 1");
    illegal(&d2, "K10<->G11", "that leaves your King in check");
    let h = pos(form::HOUSE, "K8r10k[C] w - 0 1");
    illegal(&h, "P@5", "no Pawn in hand");
    illegal(&h, "C@10", "square 10 is occupied");
    illegal(&h, "C@15", "that leaves your King in check");
    unparsable(&h, "K@5");
}

#[test]
fn accepted_spellings() {
    let p = Rope::startpos(form::ROPE);
    let want = p.parse_move("D5-8").unwrap();
    for t in ["5-8", "d5-8", " D5-8 ", "D5 - 8".replace(' ', "").as_str()] {
        assert_eq!(p.parse_move(t), Ok(want), "{t}");
    }
    let swap = p.parse_move("K1<->G2").unwrap();
    for t in ["K1<>G2", "1<->2", "K1-2", "1-2"] {
        assert_eq!(p.parse_move(t), Ok(swap), "{t}");
    }
    let e = common::rope("K8k6P2P1 w - 0 1");
    assert_eq!(e.parse_move("P17-18C"), e.parse_move("P17-18=C"));
    assert_eq!(e.parse_move("17-18+C"), e.parse_move("P17-18=C"));
    let h = pos(form::HOUSE, "K8r10k[C] w - 0 1");
    assert_eq!(h.parse_move("C*5"), h.parse_move("C@5"));
}
