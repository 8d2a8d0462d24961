//! `qipu stats [--errors] [--threads N] FILE...`: read every game of the files (a folder stands for every
//! record file below it) and print, as the last line,
//! `games G, plies P, errors E, seconds S` — G games read in full, P their moves (variations
//! included), E games that could not be read in full, S seconds spent reading. Games read in
//! full with a warning (a start position only a diagram shows, 2.2) are counted apart, on a line
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

use super::{Args, CliError};
use crate::formats::{map_files, read_record_bytes, threads_for, FileKind, RecordFile};

const USAGE: &str = "usage: qipu stats [--errors] [--threads N] FILE|FOLDER...";

/// `--threads N` (at least 1), if given.
pub(super) fn thread_option(args: &mut Args) -> Result<Option<usize>, CliError> {
    match args.option("--threads")? {
        None => Ok(None),
        Some(text) => match text.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(n)),
            _ => Err(CliError::Usage(format!(
                "--threads '{text}' is not a number of threads (1 or more)"
            ))),
        },
    }
}

/// Every record file below `path` (or `path` itself when it is a file), sorted by name: each
/// folder's entries are sorted by their own names and a subfolder's files come in its place, the
/// order of sorting the whole paths, without comparing them component by component.
pub(super) fn record_files(path: &Path) -> Result<Vec<PathBuf>, CliError> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut out = Vec::new();
    // Entries still to visit, the next on top: a folder is listed when it is reached.
    let mut stack = vec![(path.to_owned(), true)];
    while let Some((entry_path, is_dir)) = stack.pop() {
        if !is_dir {
            out.push(entry_path);
            continue;
        }
        let dir = entry_path;
        let failed = |e: std::io::Error| {
            CliError::Failed(format!("cannot read folder {}: {e}", dir.display()))
        };
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(&dir).map_err(failed)? {
            let entry = entry.map_err(failed)?;
            let name = entry.file_name();
            let entry_path = dir.join(&name);
            // The folder listing says what an entry is without a look-up per file; a link is
            // followed to tell.
            let is_dir = match entry.file_type() {
                Ok(kind) if !kind.is_symlink() => kind.is_dir(),
                _ => entry_path.is_dir(),
            };
            if is_dir || FileKind::is_record_name(&entry_path) {
                entries.push((name, entry_path, is_dir));
            }
        }
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        stack.extend(
            entries
                .into_iter()
                .rev()
                .map(|(_, entry_path, is_dir)| (entry_path, is_dir)),
        );
    }
    Ok(out)
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
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let show_errors = args.flag("--errors");
    let threads = thread_option(&mut args)?;
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
    let threads = threads.unwrap_or_else(|| threads_for(files.len()));
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let tallies = map_files(&files, threads, &stop, |file, bytes| {
        bytes
            .map(|bytes| tally(file, &read_record_bytes(bytes), show_errors))
            .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", file.display())))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_record_files_in_the_order_of_their_sorted_paths() {
        let dir = std::env::temp_dir().join(format!("qipu-record-files-{}", std::process::id()));
        // A folder named like the start of a file's name, a name that sorts before the folder
        // separator would, upper case before lower, and a file that is no record.
        let names = [
            "b/z.pgn",
            "b/a/y.xqf",
            "b.x/c.PGN",
            "b-c.pgn",
            "B.pgn",
            "a/b/c/d.json",
            "a.pgn",
            "notes.txt",
        ];
        for name in names {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, b"").expect("file");
        }
        let listed = record_files(&dir).expect("listed");
        let mut sorted: Vec<PathBuf> = names
            .iter()
            .filter(|n| !n.ends_with(".txt"))
            .map(|n| dir.join(n))
            .collect();
        sorted.sort();
        assert_eq!(listed, sorted);
        assert_eq!(
            record_files(&dir.join("a.pgn")).expect("a file"),
            [dir.join("a.pgn")]
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
