//! `qipu`: without arguments, the window; with a subcommand, the command-line tools.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return match qipu::ui::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("qipu: cannot open the window: {e}");
                ExitCode::FAILURE
            }
        };
    }
    qipu::cli::run(&args)
}
