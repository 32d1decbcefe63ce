//! PGN opening books (`-openings file=F format=pgn`), the usual form of an opening suite:
//! every game of the file is an opening, its start position from the `[FEN]` tag (else the
//! variant's start position), its moves in the variant's move text or, where the variant
//! has one, its record notation (SAN for chess: `e4 Nf3 O-O`, check marks and `!?`
//! annotations optional; `MoveNotation::read_move`), chance outcomes as tokens of their
//! own or `{roll: ...}` comments.
//! The `[Variant]` tag must name the match's variant (no tag: standard chess, as PGN
//! means). `plies=N` keeps the first N plies of each game. The text is read with the
//! session's PGN reader (`escalade_session::pgn::read`), one game at a time.

use std::path::{Path, PathBuf};

use escalade_core::{Game, MoveError, Position};
use escalade_session::pgn::{self, PgnGame};
use escalade_session::registry;

use super::openings::Opening;

/// Why a PGN opening book was refused; every error names the game (its number in the file
/// and the line it starts on).
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The game's text is not PGN the session's reader takes.
    #[error("{} game {game} (line {line}) cannot be read", path.display())]
    Pgn {
        /// The book file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        game: usize,
        /// The line the game starts on, from 1.
        line: usize,
        /// The PGN reader's reason.
        #[source]
        source: pgn::PgnError,
    },
    /// The game's `[Variant]` tag (or its absence: standard chess) is not the match's variant.
    #[error("{} game {game} (line {line}) is for variant {tag}, but the match plays {variant}", path.display())]
    Variant {
        /// The book file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        game: usize,
        /// The line the game starts on, from 1.
        line: usize,
        /// The variant the tag names, as written.
        tag: String,
        /// The match's variant.
        variant: String,
    },
    /// The game's `[FEN]` tag does not read as a position of the variant.
    #[error("{} game {game} (line {line}): FEN tag", path.display())]
    Fen {
        /// The book file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        game: usize,
        /// The line the game starts on, from 1.
        line: usize,
        /// The FEN reader's reason.
        #[source]
        source: escalade_core::FenError,
    },
    /// A move of the game is not legal in the position it is played from.
    #[error("{} game {game} (line {line}): ply {ply} '{text}' is not a legal move there", path.display())]
    Move {
        /// The book file.
        path: PathBuf,
        /// The game's number in the file, from 1.
        game: usize,
        /// The line the game starts on, from 1.
        line: usize,
        /// The move's ply in the game, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why the move was refused.
        #[source]
        source: MoveError,
    },
}

/// The games of a PGN text: each game's text and the line (1-based) it starts on. A game
/// starts at a tag line that follows move text.
pub fn split_games(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut in_moves = false;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let new_game = trimmed.starts_with('[') && (in_moves || out.is_empty());
        if new_game || (out.is_empty() && !trimmed.is_empty()) {
            out.push((n + 1, String::new()));
            in_moves = false;
        }
        if let Some((_, game)) = out.last_mut() {
            game.push_str(line);
            game.push('\n');
        }
        if !trimmed.is_empty() && !trimmed.starts_with('[') && !trimmed.starts_with('%') {
            in_moves = true;
        }
    }
    out
}

/// Where a game of the book is, for errors.
#[derive(Clone, Copy)]
struct Place<'a> {
    path: &'a Path,
    game: usize,
    line: usize,
}

/// The opening of one book game: its FEN and the move text of its first `plies` plies
/// (the chance outcomes right after them kept).
fn opening_of<P: Position>(
    form: usize,
    variant: &str,
    game: &PgnGame,
    plies: Option<u32>,
    at: Place,
) -> Result<Opening, BookError> {
    let tag = game.tag("Variant").unwrap_or("standard");
    if registry::canonical(tag).ok() != Some(variant) {
        return Err(BookError::Variant {
            path: at.path.into(),
            game: at.game,
            line: at.line,
            tag: tag.into(),
            variant: variant.into(),
        });
    }
    let fen = game.tag("FEN").map(str::to_string);
    let start = match &fen {
        Some(f) => P::from_fen(form, f).map_err(|source| BookError::Fen {
            path: at.path.into(),
            game: at.game,
            line: at.line,
            source,
        })?,
        None => P::startpos(form),
    };
    let mut g = Game::new(start);
    let mut book = Vec::new();
    let limit = plies.map_or(usize::MAX, |p| p as usize);
    let tokens = game
        .moves
        .iter()
        .flat_map(|m| std::iter::once(&m.text).chain(&m.rolls));
    let mut played = 0;
    for (ply, token) in tokens.enumerate() {
        let pos = g.position().clone();
        let chance = pos.is_chance();
        if !chance && played == limit {
            break;
        }
        let mv = pos.read_move(token).map_err(|source| BookError::Move {
            path: at.path.into(),
            game: at.game,
            line: at.line,
            ply: ply + 1,
            text: token.clone(),
            source,
        })?;
        played += usize::from(!chance);
        book.push(pos.move_text(mv));
        g.play(mv);
    }
    Ok(Opening { fen, book })
}

/// Every game of the PGN `text` (read from `path`) as an opening of variant `variant`.
pub fn openings<P: Position>(
    form: usize,
    variant: &str,
    path: &Path,
    text: &str,
    plies: Option<u32>,
) -> Result<Vec<Opening>, BookError> {
    let mut out = Vec::new();
    for (i, (line, chunk)) in split_games(text).iter().enumerate() {
        let at = Place {
            path,
            game: i + 1,
            line: *line,
        };
        let game = match pgn::read(chunk) {
            Ok(g) => g,
            Err(pgn::PgnError::Empty) => continue,
            Err(source) => {
                return Err(BookError::Pgn {
                    path: path.into(),
                    game: at.game,
                    line: at.line,
                    source,
                })
            }
        };
        out.push(opening_of::<P>(form, variant, &game, plies, at)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_fide::Chess;

    const BOOK: &str = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
                        [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n\
                        1. O-O+ Kd7 {good} 2. Rf7+! *\n";

    #[test]
    fn splits_games_at_tags_after_moves() {
        let games = split_games(BOOK);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].0, 1);
        assert_eq!(games[1].0, 6);
        assert!(games[1].1.starts_with("[Event \"b\"]"));
        assert_eq!(split_games("1. e4 *\n1. d4 *\n").len(), 1);
        assert!(split_games("\n\n").is_empty());
    }

    #[test]
    fn a_book_becomes_openings_cut_at_plies() {
        let path = Path::new("book.pgn");
        let all = openings::<Chess>(0, "normal", path, BOOK, None).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].fen, None);
        assert_eq!(
            all[0].book,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
        );
        assert_eq!(
            all[1].fen.as_deref(),
            Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        );
        assert_eq!(all[1].book, ["e1g1", "e8d7", "f1f7"]);
        let cut = openings::<Chess>(0, "normal", path, BOOK, Some(2)).unwrap();
        assert_eq!(cut[0].book, ["e2e4", "e7e5"]);
        assert_eq!(cut[1].book, ["e1g1", "e8d7"]);
    }

    #[test]
    fn a_wrong_variant_or_move_names_the_game() {
        let path = Path::new("b.pgn");
        let e = openings::<Chess>(0, "normal", path, "[Variant \"rope\"]\n\n1. e4 *\n", None)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "b.pgn game 1 (line 1) is for variant rope, but the match plays normal"
        );
        let two = "[Event \"ok\"]\n\n1. e4 *\n\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n";
        let e = openings::<Chess>(0, "normal", path, two, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.pgn game 2 (line 5): ply 3 'Ke3' is not a legal move there"
        );
        let e = openings::<Chess>(0, "normal", path, "[FEN \"8/8 w\"]\n\n*\n", None).unwrap_err();
        assert!(matches!(e, BookError::Fen { game: 1, .. }));
    }
}
