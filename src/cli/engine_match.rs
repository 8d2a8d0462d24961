//! `qipu match --engine A --engine B [--games N] [--movetime MS | --depth N | --tc SPEC]
//! [--openings FILE] [--rules cxa1999|asian] [--max-plies N] [--ban-forbidden] [-o GAMES.pgn]`:
//! an engine match adjudicated by Qipu's referee.
//!
//! Game `i` (from 1) starts from opening `(i - 1) / 2` (cycling), A playing Red in odd games and
//! Black in even ones, so each opening is played with colours swapped. Standard output, one
//! line per game as it ends, then three lines:
//!
//! ```text
//! game 1: NAME_RED - NAME_BLACK 1-0 checkmate, 87 plies
//! score A_NAME 5.5 - B_NAME 4.5 of 10 (+4 =3 -3)
//! elo +34.9 ± 180.2
//! rulings checkmate 6, repetition_draw 2, natural_limit 2
//! ```
//!
//! `elo` is A's rating less B's with the 95% margin (`inf` when one side scored everything);
//! `rulings` counts the games by kind (`qipu judge`'s reasons, `loss_on_time`, `ply_cap`,
//! `illegal_move`, `no_move`, `engine_failure`). With `-o` the games so far are written after
//! every game (atomically), as PGN with the ruling.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use super::CliError;
use crate::competition::TimeControl;
use crate::ending::Outcome;
use crate::engine_client::{
    builtin_openings, play_game, read_openings, DuelSettings, EngineConfig, ExternalEngine, Pace,
    Points, Tally,
};
use crate::formats::{save_atomic, write_pgn_games, PgnWriteOptions, TargetState};
use crate::notation::Script;
use crate::referee::RuleSet;

/// `qipu match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// An engine: builtin or the path of a UCI or UCCI program; give it twice, A then B
    #[arg(long, value_name = "builtin|PATH")]
    engine: Vec<String>,
    /// Games to play (2 by default)
    #[arg(long, value_name = "N")]
    games: Option<String>,
    /// Milliseconds a move (100 by default)
    #[arg(long, value_name = "MS", group = "pace")]
    movetime: Option<String>,
    /// Plies searched a move
    #[arg(long, value_name = "N", group = "pace")]
    depth: Option<String>,
    /// A time control on the clock, as `qipu clock` reads it (40/90m,sd/30m+30s …)
    #[arg(long, value_name = "SPEC", group = "pace")]
    tc: Option<String>,
    /// Start the games from the positions of this record file's games instead of the built-in
    /// openings
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// The rule set: cxa1999 (the default) or asian
    #[arg(long, value_name = "cxa1999|asian")]
    rules: Option<String>,
    /// Plies after which a game is adjudicated a draw (300)
    #[arg(long, value_name = "N")]
    max_plies: Option<String>,
    /// Tell the engines the moves the rules forbid in each position
    #[arg(long)]
    ban_forbidden: bool,
    /// Write the games so far to this PGN file after every game
    #[arg(short = 'o', value_name = "GAMES.pgn")]
    output: Option<String>,
}

/// Run the subcommand.
pub fn run(args: MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let [spec_a, spec_b] = &args.engine[..] else {
        return Err(usage(format!(
            "give two engines, not {}",
            args.engine.len()
        )));
    };
    let games: usize = number(args.games.as_deref(), "--games", 2)?;
    if games == 0 {
        return Err(usage("--games must be at least 1".to_owned()));
    }
    let pace = match (
        args.movetime.as_deref(),
        args.depth.as_deref(),
        args.tc.as_deref(),
    ) {
        (Some(ms), _, _) => {
            Pace::MoveTime(Duration::from_millis(number(Some(ms), "--movetime", 100)?))
        }
        (None, Some(d), _) => Pace::Depth(number(Some(d), "--depth", 1)?),
        (None, None, Some(spec)) => Pace::Clock(
            spec.parse::<TimeControl>()
                .map_err(|e| usage(e.to_string()))?,
        ),
        (None, None, None) => Pace::MoveTime(Duration::from_millis(100)),
    };
    let rules = match args.rules.as_deref() {
        Some(name) => name.parse::<RuleSet>().map_err(|e| usage(e.to_string()))?,
        None => RuleSet::default(),
    };
    let max_plies = number(args.max_plies.as_deref(), "--max-plies", 300)?;
    let ban_forbidden = args.ban_forbidden;
    let openings = match args.openings.as_deref() {
        Some(file) => read_openings(Path::new(file)).map_err(|e| usage(e.to_string()))?,
        None => builtin_openings(),
    };
    let output = args.output.as_deref();
    let settings = DuelSettings {
        rules,
        pace,
        max_plies,
        ban_forbidden,
    };
    let start = |spec: &str| -> Result<ExternalEngine, CliError> {
        let config = EngineConfig::parse_spec(spec).map_err(|e| usage(e.to_string()))?;
        ExternalEngine::start(&config).map_err(|e| CliError::Usage(e.to_string()))
    };
    let mut a = start(spec_a)?;
    let mut b = start(spec_b)?;
    let (mut name_a, mut name_b) = (a.label(), b.label());
    if name_a == name_b {
        name_a.push_str(" #1");
        name_b.push_str(" #2");
    }
    let mut tally = Tally::default();
    let mut records = Vec::new();
    let options = PgnWriteOptions::qipu(Script::Simplified);
    for i in 0..games {
        let opening = &openings[(i / 2) % openings.len()];
        let a_is_red = i % 2 == 0;
        let (red, black, red_name, black_name) = if a_is_red {
            (&mut a, &mut b, &name_a, &name_b)
        } else {
            (&mut b, &mut a, &name_b, &name_a)
        };
        let game = play_game(red, black, opening, &settings)
            .map_err(|e| CliError::Failed(format!("game {}: {e}", i + 1)))?;
        let record = game.record(red_name, black_name, i + 1, &settings);
        let outcome = game.ending.outcome();
        let points = match (outcome, a_is_red) {
            (Outcome::RedWins, true) | (Outcome::BlackWins, false) => Points::Win,
            (Outcome::RedWins, false) | (Outcome::BlackWins, true) => Points::Loss,
            _ => Points::Draw,
        };
        tally.add(points, game.ending.kind());
        writeln!(
            out,
            "game {}: {red_name} - {black_name} {} {}, {} plies",
            i + 1,
            outcome.pgn(),
            game.ending.kind(),
            record.main_line().len()
        )?;
        out.flush()?;
        records.push(record);
        if let Some(path) = output {
            let text = write_pgn_games(&records, &options);
            save_atomic(Path::new(path), text.as_bytes(), TargetState::Safe, false)
                .map_err(|e| CliError::Failed(e.to_string()))?;
        }
    }
    writeln!(
        out,
        "score {name_a} {} - {name_b} {} of {} (+{} ={} -{})",
        tally.points(),
        f64::from(tally.games()) - tally.points(),
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses
    )?;
    let elo = tally.elo().map(|mut e| {
        if e.difference.abs() < 0.05 {
            e.difference = 0.0;
        }
        e
    });
    match elo {
        Some(e) if e.difference.is_finite() && e.margin.is_finite() => {
            writeln!(out, "elo {:+.1} ± {:.1}", e.difference, e.margin)?
        }
        Some(e) if e.difference.is_finite() => writeln!(out, "elo {:+.1} ± inf", e.difference)?,
        Some(e) => writeln!(
            out,
            "elo {}inf ± inf",
            if e.difference > 0.0 { "+" } else { "-" }
        )?,
        None => {}
    }
    let rulings: Vec<String> = tally
        .rulings
        .iter()
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect();
    writeln!(out, "rulings {}", rulings.join(", "))?;
    Ok(())
}

fn number<T: std::str::FromStr>(
    value: Option<&str>,
    name: &str,
    default: T,
) -> Result<T, CliError> {
    match value {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| CliError::Usage(format!("{name} '{text}' is not a whole number"))),
    }
}
