//! Garbage in, typed errors out: random move texts and mutated FENs never panic.

use escalade_chutes::{Chutes, START_FEN};
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use rand::Rng;

const MOVE_ALPHABET: &[u8] = b"01289abeghxKQRBNPO-+/=:#ep. \xc3\xa9";
const FEN_ALPHABET: &[u8] = b"012345789/|kqrbnpKQRBNPLlCc-wbfirst :ae\xc3";

fn random_text(rng: &mut SeededRng, alphabet: &[u8], max: usize) -> String {
    let n = rng.gen_range(0..=max);
    let bytes: Vec<u8> = (0..n)
        .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn random_move_texts_never_panic() {
    let mut rng = SeededRng::new(5);
    let positions = [
        Chutes::startpos(0),
        Chutes::from_fen(
            0,
            "4k3/3P4/4K3/8/8/8/8/8|4k3/8/4K3/8/8/8/8/8 b - - Ld8 - 0 1",
        )
        .unwrap(),
    ];
    for pos in &positions {
        for _ in 0..3000 {
            let t = random_text(&mut rng, MOVE_ALPHABET, 16);
            let _ = pos.parse_move(&t);
        }
    }
}

#[test]
fn mutated_fens_never_panic() {
    let mut rng = SeededRng::new(6);
    let bases = [
        START_FEN,
        "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R|r3k2r/pp3ppp/8/8/3p4/8/PPPP1PPP/R3K2R w KQkq|KQ 0d6:0d5 Lf1,ce3,Cg5,lb6 - 0 12",
    ];
    for _ in 0..5000 {
        let mut fen: Vec<char> = bases[rng.gen_range(0..bases.len())].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..fen.len());
            let r = random_text(&mut rng, FEN_ALPHABET, 2);
            match rng.gen_range(0..3) {
                0 => {
                    fen.remove(i);
                }
                1 => fen.splice(i..i, r.chars()).for_each(drop),
                _ => fen.splice(i..=i, r.chars()).for_each(drop),
            }
        }
        let text: String = fen.into_iter().collect();
        if let Ok(p) = Chutes::from_fen(0, &text) {
            assert_eq!(
                Chutes::from_fen(0, &p.to_fen()).unwrap().to_fen(),
                p.to_fen()
            );
        }
    }
}
