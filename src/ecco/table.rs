//! The table of positions and their ECCO codes, with each code's name in both scripts; read
//! from and written to its text form (UTF-8, one entry a line, fields split by tabs):
//!
//! ```text
//! # comment
//! name<TAB>C02<TAB>中炮七路马对屏风马<TAB>中炮七路馬對屏風馬
//! position<TAB>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b<TAB>B00<TAB>3120
//! ```
//!
//! A position is the board and the side to move of its FEN ([`position_key`]); its last field
//! is how many games of the sources passed through it.

use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use crate::record::Game;
use crate::rules::Position;

/// Plies of a main line the table looks at.
pub const MAX_PLY: usize = 24;

/// The key of a position in the table: the board and the side to move of its FEN.
pub fn position_key(position: &Position) -> String {
    let fen = position.to_fen();
    let mut fields = fen.split(' ');
    match (fields.next(), fields.next()) {
        (Some(board), Some(side)) => format!("{board} {side}"),
        _ => fen,
    }
}

/// A line of the table's text that could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("ECCO table, line {line}: {reason}")]
pub struct TableError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// A game's opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classified {
    /// The ECCO code, e.g. `C02`.
    pub code: String,
    /// Its name in simplified glyphs, if the sources named it.
    pub name: Option<String>,
    /// The same in traditional glyphs.
    pub name_traditional: Option<String>,
    /// The ply of the main line whose position decided it.
    pub ply: usize,
}

/// Positions with their codes, and the codes' names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EccoTable {
    positions: HashMap<String, (String, u32)>,
    names: HashMap<String, (String, String)>,
}

impl EccoTable {
    /// The table shipped with Qipu (read once).
    pub fn builtin() -> &'static EccoTable {
        static TABLE: OnceLock<EccoTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            // The shipped text is checked by a unit test; were it damaged, no game is named.
            EccoTable::parse(include_str!("../../assets/ecco/table.tsv")).unwrap_or_default()
        })
    }

    /// Read the table's text form.
    pub fn parse(text: &str) -> Result<EccoTable, TableError> {
        let mut table = EccoTable::default();
        for (i, line) in text.lines().enumerate() {
            let error = |reason: &str| TableError {
                line: i + 1,
                reason: reason.to_owned(),
            };
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            match fields[..] {
                ["name", code, simplified, traditional] if super::is_code(code) => {
                    table.names.insert(
                        code.to_owned(),
                        (simplified.to_owned(), traditional.to_owned()),
                    );
                }
                ["position", key, code, support] if super::is_code(code) => {
                    let support = support
                        .parse()
                        .map_err(|_| error("the count of games is not a number"))?;
                    if Position::from_fen(&format!("{key} - - 0 1")).is_err() {
                        return Err(error("not a position"));
                    }
                    table
                        .positions
                        .insert(key.to_owned(), (code.to_owned(), support));
                }
                _ => return Err(error("neither a name nor a position")),
            }
        }
        Ok(table)
    }

    /// The text form, sorted (so that a table made again from the same games is the same file).
    pub fn write(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        let mut names: Vec<_> = self.names.iter().collect();
        names.sort();
        for (code, (simplified, traditional)) in names {
            out.push_str(&format!("name\t{code}\t{simplified}\t{traditional}\n"));
        }
        let mut positions: Vec<_> = self.positions.iter().collect();
        positions.sort();
        for (key, (code, support)) in positions {
            out.push_str(&format!("position\t{key}\t{code}\t{support}\n"));
        }
        out
    }

    /// Add a position with its code and the number of games behind it.
    pub fn insert_position(&mut self, key: String, code: String, support: u32) {
        self.positions.insert(key, (code, support));
    }

    /// Name a code in both scripts.
    pub fn insert_name(&mut self, code: String, simplified: String, traditional: String) {
        self.names.insert(code, (simplified, traditional));
    }

    /// Positions in the table.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the table has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The code of a position, if the table has it.
    pub fn code_of(&self, position: &Position) -> Option<&str> {
        self.positions
            .get(&position_key(position))
            .map(|(code, _)| code.as_str())
    }

    /// A code's name, simplified and traditional.
    pub fn name(&self, code: &str) -> Option<(&str, &str)> {
        self.names.get(code).map(|(s, t)| (s.as_str(), t.as_str()))
    }

    /// The opening of `game`: the code of the deepest of the first [`MAX_PLY`] positions of its
    /// main line in the table. `None` for a game not started from the initial position, or
    /// whose line the table does not know.
    pub fn classify(&self, game: &Game) -> Option<Classified> {
        if position_key(game.start()) != position_key(&Position::startpos()) {
            return None;
        }
        let mut found = None;
        for (i, node) in game.main_line().into_iter().take(MAX_PLY).enumerate() {
            if let Some(code) = self.code_of(game.position(node)) {
                found = Some((code, i + 1));
            }
        }
        let (code, ply) = found?;
        let name = self.name(code);
        Some(Classified {
            code: code.to_owned(),
            name: name.map(|(s, _)| s.to_owned()),
            name_traditional: name.map(|(_, t)| t.to_owned()),
            ply,
        })
    }
}
