//! The moves the search takes from a position agree with its legal moves: the staged
//! generation (`MOVE_STAGES`/`generate_stage`, built on the best move so far as the search
//! does) yields legal moves only, each once, with stage 0 empty only when there is no legal
//! move; the quiescence list (`generate_tactical`) holds every legal tactical move and says
//! truly whether any legal move exists; `move_from_code` finds legal moves by their codes.
//! How many legal moves the stages leave out on purpose (a game's selective generation) is
//! counted, not a fault.

use std::collections::HashSet;

use escalade_core::Position;

/// Legal moves whose code is looked up again per position (the lookup may list every move).
const CODE_SAMPLES: usize = 4;

/// A disagreement between the search's move sources and the legal moves (`mv`: the
/// move's `Debug` text; `fen`: the position).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchMovesError {
    /// Stage 0 is empty though there are legal moves, or not empty though there are none.
    #[error("stage 0 has {staged} moves but there are {legal} legal moves in {fen:?}")]
    StageZero {
        /// Moves stage 0 yielded.
        staged: usize,
        /// Legal moves of the position.
        legal: usize,
        /// The position.
        fen: String,
    },
    /// A stage yielded a move that is not legal.
    #[error("a staged move is not legal in {fen:?}: {mv}")]
    StagedIllegal {
        /// The staged move.
        mv: String,
        /// The position.
        fen: String,
    },
    /// The stages yielded the same move twice.
    #[error("two stages yield {mv} in {fen:?}")]
    StagedTwice {
        /// The move yielded twice.
        mv: String,
        /// The position.
        fen: String,
    },
    /// `generate_tactical`'s answer to whether any legal move exists is wrong.
    #[error("generate_tactical says {any} for {legal} legal moves in {fen:?}")]
    Tactical {
        /// What `generate_tactical` returned (true: there is a legal move).
        any: bool,
        /// Legal moves of the position.
        legal: usize,
        /// The position.
        fen: String,
    },
    /// The quiescence list holds a move that is not legal.
    #[error("a quiescence move (code {code}) is not legal in {fen:?}")]
    QuiescenceIllegal {
        /// The move's `move_code`.
        code: u32,
        /// The position.
        fen: String,
    },
    /// A legal tactical move is missing from the quiescence list.
    #[error("the tactical move {mv} is missing from quiescence in {fen:?}")]
    TacticalMissing {
        /// The missing move.
        mv: String,
        /// The position.
        fen: String,
    },
    /// `move_from_code` does not give back a legal move from its code.
    #[error("move_from_code misses {mv} in {fen:?}")]
    CodeLookup {
        /// The move looked up.
        mv: String,
        /// The position.
        fen: String,
    },
}

/// Checks `pos` against its legal moves `legal`; returns how many legal moves the stages
/// left out, or the first disagreement.
pub fn check_search_moves<P: Position>(
    pos: &P,
    legal: &[P::Move],
) -> Result<u64, SearchMovesError> {
    let fen = || pos.to_fen();
    let codes: HashSet<u32> = legal.iter().map(|&m| P::move_code(m)).collect();
    let mut staged = Vec::new();
    let mut best = None;
    for stage in 0..P::MOVE_STAGES.len() {
        pos.generate_stage(stage, best, &mut staged);
        if stage == 0 {
            if staged.is_empty() != legal.is_empty() {
                return Err(SearchMovesError::StageZero {
                    staged: staged.len(),
                    legal: legal.len(),
                    fen: fen(),
                });
            }
            best = staged.first().copied();
        }
    }
    let mut seen = HashSet::new();
    for &m in &staged {
        let code = P::move_code(m);
        if !codes.contains(&code) {
            return Err(SearchMovesError::StagedIllegal {
                mv: format!("{m:?}"),
                fen: fen(),
            });
        }
        if !seen.insert(code) {
            return Err(SearchMovesError::StagedTwice {
                mv: format!("{m:?}"),
                fen: fen(),
            });
        }
    }

    let mut tactical = Vec::new();
    let any = pos.generate_tactical(&mut tactical);
    if any == legal.is_empty() {
        return Err(SearchMovesError::Tactical {
            any,
            legal: legal.len(),
            fen: fen(),
        });
    }
    let listed: HashSet<u32> = tactical.iter().map(|&m| P::move_code(m)).collect();
    if let Some(m) = listed.iter().find(|c| !codes.contains(c)) {
        return Err(SearchMovesError::QuiescenceIllegal {
            code: *m,
            fen: fen(),
        });
    }
    if let Some(m) = legal
        .iter()
        .find(|&&m| pos.is_tactical(m) && !listed.contains(&P::move_code(m)))
    {
        return Err(SearchMovesError::TacticalMissing {
            mv: format!("{m:?}"),
            fen: fen(),
        });
    }

    let step = (legal.len() / CODE_SAMPLES).max(1);
    for &m in legal.iter().step_by(step).take(CODE_SAMPLES) {
        if pos.move_from_code(P::move_code(m)) != Some(m) {
            return Err(SearchMovesError::CodeLookup {
                mv: format!("{m:?}"),
                fen: fen(),
            });
        }
    }
    Ok((legal.len() - staged.len()) as u64)
}
