//! Helpers shared by the cross-crate tests in `tests/tests/`: finding (or building) the real
//! `escalade` binary and running it (to its end under a deadline: [`deadline`]), driving it
//! through pipes ([`pipe`]), the browser board's server and WebSocket ([`gui`]), and the
//! tactics suite's prover and data files ([`tactics`]), and a virtual X display for the XBoard
//! tests ([`xvfb`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod deadline;
pub mod gui;
pub mod hostile;
pub mod pipe;
pub mod tactics;
pub mod xvfb;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Path of the `escalade` binary of the profile these tests were built with, brought up to
/// date first: testing this crate alone (`cargo test -p escalade-tests`) does not build the
/// binary, which could otherwise be missing, stale, or left unoptimised by a `cargo build`.
/// `ESCALADE_BIN` names another binary.
///
/// The nested build resolves features as `cargo test --workspace` does (every member, with
/// dev-dependencies: `--workspace --examples`), so after that command (what CI and the README
/// run) every unit is fresh and it returns in a fraction of a second, leaving in place the
/// binary `cargo test` built. A plain `cargo build -p escalade` would resolve the dependencies'
/// features differently (e.g. `libc` without `std`) and rebuild the whole tree once more.
pub fn escalade_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(p) = std::env::var_os("ESCALADE_BIN") {
            return PathBuf::from(p);
        }
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe
            .parent()
            .and_then(|d| d.parent())
            .expect("target/<profile>/deps");
        // `target/debug` holds what `cargo test` builds: the `test` profile
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "test",
            Some(other) => other,
        };
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args([
                "build",
                "--workspace",
                "--bin",
                "escalade",
                "--examples",
                "--profile",
                profile,
            ])
            .status()
            .expect("run cargo build");
        assert!(status.success(), "building the escalade binary failed");
        profile_dir.join(format!("escalade{}", std::env::consts::EXE_SUFFIX))
    })
    .clone()
}

/// Runs `escalade ARGS` to completion.
pub fn run(args: &[&str]) -> Output {
    Command::new(escalade_bin())
        .args(args)
        .output()
        .expect("run escalade")
}

/// Runs `escalade ARGS`, which must succeed; its stdout.
pub fn run_ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "escalade {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Runs `escalade ARGS`, which must exit 2 with `message` in its stderr.
pub fn run_refused(args: &[&str], message: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "escalade {args:?}: {stderr}");
    assert!(stderr.contains(message), "escalade {args:?}: {stderr}");
}

/// Whether the tests run in CI (`CI=true`), where every client tool must be installed.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Skips a test whose tool is missing, with the reason printed; in CI that is a failure.
pub fn skip(reason: &str) {
    assert!(!in_ci(), "CI must provide the client tools: {reason}");
    eprintln!("skipped: {reason}");
}

/// The first of `candidates` that exists: a name with a `/` is a path, a bare name is
/// looked for in the `PATH` and then in the usual binary folders (Debian puts games such
/// as `stockfish`, `fairymax` and `xboard` in `/usr/games`, often not on a root `PATH`).
pub fn find_tool(candidates: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    dirs.extend(["/usr/games", "/usr/bin", "/usr/local/bin"].map(PathBuf::from));
    candidates.iter().find_map(|name| {
        if name.contains('/') {
            Some(PathBuf::from(name)).filter(|p| p.is_file())
        } else {
            dirs.iter().map(|d| d.join(name)).find(|p| p.is_file())
        }
    })
}

/// Runs `scripts/strength/NAME` with `python` and `args`; its standard output (the run
/// must succeed).
pub fn run_strength_script<S: AsRef<std::ffi::OsStr>>(
    python: &std::path::Path,
    name: &str,
    args: &[S],
) -> String {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts/strength")
        .join(name);
    let run = Command::new(python)
        .arg(&script)
        .args(args)
        .output()
        .expect("run python3");
    assert!(
        run.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).expect("utf-8")
}

/// Whether `python3` runs and imports `modules` (a comma-separated list, as in Python's
/// `import` statement), for the tests that drive Python clients and scripts.
pub fn python_can_import(modules: &str) -> bool {
    imports(std::path::Path::new("python3"), modules)
}

/// Whether `python` runs and imports `modules`.
fn imports(python: &std::path::Path, modules: &str) -> bool {
    Command::new(python)
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `python3` when it runs and imports `modules`, else the reason to skip the test that
/// needs them (for the tests of `scripts/strength/`).
pub fn python_with(modules: &str) -> Result<PathBuf, String> {
    let python = find_tool(&["python3"]).ok_or("python3 not found")?;
    if imports(&python, modules) {
        Ok(python)
    } else {
        Err(format!("python3 cannot import {modules}"))
    }
}

/// What the tests of `scripts/strength/` start from: `python3` that imports the script's
/// modules, and a scratch directory holding the one input file the script reads.
pub struct ScriptInput {
    /// The `python3` to run the script with.
    pub python: PathBuf,
    /// The scratch directory (see [`scratch_dir`]).
    pub dir: PathBuf,
    /// The input file in it.
    pub path: PathBuf,
}

impl ScriptInput {
    /// `python3` with `modules` and the scratch directory `name` holding `file` with `text`;
    /// `None` after a printed skip (see [`skip`]) when python3 or a module is missing.
    pub fn new(modules: &str, name: &str, file: &str, text: &str) -> Option<ScriptInput> {
        let python = match python_with(modules) {
            Ok(python) => python,
            Err(reason) => {
                skip(&reason);
                return None;
            }
        };
        let dir = scratch_dir(name);
        let path = dir.join(file);
        std::fs::write(&path, text).expect("write the script's input");
        Some(ScriptInput { python, dir, path })
    }

    /// Runs `scripts/strength/SCRIPT` on the input file and then `args`; its standard output.
    pub fn run(&self, script: &str, args: &[&str]) -> String {
        let mut all = vec![self.path.as_os_str()];
        all.extend(args.iter().map(std::ffi::OsStr::new));
        run_strength_script(&self.python, script, &all)
    }

    /// Removes the scratch directory: the last step of a test that passed.
    pub fn remove(self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The scratch directory `escalade-NAME-PID` in the system's temporary folder, made if
/// missing: one per test binary run (the process id) and name, so that runs side by side
/// never share files. A test that fails leaves its files there for a look.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("escalade-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("make the scratch directory");
    dir
}

/// The Stockfish binary, if installed.
pub fn stockfish() -> Option<String> {
    find_tool(&["stockfish"]).map(|p| p.display().to_string())
}
