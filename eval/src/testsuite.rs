//! Checks every tunable game runs in its tests: the weight set as a flat vector and as a
//! table (names, round trips, one place one weight), and the evaluation with the weight set
//! in use is the evaluation, along seeded random games of every form.

use std::collections::HashSet;
use std::fmt::Debug;

use escalade_core::{Rules, SeededRng};

use crate::{Parameter, Tunable, WeightError, WeightSet};

/// Checks the weight set `in_use` (called `set` in messages): its names are non-empty and
/// unique; its values round-trip through `with_values` and, named, through `with_table`;
/// each place of the vector is a weight of its own (numbering the places reads the numbers
/// back, changing one value changes that one alone); vectors and tables of another length,
/// and tables naming the weights in another order, are refused. Returns the parameters,
/// for the game's own expectations (their number, the names at some places).
pub fn check_weight_set<W>(in_use: &W, set: &str) -> Vec<Parameter>
where
    W: WeightSet + PartialEq + Debug,
{
    let params = in_use.parameters();
    let values = in_use.values();
    let n = values.len();
    assert!(n > 0, "{set}: no weights");
    assert_eq!(crate::values(&params), values, "{set}");
    let mut names = HashSet::new();
    for p in &params {
        let name = &p.name;
        assert!(!name.is_empty(), "{set}: a weight without a name");
        assert!(names.insert(name), "{set}: two weights named '{name}'");
    }
    assert_eq!(in_use.with_values(&values).as_ref(), Ok(in_use), "{set}");
    let mut table: Vec<(&str, i32)> = params.iter().map(|p| (&*p.name, p.value)).collect();
    assert_eq!(in_use.with_table(&table).as_ref(), Ok(in_use), "{set}");
    let numbered: Vec<i32> = (0..n as i32).collect();
    let w = in_use.with_values(&numbered).expect("right length");
    assert_eq!(w.values(), numbered, "{set}: places share a weight");
    for (i, p) in params.iter().enumerate() {
        let mut changed = values.clone();
        changed[i] = changed[i].wrapping_add(1);
        let w = in_use.with_values(&changed).expect("right length");
        assert_eq!(w.values(), changed, "{set}: {} changed others", p.name);
        assert_ne!(&w, in_use, "{set}: {} changed nothing", p.name);
    }
    let count = |given| Some(WeightError::Count { given, expected: n });
    let shorter = &values[..n - 1];
    assert_eq!(in_use.with_values(shorter).err(), count(n - 1), "{set}");
    let longer: Vec<i32> = values.iter().copied().chain([0]).collect();
    assert_eq!(in_use.with_values(&longer).err(), count(n + 1), "{set}");
    assert_eq!(in_use.with_table(&table[1..]).err(), count(n - 1), "{set}");
    if n > 1 {
        table.swap(0, 1);
        let [expected, given] = [0, 1].map(|i| params[i].name.clone());
        let swapped = Some(WeightError::Name {
            index: 0,
            expected,
            given,
        });
        assert_eq!(in_use.with_table(&table).err(), swapped, "{set}");
    }
    params
}

/// Plays `games` seeded random games of up to `plies` plies in every form of `P` and
/// asserts at each position that `evaluate_with(weights(form))` equals `evaluate`; returns
/// the number of positions checked.
pub fn evaluate_with_matches_evaluate<P: Tunable>(games: usize, plies: usize, seed: u64) -> usize {
    random_walk::<P>(games, plies, seed, |form, p| {
        assert_eq!(
            p.evaluate_with(P::weights(form)),
            p.evaluate(),
            "{}",
            p.to_fen()
        );
    })
}

/// Calls `visit(form, position)` at each position of `games` seeded random games of up to
/// `plies` plies in every form of `P` (a game ends early where the rules end it); returns
/// the number of positions visited.
pub fn random_walk<P: Rules>(
    games: usize,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(usize, &P),
) -> usize {
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    let mut seen = 0;
    for form in 0..P::FORMS.len() {
        for _ in 0..games {
            let mut p = P::startpos(form);
            for _ in 0..plies {
                visit(form, &p);
                seen += 1;
                if p.rule_result().is_some() {
                    break;
                }
                p.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.below(moves.len())]);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::TRUE;

    /// Weight `a` is `v[0]`; the one named `second` is `v[at]`.
    #[derive(Clone, Debug, PartialEq)]
    struct Two {
        v: [i32; 2],
        second: &'static str,
        at: usize,
    }

    impl WeightSet for Two {
        fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
            f("a", &mut self.v[0]);
            f(self.second, &mut self.v[self.at]);
        }
    }

    fn two(second: &'static str, at: usize) -> Two {
        Two {
            v: [1, 2],
            second,
            at,
        }
    }

    #[test]
    fn a_sound_set_passes() {
        let params = check_weight_set(&TRUE, "toy");
        assert_eq!(params, [Parameter::new("a", 100), Parameter::new("b", 300)]);
        check_weight_set(&two("b", 1), "two");
    }

    #[test]
    #[should_panic(expected = "two weights named 'a'")]
    fn a_repeated_name_fails() {
        check_weight_set(&two("a", 1), "two");
    }

    #[test]
    #[should_panic(expected = "share a weight")]
    fn two_places_of_one_weight_fail() {
        check_weight_set(&two("b", 0), "two");
    }
}
