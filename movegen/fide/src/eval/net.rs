//! FIDE's evaluation network: 768 inputs (a piece's colour relative to the perspective,
//! its kind and its square, mirrored for Black) to [`HIDDEN`] units, computed from both
//! sides' perspectives with the same weights, clipped, the side to move's half first, to
//! one output in centipawns. The weights are data: `fide.net`, written by
//! `scripts/strength/train-net.py` and embedded in the binary, read once.
//!
//! Each thread keeps the accumulators of the last position it evaluated and brings them to
//! the next by the pieces that differ (a search's consecutive evaluations differ by a few),
//! rebuilding them only when many do: a memo that never changes a result.
//!
//! The file: a header line `escalade-fide-net-1 HIDDEN QA QB SCALE`, then little-endian
//! integers: the hidden weights (768 x HIDDEN i16, times QA), the hidden biases (HIDDEN
//! i16, times QA), the output weights (2 x HIDDEN i16, times QB) and the output bias
//! (one i32, times QA x QB). The output is `sum * SCALE / (QA * QB)` centipawns.

use crate::{Chess, Kind};
use escalade_core::{Bitboard, Color, Rules};
use std::sync::LazyLock;

/// Hidden units per perspective.
pub const HIDDEN: usize = 128;
const INPUTS: usize = 768;
const MAGIC: &str = "escalade-fide-net-1";
/// Updating the last accumulators beats building them afresh up to this many pieces
/// changed (gone plus come; a refresh adds every piece on the board).
const MOST_CHANGES: u32 = 24;

/// Why a network file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    #[error("the network file has no header line")]
    NoHeader,
    #[error("the network header is not `{MAGIC} {HIDDEN} QA QB SCALE`: {0}")]
    BadHeader(String),
    #[error("the network file holds {found} bytes of weights, {expected} expected")]
    BadLength { expected: usize, found: usize },
}

/// The weights, quantized.
pub struct Network {
    hidden_weights: Vec<[i16; HIDDEN]>,
    hidden_bias: [i16; HIDDEN],
    output_weights: [[i16; HIDDEN]; 2],
    output_bias: i32,
    /// The clipping ceiling of a hidden unit (1.0 in the trainer).
    qa: i32,
    /// `QA * QB`, the divisor that turns the output sum into units of `scale`.
    divisor: i32,
    scale: i32,
    /// A hash of the file's weights: whose accumulators a thread's memo holds.
    fingerprint: u64,
}

/// The embedded network.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::read(include_bytes!("fide.net")).expect("the embedded network is well formed")
});

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
        let header = String::from_utf8_lossy(&bytes[..end]).into_owned();
        let fields: Vec<&str> = header.split_whitespace().collect();
        // every field after the magic a number, or the header is refused
        let numbers: Option<Vec<i32>> = fields.iter().skip(1).map(|f| f.parse().ok()).collect();
        let Some([hidden, qa, qb, scale]) = numbers.and_then(|n| <[i32; 4]>::try_from(n).ok())
        else {
            return Err(NetError::BadHeader(header));
        };
        let divisor = (qa > 0 && qb > 0).then(|| qa.checked_mul(qb)).flatten();
        let Some(divisor) = divisor.filter(|_| fields[0] == MAGIC && hidden as usize == HIDDEN)
        else {
            return Err(NetError::BadHeader(header));
        };
        let body = &bytes[end + 1..];
        let expected = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if body.len() != expected {
            return Err(NetError::BadLength {
                expected,
                found: body.len(),
            });
        }
        let (weights, rest) = body.split_at(2 * INPUTS * HIDDEN);
        let (bias, rest) = rest.split_at(2 * HIDDEN);
        let (output, rest) = rest.split_at(4 * HIDDEN);
        let mut net = Network {
            hidden_weights: vec![[0; HIDDEN]; INPUTS],
            hidden_bias: [0; HIDDEN],
            output_weights: [[0; HIDDEN]; 2],
            output_bias: i32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]),
            qa,
            divisor,
            scale,
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
        let (ours, theirs) = output.split_at(2 * HIDDEN);
        fill(&mut net.output_weights[0], ours);
        fill(&mut net.output_weights[1], theirs);
        Ok(net)
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        let pieces = Placement::of(pos);
        LAST.with_borrow_mut(|last| {
            match last.as_mut() {
                Some(cached)
                    if cached.network == self.fingerprint
                        && cached.pieces.changes(&pieces) <= MOST_CHANGES =>
                {
                    self.update(cached, &pieces)
                }
                _ => *last = Some(self.refresh(&pieces)),
            }
            let cached = last.as_ref().expect("just filled");
            self.output(&cached.accumulators, pos.side_to_move())
        })
    }

    /// The output from both perspectives' accumulators (White's first), in centipawns for
    /// the side to move.
    fn output(&self, [white, black]: &[[i16; HIDDEN]; 2], side: Color) -> i32 {
        let (us, them) = match side {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let sum = self.layer(us, &self.output_weights[0])
            + self.layer(them, &self.output_weights[1])
            + self.output_bias;
        (sum as i64 * self.scale as i64 / self.divisor as i64) as i32
    }

    /// Adds (or subtracts: `step`) one piece's rows to both perspectives' accumulators:
    /// its row from White's perspective and, colour swapped and square mirrored, Black's.
    #[inline(always)]
    fn apply(
        &self,
        accumulators: &mut [[i16; HIDDEN]; 2],
        (color, kind, sq): (usize, usize, usize),
        step: impl Fn(&mut [i16; HIDDEN], &[i16; HIDDEN]),
    ) {
        let [white, black] = accumulators;
        step(white, &self.hidden_weights[color * 384 + kind * 64 + sq]);
        step(
            black,
            &self.hidden_weights[(color ^ 1) * 384 + kind * 64 + (sq ^ 56)],
        );
    }

    /// Both perspectives' accumulators built from the biases up.
    fn refresh(&self, pieces: &Placement) -> Accumulated {
        let mut accumulators = [self.hidden_bias; 2];
        for piece in pieces.each() {
            self.apply(&mut accumulators, piece, add);
        }
        Accumulated {
            network: self.fingerprint,
            pieces: *pieces,
            accumulators,
        }
    }

    /// The accumulators of the last position evaluated brought to `pieces`: the rows of
    /// the pieces gone subtracted, of the pieces come added (exact: the same integers as
    /// a refresh, since wrapping sums do not depend on their order).
    fn update(&self, cached: &mut Accumulated, pieces: &Placement) {
        for piece in cached.pieces.without(pieces).each() {
            self.apply(&mut cached.accumulators, piece, sub);
        }
        for piece in pieces.without(&cached.pieces).each() {
            self.apply(&mut cached.accumulators, piece, add);
        }
        cached.pieces = *pieces;
    }

    /// One perspective's share of the output: its clipped units times their weights.
    #[inline]
    fn layer(&self, acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
        acc.iter()
            .zip(weights)
            .map(|(&a, &w)| (a as i32).clamp(0, self.qa) * w as i32)
            .sum()
    }
}

/// Where every piece stands: a bitboard per colour and kind (colour * 6 + kind).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Placement([u64; 12]);

impl Placement {
    fn of(pos: &Chess) -> Placement {
        let mut bbs = [0; 12];
        for (i, bb) in bbs.iter_mut().enumerate() {
            let color = if i < 6 { Color::White } else { Color::Black };
            *bb = pos.pieces(color, Kind::from_index(i % 6));
        }
        Placement(bbs)
    }

    /// How many pieces differ between two placements (gone plus come).
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
mod tests {
    use super::*;
    use escalade_core::Rules;

    /// The evaluation from accumulators built afresh (the thread's memo left alone).
    fn fresh(pos: &Chess) -> i32 {
        let built = NETWORK.refresh(&Placement::of(pos));
        NETWORK.output(&built.accumulators, pos.side_to_move())
    }

    #[test]
    fn updated_accumulators_evaluate_as_fresh_ones() {
        // a walk through the tree as a search takes it: down a random move, sometimes
        // back up a few plies, evaluating every position it reaches
        let mut path = vec![crate::parse_fen(crate::START_FEN).expect("valid")];
        let mut seed = 12345_u64;
        let mut updates = 0;
        for _ in 0..3000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = (seed >> 33) as usize;
            let mut moves = Vec::new();
            path.last().expect("a position").generate_moves(&mut moves);
            if moves.is_empty() || path.len() > 40 || pick.is_multiple_of(5) {
                let back = 1 + pick % 4;
                path.truncate(path.len().saturating_sub(back).max(1));
            } else {
                let next = path
                    .last()
                    .expect("a position")
                    .play(moves[pick % moves.len()]);
                path.push(next);
            }
            let pos = path.last().expect("a position");
            let before = LAST.with_borrow(|last| last.as_ref().map(|l| l.pieces));
            let updated = NETWORK.evaluate(pos);
            if before.is_some_and(|b| b.changes(&Placement::of(pos)) <= 24) {
                updates += 1;
            }
            assert_eq!(updated, fresh(pos), "{pos:?}");
        }
        assert!(updates > 2500, "only {updates} updates");
    }

    #[test]
    fn a_thread_keeps_apart_the_accumulators_of_two_networks() {
        let embedded = include_bytes!("fide.net");
        let mut changed = embedded.to_vec();
        // every hidden bias zero: the accumulators differ in every unit
        let bias = embedded.len() - 4 - 4 * HIDDEN - 2 * HIDDEN;
        changed[bias..bias + 2 * HIDDEN].fill(0);
        let other = Network::read(&changed).expect("well formed");
        let pos = crate::parse_fen(crate::START_FEN).expect("valid");
        let ours = NETWORK.evaluate(&pos);
        let theirs = other.evaluate(&pos);
        assert_ne!(ours, theirs);
        let built = other.refresh(&Placement::of(&pos));
        assert_eq!(
            theirs,
            other.output(&built.accumulators, pos.side_to_move())
        );
        assert_eq!(NETWORK.evaluate(&pos), ours);
    }

    #[test]
    fn malformed_files_are_refused() {
        assert_eq!(Network::read(b"no newline").err(), Some(NetError::NoHeader));
        assert!(matches!(
            Network::read(b"other-net 128 255 64 400\n"),
            Err(NetError::BadHeader(_))
        ));
        assert!(matches!(
            Network::read(b"escalade-fide-net-1 64 255 64 400\n"),
            Err(NetError::BadHeader(_))
        ));
        // a stray field, and quantization factors whose product overflows
        for header in [
            "escalade-fide-net-1 128 x 255 64 400\n",
            "escalade-fide-net-1 128 65536 65536 400\n",
        ] {
            assert!(matches!(
                Network::read(header.as_bytes()),
                Err(NetError::BadHeader(_))
            ));
        }
        assert!(matches!(
            Network::read(b"escalade-fide-net-1 128 255 64 400\n\x00\x01"),
            Err(NetError::BadLength { found: 2, .. })
        ));
    }
}
