//! `qipu`: with a subcommand, the command-line tools; without one, usage for now.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    qipu::cli::run(&args)
}
