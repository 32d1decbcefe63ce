//! A game record: the positions played so far and the verdict of the rules on them,
//! including repetition (which needs the history). Used by the referee, terminal play and
//! the protocol front ends, so all of them end games the same way.

use crate::{GameResult, MoveError, Position};

/// The positions of a game from its start, with the moves between them.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
}

impl<P: Position> Game<P> {
    /// A game starting at `start`.
    pub fn new(start: P) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
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
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Parses `text` in the current position and plays it; on error nothing changes. A
    /// claimable draw does not stop play (see [`Game::final_result`]).
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        if let Some(r) = self.final_result() {
            return Err(MoveError::Illegal(format!(
                "the game is over ({})",
                r.reason()
            )));
        }
        let mv = self.position().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move (a chance outcome counts as a move); false at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.moves.pop();
        self.positions.pop();
        true
    }

    /// How often the current position has occurred (same hash), itself included.
    pub fn occurrences(&self) -> usize {
        let pos = self.position();
        let h = pos.hash();
        let back = pos.reversible_plies() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(back)
            .filter(|p| p.hash() == h)
            .count()
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
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
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
