//! Import: record files read and checked in parallel threads, written from one thread, one
//! transaction per batch. A file is marked imported in the transaction that stores its games,
//! so an interrupted import leaves whole files behind and a second run takes up the rest.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::formats::{listing, read_record_bytes};
use crate::lang::IoReason;

use super::backend::{insert_statements, Backend, Value};
use super::fold::fold_name;
use super::prepare::{prepare, PreparedGame};
use super::schema::TREE_PLIES;
use super::{Database, DbError};

/// Something to import: a file, or bytes read elsewhere (an archive member, generated games).
pub trait Source: Send + Sync {
    /// Its name: the file's path, stored as the game's source and used to resume.
    fn name(&self) -> String;
    /// Its size in bytes, for the time left.
    fn size(&self) -> u64;
    /// Its bytes.
    fn read(&self) -> std::io::Result<Vec<u8>>;
}

/// A record file on disk.
pub struct FileSource {
    path: PathBuf,
    size: u64,
}

impl FileSource {
    /// The file at `path`.
    pub fn new(path: PathBuf) -> FileSource {
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        FileSource { path, size }
    }
}

impl Source for FileSource {
    fn name(&self) -> String {
        self.path.display().to_string()
    }
    fn size(&self) -> u64 {
        self.size
    }
    fn read(&self) -> std::io::Result<Vec<u8>> {
        std::fs::read(&self.path)
    }
}

/// Bytes held in memory under a name.
pub struct MemorySource {
    /// The name.
    pub name: String,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl Source for MemorySource {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn size(&self) -> u64 {
        self.bytes.len() as u64
    }
    fn read(&self) -> std::io::Result<Vec<u8>> {
        Ok(self.bytes.clone())
    }
}

/// Every record file (`.pgn`, `.xqf`, `.json`, `.fen`) below each path (or the path itself when
/// it is a file), in name order (see [`listing::record_files`]); a path that does not exist is
/// refused.
pub fn record_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, DbError> {
    let mut out = Vec::new();
    for path in paths {
        if !path.is_dir() {
            if !path.exists() {
                return Err(DbError::Io {
                    path: path.clone(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        "no such file or folder",
                    ),
                });
            }
            out.push(path.clone());
            continue;
        }
        let found = listing::record_files(path).map_err(|e| DbError::Io {
            path: e.path,
            source: e.source,
        })?;
        out.extend(found);
    }
    Ok(out)
}

/// How to import.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// Index the positions of variations too.
    pub variations: bool,
    /// Games a transaction holds (at least; a file is never split).
    pub batch_games: usize,
    /// Reading threads (0: one per core).
    pub threads: usize,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            variations: false,
            batch_games: 2000,
            threads: 0,
        }
    }
}

/// How far an import has come.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Files done (stored or skipped as imported before).
    pub files_done: usize,
    /// Files in all.
    pub files_total: usize,
    /// Games stored so far.
    pub games: u64,
    /// Bytes of the files done.
    pub bytes_done: u64,
    /// Bytes of all files.
    pub bytes_total: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

impl Progress {
    /// Games a minute so far.
    pub fn games_per_minute(&self) -> f64 {
        self.games as f64 * 60.0 / self.elapsed.as_secs_f64().max(1e-3)
    }

    /// The time left at the rate so far (by bytes).
    pub fn time_left(&self) -> Option<Duration> {
        if self.bytes_done == 0 {
            return None;
        }
        let rate = self.bytes_done as f64 / self.elapsed.as_secs_f64().max(1e-3);
        Some(Duration::from_secs_f64(
            self.bytes_total.saturating_sub(self.bytes_done) as f64 / rate,
        ))
    }
}

/// What an import tells as it goes.
#[derive(Clone, Debug)]
pub enum ImportEvent {
    /// A batch was committed.
    Progress(Progress),
    /// A game could not be read in full and was left out: its file, number and why.
    GameError {
        /// The file.
        source: String,
        /// The game's number in the file, from 1.
        number: usize,
        /// Where and why (the reader's words).
        reason: String,
    },
    /// A file could not be read at all, or holds no game.
    FileError {
        /// The file.
        source: String,
        /// Why.
        reason: String,
    },
}

impl ImportEvent {
    /// What the import left out, with its place (`FILE: game N, reason`); `None` for progress.
    pub fn left_out(&self) -> Option<String> {
        match self {
            ImportEvent::Progress(_) => None,
            ImportEvent::GameError {
                source,
                number,
                reason,
            } => Some(if reason.starts_with("game ") {
                format!("{source}: {reason}")
            } else {
                format!("{source}: game {number}, {reason}")
            }),
            ImportEvent::FileError { source, reason } => Some(format!("{source}: {reason}")),
        }
    }
}

/// What an import did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Games read in full (new and duplicates).
    pub games: u64,
    /// Games stored.
    pub new: u64,
    /// Games that were in the database already (the same start and moves), linked to it.
    pub duplicates: u64,
    /// Games and files that could not be read.
    pub errors: u64,
    /// Warnings of the games read, counted as `qipu stats` counts them: a start position only a
    /// diagram shows (it breaks 2.2 or 1.2, [`crate::formats::ReadWarning`]); such a game is
    /// imported as set up.
    pub warnings: u64,
    /// Files left alone because an earlier import stored them.
    pub skipped_files: u64,
    /// Whether the import stopped on request before the end.
    pub cancelled: bool,
}

/// One file read and prepared by a reading thread.
struct PreparedFile {
    name: String,
    size: u64,
    games: Vec<PreparedGame>,
    errors: Vec<ImportEvent>,
    /// The readers' warnings over the file's games.
    warnings: u64,
}

fn read_source(source: &dyn Source, variations: bool) -> PreparedFile {
    let name = source.name();
    let size = source.size();
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => {
            return PreparedFile {
                errors: vec![ImportEvent::FileError {
                    source: name.clone(),
                    reason: format!("cannot read: {}", IoReason::of(&e)),
                }],
                name,
                size,
                games: Vec::new(),
                warnings: 0,
            }
        }
    };
    let record = read_record_bytes(&bytes);
    let warnings = record.games.iter().map(|g| g.warnings.len() as u64).sum();
    let mut games = Vec::with_capacity(record.games.len());
    let mut errors = Vec::new();
    for (i, file_game) in record.games.iter().enumerate() {
        match (&file_game.game, &file_game.error) {
            (Some(game), None) => games.push(prepare(game, i + 1, variations)),
            (_, Some(e)) => errors.push(ImportEvent::GameError {
                source: name.clone(),
                number: i + 1,
                reason: e.to_string(),
            }),
            (None, None) => {}
        }
    }
    if record.games.is_empty() {
        errors.push(ImportEvent::FileError {
            source: name.clone(),
            reason: "no game in this file: not a record".to_owned(),
        });
    }
    PreparedFile {
        name,
        size,
        games,
        errors,
        warnings,
    }
}

/// Counts of one move from one position, added up over a batch.
#[derive(Default, Clone, Copy)]
struct MoveCounts {
    games: i64,
    red_wins: i64,
    draws: i64,
    black_wins: i64,
    rated: i64,
    rating_sum: i64,
}

/// The writing side of an import: ids, names and line keys known so far.
struct Writer<'a> {
    backend: &'a mut dyn Backend,
    names: HashMap<String, i64>,
    report: ImportReport,
}

fn max_id(backend: &mut dyn Backend, table: &str) -> Result<i64, DbError> {
    let rows = backend.query(&format!("SELECT MAX(id) FROM {table}"), &[])?;
    Ok(rows
        .first()
        .and_then(|r| r.first())
        .and_then(Value::int)
        .unwrap_or(0))
}

impl Writer<'_> {
    /// Ids of these names, adding the new ones.
    fn name_ids(&mut self, wanted: Vec<&str>) -> Result<(), DbError> {
        let mut missing: Vec<&str> = wanted
            .into_iter()
            .filter(|n| !self.names.contains_key(*n))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        for chunk in missing.chunks(200) {
            let sql = format!(
                "SELECT id, text FROM name WHERE text IN ({})",
                vec!["?"; chunk.len()].join(",")
            );
            let params: Vec<Value> = chunk.iter().map(|&n| n.into()).collect();
            for row in self.backend.query(&sql, &params)? {
                if let (Some(id), Some(text)) = (row[0].int(), row[1].text()) {
                    self.names.insert(text.to_owned(), id);
                }
            }
        }
        let mut next = max_id(self.backend, "name")? + 1;
        let mut rows = Vec::new();
        for name in missing {
            if !self.names.contains_key(name) {
                self.names.insert(name.to_owned(), next);
                rows.push(Value::from(next));
                rows.push(Value::from(name));
                rows.push(Value::from(fold_name(name)));
                next += 1;
            }
        }
        self.backend
            .insert_rows("name", "id, text, folded", 3, &rows)
    }

    fn name_id(&self, name: &Option<String>) -> Value {
        Value::Int(name.as_ref().and_then(|n| self.names.get(n).copied()))
    }

    /// The originals already stored for these line keys.
    fn stored_originals(&mut self, keys: &[i64]) -> Result<HashMap<i64, i64>, DbError> {
        let mut found = HashMap::new();
        for chunk in keys.chunks(200) {
            let sql = format!(
                "SELECT moves_key, id FROM game WHERE duplicate_of IS NULL AND moves_key IN ({})",
                vec!["?"; chunk.len()].join(",")
            );
            let params: Vec<Value> = chunk.iter().map(|&k| k.into()).collect();
            for row in self.backend.query(&sql, &params)? {
                if let (Some(key), Some(id)) = (row[0].int(), row[1].int()) {
                    found.entry(key).or_insert(id);
                }
            }
        }
        Ok(found)
    }

    /// Which of these files are stored already.
    fn stored_sources(&mut self, files: &[PreparedFile]) -> Result<HashSet<String>, DbError> {
        let mut stored = HashSet::new();
        for chunk in files.chunks(200) {
            let sql = format!(
                "SELECT path FROM source_file WHERE path IN ({})",
                vec!["?"; chunk.len()].join(",")
            );
            let params: Vec<Value> = chunk.iter().map(|f| f.name.as_str().into()).collect();
            for row in self.backend.query(&sql, &params)? {
                if let Some(path) = row.into_iter().next() {
                    stored.insert(path.into_text());
                }
            }
        }
        Ok(stored)
    }

    /// Store a batch of files in one transaction.
    fn write_batch(&mut self, files: &[PreparedFile], variations: bool) -> Result<(), DbError> {
        self.backend.begin()?;
        match self.write_batch_inner(files, variations) {
            Ok(report) => {
                self.backend.commit()?;
                self.report.new += report.new;
                self.report.duplicates += report.duplicates;
                self.report.skipped_files += report.skipped_files;
                self.report.games += report.new + report.duplicates;
                Ok(())
            }
            Err(e) => {
                // The names cached in this batch were rolled back with it.
                self.names.clear();
                self.backend.rollback()?;
                Err(e)
            }
        }
    }

    fn write_batch_inner(
        &mut self,
        files: &[PreparedFile],
        variations: bool,
    ) -> Result<ImportReport, DbError> {
        self.backend.lock_for_import()?;
        // Another program importing the same files at once may have stored some of them since
        // this import looked: under the lock, those are left alone.
        let stored = self.stored_sources(files)?;
        let files: Vec<&PreparedFile> = files
            .iter()
            .filter(|f| !stored.contains(f.name.as_str()))
            .collect();
        let mut report = ImportReport {
            skipped_files: stored.len() as u64,
            ..ImportReport::default()
        };
        let mut wanted = Vec::new();
        for g in files.iter().flat_map(|f| &f.games) {
            for n in [&g.tags.red, &g.tags.black, &g.tags.event]
                .into_iter()
                .flatten()
            {
                wanted.push(n.as_str());
            }
        }
        self.name_ids(wanted)?;
        let keys: Vec<i64> = files
            .iter()
            .flat_map(|f| &f.games)
            .map(|g| g.line_key)
            .collect();
        let mut originals = self.stored_originals(&keys)?;
        let mut next_game = max_id(self.backend, "game")? + 1;
        let first_file = max_id(self.backend, "source_file")? + 1;
        let (mut file_rows, mut game_rows) = (Vec::new(), Vec::new());
        let (mut positions, mut variation_rows, mut material) =
            (Vec::new(), Vec::new(), Vec::new());
        let mut tree: HashMap<(i64, i64), MoveCounts> = HashMap::new();
        for (file_id, file) in (first_file..).zip(files) {
            file_rows.extend([
                Value::from(file_id),
                Value::from(file.name.as_str()),
                Value::from(file.games.len() as i64),
                Value::from(file.errors.len() as i64),
            ]);
            for g in &file.games {
                let id = next_game;
                next_game += 1;
                let original = originals.get(&g.line_key).copied();
                let t = &g.tags;
                game_rows.extend([
                    Value::from(id),
                    Value::from(file_id),
                    Value::from(g.number as i64),
                    self.name_id(&t.red),
                    self.name_id(&t.black),
                    self.name_id(&t.event),
                    t.site.clone().into(),
                    t.round.clone().into(),
                    t.date.clone().into(),
                    t.date_key.into(),
                    t.result.into(),
                    t.ecco.clone().into(),
                    t.opening.clone().into(),
                    t.red_elo.into(),
                    t.black_elo.into(),
                    Value::from(g.plies),
                    Value::from(g.line_key),
                    original.into(),
                    Value::Text(original.is_none().then(|| g.record.clone())),
                ]);
                if original.is_some() {
                    report.duplicates += 1;
                    continue;
                }
                originals.insert(g.line_key, id);
                report.new += 1;
                for &(hash, ply, next) in &g.positions {
                    positions.push((hash, ply, id, next));
                    if ply < TREE_PLIES && next >= 0 {
                        let counts = tree.entry((hash, next)).or_default();
                        counts.games += 1;
                        match t.result {
                            Some(1) => counts.red_wins += 1,
                            Some(0) => counts.draws += 1,
                            Some(-1) => counts.black_wins += 1,
                            _ => {}
                        }
                        // The rating of the player who moved from this position.
                        let red_moves = (ply % 2 == 0) != g.black_first;
                        let rating = if red_moves { t.red_elo } else { t.black_elo };
                        if let Some(r) = rating {
                            counts.rated += 1;
                            counts.rating_sum += r;
                        }
                    }
                }
                if variations {
                    variation_rows.extend(g.variations.iter().map(|&(h, p)| (h, p, id)));
                }
                material.extend(g.material.iter().map(|&(s, p)| (s, p, id)));
            }
        }
        self.backend
            .insert_rows("source_file", "id, path, games, errors", 4, &file_rows)?;
        self.backend.insert_rows(
            "game",
            "id, file, number, red, black, event, site, round, date, date_key, result, ecco, \
             opening, red_elo, black_elo, plies, moves_key, duplicate_of, record",
            19,
            &game_rows,
        )?;
        positions.sort_unstable();
        let values: Vec<Value> = positions
            .iter()
            .flat_map(|&(h, p, g, n)| [h.into(), p.into(), g.into(), n.into()])
            .collect();
        self.backend
            .insert_rows("position", "hash, ply, game, next", 4, &values)?;
        variation_rows.sort_unstable();
        let values: Vec<Value> = variation_rows
            .iter()
            .flat_map(|&(h, p, g)| [h.into(), p.into(), g.into()])
            .collect();
        self.backend
            .insert_rows("variation_position", "hash, ply, game", 3, &values)?;
        material.sort_unstable();
        let values: Vec<Value> = material
            .iter()
            .flat_map(|&(s, p, g)| [s.into(), p.into(), g.into()])
            .collect();
        self.backend
            .insert_rows("material", "sig, ply, game", 3, &values)?;
        let mut tree: Vec<_> = tree.into_iter().collect();
        tree.sort_unstable_by_key(|&(k, _)| k);
        let values: Vec<Value> = tree
            .iter()
            .flat_map(|&((h, m), c)| {
                [
                    h.into(),
                    m.into(),
                    c.games.into(),
                    c.red_wins.into(),
                    c.draws.into(),
                    c.black_wins.into(),
                    c.rated.into(),
                    c.rating_sum.into(),
                ]
            })
            .collect();
        insert_statements(
            self.backend,
            "INSERT INTO opening (hash, move, games, red_wins, draws, black_wins, rated, \
             rating_sum) VALUES",
            " ON CONFLICT (hash, move) DO UPDATE SET games = opening.games + excluded.games, \
             red_wins = opening.red_wins + excluded.red_wins, \
             draws = opening.draws + excluded.draws, \
             black_wins = opening.black_wins + excluded.black_wins, \
             rated = opening.rated + excluded.rated, \
             rating_sum = opening.rating_sum + excluded.rating_sum",
            8,
            &values,
        )?;
        Ok(report)
    }
}

/// How far ahead of the writer the readers may go, in files: bounds the memory an import holds.
const READ_AHEAD: usize = 256;

impl Database {
    /// The names of the files an earlier import stored.
    fn imported_sources(&mut self) -> Result<HashMap<String, ()>, DbError> {
        let rows = self.backend.query("SELECT path FROM source_file", &[])?;
        Ok(rows
            .into_iter()
            .filter_map(|r| r.into_iter().next())
            .map(|v| (v.into_text(), ()))
            .collect())
    }

    /// Import record files and folders (every record file below a folder).
    pub fn import_paths(
        &mut self,
        paths: &[PathBuf],
        options: &ImportOptions,
        events: &mut dyn FnMut(ImportEvent),
        cancel: &AtomicBool,
    ) -> Result<ImportReport, DbError> {
        let files = record_files(paths)?;
        let sources: Vec<Box<dyn Source>> = files
            .into_iter()
            .map(|p| {
                let p = std::fs::canonicalize(&p).unwrap_or(p);
                Box::new(FileSource::new(p)) as Box<dyn Source>
            })
            .collect();
        self.import(&sources, options, events, cancel)
    }

    /// Import sources: read in parallel threads, written in order from this thread, one
    /// transaction per batch; sources stored by an earlier import are skipped. Stops after the
    /// batch in progress when `cancel` is set.
    pub fn import(
        &mut self,
        sources: &[Box<dyn Source>],
        options: &ImportOptions,
        events: &mut dyn FnMut(ImportEvent),
        cancel: &AtomicBool,
    ) -> Result<ImportReport, DbError> {
        let started = Instant::now();
        let done_before = self.imported_sources()?;
        let mut report = ImportReport::default();
        let todo: Vec<&dyn Source> = sources
            .iter()
            .map(|s| s.as_ref())
            .filter(|s| {
                let skip = done_before.contains_key(&s.name());
                if skip {
                    report.skipped_files += 1;
                }
                !skip
            })
            .collect();
        let mut progress = Progress {
            files_done: report.skipped_files as usize,
            files_total: sources.len(),
            games: 0,
            bytes_done: 0,
            bytes_total: todo.iter().map(|s| s.size()).sum(),
            elapsed: Duration::ZERO,
        };
        let threads = if options.threads == 0 {
            std::thread::available_parallelism().map_or(2, |n| n.get())
        } else {
            options.threads
        };
        let next = AtomicUsize::new(0);
        let written = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let mut writer = Writer {
            backend: self.backend.as_mut(),
            names: HashMap::new(),
            report,
        };
        let outcome = std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::sync_channel::<(usize, PreparedFile)>(threads * 4);
            for _ in 0..threads {
                let sender = sender.clone();
                let (todo, next, written, stop) = (&todo, &next, &written, &stop);
                scope.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= todo.len() {
                        break;
                    }
                    while i >= written.load(Ordering::Acquire) + READ_AHEAD {
                        if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let file = read_source(todo[i], options.variations);
                    if sender.send((i, file)).is_err() {
                        return;
                    }
                });
            }
            drop(sender);
            let result = write_in_order(
                &mut writer,
                &receiver,
                todo.len(),
                options,
                &written,
                cancel,
                &mut |file: Option<&PreparedFile>, writer_games: u64, batch: (usize, u64)| {
                    match file {
                        Some(file) => file.errors.iter().for_each(|e| events(e.clone())),
                        None => {
                            progress.files_done += batch.0;
                            progress.bytes_done += batch.1;
                            progress.games = writer_games;
                            progress.elapsed = started.elapsed();
                            events(ImportEvent::Progress(progress));
                        }
                    }
                },
            );
            stop.store(true, Ordering::Relaxed);
            // Let the readers finish: drain what they still send.
            while receiver.recv().is_ok() {}
            result
        });
        outcome?;
        Ok(writer.report)
    }
}

/// What the writer's loop reports: a file's errors as it is taken (`Some(file)`), or a batch
/// committed (`None`, with the games stored so far and the batch's files and bytes).
type Tell<'a> = dyn FnMut(Option<&PreparedFile>, u64, (usize, u64)) + 'a;

/// The writer's loop: files in their order, batches of at least `batch_games` games.
fn write_in_order(
    writer: &mut Writer<'_>,
    receiver: &mpsc::Receiver<(usize, PreparedFile)>,
    total: usize,
    options: &ImportOptions,
    written: &AtomicUsize,
    cancel: &AtomicBool,
    tell: &mut Tell<'_>,
) -> Result<(), DbError> {
    let mut pending: BTreeMap<usize, PreparedFile> = BTreeMap::new();
    let mut batch: Vec<PreparedFile> = Vec::new();
    let mut batch_games = 0;
    let mut expected = 0;
    let flush = |writer: &mut Writer<'_>, batch: &mut Vec<PreparedFile>, tell: &mut Tell<'_>| {
        writer.write_batch(batch, options.variations)?;
        let bytes = batch.iter().map(|f| f.size).sum();
        tell(None, writer.report.games, (batch.len(), bytes));
        batch.clear();
        Ok::<(), DbError>(())
    };
    while expected < total {
        if cancel.load(Ordering::Relaxed) {
            writer.report.cancelled = true;
            return Ok(());
        }
        let Ok((i, file)) = receiver.recv() else {
            // The readers stopped before the end: on a cancel they return without sending.
            writer.report.cancelled = cancel.load(Ordering::Relaxed);
            break;
        };
        pending.insert(i, file);
        while let Some(file) = pending.remove(&expected) {
            expected += 1;
            written.store(expected, Ordering::Release);
            writer.report.errors += file.errors.len() as u64;
            writer.report.warnings += file.warnings;
            tell(Some(&file), 0, (0, 0));
            batch_games += file.games.len();
            batch.push(file);
            if batch_games >= options.batch_games.max(1) {
                flush(writer, &mut batch, tell)?;
                batch_games = 0;
                if cancel.load(Ordering::Relaxed) {
                    writer.report.cancelled = expected < total;
                    return Ok(());
                }
            }
        }
    }
    if !batch.is_empty() {
        flush(writer, &mut batch, tell)?;
    }
    Ok(())
}
