//! `escalade spsa`: tunes the search constants (`escalade_engine::SEARCH_PARAMS`) of one
//! variant by SPSA (`spsa.rs`), playing each iteration's games through `escalade match`:
//! the engine (`escalade uci --tunable`) with the constants moved one way against itself
//! with them moved the other way, from the same openings with both colours. After every
//! iteration the current values are printed and written to the state file (`--out`),
//! from which `--resume` goes on.

use std::path::{Path, PathBuf};
use std::process::Command;

use escalade_engine::{SearchParams, SEARCH_PARAMS};
use escalade_eval::Evaluate;
use escalade_session::registry::{self, dispatch, GameVisitor};

use crate::spsa::{Perturbation, Spsa, Tuned};

/// The arguments of `escalade spsa`.
#[derive(Clone, Debug, clap::Args)]
pub struct SpsaRequest {
    /// Variant name (see `escalade variants`)
    #[arg(long)]
    pub variant: String,
    /// Iterations (each plays `--pairs` game pairs)
    #[arg(long)]
    pub iterations: usize,
    /// The constants to tune, comma-separated (default: every one; see `escalade uci
    /// --tunable`)
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// Game pairs per iteration (both colours of one opening)
    #[arg(long, default_value_t = 1)]
    pub pairs: usize,
    /// Time control of every game (`escalade match`'s `tc=`)
    #[arg(long, default_value = "2+0.02", conflicts_with = "nodes")]
    pub tc: String,
    /// Nodes per move instead of a clock
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at once
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Opening file (FEN, EPD or PGN), taken in random order
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random plies after the opening (or the start position)
    #[arg(long)]
    pub plies: Option<u32>,
    /// The engine to tune (default: this program)
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// The learning rate at the last iteration (`r_end`)
    #[arg(long, default_value_t = 0.002)]
    pub rate: f64,
    /// Seed of the signs and of the matches
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// State file: the values after every iteration (`--resume` reads it)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Go on from the state file `--out`
    #[arg(long, requires = "out")]
    pub resume: bool,
}

/// Why SPSA could not run.
#[derive(Debug, thiserror::Error)]
pub enum SpsaError {
    /// `--variant` names no registered variant.
    #[error(transparent)]
    Variant(#[from] registry::UnknownVariant),
    /// A name in `--params` is no search constant (the name as given).
    #[error("unknown search constant {0} (see `escalade uci --tunable`)")]
    UnknownParam(String),
    /// A count is 0 or `--rate` is not positive: there is nothing to run.
    #[error("--iterations, --pairs and --concurrency must be at least 1, --rate positive")]
    Nothing,
    /// The path of the running program is unknown, so `escalade match` cannot be started.
    #[error("cannot find this program to run `escalade match`")]
    NoExe(#[source] std::io::Error),
    /// The state file could not be read or written, or the match could not be started.
    #[error("cannot read or write {path}")]
    File {
        /// The state file, or the program run as `escalade match`.
        path: String,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// A line of the state file reads as neither `iteration N` nor `NAME VALUE`.
    #[error("{path} line {line}: expected `iteration N` or `NAME VALUE`: {text}")]
    State {
        /// The state file.
        path: String,
        /// The line number, from 1.
        line: usize,
        /// The line, trimmed.
        text: String,
    },
    /// `escalade match` exited with a failure.
    #[error("`escalade match` failed ({status}): {stderr}")]
    Match {
        /// The exit status, as text.
        status: String,
        /// What it wrote on stderr, trimmed.
        stderr: String,
    },
    /// `escalade match`'s output has no final score line to read the iteration's result from.
    #[error("`escalade match` printed no `Score of plus vs minus` line")]
    NoScore,
}

/// Runs SPSA; progress and the final values go to stdout.
pub fn run(req: &SpsaRequest) -> Result<(), SpsaError> {
    let variant = registry::canonical(&req.variant)?.to_string();
    if req.iterations == 0 || req.pairs == 0 || req.concurrency == 0 || req.rate <= 0.0 {
        return Err(SpsaError::Nothing);
    }
    let defaults = dispatch(&variant, GameDefaults)?;
    let mut params = chosen_params(&req.params, req.rate, &defaults)?;
    let mut done = 0;
    if let (true, Some(path)) = (req.resume, &req.out) {
        done = read_state(path, &mut params)?;
    }
    let mut spsa = Spsa::new(params, req.iterations, done, req.seed);
    let exe = std::env::current_exe().map_err(SpsaError::NoExe)?;
    let engine = req.engine.clone().unwrap_or_else(|| exe.clone());
    println!(
        "SPSA of {} constants in {variant}: {} iterations of {} game pairs",
        spsa.params.len(),
        req.iterations,
        req.pairs
    );
    while !spsa.finished() {
        let p = spsa.perturb();
        let (wins, losses, draws) = play(req, &variant, &exe, &engine, &spsa, &p)?;
        spsa.update(&p, wins as f64 - losses as f64);
        println!(
            "iteration {}/{}: plus {wins} - {losses} - {draws} minus; {}",
            p.iteration,
            spsa.iterations,
            values_text(&spsa.params)
        );
        if let Some(path) = &req.out {
            write_state(path, &variant, &spsa)?;
        }
    }
    println!("final values (setoption name NAME value VALUE):");
    for t in &spsa.params {
        println!("{} {}", t.name, t.engine_value(0.0));
    }
    Ok(())
}

/// The constants named (all when none), each from the value the game searches with
/// (`defaults`: its own `Evaluate::SEARCH_DEFAULTS` on the engine's).
fn chosen_params(
    names: &[String],
    rate: f64,
    defaults: &SearchParams,
) -> Result<Vec<Tuned>, SpsaError> {
    let specs: Vec<_> = if names.is_empty() {
        SEARCH_PARAMS.iter().collect()
    } else {
        names
            .iter()
            .map(|n| {
                SEARCH_PARAMS
                    .iter()
                    .find(|p| p.name.eq_ignore_ascii_case(n.trim()))
                    .ok_or_else(|| SpsaError::UnknownParam(n.clone()))
            })
            .collect::<Result<_, _>>()?
    };
    Ok(specs
        .into_iter()
        .map(|p| Tuned {
            name: p.name.to_string(),
            theta: defaults.get(p.name).unwrap_or(p.default) as f64,
            min: p.min as f64,
            max: p.max as f64,
            c_end: p.step,
            r_end: rate,
        })
        .collect())
}

/// Plays one iteration's games; the plus engine's wins, losses and draws.
fn play(
    req: &SpsaRequest,
    variant: &str,
    exe: &Path,
    engine: &Path,
    spsa: &Spsa,
    p: &Perturbation,
) -> Result<(u32, u32, u32), SpsaError> {
    let mut cmd = Command::new(exe);
    cmd.arg("match").args(["-variant", variant]);
    for (name, values) in [("plus", &p.plus), ("minus", &p.minus)] {
        cmd.arg("-engine")
            .arg(format!("cmd={}", engine.display()))
            .args(["arg=uci", "arg=--tunable", "proto=uci"])
            .arg(format!("name={name}"));
        for (t, v) in spsa.params.iter().zip(values.iter()) {
            cmd.arg(format!("option.{}={v}", t.name));
        }
    }
    let limit = match req.nodes {
        Some(n) => format!("nodes={n}"),
        None => format!("tc={}", req.tc),
    };
    cmd.args(["-each", &limit, "option.Hash=16"]);
    cmd.args(["-games", "2", "-repeat", "-rounds"])
        .arg(req.pairs.to_string())
        .arg("-concurrency")
        .arg(req.concurrency.to_string())
        .arg("-srand")
        .arg((req.seed.wrapping_mul(1_000_003) + p.iteration as u64).to_string());
    let mut openings = Vec::new();
    if let Some(file) = &req.openings {
        openings.push(format!("file={}", file.display()));
        openings.push("order=random".into());
    }
    if let Some(plies) = req.plies {
        openings.push(format!("plies={plies}"));
    }
    if !openings.is_empty() {
        cmd.arg("-openings").args(openings);
    }
    let out = cmd.output().map_err(|source| SpsaError::File {
        path: exe.display().to_string(),
        source,
    })?;
    if !out.status.success() {
        return Err(SpsaError::Match {
            status: out.status.to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    score(&String::from_utf8_lossy(&out.stdout)).ok_or(SpsaError::NoScore)
}

/// The last `Score of plus vs minus: W - L - D ...` line of a match's output.
pub fn score(stdout: &str) -> Option<(u32, u32, u32)> {
    let line = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("Score of plus vs minus: "))?;
    let mut n = line.split_whitespace().filter_map(|w| w.parse().ok());
    Some((n.next()?, n.next()?, n.next()?))
}

/// The values as `NAME value` pairs, rounded to hundredths.
fn values_text(params: &[Tuned]) -> String {
    params
        .iter()
        .map(|t| format!("{} {:.2}", t.name, t.theta))
        .collect::<Vec<_>>()
        .join(", ")
}

fn write_state(path: &Path, variant: &str, spsa: &Spsa) -> Result<(), SpsaError> {
    let mut text = format!(
        "# escalade spsa state: variant {variant}, {} of {} iterations\niteration {}\n",
        spsa.done, spsa.iterations, spsa.done
    );
    for t in &spsa.params {
        text.push_str(&format!("{} {}\n", t.name, t.theta));
    }
    std::fs::write(path, text).map_err(|source| SpsaError::File {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a state file into `params` (constants it names that are not tuned are ignored);
/// the iterations done.
fn read_state(path: &Path, params: &mut [Tuned]) -> Result<usize, SpsaError> {
    let text = std::fs::read_to_string(path).map_err(|source| SpsaError::File {
        path: path.display().to_string(),
        source,
    })?;
    let mut done = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || SpsaError::State {
            path: path.display().to_string(),
            line: i + 1,
            text: line.to_string(),
        };
        let (key, value) = line.split_once(' ').ok_or_else(bad)?;
        if key == "iteration" {
            done = value.trim().parse().map_err(|_| bad())?;
        } else if let Some(t) = params.iter_mut().find(|t| t.name == key) {
            let v: f64 = value.trim().parse().map_err(|_| bad())?;
            if !v.is_finite() {
                return Err(bad());
            }
            t.theta = v.clamp(t.min, t.max);
        }
    }
    Ok(done)
}

/// The search constants of `variant` as OpenBench's SPSA input, one line each:
/// `NAME, int, DEFAULT, MIN, MAX, C_END, R_END`, DEFAULT being the value the game searches
/// with (its own `Evaluate::SEARCH_DEFAULTS` on the engine's), C_END the constant's declared
/// step and R_END `rate` (`escalade uci --openbench-spsa` prints FIDE chess's).
pub fn openbench_inputs(variant: &str, rate: f64) -> Result<Vec<String>, SpsaError> {
    let defaults = dispatch(registry::canonical(variant)?, GameDefaults)?;
    Ok(SEARCH_PARAMS
        .iter()
        .map(|p| {
            let value = defaults.get(p.name).unwrap_or(p.default);
            format!(
                "{}, int, {value}, {}, {}, {}, {rate}",
                p.name, p.min, p.max, p.step
            )
        })
        .collect())
}

/// The search constants a game searches with when nobody sets them.
struct GameDefaults;

impl GameVisitor for GameDefaults {
    type Output = SearchParams;

    fn visit<P: Evaluate>(self, _form: usize) -> SearchParams {
        SearchParams::for_game::<P>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuning_starts_from_the_values_the_game_searches_with() {
        // FIDE chess has its own defaults (singular extensions at depth 8); the engine's
        // plain default (0, off) would tune a search the game never plays
        let fide = dispatch("normal", GameDefaults).unwrap();
        let fide_depth = fide.get("SingularDepth").expect("a declared constant");
        assert_ne!(fide_depth, 0);
        let chosen = chosen_params(&["SingularDepth".into()], 0.002, &fide).unwrap();
        assert_eq!(chosen[0].theta, fide_depth as f64);
    }

    #[test]
    fn the_score_line_is_read() {
        let out = "Started game 1 of 2 (plus vs minus)\n\
                   Score of plus vs minus: 1 - 0 - 1  [0.750] 2\n...\n";
        assert_eq!(score(out), Some((1, 0, 1)));
        assert_eq!(score("nothing"), None);
    }

    #[test]
    fn state_round_trips_and_bad_state_is_refused() {
        let dir = std::env::temp_dir().join(format!("escalade-spsa-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.txt");
        let defaults = dispatch("normal", GameDefaults).unwrap();
        let params =
            chosen_params(&["RfpMargin".into(), "LmrBase".into()], 0.002, &defaults).unwrap();
        let mut spsa = Spsa::new(params.clone(), 10, 0, 1);
        let p = spsa.perturb();
        spsa.update(&p, 1.0);
        write_state(&path, "normal", &spsa).unwrap();
        let mut read = params.clone();
        assert_eq!(read_state(&path, &mut read).unwrap(), 1);
        assert_eq!(read, spsa.params);
        std::fs::write(&path, "iteration x\n").unwrap();
        assert!(matches!(
            read_state(&path, &mut read),
            Err(SpsaError::State { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(
            chosen_params(&["Nope".into()], 0.002, &defaults),
            Err(SpsaError::UnknownParam(_))
        ));
        assert_eq!(
            chosen_params(&[], 0.002, &defaults).unwrap().len(),
            SEARCH_PARAMS.len()
        );
    }
}
