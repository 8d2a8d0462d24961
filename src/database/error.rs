//! Why a database operation failed.

use std::path::PathBuf;

use crate::lang::IoReason;

/// Why a database could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The file exists but is not an SQLite database (or is damaged).
    #[error("{path}: not a database file, or the file is damaged ({reason})")]
    NotADatabase {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        reason: String,
    },
    /// The database holds tables but not Qipu's.
    #[error("{0}: this database was not made by Qipu (it has no schema version)")]
    NotQipu(String),
    /// The database was made by a newer Qipu.
    #[error(
        "{place}: the database has schema version {found}, made by a newer Qipu; this one reads \
         versions up to {supported}: open it with a newer Qipu"
    )]
    NewerSchema {
        /// The file or server.
        place: String,
        /// The version stored.
        found: i64,
        /// The newest version this program knows.
        supported: i64,
    },
    /// An SQLite error.
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A PostgreSQL error, shown with the server's own message.
    #[error("PostgreSQL: {}", server_message(.0))]
    Postgres(#[from] postgres::Error),
    /// A database file that does not exist, opened by a command that only reads.
    #[error("{0}: no such database file")]
    Missing(PathBuf),
    /// A file could not be read.
    #[error("{path}: {}", IoReason::of(.source))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A stored record could not be read back.
    #[error("game {game}: the stored record cannot be read: {reason}")]
    BadRecord {
        /// The game's id.
        game: i64,
        /// Why.
        reason: String,
    },
    /// A search could not be understood.
    #[error("{0}")]
    BadQuery(String),
}

/// What the server (or the connection) said: the client library's own text for a server error
/// is only "db error", its cause holds the message, the detail and the hint; a connection the
/// system refused is told in plain words ([`IoReason`]).
fn server_message(error: &postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        return db.to_string();
    }
    let mut text = error.to_string();
    let mut cause = std::error::Error::source(error);
    while let Some(c) = cause {
        text.push_str(": ");
        match c.downcast_ref::<std::io::Error>() {
            Some(io) => text.push_str(&IoReason::of(io).to_string()),
            None => text.push_str(&c.to_string()),
        }
        cause = c.source();
    }
    text
}
