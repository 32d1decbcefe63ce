//! A game's weights as data: [`WeightSet`] walks a weight struct as a flat vector of named
//! integers ([`Parameter`]), so the tuner can read and change them, and so a game can load
//! them from the table `escalade tune` generates (`tuned.rs` beside the game's evaluation).

use thiserror::Error;

/// One weight of an evaluation: its name (as the generated table spells it, e.g.
/// `value[2]`) and its value in centipawns (or the unit the evaluation gives it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The weight's name in the table (`value[2]`).
    pub name: String,
    /// Its value.
    pub value: i32,
}

impl Parameter {
    /// A parameter named `name` of value `value`.
    pub fn new(name: impl Into<String>, value: i32) -> Self {
        Parameter {
            name: name.into(),
            value,
        }
    }
}

/// The values of `parameters`, in order.
pub fn values(parameters: &[Parameter]) -> Vec<i32> {
    parameters.iter().map(|p| p.value).collect()
}

/// Why a vector or table of values does not fit a weight set.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum WeightError {
    /// The vector or table has another number of values than the set has weights.
    #[error("{given} values given for {expected} weights")]
    Count {
        /// Values given.
        given: usize,
        /// Weights the set has.
        expected: usize,
    },
    /// The table names another weight at this place.
    #[error("weight {index} is '{expected}', the table says '{given}'")]
    Name {
        /// The place in the set.
        index: usize,
        /// The set's weight there.
        expected: String,
        /// The table's name there.
        given: String,
    },
}

/// A struct of integer weights that can be walked in a fixed order.
///
/// A game implements [`visit`](WeightSet::visit) (every weight, in order, with its name:
/// `tempo`, `value[2]`, `material[1].mg`), and [`rebuild`](WeightSet::rebuild) when it
/// keeps tables derived from the weights; the rest is provided.
///
/// ```
/// use escalade_eval::WeightSet;
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Weights {
///     value: [i32; 2],
///     tempo: i32,
/// }
///
/// impl WeightSet for Weights {
///     fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
///         for (i, v) in self.value.iter_mut().enumerate() {
///             f(&format!("value[{i}]"), v);
///         }
///         f("tempo", &mut self.tempo);
///     }
/// }
///
/// /// What `escalade tune` writes.
/// const TUNED: [(&str, i32); 3] = [("value[0]", 100), ("value[1]", 300), ("tempo", 9)];
/// const ZERO: Weights = Weights { value: [0; 2], tempo: 0 };
///
/// let w = ZERO.with_table(&TUNED).unwrap();
/// assert_eq!(w, Weights { value: [100, 300], tempo: 9 });
/// assert_eq!(w.values(), vec![100, 300, 9]);
/// assert_eq!(w.parameters()[2].name, "tempo");
/// assert_eq!(w.with_values(&[1, 2, 3]).unwrap().tempo, 3);
/// assert!(w.with_values(&[1, 2]).is_err());
/// assert!(ZERO.with_table(&[("value[0]", 1), ("tempo", 2), ("value[1]", 3)]).is_err());
/// ```
pub trait WeightSet: Clone + Send + Sync + 'static {
    /// Calls `f` on every weight in the order of the flat vector, with its name.
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32));

    /// Recomputes what the set derives from its weights (tables built from them); called
    /// after [`with_values`](WeightSet::with_values) and
    /// [`with_table`](WeightSet::with_table) changed them. Nothing by default.
    fn rebuild(&mut self) {}

    /// The weights as named parameters, in the vector's order.
    fn parameters(&self) -> Vec<Parameter> {
        let mut out = Vec::new();
        self.clone()
            .visit(&mut |name, v| out.push(Parameter::new(name, *v)));
        out
    }

    /// The values, in the vector's order.
    fn values(&self) -> Vec<i32> {
        let mut out = Vec::new();
        self.clone().visit(&mut |_, v| out.push(*v));
        out
    }

    /// This set with `values` (one per weight, in the vector's order), rebuilt.
    fn with_values(&self, values: &[i32]) -> Result<Self, WeightError> {
        let mut w = self.clone();
        let mut at = 0;
        w.visit(&mut |_, v| {
            if let Some(&x) = values.get(at) {
                *v = x;
            }
            at += 1;
        });
        if at != values.len() {
            return Err(WeightError::Count {
                given: values.len(),
                expected: at,
            });
        }
        w.rebuild();
        Ok(w)
    }

    /// This set with the values of `table` (`(name, value)` per weight, names in the
    /// vector's order, as `escalade tune` writes them), rebuilt.
    fn with_table(&self, table: &[(&str, i32)]) -> Result<Self, WeightError> {
        let mut mismatch = None;
        let mut w = self.clone();
        let mut at = 0;
        w.visit(&mut |name, v| {
            match table.get(at) {
                Some(&(given, x)) if given == name => *v = x,
                Some(&(given, _)) => {
                    mismatch.get_or_insert(WeightError::Name {
                        index: at,
                        expected: name.to_string(),
                        given: given.to_string(),
                    });
                }
                None => {}
            }
            at += 1;
        });
        if at != table.len() {
            return Err(WeightError::Count {
                given: table.len(),
                expected: at,
            });
        }
        if let Some(e) = mismatch {
            return Err(e);
        }
        w.rebuild();
        Ok(w)
    }
}
