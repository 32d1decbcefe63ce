//! The escalator board: its 60 squares, their names and indices, and every step, ray and
//! leap table, all derived once from the board graph in `data/escalator_graph.txt` (a copy
//! of the rules' graph file) through the core's [`GeometryBuilder`].
//!
//! Square indices run rank by rank from White's side: a1..h3 are 0..23, the six squares of
//! rank 4 (`ab4 bc4 d4 e4 fg4 gh4`) are 24..29, those of rank 5 are 30..35, a6..h8 are 36..59.
//! Holes have no index. Directions are the compass order of [`escalade_core::COMPASS_NAMES`]
//! (N = towards rank 8), so `opposite(d) = (d + 4) % 8`.

use std::sync::LazyLock;

use escalade_core::{Bitboard, Color, Geometry, GeometryBuilder, Square, COMPASS_NAMES};

/// The board graph as published with the rules (parsed once into [`BOARD`]).
pub const GRAPH_TEXT: &str = include_str!("../data/escalator_graph.txt");

/// Number of squares.
pub const SQUARES: usize = 60;

/// Square names in index order.
pub const NAMES: [&str; SQUARES] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", //
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", //
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", //
    "ab4", "bc4", "d4", "e4", "fg4", "gh4", //
    "ab5", "bc5", "d5", "e5", "fg5", "gh5", //
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", //
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", //
    "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// Direction index: north (compass order, clockwise from north).
pub const N: usize = 0;
/// Direction index: north-east.
pub const NE: usize = 1;
/// Direction index: east.
pub const E: usize = 2;
/// Direction index: south-east.
pub const SE: usize = 3;
/// Direction index: south.
pub const S: usize = 4;
/// Direction index: south-west.
pub const SW: usize = 5;
/// Direction index: west.
pub const W: usize = 6;
/// Direction index: north-west.
pub const NW: usize = 7;
/// Rook directions.
pub const ORTHOGONAL: [usize; 4] = [N, E, S, W];
/// Bishop directions.
pub const DIAGONAL: [usize; 4] = [NE, SE, SW, NW];

/// The square index of a name, if the name is a square (holes are not).
pub fn square_named(name: &str) -> Option<Square> {
    NAMES.iter().position(|&n| n == name).map(|i| i as Square)
}

/// Display coordinates (file 0..8, rank 0..8) on the 8x8 grid: ab4 on a4, bc4 on b4,
/// fg4 on g4, gh4 on h4 (rank 5 likewise); c4, c5, f4, f5 are the holes.
pub fn grid_coords(sq: Square) -> (i8, i8) {
    let name = NAMES[sq as usize].as_bytes();
    let rank = (name[name.len() - 1] - b'1') as i8;
    let file = match &name[..name.len() - 1] {
        b"ab" => 0,
        b"bc" => 1,
        b"fg" => 6,
        b"gh" => 7,
        letters => (letters[0] - b'a') as i8,
    };
    (file, rank)
}

/// The square shown at grid (file, rank), if it is not a hole.
pub fn square_at_grid(file: i8, rank: i8) -> Option<Square> {
    (0..SQUARES as Square).find(|&s| grid_coords(s) == (file, rank))
}

/// Everything derived from the graph.
#[derive(Debug)]
pub struct Board {
    /// Steps and rider rays (forks included).
    pub geo: Geometry<u64>,
    /// Knight targets: `[0]` with the cross-barrier leaps, `[1]` without.
    pub knight: [[u64; 64]; 2],
    /// King targets (one step in any direction, de-duplicated).
    pub king: [u64; 64],
    /// Crab straight-forward steps per colour (two squares at a fork).
    pub crab_push: [[u64; 64]; 2],
    /// Crab diagonal-forward steps per colour.
    pub crab_diag: [[u64; 64]; 2],
    /// Union of the empty-board rays of all eight directions (squares a rider could see).
    pub queen_rays: [u64; 64],
    /// Union of the empty-board orthogonal rays.
    pub rook_rays: [u64; 64],
    /// Union of the empty-board diagonal rays.
    pub bishop_rays: [u64; 64],
    /// The 60 squares.
    pub all: u64,
}

/// The board tables, built on first use.
pub static BOARD: LazyLock<Board> = LazyLock::new(|| build(GRAPH_TEXT));

/// One parsed line of the graph file.
enum GraphLine {
    Step(Square, usize, Vec<Square>),
    Knight(Square, Vec<(Square, bool)>),
}

fn parse_name(word: &str) -> Square {
    square_named(word).unwrap_or_else(|| panic!("escalator graph names an unknown square {word}"))
}

fn parse_line(line: &str) -> Option<GraphLine> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (head, tail) = line.split_once("->").expect("graph line without ->");
    let mut head = head.split_whitespace();
    let from = parse_name(head.next().expect("graph line without square"));
    let what = head.next().expect("graph line without direction");
    let targets = tail.split_whitespace().filter(|w| *w != "-");
    if what == "knight" {
        let leaps = targets
            .map(|w| match w.strip_suffix("[x]") {
                Some(name) => (parse_name(name), true),
                None => (parse_name(w), false),
            })
            .collect();
        return Some(GraphLine::Knight(from, leaps));
    }
    let dir = COMPASS_NAMES
        .iter()
        .position(|&d| d == what)
        .expect("unknown direction in graph");
    Some(GraphLine::Step(
        from,
        dir,
        targets.map(parse_name).collect(),
    ))
}

/// Builds every table from a graph text in the format of `escalator_graph.txt`.
///
/// # Panics
/// If the text is malformed (it is compiled in, so this is a programming error).
pub fn build(text: &str) -> Board {
    let mut builder = GeometryBuilder::new(SQUARES, 8);
    for s in 0..SQUARES as Square {
        let (f, r) = grid_coords(s);
        builder.square(s, NAMES[s as usize], f, r);
    }
    let mut knight = [[0u64; 64]; 2];
    for line in text.lines().filter_map(parse_line) {
        match line {
            GraphLine::Step(from, dir, targets) => {
                for t in targets {
                    builder.link(from, dir, t);
                }
            }
            GraphLine::Knight(from, leaps) => {
                for (t, cross) in leaps {
                    knight[0][from as usize] |= u64::bit(t);
                    if !cross {
                        knight[1][from as usize] |= u64::bit(t);
                    }
                }
            }
        }
    }
    let geo: Geometry<u64> = builder.build();
    let mut board = Board {
        all: geo.squares(),
        geo,
        knight,
        king: [0; 64],
        crab_push: [[0; 64]; 2],
        crab_diag: [[0; 64]; 2],
        queen_rays: [0; 64],
        rook_rays: [0; 64],
        bishop_rays: [0; 64],
    };
    for s in 0..SQUARES as Square {
        let i = s as usize;
        let g = &board.geo;
        board.king[i] = g.step_all(s, &[N, NE, E, SE, S, SW, W, NW]);
        board.crab_push[Color::White.index()][i] = g.step(s, N);
        board.crab_push[Color::Black.index()][i] = g.step(s, S);
        board.crab_diag[Color::White.index()][i] = g.step_all(s, &[NE, NW]);
        board.crab_diag[Color::Black.index()][i] = g.step_all(s, &[SE, SW]);
        board.rook_rays[i] = ORTHOGONAL.iter().fold(0, |acc, &d| acc | g.ray(s, d));
        board.bishop_rays[i] = DIAGONAL.iter().fold(0, |acc, &d| acc | g.ray(s, d));
        board.queen_rays[i] = board.rook_rays[i] | board.bishop_rays[i];
    }
    board
}

/// The last rank of `side` (where its crabs promote).
pub const fn promotion_rank(side: Color) -> u64 {
    match side {
        Color::White => 0xFF << 52,
        Color::Black => 0xFF,
    }
}

/// The rank a crab of `side` starts on (and double-steps from).
pub const fn crab_start_rank(side: Color) -> u64 {
    match side {
        Color::White => 0xFF << 8,
        Color::Black => 0xFF << 44,
    }
}

/// A name that is not one of the board's squares.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The name of a hole of the board.
    #[error("{0} is a hole, not a square")]
    Hole(String),
    /// A name that is no cell at all.
    #[error("{0} is not a square name")]
    Unknown(String),
}

/// Parses a square name, saying why it is not one.
pub fn parse_square(name: &str) -> Result<Square, SquareError> {
    if let Some(s) = square_named(name) {
        return Ok(s);
    }
    if matches!(name, "c4" | "c5" | "f4" | "f5") {
        return Err(SquareError::Hole(name.to_string()));
    }
    Err(SquareError::Unknown(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_line_up_with_indices() {
        assert_eq!(square_named("a1"), Some(0));
        assert_eq!(square_named("h3"), Some(23));
        assert_eq!(square_named("ab4"), Some(24));
        assert_eq!(square_named("gh5"), Some(35));
        assert_eq!(square_named("a6"), Some(36));
        assert_eq!(square_named("h8"), Some(59));
        assert_eq!(promotion_rank(Color::White).count_ones(), 8);
        assert!(promotion_rank(Color::White) & (1 << 59) != 0);
        assert!(crab_start_rank(Color::Black) & (1 << square_named("a7").unwrap()) != 0);
        assert!(crab_start_rank(Color::Black) & (1 << square_named("h7").unwrap()) != 0);
        assert_eq!(square_at_grid(0, 3), square_named("ab4"));
        assert_eq!(square_at_grid(2, 3), None);
    }
}
