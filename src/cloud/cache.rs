//! The cloud's answers kept in SQLite: a position asked once is answered again without the
//! network, with the answer's age; the file has a size limit (the least recently used answers
//! go first) and can be cleared.
//!
//! The cache is a file of its own, beside the settings ([`default_cache_path`]), not a table of
//! the game database: the game database may be PostgreSQL or not open at all, the cache is
//! thrown away freely (clearing it never touches a game), and its writes from a background
//! thread never wait on a database import. Answers are kept in the cloud's text form and read
//! back through the same checks as a reply (`super::reply`).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension};

use super::error::CloudError;
use crate::lang::IoReason;

/// The size limit when none is given: 16 MiB of answers (tens of thousands of positions).
pub const DEFAULT_CACHE_LIMIT: u64 = 16 * 1024 * 1024;

/// The cache file's name in Qipu's data folder.
pub const CACHE_FILE: &str = "cloud-cache.sqlite";

/// How long SQLite waits for another process holding the file.
const BUSY_WAIT: Duration = Duration::from_secs(5);

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS cloud_answers (
    book TEXT NOT NULL,
    query TEXT NOT NULL,
    answer TEXT NOT NULL,
    asked INTEGER NOT NULL,
    used INTEGER NOT NULL,
    PRIMARY KEY (book, query)
);
CREATE INDEX IF NOT EXISTS cloud_answers_used ON cloud_answers (used);";

/// The bytes an answer counts for against the limit.
const SIZE: &str = "length(book) + length(query) + length(answer)";

/// An answer found in the cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cached {
    /// The answer, in the cloud's text form.
    pub answer: String,
    /// How long ago the cloud gave it.
    pub age: Duration,
}

/// How full the cache is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheStats {
    /// Answers kept.
    pub entries: u64,
    /// Their size in bytes, as counted against the limit.
    pub bytes: u64,
    /// The limit.
    pub limit: u64,
}

/// The cache of the cloud's answers.
#[derive(Debug)]
pub struct CloudCache {
    connection: Mutex<Connection>,
    limit: u64,
}

/// Seconds since 1970 now.
fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Where the cache lives when the caller names no file: `cloud-cache.sqlite` in Qipu's data
/// folder, where the window keeps its settings (`$XDG_DATA_HOME/qipu` or
/// `~/.local/share/qipu` on Linux, `~/Library/Application Support/Qipu` on macOS,
/// `%APPDATA%\Qipu\data` on Windows). `None` when the system names no home folder.
pub fn default_cache_path() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let dir = if cfg!(windows) {
        var("APPDATA").map(|p| p.join("Qipu").join("data"))
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|p| p.join("Library/Application Support/Qipu"))
    } else {
        var("XDG_DATA_HOME")
            .or_else(|| var("HOME").map(|p| p.join(".local/share")))
            .map(|p| p.join("qipu"))
    };
    dir.map(|d| d.join(CACHE_FILE))
}

impl CloudCache {
    /// Open (or create) the cache at `path`, with its folder, and the default size limit.
    pub fn open(path: &Path) -> Result<CloudCache, CloudError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                CloudError::Cache(format!(
                    "cannot make the folder {}: {}",
                    dir.display(),
                    IoReason::of(&e)
                ))
            })?;
        }
        let connection = Connection::open(path)
            .map_err(|e| CloudError::Cache(format!("cannot open {}: {e}", path.display())))?;
        CloudCache::with_connection(connection)
    }

    /// A cache held in memory only, gone when dropped.
    pub fn in_memory() -> Result<CloudCache, CloudError> {
        CloudCache::with_connection(Connection::open_in_memory()?)
    }

    fn with_connection(connection: Connection) -> Result<CloudCache, CloudError> {
        connection.busy_timeout(BUSY_WAIT)?;
        connection
            .execute_batch(SCHEMA)
            .map_err(|e| CloudError::Cache(format!("not a cloud cache: {e}")))?;
        Ok(CloudCache {
            connection: Mutex::new(connection),
            limit: DEFAULT_CACHE_LIMIT,
        })
    }

    /// The same cache holding at most `bytes` of answers (trimmed at the next answer kept).
    pub fn with_limit(self, bytes: u64) -> CloudCache {
        CloudCache {
            limit: bytes,
            ..self
        }
    }

    fn connection(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.connection
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The answer kept for `query` of `book`, with its age; it becomes the most recently used.
    pub fn get(&self, book: &str, query: &str) -> Result<Option<Cached>, CloudError> {
        let connection = self.connection();
        let found: Option<(String, i64)> = connection
            .query_row(
                "SELECT answer, asked FROM cloud_answers WHERE book = ?1 AND query = ?2",
                params![book, query],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        let Some((answer, asked)) = found else {
            return Ok(None);
        };
        connection.execute(
            "UPDATE cloud_answers SET used = (SELECT COALESCE(MAX(used), 0) + 1 FROM cloud_answers)
             WHERE book = ?1 AND query = ?2",
            params![book, query],
        )?;
        let seconds = u64::try_from(now().saturating_sub(asked)).unwrap_or(0);
        Ok(Some(Cached {
            answer,
            age: Duration::from_secs(seconds),
        }))
    }

    /// Keep `answer` to `query` of `book` (replacing an older one), then trim the cache to its
    /// limit, the least recently used answers first.
    pub fn put(&self, book: &str, query: &str, answer: &str) -> Result<(), CloudError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        transaction.execute(
            "INSERT OR REPLACE INTO cloud_answers (book, query, answer, asked, used)
             VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(used), 0) + 1 FROM cloud_answers))",
            params![book, query, answer, now()],
        )?;
        let total: i64 = transaction.query_row(
            &format!("SELECT COALESCE(SUM({SIZE}), 0) FROM cloud_answers"),
            [],
            |row| row.get(0),
        )?;
        let limit = i64::try_from(self.limit).unwrap_or(i64::MAX);
        if total > limit {
            // Down to three quarters of the limit, so that trimming is not done at every answer.
            let mut excess = total - limit / 4 * 3;
            let mut doomed = Vec::new();
            {
                let mut oldest = transaction.prepare(&format!(
                    "SELECT rowid, {SIZE} FROM cloud_answers ORDER BY used, rowid"
                ))?;
                let mut rows = oldest.query([])?;
                while excess > 0 {
                    let Some(row) = rows.next()? else { break };
                    doomed.push(row.get::<_, i64>(0)?);
                    excess -= row.get::<_, i64>(1)?;
                }
            }
            for rowid in doomed {
                transaction.execute("DELETE FROM cloud_answers WHERE rowid = ?1", [rowid])?;
            }
        }
        transaction.commit()?;
        Ok(())
    }

    /// Forget every answer.
    pub fn clear(&self) -> Result<(), CloudError> {
        let connection = self.connection();
        connection.execute("DELETE FROM cloud_answers", [])?;
        connection.execute_batch("VACUUM")?;
        Ok(())
    }

    /// How many answers are kept, their size, and the limit.
    pub fn stats(&self) -> Result<CacheStats, CloudError> {
        let (entries, bytes): (i64, i64) = self.connection().query_row(
            &format!("SELECT COUNT(*), COALESCE(SUM({SIZE}), 0) FROM cloud_answers"),
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        Ok(CacheStats {
            entries: u64::try_from(entries).unwrap_or(0),
            bytes: u64::try_from(bytes).unwrap_or(0),
            limit: self.limit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_kept_is_found_again_young() {
        let cache = CloudCache::in_memory().expect("a cache");
        assert_eq!(cache.get("cloud", "q1").expect("read"), None);
        cache.put("cloud", "q1", "eval:5").expect("write");
        let found = cache.get("cloud", "q1").expect("read").expect("kept");
        assert_eq!(found.answer, "eval:5");
        assert!(found.age < Duration::from_secs(60));
        // Another book's answer to the same query is its own.
        assert_eq!(cache.get("mirror", "q1").expect("read"), None);
        cache.put("cloud", "q1", "eval:7").expect("replace");
        let stats = cache.stats().expect("stats");
        assert_eq!(stats.entries, 1);
        assert_eq!(
            stats.bytes,
            ("cloud".len() + "q1".len() + "eval:7".len()) as u64
        );
    }

    #[test]
    fn the_limit_drops_the_least_recently_used() {
        let cache = CloudCache::in_memory().expect("a cache").with_limit(100);
        let answer = "x".repeat(20);
        for i in 0..4 {
            cache.put("b", &format!("q{i}"), &answer).expect("write");
        }
        // q0 is read, so q1 is now the least recently used.
        assert!(cache.get("b", "q0").expect("read").is_some());
        cache.put("b", "q4", &answer).expect("write");
        let stats = cache.stats().expect("stats");
        assert!(stats.bytes <= 100, "{stats:?}");
        assert!(cache.get("b", "q1").expect("read").is_none());
        assert!(cache.get("b", "q0").expect("read").is_some());
        assert!(cache.get("b", "q4").expect("read").is_some());
    }

    #[test]
    fn a_cleared_cache_is_empty() {
        let cache = CloudCache::in_memory().expect("a cache");
        cache.put("b", "q", "eval:1").expect("write");
        cache.clear().expect("clear");
        assert_eq!(cache.stats().expect("stats").entries, 0);
        assert_eq!(cache.get("b", "q").expect("read"), None);
    }
}
