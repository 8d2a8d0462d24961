//! `qipu opening FILE|FOLDER… [--plies N] [--tags] [--json]`: each game's opening by the ECCO
//! table Qipu ships ([`crate::ecco`]), from the first N plies of its main line (20 by default,
//! as XiangQi Wizard names a game), or with `--tags` the game's own `[ECCO]` tag first (named
//! from the table when the file gives no name). One line a game,
//! `FILE<TAB>game N<TAB>CODE<TAB>NAME<TAB>ply P` (`-` for a game the table does not know), or
//! with `--json` one array `[{"file", "game", "ecco", "name", "ply"}]` (`ecco`, `name` and `ply`
//! null where unknown; `ply`: the ply by which the moves that decide the opening were played,
//! 0 for a tag).
//!
//! `qipu opening --agree FILE|FOLDER… [--plies N] [--held-out K]`: how the table's codes for
//! the first N plies agree with the games' `[ECCO]` tags, `games G, agreed A, percent X%`;
//! with `--held-out K` only the files `qipu ecco-table --holdout K` held out of the learning.
//!
//! `qipu ecco-table FILE|FOLDER… -o TABLE.tsv [--min-support N] [--holdout K]`: the table made
//! again from the games there that carry `[ECCO]` tags ([`crate::ecco::Learner`]; lines
//! followed by at least N games, 2 by default). Every K-th file (10 by default; by a hash of its
//! name, so the same files each time) is held out: the table is not made from it, and its games'
//! agreement with their tags is printed, `learnt G games; lines L; held out H games: agreed
//! A (X%), unclassified U`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use serde::Serialize;

use super::output::write_complete;
use super::stats::{record_files, thread_option};
use super::{cannot_read, CliError};
use crate::ecco::{Agreement, EccoTable, Learner, DEFINING_SHARE, MAX_PLY};
use crate::formats::{map_files, read_record_bytes, threads_for};

/// `qipu opening`.
#[derive(Debug, clap::Args)]
pub struct OpeningArgs {
    /// Record files, and folders standing for every record file below them
    #[arg(value_name = "FILE|FOLDER", required = true)]
    inputs: Vec<String>,
    /// Name each game from the moves of its first N plies (20)
    #[arg(long, value_name = "N")]
    plies: Option<String>,
    /// The game's own [ECCO] tag first
    #[arg(long)]
    tags: bool,
    /// One JSON array instead of lines
    #[arg(long)]
    json: bool,
    /// Print how the codes agree with the games' [ECCO] tags instead
    #[arg(long)]
    agree: bool,
    /// With --agree: only the files `qipu ecco-table --holdout K` held out of the learning
    #[arg(long, value_name = "K")]
    held_out: Option<String>,
}

/// `qipu ecco-table`.
#[derive(Debug, clap::Args)]
pub struct EccoTableArgs {
    /// Record files with [ECCO] tags, and folders standing for every record file below them
    #[arg(value_name = "FILE|FOLDER", required = true)]
    inputs: Vec<String>,
    /// The table to write
    #[arg(short = 'o', value_name = "TABLE.tsv")]
    output: String,
    /// Keep the lines followed by at least N games (2)
    #[arg(long, value_name = "N")]
    min_support: Option<String>,
    /// Hold every K-th file out of the learning and measure the table on it (10)
    #[arg(long, value_name = "K")]
    holdout: Option<String>,
    /// Threads to read on (as many as processors by default)
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

/// One game's opening, as `--json` writes it.
#[derive(Serialize)]
struct Named {
    file: String,
    game: usize,
    ecco: Option<String>,
    name: Option<String>,
    ply: Option<usize>,
}

fn files_of(inputs: &[String]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if !path.exists() {
            return Err(CliError::Usage(format!("{input}: no such file or folder")));
        }
        files.extend(record_files(path)?);
    }
    Ok(files)
}

fn whole_number(text: Option<&str>, name: &str, default: u64) -> Result<u64, CliError> {
    text.map_or(Ok(default), |t| {
        t.parse()
            .map_err(|_| CliError::Usage(format!("{name} '{t}' is not a whole number")))
    })
}

/// Run `qipu opening`.
pub fn run(args: OpeningArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let json = args.json;
    let tags = args.tags;
    let agree = args.agree;
    let plies = whole_number(args.plies.as_deref(), "--plies", MAX_PLY as u64)?;
    let plies = usize::try_from(plies).unwrap_or(usize::MAX);
    let held = whole_number(args.held_out.as_deref(), "--held-out", 0)?;
    let inputs = &args.inputs;
    let table = EccoTable::builtin();
    if agree {
        let files: Vec<PathBuf> = files_of(inputs)?
            .into_iter()
            .filter(|f| held == 0 || held_out(f, held))
            .collect();
        let agreement = agreement(table, &files, plies, None)?;
        writeln!(
            out,
            "games {}, agreed {}, percent {:.1}%",
            agreement.games,
            agreement.agreed,
            agreement.percent()
        )?;
        return Ok(());
    }
    let mut named = Vec::new();
    for file in files_of(inputs)? {
        let bytes =
            std::fs::read(&file).map_err(|e| CliError::Failed(cannot_read(file.display(), &e)))?;
        for (i, read) in read_record_bytes(&bytes).games.into_iter().enumerate() {
            let Some(game) = read.game else {
                if let Some(e) = read.error {
                    writeln!(err, "qipu: {}: game {}: {e}", file.display(), i + 1)?;
                }
                continue;
            };
            let found = if tags {
                table.opening_of(&game)
            } else {
                table.classify_plies(&game, plies)
            };
            named.push(Named {
                file: file.display().to_string(),
                game: i + 1,
                ecco: found.as_ref().map(|f| f.code.clone()),
                name: found.as_ref().and_then(|f| f.name.clone()),
                ply: found.as_ref().map(|f| f.ply),
            });
        }
    }
    if json {
        let text =
            serde_json::to_string_pretty(&named).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        for n in &named {
            writeln!(
                out,
                "{}\tgame {}\t{}\t{}\t{}",
                n.file,
                n.game,
                n.ecco.as_deref().unwrap_or("-"),
                n.name.as_deref().unwrap_or("-"),
                n.ply.map_or_else(|| "-".to_owned(), |p| format!("ply {p}"))
            )?;
        }
    }
    Ok(())
}

/// The agreement of `table` with the tags of the games in `files`, at `plies` plies, read on
/// `threads` threads (by default as many as suit the files).
fn agreement(
    table: &EccoTable,
    files: &[PathBuf],
    plies: usize,
    threads: Option<usize>,
) -> Result<Agreement, CliError> {
    let threads = threads.unwrap_or_else(|| threads_for(files.len()));
    let stop = AtomicBool::new(false);
    let agreement = Mutex::new(Agreement::default());
    map_files(files, threads, &stop, |_, bytes| {
        let Ok(bytes) = bytes else { return };
        let mut own = Agreement::default();
        for game in read_record_bytes(bytes)
            .games
            .into_iter()
            .filter_map(|g| g.game)
        {
            own.count(table, &game, plies);
        }
        if let Ok(mut all) = agreement.lock() {
            all.add(own);
        }
    });
    agreement
        .into_inner()
        .map_err(|_| CliError::Failed("a reading thread failed".to_owned()))
}

/// Whether the file is held out of the learning: every `holdout`-th by a hash (FNV-1a) of its
/// name, the folders it sits in left out (they differ from one unpacking to the next).
fn held_out(file: &Path, holdout: u64) -> bool {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let parent = file
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in parent.bytes().chain(name.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    holdout > 0 && hash.is_multiple_of(holdout)
}

/// Run `qipu ecco-table`.
pub fn make_table(args: EccoTableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let min_support = whole_number(args.min_support.as_deref(), "--min-support", 2)?;
    let holdout = whole_number(args.holdout.as_deref(), "--holdout", 10)?;
    let threads = thread_option(args.threads.as_deref())?;
    let output = args.output.as_str();
    let files = files_of(&args.inputs)?;
    let (kept, tested): (Vec<PathBuf>, Vec<PathBuf>) =
        files.into_iter().partition(|f| !held_out(f, holdout));
    let threads = threads.unwrap_or_else(|| threads_for(kept.len()));
    let stop = AtomicBool::new(false);
    let learner = Mutex::new(Learner::new());
    map_files(&kept, threads, &stop, |_, bytes| {
        let Ok(bytes) = bytes else { return };
        let mut own = Learner::new();
        for game in read_record_bytes(bytes)
            .games
            .into_iter()
            .filter_map(|g| g.game)
        {
            own.add(&game);
        }
        if let Ok(mut all) = learner.lock() {
            all.merge(own);
        }
    });
    let learner = learner
        .into_inner()
        .map_err(|_| CliError::Failed("a reading thread failed".to_owned()))?;
    let table = learner.table(u32::try_from(min_support).unwrap_or(u32::MAX));
    let agreement = agreement(&table, &tested, MAX_PLY, Some(threads))?;
    let summary = format!(
        "learnt {} games; lines {}; held out {} games: agreed {} ({:.1}%), unclassified {}",
        learner.games(),
        table.len(),
        agreement.games,
        agreement.agreed,
        agreement.percent(),
        agreement.unclassified
    );
    let header = format!(
        "ECCO codes of lines and their defining moves, learnt from the [ECCO] and [Opening] tags \
         of games (qipu ecco-table, the first {MAX_PLY} plies, lines of at least {min_support} \
         games, moves of {:.0}% of a code's games, every {holdout}-th file held out).\n{summary}",
        DEFINING_SHARE * 100.0
    );
    write_complete(Path::new(output), table.write(&header).as_bytes())?;
    writeln!(out, "{summary}")?;
    Ok(())
}
