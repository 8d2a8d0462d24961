//! The cloud cache's size read, or the cache cleared, on a thread of its own: opening the SQLite
//! file, counting its answers and vacuuming it after a clear may wait on the disk or on another
//! connection, and the window never waits. A cache file not yet made is reported empty and left
//! unmade.

use std::path::PathBuf;

use crate::cloud::{CacheStats, CloudCache, CloudError, DEFAULT_CACHE_LIMIT};
use crate::lang::IoReason;

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};

/// What is asked of the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheTask {
    /// How full it is.
    Measure,
    /// Forget every answer, then say how full it is.
    Clear,
}

/// How full the cache is after the task, and whether the task was a clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheReport {
    /// The task done.
    pub task: CacheTask,
    /// Answers kept, their size and the limit.
    pub stats: CacheStats,
}

/// What the thread answers.
pub type CacheAnswer = Result<CacheReport, CloudError>;

/// Do `task` to the cache file at `path` on a new thread; the report goes through `outbox` to
/// `to`, stamped with the job returned.
pub fn start(outbox: &Outbox, to: Recipient, path: PathBuf, task: CacheTask) -> JobId {
    let courier = outbox.courier::<CacheAnswer>(to);
    let job = courier.job();
    let sender = courier.clone();
    let spawned = std::thread::Builder::new()
        .name("cloud cache".to_owned())
        .spawn(move || {
            sender.deliver(run(&path, task));
        });
    if let Err(e) = spawned {
        courier.deliver(Err(CloudError::Cache(format!(
            "no thread could be started: {}",
            IoReason::of(&e)
        ))));
    }
    job
}

/// Open the cache, do the task, and measure it.
fn run(path: &std::path::Path, task: CacheTask) -> CacheAnswer {
    if !path.exists() {
        return Ok(CacheReport {
            task,
            stats: CacheStats {
                entries: 0,
                bytes: 0,
                limit: DEFAULT_CACHE_LIMIT,
            },
        });
    }
    let cache = CloudCache::open(path)?;
    if task == CacheTask::Clear {
        cache.clear()?;
    }
    Ok(CacheReport {
        task,
        stats: cache.stats()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_is_measured_and_cleared_and_a_missing_one_is_not_made() {
        let dir = std::env::temp_dir().join(format!("qipu-cache-worker-{}", std::process::id()));
        let path = dir.join("cloud-cache.sqlite");
        let missing = run(&path, CacheTask::Measure).expect("an empty report");
        assert_eq!(missing.stats.entries, 0);
        assert!(!path.exists(), "measuring makes no file");
        let cache = CloudCache::open(&path).expect("a cache");
        cache.put("cloud", "q1", "eval:5").expect("kept");
        cache.put("cloud", "q2", "eval:7").expect("kept");
        drop(cache);
        let measured = run(&path, CacheTask::Measure).expect("measured");
        assert_eq!(measured.stats.entries, 2);
        assert!(measured.stats.bytes > 0);
        assert_eq!(measured.stats.limit, DEFAULT_CACHE_LIMIT);
        let cleared = run(&path, CacheTask::Clear).expect("cleared");
        assert_eq!(cleared.task, CacheTask::Clear);
        assert_eq!((cleared.stats.entries, cleared.stats.bytes), (0, 0));
        std::fs::remove_dir_all(&dir).ok();
    }
}
