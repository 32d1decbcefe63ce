//! How FIDE's evaluation network sees the board from one side: its king's square picks
//! a set of input weights (a king bucket) and, in a mirrored layout, whether the board is
//! seen flipped left to right (so a king on files e-h sees the board as if it stood on
//! a-d). The layout is named in the network file's header; `train-net.py --kings` uses
//! the same names and tables.
//!
//! | name      | mirrored | buckets of the king's square (seen from its side, files a-d)  |
//! |-----------|----------|----------------------------------------------------------------|
//! | `plain`   | no       | 1                                                              |
//! | `mirror`  | yes      | 1                                                              |
//! | `mirror4` | yes      | 4: rank 1 files a-b; rank 1 files c-d; rank 2; ranks 3-8       |

use escalade_core::Color;

/// The inputs of one king bucket: a piece's colour relative to the side, kind, square.
pub const BUCKET_INPUTS: usize = 768;

/// A layout of king buckets (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingLayout {
    Plain,
    Mirror,
    Mirror4,
}

/// Where one side's accumulator reads its rows: the first row of its king bucket and
/// what its squares are XORed with (56 turns the board for Black, 7 mirrors the files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View {
    pub offset: usize,
    pub flip: usize,
}

impl KingLayout {
    /// The layout a header names; none names `plain`.
    pub fn parse(name: Option<&str>) -> Option<KingLayout> {
        match name {
            None | Some("plain") => Some(KingLayout::Plain),
            Some("mirror") => Some(KingLayout::Mirror),
            Some("mirror4") => Some(KingLayout::Mirror4),
            Some(_) => None,
        }
    }

    /// How many king buckets the layout has.
    pub const fn buckets(self) -> usize {
        match self {
            KingLayout::Plain | KingLayout::Mirror => 1,
            KingLayout::Mirror4 => 4,
        }
    }

    /// The view of `side`, whose king stands on `king` (0 = a1 .. 63 = h8).
    #[inline(always)]
    pub fn view(self, side: Color, king: usize) -> View {
        let turn = match side {
            Color::White => 0,
            Color::Black => 56,
        };
        let own = king ^ turn;
        let mirror = if self != KingLayout::Plain && own % 8 >= 4 {
            7
        } else {
            0
        };
        View {
            offset: self.bucket(own ^ mirror) * BUCKET_INPUTS,
            flip: turn ^ mirror,
        }
    }

    /// The bucket of a king on `own` (seen from its side, after any mirroring).
    #[inline(always)]
    fn bucket(self, own: usize) -> usize {
        match self {
            KingLayout::Plain | KingLayout::Mirror => 0,
            KingLayout::Mirror4 => match (own / 8, own % 8) {
                (0, 0..=1) => 0,
                (0, _) => 1,
                (1, _) => 2,
                _ => 3,
            },
        }
    }

    /// The input row of a piece (`color`, `kind`, `square`) seen through `view` by `side`.
    #[inline(always)]
    pub fn row(view: View, side: usize, (color, kind, square): (usize, usize, usize)) -> usize {
        view.offset + (color ^ side) * 384 + kind * 64 + (square ^ view.flip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_layout_sees_the_board_as_the_single_bucket_network_did() {
        let white = KingLayout::Plain.view(Color::White, 6);
        let black = KingLayout::Plain.view(Color::Black, 62);
        assert_eq!(white, View { offset: 0, flip: 0 });
        assert_eq!(
            black,
            View {
                offset: 0,
                flip: 56
            }
        );
        // a white knight on c3 (18): White's own piece, Black's enemy on c6
        assert_eq!(KingLayout::row(white, 0, (0, 1, 18)), 64 + 18);
        assert_eq!(KingLayout::row(black, 1, (0, 1, 18)), 384 + 64 + 42);
    }

    #[test]
    fn a_king_on_the_right_half_mirrors_the_files() {
        // White's king on g1 (6) sees its board mirrored: g1 as b1, bucket 0
        let g1 = KingLayout::Mirror4.view(Color::White, 6);
        assert_eq!(g1, View { offset: 0, flip: 7 });
        // Black's king on e8 (60) is on e1 from its side: mirrored to d1, bucket 1
        let e8 = KingLayout::Mirror4.view(Color::Black, 60);
        assert_eq!(
            e8,
            View {
                offset: 768,
                flip: 63
            }
        );
        // kings on the second rank and beyond
        assert_eq!(KingLayout::Mirror4.view(Color::White, 13).offset, 2 * 768);
        assert_eq!(KingLayout::Mirror4.view(Color::Black, 35).offset, 3 * 768);
        assert_eq!(KingLayout::Mirror.view(Color::Black, 35).offset, 0);
    }

    #[test]
    fn layouts_are_named_as_the_trainer_names_them() {
        assert_eq!(KingLayout::parse(None), Some(KingLayout::Plain));
        assert_eq!(
            KingLayout::parse(Some("mirror4")),
            Some(KingLayout::Mirror4)
        );
        assert_eq!(KingLayout::parse(Some("mirror9")), None);
    }
}
