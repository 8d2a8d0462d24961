//! The files a subcommand writes, all by one rule ([`save_output`]): a complete result replaces
//! the file named; a result made from an input read only in part replaces an existing file only
//! with `--force`, and otherwise goes to a new name beside it, said on standard error; a command
//! that could read nothing writes nothing (it fails before calling [`write_output`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CliError;
use crate::formats::{save_output, Completeness, Saved};

/// Write `bytes` to `path` by the rule of [`save_output`]; when a partial result went beside
/// the file named, say where on `err`. Returns the file written.
pub fn write_output(
    path: &Path,
    bytes: &[u8],
    completeness: Completeness,
    force: bool,
    err: &mut dyn Write,
) -> Result<PathBuf, CliError> {
    let saved = save_output(path, bytes, completeness, force)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    if let Saved::Beside { kept, written } = &saved {
        writeln!(
            err,
            "qipu: {} was kept: the input was read only in part, and what was read went to {} \
             (--force writes over {})",
            kept.display(),
            written.display(),
            kept.display()
        )?;
    }
    Ok(saved.path().to_owned())
}

/// Write a result made from all of its input (an event, a database search): it replaces the
/// file named, atomically.
pub fn write_complete(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    save_output(path, bytes, Completeness::Complete, false)
        .map(|_| ())
        .map_err(|e| CliError::Failed(e.to_string()))
}
