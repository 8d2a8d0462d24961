//! What the Event window's buttons ask for, and the changes to the event they carry.

use std::path::PathBuf;

use crate::tournament::event::{Player, PlayerId};
use crate::tournament::export::Format;
use crate::tournament::from_record::GameReport;
use crate::tournament::BoardResult;

/// What the Event window's buttons ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum EventCommand {
    /// Show the new-event form.
    NewForm,
    /// Create an event from the new-event form (asks where).
    New,
    /// Open an event file (asks which).
    Open,
    /// Register the players of a CSV file (asks which).
    Import,
    /// Change the open event.
    Change(Change),
    /// Record the result of the game on the board to `board` of `round`, wherever the board
    /// stands in the game.
    RecordGame {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The board has a result that this one corrects.
        replace: bool,
    },
    /// Write the event in `format` (asks where).
    Export(Format),
    /// Use the file typed in the window (no file chooser could be shown) for `ask`.
    UsePath(Ask, PathBuf),
}

/// What a file is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The new event's file.
    New,
    /// An event file to open.
    Open,
    /// A players' list to import.
    Import,
    /// Where to write an export.
    Export(Format),
}

/// A change to the event, as the arbiter asked for it.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Register a player.
    AddPlayer(Player),
    /// Correct a player's registration.
    EditPlayer(PlayerId, Player),
    /// Register the players of a CSV file.
    Import(PathBuf),
    /// Pair the next round.
    Pair,
    /// Enter a board's result, with the game's record when it came from one.
    Result {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result.
        result: BoardResult,
        /// The record and its fouls.
        report: Option<GameReport>,
    },
    /// Correct a board's result: replace it, or clear it (`None`).
    Correct {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The new result, if any.
        result: Option<BoardResult>,
        /// The record and its fouls, when the new result came from one.
        report: Option<GameReport>,
    },
    /// Withdraw a player (20).
    Withdraw(String),
    /// A team captain's line-up for the team's match in a round (12.1–12.3).
    Lineup {
        /// The round.
        round: u32,
        /// The team.
        team: String,
        /// The players, board 1 first.
        players: Vec<String>,
    },
}
