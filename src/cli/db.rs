//! `qipu db import|search|tree|export|stats …`: the game database for scripts and tests. The
//! database is the first argument or `--db LOCATION`: an SQLite file, or `postgres://…`.
//!
//! - `import DB PATH... [--variations] [--batch N] [--threads N]`: progress on standard error
//!   (files, games, games a minute, time left), each bad game as `FILE: game N, PLACE: REASON`;
//!   last line `games G, new N, duplicates D, errors E, seconds S`, after a line `warnings W` when
//!   games were read with a warning (a start only a diagram shows, 2.2), counted as `qipu stats`
//!   counts them.
//! - `search DB [options] [--limit N] [--json]`: JSON
//!   `[{"id", "red", "black", "event", "date", "result", "ply", "source"}]`.
//! - `tree DB [--fen FEN] [--json]`: JSON
//!   `[{"move", "games", "red_wins", "draws", "black_wins", "average_rating"}]`, most played first.
//! - `export DB [options] -o OUT.pgn`: the games found, as PGN.
//! - `stats DB [--json]`: games, duplicates, positions, files, bytes on disk.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde_json::json;

use super::CliError;
use crate::database::{
    Database, DbError, ImportEvent, ImportOptions, MaterialQuery, Progress, SearchQuery,
};
use crate::ending::Outcome;
use crate::formats::{write_pgn_games, PgnWriteOptions};
use crate::notation::Script;
use crate::rules::Position;

impl From<DbError> for CliError {
    fn from(e: DbError) -> CliError {
        CliError::Failed(e.to_string())
    }
}

/// `qipu db`.
#[derive(Debug, clap::Args)]
pub struct DbArgs {
    /// What to do with the database
    #[command(subcommand)]
    action: DbAction,
}

/// The database subcommands. The database is the first argument or `--db DB`: an SQLite file,
/// or `postgres://…`.
#[derive(Debug, clap::Subcommand)]
enum DbAction {
    /// Import the games of record files and folders
    Import(ImportArgs),
    /// Find games by position, material, players, event, result, date or opening
    Search(SearchArgs),
    /// The moves played from a position, most played first
    Tree(TreeArgs),
    /// The games found, as PGN
    Export(ExportArgs),
    /// Games, duplicates, positions, files and bytes on disk
    Stats(DbStatsArgs),
    /// Time searches on a large database
    Bench(super::db_bench::BenchArgs),
}

/// Where the database is: the first argument, or `--db`.
#[derive(Debug, clap::Args)]
pub(super) struct Location {
    /// The database: an SQLite file or postgres://… (or give --db)
    #[arg(
        value_name = "DB",
        required_unless_present = "db",
        conflicts_with = "db"
    )]
    location: Option<String>,
    /// The database, given as an option
    #[arg(long = "db", value_name = "DB")]
    db: Option<String>,
}

impl Location {
    /// The location given (the command line sees that there is one).
    pub(super) fn get(&self) -> Result<&str, CliError> {
        self.db
            .as_deref()
            .or(self.location.as_deref())
            .ok_or_else(|| CliError::Usage("name the database: DB or --db DB".to_owned()))
    }
}

/// `qipu db import`.
#[derive(Debug, clap::Args)]
struct ImportArgs {
    /// The database (unless --db gives it), then the record files and folders to import
    #[arg(value_name = "DB PATH", required = true)]
    args: Vec<String>,
    /// The database, given as an option
    #[arg(long = "db", value_name = "DB")]
    db: Option<String>,
    /// Index the positions of the variations too
    #[arg(long)]
    variations: bool,
    /// Games written a transaction
    #[arg(long, value_name = "N")]
    batch: Option<String>,
    /// Threads to read and prepare on
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

/// What a search asks, for `search` and `export`.
#[derive(Debug, clap::Args)]
struct SearchOptions {
    /// Games that reach this position (FEN)
    #[arg(long)]
    fen: Option<String>,
    /// The position mirrored left to right too
    #[arg(long)]
    mirror: bool,
    /// Positions reached in variations too
    #[arg(long)]
    variations: bool,
    /// The material on the board, like 車馬炮-車馬 (Red's, then Black's)
    #[arg(long, value_name = "SPEC")]
    material: Option<String>,
    /// A player of either side
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// The red player
    #[arg(long, value_name = "NAME")]
    red: Option<String>,
    /// The black player
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    /// Words of the event's name
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// The result: 1-0, 0-1, 1/2-1/2 or 0-0
    #[arg(long, value_name = "RESULT")]
    result: Option<String>,
    /// Played on or after this date (yyyy[.mm[.dd]])
    #[arg(long, value_name = "DATE")]
    from: Option<String>,
    /// Played on or before this date (yyyy[.mm[.dd]])
    #[arg(long, value_name = "DATE")]
    to: Option<String>,
    /// The opening: an ECCO code or words of its name
    #[arg(long, value_name = "ECCO|NAME")]
    opening: Option<String>,
    /// At most N games (search: 100 by default)
    #[arg(long, value_name = "N")]
    limit: Option<String>,
}

/// `qipu db search`.
#[derive(Debug, clap::Args)]
struct SearchArgs {
    #[command(flatten)]
    location: Location,
    #[command(flatten)]
    query: SearchOptions,
    /// One JSON array instead of lines
    #[arg(long)]
    json: bool,
}

/// `qipu db tree`.
#[derive(Debug, clap::Args)]
struct TreeArgs {
    #[command(flatten)]
    location: Location,
    /// The position (the start by default)
    #[arg(long)]
    fen: Option<String>,
    /// One JSON array instead of lines
    #[arg(long)]
    json: bool,
}

/// `qipu db export`.
#[derive(Debug, clap::Args)]
struct ExportArgs {
    #[command(flatten)]
    location: Location,
    #[command(flatten)]
    query: SearchOptions,
    /// The PGN file to write
    #[arg(short = 'o', value_name = "OUT.pgn")]
    output: String,
    /// Moves in traditional characters
    #[arg(long)]
    traditional: bool,
}

/// `qipu db stats`.
#[derive(Debug, clap::Args)]
struct DbStatsArgs {
    #[command(flatten)]
    location: Location,
    /// One JSON object instead of a line
    #[arg(long)]
    json: bool,
}

/// Run `qipu db …`.
pub fn run(args: DbArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    match args.action {
        DbAction::Import(args) => import(args, out, err),
        DbAction::Search(args) => search(args, out),
        DbAction::Tree(args) => tree(args, out),
        DbAction::Export(args) => export(args, out),
        DbAction::Stats(args) => stats(args, out),
        DbAction::Bench(args) => super::db_bench::run(args, out, err),
    }
}

fn minutes_seconds(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The progress line: files, games, rate and time left.
pub(super) fn progress_line(p: &Progress) -> String {
    let left = p
        .time_left()
        .map_or("?".to_owned(), |t| minutes_seconds(t.as_secs()));
    format!(
        "files {}/{}, games {}, {:.0} games/min, {} left",
        p.files_done,
        p.files_total,
        p.games,
        p.games_per_minute(),
        left
    )
}

fn import(args: ImportArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let variations = args.variations;
    let number = |v: Option<&str>, name: &str| -> Result<Option<usize>, CliError> {
        v.map(|t| {
            t.parse()
                .map_err(|_| CliError::Usage(format!("{name} '{t}' is not a number")))
        })
        .transpose()
    };
    let batch = number(args.batch.as_deref(), "--batch")?;
    let threads = number(args.threads.as_deref(), "--threads")?;
    let (location, paths) = match (args.db.as_deref(), args.args.split_first()) {
        (Some(location), _) => (location, &args.args[..]),
        (None, Some((location, paths))) if !paths.is_empty() => (location.as_str(), paths),
        (None, _) => {
            return Err(CliError::Usage(
                "name the database and the files to import: DB PATH...".to_owned(),
            ))
        }
    };
    let mut options = ImportOptions {
        variations,
        ..ImportOptions::default()
    };
    if let Some(b) = batch {
        options.batch_games = b;
    }
    if let Some(t) = threads {
        options.threads = t;
    }
    let started = Instant::now();
    let mut db = Database::open(location)?;
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let terminal = std::io::stderr().is_terminal();
    let mut last_shown = Instant::now();
    let mut write_failed = None;
    let mut events = |event: ImportEvent| {
        let line = match event {
            ImportEvent::Progress(p) => {
                // On a terminal the line is redrawn at most four times a second.
                if terminal {
                    if last_shown.elapsed().as_millis() < 250 && p.files_done < p.files_total {
                        return;
                    }
                    last_shown = Instant::now();
                    let _ = write!(err, "\r{}\x1b[K", progress_line(&p));
                    return;
                }
                progress_line(&p)
            }
            other => other.left_out().unwrap_or_default(),
        };
        let prefix = if terminal { "\r\x1b[K" } else { "" };
        if let Err(e) = writeln!(err, "{prefix}{line}") {
            write_failed = Some(e);
        }
    };
    let report = db.import_paths(&paths, &options, &mut events, &AtomicBool::new(false))?;
    if let Some(e) = write_failed {
        return Err(e.into());
    }
    if terminal {
        writeln!(err)?;
    }
    if report.skipped_files > 0 {
        writeln!(
            err,
            "{} file(s) imported before were left alone",
            report.skipped_files
        )?;
    }
    if report.warnings > 0 {
        writeln!(out, "warnings {}", report.warnings)?;
    }
    writeln!(
        out,
        "games {}, new {}, duplicates {}, errors {}, seconds {:.3}",
        report.games,
        report.new,
        report.duplicates,
        report.errors,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// A date bound: `yyyy[.mm[.dd]]`; unknown parts are 0 for a start and 99 for an end.
fn date_bound(text: &str, end: bool) -> Result<i64, CliError> {
    crate::database::date_bound(text, end)
        .ok_or_else(|| CliError::Usage(format!("date '{text}' has no four-digit year")))
}

fn parse_fen(fen: Option<&str>) -> Result<Position, CliError> {
    match fen {
        Some(f) => Position::from_fen(f)
            .map_err(|e| CliError::Usage(format!("--fen: not a valid position: {e}"))),
        None => Ok(Position::startpos()),
    }
}

/// The search the options ask for.
fn search_query(options: SearchOptions) -> Result<SearchQuery, CliError> {
    let mut q = SearchQuery {
        mirror: options.mirror,
        variations: options.variations,
        ..SearchQuery::default()
    };
    if let Some(fen) = options.fen.as_deref() {
        q.position = Some(parse_fen(Some(fen))?);
    }
    if let Some(spec) = options.material.as_deref() {
        q.material = Some(MaterialQuery::parse(spec).map_err(|e| CliError::Usage(e.to_string()))?);
    }
    q.player = options.player;
    q.red = options.red;
    q.black = options.black;
    q.event = options.event;
    q.opening = options.opening;
    if let Some(r) = options.result.as_deref() {
        q.result = Some(Outcome::from_pgn(r).ok_or_else(|| {
            CliError::Usage(format!("--result '{r}': write 1-0, 0-1, 1/2-1/2 or 0-0"))
        })?);
    }
    if let Some(d) = options.from.as_deref() {
        q.date_from = Some(date_bound(d, false)?);
    }
    if let Some(d) = options.to.as_deref() {
        q.date_to = Some(date_bound(d, true)?);
    }
    if let Some(l) = options.limit.as_deref() {
        q.limit = Some(
            l.parse()
                .map_err(|_| CliError::Usage(format!("--limit '{l}' is not a number")))?,
        );
    }
    Ok(q)
}

fn search(args: SearchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.json;
    let location = args.location.get()?;
    let mut q = search_query(args.query)?;
    q.limit = q.limit.or(Some(100));
    let found = Database::open_existing(location)?.search(&q)?;
    if as_json {
        let list: Vec<_> = found
            .iter()
            .map(|f| {
                json!({"id": f.id, "red": f.red, "black": f.black, "event": f.event,
                       "date": f.date, "result": f.result_token(), "ply": f.ply,
                       "source": f.source()})
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(list))?;
    } else {
        for f in &found {
            writeln!(
                out,
                "{}\tply {}\t{} – {}\t{}\t{}\t{}\t{}",
                f.id,
                f.ply,
                f.red,
                f.black,
                f.event,
                f.date,
                f.result_token(),
                f.source()
            )?;
        }
        writeln!(out, "{} game(s)", found.len())?;
    }
    Ok(())
}

fn tree(args: TreeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.json;
    let position = parse_fen(args.fen.as_deref())?;
    let location = args.location.get()?;
    let moves = Database::open_existing(location)?.tree(&position)?;
    if as_json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                json!({"move": m.mv.to_string(), "games": m.games, "red_wins": m.red_wins,
                       "draws": m.draws, "black_wins": m.black_wins,
                       "average_rating": m.average_rating.map(|r| (r * 10.0).round() / 10.0)})
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(list))?;
    } else {
        for m in &moves {
            let rating = m
                .average_rating
                .map_or(String::new(), |r| format!("\trating {r:.0}"));
            writeln!(
                out,
                "{}\tgames {}\tred wins {}\tdraws {}\tblack wins {}{rating}",
                m.mv, m.games, m.red_wins, m.draws, m.black_wins
            )?;
        }
    }
    Ok(())
}

fn export(args: ExportArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let output = args.output.as_str();
    let script = if args.traditional {
        Script::Traditional
    } else {
        Script::Simplified
    };
    let location = args.location.get()?;
    let q = search_query(args.query)?;
    let mut db = Database::open_existing(location)?;
    let found = db.search(&q)?;
    let mut games = Vec::with_capacity(found.len());
    for f in &found {
        games.push(db.game(f.id)?);
    }
    let text = write_pgn_games(&games, &PgnWriteOptions::qipu(script));
    super::output::write_complete(Path::new(output), text.as_bytes())?;
    writeln!(out, "{} game(s) written to {output}", games.len())?;
    Ok(())
}

fn stats(args: DbStatsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.json;
    let location = args.location.get()?;
    let s = Database::open_existing(location)?.stats()?;
    if as_json {
        writeln!(
            out,
            "{}",
            json!({"games": s.games, "duplicates": s.duplicates, "positions": s.positions,
                   "variation_positions": s.variation_positions, "files": s.files,
                   "bytes": s.bytes})
        )?;
    } else {
        writeln!(
            out,
            "games {}, duplicates {}, positions {}, variation positions {}, files {}, bytes {}",
            s.games, s.duplicates, s.positions, s.variation_positions, s.files, s.bytes
        )?;
    }
    Ok(())
}
