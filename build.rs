//! Build metadata: the package version and the git revision, shown by `qipu --version`; for
//! Windows, the icon and version resource of `qipu.exe`.

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
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows_resource();
    }
}

/// The icon (`assets/windows/qipu.ico`) and the version information Explorer shows, compiled
/// by windres (mingw's `x86_64-w64-mingw32-windres` when building on Linux) and linked into the
/// `qipu` program only.
fn windows_resource() {
    let root = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let icon = root.join("assets/windows/qipu.ico");
    println!("cargo:rerun-if-changed={}", icon.display());
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let number = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse::<u16>().ok())
            .unwrap_or(0)
    };
    let numbers = format!(
        "{},{},{},0",
        number("CARGO_PKG_VERSION_MAJOR"),
        number("CARGO_PKG_VERSION_MINOR"),
        number("CARGO_PKG_VERSION_PATCH")
    );
    let script = format!(
        r#"#include <winver.h>
1 ICON "{icon}"
1 VERSIONINFO
FILEVERSION {numbers}
PRODUCTVERSION {numbers}
FILEOS VOS_NT_WINDOWS32
FILETYPE VFT_APP
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "The Qipu developers"
      VALUE "FileDescription", "Qipu, a Xiangqi board, record keeper and referee"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "qipu"
      VALUE "OriginalFilename", "qipu.exe"
      VALUE "ProductName", "Qipu"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#,
        icon = icon.display().to_string().replace('\\', "/"),
    );
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    let rc = out.join("qipu.rc");
    if let Err(e) = std::fs::write(&rc, script) {
        eprintln!(
            "the Windows resource script {} cannot be written: {e}",
            rc.display()
        );
        std::process::exit(1);
    }
    if let Err(e) =
        embed_resource::compile_for(&rc, ["qipu"], embed_resource::NONE).manifest_optional()
    {
        eprintln!("the Windows resource (icon, version) cannot be compiled: {e}");
        std::process::exit(1);
    }
}
