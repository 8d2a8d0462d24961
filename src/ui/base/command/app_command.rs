//! What the app applies itself: files, the clipboard, and opening its windows.

use std::path::PathBuf;
use std::sync::Arc;

use eframe::egui::ColorImage;

use crate::recognise::Lesson;
use crate::rules::Color;

use crate::ui::base::settings::{
    CloudSettings, MatchSettings, NamedEngine, PlaySettings, ReviewSettings,
};

use super::file_purpose::{Purpose, Start};
use super::notification::Notification;
use super::session_command::SessionCommand;
use super::window_id::WindowId;
use super::GameToShow;

/// A request for the app's files, clipboard, windows and engines.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// Put the current position's FEN on the clipboard.
    CopyFen,
    /// Put the game as PGN on the clipboard.
    CopyPgn,
    /// Put the game as a DhtmlXQ block on the clipboard.
    CopyDhtmlxq,
    /// Pasted text: a FEN position or a PGN game.
    PasteText(String),
    /// Open a window over the main one.
    Open(WindowId),
    /// Tell the user this, in its turn.
    Notify(Notification),
    /// Open this file.
    OpenPath(PathBuf),
    /// Take this game from the list of the file just opened.
    PickGame(usize),
    /// Save to the game's file (or ask where).
    Save,
    /// Save under a name the user picks.
    SaveAs,
    /// Read this picture file into the setup editor (dropped or chosen).
    ReadPicture(PathBuf),
    /// Read this pasted image into the setup editor.
    PastePicture(Arc<ColorImage>),
    /// Keep the pieces of a board read from a picture, as the user set it, for the next
    /// pictures.
    TeachPieces(Box<Lesson>),
    /// Forget every piece taught from pictures.
    ForgetTaughtPieces,
    /// Ask the system for the clipboard's text (it comes back as [`AppCommand::PasteText`]).
    RequestPaste,
    /// Forget the unsaved work of a run that did not end normally (its autosave copy).
    DiscardChanges,
    /// The user's answer to the question about unsaved changes.
    Answer(Answer),
    /// Read the game's file again, in place of the changes not saved.
    Revert,
    /// Close the window (asking first when there are unsaved changes).
    Quit,
    /// Apply this command, which ends the game (a resignation, a draw agreed): the user
    /// answered yes to the question it asks first.
    Confirmed(Box<SessionCommand>),
    /// Show this game (from the database) at this ply of its main line.
    ShowGameAt(GameToShow, usize),
    /// Start a game against the computer.
    PlayComputer(PlaySettings),
    /// Stop playing against the computer, or the engine match (the game stays as it is).
    StopComputer,
    /// Start an engine match from the move on the board.
    StartMatch(MatchSettings),
    /// Keep these engines as the ones configured.
    SetEngines(Vec<NamedEngine>),
    /// Search on this many threads with the built-in engine (`Threads`).
    SetEngineThreads(usize),
    /// Open or close the analysis panel.
    ToggleAnalysis,
    /// Show or hide the evaluation graph of the main line.
    ToggleEvalGraph,
    /// Show the evaluation graph (a review just written into the game).
    ShowEvalGraph,
    /// Add this side's mistakes and blunders of the reviewed game to the personal puzzle set.
    MakePuzzles(Color),
    /// Keep these as the way games are reviewed.
    SetReviewSettings(ReviewSettings),
    /// Keep this as the cloud database's setting (the user's answer to its question, the
    /// server), and ask the cloud, or stop asking it, as it says.
    SetCloud(CloudSettings),
    /// Ask for a file for this purpose, starting there: the system's chooser, else Qipu's own
    /// (the one way any part of the window asks for a file; both answer into one handler).
    PickFile(Purpose, Start),
}

/// An answer to the question asked before unsaved changes would be lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save them first, then go on.
    Save,
    /// Go on without them.
    Discard,
    /// Do not go on.
    Cancel,
}

impl AppCommand {
    /// Whether the command may put another game in place of the one shown (so the unsaved
    /// changes of that one are asked about first).
    pub fn replaces_game(&self) -> bool {
        match self {
            AppCommand::PickFile(Purpose::Open, _)
            | AppCommand::OpenPath(_)
            | AppCommand::Revert
            | AppCommand::PasteText(_)
            | AppCommand::ShowGameAt(..) => true,
            AppCommand::PlayComputer(settings) => settings.new_game,
            _ => false,
        }
    }
}
