//! Prints the terminal drawing of a position and its legal turn count:
//! `cargo run -p escalade-chutes --example chutes_show -- [FEN] [MOVE...]`.

use escalade_chutes::Chutes;
use escalade_core::{MoveNotation, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut pos, moves) = match args.first() {
        Some(f) if f.contains('|') => (
            Chutes::from_fen(0, f).unwrap_or_else(|e| panic!("{e}")),
            &args[1..],
        ),
        _ => (Chutes::startpos(0), &args[..]),
    };
    for text in moves {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos = pos.play(m);
    }
    let mut v = Vec::new();
    pos.generate_moves(&mut v);
    println!("{}legal turns: {}", pos.board_text(), v.len());
}
