//! Build metadata: the package version and the git revision, shown by `qipu --version`.

use std::process::Command;

/// What `git` prints for these arguments, trimmed; `None` outside a repository or without git.
fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

fn main() {
    let revision = git(&["rev-parse", "--short=9", "HEAD"]).unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=QIPU_GIT_REVISION={revision}");
    println!("cargo:rerun-if-changed=build.rs");
    // The files that change with the revision, wherever git keeps them: in a linked worktree
    // `.git` is a file and HEAD lives under the main repository's `worktrees/`, and a path that
    // does not exist would make cargo rerun this script (and rebuild the crate) on every build.
    for name in ["HEAD", "refs/heads"] {
        if let Some(path) = git(&["rev-parse", "--git-path", name]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
