//! `qipu convert INPUT [-o OUT] [--to pgn|pgn-xqwizard|pgn-iccs|pgn-wxf|json|fen] [--traditional]`:
//! read a record file (PGN, XQF or JSON, recognised by content) and write it in another format,
//! to standard output or, with `-o`, to a file saved atomically. `--to fen` prints the final
//! position of each game's main line. `--traditional` writes Chinese moves in traditional glyphs
//! (BIG5 for `pgn-xqwizard`).
//!
//! Games that cannot be read are reported on standard error with their place; the others are
//! converted, and the exit status is 1.

use std::io::Write;
use std::path::Path;

use super::{Args, CliError};
use crate::formats::{
    encode_pgn, read_record_file, save_atomic, write_json_games, write_pgn_games, PgnWriteOptions,
    TargetState,
};
use crate::notation::{Notation, Script};
use crate::record::Game;

const USAGE: &str = "usage: qipu convert INPUT [-o OUT] \
[--to pgn|pgn-xqwizard|pgn-iccs|pgn-wxf|json|fen] [--traditional]";

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let output = args.option("-o")?;
    let to = args.option("--to")?.unwrap_or("pgn");
    let script = if args.flag("--traditional") {
        Script::Traditional
    } else {
        Script::Simplified
    };
    let positionals = args.positionals()?;
    let [input] = positionals[..] else {
        return Err(CliError::Usage(USAGE.to_owned()));
    };
    let record = read_record_file(Path::new(input))
        .map_err(|e| CliError::Failed(format!("cannot read {input}: {e}")))?;
    let mut games: Vec<Game> = Vec::new();
    let mut bad = 0;
    for (i, file_game) in record.games.into_iter().enumerate() {
        if let Some(e) = &file_game.error {
            bad += 1;
            let text = e.to_string();
            if text.starts_with("game ") {
                writeln!(err, "{input}: {text}")?;
            } else {
                writeln!(err, "{input}: game {}, {text}", i + 1)?;
            }
        }
        games.extend(file_game.game);
    }
    let bytes = match to {
        "json" => {
            let mut text = write_json_games(&games);
            text.push('\n');
            text.into_bytes()
        }
        "fen" => games
            .iter()
            .map(|g| {
                let last = g.main_line().last().copied().unwrap_or(g.root());
                format!("{}\n", g.position(last).to_fen())
            })
            .collect::<String>()
            .into_bytes(),
        _ => {
            let options = match to {
                "pgn" => PgnWriteOptions::qipu(script),
                "pgn-xqwizard" => PgnWriteOptions::xiangqi_wizard(script),
                "pgn-iccs" => PgnWriteOptions::with_notation(Notation::Iccs),
                "pgn-wxf" => PgnWriteOptions::with_notation(Notation::Wxf),
                other => {
                    return Err(CliError::Usage(format!(
                        "unknown output format '{other}'\n{USAGE}"
                    )))
                }
            };
            let (bytes, unmappable) = encode_pgn(&write_pgn_games(&games, &options), &options);
            if unmappable > 0 {
                writeln!(
                    err,
                    "{unmappable} character(s) have no code in {} and are written as &#NNNN;",
                    options.encoding
                )?;
            }
            bytes
        }
    };
    match output {
        Some(path) => {
            // Never write over the input when part of it could not be read.
            let same_file = std::fs::canonicalize(path).ok() == std::fs::canonicalize(input).ok();
            let target = if same_file && bad > 0 {
                TargetState::FailedToRead
            } else {
                TargetState::Safe
            };
            save_atomic(Path::new(path), &bytes, target, false)
                .map_err(|e| CliError::Failed(e.to_string()))?
        }
        None => out.write_all(&bytes)?,
    }
    if bad > 0 {
        return Err(CliError::Failed(format!(
            "{bad} game(s) of {input} could not be read in full"
        )));
    }
    Ok(())
}
