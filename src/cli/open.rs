//! The games of a record file for a subcommand (PGN, XQF or JSON, told apart by content).

use std::path::Path;

use super::CliError;
use crate::formats::read_record_file;
use crate::notation::Script;
use crate::record::Game;

/// Every game of `path` that could be read; an error when there is none.
pub fn open_games(path: &str) -> Result<Vec<Game>, CliError> {
    open_games_with_script(path).map(|(games, _)| games)
}

/// [`open_games`], with the script the file is written in when it tells.
pub fn open_games_with_script(path: &str) -> Result<(Vec<Game>, Option<Script>), CliError> {
    let record = read_record_file(Path::new(path))
        .map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
    let mut first_error = None;
    let mut games = Vec::new();
    for file_game in record.games {
        match (file_game.game, file_game.error) {
            (Some(game), _) => games.push(game),
            (None, Some(e)) => first_error = first_error.or(Some(e.to_string())),
            (None, None) => {}
        }
    }
    if games.is_empty() {
        return Err(CliError::Failed(match first_error {
            Some(e) => format!("{path}: {e}"),
            None => format!("{path}: no game in the file"),
        }));
    }
    Ok((games, record.script))
}
