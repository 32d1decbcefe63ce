//! The variant registry: the one place that names every game. Everything generic (perft,
//! bench, protocols, terminal play, the match referee) reaches a game through
//! [`dispatch`], which monomorphizes the caller's [`GameVisitor`] for that game's position
//! type; there is no dynamic dispatch below this point.

use escalade_core::Rules;
use std::fmt;

use escalade_core::{Diagram, Form};
use escalade_eval::{Evaluate, Tunable};
use escalade_grid::GuiBoard;

/// What every registered game is: rules with a search evaluation (whose weights the tuner
/// fits), a GUI grid and a drawing board. A game registers by its one line in
/// `for_each_game!` below, and the compiler checks it has all four.
pub trait Game: Evaluate + Tunable + GuiBoard + Diagram {}

impl<P: Evaluate + Tunable + GuiBoard + Diagram> Game for P {}

/// Generic code that runs for whichever game a variant name selects. An implementation
/// may ask less of the game than [`Game`] (most need `Evaluate + GuiBoard + Diagram`).
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the game's position type `P` and the form number of the chosen variant.
    fn visit<P: Game>(self, form: usize) -> Self::Output;
}

/// Every game type, one line each (the order is the order of `escalade variants`).
macro_rules! for_each_game {
    ($m:ident) => {
        $m!(escalade_fide::Chess);
        $m!(escalade_checkercapture::CheckerCapture);
        $m!(escalade_escalator::Escalator);
        $m!(escalade_chutes::Chutes);
        $m!(escalade_rope::Rope);
        $m!(escalade_laddershogi::LadderShogi);
    };
}

/// The variant sessions start in and commands use when none is named: the first form of
/// the first game registered (FIDE chess).
pub const DEFAULT_VARIANT: &str = <escalade_fide::Chess as Rules>::FORMS[0].name;

/// A variant name that is not registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (`escalade variants` lists them)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// Every registered form (sub-variant) of every game, in registry order.
pub fn forms() -> Vec<Form> {
    let mut out = Vec::new();
    macro_rules! collect {
        ($t:ty) => {
            out.extend_from_slice(<$t as Rules>::FORMS);
        };
    }
    for_each_game!(collect);
    out
}

/// The canonical names of every variant.
pub fn names() -> Vec<&'static str> {
    forms().iter().map(|f| f.name).collect()
}

fn form_index(forms: &[Form], name: &str) -> Option<usize> {
    let name = name.trim().to_ascii_lowercase();
    forms
        .iter()
        .position(|f| f.name == name || f.aliases.contains(&name.as_str()))
}

/// The canonical name of a variant given by name or alias.
pub fn canonical(name: &str) -> Result<&'static str, UnknownVariant> {
    let all = forms();
    form_index(&all, name)
        .map(|i| all[i].name)
        .ok_or_else(|| UnknownVariant(name.to_string()))
}

/// Runs `visitor` for the game that plays variant `name`.
pub fn dispatch<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
    macro_rules! try_game {
        ($t:ty) => {
            if let Some(form) = form_index(<$t as Rules>::FORMS, name) {
                return Ok(visitor.visit::<$t>(form));
            }
        };
    }
    for_each_game!(try_game);
    Err(UnknownVariant(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct FormOf;
    impl GameVisitor for FormOf {
        type Output = (String, usize);
        fn visit<P: Evaluate>(self, form: usize) -> (String, usize) {
            (P::FORMS[form].name.to_string(), form)
        }
    }

    #[test]
    fn every_games_own_search_defaults_are_declared_constants_in_range() {
        macro_rules! check {
            ($t:ty) => {
                let own = <$t as Evaluate>::SEARCH_DEFAULTS;
                let params = escalade_engine::SearchParams::with_game_defaults(own);
                assert!(params.is_ok(), "{}: {params:?}", stringify!($t));
            };
        }
        for_each_game!(check);
    }

    #[test]
    fn names_and_aliases_resolve() {
        assert_eq!(
            forms()[0].name,
            DEFAULT_VARIANT,
            "the default is the first registered"
        );
        assert_eq!(dispatch("normal", FormOf).unwrap().0, "normal");
        assert_eq!(dispatch("Chess", FormOf).unwrap().0, "normal");
        assert_eq!(canonical("fide").unwrap(), "normal");
        assert_eq!(canonical("From Position").unwrap(), "normal", "lichess");
        assert!(dispatch("nosuch", FormOf).is_err());
    }

    #[test]
    fn names_are_unique() {
        let mut all: Vec<&str> = forms()
            .iter()
            .flat_map(|f| std::iter::once(f.name).chain(f.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "a variant name or alias is registered twice");
    }
}
