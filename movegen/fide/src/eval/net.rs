//! FIDE's evaluation network: 768 inputs (a piece's colour relative to the perspective,
//! its kind and its square, mirrored for Black) to [`HIDDEN`] units, computed from both
//! sides' perspectives with the same weights, clipped, the side to move's half first, to
//! one output in centipawns. The weights are data: `fide.net`, written by
//! `scripts/strength/train-net.py` and embedded in the binary, read once.
//!
//! The file: a header line `escalade-fide-net-1 HIDDEN QA QB SCALE`, then little-endian
//! integers: the hidden weights (768 x HIDDEN i16, times QA), the hidden biases (HIDDEN
//! i16, times QA), the output weights (2 x HIDDEN i16, times QB) and the output bias
//! (one i32, times QA x QB). The output is `sum * SCALE / (QA * QB)` centipawns.

use crate::{Chess, Kind};
use escalade_core::{Color, Rules};
use std::sync::LazyLock;

/// Hidden units per perspective.
pub const HIDDEN: usize = 128;
const INPUTS: usize = 768;
const MAGIC: &str = "escalade-fide-net-1";

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
}

/// The embedded network.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::read(include_bytes!("fide.net")).expect("the embedded network is well formed")
});

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
        let mut white = self.hidden_bias;
        let mut black = self.hidden_bias;
        for color in [Color::White, Color::Black] {
            for kind in 0..6 {
                let mut bb = pos.pieces(color, Kind::from_index(kind));
                while bb != 0 {
                    let sq = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    let (own, mirrored) = (color.index(), sq ^ 56);
                    add(&mut white, &self.hidden_weights[own * 384 + kind * 64 + sq]);
                    add(
                        &mut black,
                        &self.hidden_weights[(own ^ 1) * 384 + kind * 64 + mirrored],
                    );
                }
            }
        }
        let (us, them) = match pos.side_to_move() {
            Color::White => (&white, &black),
            Color::Black => (&black, &white),
        };
        let sum = self.layer(us, &self.output_weights[0])
            + self.layer(them, &self.output_weights[1])
            + self.output_bias;
        (sum as i64 * self.scale as i64 / self.divisor as i64) as i32
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

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
