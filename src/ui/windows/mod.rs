//! The windows over the main one: the setup editor, export, Qipu's own file chooser, the
//! engines, a game against the computer, an engine match, the event, the game database and the
//! report of a save. Imports from the folders below.

pub mod computer;
pub mod database_window;
pub mod engine_match;
pub mod engines_window;
pub mod event_window;
pub mod export_dialog;
pub mod file_chooser;
pub mod save_report;
pub mod setup_editor;
