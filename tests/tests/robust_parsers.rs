//! Parser fuzzing for every registered variant, through the registry: mutated and random
//! FENs and move texts (byte flips, truncation, swapped fields, huge numbers, unicode) must
//! give a typed error without a panic and leave the game unchanged; what is accepted must be
//! a usable position or a legal move. The GUI (XBoard) forms of both readers are fuzzed too. `escalade selfcheck --plies 0 --fuzz N` is the long
//! form (docs/robustness.md).

use escalade::registry;
use escalade::selfcheck::{fuzz, Reader};

/// Inputs per reader per variant in CI.
const INPUTS: u64 = 2_000;

fn fuzz_every_variant(reader: Reader) {
    let mut failures = Vec::new();
    let mut tried = 0;
    for name in registry::names() {
        let r = fuzz(name, reader, INPUTS, 11).expect("registered");
        println!(
            "{name}: {reader:?} tried {} accepted {} rejected {} defects {}",
            r.tried, r.accepted, r.rejected, r.defect_count
        );
        tried += r.tried;
        assert_eq!(r.tried, INPUTS, "{name}: every input is tried");
        for d in r.defects {
            failures.push(format!("{name}: {d}"));
        }
    }
    println!("{reader:?}: {tried} inputs in all");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fen_reader_survives_mutated_and_random_fens() {
    fuzz_every_variant(Reader::Fen);
}

#[test]
fn move_reader_survives_mutated_and_random_move_texts() {
    fuzz_every_variant(Reader::MoveText);
}

#[test]
fn gui_fen_reader_survives_mutated_and_random_fens() {
    fuzz_every_variant(Reader::GuiFen);
}

#[test]
fn gui_move_reader_survives_mutated_and_random_move_texts() {
    fuzz_every_variant(Reader::GuiMoveText);
}

/// Hand-made bad inputs every FEN reader must refuse, whatever the variant.
const BAD_FENS: &[&str] = &[
    "",
    " ",
    "\0",
    "/",
    "//////// w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "♔♕♖♗♘♙/8/8/8/8/8/8/8 w - - 0 1",
    "[[[[[[[[[[",
    "]]]]",
    "1-0",
];

#[test]
fn hand_made_bad_fens_are_refused() {
    for name in registry::names() {
        struct Refuses(&'static [&'static str]);
        impl registry::GameVisitor for Refuses {
            type Output = Vec<String>;
            fn visit<P: escalade_eval::Evaluate>(self, form: usize) -> Vec<String> {
                self.0
                    .iter()
                    .filter_map(
                        |f| match std::panic::catch_unwind(|| P::from_fen(form, f)) {
                            Err(_) => Some(format!("from_fen panicked on {f:?}")),
                            Ok(Ok(_)) => Some(format!("from_fen accepted {f:?}")),
                            Ok(Err(_)) => None,
                        },
                    )
                    .collect()
            }
        }
        let panics = registry::dispatch(name, Refuses(BAD_FENS)).expect("registered");
        assert!(panics.is_empty(), "{name}: {panics:?}");
    }
}
