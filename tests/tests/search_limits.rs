//! Search limits that must hold even when the first iteration is long: a middlegame of
//! Ladder Shogi (from a `scripts/baseline-strength.sh` game that stalled) where chains of
//! checks, drops and double moves once kept quiescence busy for millions of nodes. A node
//! limit ends the search wherever it is, and the game's check-evasion horizon lets depth 2
//! finish.

use escalade_tests::pipe::uci;

/// The 108 moves that lead to the position, in the engine's move text.
const MOVES: &[&str] = &[
    "b3-b4 b8-b7 g3-f4 h9-g7 j2-i4 g7-f5 f3-e4 f5xe3 e2xe3 c8-c7 H@i6 j8-j7 i6-j8 ",
    "i8-i7 f2-g3,f1-f2 g10-i8 i4-h6 g9-h9 c2-d4 d9-c8,e10-d9 i3-i4 i8-g6 i1-j2,j2-f6 ",
    "g6xi4 h3-h4 f8-f7 f6xh8 V@f3 e3xf3 i4xg2 h2xg2,h1-h2 f10-g9 J@h3 c8-d7 ",
    "h3-g4,g4xj7 b9-c8,c8-b8 j3-j4 d9-c8,c8-b9 f2-e3,g2-f2 d8-e7 f4-e5 g8-g7 V@h7 ",
    "d10-d9,d9-e10 g3-f4 b7-b6 V@b5 b8-a7 f3-g3 a9-b7 d1-g4 b7-c5 h2-h3 V@e6 d2-c2 ",
    "b6xb5 b4xb5 V@d5 d4xe6 h9-g8 h6xg8 h10xh8 e6-d8 b9-c8,c8xd8 g4xd7,d7xa10 J@b9 ",
    "a10xb9 c9xb9,b9-c9 h7xh8 J@b9 V@d7 b9xd7,d7xh3 g3xh3 f9-f8 b5xc5 f8xg8 j7-g10 ",
    "i7-i6 L@b3 H@b6 H@h7 g9-h9 J@f9 e10-d9 J@j7 h9-h10 f9-e10 g8xh8 c5xd5 ",
    "e8-d7,c10-b9 V@d6 d7-c6 d5-c5 b10-a9,a9-b8 e1-e2 C@h6 h4-h5 h6-g6 h7-g9 h8-i7 ",
    "j7-i8 i6-i5 e10-g8 h10-h9 V@i4 V@f5 f4-g5 i7-h7 ",
];

fn position() -> String {
    format!("position startpos moves {}", MOVES.concat().trim_end())
}

#[test]
fn a_node_limit_ends_even_the_first_iteration() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value laddershogi");
    e.send(&position());
    e.send("go nodes 20000");
    let lines = e.lines_until("bestmove");
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| {
            l.split(" nodes ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .collect();
    // the limit is polled every 1,024 nodes per thread
    assert!(nodes.iter().all(|&n| n < 30_000), "{lines:?}");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn quiescence_ends_in_a_middlegame_full_of_checks() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value laddershogi");
    e.send(&position());
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}
