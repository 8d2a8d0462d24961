//! Puzzle sets: the games of record files and folders, or of the game database, that are
//! puzzles.

use std::path::{Path, PathBuf};

use crate::database::{line_key, Database, DbError};
use crate::engine_client::{LOSS_TAG, SOURCE_PLY_TAG};
use crate::formats::listing::record_files;
use crate::formats::{read_record_file, ListError};
use crate::lang::IoReason;
use crate::record::{Game, Mark, NodeId, TagKey};
use crate::rules::{Color, Move, Position, Status};

/// How a puzzle's solution ends, which names what the solver has to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Finish {
    /// The other side is checkmated (將死, 4.1.1).
    Mate,
    /// The other side is stalemated, which loses too (困斃, 4.1.3): a win, not a mate.
    Stalemate,
    /// The game goes on: the solution wins material or keeps the advantage.
    Advantage,
}

/// The move a game's side played where a puzzle made from its mistake starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameMistake {
    /// The move played.
    pub mv: Move,
    /// Its number in the game's line, from 1 (tag `SourcePly`).
    pub ply: usize,
    /// The centipawns it lost against the engine's best, as the review measured (tag `Loss`),
    /// when the set keeps it.
    pub loss: Option<i32>,
}

/// A puzzle: a position, the side to solve (the side to move there) and the solution, the main
/// line of [`Puzzle::game`] (its comments and variations kept).
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The game: its start the position to solve, its main line the solution.
    pub game: Game,
    /// The key progress is kept under: the start and the solution ([`line_key`]), the same
    /// whichever file or database the puzzle is read from.
    pub id: i64,
    /// Where it was read: the file and the game's number in it, or the database's game id.
    pub source: String,
}

impl Puzzle {
    /// `game` as a puzzle, when it is one: a solution of at least one move, from a set-up
    /// position (a game from the initial position is a game, not a puzzle) or made from a
    /// mistake of a reviewed game (tag `SourcePly`).
    pub fn from_game(game: Game, source: String) -> Option<Puzzle> {
        let line = game.moves_to(game.main_line_end());
        let mistake = game.tags().get(&TagKey::parse(SOURCE_PLY_TAG)).is_some();
        if line.is_empty() || (*game.start() == Position::startpos() && !mistake) {
            return None;
        }
        let id = line_key(game.start(), line);
        Some(Puzzle { game, id, source })
    }

    /// The side that solves.
    pub fn solver(&self) -> Color {
        self.game.start().side_to_move()
    }

    /// How the solution ends: the other side mated or stalemated at its end, or the game going
    /// on.
    pub fn finish(&self) -> Finish {
        let end = self.game.position(self.game.main_line_end());
        if end.side_to_move() == self.solver() {
            return Finish::Advantage;
        }
        match end.status() {
            Status::Checkmate => Finish::Mate,
            Status::Stalemate => Finish::Stalemate,
            Status::Ongoing => Finish::Advantage,
        }
    }

    /// Whether the solution ends in a mate or a stalemate of the other side (both lose,
    /// 4.1.1, 4.1.3): the solver has to end the game.
    pub fn ends_in_mate(&self) -> bool {
        self.finish() != Finish::Advantage
    }

    /// For a puzzle made from a game's mistake (tag `SourcePly`): the move played there, the
    /// first other move from the start marked `?` or `??` as the review marked it.
    pub fn game_mistake(&self) -> Option<GameMistake> {
        let tags = self.game.tags();
        let ply = tags
            .get(&TagKey::parse(SOURCE_PLY_TAG))?
            .trim()
            .parse()
            .ok()?;
        let root = self.game.root();
        let mv = self
            .game
            .children(root)
            .iter()
            .skip(1)
            .find(|&&n| matches!(self.game.mark(n), Some(Mark::Mistake | Mark::Blunder)))
            .and_then(|&n| self.game.move_of(n))?;
        let loss = tags
            .get(&TagKey::parse(LOSS_TAG))
            .and_then(|t| t.trim().parse().ok());
        Some(GameMistake { mv, ply, loss })
    }

    /// The solver's moves in the solution from `node` (a node of the main line) on.
    pub fn solver_moves_from(&self, node: NodeId) -> u32 {
        let left = self.game.main_line().len() - self.game.ply(node);
        let solver_to_move = self.game.position(node).side_to_move() == self.solver();
        let moves = if solver_to_move {
            left.div_ceil(2)
        } else {
            left / 2
        };
        u32::try_from(moves).unwrap_or(u32::MAX)
    }

    /// Its title: the game's event and round, or where it was read.
    pub fn title(&self) -> String {
        let tags = self.game.tags();
        let parts: Vec<&str> = [TagKey::Event, TagKey::Round]
            .iter()
            .filter_map(|k| tags.get(k))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect();
        if parts.is_empty() {
            self.source.clone()
        } else {
            parts.join(" ")
        }
    }
}

/// A set of puzzles, in its order.
#[derive(Clone, Debug, Default)]
pub struct PuzzleSet {
    /// Its name: the file or folder's, or the database's.
    pub name: String,
    /// The puzzles, each once (a puzzle read again under another name is left out).
    pub puzzles: Vec<Puzzle>,
    /// Games that are not puzzles or could not be read in full.
    pub left_out: usize,
}

impl PuzzleSet {
    fn add(&mut self, game: Option<Game>, source: String) {
        match game.and_then(|g| Puzzle::from_game(g, source)) {
            Some(p) if !self.puzzles.iter().any(|q| q.id == p.id) => self.puzzles.push(p),
            _ => self.left_out += 1,
        }
    }
}

/// Why a puzzle set could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// A folder could not be listed.
    #[error(transparent)]
    List(#[from] ListError),
    /// A file could not be read.
    #[error("cannot read {}: {}", path.display(), IoReason::of(.source))]
    Read {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The database could not be read.
    #[error(transparent)]
    Database(#[from] DbError),
}

/// The puzzles of a record file, or of every record file below a folder (in the order of
/// their sorted paths; in a file, in its order). A game read only in part, or that is not a
/// puzzle, is counted in [`PuzzleSet::left_out`].
pub fn read_puzzle_set(path: &Path) -> Result<PuzzleSet, PuzzleError> {
    let mut set = PuzzleSet {
        name: path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        ..PuzzleSet::default()
    };
    for file in record_files(path)? {
        let record = read_record_file(&file).map_err(|source| PuzzleError::Read {
            path: file.clone(),
            source,
        })?;
        let shown = file.strip_prefix(path).unwrap_or(&file);
        // The place below the folder, its parts joined by `/` on every system (a puzzle's
        // source is kept with its progress and must read the same on Windows).
        let shown = if shown.as_os_str().is_empty() {
            set.name.clone()
        } else {
            shown
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/")
        };
        let several = record.games.len() > 1;
        for (i, read) in record.games.into_iter().enumerate() {
            let source = if several {
                format!("{shown} #{}", i + 1)
            } else {
                shown.clone()
            };
            let game = if read.error.is_none() {
                read.game
            } else {
                None
            };
            set.add(game, source);
        }
    }
    Ok(set)
}

/// The puzzles among the database's games `ids`, in their order (as a search listed them).
pub fn puzzles_from_database(
    database: &mut Database,
    name: &str,
    ids: &[i64],
) -> Result<PuzzleSet, PuzzleError> {
    let mut set = PuzzleSet {
        name: name.to_owned(),
        ..PuzzleSet::default()
    };
    for &id in ids {
        let game = match database.game(id) {
            Ok(game) => Some(game),
            Err(DbError::BadRecord { .. }) => None,
            Err(e) => return Err(e.into()),
        };
        set.add(game, format!("{name} #{id}"));
    }
    Ok(set)
}
