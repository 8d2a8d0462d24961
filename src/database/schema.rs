//! The schema, versioned: migrations run on open, in one transaction; a database of a newer
//! version is refused with the reason.

use super::backend::{Backend, Dialect, Value};
use super::fold::fold_name;
use super::DbError;

/// The schema version this program writes and reads. 2: `name.folded`, each name in its
/// folded form ([`fold_name`]) for search in either script.
pub const VERSION: i64 = 2;

/// Positions first reached before this ply are counted in the `opening` table as they are
/// imported, so that the tree of a much-played opening position is one indexed read; the tree
/// of a later position is counted from its rows of `position` when asked.
pub const TREE_PLIES: i64 = 20;

/// The statements that bring a database from `version - 1` to `version`.
fn migration(version: i64, dialect: Dialect) -> Option<String> {
    let id = match dialect {
        Dialect::Sqlite => "INTEGER PRIMARY KEY",
        Dialect::Postgres => "BIGINT PRIMARY KEY",
    };
    let key_only = dialect.key_only_table();
    match version {
        1 => Some(format!(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE name (id {id}, text TEXT NOT NULL UNIQUE);
             CREATE TABLE source_file (id {id}, path TEXT NOT NULL UNIQUE,
                 games BIGINT NOT NULL, errors BIGINT NOT NULL);
             CREATE TABLE game (id {id}, file BIGINT NOT NULL, number BIGINT NOT NULL,
                 red BIGINT, black BIGINT, event BIGINT, site TEXT, round TEXT, date TEXT,
                 date_key BIGINT, result BIGINT, ecco TEXT, opening TEXT, red_elo BIGINT,
                 black_elo BIGINT, plies BIGINT NOT NULL, moves_key BIGINT NOT NULL,
                 duplicate_of BIGINT, record TEXT);
             CREATE INDEX game_red ON game (red);
             CREATE INDEX game_black ON game (black);
             CREATE INDEX game_event ON game (event);
             CREATE INDEX game_date ON game (date_key);
             CREATE INDEX game_moves ON game (moves_key);
             CREATE TABLE position (hash BIGINT NOT NULL, ply BIGINT NOT NULL,
                 game BIGINT NOT NULL, next BIGINT NOT NULL,
                 PRIMARY KEY (hash, ply, game)){key_only};
             CREATE TABLE variation_position (hash BIGINT NOT NULL, ply BIGINT NOT NULL,
                 game BIGINT NOT NULL, PRIMARY KEY (hash, ply, game)){key_only};
             CREATE TABLE material (sig BIGINT NOT NULL, ply BIGINT NOT NULL,
                 game BIGINT NOT NULL, PRIMARY KEY (sig, ply, game)){key_only};
             CREATE TABLE opening (hash BIGINT NOT NULL, move BIGINT NOT NULL,
                 games BIGINT NOT NULL, red_wins BIGINT NOT NULL, draws BIGINT NOT NULL,
                 black_wins BIGINT NOT NULL, rated BIGINT NOT NULL, rating_sum BIGINT NOT NULL,
                 PRIMARY KEY (hash, move)){key_only};
             INSERT INTO meta (key, value) VALUES ('schema_version', '0');"
        )),
        2 => Some("ALTER TABLE name ADD COLUMN folded TEXT NOT NULL DEFAULT '';".to_owned()),
        _ => None,
    }
}

/// What a migration does beyond its statements, in the same transaction: version 2 folds the
/// names already stored.
fn after_migration(version: i64, backend: &mut dyn Backend) -> Result<(), DbError> {
    if version != 2 {
        return Ok(());
    }
    for row in backend.query("SELECT id, text FROM name", &[])? {
        if let (Some(id), Some(text)) = (row[0].int(), row[1].text()) {
            backend.execute(
                "UPDATE name SET folded = ? WHERE id = ?",
                &[fold_name(text).into(), id.into()],
            )?;
        }
    }
    Ok(())
}

fn count(backend: &mut dyn Backend, sql: &str, params: &[Value]) -> Result<i64, DbError> {
    let rows = backend.query(sql, params)?;
    Ok(rows
        .first()
        .and_then(|r| r.first())
        .and_then(Value::int)
        .unwrap_or(0))
}

/// The version stored, `None` for an empty database.
fn stored_version(backend: &mut dyn Backend, place: &str) -> Result<Option<i64>, DbError> {
    let (all, meta) = match backend.dialect() {
        Dialect::Sqlite => (
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
        ),
        Dialect::Postgres => (
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()",
            "SELECT count(*) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = 'meta'",
        ),
    };
    if count(backend, all, &[])? == 0 {
        return Ok(None);
    }
    if count(backend, meta, &[])? == 0 {
        return Err(DbError::NotQipu(place.to_owned()));
    }
    let rows = backend.query("SELECT value FROM meta WHERE key = 'schema_version'", &[])?;
    let version = rows
        .first()
        .and_then(|r| r.first())
        .and_then(Value::text)
        .and_then(|t| t.parse::<i64>().ok())
        .ok_or_else(|| DbError::NotQipu(place.to_owned()))?;
    Ok(Some(version))
}

/// The version stored, refused when newer than [`VERSION`].
fn known_version(backend: &mut dyn Backend, place: &str) -> Result<i64, DbError> {
    let found = stored_version(backend, place)?.unwrap_or(0);
    if found > VERSION {
        return Err(DbError::NewerSchema {
            place: place.to_owned(),
            found,
            supported: VERSION,
        });
    }
    Ok(found)
}

/// Bring the database to [`VERSION`], or refuse it: `place` names it in errors. Creating and
/// migrating is one transaction that holds the schema lock ([`Backend::lock_schema`]), and the
/// version is read again under it: a second program creating the same database at once waits,
/// then finds the work done.
pub fn migrate(backend: &mut dyn Backend, place: &str) -> Result<(), DbError> {
    if known_version(backend, place)? == VERSION {
        return Ok(());
    }
    backend.begin()?;
    let result = (|| {
        backend.lock_schema()?;
        let found = known_version(backend, place)?;
        for version in found + 1..=VERSION {
            let sql = migration(version, backend.dialect()).ok_or_else(|| {
                DbError::BadQuery(format!("no migration to schema version {version}"))
            })?;
            backend.execute_batch(&sql)?;
            after_migration(version, backend)?;
        }
        if found < VERSION {
            backend.execute(
                "UPDATE meta SET value = ? WHERE key = 'schema_version'",
                &[VERSION.to_string().into()],
            )?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => backend.commit(),
        Err(e) => {
            backend.rollback()?;
            Err(e)
        }
    }
}
