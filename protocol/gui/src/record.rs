//! A board's game as PGN and back: `[Variant]` and `[FEN]` tags, the moves in the variant's
//! move text, chance outcomes as `{roll: ...}` comments. Importing replays the moves in a
//! new session, so a bad game changes nothing.

use escalade_core::GameResult;
use escalade_session::output::error_chain;
use escalade_session::pgn::{self, PgnGame, PgnMove};
use escalade_session::registry;
use escalade_session::session::{self, Notation, Session, Settings};

/// The game of `session` as PGN text.
pub fn export(session: &dyn Session, result: Option<GameResult>) -> String {
    let score = result.map_or("*", |r| r.score_text());
    let tags = [
        ("Event", "Escalade browser board"),
        ("Site", "escalade gui"),
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
                text: t.text,
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
/// `current`); the first error is reported with the move that caused it.
pub fn import(text: &str, current: &str, settings: Settings) -> Result<Box<dyn Session>, String> {
    let game = pgn::read(text).map_err(|e| format!("bad PGN ({e})"))?;
    let variant = game.tag("Variant").unwrap_or(current);
    let variant = registry::canonical(variant).map_err(|e| e.to_string())?;
    let mut session = session::open(variant, settings).map_err(|e| e.to_string())?;
    if let Some(fen) = game.tag("FEN") {
        session
            .set_fen(fen, Notation::Engine)
            .map_err(|e| format!("bad FEN tag ({})", error_chain(&e)))?;
    }
    for (i, mv) in game.moves.iter().enumerate() {
        session
            .play(&mv.text, Notation::Engine)
            .map_err(|e| format!("move {} {}: {e}", i + 1, mv.text))?;
        for roll in &mv.rolls {
            if session.is_chance() {
                session
                    .play(roll, Notation::Engine)
                    .map_err(|e| format!("roll after move {}: {e}", i + 1))?;
            }
        }
        session.roll();
    }
    Ok(session)
}
