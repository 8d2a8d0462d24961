//! The `qipu` subcommands: the core, for scripts and tests. Output formats are relied on.

mod analyse;
mod clock;
mod cloud;
mod convert;
mod db;
mod db_bench;
mod diagram;
mod engine_match;
mod event;
mod generate;
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
mod ui_bench;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::lang::IoReason;

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

/// The version `qipu --version` prints: the package's and the build's revision.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("QIPU_GIT_REVISION"),
    ")"
);

/// The command line: one subcommand. Without one, the program opens the window (`src/main.rs`).
#[derive(Debug, Parser)]
#[command(
    name = "qipu",
    version = VERSION,
    about = "Qipu (棋谱): Xiangqi records, the referee, engines, events and the game database",
    long_about = "Qipu (棋谱): Xiangqi records, the referee, engines, events and the game \
database.\n\nWithout a subcommand `qipu` opens the window, and `qipu FILE.pgn` (any record file) \
opens the window showing it. `qipu help SUBCOMMAND` or `qipu SUBCOMMAND --help` describes a \
subcommand.\n\nExit status: 0 on success, 1 when the work failed on its input, 2 for a wrong \
command line."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Count the legal-move tree (the move generator's test and benchmark)
    Perft(perft::PerftArgs),
    /// Time the window's frames headlessly, a pasted scoresheet and a file's opening
    UiBench(ui_bench::UiBenchArgs),
    /// Write ICCS moves in a notation
    Notate(notate::NotateArgs),
    /// Read moves in a notation (or auto), print them in ICCS
    Parse(parse::ParseArgs),
    /// The referee's ruling on a line, as JSON; --summary counts rulings over many games
    Judge(judge::JudgeArgs),
    /// Replay move times on a time control (flag claims)
    Clock(clock::ClockArgs),
    /// Convert a record between PGN, XQF, DhtmlXQ, JSON and FEN (reads 象棋桥 too)
    Convert(convert::ConvertArgs),
    /// Read every game of files and folders; count games, plies, errors and seconds
    Stats(stats::StatsArgs),
    /// The game database (an SQLite file or postgres://…)
    Db(db::DbArgs),
    /// Enter a typed scoresheet into a record, every move checked
    Transcribe(transcribe_sheet::TranscribeArgs),
    /// Time entering a pasted scoresheet
    TranscribeBench(transcribe::TranscribeBenchArgs),
    /// Board diagrams as PNG, SVG or PDF pages
    Diagram(diagram::DiagramArgs),
    /// The scoresheet to print, as PDF or PNG pages
    Scoresheet(scoresheet::ScoresheetArgs),
    /// A tournament kept in one event file (art. 11–21)
    Event(event::EventArgs),
    /// The built-in engine over UCI (or UCCI: first command 'ucci')
    Uci(uci::UciArgs),
    /// An engine's review of every move: marks, better lines and each side's accuracy
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// The cloud database's moves, scores and line for a position (chessdb.cn), with a cache
    Cloud(cloud::CloudArgs),
    /// Training puzzles made from games
    Puzzles(puzzles::PuzzlesArgs),
    /// Each game's ECCO code and opening name; --agree measures them against the games' tags
    Opening(opening::OpeningArgs),
    /// The ECCO table learnt from tagged games, with its agreement
    EccoTable(opening::EccoTableArgs),
    /// An engine match adjudicated by the referee
    Match(engine_match::MatchArgs),
    /// Read pictures of boards (screenshots, printed diagrams) into positions
    #[command(alias = "recognize")]
    Recognise(recognise::RecogniseArgs),
    /// Measure reading pictures of boards on folders of pictures with positions.tsv
    #[command(alias = "recognize-bench")]
    RecogniseBench(recognise::RecogniseBenchArgs),
    /// The shell completions of qipu, for bash, zsh, fish, PowerShell or Elvish
    Completions(generate::CompletionsArgs),
    /// The manual pages of qipu and its subcommands (man), made from the same definition
    Manpage(generate::ManpageArgs),
}

/// Run the command line `args` (without the program name); returns the exit status.
pub fn run(args: &[String]) -> ExitCode {
    let command = match Cli::try_parse_from(
        std::iter::once("qipu".to_owned()).chain(event::forfeit_token(args)),
    ) {
        Ok(cli) => cli.command,
        Err(e) => {
            // Help and the version go to standard output with status 0; a wrong command line
            // to standard error, as clap words it, with status 2.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    match dispatch(command, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(err, "qipu: {e}");
            e.exit_code()
        }
    }
}

fn dispatch(command: Command, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Perft(args) => perft::run(args, out, err),
        Command::UiBench(args) => ui_bench::run(args, out, err),
        Command::Notate(args) => notate::run(args, out),
        Command::Parse(args) => parse::run(args, out),
        Command::Judge(args) => judge::run(args, out, err),
        Command::Clock(args) => clock::run(args, out),
        Command::Convert(args) => convert::run(args, out, err),
        Command::Stats(args) => stats::run(args, out),
        Command::Db(args) => db::run(args, out, err),
        Command::Transcribe(args) => transcribe_sheet::run(args, out),
        Command::TranscribeBench(args) => transcribe::run(args, out),
        Command::Diagram(args) => diagram::run(args, out, err),
        Command::Scoresheet(args) => scoresheet::run(args, out, err),
        Command::Event(args) => event::run(args, out, err),
        Command::Uci(args) => uci::run(args, out),
        Command::Analyse(args) => analyse::run(args, out, err),
        Command::Cloud(args) => cloud::run(args, out, err),
        Command::Puzzles(args) => puzzles::run(args, err),
        Command::Opening(args) => opening::run(args, out, err),
        Command::EccoTable(args) => opening::make_table(args, out),
        Command::Match(args) => engine_match::run(args, out),
        Command::Recognise(args) => recognise::run(args, out, err),
        Command::RecogniseBench(args) => recognise::bench(args, out),
        Command::Completions(args) => generate::completions(args, out),
        Command::Manpage(args) => generate::manpage(args, out),
    }
}

#[cfg(test)]
/// The subcommand `args` name (without the program name), or clap's reason as a usage error.
fn parsed(args: &[&str]) -> Result<Command, CliError> {
    Cli::try_parse_from(std::iter::once("qipu").chain(args.iter().copied()))
        .map(|cli| cli.command)
        .map_err(|e| CliError::Usage(e.to_string()))
}
