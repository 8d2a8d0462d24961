//! Start lines for engine matches: the built-in set of common openings, or the games of a
//! record file (PGN, XQF, JSON, FEN).

use std::path::Path;

use crate::formats::read_record_file;
use crate::lang::IoReason;
use crate::record::TagKey;
use crate::rules::{Move, Position};

/// A start line: a position and the moves played from it before the engines take over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Opening {
    /// Its name (for the PGN `Opening` tag).
    pub name: String,
    /// The start position.
    pub start: Position,
    /// The moves of the line.
    pub moves: Vec<Move>,
}

/// The built-in set: twenty openings of master practice, two to four rounds deep, from each
/// family a player meets: the central cannon (中炮) against the screen horses, the reverse
/// palace horse, the same- and opposite-direction cannons and the single horse; the
/// five-seven and five-six cannons; the soldier (仙人指路), elephant (飛相), horse (起馬),
/// palace-corner and crossing cannon openings, each with a usual reply.
const BUILTIN: [(&str, &str); 20] = [
    (
        "中炮对屏风马 Central Cannon v Screen Horses",
        "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9",
    ),
    (
        "中炮过河车对屏风马平炮兑车 Central Cannon, Crossing Chariot",
        "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 h7i7",
    ),
    (
        "中炮七路马对屏风马 Central Cannon, Seventh-file Horse",
        "h2e2 h9g7 b0c2 b9c7",
    ),
    (
        "五七炮对屏风马 Five-Seven Cannons",
        "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9 b2c2",
    ),
    (
        "五六炮对屏风马 Five-Six Cannons",
        "h2e2 h9g7 h0g2 b9c7 b2d2",
    ),
    (
        "中炮对反宫马 Central Cannon v Reverse Palace Horse",
        "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7",
    ),
    (
        "中炮对单提马 Central Cannon v Single Horse",
        "h2e2 b9a7 h0g2 h9g7",
    ),
    (
        "顺炮直车对横车 Same-direction Cannons",
        "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8",
    ),
    (
        "顺炮缓开车 Same-direction Cannons, slow chariot",
        "h2e2 h7e7 h0g2 h9g7 b0c2",
    ),
    ("列炮 Opposite-direction Cannons", "h2e2 b7e7 h0g2 b9c7"),
    (
        "中炮对左炮封车 Central Cannon v Blocking Cannon",
        "h2e2 h9g7 h0g2 b7b3",
    ),
    (
        "仙人指路对卒底炮 Pawn Opening v Cannon behind Soldier",
        "g3g4 b7c7",
    ),
    ("仙人指路对飞象 Pawn Opening v Elephant", "g3g4 g9e7"),
    ("对兵局 Opposing Soldiers", "g3g4 g6g5 h0g2 h9g7"),
    (
        "飞相对左中炮 Elephant Opening v Central Cannon",
        "c0e2 b7e7 b0c2 b9c7",
    ),
    (
        "飞相对进卒 Elephant Opening v Soldier",
        "c0e2 c6c5 b0c2 b9c7",
    ),
    ("起马对挺卒 Horse Opening v Soldier", "h0g2 c6c5 c3c4 b9c7"),
    ("起马对进马 Horse Opening v Horse", "b0c2 b9c7 c3c4 c6c5"),
    ("过宫炮对进马 Palace-crossing Cannon", "h2d2 h9g7 h0g2 i9h9"),
    ("士角炮对进马 Palace-corner Cannon", "b2d2 h9g7 b0c2 b9c7"),
];

/// The built-in openings, from the initial position.
pub fn builtin_openings() -> Vec<Opening> {
    BUILTIN
        .iter()
        .map(|(name, line)| Opening {
            name: (*name).to_owned(),
            start: Position::startpos(),
            moves: line
                .split_whitespace()
                .filter_map(Move::parse_iccs)
                .collect(),
        })
        .collect()
}

/// Why openings could not be read.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file could not be read.
    #[error("cannot read {path}: {}", IoReason::of(.source))]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A game of the file is bad.
    #[error("{path}: game {game}: {reason}")]
    Game {
        /// The file.
        path: String,
        /// Its number, from 1.
        game: usize,
        /// Why.
        reason: String,
    },
    /// No game in the file.
    #[error("{0}: no opening in the file")]
    Empty(String),
}

/// The openings of a record file: each game's start position and main line (named by its
/// `Opening` tag, or `FILE #N`). A one-line FEN file gives one position; a file of FEN lines
/// gives one opening per line.
pub fn read_openings(path: &Path) -> Result<Vec<Opening>, OpeningsError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| OpeningsError::Io {
        path: shown.clone(),
        source,
    })?;
    let file_name = path
        .file_name()
        .map_or(shown.clone(), |n| n.to_string_lossy().into_owned());
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let fens: Vec<Position> = lines
        .iter()
        .map_while(|l| Position::from_fen(l.trim()).ok())
        .collect();
    if lines.len() > 1 && fens.len() == lines.len() {
        return Ok(fens
            .into_iter()
            .enumerate()
            .map(|(i, start)| Opening {
                name: format!("{file_name} #{}", i + 1),
                start,
                moves: Vec::new(),
            })
            .collect());
    }
    let record = read_record_file(path).map_err(|source| OpeningsError::Io {
        path: shown.clone(),
        source,
    })?;
    let mut openings = Vec::new();
    for (i, file_game) in record.games.into_iter().enumerate() {
        let game = match (file_game.game, file_game.error) {
            (Some(game), None) => game,
            (_, error) => {
                return Err(OpeningsError::Game {
                    path: shown,
                    game: i + 1,
                    reason: error.map_or("empty".to_owned(), |e| e.to_string()),
                })
            }
        };
        let moves = game
            .main_line()
            .into_iter()
            .filter_map(|n| game.move_of(n))
            .collect();
        let name = game
            .tags()
            .get(&TagKey::Opening)
            .map_or_else(|| format!("{file_name} #{}", i + 1), str::to_owned);
        openings.push(Opening {
            name,
            start: game.start().clone(),
            moves,
        });
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty(shown));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_opening_is_legal_and_they_all_differ() {
        let openings = builtin_openings();
        assert_eq!(openings.len(), 20);
        let mut ends = std::collections::HashSet::new();
        for (opening, (_, line)) in openings.iter().zip(BUILTIN) {
            assert_eq!(
                opening.moves.len(),
                line.split_whitespace().count(),
                "{}: every move reads as ICCS",
                opening.name
            );
            let mut at = opening.start.clone();
            for &mv in &opening.moves {
                at = at
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{}: {mv} is illegal: {e:?}", opening.name));
            }
            assert!(ends.insert(at.hash()), "{} repeats another", opening.name);
        }
    }
}
