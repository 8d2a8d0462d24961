//! What is asked of the game database (its window, the opening tree).

use std::path::PathBuf;

/// What the user asks of the database.
#[derive(Clone, Debug, PartialEq)]
pub enum DatabaseCommand {
    /// Show the database window.
    ShowWindow,
    /// Open the database at this location: a file, or a `postgresql://` URL. A file that is not
    /// there is created only once the user says so (the window asks first).
    Open(String),
    /// Open the database file at this location, creating it when it is not there: the user said
    /// so.
    Create(String),
    /// Import these files and folders into the open database.
    Import(Vec<PathBuf>),
    /// Stop the import after the batch it is writing.
    CancelImport,
    /// Add these files and folders to the list to import.
    AddImport(Vec<PathBuf>),
    /// List the games matching the filters (and the position searched, if one is).
    Search,
    /// Search the position on the board (also its left–right mirror).
    SearchPosition {
        /// Also the mirror position.
        mirror: bool,
    },
    /// Search by the filters alone again.
    ClearPosition,
    /// Show this game on the board at this ply.
    OpenGame {
        /// The game's id.
        id: i64,
        /// The ply to show (0: the start).
        ply: usize,
    },
    /// Sort the list by this column (again: the other way).
    SortBy(Column),
}

/// A column of the game list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Where the position stands.
    Ply,
    /// 紅方.
    Red,
    /// 黑方.
    Black,
    /// 賽事.
    Event,
    /// The date.
    Date,
    /// The result.
    Result,
    /// The opening: its ECCO code and name.
    Opening,
    /// The file and the game's number in it.
    Source,
}
