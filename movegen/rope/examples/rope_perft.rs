//! Prints perft counts and speed of a rope form: `cargo run --release -p escalade-rope
//! --example rope_perft -- FORM DEPTH [FEN]` (FORM is a form name such as `rope` or `rope-dice`).

use escalade_core::{MoveNotation, Rules};
use std::time::Instant;

use escalade_rope::{Rope, FORMS};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("rope");
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(6);
    let Some(form) = FORMS.iter().position(|f| f.name == name) else {
        eprintln!("unknown form {name}");
        std::process::exit(2);
    };
    let pos = match args.get(3) {
        Some(fen) => Rope::from_fen(form, fen).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        }),
        None => Rope::startpos(form),
    };
    eprintln!("{}", pos.board_text());
    for d in 1..=depth {
        let t = Instant::now();
        let n = pos.perft(d);
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "{name} perft({d}) = {n}  ({:.3} s, {:.1} Mnps)",
            s,
            n as f64 / s.max(1e-9) / 1e6
        );
    }
}
