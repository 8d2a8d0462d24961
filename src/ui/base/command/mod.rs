//! Everything the user can ask for: widgets, menus and shortcuts return a [`Command`], and the
//! app hands each kind to the one that applies it: a [`SessionCommand`] to the session (the
//! game, the cursor, the view, the clock, undo), an [`AppCommand`] to the app itself (files,
//! the clipboard, its windows), and a window's own command to that window. The types a command
//! carries are here too, below every panel and window that sends them.

pub mod app_command;
pub mod arbiter_action;
pub mod database_command;
pub mod done;
pub mod event_command;
pub mod export_job;
pub mod file_purpose;
pub mod notice;
pub mod notification;
pub mod origin;
pub mod outbox;
pub mod session_command;
pub mod window_id;

use crate::record::Game;

use outbox::Arrival;

use app_command::AppCommand;
use database_command::DatabaseCommand;
use event_command::EventCommand;
use origin::Origin;
use session_command::SessionCommand;

/// A game for a command to show (opened, pasted, picked, restored, a puzzle) and where it
/// comes from, which ties it to its file or to none.
#[derive(Clone, Debug)]
pub struct GameToShow {
    /// The game.
    pub game: Box<Game>,
    /// Where it comes from.
    pub origin: Origin,
}

impl GameToShow {
    /// `game`, from `origin`.
    pub fn new(game: Game, origin: Origin) -> GameToShow {
        GameToShow {
            game: Box::new(game),
            origin,
        }
    }
}

impl PartialEq for GameToShow {
    fn eq(&self, other: &GameToShow) -> bool {
        self.origin == other.origin && self.game.same_record(&other.game)
    }
}

/// One request from the user, or from the app on the user's behalf, by who applies it.
#[derive(Debug)]
pub enum Command {
    /// A change to the game, the cursor, the view or the clock, applied by the session.
    Session(SessionCommand),
    /// Files, the clipboard, the app's windows and engines, applied by the app.
    App(AppCommand),
    /// What a button of the Event window asks for.
    Event(EventCommand),
    /// Something asked of the game database (its window, the opening tree).
    Database(DatabaseCommand),
    /// A background job's result, for the part that started the job.
    Arrived(Arrival),
}

impl Command {
    /// Whether the command may put another game in place of the one shown, so that unsaved
    /// changes are asked about first.
    pub fn replaces_game(&self) -> bool {
        match self {
            Command::Session(c) => c.replaces_game(),
            Command::App(c) => c.replaces_game(),
            Command::Event(_) | Command::Database(_) | Command::Arrived(_) => false,
        }
    }
}

impl From<SessionCommand> for Command {
    fn from(command: SessionCommand) -> Command {
        Command::Session(command)
    }
}

impl From<AppCommand> for Command {
    fn from(command: AppCommand) -> Command {
        Command::App(command)
    }
}

impl From<EventCommand> for Command {
    fn from(command: EventCommand) -> Command {
        Command::Event(command)
    }
}

impl From<DatabaseCommand> for Command {
    fn from(command: DatabaseCommand) -> Command {
        Command::Database(command)
    }
}
