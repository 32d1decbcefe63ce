//! `escalade openings`: an opening book of unbalanced positions, for any variant. Each
//! candidate is the start position after a number of random legal plies (chance outcomes
//! rolled with their weights); the engine searches it at a fixed node count, and it is kept
//! when the score lies between `--min-score` and `--max-score` for either side: one side
//! is better without the game being decided. Played with both colours (`-repeat`), such
//! positions turn the draws of a drawish variant into decisive game pairs, as the
//! "unbalanced human openings" books do for chess engine testing. One FEN per line.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use escalade_core::{Game, Position, SeededRng};
use escalade_engine::{Engine, Limits, Score};
use escalade_eval::Evaluate;
use escalade_session::registry::{self, dispatch, GameVisitor};

/// Candidates tried per position asked for before the run gives up.
const TRIES_PER_POSITION: u32 = 100;

/// The arguments of `escalade openings`.
#[derive(Clone, Debug, clap::Args)]
pub struct OpeningsRequest {
    /// Variant name (see `escalade variants`)
    #[arg(long)]
    pub variant: String,
    /// Positions to write
    #[arg(long, default_value_t = 200)]
    pub count: u32,
    /// Random legal plies from the start position
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Nodes the engine searches to score a candidate
    #[arg(long, default_value_t = 20000)]
    pub nodes: u64,
    /// Least score (centipawns, for either side) of a kept position
    #[arg(long, default_value_t = 0)]
    pub min_score: i32,
    /// Largest score (centipawns, for either side) of a kept position
    #[arg(long, default_value_t = 100)]
    pub max_score: i32,
    /// Seed of the random plies and of the dice (0: from the clock)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// File to write the positions to, one FEN per line
    #[arg(long)]
    pub out: PathBuf,
}

/// Why the book could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// `--count` or `--nodes` is 0 (the flag's name, without `--`).
    #[error("--{0} must be at least 1")]
    Zero(&'static str),
    /// The score window is empty.
    #[error("--min-score {min} is above --max-score {max}")]
    Window {
        /// `--min-score`, centipawns.
        min: i32,
        /// `--max-score`, centipawns.
        max: i32,
    },
    /// The book file could not be created or written.
    #[error("cannot write {path}")]
    Write {
        /// The book file (`--out`).
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// What a run found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// The kept positions, as FEN.
    pub fens: Vec<String>,
    /// Candidates searched.
    pub tries: u32,
}

/// Writes the book; prints one summary line on stdout.
pub fn run(req: &OpeningsRequest) -> Result<(), OpeningsError> {
    let name = registry::canonical(&req.variant)?;
    for (flag, value) in [("count", u64::from(req.count)), ("nodes", req.nodes)] {
        if value == 0 {
            return Err(OpeningsError::Zero(flag));
        }
    }
    if req.min_score > req.max_score {
        return Err(OpeningsError::Window {
            min: req.min_score,
            max: req.max_score,
        });
    }
    let write_error = |source| OpeningsError::Write {
        path: req.out.display().to_string(),
        source,
    };
    let mut out = BufWriter::new(File::create(&req.out).map_err(write_error)?);
    let seed = if req.seed == 0 {
        SeededRng::from_clock().next_u64()
    } else {
        req.seed
    };
    let book = dispatch(name, BookMaker { req, seed })?;
    for fen in &book.fens {
        writeln!(out, "{fen}").map_err(write_error)?;
    }
    out.flush().map_err(write_error)?;
    println!(
        "openings {name}: {} positions from {} candidates (score {}..{} cp for either side at {} nodes) to {}",
        book.fens.len(),
        book.tries,
        req.min_score,
        req.max_score,
        req.nodes,
        req.out.display()
    );
    Ok(())
}

struct BookMaker<'a> {
    req: &'a OpeningsRequest,
    seed: u64,
}

impl GameVisitor for BookMaker<'_> {
    type Output = Book;

    fn visit<P: Evaluate>(self, form: usize) -> Book {
        let limits = Limits {
            nodes: Some(self.req.nodes),
            ..Limits::default()
        };
        let window = self.req.min_score..=self.req.max_score;
        let mut engine = Engine::<P>::new();
        let mut seen = HashSet::new();
        let mut book = Book::default();
        let most = self.req.count.saturating_mul(TRIES_PER_POSITION);
        while book.fens.len() < self.req.count as usize && book.tries < most {
            let mut rng = SeededRng::derived(self.seed, 1, u64::from(book.tries));
            book.tries += 1;
            let Some(game) = random_line::<P>(form, self.req.random_plies, &mut rng) else {
                continue;
            };
            let fen = game.position().to_fen();
            if !seen.insert(fen.clone()) {
                continue;
            }
            engine.clear();
            let found = engine.search(game.positions(), &limits, &mut |_| {});
            if matches!(found.score, Score::Cp(cp) if window.contains(&cp.abs())) {
                book.fens.push(fen);
            }
        }
        book
    }
}

/// The start position after `plies` random legal plies (chance outcomes rolled and not
/// counted); `None` when the game ends on the way, or the last position is in check.
pub fn random_line<P: Position>(form: usize, plies: u32, rng: &mut SeededRng) -> Option<Game<P>> {
    random_line_from(P::startpos(form), plies, rng)
}

/// `start` after `plies` random legal plies, as [`random_line`] plays them from the start
/// position.
pub fn random_line_from<P: Position>(start: P, plies: u32, rng: &mut SeededRng) -> Option<Game<P>> {
    let mut game = Game::new(start);
    for _ in 0..plies {
        if !game.play_random_ply(rng) {
            return None;
        }
    }
    let playable = game.roll_chance(rng) && game.result().is_none();
    (playable && !game.position().in_check()).then_some(game)
}
