//! `genfens`: opening positions on request, as OpenBench asks an engine for them. OpenBench
//! runs the engine as `./engine "genfens N seed S book <None|BOOK> [EXTRA]" "quit"` and
//! reads every stdout line `info string genfens FEN`; `escalade genfens N seed S book BOOK`
//! (the words split) is the same request.
//!
//! Each candidate is a start (the variant's start position, or with a book a line of the
//! book picked by the seeded dice) followed by random legal plies (8 from the start
//! position, 2 from a book position; chance outcomes rolled with their weights). The
//! engine searches it at a fixed node count, and it is kept when the score lies within
//! ±`max-score` centipawns: a balanced position. The N positions are distinct, and the
//! same words give the same positions. EXTRA is any of `variant NAME` (default: FIDE
//! chess), `plies K`, `nodes N`, `max-score CP`. A book holds one position a line: FEN, or
//! EPD (four fields, then `hmvc N;` and `fmvn N;` opcodes if any), as OpenBench's `.epd`
//! books are; blank lines and `#` comments are skipped.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use escalade_core::{Position, SeededRng};
use escalade_engine::{Engine, Limits, Score};
use escalade_eval::Evaluate;
use escalade_session::registry::{self, dispatch, GameVisitor};

use crate::openings::random_line_from;

/// Candidates tried per position asked for before the request gives up.
const TRIES_PER_POSITION: u32 = 200;

/// Random plies from the variant's start position, unless `plies` says otherwise.
const PLIES_FROM_START: u32 = 8;

/// Random plies from a book position, unless `plies` says otherwise.
const PLIES_FROM_BOOK: u32 = 2;

/// Most positions one request may ask for.
const MOST_POSITIONS: u32 = 1 << 20;

/// One `genfens` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenfensRequest {
    /// Positions to print (N).
    pub count: u32,
    /// Seed of the dice (S); the same seed gives the same positions.
    pub seed: u64,
    /// The book the candidates start from (`None`: the variant's start position).
    pub book: Option<PathBuf>,
    /// The variant (`variant NAME`; default FIDE chess).
    pub variant: String,
    /// Random plies per candidate (`plies K`; default 8 from the start, 2 from a book).
    pub plies: Option<u32>,
    /// Nodes the engine searches a candidate at (`nodes N`).
    pub nodes: u64,
    /// Largest score, centipawns for either side, of a kept position (`max-score CP`).
    pub max_score: i32,
}

/// Why a `genfens` request was refused or could not be met.
#[derive(Debug, thiserror::Error)]
pub enum GenfensError {
    /// The words are not `genfens N seed S book BOOK [EXTRA]`.
    #[error("genfens takes `genfens N seed S book <None|BOOK> [variant NAME] [plies K] [nodes N] [max-score CP]`: {0}")]
    Usage(String),
    /// `variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// The book could not be read.
    #[error("cannot read the genfens book {path}")]
    BookRead {
        /// The book file.
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// A line of the book is not a position of the variant.
    #[error("genfens book {path} line {line}: not a {variant} position: {reason}")]
    BookLine {
        /// The book file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// The variant.
        variant: String,
        /// The FEN reader's reason.
        reason: String,
    },
    /// The book holds no position.
    #[error("the genfens book {0} holds no position")]
    BookEmpty(String),
    /// Too few distinct balanced positions were found.
    #[error("genfens found {found} of {count} distinct positions within ±{max_score} cp in {tries} candidates (more plies, a larger max-score or a larger book may do)")]
    TooFew {
        /// Positions found.
        found: usize,
        /// Positions asked for.
        count: u32,
        /// The score window.
        max_score: i32,
        /// Candidates searched.
        tries: u32,
    },
    /// Stdout refused a line.
    #[error("cannot write the genfens lines")]
    Write(#[source] std::io::Error),
}

/// The words of a command line that asks for genfens: OpenBench passes the request as one
/// argument (`"genfens 8 seed 1 book None "`) followed by `"quit"`. `None` when the first
/// argument is not a genfens request; else every argument split at whitespace.
pub fn command_line_words(args: &[String]) -> Option<Vec<String>> {
    let first = args.first()?;
    if first.split_whitespace().next() != Some("genfens") {
        return None;
    }
    Some(
        args.iter()
            .flat_map(|a| a.split_whitespace())
            .map(str::to_string)
            .collect(),
    )
}

/// Reads `N seed S book BOOK [EXTRA] [quit]` (the words after `genfens`).
pub fn parse(words: &[String]) -> Result<GenfensRequest, GenfensError> {
    let mut words: Vec<&str> = words.iter().map(String::as_str).collect();
    if words.first() == Some(&"genfens") {
        words.remove(0);
    }
    if words.last() == Some(&"quit") {
        words.pop();
    }
    let usage = |why: String| GenfensError::Usage(why);
    let [count, seed_word, seed, book_word, book, extra @ ..] = words.as_slice() else {
        return Err(usage(format!("got `{}`", words.join(" "))));
    };
    if *seed_word != "seed" || *book_word != "book" {
        return Err(usage(format!("got `{}`", words.join(" "))));
    }
    let count: u32 = number("N", count)?;
    if count == 0 || count > MOST_POSITIONS {
        return Err(usage(format!(
            "N must be 1 to {MOST_POSITIONS}, got {count}"
        )));
    }
    let mut req = GenfensRequest {
        count,
        seed: number("seed", seed)?,
        book: (!book.eq_ignore_ascii_case("none")).then(|| PathBuf::from(book)),
        variant: registry::DEFAULT_VARIANT.to_string(),
        plies: None,
        nodes: 5000,
        max_score: 100,
    };
    if extra.len() % 2 != 0 {
        return Err(usage(format!(
            "`{}` has a name without a value",
            extra.join(" ")
        )));
    }
    for pair in extra.chunks(2) {
        match pair[0] {
            "variant" => req.variant = registry::canonical(pair[1])?.to_string(),
            "plies" => req.plies = Some(number("plies", pair[1])?),
            "nodes" => req.nodes = number::<u64>("nodes", pair[1])?.max(1),
            "max-score" => req.max_score = number("max-score", pair[1])?,
            other => return Err(usage(format!("unknown extra argument `{other}`"))),
        }
    }
    if req.max_score < 0 {
        return Err(usage(format!(
            "max-score must be at least 0, got {}",
            req.max_score
        )));
    }
    Ok(req)
}

fn number<T: std::str::FromStr>(name: &str, word: &str) -> Result<T, GenfensError> {
    word.parse()
        .map_err(|_| GenfensError::Usage(format!("{name} must be a number, got `{word}`")))
}

/// Prints the positions as `info string genfens FEN` lines on `out`.
pub fn run(req: &GenfensRequest, out: &mut impl Write) -> Result<(), GenfensError> {
    for fen in generate(req)? {
        writeln!(out, "info string genfens {fen}").map_err(GenfensError::Write)?;
    }
    out.flush().map_err(GenfensError::Write)
}

/// The positions of a request, as FEN, in the order they were found.
pub fn generate(req: &GenfensRequest) -> Result<Vec<String>, GenfensError> {
    let name = registry::canonical(&req.variant)?;
    let book = match &req.book {
        Some(path) => Some(read_book(path)?),
        None => None,
    };
    dispatch(
        name,
        Maker {
            req,
            variant: name,
            book: book.as_deref(),
        },
    )?
}

/// The lines of a book file that hold a position, with their line numbers.
fn read_book(path: &PathBuf) -> Result<Vec<(usize, String)>, GenfensError> {
    let text = std::fs::read_to_string(path).map_err(|source| GenfensError::BookRead {
        path: path.display().to_string(),
        source,
    })?;
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if lines.is_empty() {
        return Err(GenfensError::BookEmpty(path.display().to_string()));
    }
    Ok(lines)
}

/// A book line as a position: the whole line as FEN, else as EPD (four fields, the move
/// counters from the `hmvc` and `fmvn` opcodes, else `0 1`).
fn book_position<P: Position>(form: usize, line: &str) -> Result<P, String> {
    let whole = match P::from_fen(form, line) {
        Ok(p) => return Ok(p),
        Err(e) => e.to_string(),
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(whole);
    }
    let opcode = |name: &str| {
        line.split(';').find_map(|op| {
            let mut words = op.split_whitespace();
            while let Some(w) = words.next() {
                if w == name {
                    return words.next().map(str::to_string);
                }
            }
            None
        })
    };
    let hmvc = opcode("hmvc").unwrap_or_else(|| "0".to_string());
    let fmvn = opcode("fmvn").unwrap_or_else(|| "1".to_string());
    let fen = format!("{} {hmvc} {fmvn}", fields[..4].join(" "));
    P::from_fen(form, &fen).map_err(|e| e.to_string())
}

struct Maker<'a> {
    req: &'a GenfensRequest,
    variant: &'a str,
    book: Option<&'a [(usize, String)]>,
}

impl GameVisitor for Maker<'_> {
    type Output = Result<Vec<String>, GenfensError>;

    fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
        let starts: Vec<P> = match self.book {
            None => vec![P::startpos(form)],
            Some(lines) => lines
                .iter()
                .map(|(number, line)| {
                    book_position::<P>(form, line).map_err(|reason| GenfensError::BookLine {
                        path: self
                            .req
                            .book
                            .as_ref()
                            .map_or(String::new(), |p| p.display().to_string()),
                        line: *number,
                        variant: self.variant.to_string(),
                        reason,
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let default_plies = if self.book.is_some() {
            PLIES_FROM_BOOK
        } else {
            PLIES_FROM_START
        };
        let plies = self.req.plies.unwrap_or(default_plies);
        let limits = Limits {
            nodes: Some(self.req.nodes),
            ..Limits::default()
        };
        let mut engine = Engine::<P>::new();
        let mut seen = HashSet::new();
        let mut fens = Vec::new();
        let most = self.req.count.saturating_mul(TRIES_PER_POSITION);
        let mut tries = 0;
        while fens.len() < self.req.count as usize && tries < most {
            let mut rng = SeededRng::derived(self.req.seed, 2, u64::from(tries));
            tries += 1;
            let start = starts[rng.below(starts.len())].clone();
            let Some(game) = random_line_from(start, plies, &mut rng) else {
                continue;
            };
            let fen = game.position().to_fen();
            if seen.contains(&fen) {
                continue;
            }
            engine.clear();
            let found = engine.search(game.positions(), &limits, &mut |_| {});
            if matches!(found.score, Score::Cp(cp) if cp.abs() <= self.req.max_score) {
                seen.insert(fen.clone());
                fens.push(fen);
            }
        }
        if fens.len() < self.req.count as usize {
            return Err(GenfensError::TooFew {
                found: fens.len(),
                count: self.req.count,
                max_score: self.req.max_score,
                tries,
            });
        }
        Ok(fens)
    }
}
