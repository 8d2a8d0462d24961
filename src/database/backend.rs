//! The repository trait: the few things the database asks of a SQL server, so that one schema and
//! one set of queries (portable SQL, `?` placeholders) serve SQLite and PostgreSQL alike.

use super::DbError;

/// A value bound to a placeholder or read from a column. Nulls carry their type, which
/// PostgreSQL needs to bind them.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A `BIGINT` (every integer column is one).
    Int(Option<i64>),
    /// A `TEXT`.
    Text(Option<String>),
}

impl Value {
    /// The integer, if the value is a non-null integer.
    pub fn int(&self) -> Option<i64> {
        match self {
            Value::Int(v) => *v,
            Value::Text(_) => None,
        }
    }

    /// The text, if the value is non-null text.
    pub fn text(&self) -> Option<&str> {
        match self {
            Value::Text(v) => v.as_deref(),
            Value::Int(_) => None,
        }
    }

    /// The text, moved out (empty for null).
    pub fn into_text(self) -> String {
        match self {
            Value::Text(v) => v.unwrap_or_default(),
            Value::Int(v) => v.map(|n| n.to_string()).unwrap_or_default(),
        }
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(Some(v))
    }
}

impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Value {
        Value::Int(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(Some(v.to_owned()))
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(Some(v))
    }
}

impl From<Option<String>> for Value {
    fn from(v: Option<String>) -> Value {
        Value::Text(v)
    }
}

/// One row of a result.
pub type Row = Vec<Value>;

/// Which SQL server is behind a backend, for the few statements that differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// SQLite: one file.
    Sqlite,
    /// PostgreSQL: a server.
    Postgres,
}

impl Dialect {
    /// The clause that ends a `CREATE TABLE` of a table that is its primary key: SQLite stores
    /// it without a rowid (about 18 bytes a position instead of twice that); PostgreSQL keeps the
    /// key as an index beside the heap.
    pub fn key_only_table(self) -> &'static str {
        match self {
            Dialect::Sqlite => " WITHOUT ROWID",
            Dialect::Postgres => "",
        }
    }
}

/// The repository trait: a connection to a SQL database with transactions. Statements use `?`
/// placeholders; the PostgreSQL backend numbers them.
pub trait Backend: Send {
    /// Which server this is.
    fn dialect(&self) -> Dialect;

    /// Run statements without parameters (schema changes), separated by `;`.
    fn execute_batch(&mut self, sql: &str) -> Result<(), DbError>;

    /// Run one statement; returns the rows changed.
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError>;

    /// Run one query; returns its rows.
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, DbError>;

    /// Start a transaction that writes (SQLite takes the write lock at once).
    fn begin(&mut self) -> Result<(), DbError>;

    /// Make the transaction's changes permanent.
    fn commit(&mut self) -> Result<(), DbError>;

    /// Undo the transaction's changes.
    fn rollback(&mut self) -> Result<(), DbError>;

    /// Keep other writers out until the transaction ends (PostgreSQL: a table lock; SQLite's
    /// `BEGIN IMMEDIATE` does it already).
    fn lock_for_import(&mut self) -> Result<(), DbError>;

    /// Make another program creating or migrating the schema wait until this transaction
    /// ends, even before any table exists (PostgreSQL: a transaction-level advisory lock;
    /// SQLite's `BEGIN IMMEDIATE` does it already).
    fn lock_schema(&mut self) -> Result<(), DbError>;

    /// Bytes the database occupies on disk.
    fn size_on_disk(&mut self) -> Result<u64, DbError>;

    /// Add rows to `table`: `columns` as written in SQL (`a, b, c`), `values` row after row,
    /// `width` to a row. By default in statements of many rows; PostgreSQL copies them
    /// (`COPY … FROM STDIN BINARY`), which spares it parsing and binding each statement.
    fn insert_rows(
        &mut self,
        table: &str,
        columns: &str,
        width: usize,
        values: &[Value],
    ) -> Result<(), DbError> {
        insert_statements(
            self,
            &format!("INSERT INTO {table} ({columns}) VALUES"),
            "",
            width,
            values,
        )
    }
}

/// Rows written in `INSERT` statements of many rows each: `head` (`INSERT INTO t (a, b)
/// VALUES`), the rows' placeholders, then `tail` (an `ON CONFLICT` clause, or nothing).
pub fn insert_statements<B: Backend + ?Sized>(
    backend: &mut B,
    head: &str,
    tail: &str,
    width: usize,
    values: &[Value],
) -> Result<(), DbError> {
    const ROWS: usize = 256;
    let one = format!("({})", vec!["?"; width].join(","));
    for chunk in values.chunks(ROWS * width) {
        let rows = chunk.len() / width;
        let sql = format!("{head} {}{tail}", vec![one.as_str(); rows].join(","));
        backend.execute(&sql, chunk)?;
    }
    Ok(())
}
