//! The windows over the main one: About, the setup editor, export, Qipu's own file chooser, the
//! engines, a game against the computer, an engine match, the review of a game, the puzzle
//! trainer, the event, the game database, the report of a save, the manual and the command
//! palette. Imports from the folders below.
//!
//! Every window is one type behind [`Window`], which carries its whole life: drawn with the
//! session and what the app keeps that a window lists, pushing what the user asked for and
//! saying whether it stays open; whether it takes the keys; what it does with a message for it.
//! The registry below, made from the one list of windows (`window_list!` beside [`WindowId`]),
//! declares each window's module and says how one is opened ([`open`]): adding a window is one
//! file here and its line in that list.

pub mod setup_picture;

pub mod alone;

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::engine_client::EngineConfig;
use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::event_command::EventCommand;
use crate::ui::base::command::export_job::ExportJob;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::window_id::window_list;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::settings::{NamedEngine, Settings};

/// What a window is shown with: the session, and what the app keeps that a window lists.
pub struct Shown<'a> {
    /// The state behind the main window.
    pub session: &'a Session,
    /// The engines configured (the forms of a game against the computer and of a match).
    pub engines: &'a [NamedEngine],
    /// The recent files, newest first (Qipu's own file chooser offers their folders).
    pub recent: &'a [PathBuf],
    /// The game database open in its window and the ids of the games it lists (the puzzle
    /// trainer trains them).
    pub listed: Option<(&'a str, &'a [i64])>,
}

/// What a window is opened with: the app as it stands.
pub struct Opening<'a> {
    /// The state behind the main window (the setup editor starts from the position shown).
    pub session: &'a Session,
    /// The settings kept between runs (the forms start from the values last used).
    pub settings: &'a Settings,
    /// How the built-in engine is started.
    pub builtin_engine: EngineConfig,
    /// The renderer drawing the window, in its own words (Help › About).
    pub renderer: &'a str,
    /// Why wgpu was given up for glow, when it was (Help › About).
    pub renderer_fallback: Option<&'a str>,
    /// Where a window's background work sends its results.
    pub outbox: &'a Outbox,
    /// Qipu's data folder, where the window keeps what lasts between runs (`None`: nothing is
    /// kept).
    pub data_folder: Option<&'a Path>,
}

impl Opening<'_> {
    /// The file `name` in the data folder.
    pub fn data_file(&self, name: &str) -> Option<std::path::PathBuf> {
        self.data_folder.map(|folder| folder.join(name))
    }
}

/// A message for a window open over the main one (what its own buttons asked, answered by
/// the app: the file to export to, an event's command; its background work's results).
#[derive(Debug)]
pub enum WindowMessage {
    /// Write the export the export window describes.
    Export(ExportJob),
    /// What a button of the Event window asks for.
    Event(EventCommand),
    /// What the game database is asked to do.
    Database(DatabaseCommand),
    /// The puzzle set chosen with the trainer's Browse…: read it.
    PuzzleSet(std::path::PathBuf),
    /// A result of the window's background work.
    Arrived(WindowId, Arrival),
}

impl WindowMessage {
    /// The window the message is for.
    pub fn to(&self) -> WindowId {
        match self {
            WindowMessage::Export(_) => WindowId::Export,
            WindowMessage::Event(_) => WindowId::Event,
            WindowMessage::Database(_) => WindowId::Database,
            WindowMessage::PuzzleSet(_) => WindowId::Puzzles,
            WindowMessage::Arrived(id, _) => *id,
        }
    }
}

/// The width of the panel of the windows drawn beside the board (the app gives it at most
/// two fifths of a small window).
pub const BESIDE_WIDTH: f32 = 250.0;

/// Where a window is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Over the main window, moved where the user likes (the default).
    Over,
    /// In a panel of its own beside the board, so that nothing covers the board (the puzzle
    /// trainer).
    Beside,
    /// In the board's place (the setup editor).
    Board,
}

/// A window: its whole life.
pub trait Window: std::any::Any {
    /// Draw the window for this frame in `ui` (the whole window's for one over the main one,
    /// the panel's for one beside the board, the board's place for one drawn there), pushing
    /// what the user asked for onto `commands`; false once it is closed.
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool;

    /// Where it is drawn.
    fn place(&self) -> Place {
        Place::Over
    }

    /// Whether it is shown: a window kept while hidden ([`Window::hide`]) says so here.
    fn is_shown(&self) -> bool {
        true
    }

    /// Hide the window, keeping it, and say so: a window whose state outlives its being shown
    /// (the game database's connection and opening tree) is kept; any other says false and is
    /// closed by being dropped.
    fn hide(&mut self) -> bool {
        false
    }

    /// Whether the keys go to the window while it is open, not to the main window's
    /// shortcuts (it closes itself on Escape).
    fn takes_keys(&self) -> bool {
        false
    }

    /// Follow the board before anything is drawn, pushing what the session must do (a
    /// puzzle's reply to play, a position to look up).
    fn follow(&mut self, session: &Session, commands: &mut Vec<Command>) {
        let _ = (session, commands);
    }

    /// Do what `message` asks of this window, on `session`, pushing what the app must do
    /// onto `commands` (a file to ask for, a game to show).
    fn receive(&mut self, message: WindowMessage, session: &Session, commands: &mut Vec<Command>) {
        let _ = (message, session, commands);
    }
}

/// A window opened from its id alone ([`crate::ui::AppCommand::Open`]).
pub trait Opens: Window + Sized + 'static {
    /// The window, opened as the app stands.
    fn open(opening: &Opening<'_>) -> Self;
}

/// The window opened by `$kind::open`, or none for a window shown with its data.
macro_rules! open_window {
    ($opening:ident) => {
        None
    };
    ($opening:ident, $kind:ty) => {
        Some(Box::new(<$kind as Opens>::open($opening)))
    };
}

/// The windows' modules, and how each is opened, from the list of windows.
macro_rules! registry {
    ($($(#[$doc:meta])* $id:ident ($en:literal, $hans:literal, $hant:literal):
        $module:ident $(in $menu:ident)? $(=> $kind:ty)?,)*) => {
        $(pub mod $module;)*

        /// Every window of the registry, in the order they are drawn.
        pub const REGISTERED: &[WindowId] = &[$(WindowId::$id,)*];

        /// The window `id`, opened as the app stands (`None` for a window shown with its data).
        pub fn open(id: WindowId, opening: &Opening<'_>) -> Option<Box<dyn Window>> {
            match id {
                $(WindowId::$id => open_window!(opening $(, $kind)?),)*
            }
        }
    };
}

window_list!(registry);
