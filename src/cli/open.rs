//! The games of a record file for a subcommand (PGN, XQF or JSON, told apart by content).

use std::io::Write;
use std::path::Path;

use super::{cannot_read, CliError};
use crate::formats::{read_record_file, Completeness};
use crate::notation::Script;
use crate::record::Game;

/// The games of a record file that could be read.
pub struct Opened {
    /// Every game read in full, in the file's order.
    pub games: Vec<Game>,
    /// The script the file is written in, when it tells.
    pub script: Option<Script>,
    /// Whether the first game read is the file's first game, read in full: a result drawn from
    /// it alone is complete.
    pub first: Completeness,
    /// `game N, REASON` for each game that could not be read.
    pub problems: Vec<String>,
}

impl Opened {
    /// The first game read, after saying on `err` which games of `path` could not be read when
    /// it is not the file's first.
    pub fn first_game(mut self, path: &str, err: &mut dyn Write) -> Result<Game, CliError> {
        if self.first == Completeness::Partial {
            for problem in &self.problems {
                writeln!(err, "qipu: {path}: {problem}")?;
            }
        }
        Ok(self.games.swap_remove(0))
    }
}

/// Every game of `path` that could be read; an error when there is none.
pub fn open_games(path: &str) -> Result<Opened, CliError> {
    let record =
        read_record_file(Path::new(path)).map_err(|e| CliError::Failed(cannot_read(path, &e)))?;
    let mut first_error = None;
    let mut games = Vec::new();
    let mut problems = Vec::new();
    // Whether the first game read is whole and no game before it failed.
    let mut first = None;
    for (i, file_game) in record.games.into_iter().enumerate() {
        if let Some(e) = &file_game.error {
            first_error = first_error.or(Some(e.to_string()));
            problems.push(format!("game {}, {e}", i + 1));
        }
        if let Some(game) = file_game.game {
            first = first.or(Some(problems.is_empty()));
            games.push(game);
        }
    }
    if games.is_empty() {
        return Err(CliError::Failed(match first_error {
            Some(e) => format!("{path}: {e}"),
            None => format!("{path}: no game in the file"),
        }));
    }
    let first = if first == Some(true) {
        Completeness::Complete
    } else {
        Completeness::Partial
    };
    Ok(Opened {
        games,
        script: record.script,
        first,
        problems,
    })
}
