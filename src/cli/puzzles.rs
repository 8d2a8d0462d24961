//! `qipu puzzles make FILE… -o SET.pgn [--side red|black] [--min-loss CP]
//! [--engine builtin|PATH] [--nodes N | --movetime MS | --depth N] [--rules cxa1999|asian]
//! [--force]`: every game of the files reviewed by an engine as `qipu analyse` reviews one (by
//! default with the same node budget, by one engine per core), and each mistake of
//! the chosen side (both sides by default) that lost at least `--min-loss` centipawns (100)
//! made a puzzle ([`crate::engine_client::mistakes_as_puzzles`]): the position before the
//! move, the engine's better line as the solution, the move played beside it. The puzzles go to
//! SET.pgn as Qipu PGN, by the rule of [`super::output::write_output`] (a set made from files
//! read only in part does not replace an existing file without `--force`). Standard error shows
//! each game's progress and, last, `games G, moves M, puzzles P; seconds S`.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::analyse::review_limit;
use super::output::{force_flag, write_output};
use super::{cannot_read, Args, CliError};
use crate::engine_client::{
    analyse_line, mistakes_as_puzzles, AnalysisSettings, EngineConfig, EnginePool, MistakeFilter,
    Thresholds,
};
use crate::formats::{read_record_file, write_pgn_games, Completeness, PgnWriteOptions};
use crate::notation::Script;
use crate::referee::RuleSet;
use crate::rules::{Color, Move};

const USAGE: &str = "usage: qipu puzzles make FILE... -o SET.pgn [--side red|black] \
[--min-loss CP] [--engine builtin|PATH] [--nodes N | --movetime MS | --depth N] \
[--rules cxa1999|asian] [--force]";

/// Run the subcommand (`make` is the one there is).
pub fn run(rest: &[String], err: &mut dyn Write) -> Result<(), CliError> {
    match rest.split_first() {
        Some((verb, rest)) if verb == "make" => make(Args::new(rest), err),
        _ => Err(CliError::Usage(USAGE.to_owned())),
    }
}

fn make(mut args: Args, err: &mut dyn Write) -> Result<(), CliError> {
    let usage = |what: String| CliError::Usage(format!("{what}\n{USAGE}"));
    let spec = args.option("--engine")?.unwrap_or("builtin");
    let limit = review_limit(&mut args, USAGE)?;
    let side = match args.option("--side")? {
        None => None,
        Some("red") => Some(Color::Red),
        Some("black") => Some(Color::Black),
        Some(other) => return Err(usage(format!("--side '{other}': red or black"))),
    };
    let min_loss: i32 = args
        .option("--min-loss")?
        .map_or(Ok(Thresholds::default().mistake), |cp| {
            number(cp, "--min-loss")
        })?;
    if min_loss < 1 {
        return Err(usage("--min-loss must be at least 1".to_owned()));
    }
    let rules = args
        .option("--rules")?
        .map(|name| name.parse::<RuleSet>().map_err(|e| usage(e.to_string())))
        .transpose()?;
    let Some(output) = args.option("-o")? else {
        return Err(usage("name the puzzle set with -o SET.pgn".to_owned()));
    };
    let force = force_flag(&mut args);
    let inputs = args.positionals()?;
    if inputs.is_empty() {
        return Err(CliError::Usage(USAGE.to_owned()));
    }
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
    for input in &inputs {
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
            puzzles.extend(mistakes_as_puzzles(&game, &reviews, &filter));
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

fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, CliError> {
    text.parse()
        .map_err(|_| CliError::Usage(format!("{name} '{text}' is not a whole number\n{USAGE}")))
}
