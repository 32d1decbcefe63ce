//! FIDE's evaluation network: 768 inputs per king bucket (a piece's colour relative to the
//! perspective, its kind and its square, turned for Black and, in a mirrored layout,
//! mirrored when the perspective's king is on files e-h: `net_kings.rs`) to [`HIDDEN`]
//! units, computed from both sides' perspectives with the same weights, activated
//! (clipped, or clipped and squared), the side to move's half first, to one output in
//! centipawns, taken from the output bucket of the number of pieces on the board. The
//! weights are data: `fide.net`, written by `scripts/strength/train-net.py` and embedded
//! in the binary, read once.
//!
//! Each thread keeps the accumulators of the last position it evaluated and brings them to
//! the next by the pieces that differ (a search's consecutive evaluations differ by a few),
//! rebuilding them only when many do, or one side's when its king changes bucket or half:
//! a memo that never changes a result.
//!
//! The file: a header line `escalade-fide-net-2 HIDDEN QA QB SCALE BUCKETS ACTIVATION
//! [KINGS]` (`ACTIVATION` is `crelu` or `screlu`, `KINGS` a king layout, `plain` when
//! left out), then little-endian integers: the hidden weights (768 x HIDDEN i16 per king
//! bucket, times QA), the hidden biases (HIDDEN i16, times QA), each bucket's
//! output weights (2 x HIDDEN i16, times QB) and the buckets' output biases (BUCKETS i32,
//! times QA x QB). The output is `sum * SCALE / (QA * QB)` centipawns. A position with
//! `n` pieces takes bucket `(n - 2) / ceil(32 / BUCKETS)`.
//! QA fits 16 bits, and with `screlu` so does every output weight times QA (the trainer
//! clips them to ±1.98 with QA 255 and QB 64: at most 127 x 255).

use super::net_kings::{KingLayout, View, BUCKET_INPUTS};
#[cfg(target_arch = "x86_64")]
use super::net_layer::Avx2;
use super::net_layer::{Portable, SquaredSum};
use crate::{Chess, Kind};
use escalade_core::{Bitboard, Color, Rules};
use std::sync::LazyLock;

/// The embedded network's file.
const EMBEDDED: &[u8] = include_bytes!("fide.net");
/// Hidden units per perspective: the embedded file's, read from its header when the crate
/// is compiled (a wider network is a new file, not a code change).
pub const HIDDEN: usize = hidden_units(EMBEDDED);
const MAGIC: &str = "escalade-fide-net-2";
/// The most pieces a position holds: the output buckets divide `2..=MOST_PIECES`.
const MOST_PIECES: u32 = 32;
/// Updating the last accumulators beats building them afresh up to this many pieces
/// changed (gone plus come; a refresh adds every piece on the board).
const MOST_CHANGES: u32 = 24;

/// Why a network file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with a header line.
    #[error("the network file has no header line")]
    NoHeader,
    /// The header line is not of the expected form (the text says which part is wrong).
    #[error(
        "the network header is not `{MAGIC} {HIDDEN} QA QB SCALE BUCKETS crelu|screlu \
         [plain|mirror|mirror4]`: {0}"
    )]
    BadHeader(String),
    /// The weights after the header are not as long as the header's shape says.
    #[error("the network file holds {found} bytes of weights, {expected} expected")]
    BadLength {
        /// Bytes the header's shape needs.
        expected: usize,
        /// Bytes the file holds.
        found: usize,
    },
    /// An output weight too large for the 16-bit `screlu` product.
    #[error("an output weight of {0} times QA does not fit 16 bits, as `screlu` needs")]
    OutputWeightTooLarge(i16),
}

/// What a hidden unit does to its sum before the output layer weighs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// Clipped to `0..=QA` (`crelu`).
    Clipped,
    /// Clipped to `0..=QA`, then squared and divided by `QA` (`screlu`).
    SquaredClipped,
}

impl Activation {
    fn parse(name: &str) -> Option<Activation> {
        match name {
            "crelu" => Some(Activation::Clipped),
            "screlu" => Some(Activation::SquaredClipped),
            _ => None,
        }
    }
}

/// The numbers of a network file's header line.
struct Header {
    qa: i32,
    divisor: i32,
    scale: i32,
    buckets: usize,
    activation: Activation,
    kings: KingLayout,
}

impl Header {
    /// The header line, or why it is refused: the magic, this build's hidden size, positive
    /// quantization factors whose product fits, 1 to 32 buckets, a known activation and
    /// king layout.
    fn parse(line: &str) -> Option<Header> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (fields, kings) = match fields[..] {
            [ref first @ .., kings] if fields.len() == 8 => (first, Some(kings)),
            _ => (&fields[..], None),
        };
        let [magic, hidden, qa, qb, scale, buckets, activation] = fields[..] else {
            return None;
        };
        let number = |f: &str| f.parse::<i32>().ok();
        let (qa, qb) = (number(qa)?, number(qb)?);
        let buckets = number(buckets)?;
        let valid = magic == MAGIC
            && number(hidden)? as usize == HIDDEN
            && (1..=i16::MAX as i32).contains(&qa)
            && qb > 0
            && (1..=MOST_PIECES as i32).contains(&buckets);
        if !valid {
            return None;
        }
        Some(Header {
            qa,
            divisor: qa.checked_mul(qb)?,
            scale: number(scale)?,
            buckets: buckets as usize,
            activation: Activation::parse(activation)?,
            kings: KingLayout::parse(kings)?,
        })
    }
}

/// The weights, quantized.
pub struct Network {
    /// Each king bucket's 768 rows, one bucket after another.
    hidden_weights: Vec<[i16; HIDDEN]>,
    kings: KingLayout,
    hidden_bias: [i16; HIDDEN],
    /// Each bucket's output weights: the side to move's units, then the other side's.
    output_weights: Vec<[[i16; HIDDEN]; 2]>,
    output_bias: Vec<i32>,
    /// Pieces per output bucket (the last bucket may hold fewer).
    bucket_width: u32,
    activation: Activation,
    /// The clipping ceiling of a hidden unit (1.0 in the trainer).
    qa: i32,
    /// `QA * QB`, the divisor that turns the output sum into units of `scale`.
    divisor: i32,
    scale: i32,
    /// A hash of the file's weights: whose accumulators a thread's memo holds.
    fingerprint: u64,
}

/// The embedded network.
pub static NETWORK: LazyLock<Network> =
    LazyLock::new(|| Network::read(EMBEDDED).expect("the embedded network is well formed"));

/// The second field of a network file's header, the number of hidden units (at compile
/// time: a malformed embedded file fails the build).
const fn hidden_units(file: &[u8]) -> usize {
    let mut at = 0;
    while file[at] != b' ' {
        at += 1;
    }
    at += 1;
    let mut units = 0;
    while file[at].is_ascii_digit() {
        units = units * 10 + (file[at] - b'0') as usize;
        at += 1;
    }
    assert!(
        units > 0 && file[at] == b' ',
        "the embedded network's header names its hidden units"
    );
    units
}

/// FNV-1a over the weights.
fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn i16s(bytes: &[u8]) -> impl Iterator<Item = i16> + '_ {
    bytes
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
}

fn fill(dst: &mut [i16], bytes: &[u8]) {
    for (d, v) in dst.iter_mut().zip(i16s(bytes)) {
        *d = v;
    }
}

impl Network {
    /// Reads a network file (see the module comment).
    pub fn read(bytes: &[u8]) -> Result<Network, NetError> {
        let end = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(NetError::NoHeader)?;
        let line = String::from_utf8_lossy(&bytes[..end]).into_owned();
        let header = Header::parse(&line).ok_or(NetError::BadHeader(line))?;
        let buckets = header.buckets;
        let body = &bytes[end + 1..];
        let inputs = BUCKET_INPUTS * header.kings.buckets();
        let expected = 2 * (inputs * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets;
        if body.len() != expected {
            return Err(NetError::BadLength {
                expected,
                found: body.len(),
            });
        }
        let (weights, rest) = body.split_at(2 * inputs * HIDDEN);
        let (bias, rest) = rest.split_at(2 * HIDDEN);
        let (output, output_bias) = rest.split_at(buckets * 4 * HIDDEN);
        let mut net = Network {
            hidden_weights: vec![[0; HIDDEN]; inputs],
            kings: header.kings,
            hidden_bias: [0; HIDDEN],
            output_weights: vec![[[0; HIDDEN]; 2]; buckets],
            output_bias: output_bias
                .chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
            bucket_width: MOST_PIECES.div_ceil(buckets as u32),
            activation: header.activation,
            qa: header.qa,
            divisor: header.divisor,
            scale: header.scale,
            fingerprint: fingerprint(body),
        };
        for (row, bytes) in net
            .hidden_weights
            .iter_mut()
            .zip(weights.chunks_exact(2 * HIDDEN))
        {
            fill(row, bytes);
        }
        fill(&mut net.hidden_bias, bias);
        for (bucket, bytes) in net
            .output_weights
            .iter_mut()
            .zip(output.chunks_exact(4 * HIDDEN))
        {
            let (ours, theirs) = bytes.split_at(2 * HIDDEN);
            fill(&mut bucket[0], ours);
            fill(&mut bucket[1], theirs);
        }
        net.check_output_weights()?;
        Ok(net)
    }

    /// A squared activation multiplies each output weight by a unit of at most `QA` in
    /// 16 bits (see `net_layer.rs`): every weight must let it fit.
    fn check_output_weights(&self) -> Result<(), NetError> {
        if self.activation != Activation::SquaredClipped {
            return Ok(());
        }
        let fits = |w: i16| (w as i32 * self.qa).abs() <= i16::MAX as i32;
        let mut weights = self.output_weights.iter().flatten().flatten();
        match weights.find(|&&w| !fits(w)) {
            Some(&w) => Err(NetError::OutputWeightTooLarge(w)),
            None => Ok(()),
        }
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        LAST.with_borrow_mut(|last| self.evaluate_from(last, pos))
    }

    /// The evaluation of `pos` from the thread's last accumulators, which it brings there.
    /// On a processor with AVX2 the same code runs compiled for it (found at run time, so
    /// one binary serves every x86-64 machine): the same integers, in wider steps.
    fn evaluate_from(&self, last: &mut Option<Accumulated>, pos: &Chess) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = Avx2::detect() {
            // SAFETY: the processor has AVX2, as `avx2` proves.
            return unsafe { self.evaluate_from_avx2(avx2, last, pos) };
        }
        self.evaluate_from_here(Portable, last, pos)
    }

    /// [`Network::evaluate_from`] compiled for AVX2: the portable code, inlined, with the
    /// output layer's AVX2 sum.
    ///
    /// # Safety
    /// Only on a processor with AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn evaluate_from_avx2(
        &self,
        avx2: Avx2,
        last: &mut Option<Accumulated>,
        pos: &Chess,
    ) -> i32 {
        self.evaluate_from_here(avx2, last, pos)
    }

    /// [`Network::evaluate_from`] for the features this code is compiled with, the output
    /// layer's squared units summed by `squares`. Inlined (with all it calls) into each
    /// caller, so that a caller's target features reach the loops.
    #[inline(always)]
    fn evaluate_from_here(
        &self,
        squares: impl SquaredSum,
        last: &mut Option<Accumulated>,
        pos: &Chess,
    ) -> i32 {
        let pieces = Placement::of(pos);
        let views = self.views(&pieces);
        let cached = match last {
            Some(cached)
                if cached.network == self.fingerprint
                    && cached.pieces.changes(&pieces) <= MOST_CHANGES =>
            {
                self.update(cached, &pieces, views);
                cached
            }
            _ => last.insert(self.refresh(&pieces, views)),
        };
        let bucket = self.bucket(pieces.count());
        self.output(squares, &cached.accumulators, pos.side_to_move(), bucket)
    }

    /// The output bucket of a position with `pieces` pieces.
    #[inline(always)]
    fn bucket(&self, pieces: u32) -> usize {
        let bucket = pieces.saturating_sub(2) / self.bucket_width;
        (bucket as usize).min(self.output_bias.len() - 1)
    }

    /// The output from both perspectives' accumulators (White's first) through `bucket`'s
    /// weights, in centipawns for the side to move.
    #[inline(always)]
    fn output(
        &self,
        squares: impl SquaredSum,
        [white, black]: &[[i16; HIDDEN]; 2],
        side: Color,
        bucket: usize,
    ) -> i32 {
        let (us, them) = match side {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let [ours, theirs] = &self.output_weights[bucket];
        let sum = self.layer(squares, us, ours)
            + self.layer(squares, them, theirs)
            + self.output_bias[bucket] as i64;
        (sum * self.scale as i64 / self.divisor as i64) as i32
    }

    /// Both sides' views (White's first): where their kings stand.
    #[inline(always)]
    fn views(&self, pieces: &Placement) -> [View; 2] {
        [Color::White, Color::Black].map(|side| self.kings.view(side, pieces.king(side)))
    }

    /// Adds (or subtracts: `step`) one piece's row to `side`'s accumulator (0 White,
    /// 1 Black), seen through its `view`.
    #[inline(always)]
    fn apply(
        &self,
        accumulator: &mut [i16; HIDDEN],
        (side, view): (usize, View),
        piece: (usize, usize, usize),
        step: impl Fn(&mut [i16; HIDDEN], &[i16; HIDDEN]),
    ) {
        step(
            accumulator,
            &self.hidden_weights[KingLayout::row(view, side, piece)],
        );
    }

    /// One side's accumulator built from the biases up.
    #[inline(always)]
    fn refresh_side(&self, pieces: &Placement, side: (usize, View)) -> [i16; HIDDEN] {
        let mut accumulator = self.hidden_bias;
        for piece in pieces.each() {
            self.apply(&mut accumulator, side, piece, add);
        }
        accumulator
    }

    /// Both sides' accumulators built from the biases up.
    #[inline(always)]
    fn refresh(&self, pieces: &Placement, views: [View; 2]) -> Accumulated {
        Accumulated {
            network: self.fingerprint,
            pieces: *pieces,
            views,
            accumulators: [0, 1].map(|side| self.refresh_side(pieces, (side, views[side]))),
        }
    }

    /// The accumulators of the last position evaluated brought to `pieces`: the rows of
    /// the pieces gone subtracted, of the pieces come added (exact: the same integers as
    /// a refresh, since wrapping sums do not depend on their order); a side whose view
    /// changed (its king moved to another bucket or half) is built afresh.
    #[inline(always)]
    fn update(&self, cached: &mut Accumulated, pieces: &Placement, views: [View; 2]) {
        let kept = [0, 1].map(|side| cached.views[side] == views[side]);
        let [white, black] = &mut cached.accumulators;
        let mut step = |piece, change: fn(&mut [i16; HIDDEN], &[i16; HIDDEN])| {
            if kept[0] {
                self.apply(white, (0, views[0]), piece, change);
            }
            if kept[1] {
                self.apply(black, (1, views[1]), piece, change);
            }
        };
        for piece in cached.pieces.without(pieces).each() {
            step(piece, sub);
        }
        for piece in pieces.without(&cached.pieces).each() {
            step(piece, add);
        }
        for side in [0, 1] {
            if !kept[side] {
                cached.accumulators[side] = self.refresh_side(pieces, (side, views[side]));
            }
        }
        cached.pieces = *pieces;
        cached.views = views;
    }

    /// One perspective's share of the output, in units of `QA * QB`: its activated units
    /// times their weights. Squared units (summed by `squares`, see `net_layer.rs`) are
    /// divided by `QA` once, after the sum. The sums wrap rather than fail.
    #[inline(always)]
    fn layer(&self, squares: impl SquaredSum, acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i64 {
        let qa = self.qa as i16;
        match self.activation {
            Activation::Clipped => acc.iter().zip(weights).fold(0_i32, |sum, (&a, &w)| {
                sum.wrapping_add((a.clamp(0, qa) as i32).wrapping_mul(w as i32))
            }) as i64,
            Activation::SquaredClipped => {
                squares.squared_sum(acc, weights, qa) as i64 / self.qa as i64
            }
        }
    }
}

/// Where every piece stands: a bitboard per colour and kind (colour * 6 + kind).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Placement([u64; 12]);

impl Placement {
    #[inline(always)]
    fn of(pos: &Chess) -> Placement {
        let mut bbs = [0; 12];
        for (i, bb) in bbs.iter_mut().enumerate() {
            let color = if i < 6 { Color::White } else { Color::Black };
            *bb = pos.pieces(color, Kind::from_index(i % 6));
        }
        Placement(bbs)
    }

    /// How many pieces stand on the board.
    #[inline(always)]
    fn count(&self) -> u32 {
        self.0.iter().map(|bb| bb.count()).sum()
    }

    /// How many pieces differ between two placements (gone plus come).
    #[inline(always)]
    fn changes(&self, other: &Placement) -> u32 {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(&a, &b)| (a ^ b).count())
            .sum()
    }

    /// The pieces of this placement that `other` does not have.
    fn without(&self, other: &Placement) -> Placement {
        Placement(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The square of `side`'s king (the lowest, were there several).
    #[inline(always)]
    fn king(&self, side: Color) -> usize {
        let king = self.0[side as usize * 6 + Kind::King as usize];
        king.trailing_zeros().min(63) as usize
    }

    /// The (colour, kind, square) of every piece.
    fn each(self) -> impl Iterator<Item = (usize, usize, usize)> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(i, bb)| bb.squares().map(move |sq| (i / 6, i % 6, sq as usize)))
    }
}

/// The accumulators of the last position a thread evaluated, and which network made them.
struct Accumulated {
    /// The fingerprint of the network that built them.
    network: u64,
    pieces: Placement,
    /// Where White's and Black's accumulators read their rows.
    views: [View; 2],
    /// White's and Black's perspective.
    accumulators: [[i16; HIDDEN]; 2],
}

thread_local! {
    /// Each search thread's last accumulators: a memo, never a different result. Consecutive
    /// evaluations in a search differ by a few pieces, so most are updates, not rebuilds.
    static LAST: std::cell::RefCell<Option<Accumulated>> = const { std::cell::RefCell::new(None) };
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(r);
    }
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(r);
    }
}

#[cfg(test)]
#[path = "net_tests.rs"]
mod tests;
