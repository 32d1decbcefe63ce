//! A game record: the positions played so far and the verdict of the rules on them,
//! including repetition (which needs the history). Used by the referee, terminal play and
//! the protocol front ends, so all of them end games the same way.
//!
//! Long games stay cheap: each position links to the previous occurrence of its hash, so
//! counting repetitions follows that chain instead of scanning the game, and whether the
//! current position has a legal move is worked out once per position.

use std::cell::OnceCell;
use std::collections::HashMap;

use crate::{GameResult, MoveError, Position};

/// The positions of a game from its start, with the moves between them.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
    /// Per position, the index of the previous position with the same hash.
    previous_same: Vec<Option<usize>>,
    /// The last index of each hash.
    last_index: HashMap<u64, usize>,
    /// Whether the current position has a legal move (worked out once).
    has_moves: OnceCell<bool>,
}

impl<P: Position> Game<P> {
    /// A game starting at `start`.
    pub fn new(start: P) -> Self {
        let mut last_index = HashMap::new();
        last_index.insert(start.hash(), 0);
        Game {
            positions: vec![start],
            moves: Vec::new(),
            previous_same: vec![None],
            last_index,
            has_moves: OnceCell::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions.last().expect("a game has a position")
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// Every position, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Hashes of every position so far (for the search's repetition detection).
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(P::hash).collect()
    }

    /// Plays a legal move (from `generate_moves` or `parse_move`).
    pub fn play(&mut self, mv: P::Move) {
        let next = self.position().play(mv);
        let index = self.positions.len();
        self.previous_same
            .push(self.last_index.insert(next.hash(), index));
        self.positions.push(next);
        self.moves.push(mv);
        self.has_moves = OnceCell::new();
    }

    /// Parses `text` in the current position and plays it; on error nothing changes. A
    /// claimable draw does not stop play (see [`Game::final_result`]).
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        let mv = match self.position().parse_move(text) {
            Ok(mv) => mv,
            Err(e) => {
                return Err(match self.final_result() {
                    Some(r) => MoveError::Illegal(format!("the game is over ({})", r.reason())),
                    None => e,
                })
            }
        };
        // a move parsed, so there are legal moves: only a rule or a repetition can have
        // ended the game
        self.note_legal_move();
        if let Some(r) = self.final_result() {
            return Err(MoveError::Illegal(format!(
                "the game is over ({})",
                r.reason()
            )));
        }
        self.play(mv);
        Ok(mv)
    }

    /// Tells the record that the current position has a legal move (one was just parsed
    /// there), so the verdicts need not generate the moves again.
    pub fn note_legal_move(&self) {
        let _ = self.has_moves.set(true);
    }

    fn has_legal_move(&self) -> bool {
        *self.has_moves.get_or_init(|| {
            let mut moves = Vec::new();
            self.position().generate_moves(&mut moves);
            !moves.is_empty()
        })
    }

    /// Takes back the last move (a chance outcome counts as a move); false at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.moves.pop();
        let gone = self.positions.pop().expect("a move leaves a position");
        match self.previous_same.pop().flatten() {
            Some(i) => self.last_index.insert(gone.hash(), i),
            None => self.last_index.remove(&gone.hash()),
        };
        self.has_moves = OnceCell::new();
        true
    }

    /// How often the current position has occurred (same hash) within its reversible
    /// plies, itself included.
    pub fn occurrences(&self) -> usize {
        let last = self.positions.len() - 1;
        let back = self.position().reversible_plies() as usize;
        let first = last.saturating_sub(back);
        let mut count = 1;
        let mut at = self.previous_same[last];
        while let Some(i) = at.filter(|&i| i >= first) {
            count += 1;
            at = self.previous_same[i];
        }
        count
    }

    /// The referee's verdict on the current position, if the game is over: every end of
    /// the rules, claimable draws included (a referee claims them for the players, as
    /// cutechess-cli does).
    pub fn result(&self) -> Option<GameResult> {
        self.verdict(true)
    }

    /// The verdict of the rules without any claim: mate, stalemate, a variant's automatic
    /// end, an automatic repetition. A position with only a claimable draw (FIDE's
    /// threefold repetition or fifty-move rule) is not over: play may go on from it.
    pub fn final_result(&self) -> Option<GameResult> {
        self.verdict(false)
    }

    fn verdict(&self, claim: bool) -> Option<GameResult> {
        let pos = self.position();
        if P::HAS_CHANCE && pos.is_chance() {
            return None;
        }
        if let Some(r) = pos.rule_result() {
            return Some(r);
        }
        if !self.has_legal_move() {
            return Some(pos.no_move_result());
        }
        if claim {
            if let Some(r) = pos.claimable_draw() {
                return Some(r);
            }
        }
        let occurrences = self.occurrences();
        let needed = if P::REPETITION_CLAIMED && !claim {
            P::AUTOMATIC_REPETITIONS
        } else {
            P::REPETITIONS_TO_DRAW
        };
        if occurrences >= needed {
            if P::REPETITION_CLAIMED && occurrences >= P::AUTOMATIC_REPETITIONS {
                return Some(GameResult::Draw("Draw by fivefold repetition"));
            }
            return Some(P::repetition_result(&self.positions));
        }
        None
    }
}
