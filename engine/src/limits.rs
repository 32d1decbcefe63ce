//! Search limits as the protocols give them.

use std::time::Duration;

/// What bounds a search. Everything `None`/`false` means "search until stopped".
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration to search, in plies.
    pub depth: Option<u32>,
    /// The most nodes to search, all threads together.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Time left on the mover's clock.
    pub time_left: Option<Duration>,
    /// The mover's increment per move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: sudden death).
    pub moves_to_go: Option<u32>,
    /// Analysis / infinite: only `stop` ends the search.
    pub infinite: bool,
    /// Time kept in reserve for communication delays.
    pub move_overhead: Duration,
    /// Root lines to search and report (multi-PV); 0 and 1 both mean one.
    pub multi_pv: usize,
    /// Move codes (`Position::move_code`) of the only root moves to search (UCI
    /// `searchmoves`); empty, or naming no legal move, means every move.
    pub search_moves: Vec<u32>,
    /// Stop once a mate in at most this many moves for the side to move is proven (UCI
    /// `go mate N`, which also caps the depth at 2N plies).
    pub mate: Option<u32>,
    /// Play below full strength (UCI `Skill Level`); `None` is full strength.
    pub skill: Option<crate::Skill>,
    /// Ponder: the clock stands still and the search does not end on its own until this
    /// signal is given (UCI `go ponder` ... `ponderhit`); then the time limits apply.
    pub ponder: Option<crate::PonderHit>,
}
