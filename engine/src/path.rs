//! The search path: hashes of the game so far followed by those of the positions on the
//! current line of the search, for repetition detection.
//!
//! A repetition is looked for only as far back as `Position::reversible_plies` allows, and
//! never across a null move. An earlier occurrence inside the searched line counts at once
//! (the side that allowed it can repeat it again); occurrences from the game before the
//! root must reach `REPETITIONS_TO_DRAW`. The verdict comes from `Position::repetition_result`,
//! which needs positions: they are rebuilt from the game and the moves of the line only
//! when a repetition is actually found.

use escalade_core::{GameResult, Position};

/// One step of the searched line: a move, or a null move (`None`).
#[derive(Clone, Copy, Debug)]
struct Step<M> {
    mv: Option<M>,
    /// The lowest index a repetition may be found at before this step.
    floor_before: usize,
}

/// Hashes of the game and of the current search line.
pub struct SearchPath<P: Position> {
    keys: Vec<u64>,
    /// Positions of the game that can still repeat (the root last).
    game: Vec<P>,
    /// Index of the root in `keys`.
    root: usize,
    steps: Vec<Step<P::Move>>,
    floor: usize,
    scratch: Vec<P>,
}

impl<P: Position> SearchPath<P> {
    /// An empty path.
    pub fn new() -> Self {
        SearchPath {
            keys: Vec::new(),
            game: Vec::new(),
            root: 0,
            steps: Vec::new(),
            floor: 0,
            scratch: Vec::new(),
        }
    }

    /// Starts a search of the last position of `history`.
    pub fn reset(&mut self, history: &[P]) {
        let root = history.last().expect("a position to search");
        let keep = (root.reversible_plies() as usize + 1).min(history.len());
        self.game.clear();
        self.game
            .extend_from_slice(&history[history.len() - keep..]);
        self.keys.clear();
        self.keys.extend(self.game.iter().map(P::hash));
        self.root = self.keys.len() - 1;
        self.steps.clear();
        self.floor = 0;
    }

    /// Enters the position with hash `key`, reached by `mv` (`None`: a null move).
    #[inline]
    pub fn push(&mut self, key: u64, mv: Option<P::Move>) {
        self.steps.push(Step {
            mv,
            floor_before: self.floor,
        });
        self.keys.push(key);
        if mv.is_none() {
            self.floor = self.keys.len() - 1;
        }
    }

    /// Leaves the last entered position.
    #[inline]
    pub fn pop(&mut self) {
        let step = self.steps.pop().expect("pop without push");
        self.keys.pop();
        self.floor = step.floor_before;
    }

    /// Whether the last step was a null move.
    #[inline]
    pub fn after_null_move(&self) -> bool {
        self.steps.last().is_some_and(|s| s.mv.is_none())
    }

    /// The rules' verdict if `pos` (the current end of the path) is a repetition that ends
    /// the game in the search.
    #[inline]
    pub fn repetition(&mut self, pos: &P) -> Option<GameResult> {
        let cur = self.keys.len() - 1;
        let back = (pos.reversible_plies() as usize).min(cur - self.floor);
        if back < 2 {
            return None;
        }
        let key = self.keys[cur];
        let mut count = 1;
        for i in (cur - back..=cur - 2).rev() {
            if self.keys[i] == key {
                count += 1;
                if i >= self.root || count >= P::REPETITIONS_TO_DRAW {
                    return Some(self.verdict(cur - back));
                }
            }
        }
        None
    }

    /// Rebuilds the positions from index `first` to the end and asks the rules.
    #[cold]
    fn verdict(&mut self, first: usize) -> GameResult {
        self.scratch.clear();
        for i in first..=self.root {
            self.scratch.push(self.game[i].clone());
        }
        let mut p = self.game[self.root].clone();
        for (k, step) in self.steps.iter().enumerate() {
            p = match step.mv {
                Some(m) => p.play(m),
                None => p.null_move().expect("a null move was played"),
            };
            if self.root + 1 + k >= first {
                self.scratch.push(p.clone());
            }
        }
        P::repetition_result(&self.scratch)
    }
}

impl<P: Position> Default for SearchPath<P> {
    fn default() -> Self {
        Self::new()
    }
}
