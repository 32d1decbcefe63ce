//! A network's active inputs given as bit sets ([`InputSet`]): input `base + i` is active
//! for each bit `i` of a set. A game whose board is bitboards names its inputs this way at
//! the cost of a store per piece set, and the accumulator memo finds what a move changed by
//! comparing sets (an exclusive or) instead of walking two lists.
//!
//! ```
//! use escalade_eval::InputSet;
//! let sets = [InputSet::new(0, 0b101), InputSet::new(64, 1 << 3)];
//! let mut list = Vec::new();
//! InputSet::expand(&sets, &mut list);
//! assert_eq!(list, [0, 2, 67]);
//! let mut grouped = Vec::new();
//! InputSet::group(&mut list, &mut grouped);
//! assert_eq!(grouped, sets);
//! ```

/// Up to 64 active inputs from `base`: input `base + i` for each bit `i` of `bits`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputSet {
    /// The input of bit 0.
    pub base: u16,
    /// One bit per active input.
    pub bits: u64,
}

impl InputSet {
    /// The set of the inputs `base + i` for each bit `i` of `bits`.
    #[inline]
    pub fn new(base: usize, bits: u64) -> InputSet {
        debug_assert!(base <= usize::from(u16::MAX));
        InputSet {
            base: base as u16,
            bits,
        }
    }

    /// Appends the inputs of `sets`, set by set, each in increasing order.
    pub fn expand(sets: &[InputSet], out: &mut Vec<u16>) {
        for set in sets {
            let mut bits = set.bits;
            while bits != 0 {
                out.push(set.base + bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
    }

    /// Appends `list` (sorted here) as sets of 64 aligned inputs, in increasing order of
    /// base (a repeated input counts once).
    pub fn group(list: &mut [u16], out: &mut Vec<InputSet>) {
        list.sort_unstable();
        for &input in list.iter() {
            let base = input & !63;
            let bit = 1_u64 << (input & 63);
            match out.last_mut() {
                Some(set) if set.base == base => set.bits |= bit,
                _ => out.push(InputSet { base, bits: bit }),
            }
        }
    }
}
