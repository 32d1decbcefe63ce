//! `escalade tune`: the Texel tuner on a datagen file. Reads `FEN;RESULT` lines (lines that
//! do not read are skipped and counted), fits `K`, tunes the weights of the variant's game
//! (Texel's local search, or gradient descent) and writes them as the generated Rust table
//! the game loads its weights from (`--out`, or stdout); `--current` writes the table of
//! the weights in use.
//!
//! Every registered game implements [`Tunable`] (the registry's `Game` asks it), so every
//! variant `escalade variants` lists can be tuned.

use std::fmt::Write as _;
use std::path::PathBuf;

use escalade_core::Rules;
use escalade_eval::gradient::{self, GradientOptions};
use escalade_eval::texel::{self, TexelOptions};
use escalade_eval::{Parameter, Tunable, WeightSet};
use escalade_session::registry::{self, Game, GameVisitor};

/// The arguments of `escalade tune`.
#[derive(Clone, Debug, clap::Args)]
pub struct TuneRequest {
    /// Variant name (see `escalade variants`)
    #[arg(long)]
    pub variant: String,
    /// Labelled positions, one `FEN;RESULT` a line (as `escalade datagen` writes them)
    #[arg(long, required_unless_present = "current")]
    pub data: Option<PathBuf>,
    /// Write the table of the weights in use (no tuning, no data)
    #[arg(long, conflicts_with = "data")]
    pub current: bool,
    /// How to fit the weights: `gradient` (Adam on measured coefficients) or `local`
    /// (Texel's local search, one parameter at a time)
    #[arg(long, value_enum, default_value_t = Method::Gradient)]
    pub method: Method,
    /// Passes of the local search over every parameter (`--method local`)
    #[arg(long, default_value_t = 3)]
    pub passes: usize,
    /// Rounds of measuring the coefficients (`--method gradient`)
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// Adam steps per round (`--method gradient`)
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Adam's step size in centipawns (`--method gradient`)
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// File to write the tuned table to (default: stdout)
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The fitting method of `escalade tune`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Gradient descent (Adam) on coefficients measured from the evaluation.
    Gradient,
    /// Texel's local search: +step / -step on one parameter at a time.
    Local,
}

/// Why tuning could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// A count is 0 or `--rate` is not a positive finite number (without `--current`).
    #[error("--passes, --rounds and --epochs must be at least 1, --rate positive")]
    NoPasses,
    /// The data file could not be read.
    #[error("cannot read {path}")]
    Read {
        /// The data file (`--data`).
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The data file holds no position to tune on.
    #[error("{path}: no position reads ({skipped} lines skipped)")]
    NoData {
        /// The data file (`--data`).
        path: String,
        /// Lines that did not read as a labelled position.
        skipped: usize,
    },
    /// The table could not be written.
    #[error("cannot write {path}")]
    Write {
        /// The output file (`--out`).
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// Labelled positions read from a file, and the lines skipped.
#[derive(Clone, Debug)]
pub struct Data<P> {
    /// The positions read, each with its result from White's view (`0.0..=1.0`).
    pub positions: Vec<(P, f64)>,
    /// Lines that did not read (bad FEN, bad result, or a chance node).
    pub skipped: usize,
}

/// Reads `FEN;RESULT` lines of form `form`: a line whose FEN does not read, whose result
/// is not a number in `0..=1`, or that is a chance node, is skipped and counted; blank
/// lines and `#` comments are ignored.
pub fn read_data<P: Rules>(form: usize, text: &str) -> Data<P> {
    let mut positions = Vec::new();
    let mut skipped = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line.rsplit_once(';').and_then(|(fen, result)| {
            let result: f64 = result.trim().parse().ok()?;
            if !(0.0..=1.0).contains(&result) {
                return None;
            }
            let p = P::from_fen(form, fen.trim()).ok()?;
            (!(P::HAS_CHANCE && p.is_chance())).then_some((p, result))
        });
        match parsed {
            Some(x) => positions.push(x),
            None => skipped += 1,
        }
    }
    Data { positions, skipped }
}

/// Runs the tuner; the summary goes to stdout, and the table to `--out` or after it.
pub fn run(req: &TuneRequest) -> Result<(), TuneError> {
    let name = registry::canonical(&req.variant)?;
    let nothing = req.passes == 0 || req.rounds == 0 || req.epochs == 0;
    if (nothing || !(req.rate > 0.0 && req.rate.is_finite())) && !req.current {
        return Err(TuneError::NoPasses);
    }
    registry::dispatch(name, TuneGame { name, req })?
}

/// `escalade tune` for the game of one variant.
struct TuneGame<'a> {
    name: &'static str,
    req: &'a TuneRequest,
}

impl GameVisitor for TuneGame<'_> {
    type Output = Result<(), TuneError>;

    fn visit<P: Game>(self, form: usize) -> Self::Output {
        tune_game::<P>(self.name, form, self.req)
    }
}

fn tune_game<P: Tunable>(name: &str, form: usize, req: &TuneRequest) -> Result<(), TuneError> {
    let weights = P::weights(form);
    let parameters = weights.parameters();
    let Some(data_path) = &req.data else {
        let summary = format!(
            "the weights in use for {name}, {} parameters",
            parameters.len()
        );
        let values = weights.values();
        return write_table(req, &summary, &table(name, &summary, &parameters, &values));
    };
    let path = data_path.display().to_string();
    let text = std::fs::read_to_string(data_path).map_err(|source| TuneError::Read {
        path: path.clone(),
        source,
    })?;
    let data = read_data::<P>(form, &text);
    if data.positions.is_empty() {
        return Err(TuneError::NoData {
            path,
            skipped: data.skipped,
        });
    }
    let result = match req.method {
        Method::Local => {
            let options = TexelOptions {
                passes: req.passes,
                ..TexelOptions::default()
            };
            texel::tune(&data.positions, weights, &options)
        }
        Method::Gradient => {
            let options = GradientOptions {
                rounds: req.rounds,
                epochs: req.epochs,
                learning_rate: req.rate,
                ..GradientOptions::default()
            };
            gradient::descend(&data.positions, weights, &options)
        }
    };
    let summary = format!(
        "tune {name}: {} positions ({} lines skipped), {} parameters, {}, {} changes\n\
         K {:.4}, mean squared error before {:.6}, after {:.6}",
        data.positions.len(),
        data.skipped,
        parameters.len(),
        match req.method {
            Method::Local => format!("local search, {} passes", result.passes),
            Method::Gradient => format!(
                "gradient descent, {} rounds of {} epochs at rate {}",
                req.rounds, req.epochs, req.rate
            ),
        },
        result.improvements,
        result.k,
        result.error_before,
        result.error_after,
    );
    let table = table(name, &summary, &parameters, &result.values);
    write_table(req, &summary, &table)
}

/// Prints `summary` and writes `table` to `--out` (or prints it after the summary).
fn write_table(req: &TuneRequest, summary: &str, table: &str) -> Result<(), TuneError> {
    match &req.out {
        Some(out) => {
            std::fs::write(out, table).map_err(|source| TuneError::Write {
                path: out.display().to_string(),
                source,
            })?;
            println!("{summary}");
            println!("table written to {}", out.display());
        }
        None => {
            println!("{summary}");
            print!("{table}");
        }
    }
    Ok(())
}

/// The generated file: a header, then `TUNED`, one `(name, value)` per parameter in the
/// order of `Tunable::parameters`, a changed value saying what it was (the game loads its
/// weights from it with `WeightSet::with_table`).
pub fn table(name: &str, summary: &str, parameters: &[Parameter], values: &[i32]) -> String {
    let mut s = format!(
        "//! The weights of the {name} evaluation, as a table.\n//!\n\
         //! Generated by `escalade tune`: do not edit (see docs/strength.md).\n"
    );
    for line in summary.lines() {
        let _ = writeln!(s, "// {line}");
    }
    s.push_str("\n/// The weights, `(name, value)` in the order of `Tunable::parameters`.\n");
    // as written: rustfmt would align the notes of changed values
    s.push_str("#[rustfmt::skip]\n");
    let _ = writeln!(
        s,
        "pub const TUNED: [(&str, i32); {}] = [",
        parameters.len()
    );
    for (p, v) in parameters.iter().zip(values) {
        let was = if *v == p.value {
            String::new()
        } else {
            format!(" // was {}", p.value)
        };
        let _ = writeln!(s, "    ({:?}, {v}),{was}", p.name);
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_checkercapture::CheckerCapture;
    use escalade_chutes::Chutes;
    use escalade_escalator::Escalator;
    use escalade_eval::values;
    use escalade_fide::Chess;
    use escalade_laddershogi::LadderShogi;
    use escalade_rope::Rope;

    #[test]
    fn lines_that_do_not_read_are_counted() {
        let text = "# comment\n\nK1GTR5D3rd2tgk w Kk 3 9;1.0\nK1GTR5D3rd2tgk w Kk 3 9;0.5\n\
                    nonsense;1.0\nK1GTR5D3rd2tgk w Kk 3 9;2\nK1GTR5D3rd2tgk w Kk 3 9\n";
        let data = read_data::<Rope>(0, text);
        assert_eq!(data.positions.len(), 2);
        assert_eq!(data.positions[1].1, 0.5);
        assert_eq!(data.skipped, 3);
    }

    #[test]
    fn the_table_lists_every_parameter() {
        let parameters = Rope::parameters(0);
        let mut tuned = values(&parameters);
        tuned[1] += 5;
        let t = table("rope", "tune rope", &parameters, &tuned);
        assert!(t.starts_with("//! The weights of the rope evaluation"));
        assert!(t.contains("Generated by `escalade tune`"));
        assert!(t.contains("pub const TUNED: [(&str, i32); 26] = ["));
        let (value, tempo) = (parameters[1].value, parameters[25].value);
        assert_eq!(
            (parameters[1].name.as_str(), parameters[25].name.as_str()),
            ("value[1]", "tempo")
        );
        let changed = format!("    (\"value[1]\", {}), // was {value}\n", value + 5);
        assert!(t.contains(&changed), "{t}");
        assert!(t.contains(&format!("    (\"tempo\", {tempo}),\n")), "{t}");
        assert_eq!(t.matches("\", ").count(), 26);
    }

    /// A generated table without its comments: the doc lines and the entries.
    fn table_items(text: &str) -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("// "))
            .map(|l| match l.split_once("), // was ") {
                Some((entry, _)) => format!("{entry}),"),
                None => l.to_string(),
            })
            .collect()
    }

    /// The table `escalade tune --variant NAME --current` writes for the form `form` of `P`.
    fn current_table<P: Tunable>(form: usize) -> String {
        let name = P::FORMS[form].name;
        let parameters = P::parameters(form);
        let summary = format!(
            "the weights in use for {name}, {} parameters",
            parameters.len()
        );
        table(name, &summary, &parameters, &values(&parameters))
    }

    #[test]
    fn the_checked_in_tables_are_what_the_tuner_writes() {
        let tables = [
            (
                current_table::<Rope>(0),
                include_str!("../../../movegen/rope/src/eval/tuned.rs"),
            ),
            (
                current_table::<LadderShogi>(0),
                include_str!("../../../movegen/laddershogi/src/eval/tuned.rs"),
            ),
            (
                current_table::<Chess>(0),
                include_str!("../../../movegen/fide/src/eval/tuned.rs"),
            ),
            (
                current_table::<Chutes>(0),
                include_str!("../../../movegen/chutes/src/eval/tuned.rs"),
            ),
            (
                current_table::<CheckerCapture>(0),
                include_str!("../../../movegen/checkercapture/src/eval/tuned.rs"),
            ),
            (
                current_table::<CheckerCapture>(1),
                include_str!("../../../movegen/checkercapture/src/eval/tuned_misere.rs"),
            ),
            (
                current_table::<CheckerCapture>(2),
                include_str!("../../../movegen/checkercapture/src/eval/tuned_semimisere.rs"),
            ),
            (
                current_table::<Escalator>(0),
                include_str!("../../../movegen/escalator/src/eval/tuned.rs"),
            ),
        ];
        for (written, file) in tables {
            // a tuned table records its run in comments and says what changed values were
            assert_eq!(table_items(&written), table_items(file));
            assert!(file.starts_with("//! The weights of the "), "{file}");
        }
    }

    #[test]
    fn an_unknown_variant_is_refused() {
        let err = run(&TuneRequest {
            variant: "no-such-game".into(),
            data: Some("/nonexistent".into()),
            current: false,
            method: Method::Local,
            passes: 1,
            rounds: 1,
            epochs: 1,
            rate: 1.0,
            out: None,
        })
        .unwrap_err();
        assert!(err.to_string().contains("no-such-game"), "{err}");
    }
}
