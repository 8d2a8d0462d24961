//! `qipu stats [--errors] [--threads N] FILE...`: read every game of the files (a folder stands for every
//! record file below it) and print, as the last line,
//! `games G, plies P, errors E, seconds S` — G games read in full, P their moves (variations
//! included), E games that could not be read in full, S seconds spent reading. Games read in
//! full with a warning (a start position only a diagram shows, 2.2; a last move the board
//! cannot play, on which the game was lost, 4.1.6) are counted apart, on a line
//! `warnings W` before the threads line when there are any. With `--errors`, one line per bad
//! game before them, `FILE: game N, PLACE: REASON`, and one per warning,
//! `FILE: game N, warning: WHAT`. The files are read on several
//! threads (as many as there are processors, or `--threads N`); the line before the last says
//! how many (`threads N`), and S is the time the reading
//! took as a whole (not the sum over the threads).
//!
//! Exit status 0 when the files could be opened, bad games or not.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{cannot_read, CliError};
use crate::formats::{listing, map_files, read_record_bytes, threads_for, RecordFile};

/// `qipu stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// Record files, and folders standing for every record file below them
    #[arg(value_name = "FILE|FOLDER", required = true)]
    inputs: Vec<String>,
    /// List each bad game with its place and reason, and each warning
    #[arg(long)]
    errors: bool,
    /// Threads to read on (as many as processors by default)
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

/// `--threads N` (at least 1), if given.
pub(super) fn thread_option(threads: Option<&str>) -> Result<Option<usize>, CliError> {
    match threads {
        None => Ok(None),
        Some(text) => match text.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(n)),
            _ => Err(CliError::Usage(format!(
                "--threads '{text}' is not a number of threads (1 or more)"
            ))),
        },
    }
}

/// Every record file below `path` (or `path` itself when it is a file), in the order of their
/// sorted paths.
pub(super) fn record_files(path: &Path) -> Result<Vec<PathBuf>, CliError> {
    listing::record_files(path).map_err(|e| CliError::Failed(e.to_string()))
}

/// What one file holds: games read in full, their plies, bad games, warnings, and the
/// `--errors` lines.
struct FileTally {
    games: u64,
    plies: u64,
    errors: u64,
    warnings: u64,
    lines: Vec<String>,
}

fn tally(file: &Path, record: &RecordFile, show_errors: bool) -> FileTally {
    let mut t = FileTally {
        games: 0,
        plies: 0,
        errors: 0,
        warnings: 0,
        lines: Vec::new(),
    };
    for (i, game) in record.games.iter().enumerate() {
        t.warnings += game.warnings.len() as u64;
        if show_errors {
            for warning in &game.warnings {
                t.lines.push(format!(
                    "{}: game {}, warning: {warning}",
                    file.display(),
                    i + 1
                ));
            }
        }
        match (&game.game, &game.error) {
            (Some(g), None) => {
                t.games += 1;
                t.plies += g.move_count() as u64;
            }
            (_, Some(e)) => {
                t.errors += 1;
                if show_errors {
                    let text = e.to_string();
                    // PGN errors name their game already; XQF and JSON files hold one.
                    if text.starts_with("game ") {
                        t.lines.push(format!("{}: {text}", file.display()));
                    } else {
                        t.lines
                            .push(format!("{}: game {}, {text}", file.display(), i + 1));
                    }
                }
            }
            (None, None) => {}
        }
    }
    t
}

/// Run the subcommand.
pub fn run(args: StatsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let show_errors = args.errors;
    let threads = thread_option(args.threads.as_deref())?;
    let inputs = &args.inputs;
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if !path.exists() {
            return Err(CliError::Failed(format!("{input}: no such file or folder")));
        }
        files.extend(record_files(path)?);
    }
    let threads = threads.unwrap_or_else(|| threads_for(files.len()));
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let tallies = map_files(&files, threads, &stop, |file, bytes| {
        bytes
            .map(|bytes| tally(file, &read_record_bytes(bytes), show_errors))
            .map_err(|e| CliError::Failed(cannot_read(file.display(), &e)))
    });
    let reading = started.elapsed();
    let (mut games, mut plies, mut errors, mut warnings) = (0u64, 0u64, 0u64, 0u64);
    for file in tallies.into_iter().flatten() {
        let file = file?;
        games += file.games;
        plies += file.plies;
        errors += file.errors;
        warnings += file.warnings;
        for line in &file.lines {
            writeln!(out, "{line}")?;
        }
    }
    if warnings > 0 {
        writeln!(out, "warnings {warnings}")?;
    }
    writeln!(out, "threads {threads}")?;
    writeln!(
        out,
        "games {games}, plies {plies}, errors {errors}, seconds {:.3}",
        reading.as_secs_f64()
    )?;
    Ok(())
}
