//! cutechess-cli's Polyglot opening books (`-engine book=FILE bookdepth=N`): while an
//! engine's book has moves for the position and fewer than `bookdepth` full moves have been
//! played, the runner plays a book move for it (picked at random by weight, as cutechess
//! does) without asking the engine. Polyglot keys are keys of chess positions, so books
//! apply to FIDE chess only (`-variant normal`). The key table and the file's entries are
//! read with the `polyglot-book-rs` crate; the key is computed here from the position's
//! FEN, with Polyglot's rule that an en passant file counts only when a pawn of the side to
//! move stands ready to capture.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use escalade_core::SeededRng;
use polyglot_book_rs::fen::parse_fen;
use polyglot_book_rs::hash::polyglot_hash;
use polyglot_book_rs::types::{Piece, SimpleBoard};
use polyglot_book_rs::PolyglotBook;

use super::args::MatchConfig;

/// Why a book could not be used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file cannot be read.
    #[error("book={}: cannot read it", path.display())]
    Read {
        /// The book.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file's length is not a whole number of 16-byte entries.
    #[error("book={}: not a Polyglot book ({len} bytes is not a multiple of 16)", path.display())]
    Format {
        /// The book.
        path: PathBuf,
        /// Its length.
        len: u64,
    },
}

/// The books of a match, read once, by file.
#[derive(Default)]
pub struct Books {
    books: HashMap<PathBuf, PolyglotBook>,
}

/// The board of `fen` with Polyglot's en passant rule applied (`None`: not a chess FEN).
fn board_of(fen: &str) -> Option<SimpleBoard> {
    let mut b = parse_fen(fen).ok()?;
    if let Some(file) = b.en_passant {
        // The capturing pawns stand on rank 5 (White to move) or 4 (Black), beside the file.
        let (rank, pawn) = if b.white_to_move {
            (4u8, Piece::WPawn)
        } else {
            (3u8, Piece::BPawn)
        };
        let beside =
            |f: i8| (0..8).contains(&f) && b.squares[(rank * 8) as usize + f as usize] == pawn;
        if !(beside(file as i8 - 1) || beside(file as i8 + 1)) {
            b.en_passant = None;
        }
    }
    Some(b)
}

/// The Polyglot key of the chess position `fen` (`None`: not a chess FEN).
pub fn key(fen: &str) -> Option<u64> {
    board_of(fen).map(|b| polyglot_hash(&b))
}

/// Reads one book, checking its length first.
fn read(path: &Path) -> Result<PolyglotBook, BookError> {
    let read_error = |source| BookError::Read {
        path: path.into(),
        source,
    };
    let len = std::fs::metadata(path).map_err(read_error)?.len();
    if len % 16 != 0 {
        return Err(BookError::Format {
            path: path.into(),
            len,
        });
    }
    let text = path.to_str().ok_or_else(|| {
        read_error(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path is not UTF-8",
        ))
    })?;
    PolyglotBook::load(text).map_err(read_error)
}

impl Books {
    /// Reads the books the engines of `cfg` name.
    pub fn load(cfg: &MatchConfig) -> Result<Books, BookError> {
        let mut books = Books::default();
        for spec in &cfg.engines {
            if let Some(path) = &spec.book {
                if !books.books.contains_key(path) {
                    books.books.insert(path.clone(), read(path)?);
                }
            }
        }
        Ok(books)
    }

    /// A move of `book` for the position `fen` as UCI text (castling as the king's two
    /// squares), picked at random by weight; `None` when the book has none.
    pub fn pick(&self, book: &Path, fen: &str, rng: &mut SeededRng) -> Option<String> {
        let book = self.books.get(book)?;
        let board = board_of(fen)?;
        let entries = book.get_all_moves(&board);
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.next_u64() % total;
        let entry = entries.iter().find(|e| {
            let w = u64::from(e.weight);
            if r < w {
                true
            } else {
                r -= w;
                false
            }
        })?;
        let m = &entry.chess_move;
        let king = board.squares[m.from as usize];
        let castling = matches!(
            (king, m.from, m.to),
            (Piece::WKing, 4, 7 | 0) | (Piece::BKing, 60, 63 | 56)
        );
        let text = m.to_algebraic();
        if castling {
            let to = if m.to > m.from {
                m.from + 2
            } else {
                m.from - 2
            };
            let square = |s: u8| format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1);
            return Some(format!("{}{}", square(m.from), square(to)));
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys the Polyglot book format's description publishes.
    #[test]
    fn published_keys() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                0x463b_9618_1691_fc9c,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                0x823c_9b50_fd11_4196,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                0x0756_b944_61c5_0fb0,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
                0x662f_afb9_65db_29d4,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                0x22a4_8b5a_8e47_ff78,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
                0x652a_607c_a3f2_42c1,
            ),
            (
                "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
                0x00fd_d303_c946_bdd9,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
                0x3c81_23ea_7b06_7637,
            ),
            (
                "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
                0x5c3f_9b82_9b27_9560,
            ),
        ];
        for (fen, k) in cases {
            assert_eq!(key(fen), Some(k), "{fen}");
        }
    }
}
