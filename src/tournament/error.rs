//! Why a change to an event, or the event's file, was refused. Nothing is changed when one of
//! these is returned.

use std::path::PathBuf;

use crate::lang::IoReason;

use super::board_result::BadResult;
use super::event::System;
use super::roster::RosterError;
use super::systems::swiss::NoPairing;
use super::teams::LineupRefusal;

/// A refused change or an unreadable event file.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    /// The file is not an event of this program.
    #[error("{path}: not a Qipu event file: {reason}")]
    NotAnEvent {
        /// The file.
        path: PathBuf,
        /// What it is instead.
        reason: NotAnEvent,
    },
    /// The file was written by a newer version of the program.
    #[error("{path}: written by a newer version of Qipu (event format {found}; this version reads up to {supported})")]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// The file's format version.
        found: i64,
        /// The newest this program reads.
        supported: i64,
    },
    /// The file is damaged: nothing is read from it or written to it.
    #[error("{path}: the event file is damaged: {reason}; {}", last_good_text(.last_good))]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
        /// The copy of the event kept after the last change, if there is one.
        last_good: Option<PathBuf>,
    },
    /// A write failed for want of space (the change was rolled back).
    #[error("{0}: the disk is full: nothing was changed")]
    DiskFull(PathBuf),
    /// The file can be read but not written.
    #[error("{0}: the event file cannot be written (it is read-only): nothing was changed")]
    ReadOnly(PathBuf),
    /// The system refused a file operation.
    #[error("{path}: {}", IoReason::of(.source))]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// Creating an event over an existing file.
    #[error("{0}: already exists; an event is never written over another file")]
    Exists(PathBuf),
    /// The database failed while writing (the change was rolled back).
    #[error("{path}: {source}")]
    Database {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// A player's name is empty.
    #[error("a player needs a name")]
    EmptyName,
    /// Two players with one name.
    #[error("a player named '{0}' is already registered")]
    DuplicatePlayer(String),
    /// A name that is not registered.
    #[error("no player named '{0}' in this event")]
    UnknownPlayer(String),
    /// Players added after the first round of a system whose table is fixed at the start.
    #[error("the {} has started: players cannot be added after round 1 is paired", .0.name())]
    Started(System),
    /// A round that was not paired.
    #[error("round {round} has not been paired (rounds paired: {paired})")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// How many rounds exist.
        paired: u32,
    },
    /// A board that is not in the round.
    #[error("round {round} has no board {board} (boards 1–{boards})")]
    NoSuchBoard {
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
        /// How many boards the round has.
        boards: u32,
    },
    /// A second result for one board.
    #[error("round {round}, board {board} already has the result {result}")]
    ResultExists {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The result entered before.
        result: String,
    },
    /// A result token that cannot be read.
    #[error(transparent)]
    BadResult(#[from] BadResult),
    /// The previous round is not complete.
    #[error("round {round} has no result yet on board(s) {}", join(.boards))]
    MissingResults {
        /// The round.
        round: u32,
        /// The boards without a result.
        boards: Vec<u32>,
    },
    /// Every round has been played.
    #[error("the event is over: all {0} rounds have been paired")]
    Finished(u32),
    /// Too few entrants for the system.
    #[error("{needed} players (or teams) are needed to pair; the event has {found}")]
    TooFew {
        /// The minimum.
        needed: usize,
        /// How many there are.
        found: usize,
    },
    /// No pairing satisfies the rules.
    #[error("no pairing of round {round} avoids a rematch: {cause}")]
    NoPairing {
        /// The round.
        round: u32,
        /// Why.
        cause: NoPairing,
    },
    /// A team event set up wrongly.
    #[error("team '{team}' has {players} player(s) for {boards} boards")]
    ShortTeam {
        /// The team.
        team: String,
        /// Its players still playing.
        players: usize,
        /// Boards per match.
        boards: u32,
    },
    /// A player withdrawn twice.
    #[error("'{name}' already withdrew after round {round}")]
    AlreadyWithdrawn {
        /// The player.
        name: String,
        /// The round.
        round: u32,
    },
    /// A team name that is not registered.
    #[error("no team named '{0}' in this event")]
    UnknownTeam(String),
    /// A team with no match in a round (a bye, or not paired).
    #[error("team '{team}' has no match in round {round}")]
    NotPaired {
        /// The team.
        team: String,
        /// The round.
        round: u32,
    },
    /// A line-up changed after a game of the match has a result.
    #[error("round {round}, board {board} already has a result: team '{team}' cannot change its line-up")]
    LineupTooLate {
        /// The round.
        round: u32,
        /// The board with a result.
        board: u32,
        /// The team.
        team: String,
    },
    /// A player fielded for a team they do not play for (or who withdrew).
    #[error("'{name}' is not a player of team '{team}' in round {round}")]
    NotInTeam {
        /// The player.
        name: String,
        /// The team.
        team: String,
        /// The round.
        round: u32,
    },
    /// A line-up the board-order rule does not allow (12.1–12.3).
    #[error("team '{team}': the line-up {lineup} is not allowed: {reason}")]
    LineupRefused {
        /// The team.
        team: String,
        /// The line-up, by the players' places in the team's board order.
        lineup: String,
        /// Why.
        reason: LineupRefusal,
    },
    /// A file the event reads from (a players' list) that cannot be read.
    #[error("{path}: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why, with the line and column where there is one.
        reason: Unreadable,
    },
    /// A game record that does not give a result.
    #[error(transparent)]
    GameRecord(#[from] GameRecordError),
}

/// What a file that is not an event is instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotAnEvent {
    /// It cannot be opened or read: the system's reason.
    #[error("{0}")]
    Unopenable(IoReason),
    /// It has no bytes.
    #[error("the file is empty")]
    Empty,
    /// It is not an SQLite database.
    #[error("not an SQLite database")]
    NotSqlite,
    /// It is the database of another program.
    #[error("an SQLite database of another program")]
    OtherProgram,
}

/// Why a file the event reads from (a players' list) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// The file cannot be opened or read: the system's reason.
    #[error("{0}")]
    Io(IoReason),
    /// A line of the list is wrong.
    #[error(transparent)]
    Roster(#[from] RosterError),
}

/// Why a game record gives no result for a board.
#[derive(Debug, Clone, thiserror::Error)]
pub enum GameRecordError {
    /// The file holds no game.
    #[error("the file holds no game")]
    NoGame,
    /// The game cannot be read; the reader's words.
    #[error("the game cannot be read: {0}")]
    Unreadable(crate::formats::GameError),
    /// The competition log (`[%clk]`, `[%foul]`, `[%result]` commands) cannot be read.
    #[error("the competition record cannot be read: {0}")]
    CompetitionLog(crate::formats::pgn::clock::DecodeError),
    /// The `Result` tag contradicts how the game ended.
    #[error("the Result tag says {} but the game ended {}", .tagged.pgn(), .ended.pgn())]
    Contradiction {
        /// The tag's result.
        tagged: crate::ending::Outcome,
        /// How the game ended.
        ended: crate::ending::Outcome,
    },
    /// Neither a result nor an ending is recorded.
    #[error("the game has no result (Result tag \"*\" and no [%result] command)")]
    NoResult,
}

impl EventError {
    /// A system error on `path`: [`EventError::DiskFull`] when it is for want of space.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> EventError {
        if source.kind() == std::io::ErrorKind::StorageFull {
            return EventError::DiskFull(path.to_owned());
        }
        EventError::Io {
            path: path.to_owned(),
            source,
        }
    }
}

fn last_good_text(last_good: &Option<PathBuf>) -> String {
    match last_good {
        Some(copy) => format!("the last good copy is {}", copy.display()),
        None => "there is no good copy of it".to_owned(),
    }
}

fn join(boards: &[u32]) -> String {
    boards
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
