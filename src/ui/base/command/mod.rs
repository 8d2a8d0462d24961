//! Everything the user can ask for: widgets, menus and shortcuts return a [`Command`], and the
//! app applies it in one place (the session's `apply` for the state behind the window, the app
//! itself for files, the clipboard and its windows). The types a command carries are here too,
//! below every panel and window that sends them.

pub mod arbiter_action;
pub mod database_command;
pub mod event_command;
pub mod export_job;
pub mod notice;

use std::path::PathBuf;

use crate::competition::Preset;
use crate::lang::Language;
use crate::notation::{Notation, TandemConvention};
use crate::record::{Arrow, Evaluation, Game, Highlight, Mark, NodeId, TagKey};
use crate::referee::RuleSet;
use crate::rules::{Color, Move, Square};

use crate::ui::base::layout::Layout;
use crate::ui::base::settings::{MatchSettings, NamedEngine, PlaySettings};
use arbiter_action::ArbiterAction;
use database_command::DatabaseCommand;
use event_command::EventCommand;
use export_job::ExportJob;
use notice::Notice;

/// A game for a command to show (opened, pasted, restored).
#[derive(Clone, Debug)]
pub struct GameToShow(pub Box<Game>);

impl PartialEq for GameToShow {
    fn eq(&self, other: &GameToShow) -> bool {
        self.0.same_record(&other.0)
    }
}

/// One request from the user, or from the app on the user's behalf.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Pick up the piece on this point (or put it down: `None`).
    Select(Option<Square>),
    /// Move a piece; refused with the reason if illegal.
    TryMove(Move),
    /// Start a new game from the initial position.
    NewGame,
    /// Take back the last move (removes it when nothing follows it).
    TakeBack,
    /// Go to the start position.
    First,
    /// One move back.
    Back,
    /// One move forward along the line shown.
    Forward,
    /// To the end of the line shown.
    Last,
    /// Go to this node of the record.
    GoTo(NodeId),
    /// Turn the board around.
    Flip,
    /// Lay the window out so (panels shown, their widths, the referee's detail).
    SetLayout(Layout),
    /// Show the record in this notation.
    SetNotation(Notation),
    /// Write a piece sharing its file with another of its kind this way (shown and saved).
    SetTandem(TandemConvention),
    /// Set a tag of the game information (an empty value removes it).
    SetTag(TagKey, String),
    /// Set the comment after a move (or on the start position).
    SetComment(NodeId, String),
    /// Set or clear the mark (`!`, `?`, …) of a move.
    SetMark(NodeId, Option<Mark>),
    /// Set or clear the evaluation (`=`, `+-`, …) after a move.
    SetEvaluation(NodeId, Option<Evaluation>),
    /// Move the line holding this node one place up at the nearest branch point.
    PromoteLine(NodeId),
    /// Make the line to this node the main line.
    PromoteToMain(NodeId),
    /// Move the line holding this node one place down at the nearest branch point.
    DemoteLine(NodeId),
    /// Delete this move and everything after it.
    DeleteFrom(NodeId),
    /// Draw an arrow on the board at the move shown (or remove the same arrow).
    ToggleArrow(Arrow),
    /// Highlight a point at the move shown (or clear it).
    ToggleHighlight(Highlight),
    /// Judge this game by another rule set.
    SetRules(RuleSet),
    /// Switch the interface language.
    SetLanguage(Language),
    /// Put the current position's FEN on the clipboard.
    CopyFen,
    /// Put the game as PGN on the clipboard.
    CopyPgn,
    /// Put the game as a DhtmlXQ block on the clipboard.
    CopyDhtmlxq,
    /// Set up the position of this FEN text.
    PasteFen(String),
    /// Pasted text: a FEN position or a PGN game.
    PasteText(String),
    /// Open a file through the dialog.
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Take this game from the list of the file just opened.
    PickGame(usize),
    /// Save to the game's file (or ask where).
    Save,
    /// Save under a name the user picks.
    SaveAs,
    /// Open the position setup editor on the position shown.
    OpenSetup,
    /// Open the export window (diagrams, scoresheet).
    OpenExport,
    /// Enter what was typed in the move box: a move, a digit picking a candidate, or a line.
    Transcribe(String),
    /// Insert the typed move(s) after the move on the board (a missed move).
    TranscribeInsert(String),
    /// Replace the move on the board by the typed one (a wrong move).
    TranscribeReplace(String),
    /// Remove the move on the board (a move written twice).
    TranscribeRemove,
    /// Answer a move written as the other side's by removing its whole round.
    TranscribeRemoveRound,
    /// Undo the last change to the record.
    Undo,
    /// Redo the last change undone.
    Redo,
    /// Start the game clock with a time control of art. 6.
    StartClock(Preset),
    /// The arbiter stops the clock, with the reason (22.4).
    PauseClock(String),
    /// The arbiter restarts the clock.
    ResumeClock,
    /// This side offers a draw (23.1).
    OfferDraw(Color),
    /// This side accepts the opponent's offer.
    AcceptDraw(Color),
    /// This side refuses the opponent's offer.
    RefuseDraw(Color),
    /// This side resigns (4.1.9).
    Resign(Color),
    /// A foul, a natural-limit claim or a clock correction, checked by the arbiter.
    Arbiter(ArbiterAction),
    /// The time has moved on: the clock settles it (a flag may fall). Sent at every frame.
    Tick,
    /// Show this game (opened from a file, pasted, picked from a list).
    ShowGame(GameToShow),
    /// Show the unsaved game found in the autosave file, still unsaved.
    RestoreAutosave(GameToShow),
    /// The game was saved (or its changes discarded): nothing is unsaved now.
    MarkSaved,
    /// The text in the move box, as typed.
    SetMoveBox(String),
    /// Go on from a finished game: a copy without its result, to play on as analysis.
    ContinueAsAnalysis,
    /// Ask the system for the clipboard's text (it comes back as [`Command::PasteText`]).
    RequestPaste,
    /// Open the command palette.
    OpenPalette,
    /// Forget the unsaved changes (and their autosave copy).
    DiscardChanges,
    /// Close the window (asking first when there are unsaved changes).
    Quit,
    /// Say this in the status line (what a file command did, or why it went another way).
    Notify(Notice),
    /// Save the game to this file (chosen in Qipu's own file dialog).
    SaveTo(PathBuf),
    /// Ask where to write the export the export window describes (suggesting this name).
    ChooseExportFile(String),
    /// Write the export the export window describes, to the file chosen.
    Export(ExportJob),
    /// Open the Event window (the tournament).
    OpenEvent,
    /// What a button of the Event window asks for.
    Event(EventCommand),
    /// Something asked of the game database (its window, the opening tree).
    Database(DatabaseCommand),
    /// Show this game (from the database) at this ply of its main line.
    ShowGameAt(GameToShow, usize),
    /// Open the form of a game against the computer.
    OpenPlayComputer,
    /// Start a game against the computer.
    PlayComputer(PlaySettings),
    /// Stop playing against the computer, or the engine match (the game stays as it is).
    StopComputer,
    /// Open the form of an engine match.
    OpenEngineMatch,
    /// Start an engine match from the move on the board.
    StartMatch(MatchSettings),
    /// Open the window of the engines configured.
    OpenEngines,
    /// Keep these engines as the ones configured.
    SetEngines(Vec<NamedEngine>),
    /// Open or close the analysis panel.
    ToggleAnalysis,
    /// Show or hide the evaluation graph of the main line.
    ToggleEvalGraph,
    /// Add this line of moves after this node as a variation (the board stays where it is).
    AddLine(NodeId, Vec<Move>),
}

impl Command {
    /// Whether the command can change the record or the clock's record (and so joins the undo
    /// history); navigation, view and app commands cannot.
    pub fn edits(&self) -> bool {
        !matches!(
            self,
            Command::Select(_)
                | Command::First
                | Command::Back
                | Command::Forward
                | Command::Last
                | Command::GoTo(_)
                | Command::Flip
                | Command::SetLayout(_)
                | Command::SetNotation(_)
                | Command::SetTandem(_)
                | Command::SetLanguage(_)
                | Command::SetMoveBox(_)
                | Command::Tick
                | Command::MarkSaved
                | Command::CopyFen
                | Command::CopyPgn
                | Command::CopyDhtmlxq
                | Command::Open
                | Command::OpenPath(_)
                | Command::Save
                | Command::SaveAs
                | Command::OpenSetup
                | Command::OpenExport
                | Command::Export(_)
                | Command::OpenEvent
                | Command::Event(_)
                | Command::Database(_)
                | Command::DiscardChanges
                | Command::OpenPlayComputer
                | Command::PlayComputer(_)
                | Command::StopComputer
                | Command::OpenEngineMatch
                | Command::StartMatch(_)
                | Command::OpenEngines
                | Command::SetEngines(_)
                | Command::ToggleAnalysis
                | Command::ToggleEvalGraph
                | Command::Quit
                | Command::Notify(_)
                | Command::SaveTo(_)
                | Command::ChooseExportFile(_)
                | Command::RequestPaste
                | Command::OpenPalette
                | Command::Undo
                | Command::Redo
                // A new game starts a new history.
                | Command::NewGame
                | Command::PasteFen(_)
                | Command::PasteText(_)
                | Command::PickGame(_)
                | Command::ShowGame(_)
                | Command::ShowGameAt(..)
                | Command::RestoreAutosave(_)
                | Command::ContinueAsAnalysis
        )
    }
}
