//! `qipu analyse FILE [--engine builtin|PATH] [--nodes N | --movetime MS | --depth N]
//! [--multipv K] [--rules cxa1999|asian] [--game N] [--inaccuracy CP] [--mistake CP]
//! [--blunder CP] [-o OUT.pgn]`: an engine's review of every move of a game's main line, written
//! into the game.
//!
//! The positions are searched by one engine per core, each position from a fresh start and on
//! one thread ([`crate::engine_client::EnginePool`]), with a node budget (`--nodes`; by default
//! [`Limit::review`] of half a second): the same game gives the same review on every run.
//! `--movetime` and `--depth` are there too (a time limit gives another review on every run).
//!
//! Each main-line move gets `[%eval 0.35]` / `[%eval #-3]` in its comment (pawns, Red's side,
//! after the move), a mark where it lost against the engine's best at least `--inaccuracy`
//! (`?!`, 50 centipawns), `--mistake` (`?`, 100) or `--blunder` (`??`, 300), and, where it was
//! not the engine's best, the best line as a variation. Standard error shows a progress bar and,
//! last, the summary line
//! `moves 84, red: ?! 2, ? 1, ?? 0, average loss 23, accuracy 91.4%; black: ?! 3, ? 0, ?? 1,
//! average loss 31, accuracy 86.0%; seconds 12.3` (accuracy as
//! [`crate::engine_client::accuracy`] defines it, also kept in the game's `RedAccuracy` and
//! `BlackAccuracy` tags). The game goes to OUT (atomically) or standard output, as Qipu PGN.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::output::write_output;
use super::{cannot_read, CliError};
use crate::engine_client::{
    accuracy, analyse_line, annotate, mover_of, AnalysisSettings, BestLines, EngineConfig,
    EnginePool, Limit, MoveReview, Thresholds,
};
use crate::formats::{read_record_file, write_pgn, Completeness, PgnWriteOptions};
use crate::notation::Script;
use crate::record::Mark;
use crate::referee::RuleSet;
use crate::rules::{Color, Move};

/// `qipu analyse`.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// The record file
    file: String,
    /// The engine: builtin (the default) or the path of a UCI or UCCI program
    #[arg(long, value_name = "builtin|PATH")]
    engine: Option<String>,
    #[command(flatten)]
    limit: SearchLimit,
    /// Lines the engine gives for each position
    #[arg(long, value_name = "K")]
    multipv: Option<String>,
    /// The rule set: cxa1999 or asian (by default the game's own, else cxa1999)
    #[arg(long, value_name = "cxa1999|asian")]
    rules: Option<String>,
    /// Which game of the file (from 1)
    #[arg(long, value_name = "N")]
    game: Option<String>,
    /// The loss in centipawns marked ?! (50)
    #[arg(long, value_name = "CP")]
    inaccuracy: Option<String>,
    /// The loss in centipawns marked ? (100)
    #[arg(long, value_name = "CP")]
    mistake: Option<String>,
    /// The loss in centipawns marked ?? (300)
    #[arg(long, value_name = "CP")]
    blunder: Option<String>,
    /// Write the reviewed game to this PGN file (atomically) instead of standard output
    #[arg(short = 'o', value_name = "OUT.pgn")]
    output: Option<String>,
    /// A game read only in part replaces OUT all the same
    #[arg(long)]
    force: bool,
}

/// How long each position is searched: one of a node budget, a time and a depth.
#[derive(Debug, clap::Args)]
pub(super) struct SearchLimit {
    /// Nodes searched in each position (by default the budget of half a second, the same on
    /// every run)
    #[arg(long, value_name = "N", group = "search_limit")]
    nodes: Option<String>,
    /// Milliseconds searched in each position (another review on every run)
    #[arg(long, value_name = "MS", group = "search_limit")]
    movetime: Option<String>,
    /// Plies searched in each position
    #[arg(long, value_name = "N", group = "search_limit")]
    depth: Option<String>,
}

/// Run the subcommand.
pub fn run(args: AnalyseArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let spec = args.engine.as_deref().unwrap_or("builtin");
    let limit = review_limit(&args.limit)?;
    let multipv: u32 = args
        .multipv
        .as_deref()
        .map_or(Ok(1), |k| number(k, "--multipv"))?;
    if multipv == 0 {
        return Err(usage("--multipv must be at least 1".to_owned()));
    }
    let rules = args
        .rules
        .as_deref()
        .map(|name| name.parse::<RuleSet>().map_err(|e| usage(e.to_string())))
        .transpose()?;
    let game_number: usize = args
        .game
        .as_deref()
        .map_or(Ok(1), |n| number(n, "--game"))?;
    let defaults = Thresholds::default();
    let threshold = |value: Option<&str>, name: &str, default: i32| match value {
        Some(v) => number::<i32>(v, name),
        None => Ok(default),
    };
    let thresholds = Thresholds {
        inaccuracy: threshold(
            args.inaccuracy.as_deref(),
            "--inaccuracy",
            defaults.inaccuracy,
        )?,
        mistake: threshold(args.mistake.as_deref(), "--mistake", defaults.mistake)?,
        blunder: threshold(args.blunder.as_deref(), "--blunder", defaults.blunder)?,
    };
    if !(0 < thresholds.inaccuracy
        && thresholds.inaccuracy <= thresholds.mistake
        && thresholds.mistake <= thresholds.blunder)
    {
        return Err(usage(
            "the thresholds must grow: 0 < --inaccuracy <= --mistake <= --blunder".to_owned(),
        ));
    }
    let output = args.output.as_deref();
    let force = args.force;
    let input = args.file.as_str();
    if game_number == 0 {
        return Err(usage("--game counts from 1".to_owned()));
    }
    let record =
        read_record_file(Path::new(input)).map_err(|e| CliError::Usage(cannot_read(input, &e)))?;
    let count = record.games.len();
    let Some(chosen) = record.games.into_iter().nth(game_number - 1) else {
        return Err(CliError::Usage(format!(
            "{input}: no game {game_number}: the file has {count}"
        )));
    };
    for warning in &chosen.warnings {
        writeln!(err, "qipu: {input}: game {game_number}, warning: {warning}")?;
    }
    let mut game = match (chosen.game, chosen.error) {
        (Some(game), None) => game,
        (_, Some(e)) => {
            return Err(CliError::Usage(format!(
                "{input}: game {game_number} cannot be read in full: {e}"
            )))
        }
        (None, None) => {
            return Err(CliError::Usage(format!(
                "{input}: game {game_number} is empty"
            )))
        }
    };
    let rules = rules
        .or_else(|| RuleSet::of_game(&game))
        .unwrap_or_default();
    let config = EngineConfig::parse_spec(spec).map_err(|e| usage(e.to_string()))?;
    let mut engines = EnginePool::start(&config, EnginePool::per_core())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if multipv > 1 {
        engines
            .set_option("MultiPV", &multipv.to_string())
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    for (name, value) in [("UCI_AnalyseMode", "true"), ("Rules", rules.name())] {
        engines
            .set_offered(name, value)
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let moves: Vec<Move> = game
        .main_line()
        .into_iter()
        .filter_map(|n| game.move_of(n))
        .collect();
    let started = Instant::now();
    let settings = AnalysisSettings { limit, thresholds };
    let mut bar = |done: usize, total: usize| {
        let width = 30;
        let filled = done * width / total.max(1);
        let _ = write!(
            err,
            "\ranalysing [{}{}] {done}/{total} positions",
            "#".repeat(filled),
            ".".repeat(width - filled)
        );
        let _ = err.flush();
    };
    let reviews = analyse_line(
        &mut engines,
        &game.start().clone(),
        &moves,
        &settings,
        &mut bar,
        &AtomicBool::new(false),
    )
    .map_err(|e| CliError::Failed(format!("{input}: {e}")))?
    .unwrap_or_default();
    writeln!(err)?;
    annotate(&mut game, &reviews, BestLines::All);
    let first_mover = game.start().side_to_move();
    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    match output {
        Some(path) => {
            let same_file = std::fs::canonicalize(path).ok() == std::fs::canonicalize(input).ok();
            let completeness = if same_file && count > 1 {
                // Writing one game over a file of several would lose the others.
                Completeness::Partial
            } else {
                Completeness::Complete
            };
            write_output(Path::new(path), text.as_bytes(), completeness, force, err)?;
        }
        None => out.write_all(text.as_bytes())?,
    }
    writeln!(
        err,
        "{}; seconds {:.1}",
        summary(&reviews, first_mover),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// `moves N, red: ?! A, ? B, ?? C, average loss L, accuracy P%; black: …` (`accuracy -` for a
/// side without a move).
fn summary(reviews: &[MoveReview], first_mover: Color) -> String {
    let accuracy = accuracy(reviews, first_mover);
    let side = |color: Color| {
        let own: Vec<&MoveReview> = reviews
            .iter()
            .filter(|r| mover_of(r.ply, first_mover) == color)
            .collect();
        let count = |mark: Mark| own.iter().filter(|r| r.mark == Some(mark)).count();
        let average = if own.is_empty() {
            0
        } else {
            own.iter().map(|r| i64::from(r.loss)).sum::<i64>() / own.len() as i64
        };
        let percent = accuracy
            .of(color)
            .map_or_else(|| "-".to_owned(), |a| format!("{a:.1}%"));
        format!(
            "?! {}, ? {}, ?? {}, average loss {average}, accuracy {percent}",
            count(Mark::Dubious),
            count(Mark::Mistake),
            count(Mark::Blunder)
        )
    };
    format!(
        "moves {}, red: {}; black: {}",
        reviews.len(),
        side(Color::Red),
        side(Color::Black)
    )
}

/// `text` as the number option `name` takes, or a usage error.
pub(super) fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, CliError> {
    text.parse()
        .map_err(|_| CliError::Usage(format!("{name} '{text}' is not a whole number")))
}

/// How each position is searched, as `--nodes`, `--movetime` or `--depth` says (one at most,
/// which the command line sees to; by default the review's node budget for half a second).
pub(super) fn review_limit(limit: &SearchLimit) -> Result<Limit, CliError> {
    let SearchLimit {
        nodes,
        movetime,
        depth,
    } = limit;
    Ok(match (nodes, movetime, depth) {
        (Some(n), _, _) => Limit::Nodes(number::<u64>(n, "--nodes")?.max(1)),
        (None, Some(ms), _) => Limit::MoveTime(Duration::from_millis(number(ms, "--movetime")?)),
        (None, None, Some(d)) => Limit::Depth(number(d, "--depth")?),
        (None, None, None) => Limit::review(Duration::from_millis(500)),
    })
}
