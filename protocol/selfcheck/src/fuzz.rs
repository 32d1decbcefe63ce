//! Parser fuzzing for one game, generic over `Position`: the FEN reader and the move-text
//! reader get random and mutated inputs. A rejected input must come back as a typed error
//! without a panic and leave the game record as it was; an accepted FEN must give a
//! position that round-trips, hashes consistently and generates and plays its moves
//! without panicking; an accepted move text must be one of the legal moves. With `gui` set
//! the GUI (XBoard) forms are fuzzed instead: `from_gui_fen` and `parse_gui_move`.

use escalade_core::SeededRng;
use std::panic::{catch_unwind, AssertUnwindSafe};

use escalade_core::{Game, Position};
use escalade_grid::GuiBoard;
use rand::seq::SliceRandom;
use rand::Rng;

use super::mutate::mutate_n;
use super::{error_chain, panic_text};

/// What is wrong with a position a fuzzed FEN was accepted as.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AcceptedError {
    /// The position's hash is not the one computed from scratch.
    #[error("incremental hash differs from scratch")]
    HashFromScratch,
    /// The FEN the position writes is refused by the reader.
    #[error("its own FEN {fen:?} does not read back")]
    OwnFen {
        /// The FEN the position wrote.
        fen: String,
        /// Why the reader refused it.
        #[source]
        source: escalade_core::FenError,
    },
    /// Reading the position's own FEN gives another FEN or another hash.
    #[error("its FEN {fen:?} does not round-trip")]
    RoundTrip {
        /// The FEN the position wrote.
        fen: String,
    },
    /// A legal move's text does not read back as that move.
    #[error("move text {text:?} does not read back in {fen:?}")]
    MoveText {
        /// The move's text.
        text: String,
        /// The position, as FEN.
        fen: String,
    },
    /// After a legal move the hash is not the one computed from scratch.
    #[error("hash after {text} differs from scratch in {fen:?}")]
    ChildHash {
        /// The move played, as text.
        text: String,
        /// The position it was played from, as FEN.
        fen: String,
    },
    /// A check on the position panicked (the panic's text).
    #[error("using it panicked: {0}")]
    Panic(String),
}

/// How often (in inputs) the fuzzers report progress.
pub const TICK_INPUTS: u64 = 256;

/// What a fuzzing run tried and found.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// Inputs tried.
    pub tried: u64,
    /// Inputs the parser accepted (each then checked further).
    pub accepted: u64,
    /// Inputs refused with a typed error.
    pub rejected: u64,
    /// Every violation, with the input that caused it (the first few kept).
    pub defects: Vec<String>,
    /// How many violations there were in all.
    pub defect_count: u64,
}

impl FuzzReport {
    fn defect(&mut self, what: String) {
        self.defect_count += 1;
        if self.defects.len() < 20 {
            self.defects.push(what);
        }
    }
}

/// Positions to mutate from: the start position and those of a few short random games.
pub fn corpus<P: Position>(form: usize, seed: u64, count: usize) -> Vec<P> {
    let mut rng = SeededRng::new(seed);
    let mut out = vec![P::startpos(form)];
    let mut moves = Vec::new();
    while out.len() < count {
        let mut game = Game::new(P::startpos(form));
        for _ in 0..rng.gen_range(1..120) {
            if game.result().is_some() {
                break;
            }
            game.position().generate_moves(&mut moves);
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            game.play(m);
            if rng.gen_bool(0.15) {
                out.push(game.position().clone());
            }
        }
        out.push(game.position().clone());
    }
    out.truncate(count);
    out
}

/// Feeds `inputs` mutated FENs of form `form` to `P::from_fen` (`P::from_gui_fen` if `gui`).
/// `tick(inputs tried)` is called every [`TICK_INPUTS`] inputs (progress).
pub fn fuzz_fen<P: GuiBoard>(
    form: usize,
    inputs: u64,
    seed: u64,
    gui: bool,
    tick: &dyn Fn(u64),
) -> FuzzReport {
    let mut rng = SeededRng::new(seed);
    let fens: Vec<String> = corpus::<P>(form, seed ^ 0x5eed, 48)
        .iter()
        .map(|p| if gui { p.gui_fen() } else { p.to_fen() })
        .collect();
    let read = |fen: &str| {
        if gui {
            P::from_gui_fen(form, fen)
        } else {
            P::from_fen(form, fen)
        }
    };
    let mut report = FuzzReport::default();
    for _ in 0..inputs {
        let base = fens.choose(&mut rng).expect("corpus is never empty");
        let input = mutate_n(base, rng.gen_range(1..4), &mut rng);
        report.tried += 1;
        if report.tried.is_multiple_of(TICK_INPUTS) {
            tick(report.tried);
        }
        match catch_unwind(|| read(&input)) {
            Err(p) => report.defect(format!(
                "{} panicked ({}) on {input:?}",
                if gui { "from_gui_fen" } else { "from_fen" },
                panic_text(&p)
            )),
            Ok(Err(_)) => report.rejected += 1,
            Ok(Ok(pos)) => {
                report.accepted += 1;
                if let Err(what) = check_accepted(&pos) {
                    report.defect(format!("accepted FEN {input:?}: {}", error_chain(&what)));
                }
            }
        }
    }
    report
}

/// The checks on a position read from a fuzzed FEN; `Err` names the first violation.
fn check_accepted<P: Position>(pos: &P) -> Result<(), AcceptedError> {
    let run = catch_unwind(AssertUnwindSafe(|| {
        if pos.hash() != pos.hash_from_scratch() {
            return Err(AcceptedError::HashFromScratch);
        }
        let fen = pos.to_fen();
        let back = match P::from_fen(pos.form(), &fen) {
            Ok(b) => b,
            Err(source) => return Err(AcceptedError::OwnFen { fen, source }),
        };
        if back.to_fen() != fen || back.hash() != pos.hash() {
            return Err(AcceptedError::RoundTrip { fen });
        }
        let _ = pos.rule_result();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() && !pos.is_chance() {
            let _ = pos.no_move_result();
        }
        for &m in &moves {
            let text = pos.move_text(m);
            match pos.parse_move(&text) {
                Ok(back) if back == m => {}
                _ => return Err(AcceptedError::MoveText { text, fen }),
            }
            let child = pos.play(m);
            if child.hash() != child.hash_from_scratch() {
                return Err(AcceptedError::ChildHash { text, fen });
            }
            let _ = child.to_fen();
        }
        Ok(())
    }));
    match run {
        Ok(r) => r,
        Err(p) => Err(AcceptedError::Panic(panic_text(&p))),
    }
}

/// Feeds `inputs` mutated or random move texts to `parse_move` and `Game::play_text` in
/// positions of random games of form `form` (to `parse_gui_move` if `gui`).
/// `tick(inputs tried)` is called every [`TICK_INPUTS`] inputs (progress).
pub fn fuzz_moves<P: GuiBoard>(
    form: usize,
    inputs: u64,
    seed: u64,
    gui: bool,
    tick: &dyn Fn(u64),
) -> FuzzReport {
    let mut rng = SeededRng::new(seed);
    let positions = corpus::<P>(form, seed ^ 0x3017e, 48);
    let mut report = FuzzReport::default();
    let mut moves = Vec::new();
    let per_position = inputs.div_ceil(positions.len() as u64).max(1);
    'outer: for pos in &positions {
        pos.generate_moves(&mut moves);
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| {
                if gui {
                    pos.gui_move_text(m)
                } else {
                    pos.move_text(m)
                }
            })
            .collect();
        // Texts of other positions are valid-looking but mostly illegal here.
        let elsewhere = pos.to_fen();
        let game = Game::new(pos.clone());
        let before = format!("{:?}", game.position());
        for _ in 0..per_position {
            if report.tried >= inputs {
                break 'outer;
            }
            let base = texts.choose(&mut rng).map_or(elsewhere.as_str(), |t| t);
            let input = if rng.gen_bool(0.05) {
                base.to_string()
            } else {
                mutate_n(base, rng.gen_range(1..3), &mut rng)
            };
            report.tried += 1;
            if report.tried.is_multiple_of(TICK_INPUTS) {
                tick(report.tried);
            }
            let parsed = catch_unwind(AssertUnwindSafe(|| {
                if gui {
                    pos.parse_gui_move(&input)
                } else {
                    pos.parse_move(&input)
                }
            }));
            match parsed {
                Err(p) => report.defect(format!(
                    "{} panicked ({}) on {input:?} in {elsewhere:?}",
                    if gui { "parse_gui_move" } else { "parse_move" },
                    panic_text(&p)
                )),
                Ok(Err(_)) => report.rejected += 1,
                Ok(Ok(m)) => {
                    report.accepted += 1;
                    if !moves.contains(&m) {
                        report.defect(format!(
                            "parse_move accepted {input:?} as {m:?}, not a legal move in {elsewhere:?}"
                        ));
                    }
                }
            }
            if gui {
                continue;
            }
            let mut record = game.clone();
            match catch_unwind(AssertUnwindSafe(|| record.play_text(&input))) {
                Err(p) => report.defect(format!(
                    "Game::play_text panicked ({}) on {input:?} in {elsewhere:?}",
                    panic_text(&p)
                )),
                Ok(Err(_)) => {
                    if record.moves().len() != game.moves().len()
                        || format!("{:?}", record.position()) != before
                    {
                        report.defect(format!(
                            "refused move {input:?} changed the game in {elsewhere:?}"
                        ));
                    }
                }
                Ok(Ok(_)) => {}
            }
        }
    }
    report
}
