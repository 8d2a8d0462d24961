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

use super::{Args, CliError};
use crate::database::{
    Database, DbError, ImportEvent, ImportOptions, MaterialQuery, Progress, SearchQuery,
};
use crate::ending::Outcome;
use crate::formats::{write_pgn_games, PgnWriteOptions};
use crate::notation::Script;
use crate::rules::Position;

const USAGE: &str = "\
usage: qipu db import DB PATH... [--variations] [--batch N] [--threads N]
       qipu db search DB [--fen FEN] [--mirror] [--variations] [--material SPEC] [--player NAME]
                      [--red NAME] [--black NAME] [--event TEXT] [--result 1-0|0-1|1/2-1/2]
                      [--from DATE] [--to DATE] [--opening ECCO|NAME] [--limit N] [--json]
       qipu db tree DB [--fen FEN] [--json]
       qipu db export DB [search options] -o OUT.pgn [--traditional]
       qipu db stats DB [--json]
       qipu db bench DB [--games N] [--queries N]
DB is an SQLite file or postgres://…, also given as --db DB";

impl From<DbError> for CliError {
    fn from(e: DbError) -> CliError {
        CliError::Failed(e.to_string())
    }
}

/// Run `qipu db …`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage(USAGE.to_owned()));
    };
    let mut args = Args::new(rest);
    let location = args.option("--db")?;
    match command.as_str() {
        "import" => import(args, location, out, err),
        "search" => search(args, location, out),
        "tree" => tree(args, location, out),
        "export" => export(args, location, out),
        "stats" => stats(args, location, out),
        "bench" => super::db_bench::run(args, location, out, err),
        _ => Err(CliError::Usage(USAGE.to_owned())),
    }
}

/// The database location (from `--db` or the first positional) and the other positionals.
pub(super) fn location_and_rest<'a>(
    location: Option<&'a str>,
    positionals: Vec<&'a str>,
) -> Result<(&'a str, Vec<&'a str>), CliError> {
    match location {
        Some(l) => Ok((l, positionals)),
        None => match positionals.split_first() {
            Some((l, rest)) => Ok((l, rest.to_vec())),
            None => Err(CliError::Usage(USAGE.to_owned())),
        },
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

fn import(
    mut args: Args,
    location: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let variations = args.flag("--variations");
    let number = |v: Option<&str>, name: &str| -> Result<Option<usize>, CliError> {
        v.map(|t| {
            t.parse()
                .map_err(|_| CliError::Usage(format!("{name} '{t}' is not a number")))
        })
        .transpose()
    };
    let batch = number(args.option("--batch")?, "--batch")?;
    let threads = number(args.option("--threads")?, "--threads")?;
    let (location, paths) = location_and_rest(location, args.positionals()?)?;
    if paths.is_empty() {
        return Err(CliError::Usage(USAGE.to_owned()));
    }
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

/// The search options, taken from the arguments.
pub(super) fn search_query(args: &mut Args) -> Result<SearchQuery, CliError> {
    let mut q = SearchQuery {
        mirror: args.flag("--mirror"),
        variations: args.flag("--variations"),
        ..SearchQuery::default()
    };
    if let Some(fen) = args.option("--fen")? {
        q.position = Some(parse_fen(Some(fen))?);
    }
    if let Some(spec) = args.option("--material")? {
        q.material = Some(MaterialQuery::parse(spec).map_err(|e| CliError::Usage(e.to_string()))?);
    }
    q.player = args.option("--player")?.map(str::to_owned);
    q.red = args.option("--red")?.map(str::to_owned);
    q.black = args.option("--black")?.map(str::to_owned);
    q.event = args.option("--event")?.map(str::to_owned);
    q.opening = args.option("--opening")?.map(str::to_owned);
    if let Some(r) = args.option("--result")? {
        q.result = Some(Outcome::from_pgn(r).ok_or_else(|| {
            CliError::Usage(format!("--result '{r}': write 1-0, 0-1, 1/2-1/2 or 0-0"))
        })?);
    }
    if let Some(d) = args.option("--from")? {
        q.date_from = Some(date_bound(d, false)?);
    }
    if let Some(d) = args.option("--to")? {
        q.date_to = Some(date_bound(d, true)?);
    }
    if let Some(l) = args.option("--limit")? {
        q.limit = Some(
            l.parse()
                .map_err(|_| CliError::Usage(format!("--limit '{l}' is not a number")))?,
        );
    }
    Ok(q)
}

fn only_location<'a>(location: Option<&'a str>, args: Args<'a>) -> Result<&'a str, CliError> {
    let (location, rest) = location_and_rest(location, args.positionals()?)?;
    if !rest.is_empty() {
        return Err(CliError::Usage(USAGE.to_owned()));
    }
    Ok(location)
}

fn search(mut args: Args, location: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.flag("--json");
    let mut q = search_query(&mut args)?;
    q.limit = q.limit.or(Some(100));
    let location = only_location(location, args)?;
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

fn tree(mut args: Args, location: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.flag("--json");
    let position = parse_fen(args.option("--fen")?)?;
    let location = only_location(location, args)?;
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

fn export(mut args: Args, location: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let output = args
        .option("-o")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let script = if args.flag("--traditional") {
        Script::Traditional
    } else {
        Script::Simplified
    };
    let q = search_query(&mut args)?;
    let location = only_location(location, args)?;
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

fn stats(mut args: Args, location: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let as_json = args.flag("--json");
    let location = only_location(location, args)?;
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
