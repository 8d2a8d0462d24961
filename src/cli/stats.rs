//! `qipu stats [--errors] FILE...`: read every game of the files (a folder stands for every
//! record file below it) and print, as the last line,
//! `games G, plies P, errors E, seconds S` — G games read in full, P their moves (variations
//! included), E games that could not be read in full, S seconds spent reading. With `--errors`,
//! one line per bad game before it: `FILE: game N, PLACE: REASON`.
//!
//! Exit status 0 when the files could be opened, bad games or not.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{Args, CliError};
use crate::formats::{read_record_bytes, FileKind};

const USAGE: &str = "usage: qipu stats [--errors] FILE|FOLDER...";

/// Every record file below `path` (or `path` itself when it is a file), sorted by name.
pub(super) fn record_files(path: &Path) -> Result<Vec<PathBuf>, CliError> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_owned()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| CliError::Failed(format!("cannot read folder {}: {e}", dir.display())))?;
        for entry in entries {
            let entry_path = entry
                .map_err(|e| {
                    CliError::Failed(format!("cannot read folder {}: {e}", dir.display()))
                })?
                .path();
            if entry_path.is_dir() {
                stack.push(entry_path);
            } else if FileKind::is_record_name(&entry_path) {
                out.push(entry_path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let show_errors = args.flag("--errors");
    let inputs = args.positionals()?;
    if inputs.is_empty() {
        return Err(CliError::Usage(USAGE.to_owned()));
    }
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if !path.exists() {
            return Err(CliError::Failed(format!("{input}: no such file or folder")));
        }
        files.extend(record_files(path)?);
    }
    let (mut games, mut plies, mut errors) = (0u64, 0u64, 0u64);
    let mut reading = Duration::ZERO;
    for file in &files {
        let started = Instant::now();
        let bytes = std::fs::read(file)
            .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", file.display())))?;
        let record = read_record_bytes(&bytes);
        reading += started.elapsed();
        for (i, game) in record.games.iter().enumerate() {
            match (&game.game, &game.error) {
                (Some(g), None) => {
                    games += 1;
                    plies += g.move_count() as u64;
                }
                (_, Some(e)) => {
                    errors += 1;
                    if show_errors {
                        let text = e.to_string();
                        // PGN errors name their game already; XQF and JSON files hold one.
                        if text.starts_with("game ") {
                            writeln!(out, "{}: {text}", file.display())?;
                        } else {
                            writeln!(out, "{}: game {}, {text}", file.display(), i + 1)?;
                        }
                    }
                }
                (None, None) => {}
            }
        }
    }
    writeln!(
        out,
        "games {games}, plies {plies}, errors {errors}, seconds {:.3}",
        reading.as_secs_f64()
    )?;
    Ok(())
}
