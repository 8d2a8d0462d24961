//! The `qipu` subcommands: the core, for scripts and tests. Output formats are relied on.

mod analyse;
mod args;
mod clock;
mod cloud;
mod convert;
mod db;
mod db_bench;
mod diagram;
mod engine_match;
mod event;
mod judge;
mod notate;
mod open;
mod opening;
mod output;
mod parse;
mod perft;
mod puzzles;
mod recognise;
mod scoresheet;
mod stats;
mod transcribe;
mod transcribe_sheet;
mod uci;
#[cfg(feature = "gui")]
mod ui_bench;

use std::io::Write;
use std::process::ExitCode;

use crate::lang::IoReason;

pub use args::Args;

/// Why a subcommand stopped.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line is wrong (exit status 2).
    #[error("{0}")]
    Usage(String),
    /// The input is valid but the work failed (exit status 1).
    #[error("{0}")]
    Failed(String),
    /// Writing the output failed.
    #[error("cannot write output: {}", IoReason::of(.0))]
    Io(#[from] std::io::Error),
}

/// `cannot read PATH: REASON`, the system's reason in plain words.
fn cannot_read(path: impl std::fmt::Display, error: &std::io::Error) -> String {
    format!("cannot read {path}: {}", IoReason::of(error))
}

impl CliError {
    fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Usage(_) => ExitCode::from(2),
            CliError::Failed(_) | CliError::Io(_) => ExitCode::from(1),
        }
    }
}

/// One line per subcommand, for `qipu help`.
const USAGE: &str = "\
usage: qipu <command> [options]

commands:
  perft DEPTH [--fen FEN] [--divide]   count the legal-move tree (move generator test)
  notate [--fen FEN] --as N MOVE...    write ICCS moves in notation N (iccs wxf zh zh-hant abbrev;
                                       options --textbook --half-width --over-advances)
  parse [--fen FEN] --from N TEXT...   read moves in notation N (or auto), print them in ICCS
  judge [--rules cxa1999|axf] [--fen FEN] [--limit ROUNDS] [--tandem front-back|file]
        --moves ICCS... | FILE         the referee's ruling on a line, as JSON
  judge --summary [--rules R] [--threads N] PATH...
                                       rulings counted by kind over every game below PATH
  clock --control SPEC --times T...    replay move times on a clock (flag claims); SPEC: 6.1, sd/60m+5s
  convert INPUT [-o OUT] [--to F]      convert a record (F: pgn pgn-xqwizard pgn-iccs pgn-wxf json fen
                                       xqf dhtmlxq; by default from the name of OUT; --tandem;
                                       --force: a record read in part replaces OUT)
  stats [--errors] [--threads N] FILE|FOLDER...
                                       read every game; print threads, games, plies, errors, seconds
  db import|search|tree|export|stats|bench DB ...
                                       the game database (SQLite file or postgres://…)
  transcribe [--fen FEN] [FILE|-] [-o OUT.pgn] [--lang L] [--tandem front-back|file]
                                       enter a typed scoresheet, every move checked
  transcribe-bench FILE [--rounds N] [--as N] [--repeat K]
                                       time entering a pasted scoresheet
  diagram [--fen FEN | FILE [--ply N]] -o OUT.png|OUT.svg|OUT.pdf [--size PIXELS] [--all]
          [--grid CxR] [--paper a4|letter] [--flip] [--tandem front-back|file]
                                       board diagrams as PNG, SVG or PDF pages
  scoresheet FILE -o OUT.pdf|OUT.png [--abbrev] [--lang L] [--paper a4|letter]
          [--tandem front-back|file]   the scoresheet to print, as a PDF or PNG pages
  ui-bench [--moves N] [--frames N] [--paste N] [--pgn FILE] [--record FILE]
                                       time the window's frames headlessly and a file's opening;
                                       --record: open one record, step through it, memory, quit
  event new|add|import|pair|result|lineup|withdraw|penalty|show|standings|export EVENT ...
                                       run a tournament kept in one event file (art. 11-21)
  uci                                  the built-in engine over UCI (or UCCI: first command 'ucci')
  analyse FILE [--engine builtin|PATH] [--nodes N|--movetime MS|--depth N] [--multipv K] [--game N]
        [-o OUT.pgn]                   an engine's evaluation of every move, marks, best lines
                                       and each side's accuracy (by nodes: the same on every run)
  cloud FEN|FILE [--ply N] [--json] [--pv|--score] [--server URL] [--no-cache|--cache FILE]
                                       the cloud database's moves (chessdb.cn), scores and line
  puzzles make FILE... -o SET.pgn [--side red|black] [--min-loss CP] [--engine E]
        [--nodes N|--movetime MS|--depth N]
                                       the games' mistakes as puzzles (the better line to find)
  opening FILE|FOLDER... [--plies N] [--tags] [--json]
                                       each game's ECCO code and opening name, for the moves
                                       of its first N plies (20) or by its own tags first
  opening --agree FILE|FOLDER... [--plies N] [--held-out K]
                                       the codes' agreement with the games' [ECCO] tags
  ecco-table FILE|FOLDER... -o TABLE.tsv [--min-support N] [--holdout K]
                                       the ECCO table learnt from tagged games, with its agreement
  match --engine A --engine B [--games N] [--movetime MS|--depth N|--tc SPEC] [--openings FILE]
        [--rules cxa1999|asian] [-o GAMES.pgn]
                                       an engine match adjudicated by the referee
  recognise IMAGE... [--json]          read pictures of boards (screenshots, printed diagrams)
                                       into positions: one FEN a picture, doubtful points noted
  recognise-bench SET...               share of points and boards read right, time a picture,
                                       for folders of pictures with positions.tsv
  help                                 this text
  --version                            version and build revision";

/// Run the command line `args` (without the program name); returns the exit status.
pub fn run(args: &[String]) -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    match dispatch(args, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(err, "qipu: {e}");
            if matches!(e, CliError::Usage(_)) && args.is_empty() {
                let _ = writeln!(err, "{USAGE}");
            }
            e.exit_code()
        }
    }
}

fn dispatch(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        writeln!(out, "{USAGE}")?;
        return Ok(());
    };
    match command.as_str() {
        "perft" => perft::run(Args::new(rest), out, err),
        #[cfg(feature = "gui")]
        "ui-bench" => ui_bench::run(Args::new(rest), out, err),
        "notate" => notate::run(Args::new(rest), out),
        "parse" => parse::run(Args::new(rest), out),
        "judge" => judge::run(Args::new(rest), out, err),
        "clock" => clock::run(Args::new(rest), out),
        "convert" => convert::run(Args::new(rest), out, err),
        "stats" => stats::run(Args::new(rest), out),
        "db" => db::run(rest, out, err),
        "transcribe" => transcribe_sheet::run(Args::new(rest), out),
        "transcribe-bench" => transcribe::run(Args::new(rest), out),
        "diagram" => diagram::run(Args::new(rest), out, err),
        "scoresheet" => scoresheet::run(Args::new(rest), out, err),
        "event" => event::run(rest, out, err),
        "uci" => uci::run(Args::new(rest), out),
        "analyse" | "analyze" => analyse::run(Args::new(rest), out, err),
        "cloud" => cloud::run(Args::new(rest), out, err),
        "match" => engine_match::run(Args::new(rest), out),
        "puzzles" => puzzles::run(rest, err),
        "opening" => opening::run(Args::new(rest), out, err),
        "ecco-table" => opening::make_table(Args::new(rest), out),
        "recognise" | "recognize" => recognise::run(Args::new(rest), out, err),
        "recognise-bench" => recognise::bench(Args::new(rest), out),
        "help" | "--help" | "-h" => {
            writeln!(out, "{USAGE}")?;
            Ok(())
        }
        "--version" | "-V" => {
            writeln!(
                out,
                "qipu {} ({})",
                env!("CARGO_PKG_VERSION"),
                env!("QIPU_GIT_REVISION")
            )?;
            Ok(())
        }
        other => Err(CliError::Usage(format!(
            "unknown command '{other}'; run 'qipu help' for the list"
        ))),
    }
}
