//! `escalade net-inputs`: turns a `datagen --scores` file (`FEN;RESULT;CP`, White's view)
//! into the inputs of the game's evaluation network, the file
//! `scripts/strength/train-game-net.py` trains on: a header line `escalade-net-inputs
//! FAMILY INPUTS MOST_PIECES`, then per position `PIECES;RESULT;CP;OURS;THEIRS` with the
//! result and score from the side to move's view and the active inputs from its
//! perspective (`OURS`) and the other side's (`THEIRS`), space-separated. The game's own
//! code (`Evaluate::net_inputs`) names the inputs, so the trainer knows no game.
//!
//! With `--evals FILE` it also writes, one line per position, the table's evaluation of it
//! (side to move's view: [`escalade_eval::Tunable::evaluate_with`] the weights in use,
//! whether or not the build plays with a network), which a network trained as a correction
//! to the table (`train-game-net.py --base`) adds to.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;

use escalade_core::Color;
use escalade_eval::Evaluate;
use escalade_session::registry::{self, dispatch, Game, GameVisitor};

/// The arguments of `escalade net-inputs`.
#[derive(Clone, Debug, clap::Args)]
pub struct NetInputsRequest {
    /// Variant name (see `escalade variants`): the form the FENs are read in
    #[arg(long)]
    pub variant: String,
    /// A `datagen --scores` file (`FEN;RESULT;CP` lines, White's view)
    #[arg(long)]
    pub input: PathBuf,
    /// File to write the network inputs to
    #[arg(long)]
    pub output: PathBuf,
    /// File to write the table's evaluation of each position to (side to move's view)
    #[arg(long)]
    pub evals: Option<PathBuf>,
}

/// Why the inputs could not be written.
#[derive(Debug, thiserror::Error)]
pub enum NetInputsError {
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// The game has no evaluation network inputs.
    #[error("{0} has no evaluation network inputs")]
    NoInputs(String),
    /// A line of the input file is not `FEN;RESULT;CP` of the variant.
    #[error("{path} line {line}: {reason}")]
    BadLine {
        /// The input file.
        path: String,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// Reads `--input` and writes `--output`; prints one summary line on stdout.
pub fn run(req: &NetInputsRequest) -> Result<(), NetInputsError> {
    let name = registry::canonical(&req.variant)?;
    let count = dispatch(name, Convert { req })??;
    println!(
        "net-inputs {name}: {count} positions to {}",
        req.output.display()
    );
    Ok(())
}

struct Convert<'a> {
    req: &'a NetInputsRequest,
}

impl GameVisitor for Convert<'_> {
    type Output = Result<u64, NetInputsError>;

    fn visit<P: Game>(self, form: usize) -> Self::Output {
        if P::NET_INPUTS == 0 {
            return Err(NetInputsError::NoInputs(self.req.variant.clone()));
        }
        let io = |path: &PathBuf| {
            let path = path.display().to_string();
            move |source| NetInputsError::Io { path, source }
        };
        let input = File::open(&self.req.input).map_err(io(&self.req.input))?;
        let output = File::create(&self.req.output).map_err(io(&self.req.output))?;
        let mut out = BufWriter::new(output);
        let mut evals = match &self.req.evals {
            Some(path) => Some((path, BufWriter::new(File::create(path).map_err(io(path))?))),
            None => None,
        };
        writeln!(
            out,
            "escalade-net-inputs {} {} {}",
            P::NET_FAMILY,
            P::NET_INPUTS,
            P::NET_MOST_PIECES
        )
        .map_err(io(&self.req.output))?;
        let mut count = 0;
        for (index, line) in BufReader::new(input).lines().enumerate() {
            let line = line.map_err(io(&self.req.input))?;
            if line.trim().is_empty() {
                continue;
            }
            let (pos, row) =
                input_row::<P>(form, &line).map_err(|reason| NetInputsError::BadLine {
                    path: self.req.input.display().to_string(),
                    line: index + 1,
                    reason,
                })?;
            writeln!(out, "{row}").map_err(io(&self.req.output))?;
            if let Some((path, file)) = evals.as_mut() {
                let table = pos.evaluate_with(P::weights(form));
                writeln!(file, "{table}").map_err(io(path))?;
            }
            count += 1;
        }
        out.flush().map_err(io(&self.req.output))?;
        if let Some((path, mut file)) = evals {
            file.flush().map_err(io(path))?;
        }
        Ok(count)
    }
}

/// The position of a `FEN;RESULT;CP` line and its line of the inputs file.
pub fn input_row<P: Evaluate>(form: usize, line: &str) -> Result<(P, String), String> {
    let mut fields = line.trim().split(';');
    let (Some(fen), Some(result), Some(cp), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("not FEN;RESULT;CP (write it with `escalade datagen --scores`)".into());
    };
    let pos = P::from_fen(form, fen).map_err(|e| format!("the FEN: {e}"))?;
    let white_result: f64 = result
        .parse()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or("the result is not a number from 0 to 1")?;
    let white_cp: i32 = cp.parse().map_err(|_| "the score is not a whole number")?;
    let us = pos.side_to_move();
    let (result, cp) = match us {
        Color::White => (white_result, white_cp),
        Color::Black => (1.0 - white_result, -white_cp),
    };
    let listed = |side: Color| {
        let mut inputs = Vec::new();
        pos.net_inputs(side, &mut inputs);
        inputs
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let row = format!(
        "{};{result};{cp};{};{}",
        pos.net_pieces(),
        listed(us),
        listed(!us)
    );
    Ok((pos, row))
}
