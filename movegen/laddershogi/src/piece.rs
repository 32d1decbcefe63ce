//! Pieces of Ladder Shogi: kinds (value stages 1-10 and the non-value pieces), their
//! letters, names, what goes to hand, and non-value promotion.

use escalade_core::Color;

/// A piece kind: `1..=10` are value pieces of that stage, the rest are the named constants.
pub type Kind = u8;

/// The King (royal; executes what it captures).
pub const KING: Kind = 11;
/// The Dragon (energizes two adjacent friends; never captures).
pub const DRAGON: Kind = 12;
/// The Cricket (infuses an adjacent friend with a second move; never captures).
pub const CRICKET: Kind = 13;
/// The Kappa (petrifies adjacent enemies; never captures).
pub const KAPPA: Kind = 14;
/// The Lance (forward rider; promotes to the Flying Chariot on the last rank).
pub const LANCE: Kind = 15;
/// The Ninja (forward diagonal rider; promotes to the Angled Chariot on the last rank).
pub const NINJA: Kind = 16;
/// The Honorable Horse (two forward knight leaps; promotes to the Shogun on the last two ranks).
pub const HORSE: Kind = 17;
/// The Burakumin (queen; untouchable).
pub const BURAKUMIN: Kind = 18;
/// The Flying Chariot (rook), a promoted Lance.
pub const ROOK: Kind = 19;
/// The Angled Chariot (bishop), a promoted Ninja.
pub const BISHOP: Kind = 20;
/// The Shogun (knight), a promoted Horse.
pub const SHOGUN: Kind = 21;
/// Number of kind indices (index 0 is unused).
pub const KINDS: usize = 22;

/// Whether `kind` is a value piece (stage 1-10).
#[inline(always)]
pub const fn is_value(kind: Kind) -> bool {
    kind >= 1 && kind <= 10
}

/// Whether `kind` may capture at all (Dragon, Cricket and Kappa never do).
#[inline(always)]
pub const fn can_capture(kind: Kind) -> bool {
    !matches!(kind, DRAGON | CRICKET | KAPPA)
}

/// A piece on a square: kind and colour in one byte; 0 is an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    /// No piece.
    pub const EMPTY: Piece = Piece(0);

    /// A piece of `kind` belonging to `color`.
    #[inline(always)]
    pub const fn new(kind: Kind, color: Color) -> Piece {
        Piece(kind | ((color as u8) << 5))
    }

    /// Its kind (0 for an empty square).
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        self.0 & 31
    }

    /// Its owner.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 32 != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether the square is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Number of kinds a hand can hold.
pub const HAND_KINDS: usize = 8;
/// Hand index of value pieces (dropped as stage 1).
pub const HAND_VALUE: usize = 0;
/// Letters of the hand kinds, in hand-index order (FEN, drops).
pub const HAND_LETTERS: [char; HAND_KINDS] = ['V', 'D', 'C', 'P', 'L', 'J', 'H', 'U'];
/// The kind a hand piece is dropped as (its base form), in hand-index order.
pub const HAND_BASE: [Kind; HAND_KINDS] =
    [1, DRAGON, CRICKET, KAPPA, LANCE, NINJA, HORSE, BURAKUMIN];

/// Where a captured piece of `kind` goes in the capturer's hand (its base form), or `None`
/// for the King (which is never captured in legal play).
#[inline]
pub const fn hand_index(kind: Kind) -> Option<usize> {
    match kind {
        1..=10 => Some(HAND_VALUE),
        DRAGON => Some(1),
        CRICKET => Some(2),
        KAPPA => Some(3),
        LANCE | ROOK => Some(4),
        NINJA | BISHOP => Some(5),
        HORSE | SHOGUN => Some(6),
        BURAKUMIN => Some(7),
        _ => None,
    }
}

/// The FEN letter of a non-value kind (value pieces are written `V` plus a stage).
pub const fn letter(kind: Kind) -> char {
    match kind {
        KING => 'K',
        DRAGON => 'D',
        CRICKET => 'C',
        KAPPA => 'P',
        LANCE => 'L',
        NINJA => 'J',
        HORSE => 'H',
        BURAKUMIN => 'U',
        ROOK => 'R',
        BISHOP => 'B',
        SHOGUN => 'N',
        _ => 'V',
    }
}

/// The non-value kind of an (uppercase) FEN letter.
pub fn kind_of_letter(c: char) -> Option<Kind> {
    Some(match c {
        'K' => KING,
        'D' => DRAGON,
        'C' => CRICKET,
        'P' => KAPPA,
        'L' => LANCE,
        'J' => NINJA,
        'H' => HORSE,
        'U' => BURAKUMIN,
        'R' => ROOK,
        'B' => BISHOP,
        'N' => SHOGUN,
        _ => return None,
    })
}

/// The stage character of a value piece in FEN: `1`-`9`, `X` for 10.
pub const fn stage_char(stage: Kind) -> char {
    if stage == 10 {
        'X'
    } else {
        (b'0' + stage) as char
    }
}

/// The English name of a kind.
pub const fn name(kind: Kind) -> &'static str {
    match kind {
        1 => "Merchant",
        2 => "Craftsman",
        3 => "Farmer",
        4 => "Samurai",
        5 => "Silver General",
        6 => "Gold General",
        7 => "Platinum General",
        8 => "Dragon Horse",
        9 => "Dragon King",
        10 => "Dragon Emperor",
        KING => "King",
        DRAGON => "Dragon",
        CRICKET => "Cricket",
        KAPPA => "Kappa",
        LANCE => "Lance",
        NINJA => "Ninja",
        HORSE => "Honorable Horse",
        BURAKUMIN => "Burakumin",
        ROOK => "Flying Chariot",
        BISHOP => "Angled Chariot",
        SHOGUN => "Shogun",
        _ => "nothing",
    }
}
