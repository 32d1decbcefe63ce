//! `escalade datagen`: self-play games for tuning. Each game opens with random legal
//! plies, then the engine plays both sides at a fixed node count per move; every position
//! after the opening that is quiet (not in check, not a chance node, and the engine's move
//! there not tactical) is written with the game's final result, one line `FEN;RESULT` (RESULT 1.0, 0.5 or 0.0 from White's view).
//! With `--scores` each line also holds the score of the search that chose the move there,
//! `FEN;RESULT;CP` (centipawns from White's view, a mate as ±[`MATE_CP`]): the label of an
//! evaluation network, the engine's deeper look at the position.
//! Games longer than `--max-plies` are scored as draws.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use escalade_core::{Color, Game, GameResult, SeededRng};
use escalade_engine::{Engine, Limits, Score};
use escalade_eval::Evaluate;
use escalade_session::registry::{self, dispatch, GameVisitor};

/// The arguments of `escalade datagen`.
#[derive(Clone, Debug, clap::Args)]
pub struct DatagenRequest {
    /// Variant name (see `escalade variants`)
    #[arg(long)]
    pub variant: String,
    /// Games to play
    #[arg(long)]
    pub games: u32,
    /// Nodes the engine searches per move
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random legal plies that open each game (not written)
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Seed of the random openings and of the dice (0: from the clock)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Plies after which a game is stopped and scored as a draw
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// File to write the labelled positions to
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the search's score of each position (`FEN;RESULT;CP`, White's view)
    #[arg(long)]
    pub scores: bool,
}

/// The centipawns a mate is written as with `--scores`: beyond any evaluation, within the
/// range a network's sigmoid still tells apart from a sure win.
pub const MATE_CP: i32 = 3000;

/// One written position: its FEN and the search's score there, White's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// The score of the search that chose the move played there, centipawns from White's
    /// view (a mate as ±[`MATE_CP`]).
    pub white_cp: i32,
}

/// Why datagen could not run.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// A count that must be positive is 0 (the flag's name, without `--`).
    #[error("--{0} must be at least 1")]
    Zero(&'static str),
    /// The output file could not be created or written.
    #[error("cannot write {path}")]
    Write {
        /// The output file (`--out`).
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// What a datagen run wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DatagenTotals {
    /// Games played.
    pub games: u32,
    /// Positions written, over all games.
    pub positions: u64,
    /// Games White won.
    pub white_wins: u32,
    /// Games drawn, the ones stopped at `--max-plies` included.
    pub draws: u32,
    /// Games Black won.
    pub black_wins: u32,
}

/// Plays the games and writes the file; prints one summary line on stdout.
pub fn run(req: &DatagenRequest) -> Result<(), DatagenError> {
    let name = registry::canonical(&req.variant)?;
    if req.games == 0 {
        return Err(DatagenError::Zero("games"));
    }
    if req.nodes == 0 {
        return Err(DatagenError::Zero("nodes"));
    }
    if req.max_plies == 0 {
        return Err(DatagenError::Zero("max-plies"));
    }
    let write_error = |source| DatagenError::Write {
        path: req.out.display().to_string(),
        source,
    };
    let file = File::create(&req.out).map_err(write_error)?;
    let mut out = BufWriter::new(file);
    let seed = if req.seed == 0 {
        SeededRng::from_clock().next_u64()
    } else {
        req.seed
    };
    let totals = dispatch(
        name,
        Datagen {
            req,
            seed,
            out: &mut out,
        },
    )?
    .map_err(write_error)?;
    out.flush().map_err(write_error)?;
    println!(
        "datagen {name}: {} games, {} positions (White {} draws {} Black {}) to {}",
        totals.games,
        totals.positions,
        totals.white_wins,
        totals.draws,
        totals.black_wins,
        req.out.display()
    );
    Ok(())
}

struct Datagen<'a, W: Write> {
    req: &'a DatagenRequest,
    seed: u64,
    out: &'a mut W,
}

impl<W: Write> GameVisitor for Datagen<'_, W> {
    type Output = std::io::Result<DatagenTotals>;

    fn visit<P: Evaluate>(self, form: usize) -> Self::Output {
        let mut engine = Engine::<P>::new();
        let mut totals = DatagenTotals::default();
        for index in 0..self.req.games {
            let mut rng = SeededRng::derived(self.seed, 0, u64::from(index));
            engine.clear();
            let (samples, result) = play_game::<P>(form, self.req, &mut engine, &mut rng);
            let label = crate::label(result);
            for Sample { fen, white_cp } in &samples {
                if self.req.scores {
                    writeln!(self.out, "{fen};{label:.1};{white_cp}")?;
                } else {
                    writeln!(self.out, "{fen};{label:.1}")?;
                }
            }
            totals.games += 1;
            totals.positions += samples.len() as u64;
            match label {
                l if l > 0.75 => totals.white_wins += 1,
                l if l < 0.25 => totals.black_wins += 1,
                _ => totals.draws += 1,
            }
        }
        Ok(totals)
    }
}

/// One self-play game: the positions to write and the result.
pub fn play_game<P: Evaluate>(
    form: usize,
    req: &DatagenRequest,
    engine: &mut Engine<P>,
    rng: &mut SeededRng,
) -> (Vec<Sample>, GameResult) {
    let limits = Limits {
        nodes: Some(req.nodes),
        ..Limits::default()
    };
    let mut game = Game::new(P::startpos(form));
    let mut fens = Vec::new();
    let mut moves = Vec::new();
    let mut plies = 0;
    loop {
        if !game.roll_chance(rng) {
            return (fens, GameResult::Draw("no outcome"));
        }
        let pos = game.position().clone();
        if let Some(result) = game.result() {
            return (fens, result);
        }
        if plies >= req.max_plies {
            return (fens, GameResult::Draw("Draw by the ply cap"));
        }
        let mv = if plies < req.random_plies {
            pos.generate_moves(&mut moves);
            moves.get(rng.below(moves.len().max(1))).copied()
        } else {
            let found = engine.search(game.positions(), &limits, &mut |_| {});
            let best = found.best;
            // only quiet positions: a static evaluation cannot see a pending exchange, so
            // positions in check or whose best move is tactical would teach the tuner
            // that material counts for less than it does
            if !pos.in_check() && best.is_some_and(|m| !pos.is_tactical(m)) {
                let own_cp = match found.score {
                    Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
                    Score::Mate(moves) => MATE_CP * moves.signum(),
                };
                let white_cp = match pos.side_to_move() {
                    Color::White => own_cp,
                    Color::Black => -own_cp,
                };
                fens.push(Sample {
                    fen: pos.to_fen(),
                    white_cp,
                });
            }
            best
        };
        match mv {
            Some(mv) => game.play(mv),
            // the rules said the game goes on, so there is a move: never here
            None => return (fens, pos.no_move_result()),
        }
        plies += 1;
    }
}
