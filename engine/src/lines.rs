//! What a search finds at the root: a line of an iteration ([`RootLine`], one per
//! multi-PV rank) and a thread's result ([`ThreadResult`], its last completed iteration).

/// One principal variation of an iteration.
#[derive(Clone, Debug)]
pub(crate) struct RootLine<M> {
    pub score: i32,
    pub seldepth: u32,
    pub pv: Vec<M>,
}

/// The last completed iteration of one thread.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    pub best: Option<M>,
    pub score: i32,
    /// Depth of the last completed iteration (0: none).
    pub depth: u32,
    pub seldepth: u32,
    pub pv: Vec<M>,
}
