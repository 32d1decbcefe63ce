//! Helpers shared by the rules tests: positions written as in the rules file
//! (`K f1, V4 e5`), turned into FEN.

#![allow(dead_code)]

use escalade_core::Position;
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
