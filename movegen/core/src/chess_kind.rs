//! The six piece kinds of orthodox chess, shared by the games that use the FIDE army
//! (FIDE chess, Chutes and Ladders, Checker-capture): index order, FEN letters, promotion
//! choices and rough values.

/// An orthodox chess piece kind. The discriminant indexes per-kind arrays; `King` is last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChessKind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl ChessKind {
    /// Every kind, pawn first.
    pub const ALL: [ChessKind; 6] = [
        ChessKind::Pawn,
        ChessKind::Knight,
        ChessKind::Bishop,
        ChessKind::Rook,
        ChessKind::Queen,
        ChessKind::King,
    ];
    /// Promotion choices, in the order moves are generated.
    pub const PROMOTIONS: [ChessKind; 4] = [
        ChessKind::Queen,
        ChessKind::Rook,
        ChessKind::Bishop,
        ChessKind::Knight,
    ];

    /// Index 0..6 into per-kind arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index (0..6).
    #[inline(always)]
    pub const fn from_index(i: usize) -> ChessKind {
        ChessKind::ALL[i]
    }

    /// White's FEN letter, upper case (`P N B R Q K`); Black's is its lower case.
    pub const fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize]
    }

    /// The kind of a letter of either case.
    pub fn from_letter(c: char) -> Option<ChessKind> {
        let upper = c.to_ascii_uppercase();
        ChessKind::ALL.into_iter().find(|k| k.letter() == upper)
    }

    /// Rough value in centipawns for move ordering and material counting (King 0).
    pub const fn value(self) -> i32 {
        [100, 320, 330, 500, 900, 0][self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::ChessKind;

    #[test]
    fn letters_round_trip_in_both_cases() {
        for k in ChessKind::ALL {
            assert_eq!(ChessKind::from_letter(k.letter()), Some(k));
            assert_eq!(
                ChessKind::from_letter(k.letter().to_ascii_lowercase()),
                Some(k)
            );
            assert_eq!(ChessKind::from_index(k.index()), k);
        }
        assert_eq!(ChessKind::from_letter('x'), None);
    }
}
