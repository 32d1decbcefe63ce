//! A board's game as PGN and back: `[Variant]` and `[FEN]` tags, the moves in the variant's
//! record text (SAN in chess, which python-chess and lichess read; the move text elsewhere),
//! chance outcomes as `{roll: ...}` comments. Importing reads a lichess PGN too (clock and
//! eval comments, annotations, variations skipped; SAN or long algebraic moves) and replays
//! the moves in a new session, so a bad game changes nothing; it says why with an
//! [`ImportError`].

use escalade_core::{FenError, GameResult, MoveError};
use escalade_session::output::error_chain;
use escalade_session::pgn::{self, PgnError, PgnGame, PgnMove};
use escalade_session::registry::{self, UnknownVariant};
use escalade_session::session::{self, Notation, Session, Settings};
use thiserror::Error;

/// Why a PGN text was not loaded.
#[derive(Debug, Error)]
pub enum ImportError {
    /// The text does not read as PGN.
    #[error("bad PGN ({0})")]
    Pgn(#[from] PgnError),
    /// The `[Variant]` tag names no registered variant.
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// The `[FEN]` tag is not a position of the variant.
    #[error("bad FEN tag ({})", error_chain(.0))]
    Fen(FenError),
    /// A move is not legal where the game reaches it.
    #[error("move {number} {text}: {error}")]
    Move {
        /// Which move of the game, from 1.
        number: usize,
        /// The move's text in the PGN.
        text: String,
        /// Why the move was refused.
        error: MoveError,
    },
    /// A `{roll: ...}` comment is not a chance outcome the position allows.
    #[error("roll after move {number}: {error}")]
    Roll {
        /// The move it follows, from 1.
        number: usize,
        /// Why the outcome was refused.
        error: MoveError,
    },
}

/// The game of `session` as PGN text.
pub fn export(session: &dyn Session, result: Option<GameResult>) -> String {
    let score = result.map_or("*", |r| r.score_text());
    let tags = [
        ("Event", "Escalade browser board"),
        ("Site", "escalade gui"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", score),
        ("Variant", session.variant()),
    ];
    let mut game = PgnGame {
        tags: tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        moves: session
            .record()
            .into_iter()
            .map(|t| PgnMove {
                text: t.record,
                rolls: t.rolls,
            })
            .collect(),
        result: score.to_string(),
    };
    game.tags.push(("FEN".into(), session.start_fen()));
    game.tags.push(("SetUp".into(), "1".into()));
    game.write(result.map(|r| r.reason()))
}

/// A new session holding the game of PGN text `text` (variant from `[Variant]`, else
/// `current`; moves in record text or move text); the first error is reported with the
/// move that caused it.
pub fn import(
    text: &str,
    current: &str,
    settings: Settings,
) -> Result<Box<dyn Session>, ImportError> {
    let game = pgn::read(text)?;
    let variant = registry::canonical(game.tag("Variant").unwrap_or(current))?;
    let mut session = session::open(variant, settings)?;
    if let Some(fen) = game.tag("FEN") {
        session
            .set_fen(fen, Notation::Engine)
            .map_err(ImportError::Fen)?;
    }
    for (i, mv) in game.moves.iter().enumerate() {
        let number = i + 1;
        session
            .play(&mv.text, Notation::Record)
            .map_err(|error| ImportError::Move {
                number,
                text: mv.text.clone(),
                error,
            })?;
        for roll in &mv.rolls {
            if session.is_chance() {
                session
                    .play(roll, Notation::Engine)
                    .map_err(|error| ImportError::Roll { number, error })?;
            }
        }
        session.roll();
    }
    Ok(session)
}
