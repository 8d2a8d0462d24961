//! Saving without losing data: write a temporary file in the target's folder, flush it to disk,
//! then rename it over the target. A crash leaves either the old file or the new one, never half
//! of one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a save failed. The target is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The target was opened earlier and could not be read; overwriting it could destroy data
    /// that Qipu did not understand. Save elsewhere, or save with `overwrite_unreadable`.
    #[error("{0} could not be read when it was opened; saving over it could lose its contents")]
    UnreadableTarget(PathBuf),
    /// The file system refused.
    #[error("cannot save {path}: {source}")]
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
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io_err(io::Error::new(io::ErrorKind::InvalidInput, "no file name")))?;
    let (temp_path, mut file) = create_temp(&dir, &name.to_string_lossy()).map_err(io_err)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| fs::rename(&temp_path, path)) {
        let _ = fs::remove_file(&temp_path);
        return Err(io_err(e));
    }
    // Make the rename itself durable where the platform allows opening a folder.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
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
    fn a_failed_save_leaves_the_target_alone() {
        let dir = scratch("missing");
        let target = dir.join("no-such-folder").join("game.pgn");
        let err = save_atomic(&target, b"x", TargetState::Safe, false).unwrap_err();
        assert!(matches!(err, SaveError::Io { .. }));
        assert!(!target.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
