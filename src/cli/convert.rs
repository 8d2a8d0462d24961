//! `qipu convert INPUT [-o OUT] [--to pgn|pgn-xqwizard|pgn-iccs|pgn-wxf|json|fen]
//! [--traditional|--simplified]`:
//! read a record file (PGN, XQF or JSON, recognised by content) and write it in another format,
//! to standard output or, with `-o`, to a file saved atomically. `--to fen` prints the final
//! position of each game's main line. Chinese moves are written in the file's own script
//! (traditional for a BIG5 file); `--traditional` or `--simplified` choose one (`pgn-xqwizard`:
//! BIG5 or GBK). Tags and comments are the user's text and are kept as written. `--tandem file`
//! names a piece sharing its file with another of its kind by its file number when only it can
//! make the move (車六進四 for 前車進四).
//!
//! Games that cannot be read are reported on standard error with their place; the others are
//! converted, and the exit status is 1. A file with no game at all (empty, or not a record)
//! writes nothing and says so, with exit status 1.

use std::io::Write;
use std::path::Path;

use super::{Args, CliError};
use crate::formats::{
    encode_pgn, read_record_file, save_atomic, write_json_games, write_pgn_games, PgnWriteOptions,
    TargetState,
};
use crate::lang::Language;
use crate::notation::{Notation, Script};
use crate::record::Game;

const USAGE: &str = "usage: qipu convert INPUT [-o OUT] \
[--to pgn|pgn-xqwizard|pgn-iccs|pgn-wxf|json|fen] [--traditional|--simplified] \
[--tandem front-back|file]";

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let output = args.option("-o")?;
    let tandem = super::notate::tandem_option(&mut args)?;
    let to = args.option("--to")?.unwrap_or("pgn");
    let chosen = match (args.flag("--traditional"), args.flag("--simplified")) {
        (true, true) => {
            return Err(CliError::Usage(format!(
                "--traditional and --simplified exclude each other\n{USAGE}"
            )))
        }
        (true, false) => Some(Script::Traditional),
        (false, true) => Some(Script::Simplified),
        (false, false) => None,
    };
    let positionals = args.positionals()?;
    let [input] = positionals[..] else {
        return Err(CliError::Usage(USAGE.to_owned()));
    };
    let record = read_record_file(Path::new(input))
        .map_err(|e| CliError::Failed(format!("cannot read {input}: {e}")))?;
    // Nothing is written for a file without a game.
    if let Some(no_game) = record.no_game {
        return Err(CliError::Failed(no_game.message(Language::English, input)));
    }
    // The moves follow the chosen script, or the file's own; tags and comments stay as written.
    let script = chosen.or(record.script).unwrap_or(Script::Simplified);
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
            let mut options = match to {
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
            options.moves.tandem = tandem;
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
