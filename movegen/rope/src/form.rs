//! The six forms of the rope and the rules record each one reads: board length,
//! promotion zone and choices, no-progress limit, insufficient-material cases and which
//! sub-variant rule (three-check, regeneration, crazyhouse, dice) is on.

use escalade_core::Form;

use crate::Kind;

/// The sub-variant rule a form adds to the base game (section 5 of the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// The base game (on 21 or 15 squares).
    None,
    /// Three checks win.
    ThreeCheck,
    /// Captured own pieces come back on the home square (LIFO stack).
    Regeneration,
    /// Crazyhouse drops.
    House,
    /// "Hold on dice!": a survival roll after every non-King move.
    Dice,
}

/// The rules one form reads (outside the hottest loops).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Number of squares on the line (21 or 15).
    pub squares: u8,
    /// The pieces a pawn may promote to, in generation order.
    pub promotions: &'static [Kind],
    /// Plies without capture or promotion that draw the game.
    pub no_progress: u16,
    /// Whether K+T v K is a draw (the 21-square forms); K v K and K+G v K always are.
    pub torch_insufficient: bool,
    /// The sub-variant rule.
    pub special: Special,
    /// The start position's FEN.
    pub start_fen: &'static str,
}

impl Rules {
    /// Whether captured promoted pawns must be remembered (they return as Pawns).
    pub const fn tracks_promotion(&self) -> bool {
        matches!(self.special, Special::Regeneration | Special::House)
    }
}

const FULL_PROMOTIONS: &[Kind] = &[Kind::Dabbaba, Kind::Dove, Kind::Torch, Kind::Router];
const MINI_PROMOTIONS: &[Kind] = &[Kind::Dabbaba, Kind::Dove];

/// Form numbers, in the order of [`FORMS`].
pub const ROPE: usize = 0;
/// `rope-mini`.
pub const MINI: usize = 1;
/// `rope-3check`.
pub const THREE_CHECK: usize = 2;
/// `rope-regen`.
pub const REGEN: usize = 3;
/// `rope-house`.
pub const HOUSE: usize = 4;
/// `rope-dice`.
pub const DICE: usize = 5;

/// The forms, as listed by `escalade variants`.
pub const FORMS: &[Form] = &[
    Form {
        name: "rope",
        aliases: &[],
        description: "Chess on the Rope: a 21-square line",
    },
    Form {
        name: "rope-mini",
        aliases: &["rope-minimalistic"],
        description: "Minimalistic Chess on the Rope: 15 squares, no Routers or Torches",
    },
    Form {
        name: "rope-3check",
        aliases: &["rope-threecheck"],
        description: "Chess on the Rope where the third check also wins",
    },
    Form {
        name: "rope-regen",
        aliases: &["rope-regeneration"],
        description: "Chess on the Rope where captured pieces return to the home square",
    },
    Form {
        name: "rope-house",
        aliases: &["rope-crazyhouse"],
        description: "Chess on the Rope with crazyhouse drops",
    },
    Form {
        name: "rope-dice",
        aliases: &["rope-holdondice"],
        description: "Hold on dice!: a moved piece survives a die roll or falls",
    },
];

const fn full(special: Special, start_fen: &'static str) -> Rules {
    Rules {
        squares: 21,
        promotions: FULL_PROMOTIONS,
        no_progress: 24,
        torch_insufficient: true,
        special,
        start_fen,
    }
}

/// The rules of each form, indexed like [`FORMS`].
pub const RULES: [Rules; 6] = [
    full(Special::None, "KGRTDCP7pcdtrgk w Kk 0 1"),
    Rules {
        squares: 15,
        promotions: MINI_PROMOTIONS,
        no_progress: 20,
        torch_insufficient: false,
        special: Special::None,
        start_fen: "KGDCP5pcdgk w Kk 0 1",
    },
    full(Special::ThreeCheck, "KGRTDCP7pcdtrgk w Kk 0+0 0 1"),
    full(Special::Regeneration, "KGRTDCP7pcdtrgk w Kk -/- - 0 1"),
    full(Special::House, "KGRTDCP7pcdtrgk[] w Kk 0 1"),
    full(Special::Dice, "KGRTDCP7pcdtrgk w Kk - 0 1"),
];
