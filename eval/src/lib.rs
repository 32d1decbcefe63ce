//! Evaluation: one module per game behind the one [`Evaluate`] trait. Each module keeps its
//! weights in one place; the search knows nothing of any game.

pub mod checkercapture;
pub mod chutes;
pub mod escalator;
pub mod fide;
pub mod laddershogi;
pub mod rope;

use escalade_core::Position;

/// Score of a won game for the side to move (mates are `MATE - plies`).
pub const MATE: i32 = 32_000;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A static evaluation, in centipawns, from the side to move's point of view.
pub trait Evaluate: Position {
    /// The evaluation of a quiet position (no game end: the search handles those).
    fn evaluate(&self) -> i32;

    /// Whether passing is unlikely to be the side to move's best option here, so the
    /// search may try a null move (where `Position::PRUNING` allows it at all). FIDE-like
    /// games say no when the side to move has only pawns and king (zugzwang).
    fn null_move_safe(&self) -> bool {
        true
    }

    /// Whether the tactical move `mv` loses material by static exchange. The search skips
    /// such moves in quiescence and tries them after the killers; the default (never)
    /// keeps every tactical move.
    fn is_losing_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Positions (FEN, of form `form`) that `escalade bench` searches besides the form's
    /// start position; a fixed list, so the bench node count is a signature of the search.
    fn bench_fens(_form: usize) -> &'static [&'static str] {
        &[]
    }

    /// The depth `escalade bench` searches this form to when none is given.
    fn bench_depth(_form: usize) -> u32 {
        8
    }
}
