//! Saving without losing data: write a temporary file in the target's folder, flush it to disk,
//! then rename it over the target. A crash leaves either the old file or the new one, never half
//! of one.
//!
//! [`save_output`] is the rule every command that writes a file follows: a complete result
//! replaces the file asked for; a result made from an input read only in part replaces an
//! existing file only when the user forces it, and otherwise goes to a new name beside it
//! (`OUT.partial.pgn`), which the command reports. A command that could read nothing writes
//! nothing.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::lang::IoReason;

/// Why a save failed. The target is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The target was opened earlier and could not be read; overwriting it could destroy data
    /// that Qipu did not understand. Save elsewhere, or save with `overwrite_unreadable`.
    #[error("{0} could not be read when it was opened; saving over it could lose its contents")]
    UnreadableTarget(PathBuf),
    /// The file system refused.
    #[error("cannot save {path}: {}", IoReason::of(.source))]
    Io {
        /// The target.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

/// What is known of the target before saving.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum TargetState {
    /// A new file, or one that was read without error.
    #[default]
    Safe,
    /// The file was opened and failed to read (or read only in part).
    FailedToRead,
}

/// Write `bytes` to `path` atomically. A target in state `FailedToRead` is refused unless
/// `overwrite_unreadable` is true (the user said so).
pub fn save_atomic(
    path: &Path,
    bytes: &[u8],
    target: TargetState,
    overwrite_unreadable: bool,
) -> Result<(), SaveError> {
    if target == TargetState::FailedToRead && !overwrite_unreadable {
        return Err(SaveError::UnreadableTarget(path.to_owned()));
    }
    let io_err = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    let (temp_path, mut file) = temp_beside(path).map_err(io_err)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| fs::rename(&temp_path, path)) {
        let _ = fs::remove_file(&temp_path);
        return Err(io_err(e));
    }
    sync_folder(path);
    Ok(())
}

/// How much of its input a command's result was made from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Completeness {
    /// All of it: the result may replace an existing file.
    Complete,
    /// Only part of it (a game that could not be read in full, a game left out): an existing
    /// file is kept unless the user forces the write.
    Partial,
}

/// Where [`save_output`] wrote.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Saved {
    /// At the path asked for.
    Asked(PathBuf),
    /// Beside it, under a new name, because a partial result must not replace the file there.
    Beside {
        /// The path asked for, left as it was.
        kept: PathBuf,
        /// The file written.
        written: PathBuf,
    },
}

impl Saved {
    /// The file written.
    pub fn path(&self) -> &Path {
        match self {
            Saved::Asked(p) => p,
            Saved::Beside { written, .. } => written,
        }
    }
}

/// Write a command's result to `path` without destroying anything the user did not give up:
/// a complete result replaces the file atomically; a partial one is written at `path` only when
/// nothing is there or `force` is set, else to a free name beside it ([`partial_name`]).
pub fn save_output(
    path: &Path,
    bytes: &[u8],
    completeness: Completeness,
    force: bool,
) -> Result<Saved, SaveError> {
    if completeness == Completeness::Complete || force {
        save_atomic(path, bytes, TargetState::Safe, true)?;
        return Ok(Saved::Asked(path.to_owned()));
    }
    if save_new(path, bytes)? {
        return Ok(Saved::Asked(path.to_owned()));
    }
    for attempt in 1..1000u32 {
        let candidate = partial_name(path, attempt);
        if save_new(&candidate, bytes)? {
            return Ok(Saved::Beside {
                kept: path.to_owned(),
                written: candidate,
            });
        }
    }
    Err(SaveError::Io {
        path: partial_name(path, 1),
        source: io::Error::new(io::ErrorKind::AlreadyExists, "no free name beside it"),
    })
}

/// The name a partial result takes beside `path`: `OUT.partial.pgn`, then `OUT.partial-2.pgn`, …
pub fn partial_name(path: &Path, attempt: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let number = if attempt > 1 {
        format!("-{attempt}")
    } else {
        String::new()
    };
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    path.with_file_name(format!("{stem}.partial{number}{ext}"))
}

/// Write `bytes` to `path` only if nothing is there: `false`, and nothing written, when
/// something is.
fn save_new(path: &Path, bytes: &[u8]) -> Result<bool, SaveError> {
    let io_err = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    if fs::symlink_metadata(path).is_ok() {
        return Ok(false);
    }
    let (temp_path, mut file) = temp_beside(path).map_err(io_err)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_all());
    drop(file);
    let placed = written.and_then(|()| place_new(&temp_path, path));
    let _ = fs::remove_file(&temp_path);
    placed.map_err(io_err)
}

/// Give the finished file `temp` (in `path`'s folder) the name `path` unless something is
/// there already: `false` then, and `path` is untouched. The file is linked to the name, which
/// fails rather than replace a file that appeared meanwhile; where the file system has no
/// links, the name is looked up just before the rename. `temp` stays for the caller to remove
/// (after a link it is a second name of the file).
pub fn place_new(temp: &Path, path: &Path) -> io::Result<bool> {
    let placed = match fs::hard_link(temp, path) {
        Ok(()) => true,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => false,
        Err(_) if fs::symlink_metadata(path).is_ok() => false,
        Err(_) => {
            fs::rename(temp, path)?;
            true
        }
    };
    if placed {
        sync_folder(path);
    }
    Ok(placed)
}

/// A new, empty temporary file in `path`'s folder (`.NAME.PID.N.tmp`), for a file made
/// elsewhere and then put in place.
pub fn temp_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    create_temp(&folder_of(path), &name.to_string_lossy())
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Make a rename in `path`'s folder durable where the platform allows opening a folder.
fn sync_folder(path: &Path) {
    if let Ok(d) = File::open(folder_of(path)) {
        let _ = d.sync_all();
    }
}

fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    for attempt in 0..100u32 {
        let candidate = dir.join(format!(".{name}.{pid}.{attempt}.tmp"));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(file) => return Ok((candidate, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free temporary file name",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("qipu-save-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replaces_the_target_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let target = dir.join("game.pgn");
        fs::write(&target, b"old").unwrap();
        save_atomic(&target, b"new contents", TargetState::Safe, false).unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new contents");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("game.pgn")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_failed_to_read_is_kept_unless_the_user_says_so() {
        let dir = scratch("unreadable");
        let target = dir.join("odd.xqf");
        fs::write(&target, b"XQ\x99 not understood").unwrap();
        let err = save_atomic(&target, b"mine", TargetState::FailedToRead, false).unwrap_err();
        assert!(matches!(err, SaveError::UnreadableTarget(_)));
        assert_eq!(fs::read(&target).unwrap(), b"XQ\x99 not understood");
        save_atomic(&target, b"mine", TargetState::FailedToRead, true).unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"mine");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_partial_result_never_replaces_a_file_unless_forced() {
        let dir = scratch("partial");
        let target = dir.join("mine.pgn");
        fs::write(&target, b"keep").unwrap();
        let saved = save_output(&target, b"part", Completeness::Partial, false).unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"keep");
        assert_eq!(saved.path(), dir.join("mine.partial.pgn"));
        assert_eq!(fs::read(saved.path()).unwrap(), b"part");
        let again = save_output(&target, b"part 2", Completeness::Partial, false).unwrap();
        assert_eq!(again.path(), dir.join("mine.partial-2.pgn"));
        assert_eq!(fs::read(dir.join("mine.partial.pgn")).unwrap(), b"part");
        let forced = save_output(&target, b"forced", Completeness::Partial, true).unwrap();
        assert_eq!(forced, Saved::Asked(target.clone()));
        assert_eq!(fs::read(&target).unwrap(), b"forced");
        let fresh = dir.join("new.pgn");
        let saved = save_output(&fresh, b"part", Completeness::Partial, false).unwrap();
        assert_eq!(saved, Saved::Asked(fresh.clone()));
        assert_eq!(fs::read(&fresh).unwrap(), b"part");
        let complete = save_output(&fresh, b"all", Completeness::Complete, false).unwrap();
        assert_eq!(complete, Saved::Asked(fresh.clone()));
        assert_eq!(fs::read(&fresh).unwrap(), b"all");
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "mine.partial-2.pgn",
                "mine.partial.pgn",
                "mine.pgn",
                "new.pgn"
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_save_leaves_the_target_alone() {
        let dir = scratch("missing");
        let target = dir.join("no-such-folder").join("game.pgn");
        let err = save_atomic(&target, b"x", TargetState::Safe, false).unwrap_err();
        assert!(matches!(err, SaveError::Io { .. }));
        assert!(!target.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
