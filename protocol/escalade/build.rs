//! Names the commit the binary is built from: `ESCALADE_COMMIT` is the short hash of the
//! repository's `HEAD` (`git rev-parse --short=12 HEAD`), or `unknown` where there is no
//! repository or no `git` (a crate built from a tarball). It never fails the build.
//!
//! Cargo runs the script again only when the commit can have changed: when `.git/HEAD`
//! changes (a checkout) or the ref it names does (a commit on the branch). A ref kept only
//! in `packed-refs` has no file of its own yet, so its folder is watched instead (the next
//! commit writes the file there). Only paths that exist are named: Cargo runs a script that
//! names a missing path on every build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    // protocol/escalade -> the workspace root, where a clone keeps `.git`
    let root = manifest.join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let commit = if root.join(".git").exists() {
        watch_head(&root);
        git(&root, &["rev-parse", "--short=12", "HEAD"])
            .filter(|hash| !hash.is_empty() && hash.chars().all(|c| c.is_ascii_hexdigit()))
    } else {
        None
    };
    if commit.is_none() {
        // nothing of git to watch: run again only when this script changes
        println!("cargo:rerun-if-changed=build.rs");
    }
    println!(
        "cargo:rustc-env=ESCALADE_COMMIT={}",
        commit.as_deref().unwrap_or("unknown")
    );
}

/// Asks Cargo to run the script again when `HEAD` or the ref it names changes. The git
/// directory and the common one (they differ in a linked worktree) come from git itself;
/// without git nothing is watched.
fn watch_head(root: &Path) {
    let Some(git_dir) = git(root, &["rev-parse", "--absolute-git-dir"]).map(PathBuf::from) else {
        return;
    };
    let head = git_dir.join("HEAD");
    watch(&head);
    let common = git(root, &["rev-parse", "--git-common-dir"])
        .map(|dir| root.join(dir))
        .unwrap_or_else(|| git_dir.clone());
    let Ok(text) = std::fs::read_to_string(&head) else {
        return;
    };
    // a branch: `ref: refs/heads/NAME`; a detached HEAD holds the hash itself
    if let Some(name) = text.trim().strip_prefix("ref: ") {
        let loose = common.join(name);
        if loose.is_file() {
            watch(&loose);
        } else if let Some(folder) = loose.parent().filter(|f| f.is_dir()) {
            watch(folder);
        }
        watch(&common.join("packed-refs"));
    }
}

/// `cargo:rerun-if-changed` for a path that exists.
fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// The trimmed output of `git ARGS` run in `dir`, when git runs and succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8(out.stdout)
        .ok()
        .map(|s| s.trim().to_string())
}
