//! Start positions: the variant's own, or a file of FEN/EPD lines (each checked by the
//! rules crate when loaded), taken in order or shuffled with the seed, optionally followed
//! by random legal plies played by the runner (chance outcomes rolled with their weights).

use std::path::{Path, PathBuf};

use escalade_core::{Game, Position};

use super::args::{OpeningFormat, OpeningOrder, OpeningSpec};
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
    #[error("cannot read openings file {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} line {line}", path.display())]
    BadPosition {
        path: PathBuf,
        line: usize,
        #[source]
        source: escalade_core::FenError,
    },
    #[error("openings file {} has no positions", path.display())]
    Empty { path: PathBuf },
}

/// The FEN of an EPD line: its first four fields plus move counters.
fn epd_to_fen(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    format!("{} 0 1", fields.join(" "))
}

/// Reads and checks the positions of an opening file.
pub fn load<P: Position>(
    form: usize,
    path: &Path,
    format: OpeningFormat,
) -> Result<Vec<String>, OpeningError> {
    let text = std::fs::read_to_string(path).map_err(|source| OpeningError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = match format {
            OpeningFormat::Fen => line.to_string(),
            OpeningFormat::Epd => epd_to_fen(line),
        };
        P::from_fen(form, &fen).map_err(|source| OpeningError::BadPosition {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        out.push(fen);
    }
    if out.is_empty() {
        return Err(OpeningError::Empty {
            path: path.to_path_buf(),
        });
    }
    Ok(out)
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
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    let mut played = 0;
    while played < plies {
        let pos = game.position().clone();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = if P::HAS_CHANCE && pos.is_chance() {
            let w: Vec<f64> = moves.iter().map(|&m| pos.outcome_probability(m)).collect();
            moves[rng.weighted(&w)]
        } else {
            played += 1;
            moves[rng.below(moves.len())]
        };
        texts.push(pos.move_text(mv));
        game.play(mv);
        if game.result().is_some() {
            // Take back the whole last turn (with its chance outcomes) and stop.
            while !texts.is_empty() {
                let was_chance = P::HAS_CHANCE && game.positions()[texts.len() - 1].is_chance();
                texts.pop();
                game.undo();
                if !was_chance {
                    break;
                }
            }
            break;
        }
    }
    texts
}

/// The openings of a match: `count` of them, each used by `repeat` consecutive games.
pub fn build<P: Position>(
    form: usize,
    spec: &OpeningSpec,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningError> {
    let mut fens: Vec<Option<String>> = match &spec.file {
        Some(path) => load::<P>(form, path, spec.format)?
            .into_iter()
            .map(Some)
            .collect(),
        None => vec![None],
    };
    if spec.order == OpeningOrder::Random {
        Rng::derived(seed, 1, 0).shuffle(&mut fens);
    }
    let first = (spec.start - 1) % fens.len();
    Ok((0..count)
        .map(|i| {
            let fen = fens[(first + i) % fens.len()].clone();
            let book = if spec.plies > 0 {
                random_plies::<P>(
                    form,
                    fen.as_deref(),
                    spec.plies,
                    &mut Rng::derived(seed, 2, i as u64),
                )
            } else {
                Vec::new()
            };
            Opening { fen, book }
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
            format: OpeningFormat::Fen,
            order: OpeningOrder::Sequential,
            plies: 2,
            start: 1,
        };
        let o = build::<Chess>(0, &spec, 3, 9).unwrap();
        assert_eq!(o.len(), 3);
        assert!(o.iter().all(|x| x.fen.is_none() && x.book.len() == 2));
        assert_ne!(o[0].book, o[1].book);
    }
}
