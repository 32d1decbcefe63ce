//! The eight forms (main rules or the simpler variation, each with the normal, misère,
//! semi-misère or displacement goal set) and the rules record each form reads.

use escalade_core::Form;

/// How a form decides games and which captures it allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Lose when your king is captured or you have no legal move.
    Normal,
    /// Win when your king is captured or you have no legal move.
    Misere,
    /// Lose when your king is captured; win with no legal move or with no pawns.
    SemiMisere,
    /// Normal goals, plus optional FIDE displacement captures below jump priority.
    Displacement,
}

/// The rules of one form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormRules {
    /// The simpler variation: no double step, no castling, promotion in place then a move.
    pub simple: bool,
    /// The goal set (and displacement captures).
    pub goal: Goal,
}

impl FormRules {
    /// Whether FIDE displacement captures are allowed.
    #[inline(always)]
    pub const fn displacement(self) -> bool {
        matches!(self.goal, Goal::Displacement)
    }
}

/// The forms, in form-number order.
pub const FORMS: &[Form] = &[
    Form { name: "checkercapture", aliases: &["checker-capture"], description: "Checker-capture Chess: short jumps in 8 directions, compulsory, king capture wins" },
    Form { name: "checkercapture-misere", aliases: &[], description: "Checker-capture Chess, misère: win when your king is captured or you cannot move" },
    Form { name: "checkercapture-semimisere", aliases: &[], description: "Checker-capture Chess, semi-misère: win with no pawns or no move, lose your king and lose" },
    Form { name: "checkercapture-displacement", aliases: &[], description: "Checker-capture Chess with optional FIDE displacement captures below jump priority" },
    Form { name: "checkercapture-simple", aliases: &[], description: "Checker-capture Chess, simpler variation: no double step or castling, promote in place then move" },
    Form { name: "checkercapture-simple-misere", aliases: &[], description: "Simpler variation, misère" },
    Form { name: "checkercapture-simple-semimisere", aliases: &[], description: "Simpler variation, semi-misère" },
    Form { name: "checkercapture-simple-displacement", aliases: &[], description: "Simpler variation with displacement captures (the ZRF's displacement variant)" },
];

/// The rules record of each form, indexed like [`FORMS`].
pub const RULES: [FormRules; 8] = [
    FormRules {
        simple: false,
        goal: Goal::Normal,
    },
    FormRules {
        simple: false,
        goal: Goal::Misere,
    },
    FormRules {
        simple: false,
        goal: Goal::SemiMisere,
    },
    FormRules {
        simple: false,
        goal: Goal::Displacement,
    },
    FormRules {
        simple: true,
        goal: Goal::Normal,
    },
    FormRules {
        simple: true,
        goal: Goal::Misere,
    },
    FormRules {
        simple: true,
        goal: Goal::SemiMisere,
    },
    FormRules {
        simple: true,
        goal: Goal::Displacement,
    },
];

/// Form numbers by name, for tests and callers that know the name.
pub fn form_index(name: &str) -> Option<usize> {
    FORMS
        .iter()
        .position(|f| f.name == name || f.aliases.contains(&name))
}
