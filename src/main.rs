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
        return match qipu::ui::run(file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("qipu: cannot open the window: {e}");
                ExitCode::FAILURE
            }
        };
    }
    qipu::cli::run(&args)
}

/// A PGN or XQF file, the records the window opens.
fn opens_in_window(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("xqf"))
}
