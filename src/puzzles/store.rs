//! Progress on puzzles, kept in a small SQLite file: each puzzle's FSRS card (when it is due,
//! its stability and difficulty, as the `rs-fsrs` scheduler keeps them) and each attempt. The
//! schema is versioned as the game database's is (a `meta` table with `schema_version`,
//! migrations in one transaction, a newer file refused); each attempt is written in one
//! transaction.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, TimeZone, Utc};
use rs_fsrs::{Card, Parameters, Rating, State, FSRS};
use rusqlite::{params, Connection, OptionalExtension};

/// The schema version this program writes and reads.
pub const VERSION: i64 = 1;

/// The statements that bring the file from `version - 1` to `version`.
fn migration(version: i64) -> Option<&'static str> {
    match version {
        1 => Some(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE card (puzzle INTEGER PRIMARY KEY, due INTEGER NOT NULL,
                 stability REAL NOT NULL, difficulty REAL NOT NULL,
                 elapsed_days INTEGER NOT NULL, scheduled_days INTEGER NOT NULL,
                 reps INTEGER NOT NULL, lapses INTEGER NOT NULL, state INTEGER NOT NULL,
                 last_review INTEGER NOT NULL);
             CREATE TABLE attempt (id INTEGER PRIMARY KEY, puzzle INTEGER NOT NULL,
                 at INTEGER NOT NULL, result INTEGER NOT NULL);
             CREATE INDEX attempt_puzzle ON attempt (puzzle);
             INSERT INTO meta (key, value) VALUES ('schema_version', '0');",
        ),
        _ => None,
    }
}

/// Why the progress file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("{}: {source}", place.display())]
    Sqlite {
        /// The file.
        place: PathBuf,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// The file is not a progress file of Qipu's.
    #[error("{} is not a puzzle progress file of Qipu's", .0.display())]
    NotQipu(PathBuf),
    /// A newer Qipu wrote it.
    #[error("{} has schema version {found}; this Qipu reads up to {supported}", place.display())]
    NewerSchema {
        /// The file.
        place: PathBuf,
        /// Its version.
        found: i64,
        /// The newest this program knows.
        supported: i64,
    },
}

/// How an attempt went.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Attempt {
    /// Solved without help.
    Solved,
    /// Solved after a hint.
    SolvedWithHint,
    /// A wrong move, or the solution shown.
    Failed,
}

impl Attempt {
    /// The FSRS rating it gives.
    fn rating(self) -> Rating {
        match self {
            Attempt::Solved => Rating::Good,
            Attempt::SolvedWithHint => Rating::Hard,
            Attempt::Failed => Rating::Again,
        }
    }

    fn code(self) -> i64 {
        self.rating() as i64
    }
}

/// Why a puzzle comes next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PickKind {
    /// It is due for review.
    Due,
    /// It was never tried.
    New,
    /// Nothing is due and nothing is new: the one due soonest, reviewed early.
    Early,
}

/// The next puzzle of a set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pick {
    /// Its index in the set.
    pub index: usize,
    /// Why it comes next.
    pub kind: PickKind,
}

/// The progress file, open.
pub struct Progress {
    conn: Connection,
    place: PathBuf,
    fsrs: FSRS,
}

fn millis(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn time(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or_default()
}

fn state_code(state: State) -> i64 {
    state as i64
}

fn state_of(code: i64) -> State {
    match code {
        1 => State::Learning,
        2 => State::Review,
        3 => State::Relearning,
        _ => State::New,
    }
}

impl Progress {
    /// Open the file at `path`, made if missing, brought to [`VERSION`]; a newer one is
    /// refused.
    pub fn open(path: &Path) -> Result<Progress, StoreError> {
        if let Some(folder) = path.parent() {
            // A folder that cannot be made shows as SQLite's failure to open the file.
            let _ = std::fs::create_dir_all(folder);
        }
        let conn = Connection::open(path).map_err(|source| StoreError::Sqlite {
            place: path.to_owned(),
            source,
        })?;
        Progress::with(conn, path.to_owned())
    }

    /// Progress kept in memory only (no folder of settings to keep it in).
    pub fn in_memory() -> Result<Progress, StoreError> {
        let place = PathBuf::from(":memory:");
        let conn = Connection::open_in_memory().map_err(|source| StoreError::Sqlite {
            place: place.clone(),
            source,
        })?;
        Progress::with(conn, place)
    }

    fn with(conn: Connection, place: PathBuf) -> Result<Progress, StoreError> {
        let mut progress = Progress {
            conn,
            place,
            fsrs: FSRS::new(Parameters::default()),
        };
        progress.migrate()?;
        Ok(progress)
    }

    fn sql(&self, source: rusqlite::Error) -> StoreError {
        StoreError::Sqlite {
            place: self.place.clone(),
            source,
        }
    }

    /// The version stored, `None` for an empty file.
    fn stored_version(&self) -> Result<Option<i64>, StoreError> {
        let count = |sql: &str| -> Result<i64, StoreError> {
            self.conn
                .query_row(sql, [], |r| r.get(0))
                .map_err(|e| self.sql(e))
        };
        if count("SELECT count(*) FROM sqlite_master WHERE type = 'table'")? == 0 {
            return Ok(None);
        }
        if count("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'")? == 0
        {
            return Err(StoreError::NotQipu(self.place.clone()));
        }
        let text: Option<String> = self
            .conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.sql(e))?;
        text.and_then(|t| t.parse().ok())
            .map(Some)
            .ok_or_else(|| StoreError::NotQipu(self.place.clone()))
    }

    /// Bring the file to [`VERSION`] in one transaction, or refuse a newer one.
    fn migrate(&mut self) -> Result<(), StoreError> {
        let found = self.stored_version()?.unwrap_or(0);
        if found > VERSION {
            return Err(StoreError::NewerSchema {
                place: self.place.clone(),
                found,
                supported: VERSION,
            });
        }
        if found == VERSION {
            return Ok(());
        }
        let place = self.place.clone();
        let sql = |source| StoreError::Sqlite {
            place: place.clone(),
            source,
        };
        let tx = self.conn.transaction().map_err(sql)?;
        for version in found + 1..=VERSION {
            // Every version up to VERSION has its migration (the match above lists them).
            if let Some(statements) = migration(version) {
                tx.execute_batch(statements).map_err(sql)?;
            }
        }
        tx.execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            [VERSION.to_string()],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)
    }

    /// The card of `puzzle`, `None` when it was never tried.
    pub fn card(&self, puzzle: i64) -> Result<Option<Card>, StoreError> {
        self.conn
            .query_row(
                "SELECT due, stability, difficulty, elapsed_days, scheduled_days, reps, lapses, \
                 state, last_review FROM card WHERE puzzle = ?1",
                [puzzle],
                |r| {
                    Ok(Card {
                        due: time(r.get(0)?),
                        stability: r.get(1)?,
                        difficulty: r.get(2)?,
                        elapsed_days: r.get(3)?,
                        scheduled_days: r.get(4)?,
                        reps: r.get(5)?,
                        lapses: r.get(6)?,
                        state: state_of(r.get(7)?),
                        last_review: time(r.get(8)?),
                    })
                },
            )
            .optional()
            .map_err(|e| self.sql(e))
    }

    /// Keep an attempt at `puzzle` made at `now`: the attempt and the card the scheduler makes
    /// of it, in one transaction. Returns the new card.
    pub fn record(
        &mut self,
        puzzle: i64,
        attempt: Attempt,
        now: DateTime<Utc>,
    ) -> Result<Card, StoreError> {
        let card = self.card(puzzle)?.unwrap_or_else(|| Card {
            due: now,
            last_review: now,
            ..Card::default()
        });
        let card = self.fsrs.next(card, now, attempt.rating()).card;
        let place = self.place.clone();
        let sql = |source| StoreError::Sqlite {
            place: place.clone(),
            source,
        };
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute(
            "INSERT INTO attempt (puzzle, at, result) VALUES (?1, ?2, ?3)",
            params![puzzle, millis(now), attempt.code()],
        )
        .map_err(sql)?;
        tx.execute(
            "INSERT OR REPLACE INTO card (puzzle, due, stability, difficulty, elapsed_days, \
             scheduled_days, reps, lapses, state, last_review) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                puzzle,
                millis(card.due),
                card.stability,
                card.difficulty,
                card.elapsed_days,
                card.scheduled_days,
                card.reps,
                card.lapses,
                state_code(card.state),
                millis(card.last_review)
            ],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(card)
    }

    /// How many attempts at `puzzle` were kept, and how many of them solved it.
    pub fn attempts(&self, puzzle: i64) -> Result<(u32, u32), StoreError> {
        self.conn
            .query_row(
                "SELECT count(*), coalesce(sum(result > ?2), 0) FROM attempt WHERE puzzle = ?1",
                params![puzzle, Attempt::Failed.code()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(|e| self.sql(e))
    }

    /// When each puzzle tried was due, by puzzle.
    fn due_times(&self) -> Result<HashMap<i64, i64>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT puzzle, due FROM card")
            .map_err(|e| self.sql(e))?;
        let rows = statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(|e| self.sql(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.sql(e))
    }

    /// The next of the puzzles `ids` (a set, in its order) at `now`: the one due longest first,
    /// then the first never tried, then (nothing due, nothing new) the one due soonest.
    /// `None` for an empty set.
    pub fn pick(&self, ids: &[i64], now: DateTime<Utc>) -> Result<Option<Pick>, StoreError> {
        let due = self.due_times()?;
        let now = millis(now);
        let mut overdue: Option<(i64, usize)> = None;
        let mut new = None;
        let mut soonest: Option<(i64, usize)> = None;
        for (index, id) in ids.iter().enumerate() {
            match due.get(id) {
                None => {
                    new.get_or_insert(index);
                }
                Some(&at) if at <= now => {
                    if overdue.is_none_or(|(t, _)| at < t) {
                        overdue = Some((at, index));
                    }
                }
                Some(&at) => {
                    if soonest.is_none_or(|(t, _)| at < t) {
                        soonest = Some((at, index));
                    }
                }
            }
        }
        let pick = |index, kind| Pick { index, kind };
        Ok(overdue
            .map(|(_, i)| pick(i, PickKind::Due))
            .or_else(|| new.map(|i| pick(i, PickKind::New)))
            .or_else(|| soonest.map(|(_, i)| pick(i, PickKind::Early))))
    }

    /// How many of `ids` are due at `now`, and how many were never tried.
    pub fn counts(&self, ids: &[i64], now: DateTime<Utc>) -> Result<(usize, usize), StoreError> {
        let due = self.due_times()?;
        let now = millis(now);
        Ok(ids.iter().fold((0, 0), |(d, n), id| match due.get(id) {
            None => (d, n + 1),
            Some(&at) if at <= now => (d + 1, n),
            Some(_) => (d, n),
        }))
    }
}
