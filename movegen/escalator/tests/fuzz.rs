//! Random damage to FENs and move texts never panics: every input is either read (and then
//! round-trips and generates moves) or refused with a typed error.

use escalade_core::{MoveNotation, Rules};
use escalade_escalator::{Escalator, FORM_STANDARD};
use rand::Rng;

const SEEDS: &[&str] = &[
    "rnbqkbnr/cccccccc/8/6/6/8/CCCCCCCC/RNBQKBNR b KQkq - 0 1",
    "4k3/8/8/6/CC4/8/8/4K3 b - b3:bc4 0 1",
    "7k/8/1c6/C5/6/8/8/7K w - b6 0 2",
    "r3k2r/cc1c1ccc/2n2n2/b2q2/6/2N2N2/CCC1CCCC/R1BQK2R w KQkq - 4 6",
];

const ALPHABET: &[u8] = b"kqrbnacKQRBNAC0123456789/ -:xwabcdefgh";

fn damage(rng: &mut impl Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..4) {
        let at = rng.gen_range(0..=bytes.len());
        let c = ALPHABET[rng.gen_range(0..ALPHABET.len())];
        match rng.gen_range(0..3) {
            0 if at < bytes.len() => bytes[at] = c,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn damaged_fens_never_panic() {
    let mut rng = escalade_core::SeededRng::new(17);
    let mut moves = Vec::new();
    let mut read = 0;
    for i in 0..20_000 {
        let fen = damage(&mut rng, SEEDS[i % SEEDS.len()]);
        for form in 0..3 {
            if let Ok(p) = Escalator::from_fen(form, &fen) {
                read += 1;
                let again = Escalator::from_fen(form, &p.to_fen()).expect("written FEN reads back");
                assert_eq!(again.to_fen(), p.to_fen());
                p.generate_moves(&mut moves);
            }
        }
    }
    assert!(
        read > 100,
        "the damage is too strong to test anything: {read}"
    );
}

#[test]
fn damaged_move_texts_never_panic() {
    let mut rng = escalade_core::SeededRng::new(18);
    let p = Escalator::from_fen(FORM_STANDARD, SEEDS[3]).unwrap();
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    for i in 0..20_000 {
        let text = damage(&mut rng, &texts[i % texts.len()]);
        if let Ok(m) = p.parse_move(&text) {
            assert!(moves.contains(&m));
        }
    }
    for text in [
        "é",
        "ab5é",
        "a\u{0}1b2",
        "ab",
        "b3ab4\n",
        "  e2e3  ",
        "e2-e3=",
        "e2e3==",
    ] {
        let _ = p.parse_move(text);
    }
}
