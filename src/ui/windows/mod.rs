//! The windows over the main one: About, the setup editor, export, Qipu's own file chooser, the
//! engines, a game against the computer, an engine match, the review of a game, the puzzle
//! trainer, the event, the game database, the report of a save, the manual and the command
//! palette. Imports from the folders below.
//!
//! Every window is shown the one way, [`Window::show`]: with the session and what the app keeps
//! that a window lists, pushing what the user asked for, and saying whether it stays open.

pub mod about;
pub mod computer;
pub mod database_window;
pub mod engine_match;
pub mod engines_window;
pub mod event_window;
pub mod export_dialog;
pub mod file_chooser;
pub mod manual;
pub mod palette;
pub mod puzzle_window;
pub mod review_window;
pub mod save_report;
pub mod setup_editor;
pub mod setup_picture;

use std::path::PathBuf;

use eframe::egui;

use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::settings::NamedEngine;

/// What a window is shown with: the session, and what the app keeps that a window lists.
pub struct Shown<'a> {
    /// The state behind the main window.
    pub session: &'a Session,
    /// The engines configured (the forms of a game against the computer and of a match).
    pub engines: &'a [NamedEngine],
    /// The recent files, newest first (Qipu's own file chooser offers their folders).
    pub recent: &'a [PathBuf],
}

/// A window over the main one.
pub trait Window {
    /// Draw the window for this frame, pushing what the user asked for onto `commands`; false
    /// once it is closed.
    fn show(&mut self, ctx: &egui::Context, shown: &Shown<'_>, commands: &mut Vec<Command>)
        -> bool;
}
