//! Invariants under random play for one game, generic over `Position`. Random legal games
//! from the start position, checking after every ply: the incremental hash equals the one
//! computed from scratch, the FEN round-trips (same FEN, same hash), no two legal moves
//! share a move code, the played move's text reads back as that move, playing a move leaves
//! the original untouched (its whole `Debug` state, not just its FEN), chance outcomes sum
//! to 1, and `Game::result` agrees with the legal move list (no moves: the game is over;
//! the game goes on: there are moves), and the search's move sources agree with the legal
//! moves ([`super::search_moves`]). Every `full_every` plies the generic
//! `testsuite::check_position` also checks every legal move of the position.

use escalade_core::SeededRng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use escalade_core::{testsuite, Game, Position};
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;

use super::search_moves::{check_search_moves, SearchMovesError};
use super::{error_chain, panic_text};

/// A broken invariant of random play (`fen`: the position, `Debug` texts for moves).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InvariantError {
    /// The incremental hash is not the one computed from scratch.
    #[error("incremental hash differs from scratch in {fen:?}")]
    HashFromScratch {
        /// The position.
        fen: String,
    },
    /// The position's own FEN is refused by the reader.
    #[error("FEN {fen:?} does not read back")]
    FenReadBack {
        /// The FEN the position wrote.
        fen: String,
        /// Why the reader refused it.
        #[source]
        source: escalade_core::FenError,
    },
    /// Reading the position's FEN gives a position with another FEN.
    #[error("FEN round trip changed {fen:?} into {back:?}")]
    FenRoundTrip {
        /// The FEN the position wrote.
        fen: String,
        /// The FEN of the position read back from it.
        back: String,
    },
    /// Reading the position's FEN gives a position with another hash.
    #[error("FEN round trip changed the hash of {fen:?}")]
    FenHash {
        /// The position.
        fen: String,
    },
    /// Two legal moves have the same `move_code`.
    #[error("two legal moves share a move code in {fen:?}")]
    SharedMoveCode {
        /// The position.
        fen: String,
    },
    /// The probabilities of a chance node's outcomes do not sum to 1 (within 1e-9).
    #[error("chance outcomes sum to {total}, not 1, in {fen:?}")]
    ChanceSum {
        /// The sum of the outcomes' probabilities.
        total: f64,
        /// The position.
        fen: String,
    },
    /// There is no legal move, yet `Game::result` says the game goes on.
    #[error("no legal move but the game goes on in {fen:?}")]
    NoMoveGameGoesOn {
        /// The position.
        fen: String,
    },
    /// A chance node has no outcome to roll.
    #[error("a chance node without outcomes: {fen:?}")]
    ChanceWithoutOutcomes {
        /// The position.
        fen: String,
    },
    /// A legal move's text reads back as a different legal move.
    #[error("move text {text:?} reads back as {other}, not {mv}, in {fen:?}")]
    TextReadsBackAs {
        /// The move's text.
        text: String,
        /// The move it read back as (`Debug`).
        other: String,
        /// The move played (`Debug`).
        mv: String,
        /// The position.
        fen: String,
    },
    /// A legal move's text is refused by the move reader.
    #[error("move text {text:?} does not read back in {fen:?}")]
    TextReadBack {
        /// The move's text.
        text: String,
        /// The position.
        fen: String,
        /// Why the reader refused it.
        #[source]
        source: escalade_core::MoveError,
    },
    /// `play` changed the position it was called on.
    #[error("playing {text} changed the original position")]
    PlayChangedOriginal {
        /// The move played, as text.
        text: String,
    },
    /// The search's move sources disagree with the legal moves.
    #[error(transparent)]
    SearchMoves(#[from] SearchMovesError),
}

/// How long and how thoroughly to play.
#[derive(Clone, Copy, Debug)]
pub struct PlayPlan {
    /// Plies to play in all (over as many games as it takes).
    pub plies: u64,
    /// Longest game before starting a new one.
    pub max_game_plies: usize,
    /// Run the full per-move check every this many plies (0: never).
    pub full_every: u64,
    /// Seed of the random moves and dice.
    pub seed: u64,
}

/// What random play did and found.
#[derive(Clone, Debug, Default)]
pub struct PlayReport {
    /// Plies played, over all games.
    pub plies: u64,
    /// Games started.
    pub games: u64,
    /// Games that ended by the rules (the others hit `max_game_plies`).
    pub finished: u64,
    /// Positions that also passed the full per-move check.
    pub full_checks: u64,
    /// Wall-clock time of the run.
    pub time: Duration,
    /// The first violation, with the game's moves leading to it.
    pub defect: Option<String>,
    /// Positions whose GUI FEN or played move's GUI text did not read back.
    pub gui_mismatches: u64,
    /// Positions whose GUI FEN read back as another position (state left out).
    pub gui_fen_lossy: u64,
    /// The first few of them.
    pub gui_examples: Vec<String>,
    /// Legal moves the staged generation left out on purpose, summed over positions.
    pub staged_left_out: u64,
}

/// How often [`random_play`] reports progress.
pub const TICK_PLIES: u64 = 1024;

/// Plays random games of form `form` until `plan.plies` plies are played or an invariant
/// breaks (then `defect` says where, and play stops).
/// `tick(plies)` is called every [`TICK_PLIES`] plies (progress).
pub fn random_play<P: GuiBoard>(form: usize, plan: PlayPlan, tick: &dyn Fn(u64)) -> PlayReport {
    let started = Instant::now();
    let mut rng = SeededRng::new(plan.seed);
    let mut report = PlayReport::default();
    let mut moves = Vec::new();
    while report.plies < plan.plies {
        report.games += 1;
        let mut game = Game::new(P::startpos(form));
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            play_one::<P>(&mut game, &mut rng, &mut moves, plan, &mut report, tick)
        }));
        let failure = match outcome {
            Ok(Ok(())) => None,
            Ok(Err(what)) => Some(error_chain(&what)),
            Err(p) => Some(format!("panic: {}", panic_text(&p))),
        };
        if let Some(what) = failure {
            let line: Vec<String> = {
                let mut pos = game.start().clone();
                let mut texts = Vec::new();
                for &m in game.moves() {
                    texts.push(pos.move_text(m));
                    pos = pos.play(m);
                }
                texts
            };
            report.defect = Some(format!(
                "{what}\n  after game {} ply {}: start {:?} moves {}",
                report.games,
                game.moves().len(),
                game.start().to_fen(),
                line.join(" ")
            ));
            break;
        }
    }
    report.time = started.elapsed();
    report
}

fn play_one<P: GuiBoard>(
    game: &mut Game<P>,
    rng: &mut SeededRng,
    moves: &mut Vec<P::Move>,
    plan: PlayPlan,
    report: &mut PlayReport,
    tick: &dyn Fn(u64),
) -> Result<(), InvariantError> {
    for _ in 0..plan.max_game_plies {
        if report.plies >= plan.plies {
            return Ok(());
        }
        let pos = game.position();
        check_static(pos, moves)?;
        if !pos.is_chance() {
            report.staged_left_out += check_search_moves(pos, moves)?;
        }
        let result = game.result();
        match (result, moves.is_empty()) {
            (None, true) => return Err(InvariantError::NoMoveGameGoesOn { fen: pos.to_fen() }),
            (Some(_), true) if pos.is_chance() => {
                return Err(InvariantError::ChanceWithoutOutcomes { fen: pos.to_fen() })
            }
            (Some(_), _) => {
                report.finished += 1;
                return Ok(());
            }
            (None, false) => {}
        }
        if plan.full_every > 0 && report.plies.is_multiple_of(plan.full_every) {
            testsuite::check_position(pos);
            report.full_checks += 1;
        }
        let mv = *moves.choose(rng).expect("moves is not empty");
        let text = pos.move_text(mv);
        match pos.parse_move(&text) {
            Ok(back) if back == mv => {}
            Ok(other) => {
                return Err(InvariantError::TextReadsBackAs {
                    text,
                    other: format!("{other:?}"),
                    mv: format!("{mv:?}"),
                    fen: pos.to_fen(),
                })
            }
            Err(source) => {
                return Err(InvariantError::TextReadBack {
                    text,
                    fen: pos.to_fen(),
                    source,
                })
            }
        }
        check_gui(pos, mv, report);
        let before = format!("{pos:?}");
        let child = pos.play(mv);
        if format!("{pos:?}") != before {
            return Err(InvariantError::PlayChangedOriginal { text });
        }
        drop(child);
        game.play(mv);
        report.plies += 1;
        if report.plies.is_multiple_of(TICK_PLIES) {
            tick(report.plies);
        }
    }
    Ok(())
}

/// The GUI round trips of `pos` and `mv` (counted in `report`, never fatal).
fn check_gui<P: GuiBoard>(pos: &P, mv: P::Move, report: &mut PlayReport) {
    let mut problem = None;
    let gui_fen = pos.gui_fen();
    match P::from_gui_fen(pos.form(), &gui_fen) {
        Ok(back) if back.to_fen() == pos.to_fen() => {}
        Ok(_) => report.gui_fen_lossy += 1,
        Err(e) => problem = Some(format!("GUI FEN {gui_fen:?} does not read back: {e}")),
    }
    let text = pos.gui_move_text(mv);
    match pos.parse_gui_move(&text) {
        Ok(back) if back == mv => {}
        Ok(_) => {
            problem = Some(format!(
                "GUI move {text:?} ({}) reads back as another move in {:?}",
                pos.move_text(mv),
                pos.to_fen()
            ))
        }
        Err(e) => {
            problem = Some(format!(
                "GUI move {text:?} ({}) does not read back in {:?}: {e}",
                pos.move_text(mv),
                pos.to_fen()
            ))
        }
    }
    if let Some(p) = problem {
        report.gui_mismatches += 1;
        if report.gui_examples.len() < 3 {
            report.gui_examples.push(p);
        }
    }
}

/// The checks on one position that do not need its game; fills `moves` with its moves.
fn check_static<P: Position>(pos: &P, moves: &mut Vec<P::Move>) -> Result<(), InvariantError> {
    let fen = pos.to_fen();
    if pos.hash() != pos.hash_from_scratch() {
        return Err(InvariantError::HashFromScratch { fen });
    }
    let back = match P::from_fen(pos.form(), &fen) {
        Ok(b) => b,
        Err(source) => return Err(InvariantError::FenReadBack { fen, source }),
    };
    if back.to_fen() != fen {
        return Err(InvariantError::FenRoundTrip {
            back: back.to_fen(),
            fen,
        });
    }
    if back.hash() != pos.hash() {
        return Err(InvariantError::FenHash { fen });
    }
    pos.generate_moves(moves);
    let mut codes: Vec<u32> = moves.iter().map(|&m| P::move_code(m)).collect();
    codes.sort_unstable();
    codes.dedup();
    if codes.len() != moves.len() {
        return Err(InvariantError::SharedMoveCode { fen });
    }
    if pos.is_chance() {
        let total: f64 = moves.iter().map(|&m| pos.outcome_probability(m)).sum();
        if (total - 1.0).abs() > 1e-9 {
            return Err(InvariantError::ChanceSum { total, fen });
        }
    }
    Ok(())
}
