//! The piece kinds of the rope: their letters, material values (from the seed) and
//! "Hold on dice!" acrobatic levels.

/// A kind of piece. The discriminant indexes per-kind arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// King: steps and non-capturing hops like the Gold, plus the once-per-game swap.
    King = 0,
    /// Gold (Guard, Go-Between): steps one square, hops over a neighbour without capturing.
    Gold = 1,
    /// Router (Wi-Fi Router, Rook): slides until the first occupied square.
    Router = 2,
    /// Torch: odd distances only, blocked only by pieces on odd-distance squares.
    Torch = 3,
    /// Dove: leaps two or three squares.
    Dove = 4,
    /// Dabbaba (Digital Camcorder): leaps one or two squares.
    Dabbaba = 5,
    /// Pawn: one step forward (moves and captures), promotes in the zone.
    Pawn = 6,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Gold,
        Kind::Router,
        Kind::Torch,
        Kind::Dove,
        Kind::Dabbaba,
        Kind::Pawn,
    ];
    /// The kinds that can be held in hand or on a regeneration stack (all but the King).
    pub const CAPTURABLE: [Kind; 6] = [
        Kind::Gold,
        Kind::Router,
        Kind::Torch,
        Kind::Dove,
        Kind::Dabbaba,
        Kind::Pawn,
    ];

    /// Index into per-kind arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i` (0..7).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// The upper-case letter (White's); Black's is the lower-case one.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Gold => 'G',
            Kind::Router => 'R',
            Kind::Torch => 'T',
            Kind::Dove => 'D',
            Kind::Dabbaba => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// The kind named by a letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// The English name, for error messages and the board drawing.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::Gold => "Gold",
            Kind::Router => "Router",
            Kind::Torch => "Torch",
            Kind::Dove => "Dove",
            Kind::Dabbaba => "Dabbaba",
            Kind::Pawn => "Pawn",
        }
    }

    /// The seed's piece value in pawns (P 1, G 2, C 4, D 5, T 7, R 9; the King 0).
    pub const fn value(self) -> i32 {
        match self {
            Kind::King => 0,
            Kind::Gold => 2,
            Kind::Router => 9,
            Kind::Torch => 7,
            Kind::Dove => 5,
            Kind::Dabbaba => 4,
            Kind::Pawn => 1,
        }
    }

    /// "Hold on dice!" level: the piece survives a move if the die shows at most this
    /// (P 3, C 2, D 4, T 3, R 1, G 5; the King never rolls, shown as 6).
    pub const fn dice_level(self) -> u8 {
        match self {
            Kind::King => 6,
            Kind::Gold => 5,
            Kind::Router => 1,
            Kind::Torch => 3,
            Kind::Dove => 4,
            Kind::Dabbaba => 2,
            Kind::Pawn => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
            assert_eq!(Kind::from_letter(k.letter().to_ascii_lowercase()), Some(k));
            assert_eq!(Kind::from_index(k.index()), k);
        }
        assert_eq!(Kind::from_letter('X'), None);
    }
}
