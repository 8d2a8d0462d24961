//! The SQLite backend: one file, no server (bundled SQLite).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::types::{Value as SqlValue, ValueRef};
use rusqlite::{Connection, ErrorCode};

use super::backend::{Backend, Dialect, Row, Value};
use super::DbError;

/// A database in one SQLite file.
pub struct SqliteBackend {
    connection: Connection,
    path: PathBuf,
}

/// Page cache while importing and searching: large enough for the upper levels of the
/// position index of a million games.
const CACHE_KIB: i64 = 256 * 1024;

impl SqliteBackend {
    /// Open (or create) the file. A file that is not a database is refused with the reason.
    pub fn open(path: &Path) -> Result<SqliteBackend, DbError> {
        let not_a_database = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => {
                DbError::NotADatabase {
                    path: path.to_owned(),
                    reason: e.to_string(),
                }
            }
            _ => DbError::Sqlite(e),
        };
        let connection = Connection::open(path).map_err(not_a_database)?;
        connection.busy_timeout(BUSY_WAIT).map_err(not_a_database)?;
        // Reading the schema is the first access to the file: a damaged header fails here.
        connection
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| {
                r.get::<_, i64>(0)
            })
            .map_err(not_a_database)?;
        use_wal(&connection).map_err(not_a_database)?;
        connection
            .execute_batch(&format!(
                "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -{CACHE_KIB}; \
                 PRAGMA temp_store = MEMORY;"
            ))
            .map_err(not_a_database)?;
        Ok(SqliteBackend {
            connection,
            path: path.to_owned(),
        })
    }
}

/// How long a program waits for another that holds the file's lock.
const BUSY_WAIT: Duration = Duration::from_secs(30);

/// Switch the file to write-ahead logging, once. Changing the journal mode takes the file's
/// exclusive lock without waiting on SQLite's busy handler: a program opening a new file while
/// another creates it is refused with "database is locked", so it waits and tries again here
/// (for up to [`BUSY_WAIT`]), and finds the mode set.
fn use_wal(connection: &Connection) -> rusqlite::Result<()> {
    let started = Instant::now();
    loop {
        let mode: String = connection.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
        if mode.eq_ignore_ascii_case("wal") {
            return Ok(());
        }
        match connection.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0)) {
            Ok(_) => return Ok(()),
            Err(e)
                if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy)
                    && started.elapsed() < BUSY_WAIT =>
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => return Err(e),
        }
    }
}

fn bind(params: &[Value]) -> impl Iterator<Item = SqlValue> + '_ {
    params.iter().map(|v| match v {
        Value::Int(Some(n)) => SqlValue::Integer(*n),
        Value::Text(Some(s)) => SqlValue::Text(s.clone()),
        Value::Int(None) | Value::Text(None) => SqlValue::Null,
    })
}

impl Backend for SqliteBackend {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn execute_batch(&mut self, sql: &str) -> Result<(), DbError> {
        Ok(self.connection.execute_batch(sql)?)
    }

    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        let mut statement = self.connection.prepare_cached(sql)?;
        Ok(statement.execute(rusqlite::params_from_iter(bind(params)))? as u64)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, DbError> {
        let mut statement = self.connection.prepare_cached(sql)?;
        let columns = statement.column_count();
        let mut rows = statement.query(rusqlite::params_from_iter(bind(params)))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let mut values = Vec::with_capacity(columns);
            for i in 0..columns {
                values.push(match row.get_ref(i)? {
                    ValueRef::Integer(n) => Value::Int(Some(n)),
                    ValueRef::Real(x) => Value::Int(Some(x as i64)),
                    ValueRef::Text(t) => Value::Text(Some(String::from_utf8_lossy(t).into_owned())),
                    ValueRef::Blob(b) => Value::Text(Some(String::from_utf8_lossy(b).into_owned())),
                    ValueRef::Null => Value::Int(None),
                });
            }
            out.push(values);
        }
        Ok(out)
    }

    fn begin(&mut self) -> Result<(), DbError> {
        Ok(self.connection.execute_batch("BEGIN IMMEDIATE")?)
    }

    fn commit(&mut self) -> Result<(), DbError> {
        Ok(self.connection.execute_batch("COMMIT")?)
    }

    fn rollback(&mut self) -> Result<(), DbError> {
        Ok(self.connection.execute_batch("ROLLBACK")?)
    }

    fn lock_for_import(&mut self) -> Result<(), DbError> {
        Ok(())
    }

    fn lock_schema(&mut self) -> Result<(), DbError> {
        Ok(())
    }

    fn size_on_disk(&mut self) -> Result<u64, DbError> {
        let mut total = 0;
        for suffix in ["", "-wal"] {
            let mut name = self.path.clone().into_os_string();
            name.push(suffix);
            if let Ok(meta) = std::fs::metadata(&name) {
                total += meta.len();
            }
        }
        Ok(total)
    }
}
