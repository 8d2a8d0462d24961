//! `qipu perft DEPTH [--fen FEN] [--divide]`: leaf counts of the legal-move tree.
//!
//! Standard output: with `--divide`, one line per legal root move (`h2e2 1234`), then the total
//! alone on the last line. Standard error: time and nodes per second.

use std::io::Write;
use std::time::Instant;

use super::CliError;
use crate::rules::{perft, perft_divide, Position};

/// `qipu perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// How many plies deep to count (0 to 12)
    depth: String,
    /// Count from this position (FEN) instead of the start
    #[arg(long)]
    fen: Option<String>,
    /// One line per legal root move with its count, then the total
    #[arg(long)]
    divide: bool,
}

/// Run the subcommand.
pub fn run(args: PerftArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let PerftArgs { depth, fen, divide } = args;
    let depth: u32 =
        depth.parse().ok().filter(|&d| d <= 12).ok_or_else(|| {
            CliError::Usage(format!("depth '{depth}' is not a number from 0 to 12"))
        })?;
    let pos = match fen.as_deref() {
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| CliError::Usage(format!("bad FEN '{fen}': {e}")))?
        }
        None => Position::startpos(),
    };
    let start = Instant::now();
    let total = if divide && depth > 0 {
        let mut total = 0;
        for (mv, n) in perft_divide(&pos, depth) {
            writeln!(out, "{mv} {n}")?;
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    writeln!(
        err,
        "time {seconds:.3} s, {:.1} M nodes/s",
        total as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(())
}
