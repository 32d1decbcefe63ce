//! What a finished game leaves behind: who played, from where, every move (book plies,
//! engine moves with their score/depth/time, chance outcomes rolled by the runner) and the
//! outcome with its reason. The PGN writer and the statistics read only this.

use std::time::Duration;

use escalade_core::{Color, GameResult};

/// How a game ended, in the words of the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, stalemate, repetition, ...) or by resignation.
    Normal,
    /// By the runner's score or move-count adjudication.
    Adjudication,
    /// A side's clock (or move time, plus the margin) ran out.
    TimeForfeit,
    /// An engine sent a move that is not legal, or not a move.
    IllegalMove,
    /// The engine crashed, exited or could not play the game.
    Abandoned,
    /// The engine stopped answering in a game without a clock.
    StalledConnection,
}

impl Termination {
    /// The PGN tag value.
    pub fn pgn_text(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Abandoned => "abandoned",
            Termination::StalledConnection => "stalled connection",
        }
    }
}

/// The result of a game with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won (`None`: a draw).
    pub winner: Option<Color>,
    /// The reason in words, as the PGN result comment and the report give it
    /// (`Draw by adjudication`).
    pub reason: String,
    /// The kind of ending, for the PGN `Termination` tag.
    pub termination: Termination,
}

impl Outcome {
    /// A win for `winner`.
    pub fn win(winner: Color, reason: impl Into<String>, termination: Termination) -> Self {
        Outcome {
            winner: Some(winner),
            reason: reason.into(),
            termination,
        }
    }

    /// A loss for `loser`.
    pub fn loss(loser: Color, reason: impl Into<String>, termination: Termination) -> Self {
        Outcome::win(!loser, reason, termination)
    }

    /// A draw.
    pub fn draw(reason: impl Into<String>, termination: Termination) -> Self {
        Outcome {
            winner: None,
            reason: reason.into(),
            termination,
        }
    }

    /// The verdict of the rules.
    pub fn from_rules(r: GameResult) -> Self {
        Outcome {
            winner: r.winner(),
            reason: r.reason().to_string(),
            termination: Termination::Normal,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Who made a move of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// A ply of the opening (from the book or played at random by the runner).
    Book,
    /// An engine's move.
    Engine,
    /// A chance outcome rolled by the runner.
    Chance,
}

/// One move of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// The move as game records write it (`Position::record_text`: SAN in chess, the
    /// variant's own move text elsewhere).
    pub text: String,
    /// The side to move before it (at a chance node: the side that moved into it).
    pub side: Color,
    /// Where the move came from: the opening, an engine or the dice.
    pub source: MoveSource,
    /// `+0.35/12 0.203s` for engine moves (score/depth when reported, time used).
    pub comment: Option<String>,
}

/// Moves that arrived after the clock (or the move time) ran out but within the time
/// margin: how many, and the latest of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Oversteps {
    /// How many moves were late.
    pub count: u32,
    /// The longest lateness among them.
    pub worst: Duration,
}

impl Oversteps {
    /// Counts a move that was `late`.
    pub fn add(&mut self, late: Duration) {
        self.count = self.count.saturating_add(1);
        self.worst = self.worst.max(late);
    }

    /// Adds the oversteps of another game.
    pub fn merge(&mut self, other: Oversteps) {
        self.count = self.count.saturating_add(other.count);
        self.worst = self.worst.max(other.worst);
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// 1-based game number in the schedule.
    pub number: usize,
    /// 1-based round.
    pub round: usize,
    /// White's engine index (into the match's engine list).
    pub white: usize,
    /// Black's engine index (into the match's engine list).
    pub black: usize,
    /// The start position's FEN when it is not the variant's start position.
    pub start_fen: Option<String>,
    /// Which side moves first in the start position.
    pub first_side: Color,
    /// Every ply from the start position: book plies, engine moves and chance outcomes.
    pub moves: Vec<PlayedMove>,
    /// The result and its reason.
    pub outcome: Outcome,
    /// The seed of this game's dice.
    pub seed: u64,
    /// The final position's FEN (what `-epdout` writes).
    pub final_fen: String,
    /// Oversteps of White and Black.
    pub oversteps: [Oversteps; 2],
}

impl GameRecord {
    /// The engine index that won, if any.
    pub fn winner_engine(&self) -> Option<usize> {
        self.outcome.winner.map(|c| match c {
            Color::White => self.white,
            Color::Black => self.black,
        })
    }
}
