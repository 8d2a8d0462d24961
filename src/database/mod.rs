//! The game database (棋譜庫): every game with its tags, full record and source; every
//! main-line position keyed by its hash (and, as an option, the positions of variations); the
//! material of each stretch of a game; duplicates recognised and linked. Searched by position,
//! its mirror, material and tags; the opening tree of a position.
//!
//! One schema and one set of queries (portable SQL) over the repository trait [`Backend`], with
//! two backends: SQLite (one file, the default) and PostgreSQL (`postgres://…`, a database shared
//! by a club or a federation). The schema is versioned; migrations run on open.
//!
//! Tables: `game` (tags as columns, names by id, the record as Qipu JSON, `duplicate_of` for a
//! game already stored), `name` (player and event names, each with its folded form, [`fold_name`]: a small table
//! searched with `LIKE` on the folded form, so that two-character Chinese names are found as
//! well as longer ones, in either script), `source_file` (what
//! an import stored: resuming skips these), `position (hash, ply, game, next)` (the position's
//! first ply in each game and the move played there; without a rowid in SQLite), `variation_position`,
//! `material (sig, ply, game)` (each material signature at its first ply), and `opening` (the
//! tree counts of positions first reached before ply [`schema::TREE_PLIES`], added up as games
//! are imported, so that the tree of a much-played opening is one indexed read). The mirror of
//! a position is searched by the hash of the mirrored query, which finds exactly what a stored
//! mirror hash would.

mod backend;
mod error;
mod fold;
mod import;
mod keys;
pub mod material;
mod postgres;
mod prepare;
pub mod schema;
mod search;
mod sqlite;

use std::path::Path;

pub use backend::{Backend, Dialect, Row, Value};
pub use error::DbError;
pub use fold::fold_name;
pub use import::{
    record_files, FileSource, ImportEvent, ImportOptions, ImportReport, MemorySource, Progress,
    Source,
};
pub use keys::{line_key, material_signature, mirror};
pub use material::MaterialQuery;
pub use prepare::{date_bound, date_key};
pub use search::{Found, SearchQuery, TreeMove};

use crate::formats::read_json;
use crate::record::Game;

/// An open game database.
pub struct Database {
    backend: Box<dyn Backend>,
}

/// The size of a database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbStats {
    /// Games stored (duplicates not counted).
    pub games: u64,
    /// Games found again and linked to the stored one.
    pub duplicates: u64,
    /// Main-line positions indexed.
    pub positions: u64,
    /// Variation positions indexed.
    pub variation_positions: u64,
    /// Files imported.
    pub files: u64,
    /// Bytes on disk.
    pub bytes: u64,
}

/// Whether a location names a PostgreSQL server rather than a file.
pub fn is_postgres_url(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

impl Database {
    /// Open a database: a `postgres://…` URL, or the path of an SQLite file (created when
    /// missing). Migrations run; a newer or foreign database is refused with the reason.
    pub fn open(location: &str) -> Result<Database, DbError> {
        if is_postgres_url(location) {
            let backend = postgres::PostgresBackend::connect(location)?;
            Database::with_backend(Box::new(backend), location)
        } else {
            Database::open_file(Path::new(location))
        }
    }

    /// Open a database that must exist already: a `postgres://…` URL, or the path of an SQLite
    /// file, refused when missing rather than created empty (a search of a misspelt name).
    pub fn open_existing(location: &str) -> Result<Database, DbError> {
        if !is_postgres_url(location) && !Path::new(location).exists() {
            return Err(DbError::Missing(location.into()));
        }
        Database::open(location)
    }

    /// Open (or create) an SQLite file.
    pub fn open_file(path: &Path) -> Result<Database, DbError> {
        if path.is_dir() {
            return Err(DbError::NotADatabase {
                path: path.to_owned(),
                reason: "a folder".to_owned(),
            });
        }
        let backend = sqlite::SqliteBackend::open(path)?;
        Database::with_backend(Box::new(backend), &path.display().to_string())
    }

    /// A database over any backend; `place` names it in errors.
    pub fn with_backend(mut backend: Box<dyn Backend>, place: &str) -> Result<Database, DbError> {
        schema::migrate(backend.as_mut(), place)?;
        Ok(Database { backend })
    }

    /// Which server holds the database.
    pub fn dialect(&self) -> Dialect {
        self.backend.dialect()
    }

    fn count(&mut self, sql: &str) -> Result<u64, DbError> {
        let rows = self.backend.query(sql, &[])?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .and_then(Value::int)
            .unwrap_or(0) as u64)
    }

    /// Games stored (duplicates not counted): one count, quicker than [`Database::stats`].
    pub fn game_count(&mut self) -> Result<u64, DbError> {
        self.count("SELECT count(*) FROM game WHERE duplicate_of IS NULL")
    }

    /// Games, duplicates, positions, files and size.
    pub fn stats(&mut self) -> Result<DbStats, DbError> {
        Ok(DbStats {
            games: self.game_count()?,
            duplicates: self.count("SELECT count(*) FROM game WHERE duplicate_of IS NOT NULL")?,
            positions: self.count("SELECT count(*) FROM position")?,
            variation_positions: self.count("SELECT count(*) FROM variation_position")?,
            files: self.count("SELECT count(*) FROM source_file")?,
            bytes: self.backend.size_on_disk()?,
        })
    }

    /// The full record of a game (a duplicate's is its original's, under its own tags).
    pub fn game(&mut self, id: i64) -> Result<Game, DbError> {
        let rows = self.backend.query(
            "SELECT g.record, o.record FROM game g LEFT JOIN game o ON o.id = g.duplicate_of \
             WHERE g.id = ?",
            &[id.into()],
        )?;
        let row = rows.into_iter().next().ok_or_else(|| DbError::BadRecord {
            game: id,
            reason: "no such game".to_owned(),
        })?;
        let text = row
            .into_iter()
            .find_map(|v| v.text().map(str::to_owned))
            .ok_or_else(|| DbError::BadRecord {
                game: id,
                reason: "no record stored".to_owned(),
            })?;
        read_json(&text).map_err(|e| DbError::BadRecord {
            game: id,
            reason: e.to_string(),
        })
    }
}
