//! Helpers shared by the rules tests: positions written as in the rules file
//! (`K f1, V4 e5`), turned into FEN.

#![allow(dead_code)]

use escalade_core::{MoveNotation, Rules};
use escalade_laddershogi::LadderShogi;

fn code(piece: &str) -> String {
    match piece {
        "K" | "L" | "H" | "U" | "R" | "B" | "N" => piece.to_string(),
        "Dr" => "D".into(),
        "Cr" => "C".into(),
        "Kp" => "P".into(),
        "Nj" => "J".into(),
        v if v.starts_with('V') => match &v[1..] {
            "10" => "VX".into(),
            n => format!("V{n}"),
        },
        other => panic!("unknown piece code {other}"),
    }
}

/// The FEN for White pieces, Black pieces (`"K f1, V4 e5"`), hands (`"VL"`, `"vl"`) and side.
pub fn fen(white: &str, black: &str, hands: &str, side: char) -> String {
    let mut board = vec![String::new(); 100];
    for (list, black_side) in [(white, false), (black, true)] {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (piece, sq) = item.split_once(' ').expect("piece square");
            let f = (sq.as_bytes()[0] - b'a') as usize;
            let r: usize = sq[1..].parse().expect("rank");
            let mut c = code(piece);
            if black_side {
                c = c.to_ascii_lowercase();
            }
            board[(r - 1) * 10 + f] = c;
        }
    }
    let mut ranks = Vec::new();
    for r in (0..10).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..10 {
            let c = &board[r * 10 + f];
            if c.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s += c;
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    let hands = if hands.is_empty() { "-" } else { hands };
    format!("{} {side} {hands} 0", ranks.join("/"))
}

/// The position, which must be valid.
pub fn pos(white: &str, black: &str, hands: &str, side: char) -> LadderShogi {
    let f = fen(white, black, hands, side);
    LadderShogi::from_fen(0, &f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// Texts of every legal turn, sorted.
pub fn turns(p: &LadderShogi) -> Vec<String> {
    let mut v = Vec::new();
    p.generate_moves(&mut v);
    let mut t: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    t.sort();
    t
}

/// Whether `text` is accepted as a legal turn.
pub fn legal(p: &LadderShogi, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

/// The position after `text`, which must be legal.
pub fn after(p: &LadderShogi, text: &str) -> LadderShogi {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_fen()));
    p.play(m)
}

/// Positions where the side to move is in check only through a rule the fast threat test
/// once missed, with perft 1 and 2 as counted by the brute force of `tests/brute_force.rs`
/// (`tests/reference`): (FEN, d1, d2). Used by `perft.rs::experience_transfer_perft` and
/// `brute_force.rs`. In the first four, White's Dragon pair threatens a capture by partner A
/// whose excess experience raises partner B, which then takes the King (rules L10(c)(d)).
pub const TRANSFER_POSITIONS: [(&str, u64, u64); 5] = [
    // The report: V10 f4xf5 (10 + 5) may give V1 e5 up to 5; as a V5 or V6 it goes e5-e7.
    (
        "10/10/7p2/4k5/2v17/4V1v54/4DVX4/3V26/10/K9 b l 0",
        14,
        1_196,
    ),
    // Slider: V8 c5xd6 (8 + 6) may give V6 e5 up to 4; as a V9 or V10 it rides e5-e10.
    ("4k5/10/10/10/3v66/2V81V65/3D6/10/10/K9 b p 0", 27, 2_911),
    // Two-step: V8 c8xd9 (8 + 3) gives V4 e8 at most 1; the Silver (V5) goes e8-e10.
    ("4k5/3v36/2V81V45/3D6/10/10/10/10/10/K9 b v 0", 3, 191),
    // Stage climb: V10 h9xg8 (10 + 2) gives V1 f9 up to 2; only the Farmer (V3) steps
    // sideways onto e9, the Craftsman (V2) would not.
    ("10/4kV1DVX2/6v23/10/10/10/10/10/10/K9 b - 0", 8, 334),
    // Rules section 4, not a transfer: the infused V10 e4 takes a8 passing b7, next to the
    // Burakumin c8, which its second sub-move a8xc8 captures.
    ("10/10/k1u7/10/10/10/3KVX5/5C4/10/10 b l 0", 7, 589),
];
