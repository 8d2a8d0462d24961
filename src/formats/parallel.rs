//! Many record files at once: each file is read (and whatever the caller does with it is done)
//! on one of several threads, the results coming back in the order of the files. A folder of
//! games, `qipu stats`, `qipu judge --summary` and a database import share it.

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
/// then give `None`, so a long import can be cancelled.
pub fn map_files<T, F>(
    paths: &[PathBuf],
    threads: usize,
    stop: &AtomicBool,
    work: F,
) -> Vec<Option<T>>
where
    T: Send,
    F: Fn(&Path, std::io::Result<Vec<u8>>) -> T + Sync,
{
    let next = AtomicUsize::new(0);
    let run = || {
        let mut done = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(i) else { break };
            done.push((i, work(path, std::fs::read(path))));
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
}
