//! Helpers shared by the integration tests: where the shared data lives, running the binary,
//! temporary folders.

#![allow(dead_code)]

use std::fs::File;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The `qipu` binary built for the tests.
pub fn qipu_binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_qipu"))
}

/// A command that runs the `qipu` binary; its arguments, input and output are still to set.
pub fn qipu_command() -> Command {
    Command::new(qipu_binary())
}

/// Run the `qipu` binary with these arguments.
pub fn qipu_output(args: &[&str]) -> Output {
    qipu_command()
        .args(args)
        .output()
        .expect("the qipu binary runs")
}

/// Run the `qipu` binary: exit status, standard output, standard error.
pub fn qipu(args: &[&str]) -> (i32, String, String) {
    let out = qipu_output(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The shared data folder (`shared/` beside the project or one of its parents). Fails loudly
/// when it is missing: the corpus tests must not pass without their data.
pub fn shared() -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    loop {
        let candidate = dir.join("shared");
        if candidate.join("corpus").is_dir() {
            return candidate;
        }
        dir = dir.parent().expect(
            "the shared data folder (shared/corpus) must be beside the project or above it",
        );
    }
}

/// A path inside the shared folder; the file or folder must exist.
pub fn shared_path(relative: &str) -> PathBuf {
    let path = shared().join(relative);
    assert!(path.exists(), "missing shared data: {}", path.display());
    path
}

/// Every file below `dir` whose extension (any case) is one of `exts`, sorted.
pub fn files_below(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("corpus folder is readable") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.iter().any(|x| x.eq_ignore_ascii_case(e)))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Run `program`, a tool the tests borrow from the system (poppler-utils, librsvg), with
/// `args`; its standard output. Fails the test, with the tool's own words, if it cannot run or
/// reports an error.
pub fn run_tool(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether `program`, a tool the tests borrow from the system (poppler-utils, Python with
/// cchess), can be started here. On Linux it must be (`.ci/run` installs it): true, and the
/// test fails on its own if it is missing. Elsewhere (Windows under Wine, where the Linux
/// tools cannot be driven) a missing tool skips the check, saying so.
pub fn borrowed_tool(program: &str, package: &str) -> bool {
    if cfg!(target_os = "linux") {
        return true;
    }
    let found = Command::new(program)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok();
    if !found {
        println!("skipped: {program} ({package}) is not installed on this system");
    }
    found
}

/// A fresh, empty folder of one test's own in the system's temporary folder, removed with all
/// it holds when dropped (at the end of the test, passed or failed).
pub struct TempFolder {
    path: PathBuf,
    /// The locked file of a folder made for the whole program ([`TempFolder::for_the_program`]).
    owner: Option<File>,
}

/// The file a program holds locked in a folder made for it while it runs.
pub const OWNER: &str = ".owner";

/// Whether a program holds the file at `owner` locked. A missing file is taken as held: the
/// folder is not one of [`TempFolder::for_the_program`]'s, or its program is still making it.
fn held(owner: &Path) -> bool {
    match File::options().read(true).write(true).open(owner) {
        Ok(file) => file.try_lock().is_err(),
        Err(_) => true,
    }
}

impl TempFolder {
    /// A new empty folder named after `name` (which tells the tests apart to a reader), the
    /// process id and a count: no two folders of a run, nor of two runs at once, share it.
    pub fn new(name: &str) -> TempFolder {
        TempFolder::within(&std::env::temp_dir(), name)
    }

    /// A new empty folder as [`TempFolder::new`] makes, in memory where the system has one
    /// (`/dev/shm`), else in the temporary folder: for a test that saves thousands of files,
    /// each synced to the disk otherwise.
    pub fn in_memory(name: &str) -> TempFolder {
        let shm = Path::new("/dev/shm");
        if shm.is_dir() {
            TempFolder::within(shm, name)
        } else {
            TempFolder::new(name)
        }
    }

    /// A new empty folder as [`TempFolder::new`] makes, for a fixture kept in a static for the
    /// whole test program. A static is never dropped, so the folder outlives the program: the
    /// folders of this `name` that programs no longer running left behind are removed first.
    ///
    /// A program holds a lock on a file in its folder ([`OWNER`]) for as long as it runs; the
    /// system lets the lock go when the program ends however it ends, so a folder whose file
    /// nobody holds is one a program gone left. (Process ids would not do: a Windows test program
    /// under Wine sees Linux's `/proc`, but by Wine's ids, not Linux's.)
    pub fn for_the_program(name: &str) -> TempFolder {
        let base = std::env::temp_dir();
        let prefix = format!("qipu-{name}-");
        if let Ok(entries) = std::fs::read_dir(&base) {
            for entry in entries.flatten() {
                let ours = entry
                    .file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with(&prefix));
                if ours && !held(&entry.path().join(OWNER)) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let mut folder = TempFolder::within(&base, name);
        // Locked under another name, then renamed: no other program ever finds the file unheld.
        let making = folder.join(".owner-being-made");
        let owner = File::create(&making)
            .and_then(|file| file.lock().map(|()| file))
            .and_then(|file| std::fs::rename(&making, folder.join(OWNER)).map(|()| file));
        match owner {
            Ok(file) => folder.owner = Some(file),
            // Without the file the folder is never taken for one a program left: it stays.
            Err(e) => println!("{} is left when the program ends: {e}", folder.display()),
        }
        folder
    }

    /// A new empty folder in `base`, named as [`TempFolder::new`] says.
    fn within(base: &Path, name: &str) -> TempFolder {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let count = MADE.fetch_add(1, Ordering::Relaxed);
        let path = base.join(format!("qipu-{name}-{}-{count}", std::process::id()));
        // A folder left by an earlier run whose process id came round again.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("a temporary folder {}: {e}", path.display()));
        TempFolder { path, owner: None }
    }

    /// Where the folder is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Deref for TempFolder {
    type Target = Path;

    /// The folder's path, so that `folder.join(name)` names a file in it.
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFolder {
    /// The folder's path.
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempFolder {
    /// Remove the folder and all it holds. A failure (a file still open on Windows) leaves it to
    /// the system's cleaning of temporary files.
    fn drop(&mut self) {
        // The owner file is closed first: an open file cannot be removed on Windows.
        self.owner = None;
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
