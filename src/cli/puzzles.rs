//! `qipu puzzles make FILE… -o SET.pgn [--side red|black] [--min-loss CP]
//! [--engine builtin|PATH] [--nodes N | --movetime MS | --depth N] [--rules cxa1999|asian]
//! [--force]`: every game of the files reviewed by an engine as `qipu analyse` reviews one (by
//! default with the same node budget, by one engine per core), and each mistake of
//! the chosen side (both sides by default) that lost at least `--min-loss` centipawns (100)
//! made a puzzle ([`crate::engine_client::mistakes_as_puzzles`]): the position before the
//! move, the engine's better line as the solution (cut by the built-in engine to the moves that
//! make the puzzle, [`crate::puzzles::trim_solution`]), the move played beside it. The puzzles go to
//! SET.pgn as Qipu PGN, by the rule of [`super::output::write_output`] (a set made from files
//! read only in part does not replace an existing file without `--force`). Standard error shows
//! each game's progress and, last, `games G, moves M, puzzles P; seconds S`.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::analyse::{number, review_limit, SearchLimit};
use super::output::write_output;
use super::{cannot_read, CliError};
use crate::engine::{Control, Engine, Options};
use crate::engine_client::{
    analyse_line, mistakes_as_puzzles, AnalysisSettings, EngineConfig, EnginePool, MistakeFilter,
    Thresholds,
};
use crate::formats::{read_record_file, write_pgn_games, Completeness, PgnWriteOptions};
use crate::notation::Script;
use crate::puzzles::trim_solution;
use crate::referee::RuleSet;
use crate::rules::{Color, Move};

/// `qipu puzzles`.
#[derive(Debug, clap::Args)]
pub struct PuzzlesArgs {
    /// What to do with puzzles
    #[command(subcommand)]
    action: PuzzlesAction,
}

/// The puzzle subcommands.
#[derive(Debug, clap::Subcommand)]
enum PuzzlesAction {
    /// The games' mistakes as puzzles: the position before the move, the better line to find
    Make(MakeArgs),
}

/// `qipu puzzles make`.
#[derive(Debug, clap::Args)]
struct MakeArgs {
    /// The record files whose games are reviewed
    #[arg(value_name = "FILE", required = true)]
    inputs: Vec<String>,
    /// The puzzle set to write (Qipu PGN)
    #[arg(short = 'o', value_name = "SET.pgn", required = true)]
    output: String,
    /// Only this side's mistakes (both sides by default)
    #[arg(long, value_name = "red|black")]
    side: Option<String>,
    /// The least loss in centipawns that makes a puzzle (100)
    #[arg(long, value_name = "CP")]
    min_loss: Option<String>,
    /// The engine: builtin (the default) or the path of a UCI or UCCI program
    #[arg(long, value_name = "builtin|PATH")]
    engine: Option<String>,
    #[command(flatten)]
    limit: SearchLimit,
    /// The rule set: cxa1999 or asian (by default each game's own, else cxa1999)
    #[arg(long, value_name = "cxa1999|asian")]
    rules: Option<String>,
    /// A set made from files read only in part replaces SET.pgn all the same
    #[arg(long)]
    force: bool,
}

/// Run the subcommand (`make` is the one there is).
pub fn run(args: PuzzlesArgs, err: &mut dyn Write) -> Result<(), CliError> {
    match args.action {
        PuzzlesAction::Make(args) => make(args, err),
    }
}

fn make(args: MakeArgs, err: &mut dyn Write) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let spec = args.engine.as_deref().unwrap_or("builtin");
    let limit = review_limit(&args.limit)?;
    let side = match args.side.as_deref() {
        None => None,
        Some("red") => Some(Color::Red),
        Some("black") => Some(Color::Black),
        Some(other) => return Err(usage(format!("--side '{other}': red or black"))),
    };
    let min_loss: i32 = args
        .min_loss
        .as_deref()
        .map_or(Ok(Thresholds::default().mistake), |cp| {
            number(cp, "--min-loss")
        })?;
    if min_loss < 1 {
        return Err(usage("--min-loss must be at least 1".to_owned()));
    }
    let rules = args
        .rules
        .as_deref()
        .map(|name| name.parse::<RuleSet>().map_err(|e| usage(e.to_string())))
        .transpose()?;
    let output = args.output.as_str();
    let force = args.force;
    let inputs = &args.inputs;
    let config = EngineConfig::parse_spec(spec).map_err(|e| usage(e.to_string()))?;
    let mut engines = EnginePool::start(&config, EnginePool::per_core())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    engines
        .set_offered("UCI_AnalyseMode", "true")
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let filter = MistakeFilter { side, min_loss };
    let settings = AnalysisSettings {
        limit,
        thresholds: Thresholds::default(),
    };
    let started = Instant::now();
    let mut completeness = Completeness::Complete;
    let (mut games, mut moves) = (0usize, 0usize);
    let mut puzzles = Vec::new();
    for input in inputs {
        let record = read_record_file(Path::new(input))
            .map_err(|e| CliError::Usage(cannot_read(input, &e)))?;
        let count = record.games.len();
        for (i, read) in record.games.into_iter().enumerate() {
            let number = i + 1;
            let game = match (read.game, read.error) {
                (Some(game), None) => game,
                (_, error) => {
                    // A game read in part is left out: its line is not the game's.
                    completeness = Completeness::Partial;
                    let why = error.map_or_else(|| "empty".to_owned(), |e| e.to_string());
                    writeln!(err, "qipu: {input}: game {number} left out: {why}")?;
                    continue;
                }
            };
            let game_rules = rules
                .or_else(|| RuleSet::of_game(&game))
                .unwrap_or_default();
            engines
                .set_offered("Rules", game_rules.name())
                .map_err(|e| CliError::Failed(e.to_string()))?;
            let line: Vec<Move> = game
                .main_line()
                .into_iter()
                .filter_map(|n| game.move_of(n))
                .collect();
            let mut bar = |done: usize, total: usize| {
                let _ = write!(
                    err,
                    "\r{input}: game {number}/{count}, {done}/{total} positions"
                );
                let _ = err.flush();
            };
            let reviews = analyse_line(
                &mut engines,
                game.start(),
                &line,
                &settings,
                &mut bar,
                &AtomicBool::new(false),
            )
            .map_err(|e| CliError::Failed(format!("{input}: game {number}: {e}")))?
            .unwrap_or_default();
            writeln!(err)?;
            games += 1;
            moves += reviews.len();
            let mut made = mistakes_as_puzzles(&game, &reviews, &filter);
            // The solutions are cut by the built-in engine, whichever engine reviewed: the
            // trainer judges moves by it too.
            let mut trimmer = Engine::new(Options {
                rules: game_rules,
                ..Options::default()
            });
            for puzzle in &mut made {
                trim_solution(puzzle, &mut trimmer, &Control::default());
            }
            puzzles.extend(made);
        }
    }
    if games == 0 {
        return Err(CliError::Failed(
            "no game could be read: no puzzle set written".to_owned(),
        ));
    }
    let text = write_pgn_games(&puzzles, &PgnWriteOptions::qipu(Script::Simplified));
    write_output(Path::new(output), text.as_bytes(), completeness, force, err)?;
    writeln!(
        err,
        "games {games}, moves {moves}, puzzles {}; seconds {:.1}",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
