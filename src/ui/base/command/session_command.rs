//! What the session applies: changes to the game, the cursor, the view, the clock and the undo
//! history (the session's `apply`).

use crate::competition::Preset;
use crate::engine_client::MoveReview;
use crate::lang::Language;
use crate::notation::{Notation, TandemConvention};
use crate::record::{Arrow, Evaluation, Highlight, Mark, NodeId, TagKey};
use crate::referee::RuleSet;
use crate::rules::{Color, Move, Square};

use crate::ui::base::folds::FoldMode;
use crate::ui::base::layout::Layout;
use crate::ui::base::review_sources::ScoreSources;

use super::arbiter_action::ArbiterAction;
use super::notice::Notice;
use super::origin::FileTie;
use super::GameToShow;

/// A change the session makes to the game, the cursor, the view or the clock.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionCommand {
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
    /// Fold or unfold every variation of the record by this mode.
    SetFoldMode(FoldMode),
    /// Unfold (`true`) or fold the variations at this branch point.
    SetFold(NodeId, bool),
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
    /// Set up the position of this FEN text.
    PasteFen(String),
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
    /// Show this game (opened from a file, pasted, picked from a list, restored, a puzzle), tied
    /// to a file or to none as its origin says.
    ShowGame(GameToShow),
    /// The game shown was written whole to this file: it is tied to it, nothing is unsaved.
    Saved(FileTie),
    /// The text in the move box, as typed.
    SetMoveBox(String),
    /// Go on from a finished game: a copy without its result, to play on as analysis.
    ContinueAsAnalysis,
    /// Say this in the status line (what a file command did, or why it went another way).
    Notify(Notice),
    /// Add this line of moves after this node as a variation (the board stays where it is).
    AddLine(NodeId, Vec<Move>),
    /// Write a review into the main line: each move's `[%eval]` and mark, the better line
    /// beside each marked move, each side's accuracy and where the scores came from in the tags.
    ApplyReview(Vec<MoveReview>, ScoreSources),
}

impl SessionCommand {
    /// Whether the command can change the record or the clock's record, and so joins the undo
    /// history. Navigation and the view cannot; a new game (opened, pasted, restored, set up,
    /// continued as analysis) starts a new history; undo and redo move along it.
    pub fn edits(&self) -> bool {
        matches!(
            self,
            SessionCommand::TryMove(_)
                | SessionCommand::TakeBack
                | SessionCommand::SetTag(..)
                | SessionCommand::SetComment(..)
                | SessionCommand::SetMark(..)
                | SessionCommand::SetEvaluation(..)
                | SessionCommand::PromoteLine(_)
                | SessionCommand::PromoteToMain(_)
                | SessionCommand::DemoteLine(_)
                | SessionCommand::DeleteFrom(_)
                | SessionCommand::ToggleArrow(_)
                | SessionCommand::ToggleHighlight(_)
                | SessionCommand::SetRules(_)
                | SessionCommand::Transcribe(_)
                | SessionCommand::TranscribeInsert(_)
                | SessionCommand::TranscribeReplace(_)
                | SessionCommand::TranscribeRemove
                | SessionCommand::TranscribeRemoveRound
                | SessionCommand::StartClock(_)
                | SessionCommand::PauseClock(_)
                | SessionCommand::ResumeClock
                | SessionCommand::OfferDraw(_)
                | SessionCommand::AcceptDraw(_)
                | SessionCommand::RefuseDraw(_)
                | SessionCommand::Resign(_)
                | SessionCommand::Arbiter(_)
                | SessionCommand::AddLine(..)
                | SessionCommand::ApplyReview(..)
        )
    }

    /// Whether the command leaves the record as it was: a step, a change of the view or of the
    /// fold state, the clock's tick (whose result, if any, is not part of the laid-out record).
    pub fn keeps_record(&self) -> bool {
        matches!(
            self,
            SessionCommand::Select(_)
                | SessionCommand::First
                | SessionCommand::Back
                | SessionCommand::Forward
                | SessionCommand::Last
                | SessionCommand::GoTo(_)
                | SessionCommand::Flip
                | SessionCommand::SetLayout(_)
                | SessionCommand::SetFoldMode(_)
                | SessionCommand::SetFold(..)
                | SessionCommand::SetMoveBox(_)
                | SessionCommand::Tick
                | SessionCommand::Notify(_)
        )
    }

    /// Whether the command ends the game by a player's word (a resignation, accepting the
    /// opponent's draw offer), so that the window asks once before it is applied.
    pub fn ends_the_game(&self) -> bool {
        matches!(
            self,
            SessionCommand::Resign(_) | SessionCommand::AcceptDraw(_)
        )
    }

    /// Whether the command puts another game in place of the one shown (so the unsaved changes
    /// of that one are asked about first, and the game's tie to its file is set anew).
    pub fn replaces_game(&self) -> bool {
        matches!(
            self,
            SessionCommand::NewGame
                | SessionCommand::ContinueAsAnalysis
                | SessionCommand::ShowGame(_)
                | SessionCommand::PasteFen(_)
        )
    }
}
