//! `qipu`: without arguments, the window; with the path of a record file, the window showing it;
//! with a subcommand, the command-line tools.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = match args.as_slice() {
        [one] if opens_in_window(Path::new(one)) => Some(Path::new(one).to_path_buf()),
        _ => None,
    };
    if args.is_empty() || file.is_some() {
        return window(file);
    }
    qipu::cli::run(&args)
}

/// Open the window, on `file` if given.
#[cfg(feature = "gui")]
fn window(file: Option<std::path::PathBuf>) -> ExitCode {
    match qipu::ui::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("qipu: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Built without the `gui` feature: there is no window; say so and list the commands.
#[cfg(not(feature = "gui"))]
fn window(_file: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!("qipu: this build has no window (built without the `gui` feature); commands:");
    qipu::cli::run(&["help".to_owned()]);
    ExitCode::from(2)
}

/// A PGN or XQF file, the records the window opens.
fn opens_in_window(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("xqf"))
}
