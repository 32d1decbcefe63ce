//! The release a user can name: `cargo install --path protocol/escalade` installs the
//! `escalade` command, `escalade --version` names the release and its commit, and
//! `CHANGELOG.md` describes that release.
//!
//! The install itself is a fat-LTO release build, minutes on 2 cores, so it is `#[ignore]`d:
//!
//! ```sh
//! cargo test -p escalade-tests --test install -- --ignored
//! ```
//!
//! The fast tests check what the install needs without building: the package and its binary
//! target as Cargo sees them, with `Cargo.lock` up to date and nothing to fetch (`cargo tree
//! --locked --offline`; `cargo install --dry-run` would say more, but it is unstable in Cargo
//! 1.95).

use escalade_tests::run_ok;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (this crate is `tests/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// `cargo` as Cargo names it to the tests it runs.
fn cargo() -> Command {
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo.current_dir(root());
    cargo
}

/// The workspace's version: every member has it (`version.workspace = true`).
const RELEASE: &str = env!("CARGO_PKG_VERSION");

#[test]
fn the_escalade_package_installs_one_binary_at_the_release_version() {
    let out = cargo()
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let package = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "escalade")
        .expect("the escalade package");
    assert_eq!(package["version"], RELEASE);
    let manifest = package["manifest_path"].as_str().expect("manifest path");
    assert!(
        Path::new(manifest).ends_with("protocol/escalade/Cargo.toml"),
        "{manifest}"
    );
    let targets = |kind: &str| -> Vec<String> {
        package["targets"]
            .as_array()
            .expect("targets")
            .iter()
            .filter(|t| {
                t["kind"]
                    .as_array()
                    .is_some_and(|k| k.iter().any(|k| k == kind))
            })
            .filter_map(|t| t["name"].as_str().map(String::from))
            .collect()
    };
    assert_eq!(targets("bin"), ["escalade"], "what cargo install installs");
    assert_eq!(
        targets("custom-build").len(),
        1,
        "build.rs names the commit"
    );

    // what `--locked --offline` asks of the install: every dependency of the binary pinned in
    // Cargo.lock and at hand (`metadata --no-deps` above resolves nothing)
    let tree = cargo()
        .args(["tree", "-p", "escalade", "--locked", "--offline"])
        .args(["-e", "normal,build", "--depth", "0"])
        .output()
        .expect("run cargo tree");
    assert!(
        tree.status.success(),
        "cargo tree -p escalade --locked --offline (is Cargo.lock up to date?): {}",
        String::from_utf8_lossy(&tree.stderr)
    );
    assert!(
        String::from_utf8_lossy(&tree.stdout).starts_with(&format!("escalade v{RELEASE} ")),
        "{}",
        String::from_utf8_lossy(&tree.stdout)
    );
}

#[test]
fn the_version_constant_names_the_release_and_a_commit() {
    let (release, rest) = escalade::VERSION
        .split_once(" (")
        .expect("VERSION is `RELEASE (COMMIT)`");
    assert_eq!(release, RELEASE);
    let commit = rest.strip_suffix(')').expect("VERSION ends with `)`");
    if commit == "unknown" {
        return; // built without git
    }
    assert!(
        commit.len() >= 12 && commit.chars().all(|c| c.is_ascii_hexdigit()),
        "{commit}"
    );
    // a commit of this repository (not necessarily HEAD: others may commit while tests run)
    let known = Command::new("git")
        .current_dir(root())
        .args(["cat-file", "-e", &format!("{commit}^{{commit}}")])
        .status()
        .is_ok_and(|s| s.success());
    assert!(known, "{commit} is not a commit of this repository");
}

#[test]
fn the_changelog_describes_the_release() {
    let changelog = std::fs::read_to_string(root().join("CHANGELOG.md")).expect("CHANGELOG.md");
    let newest = changelog
        .lines()
        .find(|l| l.starts_with("## [") && !l.starts_with("## [Unreleased]"))
        .expect("a release heading");
    assert!(
        newest.starts_with(&format!("## [{RELEASE}] - ")),
        "the newest release in CHANGELOG.md is not {RELEASE}: {newest}"
    );
}

#[test]
fn version_names_the_release() {
    let out = run_ok(&["--version"]);
    assert!(
        out.starts_with(&format!("escalade {RELEASE}")),
        "escalade --version: {out}"
    );
}

#[test]
fn version_names_the_release_and_the_commit() {
    let out = run_ok(&["--version"]);
    assert_eq!(out.trim_end(), format!("escalade {}", escalade::VERSION));
}

/// `cargo install --path protocol/escalade --locked --offline` into a folder under
/// `target/install-test/`, with a target directory of its own there, so the shared
/// `target/release/escalade` is neither rebuilt nor replaced; then the installed binary
/// names its release and lists the variants. The first run builds every crate in release
/// mode (fat LTO): minutes on 2 cores.
#[test]
#[ignore = "a release build: cargo test -p escalade-tests --test install -- --ignored"]
fn cargo_install_installs_a_working_escalade() {
    let base = root().join("target/install-test");
    let install_root = base.join("root");
    let _ = std::fs::remove_dir_all(&install_root);
    let started = std::time::Instant::now();
    let status = cargo()
        .args([
            "install",
            "--path",
            "protocol/escalade",
            "--locked",
            "--offline",
        ])
        .arg("--root")
        .arg(&install_root)
        .arg("--target-dir")
        .arg(base.join("build"))
        .status()
        .expect("run cargo install");
    assert!(status.success(), "cargo install failed");
    eprintln!("cargo install took {:.0?}", started.elapsed());

    let bin = install_root
        .join("bin")
        .join(format!("escalade{}", std::env::consts::EXE_SUFFIX));
    let escalade = |arg: &str| {
        let out = Command::new(&bin).arg(arg).output().expect("run escalade");
        assert!(out.status.success(), "installed escalade {arg} failed");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let version = escalade("--version");
    assert!(
        version.starts_with(&format!("escalade {RELEASE}")),
        "installed escalade --version: {version}"
    );
    let variants = escalade("variants");
    assert!(
        variants.lines().any(|l| l.starts_with("normal\t")),
        "{variants}"
    );
    assert_eq!(
        variants.lines().count(),
        run_ok(&["variants"]).lines().count(),
        "the installed binary lists the variants the tested one does"
    );
    // a failed run leaves the installed files for a look; a passing one keeps only the build
    let _ = std::fs::remove_dir_all(&install_root);
}
