//! Puzzles (习题): a position, the side to solve and its solution line, trained with spaced
//! repetition.
//!
//! A puzzle is a game whose start is a set-up position (or a mistake of a reviewed game, tag
//! `SourcePly`): the side to move at its start solves, its main line is the solution, its
//! comments and variations are kept ([`Puzzle`]). Sets are read from any record file or folder
//! ([`read_puzzle_set`]) and from games of the game database ([`puzzles_from_database`]): the
//! data is ordinary PGN (or any record format Qipu reads), tags and comments, so other programs
//! keep it. A move other than the solution's is judged by the built-in engine ([`judge`]): as
//! good when, for a mate, the engine proves a mate at least as short, otherwise when its score
//! is within [`SCORE_MARGIN`] of the solution's. Each try is kept per puzzle in a small SQLite
//! file ([`Progress`]), which schedules the next review with the FSRS algorithm (the `rs-fsrs`
//! crate): due puzzles first, then new ones in the set's order. A solution made from an engine's
//! line is cut to the moves that make the puzzle ([`trim_solution`]).

mod judge;
mod set;
mod store;
mod trim;

pub use judge::{judge, Goal, Trial, Verdict, SCORE_MARGIN};
pub use set::{
    puzzles_from_database, read_puzzle_set, Finish, GameMistake, Puzzle, PuzzleError, PuzzleSet,
};
pub use store::{Attempt, Pick, PickKind, Progress, StoreError, VERSION};
pub use trim::{trim_solution, DECISIVE, UNIQUE_MARGIN};
