//! `qipu`: without arguments, the window; with the path of a record file, the window showing it;
//! with a subcommand, the command-line tools.
//!
//! On Windows the program with the window is built for the window subsystem (no console window
//! opens with it); the command-line tools then write to the console of the terminal they were
//! started from.

#![cfg_attr(all(windows, feature = "gui"), windows_subsystem = "windows")]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let file = match args.as_slice() {
        [one] if opens_in_window(Path::new(one)) => Some(PathBuf::from(one)),
        _ => None,
    };
    if args.is_empty() || file.is_some() {
        return window(file);
    }
    console::attach();
    match text_arguments(args) {
        Ok(args) => qipu::cli::run(&args),
        Err(message) => {
            eprintln!("qipu: {message}");
            ExitCode::from(2)
        }
    }
}

/// The arguments as text, or which one is not: the commands read their options and paths as
/// Unicode (every Windows file name is; a Unix one in another encoding is refused here, not
/// misread). The window takes any path, as it is given.
fn text_arguments(args: Vec<OsString>) -> Result<Vec<String>, String> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                format!(
                    "argument {} ({}) is not valid Unicode; rename the file or give it to the window",
                    i + 1,
                    Path::new(&arg).display()
                )
            })
        })
        .collect()
}

/// Open the window, on `file` if given.
#[cfg(feature = "gui")]
fn window(file: Option<PathBuf>) -> ExitCode {
    match qipu::ui::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            console::attach();
            eprintln!("qipu: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Built without the `gui` feature: there is no window; say so and list the commands.
#[cfg(not(feature = "gui"))]
fn window(_file: Option<PathBuf>) -> ExitCode {
    eprintln!("qipu: this build has no window (built without the `gui` feature); commands:");
    qipu::cli::run(&["help".to_owned()]);
    ExitCode::from(2)
}

/// A record file (PGN, XQF, 象棋桥's CBR and CBF, …), which the window opens: what a file
/// manager passes when such a file is opened with Qipu.
fn opens_in_window(path: &Path) -> bool {
    qipu::formats::FileKind::is_record_name(path)
}

/// The console the command-line tools write to.
mod console {
    /// A program of the window subsystem starts without standard output or error; started from
    /// a terminal, it writes to that terminal's console once attached to it. Where output is
    /// redirected (a file, a pipe) the handles are there already and nothing changes.
    #[cfg(all(windows, feature = "gui"))]
    pub fn attach() {
        use windows_sys::Win32::System::Console::{
            AttachConsole, GetStdHandle, ATTACH_PARENT_PROCESS, STD_OUTPUT_HANDLE,
        };
        // SAFETY: both calls take plain values and return a handle or a status; no memory of
        // ours is touched. A failed attach (no parent console) leaves output discarded, as it
        // was.
        unsafe {
            if GetStdHandle(STD_OUTPUT_HANDLE).is_null() {
                AttachConsole(ATTACH_PARENT_PROCESS);
            }
        }
    }

    /// Elsewhere a program has its terminal's output already.
    #[cfg(not(all(windows, feature = "gui")))]
    pub fn attach() {}
}
