//! A session's game as a drawing board sees it ([`BoardView`]): the picture of the current
//! position or of any earlier one, every legal move as click sequences with its move text,
//! the record of turns (move text and record text) with their chance outcomes, a line's
//! record texts, and the legend. Built on the rules
//! crates' neutral `escalade_core::Diagram` (`game_board.rs` draws a game's session
//! with it); nothing here knows a protocol.

use escalade_core::{Click, Color, MoveError, Picture, PieceInfo, Stage};

/// A turn of the record: its move text, its record text and the chance outcomes that
/// followed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedTurn {
    /// The move in engine move text.
    pub text: String,
    /// The move as game records write it (SAN in chess with `+`/`#`; the move text in a
    /// game without a record notation of its own).
    pub record: String,
    /// The chance outcomes that followed the move, in order (empty in a game without dice).
    pub rolls: Vec<String>,
}

/// A position to draw: its FEN, picture, the cells of the move that led to it, and whether
/// the side to move is in check.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The position as FEN.
    pub fen: String,
    /// What to draw: the board's cells and the pieces on them.
    pub picture: Picture,
    /// The cells the last decision move passed through, in order (empty at the start).
    pub last: Vec<String>,
    /// The last move as strokes, one per piece that moved.
    pub strokes: Vec<Vec<String>>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The cells of the side to move's royal pieces that stand attacked (`Diagram::
    /// checked_cells`): a board marks these, not every royal piece.
    pub checked: Vec<String>,
    /// The side to move.
    pub side_to_move: Color,
}

/// A legal move of the current position: its move text and the click sequences that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClickMove {
    /// The move in engine move text.
    pub text: String,
    /// Every click sequence that makes the move (one click per cell chosen).
    pub clicks: Vec<Vec<Click>>,
    /// The board part way through the move, parallel to `clicks`: `stages[i][k]` is the
    /// stage after the first `k + 1` clicks of `clicks[i]` (`Diagram::move_stage`), given
    /// once per click prefix over all the moves (`None` where an earlier move gave it, or
    /// where the live position is drawn).
    pub stages: Vec<Vec<Option<Stage>>>,
}

/// How a drawing board sees a session's game.
pub trait BoardView: Send {
    /// The current position.
    fn snapshot(&self) -> Snapshot;
    /// The position after the first `turns` turns (chance outcomes included), if there are
    /// that many.
    fn snapshot_at(&self, turns: usize) -> Option<Snapshot>;
    /// The position after playing `moves` (engine move text) from the current one; an
    /// illegal move is an error and nothing changes.
    fn preview(&self, moves: &[String]) -> Result<Snapshot, MoveError>;
    /// Every legal move here with its clicks (none at a chance node).
    fn click_moves(&self) -> Vec<ClickMove>;
    /// The turns played, in engine move text and record text.
    fn record(&self) -> Vec<RecordedTurn>;
    /// The record texts (SAN in chess) of the line `moves` (engine move text, e.g. an
    /// engine's PV) played from the current position, up to its first move that is not
    /// legal where the line reaches it.
    fn record_line(&self, moves: &[String]) -> Vec<String>;
    /// The start position's FEN.
    fn start_fen(&self) -> String;
    /// The side to move in the start position (the first turn's player).
    fn first_mover(&self) -> Color;
    /// Every piece kind of the variant, with what it does.
    fn legend(&self) -> Vec<PieceInfo>;
}
