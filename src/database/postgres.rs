//! The PostgreSQL backend: a database shared by a club or a federation, on a server.

use std::collections::HashMap;

use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::{ToSql, Type};
use postgres::{Client, NoTls, Statement};

use super::backend::{Backend, Dialect, Row, Value};
use super::DbError;

/// A connection to a PostgreSQL database.
pub struct PostgresBackend {
    client: Client,
    statements: HashMap<String, Statement>,
}

impl PostgresBackend {
    /// Connect with a URL such as `postgres://user@localhost/qipu` or
    /// `postgres://user@%2Frun%2Fpostgresql/qipu` (a Unix socket folder, percent-encoded).
    pub fn connect(url: &str) -> Result<PostgresBackend, DbError> {
        Ok(PostgresBackend {
            client: Client::connect(url, NoTls)?,
            statements: HashMap::new(),
        })
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, DbError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let prepared = self.client.prepare(&number_placeholders(sql))?;
        self.statements.insert(sql.to_owned(), prepared.clone());
        Ok(prepared)
    }
}

/// `?` placeholders (outside quoted text) become `$1`, `$2`, …
fn number_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    let mut quoted = false;
    for c in sql.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted => {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            }
            _ => out.push(c),
        }
    }
    out
}

fn bind(params: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    params
        .iter()
        .map(|v| -> Box<dyn ToSql + Sync> {
            match v {
                Value::Int(n) => Box::new(*n),
                Value::Text(s) => Box::new(s.clone()),
            }
        })
        .collect()
}

fn read_row(row: &postgres::Row) -> Result<Row, DbError> {
    let mut out = Vec::with_capacity(row.len());
    for (i, column) in row.columns().iter().enumerate() {
        let ty = column.type_();
        out.push(if *ty == Type::INT8 {
            Value::Int(row.try_get::<_, Option<i64>>(i)?)
        } else if *ty == Type::INT4 {
            Value::Int(row.try_get::<_, Option<i32>>(i)?.map(i64::from))
        } else if *ty == Type::INT2 {
            Value::Int(row.try_get::<_, Option<i16>>(i)?.map(i64::from))
        } else {
            Value::Text(row.try_get::<_, Option<String>>(i)?)
        });
    }
    Ok(out)
}

impl Backend for PostgresBackend {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn execute_batch(&mut self, sql: &str) -> Result<(), DbError> {
        Ok(self.client.batch_execute(sql)?)
    }

    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        let statement = self.statement(sql)?;
        let bound = bind(params);
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|b| b.as_ref()).collect();
        Ok(self.client.execute(&statement, &refs)?)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, DbError> {
        let statement = self.statement(sql)?;
        let bound = bind(params);
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|b| b.as_ref()).collect();
        self.client
            .query(&statement, &refs)?
            .iter()
            .map(read_row)
            .collect()
    }

    fn begin(&mut self) -> Result<(), DbError> {
        Ok(self.client.batch_execute("BEGIN")?)
    }

    fn commit(&mut self) -> Result<(), DbError> {
        Ok(self.client.batch_execute("COMMIT")?)
    }

    fn rollback(&mut self) -> Result<(), DbError> {
        Ok(self.client.batch_execute("ROLLBACK")?)
    }

    fn lock_for_import(&mut self) -> Result<(), DbError> {
        Ok(self
            .client
            .batch_execute("LOCK TABLE game, name, source_file IN EXCLUSIVE MODE")?)
    }

    fn lock_schema(&mut self) -> Result<(), DbError> {
        // One key for every Qipu schema: `QIPU` in ASCII. Released when the transaction ends.
        Ok(self
            .client
            .batch_execute("SELECT pg_advisory_xact_lock(1363759189)")?)
    }

    fn insert_rows(
        &mut self,
        table: &str,
        columns: &str,
        width: usize,
        values: &[Value],
    ) -> Result<(), DbError> {
        let Some(first) = values.get(..width) else {
            return Ok(());
        };
        // Nulls carry their type, so the first row gives every column's.
        let types: Vec<Type> = first
            .iter()
            .map(|v| match v {
                Value::Int(_) => Type::INT8,
                Value::Text(_) => Type::TEXT,
            })
            .collect();
        let sink = self
            .client
            .copy_in(&format!("COPY {table} ({columns}) FROM STDIN BINARY"))?;
        let mut writer = BinaryCopyInWriter::new(sink, &types);
        for row in values.chunks(width) {
            let refs: Vec<&(dyn ToSql + Sync)> = row
                .iter()
                .map(|v| -> &(dyn ToSql + Sync) {
                    match v {
                        Value::Int(n) => n,
                        Value::Text(s) => s,
                    }
                })
                .collect();
            writer.write(&refs)?;
        }
        writer.finish()?;
        Ok(())
    }

    fn size_on_disk(&mut self) -> Result<u64, DbError> {
        let rows = self.query("SELECT pg_database_size(current_database())", &[])?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .and_then(Value::int)
            .unwrap_or(0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::number_placeholders;

    #[test]
    fn placeholders_are_numbered_outside_quotes() {
        assert_eq!(
            number_placeholders("SELECT ? WHERE a LIKE ? ESCAPE '\\' AND b = '?' AND c = ?"),
            "SELECT $1 WHERE a LIKE $2 ESCAPE '\\' AND b = '?' AND c = $3"
        );
    }
}
