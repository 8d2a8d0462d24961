//! The table of openings: each code's name in both scripts and its defining moves, and the
//! lines of moves that decide a code; read from and written to its text form (UTF-8, one entry
//! a line, fields split by tabs):
//!
//! ```text
//! # comment
//! name<TAB>C02<TAB>中炮七路马对屏风马<TAB>中炮七路馬對屏風馬
//! defines<TAB>B05<TAB>rh2e2 bh9g7<TAB>412
//! line<TAB>h2e2h9g7h0g2<TAB>C00<TAB>3120
//! ```
//!
//! Moves are in ICCS and in the frame of [`Line`]: mirrored so that the first move is on Red's
//! right half or its middle file. A `defines` entry lists the moves (`r` Red's, `b` Black's)
//! that every game of the code has played, in any order, and how many games it was learnt
//! from; a `line` entry is the moves of a line from the start, the code the games that went
//! that way were given, and how many they were.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use thiserror::Error;

use super::line::{Line, SideMove};
use crate::record::{Game, NodeId};
use crate::rules::Move;

/// Plies of a line the table looks at: XiangQi Wizard names a game by its first 20 plies.
pub const MAX_PLY: usize = 20;

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
    /// The ply by which the moves that decide the code had all been played (0 when the code
    /// was given by a tag).
    pub ply: usize,
}

/// A code's defining moves and the number of games they were learnt from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Definition {
    pub(crate) moves: Vec<SideMove>,
    pub(crate) support: u32,
}

/// The codes' names and defining moves, and the lines that decide codes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EccoTable {
    lines: HashMap<String, (String, u32)>,
    definitions: HashMap<String, Definition>,
    names: HashMap<String, (String, String)>,
}

fn parse_moves(text: &str) -> Option<Vec<SideMove>> {
    text.split_whitespace().map(SideMove::parse).collect()
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
            let count = |text: &str| {
                text.parse::<u32>()
                    .map_err(|_| error("the count of games is not a number"))
            };
            match fields[..] {
                ["name", code, simplified, traditional] if super::is_code(code) => {
                    table.names.insert(
                        code.to_owned(),
                        (simplified.to_owned(), traditional.to_owned()),
                    );
                }
                ["defines", code, moves, support] if super::is_code(code) => {
                    let moves = parse_moves(moves).ok_or_else(|| error("not a list of moves"))?;
                    let support = count(support)?;
                    table
                        .definitions
                        .insert(code.to_owned(), Definition { moves, support });
                }
                ["line", key, code, support] if super::is_code(code) => {
                    if key.is_empty() || key.len() % 4 != 0 {
                        return Err(error("not a line of moves"));
                    }
                    let moves = (0..key.len() / 4)
                        .map(|i| key.get(4 * i..4 * i + 4).and_then(Move::parse_iccs));
                    if moves.clone().any(|m| m.is_none()) {
                        return Err(error("not a line of moves"));
                    }
                    let support = count(support)?;
                    table
                        .lines
                        .insert(key.to_owned(), (code.to_owned(), support));
                }
                _ => return Err(error("neither a name, a definition nor a line")),
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
        let mut definitions: Vec<_> = self.definitions.iter().collect();
        definitions.sort_by(|a, b| a.0.cmp(b.0));
        for (code, definition) in definitions {
            let moves: Vec<String> = definition.moves.iter().map(ToString::to_string).collect();
            out.push_str(&format!(
                "defines\t{code}\t{}\t{}\n",
                moves.join(" "),
                definition.support
            ));
        }
        let mut lines: Vec<_> = self.lines.iter().collect();
        lines.sort();
        for (key, (code, support)) in lines {
            out.push_str(&format!("line\t{key}\t{code}\t{support}\n"));
        }
        out
    }

    /// Add a line (its moves in ICCS, one after another, in the frame of [`Line`]) with the
    /// code it decides and the number of games behind it.
    pub fn insert_line(&mut self, key: String, code: String, support: u32) {
        self.lines.insert(key, (code, support));
    }

    /// Give a code its defining moves, learnt from `support` games.
    pub(crate) fn insert_definition(&mut self, code: String, definition: Definition) {
        self.definitions.insert(code, definition);
    }

    /// Name a code in both scripts.
    pub fn insert_name(&mut self, code: String, simplified: String, traditional: String) {
        self.names.insert(code, (simplified, traditional));
    }

    /// Lines in the table.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the table has no line.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// A code's name, simplified and traditional.
    pub fn name(&self, code: &str) -> Option<(&str, &str)> {
        self.names.get(code).map(|(s, t)| (s.as_str(), t.as_str()))
    }

    /// The code of the moves of `line` (at most [`MAX_PLY`] of them are looked at): the code of
    /// the longest line of the table the moves begin with, when every defining move of that code
    /// has been played; otherwise the most specific code whose defining moves have all been
    /// played (the most moves; between equals, the code of more games), in any order; for a line
    /// too short for any code, the code most of whose defining moves it has played. `None` for
    /// an empty line.
    pub fn classify_line(&self, line: &Line) -> Option<Classified> {
        let moves = line.moves();
        let moves = &moves[..moves.len().min(MAX_PLY)];
        if moves.is_empty() {
            return None;
        }
        let played: HashSet<SideMove> = line.side_moves().take(moves.len()).collect();
        let ply_of = |code: &str| -> Option<usize> {
            let definition = self.definitions.get(code)?;
            definition
                .moves
                .iter()
                .map(|m| line.ply_of(m).filter(|p| *p <= moves.len()))
                .try_fold(0, |most, ply| ply.map(|p| most.max(p)))
        };
        let mut key = String::with_capacity(4 * moves.len());
        let mut by_line = None;
        for (i, mv) in moves.iter().enumerate() {
            key.push_str(&mv.to_string());
            if let Some((code, _)) = self.lines.get(&key) {
                by_line = Some((code.as_str(), i + 1));
            }
        }
        let found = by_line
            .and_then(|(code, ply)| ply_of(code).map(|defined| (code, ply.max(defined))))
            .or_else(|| {
                self.definitions
                    .iter()
                    .filter(|(_, d)| d.moves.iter().all(|m| played.contains(m)))
                    .max_by(|a, b| {
                        (a.1.moves.len(), a.1.support, b.0).cmp(&(
                            b.1.moves.len(),
                            b.1.support,
                            a.0,
                        ))
                    })
                    .and_then(|(code, _)| ply_of(code).map(|ply| (code.as_str(), ply.max(1))))
            })
            .or_else(|| {
                // No code's defining moves have all been played (a line shorter than the games
                // learnt from): the code most of whose defining moves have been played, with
                // the fewest still to come; between equals, the lower code, as the first code
                // of an ECCO group is the one its other codes refine.
                self.definitions
                    .iter()
                    .map(|(code, d)| {
                        let done = d.moves.iter().filter(|m| played.contains(m)).count();
                        (code, done, d.moves.len() - done)
                    })
                    .filter(|(_, done, _)| *done > 0)
                    .max_by(|a, b| (a.1, b.2, b.0).cmp(&(b.1, a.2, a.0)))
                    .map(|(code, _, _)| (code.as_str(), moves.len()))
            });
        let (code, ply) = found?;
        Some(self.classified(code, ply))
    }

    /// The code, with its names, as a [`Classified`].
    fn classified(&self, code: &str, ply: usize) -> Classified {
        let name = self.name(code);
        Classified {
            code: code.to_owned(),
            name: name.map(|(s, _)| s.to_owned()),
            name_traditional: name.map(|(_, t)| t.to_owned()),
            ply,
        }
    }

    /// The opening of `game` by its main line ([`EccoTable::classify_line`]). `None` for a game
    /// not started from the initial position, or one no code fits.
    pub fn classify(&self, game: &Game) -> Option<Classified> {
        self.classify_line(&Line::of_nodes(game, &game.main_line())?)
    }

    /// The opening of the moves played up to `node` (the moves on the board there), by
    /// [`EccoTable::classify_line`].
    pub fn classify_to(&self, game: &Game, node: NodeId) -> Option<Classified> {
        self.classify_line(&Line::of_nodes(game, &game.line_to(node))?)
    }

    /// The opening `mv` leads to when played after the moves up to `node` (an opening tree's
    /// next move), by [`EccoTable::classify_line`].
    pub fn classify_next(&self, game: &Game, node: NodeId, mv: Move) -> Option<Classified> {
        let mut nodes = game.line_to(node);
        // Checks the start; the moves are taken again as played, as the frame may mirror them.
        Line::of_nodes(game, &nodes)?;
        let mut moves: Vec<Move> = nodes.drain(..).filter_map(|n| game.move_of(n)).collect();
        moves.push(mv);
        self.classify_line(&Line::new(&moves))
    }

    /// The opening of the first `plies` moves of `game`'s main line.
    pub fn classify_plies(&self, game: &Game, plies: usize) -> Option<Classified> {
        let line = game.main_line();
        self.classify_line(&Line::of_nodes(game, &line[..plies.min(line.len())])?)
    }

    /// The game's opening as a reader should see it: its `[ECCO]` tag with its `[Opening]` tag
    /// (or, without one, the table's name for the code: a file that carries only a code is
    /// named), else the table's classification of its main line. The one function the window,
    /// the database and the command line name a game's opening by.
    pub fn opening_of(&self, game: &Game) -> Option<Classified> {
        use crate::record::TagKey;
        let tags = game.tags();
        let tagged = tags
            .get(&TagKey::Ecco)
            .map(|c| c.trim().to_ascii_uppercase())
            .filter(|c| super::is_code(c));
        let Some(code) = tagged else {
            return self.classify(game);
        };
        let mut found = self.classified(&code, 0);
        if let Some(name) = tags
            .get(&TagKey::Opening)
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            found.name = Some(super::learn::simplified(name));
            found.name_traditional = Some(name.to_owned());
            if let Some((simplified, traditional)) = self.name(&code) {
                if simplified == super::learn::simplified(name) {
                    found.name_traditional = Some(traditional.to_owned());
                }
            }
        }
        Some(found)
    }
}
