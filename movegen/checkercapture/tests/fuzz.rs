//! Random garbage never panics: move texts made of notation characters, and FENs mutated
//! character by character, return `Ok` or a typed error.

mod common;

use escalade_checkercapture::CheckerCapture;
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use rand::seq::SliceRandom;
use rand::Rng;

const MOVE_CHARS: &[u8] = b"abcdefghx12345678qrbnQRBNK=-,:O0 ";
const FEN_CHARS: &[u8] = b"pnbrqkPNBRQK12345678/ -wbKQkqe3a2h7";

#[test]
fn random_move_texts_never_panic() {
    let mut rng = SeededRng::new(1);
    let positions = [
        CheckerCapture::startpos(0),
        CheckerCapture::from_fen(
            0,
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/2N5/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
        )
        .unwrap(),
        CheckerCapture::from_fen(4, "2P4k/8/8/8/8/8/8/K7 w - - 0 1").unwrap(),
        CheckerCapture::from_fen(3, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
    ];
    for _ in 0..20_000 {
        let len = rng.gen_range(0..14);
        let text: String = (0..len)
            .map(|_| *MOVE_CHARS.choose(&mut rng).unwrap() as char)
            .collect();
        let p = positions.choose(&mut rng).unwrap();
        if let Ok(m) = p.parse_move(&text) {
            let _ = p.play(m);
        }
    }
}

#[test]
fn mutated_fens_never_panic() {
    let mut rng = SeededRng::new(2);
    let base = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/4P3/R3K2R b KQkq e2 3 9",
    ];
    for _ in 0..20_000 {
        let mut fen: Vec<u8> = base.choose(&mut rng).unwrap().as_bytes().to_vec();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..fen.len());
            match rng.gen_range(0..3) {
                0 => fen[i] = *FEN_CHARS.choose(&mut rng).unwrap(),
                1 => {
                    fen.remove(i);
                }
                _ => fen.insert(i, *FEN_CHARS.choose(&mut rng).unwrap()),
            }
        }
        let text = String::from_utf8_lossy(&fen).to_string();
        for form in [0, 4] {
            if let Ok(p) = CheckerCapture::from_fen(form, &text) {
                let mut v = Vec::new();
                p.generate_moves(&mut v);
                assert_eq!(
                    CheckerCapture::from_fen(form, &p.to_fen()).map(|q| q.to_fen()),
                    Ok(p.to_fen())
                );
            }
        }
    }
}
