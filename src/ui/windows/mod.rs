//! The windows over the main one: About, the setup editor, export, Qipu's own file chooser, the
//! engines, a game against the computer, an engine match, the review of a game, the puzzle
//! trainer, the event, the game database, the report of a save, the manual and the command
//! palette. Imports from the folders below.
//!
//! Every window is one type behind [`Window`], which carries its whole life: drawn with the
//! session and what the app keeps that a window lists, pushing what the user asked for and
//! saying whether it stays open; whether it takes the keys; what it does with a message for it.
//! The registry below makes [`WindowId`] and says which type each window is, how one is opened
//! ([`open`]) and which menu lists it: adding a window is one file here (its type, its `TITLE`)
//! and its line in the registry.

pub mod setup_picture;

pub mod alone;

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::engine_client::EngineConfig;
use crate::lang::Language;
use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::event_command::EventCommand;
use crate::ui::base::command::export_job::ExportJob;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::settings::{NamedEngine, Settings};
use crate::ui::base::user_command::Menu;

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
    /// The crash-recovery copy of unsaved work, in the folder of the settings (`None`: no
    /// such folder; the puzzle trainer keeps its progress beside it).
    pub autosave: Option<&'a Path>,
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

/// The registry: each window's id with its doc, module, the menu it is opened from (when the
/// menus list it by its title) and type (a window shown with its data, as a file chooser or the
/// report of a save, has no type to open it by), in the order they are drawn. It makes
/// [`WindowId`], with each window's title from its module's `TITLE` (English, simplified and
/// traditional Chinese).
macro_rules! registry {
    ($($(#[$doc:meta])* $id:ident: $module:ident $(in $menu:ident)? $(=> $kind:ty)?,)*) => {
        $(pub mod $module;)*

        /// A kind of window over the main one, in the order they are drawn: what the app's
        /// `Open` command opens and a message is addressed to.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum WindowId {
            $($(#[$doc])* $id,)*
        }

        impl WindowId {
            /// The window's name, as its title and as the title of what it tells the user.
            pub fn title(self, lang: Language) -> &'static str {
                let [en, hans, hant] = match self {
                    $(WindowId::$id => $module::TITLE,)*
                };
                lang.pick(en, hans, hant)
            }
        }

        /// Every window of the registry, in the order they are drawn.
        pub const REGISTERED: &[WindowId] = &[$(WindowId::$id,)*];

        /// The windows the menus list by their titles, each with its menu, in registry order.
        pub const IN_MENUS: &[(WindowId, Menu)] = &[$($((WindowId::$id, Menu::$menu),)?)*];

        /// The window `id`, opened as the app stands (`None` for a window shown with its data).
        pub fn open(id: WindowId, opening: &Opening<'_>) -> Option<Box<dyn Window>> {
            match id {
                $(WindowId::$id => open_window!(opening $(, $kind)?),)*
            }
        }
    };
}

registry! {
    /// The command palette.
    Palette: palette => palette::Palette,
    /// The export window (diagrams, scoresheet).
    Export: export_dialog => export_dialog::ExportDialog,
    /// Qipu's own file chooser, where the system's could not be shown.
    Chooser: file_chooser,
    /// The Event window (a tournament).
    Event: event_window => event_window::EventWindow,
    /// The form of a game against the computer.
    Play: play_form => play_form::PlayForm,
    /// What the last save could not keep.
    SaveReport: save_report,
    /// The form of an engine match.
    Match: engine_match => engine_match::MatchForm,
    /// The engines configured.
    Engines: engines_window => engines_window::EnginesWindow,
    /// The review of the game.
    Review: review_window => review_window::ReviewWindow,
    /// The cloud database's question and setting.
    Cloud: cloud_window => cloud_window::CloudWindow,
    /// The puzzle trainer, beside the board.
    Puzzles: puzzle_window => puzzle_window::PuzzleTrainer,
    /// The position setup editor, in the board's place.
    Setup: setup_editor => setup_editor::SetupEditor,
    /// The game database, kept while hidden (its connection and opening tree live on).
    Database: database_window,
    /// A question waiting for the user.
    Question: question,
    /// The manual.
    Manual: manual => manual::ManualWindow,
    /// Help › Keyboard shortcuts.
    KeyList: key_list in Help => key_list::KeyList,
    /// Help › About.
    About: about in Help => about::About,
}
