//! The event file: one SQLite database per event (bundled SQLite, rollback journal, full sync).
//!
//! Every change is one transaction, so a program killed at any moment leaves the file as it was
//! after the last change that returned. The journal is SQLite's rollback journal, not its
//! write-ahead log: reading the file then needs no other file and no space on the disk. The
//! file carries its own mark (`PRAGMA application_id`) and format version (`PRAGMA
//! user_version`): opening refuses a file that is not an event, one from a newer version, or a
//! damaged one (its header, SQLite's `integrity_check` and the event's own consistency), and
//! reads all of it in one read transaction before anything is used. After every change the
//! event is copied to its last good copy beside it ([`last_good_path`]), which a refusal of a
//! damaged file names.
//!
//! A new file is made under a temporary name and put in place whole, so a failed `create`
//! leaves nothing behind. A write that fails for want of space says so
//! ([`EventError::DiskFull`]).

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, Transaction};

use super::board_result::BoardResult;
use super::error::{EventError, NotAnEvent};
use super::event::{Drawn, Event, EventSettings, Match, Pairing, Player, Round, Stage};
use crate::formats::save::{place_new, temp_beside};
use crate::lang::IoReason;

/// `QIPU` in ASCII: the mark of an event file.
const APPLICATION_ID: i64 = 0x5149_5055;
/// The format this version writes and the newest it reads.
pub const FORMAT_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE event (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, settings TEXT NOT NULL);
CREATE TABLE player (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, rating INTEGER, club TEXT NOT NULL,
    team TEXT NOT NULL, registration TEXT NOT NULL, withdrawn_after_round INTEGER,
    warnings INTEGER NOT NULL, disqualifications INTEGER NOT NULL);
CREATE TABLE draw (grp INTEGER NOT NULL, number INTEGER NOT NULL, entrant INTEGER NOT NULL,
    PRIMARY KEY (grp, number));
CREATE TABLE round (number INTEGER PRIMARY KEY, stage TEXT NOT NULL, bye INTEGER);
CREATE TABLE pairing (
    round INTEGER NOT NULL REFERENCES round(number), match_no INTEGER NOT NULL,
    first INTEGER NOT NULL, second INTEGER NOT NULL, PRIMARY KEY (round, match_no));
CREATE TABLE game (
    round INTEGER NOT NULL, board INTEGER NOT NULL, match_no INTEGER NOT NULL,
    red INTEGER NOT NULL REFERENCES player(id), black INTEGER NOT NULL REFERENCES player(id),
    result TEXT, pgn TEXT, red_fouls INTEGER NOT NULL, black_fouls INTEGER NOT NULL,
    PRIMARY KEY (round, board), FOREIGN KEY (round, match_no) REFERENCES pairing(round, match_no));
";

/// An open event file and the event read from it.
#[derive(Debug)]
pub struct EventFile {
    path: PathBuf,
    conn: Connection,
    event: Event,
}

impl EventFile {
    /// Create a new event file at `path` (refused if anything is there). The file is made under
    /// a temporary name beside it and put in place once complete: a failure leaves nothing.
    pub fn create(path: &Path, event: Event) -> Result<EventFile, EventError> {
        if path.exists() {
            return Err(EventError::Exists(path.to_owned()));
        }
        let io = |e: std::io::Error| EventError::io(path, e);
        let (temp, file) = temp_beside(path).map_err(io)?;
        drop(file);
        let made = write_new(&temp, path, event).and_then(|()| match place_new(&temp, path) {
            Ok(true) => Ok(()),
            Ok(false) => Err(EventError::Exists(path.to_owned())),
            Err(e) => Err(io(e)),
        });
        let _ = std::fs::remove_file(&temp);
        made?;
        let file = EventFile::open(path)?;
        file.keep_last_good();
        Ok(file)
    }

    /// Open the event file at `path`, refusing anything that is not a complete event of a
    /// version this program reads.
    pub fn open(path: &Path) -> Result<EventFile, EventError> {
        check_header(path)?;
        let damaged = |reason: String| EventError::Damaged {
            path: path.to_owned(),
            reason,
            last_good: existing_last_good(path),
        };
        let failed = |e: rusqlite::Error| classify(path, e);
        let conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE).map_err(failed)?;
        // Another program's change holds the file for a moment: the reads below wait for it.
        conn.busy_timeout(BUSY_WAIT).map_err(failed)?;
        let id: i64 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(failed)?;
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(failed)?;
        if id != APPLICATION_ID || version == 0 {
            return Err(EventError::NotAnEvent {
                path: path.to_owned(),
                reason: NotAnEvent::OtherProgram,
            });
        }
        if version > FORMAT_VERSION {
            return Err(EventError::NewerVersion {
                path: path.to_owned(),
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let problems = integrity_problems(&conn).map_err(failed)?;
        if !problems.is_empty() {
            return Err(damaged(problems.join("; ")));
        }
        configure(&conn).map_err(failed)?;
        let event = read_event(&conn).map_err(|e| match e {
            ReadError::Sqlite(e) => failed(e),
            ReadError::Invariant(reason) => damaged(reason),
        })?;
        Ok(EventFile {
            path: path.to_owned(),
            conn,
            event,
        })
    }

    /// The event as stored.
    pub fn event(&self) -> &Event {
        &self.event
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Store `next` in place of the event: one transaction that writes the rows that differ.
    /// The in-memory event changes only when the transaction committed.
    pub fn replace_all(&mut self, next: Event) -> Result<(), EventError> {
        let path = self.path.clone();
        let db = |e| classify(&path, e);
        let tx = self.conn.transaction().map_err(db)?;
        write_diff(&tx, &self.event, &next).map_err(db)?;
        tx.commit().map_err(db)?;
        self.event = next;
        self.keep_last_good();
        Ok(())
    }

    /// Copy the event, just checked or just written, to its last good copy
    /// ([`last_good_path`]): made under a temporary name, then put in place. Where it cannot
    /// be made (a full disk), the older copy stays: the change itself is made.
    fn keep_last_good(&self) {
        let copy = last_good_path(&self.path);
        let Ok((temp, file)) = temp_beside(&copy) else {
            return;
        };
        drop(file);
        // SQLite writes the copy into the empty file without syncing it: synced here, then
        // renamed over the older copy. Opened for writing, as Windows flushes a file only
        // through a handle that may write to it.
        let made = temp.to_str().is_some_and(|t| {
            self.conn.execute("VACUUM INTO ?1", [t]).is_ok()
                && std::fs::OpenOptions::new()
                    .write(true)
                    .open(&temp)
                    .and_then(|f| f.sync_all())
                    .is_ok()
                && std::fs::rename(&temp, &copy).is_ok()
        });
        if !made {
            let _ = std::fs::remove_file(&temp);
        }
    }
}

/// The last good copy of the event file at `path`: `NAME.last-good.EXT` beside it, the event as
/// it was after the last change Qipu made (or when it was made), checked before.
pub fn last_good_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    path.with_file_name(format!("{stem}.last-good{ext}"))
}

fn existing_last_good(path: &Path) -> Option<PathBuf> {
    let copy = last_good_path(path);
    copy.is_file().then_some(copy)
}

/// An SQLite error, told apart by what the user can do: a damaged file, a full disk, or
/// another failure in SQLite's words.
fn classify(path: &Path, e: rusqlite::Error) -> EventError {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => EventError::Damaged {
            path: path.to_owned(),
            reason: e.to_string(),
            last_good: existing_last_good(path),
        },
        Some(ErrorCode::DiskFull) => EventError::DiskFull(path.to_owned()),
        Some(ErrorCode::ReadOnly) => EventError::ReadOnly(path.to_owned()),
        _ => EventError::Database {
            path: path.to_owned(),
            source: e,
        },
    }
}

/// Write a new event into the empty file `temp`, which is to become `path`.
fn write_new(temp: &Path, path: &Path, event: Event) -> Result<(), EventError> {
    let db = |e| classify(path, e);
    let mut conn =
        Connection::open_with_flags(temp, OpenFlags::SQLITE_OPEN_READ_WRITE).map_err(db)?;
    configure(&conn).map_err(db)?;
    let settings = settings_json(&event.settings);
    let tx = conn.transaction().map_err(db)?;
    tx.execute_batch(SCHEMA).map_err(db)?;
    tx.execute(
        "INSERT INTO event (id, name, settings) VALUES (1, ?1, ?2)",
        params![event.name, settings],
    )
    .map_err(db)?;
    tx.pragma_update(None, "application_id", APPLICATION_ID)
        .map_err(db)?;
    tx.pragma_update(None, "user_version", FORMAT_VERSION)
        .map_err(db)?;
    let empty = Event::new(&event.name, event.settings.clone());
    write_diff(&tx, &empty, &event).map_err(db)?;
    tx.commit().map_err(db)?;
    conn.close().map_err(|(_, e)| db(e))
}

/// What SQLite's `integrity_check` finds wrong, in its words (its heading lines, such as
/// `*** in database main ***`, left out); empty for a sound file.
fn integrity_problems(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut statement = conn.prepare("PRAGMA integrity_check")?;
    let rows = statement.query_map([], |r| r.get::<_, String>(0))?;
    let lines = rows.collect::<rusqlite::Result<Vec<String>>>()?;
    if lines.iter().all(|l| l.trim() == "ok") {
        return Ok(Vec::new());
    }
    let problems: Vec<String> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| !(l.starts_with("***") && l.ends_with("***")))
        .map(str::to_owned)
        .collect();
    // A report of headings alone is still not "ok": it is given as it is.
    Ok(if problems.is_empty() { lines } else { problems })
}

/// How long a command waits for another program's change to the file.
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_WAIT)?;
    conn.pragma_update(None, "journal_mode", "DELETE")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")
}

fn check_header(path: &Path) -> Result<(), EventError> {
    use std::io::Read;
    let not = |reason: NotAnEvent| EventError::NotAnEvent {
        path: path.to_owned(),
        reason,
    };
    let unopenable = |e: std::io::Error| not(NotAnEvent::Unopenable(IoReason::of(&e)));
    let mut file = std::fs::File::open(path).map_err(unopenable)?;
    let mut header = [0u8; 100];
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(e) => return Err(unopenable(e)),
        }
    }
    if read == 0 {
        return Err(not(NotAnEvent::Empty));
    }
    if read < 16 || header[..16] != *b"SQLite format 3\0" {
        return Err(not(NotAnEvent::NotSqlite));
    }
    match header_fault(&header[..read]) {
        Some(reason) => Err(EventError::Damaged {
            path: path.to_owned(),
            reason,
            last_good: existing_last_good(path),
        }),
        None => Ok(()),
    }
}

/// What is wrong with the 100-byte header of an SQLite file, by the file format's own rules:
/// SQLite would open some of these read-only, or read them wrongly.
fn header_fault(header: &[u8]) -> Option<String> {
    let Some(&[page_hi, page_lo, write, read, _, max_embedded, min_embedded, leaf]) =
        header.get(16..24).filter(|_| header.len() >= 100)
    else {
        return Some(format!("the header is cut short ({} bytes)", header.len()));
    };
    let page = u32::from(page_hi) << 8 | u32::from(page_lo);
    if !(page == 1 || (512..=32768).contains(&page) && page.is_power_of_two()) {
        return Some(format!(
            "the header's page size ({page}) is not a page size"
        ));
    }
    if !(1..=2).contains(&write) || !(1..=2).contains(&read) {
        return Some(format!(
            "the header's file format numbers (write {write}, read {read}) are not 1 or 2"
        ));
    }
    if (max_embedded, min_embedded, leaf) != (64, 32, 32) {
        return Some(format!(
            "the header's payload fractions ({max_embedded}, {min_embedded}, {leaf}) are not 64, 32, 32"
        ));
    }
    None
}

fn settings_json(settings: &EventSettings) -> String {
    // Serialising plain data with no maps keyed by non-strings cannot fail.
    serde_json::to_string(settings).unwrap_or_default()
}

fn stage_json(stage: &Stage) -> String {
    serde_json::to_string(stage).unwrap_or_default()
}

/// Write the difference between `old` and `new`: rows are only ever added or updated, in the
/// order the foreign keys need.
fn write_diff(tx: &Transaction, old: &Event, new: &Event) -> rusqlite::Result<()> {
    if old.name != new.name || old.settings != new.settings {
        tx.execute(
            "UPDATE event SET name = ?1, settings = ?2 WHERE id = 1",
            params![new.name, settings_json(&new.settings)],
        )?;
    }
    for (id, p) in new.players.iter().enumerate() {
        if old.players.get(id) == Some(p) {
            continue;
        }
        tx.execute(
            "INSERT INTO player (id, name, rating, club, team, registration, withdrawn_after_round,
                warnings, disqualifications) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, rating = excluded.rating,
                club = excluded.club, team = excluded.team, registration = excluded.registration,
                withdrawn_after_round = excluded.withdrawn_after_round, warnings = excluded.warnings,
                disqualifications = excluded.disqualifications",
            params![
                id as i64,
                p.name,
                p.rating,
                p.club,
                p.team,
                p.registration,
                p.withdrawn_after_round,
                p.warnings,
                p.disqualifications
            ],
        )?;
    }
    for d in new.draw.iter().filter(|d| !old.draw.contains(d)) {
        tx.execute(
            "INSERT INTO draw (grp, number, entrant) VALUES (?1, ?2, ?3)",
            params![d.group, d.number, d.entrant as i64],
        )?;
    }
    for round in &new.rounds {
        let before = old.round(round.number);
        if before == Some(round) {
            continue;
        }
        if before.is_none() {
            tx.execute(
                "INSERT INTO round (number, stage, bye) VALUES (?1, ?2, ?3)",
                params![
                    round.number,
                    stage_json(&round.stage),
                    round.bye.map(|b| b as i64)
                ],
            )?;
        }
        for (m, pairing) in round.matches.iter().enumerate() {
            let m = m as i64 + 1;
            if before.is_none() {
                tx.execute(
                    "INSERT INTO pairing (round, match_no, first, second) VALUES (?1, ?2, ?3, ?4)",
                    params![round.number, m, pairing.first as i64, pairing.second as i64],
                )?;
            }
            for g in &pairing.games {
                if before.and_then(|r| r.game(g.board)) == Some(g) {
                    continue;
                }
                tx.execute(
                    "INSERT INTO game (round, board, match_no, red, black, result, pgn, red_fouls,
                        black_fouls) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                     ON CONFLICT (round, board) DO UPDATE SET red = excluded.red,
                        black = excluded.black, result = excluded.result,
                        pgn = excluded.pgn, red_fouls = excluded.red_fouls,
                        black_fouls = excluded.black_fouls",
                    params![
                        round.number,
                        g.board,
                        m,
                        g.red as i64,
                        g.black as i64,
                        g.result.map(BoardResult::token),
                        g.pgn,
                        g.fouls[0],
                        g.fouls[1]
                    ],
                )?;
            }
        }
    }
    Ok(())
}

/// Why the event could not be read: SQLite failed, or the rows do not fit together.
enum ReadError {
    Sqlite(rusqlite::Error),
    Invariant(String),
}

impl From<String> for ReadError {
    fn from(reason: String) -> ReadError {
        ReadError::Invariant(reason)
    }
}

impl From<&str> for ReadError {
    fn from(reason: &str) -> ReadError {
        ReadError::Invariant(reason.to_owned())
    }
}

/// Read the whole event, checking that its rows fit together.
fn read_event(conn: &Connection) -> Result<Event, ReadError> {
    let sql = ReadError::Sqlite;
    let tx = conn.unchecked_transaction().map_err(sql)?;
    let (name, settings): (String, String) = tx
        .query_row("SELECT name, settings FROM event WHERE id = 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()
        .map_err(sql)?
        .ok_or("the event row is missing")?;
    let settings: EventSettings =
        serde_json::from_str(&settings).map_err(|e| format!("the settings cannot be read: {e}"))?;
    let mut event = Event::new(&name, settings);
    let mut stmt = tx
        .prepare(
            "SELECT id, name, rating, club, team, registration, withdrawn_after_round, warnings,
                disqualifications FROM player ORDER BY id",
        )
        .map_err(sql)?;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                Player {
                    name: r.get(1)?,
                    rating: r.get(2)?,
                    club: r.get(3)?,
                    team: r.get(4)?,
                    registration: r.get(5)?,
                    withdrawn_after_round: r.get(6)?,
                    warnings: r.get(7)?,
                    disqualifications: r.get(8)?,
                },
            ))
        })
        .map_err(sql)?;
    for row in rows {
        let (id, player) = row.map_err(sql)?;
        if id != event.players.len() as i64 {
            Err(format!("player ids are not consecutive at id {id}"))?;
        }
        event.players.push(player);
    }
    drop(stmt);
    let entrants = event.entrant_count();
    let mut stmt = tx
        .prepare("SELECT grp, number, entrant FROM draw ORDER BY grp, number")
        .map_err(sql)?;
    let draws = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })
        .map_err(sql)?;
    for row in draws {
        let (group, number, entrant) = row.map_err(sql)?;
        if entrant < 0 || entrant as usize >= entrants {
            Err(format!(
                "draw number {number}: entrant {entrant} does not exist"
            ))?;
        }
        event.draw.push(Drawn {
            group,
            number,
            entrant: entrant as usize,
        });
    }
    drop(stmt);
    let mut stmt = tx
        .prepare("SELECT number, stage, bye FROM round ORDER BY number")
        .map_err(sql)?;
    let rounds = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<i64>>(2)?,
            ))
        })
        .map_err(sql)?;
    for row in rounds {
        let (number, stage, bye) = row.map_err(sql)?;
        if number as usize != event.rounds.len() + 1 {
            Err(format!(
                "round {number} follows round {}",
                event.rounds.len()
            ))?;
        }
        let stage: Stage = serde_json::from_str(&stage)
            .map_err(|e| format!("round {number}: the stage cannot be read: {e}"))?;
        let bye = match bye {
            Some(b) if b < 0 || b as usize >= entrants => Err(format!(
                "round {number}: the bye names entrant {b}, who does not exist"
            ))?,
            b => b.map(|b| b as usize),
        };
        event.rounds.push(Round {
            number,
            stage,
            matches: Vec::new(),
            bye,
        });
    }
    drop(stmt);
    let mut stmt = tx
        .prepare("SELECT round, match_no, first, second FROM pairing ORDER BY round, match_no")
        .map_err(sql)?;
    let pairings = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .map_err(sql)?;
    for row in pairings {
        let (round, m, first, second) = row.map_err(sql)?;
        let r = event
            .rounds
            .get_mut(round.wrapping_sub(1) as usize)
            .ok_or(format!("a pairing of round {round}, which does not exist"))?;
        if m as usize != r.matches.len() + 1 {
            Err(format!("round {round}: pairing {m} is out of order"))?;
        }
        for e in [first, second] {
            if e < 0 || e as usize >= entrants {
                Err(format!(
                    "round {round}, pairing {m}: entrant {e} does not exist"
                ))?;
            }
        }
        r.matches.push(Match {
            first: first as usize,
            second: second as usize,
            games: Vec::new(),
        });
    }
    drop(stmt);
    let mut stmt = tx
        .prepare(
            "SELECT round, board, match_no, red, black, result, pgn, red_fouls, black_fouls
             FROM game ORDER BY round, board",
        )
        .map_err(sql)?;
    let games = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, Option<String>>(5)?,
                Pairing {
                    board: r.get(1)?,
                    red: 0,
                    black: 0,
                    result: None,
                    pgn: r.get(6)?,
                    fouls: [r.get(7)?, r.get(8)?],
                },
            ))
        })
        .map_err(sql)?;
    let players = event.players.len();
    for row in games {
        let (round, m, red, black, result, mut game) = row.map_err(sql)?;
        let place = format!("round {round}, board {}", game.board);
        for p in [red, black] {
            if p < 0 || p as usize >= players {
                Err(format!("{place}: player {p} does not exist"))?;
            }
        }
        game.red = red as usize;
        game.black = black as usize;
        game.result = result
            .map(|t| t.parse::<BoardResult>())
            .transpose()
            .map_err(|e| format!("{place}: {e}"))?;
        let r = event
            .rounds
            .get_mut(round.wrapping_sub(1) as usize)
            .ok_or(format!("{place}: the round does not exist"))?;
        let expected = r.games().count() as u32 + 1;
        if game.board != expected {
            Err(format!("{place}: expected board {expected}"))?;
        }
        let pairing = r
            .matches
            .get_mut(m.wrapping_sub(1) as usize)
            .ok_or(format!("{place}: pairing {m} does not exist"))?;
        pairing.games.push(game);
    }
    drop(stmt);
    tx.finish().map_err(sql)?;
    Ok(event)
}
