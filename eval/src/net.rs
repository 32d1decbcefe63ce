//! A game's evaluation network ([`Network`]), the same code for every game: sparse inputs
//! (the game's [`Evaluate::net_inputs`], e.g. one per piece kind, colour and square) to
//! `hidden` units, computed from both sides' perspectives with the same weights, each unit
//! clipped (`crelu`) or clipped and squared (`screlu`), the side to move's half first, to
//! one output in centipawns taken from the output bucket of the number of pieces. The
//! weights are data: a file written by `scripts/strength/train-game-net.py`, embedded in
//! the game's crate and read once.
//!
//! Each thread keeps the accumulators of the last position it evaluated (`net_memo.rs`)
//! and brings them to the next by the inputs that differ, so a move costs the rows of what
//! it changed: a memo that never changes a result.
//!
//! The file: a header line `escalade-net-1 FAMILY INPUTS HIDDEN QA QB SCALE BUCKETS
//! MOST_PIECES ACTIVATION`, then little-endian integers: the hidden weights (INPUTS rows of
//! HIDDEN i16, times QA), the hidden biases (HIDDEN i16, times QA), each bucket's output
//! weights (2 x HIDDEN i16, times QB: the side to move's units, then the other side's) and
//! the buckets' output biases (BUCKETS i32, times QA x QB). With `v = clamp(sum, 0, QA)`
//! per unit, the output is `(Σ v·w + b) · SCALE / (QA·QB)` centipawns (`crelu`) or
//! `(⌊Σ v·v·w / QA⌋ + b) · SCALE / (QA·QB)` (`screlu`), divisions rounding down. A position
//! with `n` pieces takes bucket `min(n · BUCKETS / (MOST_PIECES + 1), BUCKETS - 1)`.

use escalade_core::Color;

use crate::net_memo::{self, Rows};
use crate::{vector_build, Evaluate};

const MAGIC: &str = "escalade-net-1";

/// Why a network file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with a header line.
    #[error("the network file has no header line")]
    NoHeader,
    /// The header line is not of the expected form (the text says which part is wrong).
    #[error("the network header is not `{MAGIC} FAMILY INPUTS HIDDEN QA QB SCALE BUCKETS MOST_PIECES crelu|screlu`: {0}")]
    BadHeader(String),
    /// The network is for another game, or for other inputs than the game's.
    #[error("the network is for {found}, not {expected}")]
    WrongGame {
        /// The game's family and input count.
        expected: String,
        /// The file's.
        found: String,
    },
    /// An output weight too large for the output layer's 32-bit sums of 64 units.
    #[error("an output weight of {0} is too large for QA and the activation")]
    OutputWeightTooLarge(i16),
    /// The weights after the header are not as long as the header's shape says.
    #[error("the network file holds {found} bytes of weights, {expected} expected")]
    BadLength {
        /// Bytes the header's shape needs.
        expected: usize,
        /// Bytes the file holds.
        found: usize,
    },
}

/// What a hidden unit does to its sum before the output layer weighs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// Clipped to `0..=QA` (`crelu`).
    Clipped,
    /// Clipped to `0..=QA`, then squared (`screlu`).
    SquaredClipped,
}

/// The header's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    inputs: usize,
    hidden: usize,
    qa: i64,
    qb: i64,
    scale: i64,
    buckets: usize,
    most_pieces: u32,
    activation: Activation,
}

/// A game's evaluation network, read once from its file.
#[derive(Debug, Clone)]
pub struct Network {
    /// A hash of the file: the threads' memos tell networks apart by it.
    key: u64,
    shape: Shape,
    /// Row `i` (HIDDEN values) is what input `i` adds to every unit.
    rows: Vec<i16>,
    biases: Vec<i16>,
    /// Bucket `b`'s 2 x HIDDEN output weights.
    outputs: Vec<i16>,
    output_biases: Vec<i32>,
}

impl Network {
    /// The network a game's crate embeds (`include_bytes!` of its file), for the crate's
    /// `static NETWORK: LazyLock<Network>`. Panics if the bytes are not a network of
    /// `family` with `inputs` inputs: the crate's tests evaluate with it, so a build whose
    /// tests pass never does.
    pub fn embedded(bytes: &[u8], family: &str, inputs: usize) -> Network {
        Network::read(bytes, family, inputs)
            .unwrap_or_else(|e| panic!("the embedded {family} network is malformed: {e}"))
    }

    /// Reads a network file for the game family `family` with `inputs` inputs per
    /// perspective.
    pub fn read(bytes: &[u8], family: &str, inputs: usize) -> Result<Network, NetError> {
        let end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(NetError::NoHeader)?;
        let header = std::str::from_utf8(&bytes[..end])
            .map_err(|_| NetError::BadHeader("not text".into()))?;
        let (found_family, shape) = parse_header(header)?;
        if found_family != family || shape.inputs != inputs {
            return Err(NetError::WrongGame {
                expected: format!("{family} with {inputs} inputs"),
                found: format!("{found_family} with {} inputs", shape.inputs),
            });
        }
        let body = &bytes[end + 1..];
        let shorts = shape.inputs * shape.hidden + shape.hidden + 2 * shape.hidden * shape.buckets;
        let expected = 2 * shorts + 4 * shape.buckets;
        if body.len() != expected {
            return Err(NetError::BadLength {
                expected,
                found: body.len(),
            });
        }
        let (short_bytes, long_bytes) = body.split_at(2 * shorts);
        let mut values = short_bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<i16>>();
        let rows = take(shape.inputs * shape.hidden);
        let biases = take(shape.hidden);
        let outputs = take(2 * shape.hidden * shape.buckets);
        let unit_most = match shape.activation {
            Activation::Clipped => shape.qa,
            Activation::SquaredClipped => shape.qa * shape.qa,
        };
        if let Some(&w) = outputs
            .iter()
            .find(|&&w| 64 * unit_most * i64::from(w).abs() > i64::from(i32::MAX))
        {
            return Err(NetError::OutputWeightTooLarge(w));
        }
        let output_biases = long_bytes
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            key: fnv1a(bytes),
            shape,
            rows,
            biases,
            outputs,
            output_biases,
        })
    }

    /// Hidden units per perspective.
    pub fn hidden(&self) -> usize {
        self.shape.hidden
    }

    /// The network's value of `pos` in centipawns, from the side to move's view, through
    /// this thread's memo of its last accumulators.
    pub fn evaluate<P: Evaluate>(&self, pos: &P) -> i32 {
        let us = pos.side_to_move();
        let pieces = pos.net_pieces();
        net_memo::with_accumulators(self, pos, |white, black| {
            let (ours, theirs) = match us {
                Color::White => (white, black),
                Color::Black => (black, white),
            };
            vector_build::widest(Output {
                net: self,
                ours,
                theirs,
                pieces,
            })
        })
    }

    /// The network's value of a position given its active inputs from the side to move's
    /// perspective (`ours`) and the other side's (`theirs`), computed afresh.
    pub fn evaluate_inputs(&self, ours: &[u16], theirs: &[u16], pieces: u32) -> i32 {
        let mut a = self.biases.clone();
        let mut b = self.biases.clone();
        ours.iter().for_each(|&i| self.add_row(&mut a, i));
        theirs.iter().for_each(|&i| self.add_row(&mut b, i));
        self.output(&a, &b, pieces)
    }

    #[inline(always)]
    fn row(&self, input: u16) -> &[i16] {
        let at = usize::from(input) * self.shape.hidden;
        &self.rows[at..at + self.shape.hidden]
    }

    /// The output layer over both perspectives' accumulators.
    #[inline(always)]
    fn output(&self, ours: &[i16], theirs: &[i16], pieces: u32) -> i32 {
        let s = &self.shape;
        let bucket =
            (pieces as usize * s.buckets / (s.most_pieces as usize + 1)).min(s.buckets - 1);
        let weights = &self.outputs[2 * s.hidden * bucket..2 * s.hidden * (bucket + 1)];
        let (w_ours, w_theirs) = weights.split_at(s.hidden);
        let qa = s.qa as i32;
        let squared = s.activation == Activation::SquaredClipped;
        let both = units_sum(ours, w_ours, qa, squared) + units_sum(theirs, w_theirs, qa, squared);
        let sum = match s.activation {
            Activation::Clipped => both,
            Activation::SquaredClipped => both.div_euclid(s.qa),
        };
        let total = sum + i64::from(self.output_biases[bucket]);
        (total * s.scale).div_euclid(s.qa * s.qb) as i32
    }
}

/// One perspective's part of the output: its units clipped to `0..=qa` (and squared if
/// `squared`) times their output weights, summed. Sums of 64 units fit 32 bits (at most
/// 64 x 255 x 255 x 127 with `screlu`), so each run of 64 is summed in 32 bits, which
/// vectorizes, and the runs in 64. Plain loops, inlined into the caller's vector build.
#[inline(always)]
fn units_sum(acc: &[i16], weights: &[i16], qa: i32, squared: bool) -> i64 {
    let mut total = 0_i64;
    for (acc, weights) in acc.chunks(64).zip(weights.chunks(64)) {
        let mut run = 0_i32;
        if squared {
            for (&a, &w) in acc.iter().zip(weights) {
                let v = i32::from(a).clamp(0, qa);
                run += v * i32::from(w) * v;
            }
        } else {
            for (&a, &w) in acc.iter().zip(weights) {
                run += i32::from(a).clamp(0, qa) * i32::from(w);
            }
        }
        total += i64::from(run);
    }
    total
}

/// The output layer over both perspectives' accumulators, as a kernel for the widest
/// vectors.
struct Output<'a> {
    net: &'a Network,
    ours: &'a [i16],
    theirs: &'a [i16],
    pieces: u32,
}

impl vector_build::Kernel for Output<'_> {
    type Output = i32;

    #[inline(always)]
    fn run(self) -> i32 {
        self.net.output(self.ours, self.theirs, self.pieces)
    }
}

impl Rows for Network {
    fn key(&self) -> u64 {
        self.key
    }

    fn hidden(&self) -> usize {
        self.shape.hidden
    }

    fn biases(&self) -> &[i16] {
        &self.biases
    }

    #[inline(always)]
    fn add_row(&self, acc: &mut [i16], input: u16) {
        let row = self.row(input);
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(w);
        }
    }

    #[inline(always)]
    fn sub_row(&self, acc: &mut [i16], input: u16) {
        let row = self.row(input);
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(w);
        }
    }
}

/// The family and shape a header line names.
fn parse_header(header: &str) -> Result<(String, Shape), NetError> {
    let bad = |what: &str| NetError::BadHeader(what.to_string());
    let fields: Vec<&str> = header.split_whitespace().collect();
    if fields.first() != Some(&MAGIC) {
        return Err(bad("the first word"));
    }
    if fields.len() != 10 {
        return Err(bad("the number of fields"));
    }
    let number = |i: usize, name: &str| -> Result<usize, NetError> {
        fields[i]
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0 && n < 1 << 20)
            .ok_or_else(|| bad(name))
    };
    let activation = match fields[9] {
        "crelu" => Activation::Clipped,
        "screlu" => Activation::SquaredClipped,
        _ => return Err(bad("the activation")),
    };
    let shape = Shape {
        inputs: Some(number(2, "INPUTS")?)
            .filter(|&n| n <= usize::from(u16::MAX))
            .ok_or_else(|| bad("INPUTS"))?,
        hidden: number(3, "HIDDEN")?,
        qa: Some(number(4, "QA")?)
            .filter(|&n| n <= i16::MAX as usize)
            .ok_or_else(|| bad("QA"))? as i64,
        qb: number(5, "QB")? as i64,
        scale: number(6, "SCALE")? as i64,
        buckets: number(7, "BUCKETS")?,
        most_pieces: number(8, "MOST_PIECES")? as u32,
        activation,
    };
    Ok((fields[1].to_string(), shape))
}

/// The FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network of 3 inputs and 2 hidden units, one bucket, written by hand.
    fn tiny(activation: &str) -> Vec<u8> {
        let mut out =
            format!("escalade-net-1 tiny 3 2 255 64 400 1 32 {activation}\n").into_bytes();
        let shorts: [i16; 3 * 2 + 2 + 4] = [
            100, -50, // input 0
            200, 300, // input 1
            -400, 10, // input 2
            20, 30, // biases
            64, -32, // side to move's output weights
            16, 8, // the other side's
        ];
        shorts
            .iter()
            .for_each(|s| out.extend_from_slice(&s.to_le_bytes()));
        out.extend_from_slice(&1000i32.to_le_bytes());
        out
    }

    #[test]
    fn the_output_is_the_documented_sum() {
        let net = Network::read(&tiny("crelu"), "tiny", 3).unwrap();
        // ours: inputs 0 and 1 give 320 and 280, clipped to 255 and 255;
        // theirs: input 2 gives -380 and 40, clipped to 0 and 40
        let sum = 255 * 64 + 255 * -32 + 40 * 8 + 1000;
        assert_eq!(
            net.evaluate_inputs(&[0, 1], &[2], 5),
            (sum * 400i64).div_euclid(255 * 64) as i32
        );
        let net = Network::read(&tiny("screlu"), "tiny", 3).unwrap();
        let squared = (255 * 255 * 64 + 255 * 255 * -32 + 40 * 40 * 8) / 255 + 1000;
        assert_eq!(
            net.evaluate_inputs(&[0, 1], &[2], 5),
            (squared * 400i64).div_euclid(255 * 64) as i32
        );
    }

    #[test]
    fn files_of_another_shape_or_game_are_refused() {
        let good = tiny("crelu");
        assert!(matches!(
            Network::read(&good, "other", 3),
            Err(NetError::WrongGame { .. })
        ));
        assert!(matches!(
            Network::read(&good, "tiny", 4),
            Err(NetError::WrongGame { .. })
        ));
        assert_eq!(
            Network::read(&good[..good.len() - 1], "tiny", 3).err(),
            Some(NetError::BadLength {
                expected: 28,
                found: 27
            })
        );
        assert_eq!(
            Network::read(b"no header", "tiny", 3).err(),
            Some(NetError::NoHeader)
        );
        for header in [
            "escalade-net-2 tiny 3 2 255 64 400 1 32 crelu\n",
            "escalade-net-1 tiny 3 2 255 64 400 1 32 relu\n",
            "escalade-net-1 tiny 3 0 255 64 400 1 32 crelu\n",
            "escalade-net-1 tiny 3 2 255 64 400 1 32\n",
            "escalade-net-1 tiny 70000 2 255 64 400 1 32 crelu\n",
        ] {
            let err = Network::read(header.as_bytes(), "tiny", 3).unwrap_err();
            assert!(matches!(err, NetError::BadHeader(_)), "{header}: {err}");
        }
    }
}
