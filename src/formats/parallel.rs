//! Many record files at once: each file is read (and whatever the caller does with it is done)
//! on one of several threads, the results coming back in the order of the files. A folder of
//! games, `qipu stats`, `qipu judge --summary` and a database import share it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The threads worth starting for `jobs` files: the processors available, never more than the
/// files, at least one.
pub fn threads_for(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(jobs).max(1)
}

/// Read every file of `paths` and hand its bytes (or why it could not be read) to `work`, on
/// `threads` threads (one: on the calling thread, none started). The results are in the order
/// of `paths`. Setting `stop` makes the threads take no further file: the files not begun by
/// then give `None`, so a long import can be cancelled. Each thread reads into one buffer of its
/// own, reused from file to file ([`FileBuffer`]).
pub fn map_files<T, F>(
    paths: &[PathBuf],
    threads: usize,
    stop: &AtomicBool,
    work: F,
) -> Vec<Option<T>>
where
    T: Send,
    F: Fn(&Path, std::io::Result<&[u8]>) -> T + Sync,
{
    let next = AtomicUsize::new(0);
    let run = || {
        let mut done = Vec::new();
        let mut buffer = FileBuffer::default();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(i) else { break };
            done.push((i, work(path, buffer.read(path))));
        }
        done
    };
    let batches: Vec<Vec<(usize, T)>> = if threads <= 1 {
        vec![run()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(run)).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };
    let mut out: Vec<Option<T>> = std::iter::repeat_with(|| None).take(paths.len()).collect();
    for (i, value) in batches.into_iter().flatten() {
        out[i] = Some(value);
    }
    out
}

/// One buffer that file after file is read into: no allocation per file once it has grown to the
/// largest, and no look-up of the file's size (the kernel is only asked to open, read until the
/// end, and close). On Unix the folder of the last file is kept open, and a file of the same
/// folder is opened by its name in it, so the kernel does not walk its whole path again.
#[derive(Default)]
pub struct FileBuffer {
    /// Room read into; the bytes past the file's end are left from earlier files.
    room: Vec<u8>,
    /// The folder of the last file opened, and its handle.
    #[cfg(unix)]
    folder: Option<(PathBuf, std::os::fd::OwnedFd)>,
}

/// The room a buffer starts with: larger than almost every game record, so most files take one
/// read and the read that finds the end.
const FIRST_ROOM: usize = 64 * 1024;

impl FileBuffer {
    /// The whole content of the file at `path`.
    pub fn read(&mut self, path: &Path) -> std::io::Result<&[u8]> {
        let mut file = self.open(path)?;
        if self.room.is_empty() {
            self.room.resize(FIRST_ROOM, 0);
        }
        let mut filled = 0;
        loop {
            if filled == self.room.len() {
                self.room.resize(2 * self.room.len(), 0);
            }
            match file.read(&mut self.room[filled..]) {
                Ok(0) => return Ok(&self.room[..filled]),
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Open `path` to read, in the folder kept open when it is there (see [`FileBuffer`]).
    #[cfg(unix)]
    fn open(&mut self, path: &Path) -> std::io::Result<std::fs::File> {
        use rustix::fs::{Mode, OFlags};
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            return std::fs::File::open(path);
        };
        if folder.as_os_str().is_empty() {
            return std::fs::File::open(path);
        }
        let kept =
            matches!(&self.folder, Some((kept, _)) if kept.as_os_str() == folder.as_os_str());
        if !kept {
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            match rustix::fs::open(folder, flags, Mode::empty()) {
                Ok(handle) => self.folder = Some((folder.to_owned(), handle)),
                // The file's own opening says what is wrong.
                Err(_) => {
                    self.folder = None;
                    return std::fs::File::open(path);
                }
            }
        }
        match &self.folder {
            Some((_, handle)) => Ok(std::fs::File::from(rustix::fs::openat(
                handle,
                name,
                OFlags::RDONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )?)),
            None => std::fs::File::open(path),
        }
    }

    /// Open `path` to read.
    #[cfg(not(unix))]
    fn open(&mut self, path: &Path) -> std::io::Result<std::fs::File> {
        std::fs::File::open(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_the_order_of_the_files_on_any_number_of_threads() {
        let dir = std::env::temp_dir().join(format!("qipu-parallel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        let paths: Vec<PathBuf> = (0..40)
            .map(|i| {
                let path = dir.join(format!("{i}.txt"));
                std::fs::write(&path, "x".repeat(i)).expect("write");
                path
            })
            .chain(std::iter::once(dir.join("missing.txt")))
            .collect();
        let stop = AtomicBool::new(false);
        for threads in [1, 2, 5] {
            let sizes = map_files(&paths, threads, &stop, |_, bytes| {
                bytes.map(|b| b.len()).ok()
            });
            let expected: Vec<Option<Option<usize>>> = (0..40)
                .map(|i| Some(Some(i)))
                .chain(std::iter::once(Some(None)))
                .collect();
            assert_eq!(sizes, expected, "{threads} threads");
        }
        stop.store(true, Ordering::Relaxed);
        let none = map_files(&paths, 2, &stop, |_, _| 1);
        assert!(none.iter().all(Option::is_none));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_reused_buffer_gives_each_file_its_own_bytes_and_grows_for_a_large_one() {
        let dir = std::env::temp_dir().join(format!("qipu-buffer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        let large: Vec<u8> = (0..3 * FIRST_ROOM + 17).map(|i| (i % 251) as u8).collect();
        let (big, small, empty) = (dir.join("big"), dir.join("small"), dir.join("empty"));
        std::fs::write(&big, &large).expect("write");
        std::fs::write(&small, b"[Event \"x\"]").expect("write");
        std::fs::write(&empty, b"").expect("write");
        let mut buffer = FileBuffer::default();
        assert_eq!(buffer.read(&small).expect("read"), b"[Event \"x\"]");
        assert_eq!(buffer.read(&big).expect("read"), &large[..]);
        assert_eq!(buffer.read(&small).expect("read"), b"[Event \"x\"]");
        assert_eq!(buffer.read(&empty).expect("read"), b"");
        let missing = buffer.read(&dir.join("missing")).expect_err("no such file");
        assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
        // A file of another folder, then one of the first again, each by its own folder; a
        // folder that is not there, and a file named by a relative path.
        let other = dir.join("sub");
        std::fs::create_dir_all(&other).expect("folder");
        std::fs::write(other.join("small"), b"other").expect("write");
        assert_eq!(buffer.read(&other.join("small")).expect("read"), b"other");
        assert_eq!(buffer.read(&small).expect("read"), b"[Event \"x\"]");
        let no_folder = buffer
            .read(&dir.join("none/small"))
            .expect_err("no such folder");
        assert_eq!(no_folder.kind(), std::io::ErrorKind::NotFound);
        assert!(buffer
            .read(Path::new("Cargo.toml"))
            .is_ok_and(|b| b.starts_with(b"[package]")));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
