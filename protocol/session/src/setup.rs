//! Building the position a command starts from: a variant's start position or a FEN,
//! followed by moves in the variant's move text. Every failure is a message, never a panic.

use escalade_core::Position;

/// The start position (or `fen`) of form `form` after `moves`.
pub fn start_position<P: Position>(
    form: usize,
    fen: Option<&str>,
    moves: &[String],
) -> Result<P, String> {
    let mut pos = match fen {
        Some(f) => P::from_fen(form, f).map_err(|e| e.to_string())?,
        None => P::startpos(form),
    };
    for (i, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        pos = pos.play(mv);
    }
    Ok(pos)
}
