//! Start positions: the variant's own, a file of FEN/EPD lines (each checked by the rules
//! crate when loaded) or a PGN book of opening lines (`book`), taken in order or shuffled
//! with the seed; a FEN/EPD position or the start position is optionally followed by
//! random legal plies played by the runner (chance outcomes rolled with their weights).

use std::path::{Path, PathBuf};

use escalade_core::{Game, Position};

use super::args::{OpeningFormat, OpeningOrder, OpeningSpec};
use super::book::{self, BookError};
use escalade_core::SeededRng as Rng;

/// Where one game (or one pair of games with colours reversed) starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The start FEN (`None`: the variant's start position).
    pub fen: Option<String>,
    /// Plies to play from there before the engines take over, in the variant's text.
    pub book: Vec<String>,
}

/// Why the opening file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// The file cannot be read.
    #[error("cannot read openings file {}", path.display())]
    Read {
        /// The `-openings file=`.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A FEN or EPD line does not read as a position of the variant.
    #[error("{} line {line}", path.display())]
    BadPosition {
        /// The `-openings file=`.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The FEN reader's reason.
        #[source]
        source: escalade_core::FenError,
    },
    /// The file holds no position (no line, no game).
    #[error("openings file {} has no positions", path.display())]
    Empty {
        /// The `-openings file=`.
        path: PathBuf,
    },
    /// A game of a PGN book was refused.
    #[error(transparent)]
    Book(#[from] BookError),
}

/// The format of an openings file without `format=`: by its extension (`.pgn`, `.epd`,
/// `.fen`), else PGN when its first line is a tag or a move number, else FEN.
pub fn infer_format(path: &Path, text: &str) -> OpeningFormat {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("pgn") => return OpeningFormat::Pgn,
        Some("epd") => return OpeningFormat::Epd,
        Some("fen") => return OpeningFormat::Fen,
        _ => {}
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let numbered = first.split('.').next().is_some_and(|n| {
        !n.is_empty() && n.len() < first.len() && n.bytes().all(|b| b.is_ascii_digit())
    });
    if first.starts_with('[') || numbered {
        OpeningFormat::Pgn
    } else {
        OpeningFormat::Fen
    }
}

/// The FEN of an EPD line: its first four fields plus move counters.
fn epd_to_fen(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    format!("{} 0 1", fields.join(" "))
}

/// Reads and checks the positions of a FEN or EPD opening file (`text`, read from `path`).
pub fn load<P: Position>(
    form: usize,
    path: &Path,
    text: &str,
    format: OpeningFormat,
) -> Result<Vec<String>, OpeningError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // an EPD line is FIDE's four fields and operations; a variant's book of whole
        // FEN lines (`escalade openings`) may carry the .epd name too: each line is
        // parsed as it is first, and as EPD only when that fails
        let as_read = P::from_fen(form, line).map(|_| line.to_string());
        let checked = match (format, as_read) {
            (OpeningFormat::Epd, Err(_)) => {
                let fen = epd_to_fen(line);
                P::from_fen(form, &fen).map(|_| fen)
            }
            (_, as_read) => as_read,
        };
        let fen = checked.map_err(|source| OpeningError::BadPosition {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        out.push(fen);
    }
    Ok(out)
}

/// The openings of the file of `spec`, and whether they are PGN lines (not followed by
/// random plies).
fn load_file<P: Position>(
    form: usize,
    variant: &str,
    path: &Path,
    spec: &OpeningSpec,
) -> Result<(Vec<Opening>, bool), OpeningError> {
    let text = std::fs::read_to_string(path).map_err(|source| OpeningError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let format = spec.format.unwrap_or_else(|| infer_format(path, &text));
    let (suite, pgn) = match format {
        OpeningFormat::Pgn => (
            book::openings::<P>(form, variant, path, &text, spec.plies)?,
            true,
        ),
        _ => (
            load::<P>(form, path, &text, format)?
                .into_iter()
                .map(|fen| Opening {
                    fen: Some(fen),
                    book: Vec::new(),
                })
                .collect(),
            false,
        ),
    };
    if suite.is_empty() {
        return Err(OpeningError::Empty {
            path: path.to_path_buf(),
        });
    }
    Ok((suite, pgn))
}

/// Up to `plies` random legal plies from `fen` (chance outcomes do not count as plies);
/// stops early rather than end the game. Deterministic in `rng`.
pub fn random_plies<P: Position>(
    form: usize,
    fen: Option<&str>,
    plies: u32,
    rng: &mut Rng,
) -> Vec<String> {
    let start = match fen {
        Some(f) => match P::from_fen(form, f) {
            Ok(p) => p,
            Err(_) => return Vec::new(),
        },
        None => P::startpos(form),
    };
    let mut game = Game::new(start);
    // where the last turn (its chance outcomes, then its ply) began
    let mut last_turn = 0;
    for _ in 0..plies {
        let turn = game.moves().len();
        let played = game.play_random_ply(rng);
        if !played || game.result().is_some() {
            // take back the turn that ended the game (a roll ends the one before) and stop
            let back_to = if played { turn } else { last_turn };
            while game.moves().len() > back_to {
                game.undo();
            }
            break;
        }
        last_turn = turn;
    }
    game.positions()
        .iter()
        .zip(game.moves())
        .map(|(pos, &mv)| pos.move_text(mv))
        .collect()
}

/// The openings of a match in variant `variant`: `count` of them, each used by the games
/// the schedule gives it.
pub fn build<P: Position>(
    form: usize,
    spec: &OpeningSpec,
    variant: &str,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningError> {
    let (mut suite, pgn) = match &spec.file {
        Some(path) => load_file::<P>(form, variant, path, spec)?,
        None => (vec![Opening::default()], false),
    };
    if spec.order == OpeningOrder::Random {
        Rng::derived(seed, 1, 0).shuffle(&mut suite);
    }
    let plies = if pgn { 0 } else { spec.plies.unwrap_or(0) };
    let first = (spec.start - 1) % suite.len();
    Ok((0..count)
        .map(|i| {
            let mut o = suite[(first + i) % suite.len()].clone();
            if plies > 0 {
                o.book = random_plies::<P>(
                    form,
                    o.fen.as_deref(),
                    plies,
                    &mut Rng::derived(seed, 2, i as u64),
                );
            }
            o
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};
    use escalade_fide::Chess;

    #[test]
    fn epd_lines_become_fens() {
        assert_eq!(
            epd_to_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
    }

    #[test]
    fn epd_files_take_whole_fen_lines_of_any_variant() {
        let path = Path::new("book.epd");
        let rope_line = "GKRTD1P4C1dpctkrg1 w - 10 6";
        let rope = load::<escalade_rope::Rope>(0, path, rope_line, OpeningFormat::Epd);
        assert_eq!(rope.unwrap(), vec![rope_line]);
        let fide_line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";";
        let fide = load::<Chess>(0, path, fide_line, OpeningFormat::Epd);
        let fide_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(fide.unwrap(), vec![fide_fen]);
    }

    #[test]
    fn random_plies_are_legal_and_repeatable() {
        let a = random_plies::<Chess>(0, None, 8, &mut Rng::new(3));
        let b = random_plies::<Chess>(0, None, 8, &mut Rng::new(3));
        assert_eq!(a, b);
        assert_eq!(a.len(), 8);
        let mut g = Game::new(Chess::startpos(0));
        for m in &a {
            g.play_text(m).unwrap();
        }
    }

    #[test]
    fn build_uses_each_opening_in_turn() {
        let spec = OpeningSpec {
            file: None,
            format: None,
            order: OpeningOrder::Sequential,
            plies: Some(2),
            start: 1,
            policy: crate::config::OpeningPolicy::Default,
        };
        let o = build::<Chess>(0, &spec, "normal", 3, 9).unwrap();
        assert_eq!(o.len(), 3);
        assert!(o.iter().all(|x| x.fen.is_none() && x.book.len() == 2));
        assert_ne!(o[0].book, o[1].book);
    }

    #[test]
    fn formats_come_from_the_extension_or_the_first_line() {
        let f = |p: &str, t: &str| infer_format(Path::new(p), t);
        assert_eq!(f("a.PGN", ""), OpeningFormat::Pgn);
        assert_eq!(f("a.epd", ""), OpeningFormat::Epd);
        assert_eq!(f("a.fen", "[x]"), OpeningFormat::Fen);
        assert_eq!(f("a.txt", "\n[Event \"x\"]"), OpeningFormat::Pgn);
        assert_eq!(f("a", "# c\n1. e4 e5 *"), OpeningFormat::Pgn);
        assert_eq!(
            f(
                "a",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            ),
            OpeningFormat::Fen
        );
    }
}
