//! The record files below a folder, in the order of their sorted paths: what `qipu stats`,
//! `qipu judge --summary` and the database import read.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::FileKind;
use crate::lang::IoReason;

/// A folder that could not be listed.
#[derive(Debug, thiserror::Error)]
#[error("cannot read folder {}: {}", path.display(), IoReason::of(.source))]
pub struct ListError {
    /// The folder.
    pub path: PathBuf,
    /// What the operating system said.
    #[source]
    pub source: std::io::Error,
}

/// Every record file below `path` (or `path` itself when it is not a folder), sorted by name:
/// each folder's entries are sorted by their own names and a subfolder's files come in its
/// place, the order of sorting the whole paths, without comparing them component by component.
/// A folder reached again through a link is listed once, where it is first reached.
pub fn record_files(path: &Path) -> Result<Vec<PathBuf>, ListError> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut out = Vec::new();
    // The folders listed, as the links resolve: a link to one of them (a loop back to a folder
    // above, or two links to each other) is not listed again.
    let mut listed = HashSet::new();
    // Entries still to visit, the next on top: a folder is listed when it is reached.
    let mut stack = vec![(path.to_owned(), true)];
    while let Some((entry_path, is_dir)) = stack.pop() {
        if !is_dir {
            out.push(entry_path);
            continue;
        }
        let resolved = std::fs::canonicalize(&entry_path).unwrap_or_else(|_| entry_path.clone());
        if !listed.insert(resolved) {
            continue;
        }
        let dir = entry_path;
        let failed = |source| ListError {
            path: dir.clone(),
            source,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_record_files_in_the_order_of_their_sorted_paths() {
        let dir = std::env::temp_dir().join(format!("qipu-listing-{}", std::process::id()));
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

    #[cfg(unix)]
    #[test]
    fn a_folder_reached_again_through_a_link_is_listed_once() {
        let dir = std::env::temp_dir().join(format!("qipu-listing-links-{}", std::process::id()));
        for name in ["a/x.pgn", "b/y.pgn"] {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, b"").expect("file");
        }
        // A link back to the top, and two folders linked to each other.
        std::os::unix::fs::symlink(&dir, dir.join("a/up")).expect("link");
        std::os::unix::fs::symlink(dir.join("b"), dir.join("a/to-b")).expect("link");
        std::os::unix::fs::symlink(dir.join("a"), dir.join("b/to-a")).expect("link");
        let listed = record_files(&dir).expect("listed");
        assert_eq!(listed, [dir.join("a/to-b/y.pgn"), dir.join("a/x.pgn")]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
