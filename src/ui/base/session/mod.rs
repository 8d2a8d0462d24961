//! What the window shows: the game, where we are in it, the selection, the view settings, the
//! referee's judgement, the clock and the undo history.
//!
//! Changed only by [`Session::apply`]: every field is private, widgets read through the
//! accessors and return [`Command`]s. The submodules hold the parts of `apply` for the clock
//! ([`clock`]), typed moves ([`transcription`]), the board drawings ([`drawing`]) and undo
//! ([`history`]).

mod clock;
mod document;
mod drawing;
mod history;
mod line_referee;
mod transcription;

use crate::competition::{Contest, ContestError, Moment};
use crate::ending::Ending;
use crate::engine_client::{annotate, BestLines};
use crate::formats::ReadWarning;
use crate::lang::Language;
use crate::notation::{MoveStyle, Notation, TandemConvention, WriteOptions};
use crate::record::{Game, NodeId};
use crate::referee::{Judgement, RuleSet};
use crate::rules::{Move, Position, Square};
use crate::transcribe::Transcriber;

use crate::ui::base::command::origin::Origin;
use crate::ui::base::command::session_command::SessionCommand;

use super::command::notice::Notice;
use super::layout::Layout;
use super::timer::Timer;

pub use clock::ClockRecordError;
use document::Document;
use history::{History, Snapshot};
use line_referee::LineReferee;

use crate::ui::base::folds::{depth_of_branch, Folds};

/// The state behind the window.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    selected: Option<Square>,
    /// Black at the bottom, as the user chose (kept in the settings).
    flipped: bool,
    /// Black at the bottom while a puzzle is shown: its solver's side is at the bottom whatever
    /// the user chose, and the user's choice comes back with the next game shown.
    puzzle_flipped: Option<bool>,
    layout: Layout,
    lang: Language,
    notation: Notation,
    tandem: TandemConvention,
    notice: Option<Notice>,
    /// The file the game belongs to, and whether the game differs from it.
    document: Document,
    rules: RuleSet,
    referee: LineReferee,
    judgement: Judgement,
    transcriber: Transcriber,
    move_box: String,
    contest: Option<Contest>,
    contest_error: Option<ContestError>,
    timer: Timer,
    clock_record_error: Option<ClockRecordError>,
    history: History,
    folds: Folds,
    /// Changes with every command that may change the record (not with a step or the view).
    generation: u64,
    /// The referee's final ruling at the end of the main line (its last node), found by looking
    /// at it: shown as the game's result, written into the record only by an edit or a save.
    found: Option<(NodeId, Ending)>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Position::startpos())
    }
}

impl Session {
    /// A session with a new game from `start`.
    pub fn new(start: Position) -> Session {
        let rules = RuleSet::default();
        let referee = LineReferee::new(rules, &start);
        let game = Game::new(start);
        let transcriber = Transcriber::new();
        let document = Document::fresh(Snapshot::of(&game, &transcriber, None));
        let mut session = Session {
            referee,
            game,
            selected: None,
            flipped: false,
            puzzle_flipped: None,
            layout: Layout::default(),
            lang: Language::default(),
            notation: Notation::ChineseSimplified,
            tandem: TandemConvention::default(),
            notice: None,
            document,
            rules,
            judgement: Judgement::default(),
            transcriber,
            move_box: String::new(),
            contest: None,
            contest_error: None,
            timer: Timer::default(),
            clock_record_error: None,
            history: History::default(),
            folds: Folds::default(),
            generation: 0,
            found: None,
        };
        session.judge();
        session
    }

    /// The same session seen in `lang` and `notation`, Black at the bottom when `flipped` (the
    /// settings the app starts with).
    pub fn with_view(mut self, lang: Language, notation: Notation, flipped: bool) -> Session {
        self.lang = lang;
        self.notation = notation;
        self.flipped = flipped;
        self
    }

    /// The same session with the window laid out as `layout` (the settings the app starts with).
    pub fn with_layout(mut self, layout: Layout) -> Session {
        self.layout = layout;
        self
    }

    /// The same session writing a piece that shares its file with another of its kind as
    /// `tandem` says (the setting the app starts with).
    pub fn with_tandem(mut self, tandem: TandemConvention) -> Session {
        self.tandem = tandem;
        self
    }

    /// How the window is laid out.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The game shown; its cursor is the node on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The point whose piece is picked up.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// Black at the bottom: the puzzle's solver's side while a puzzle is shown, else as the
    /// user chose.
    pub fn flipped(&self) -> bool {
        self.puzzle_flipped.unwrap_or(self.flipped)
    }

    /// Black at the bottom as the user chose, whatever a puzzle shows (what the settings keep).
    pub fn chosen_flipped(&self) -> bool {
        self.flipped
    }

    /// Interface language.
    pub fn lang(&self) -> Language {
        self.lang
    }

    /// Notation of the record panel.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// How a piece sharing its file with another of its kind is written (前車進四 or 車六進四),
    /// in the record shown and the PGN written.
    pub fn tandem(&self) -> TandemConvention {
        self.tandem
    }

    /// How moves are written for the user, in the notation shown with the tandem convention
    /// chosen: the record, the opening tree, the move box's candidates, the analysis lines, the
    /// evaluation graph, the referee's evidence and the exported scoresheet all take it.
    pub fn move_style(&self) -> MoveStyle {
        MoveStyle {
            notation: self.notation,
            options: WriteOptions {
                tandem: self.tandem,
                ..WriteOptions::default()
            },
        }
    }

    /// The last message for the status line.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The rule set this game is judged by.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Which variations of the record are folded.
    pub fn folds(&self) -> &Folds {
        &self.folds
    }

    /// A count that changes with every command that may have changed the record (a step along
    /// it or a change of the view leaves it): the record panel lays the record out again when it
    /// changes.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// What the referee says about the line to the cursor.
    pub fn judgement(&self) -> &Judgement {
        &self.judgement
    }

    /// Typed moves: what was typed, held texts, where entering stopped.
    pub fn transcriber(&self) -> &Transcriber {
        &self.transcriber
    }

    /// The text in the move box.
    pub fn move_box(&self) -> &str {
        &self.move_box
    }

    /// The game under competition rules, once its clock has been started.
    pub fn contest(&self) -> Option<&Contest> {
        self.contest.as_ref()
    }

    /// The last refusal of the clock or of an offer.
    pub fn contest_error(&self) -> Option<&ContestError> {
        self.contest_error.as_ref()
    }

    /// Why the clock record of the game shown could not be rebuilt.
    pub fn clock_record_error(&self) -> Option<&ClockRecordError> {
        self.clock_record_error.as_ref()
    }

    /// The moment now on the game clock's time.
    pub fn now(&self) -> Moment {
        self.timer.now()
    }

    /// Where the clock's moments come from: tests set the time by hand through it.
    pub fn timer_mut(&mut self) -> &mut Timer {
        &mut self.timer
    }

    /// True when there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// True when the edit Undo would undo changed the moves of the main line (a move played),
    /// not only its result, a comment or the clock: against the computer such an undo takes
    /// its reply back too, a resignation is undone alone.
    pub fn undo_changes_moves(&self) -> bool {
        self.history
            .last()
            .is_some_and(|before| before.game.main_line().len() != self.game.main_line().len())
    }

    /// True when there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The node on the board.
    pub fn cursor(&self) -> NodeId {
        self.game.cursor()
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.position(self.cursor())
    }

    /// The move that led to the position on the board.
    pub fn last_move(&self) -> Option<Move> {
        self.game.move_of(self.cursor())
    }

    /// Where the selected piece may go.
    pub fn destinations(&self) -> Vec<Square> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        self.position()
            .legal_moves()
            .iter()
            .filter(|mv| mv.from == from)
            .map(|mv| mv.to)
            .collect()
    }

    /// How the game ended, if it has: the clock's result, the record's, or the referee's final
    /// ruling on the main line (the one [`Ending`] every part of the window shows).
    pub fn ending(&self) -> Option<Ending> {
        if let Some(result) = self.contest.as_ref().and_then(Contest::result) {
            return Some(result.ending);
        }
        self.game
            .ending()
            .or_else(|| self.referee_ending())
            .or_else(|| self.found_ending())
    }

    /// The referee's final ruling when the board stands at the end of the main line.
    fn referee_ending(&self) -> Option<Ending> {
        self.at_main_line_end()
            .then(|| self.judgement.ruling.as_ref().and_then(|r| r.ending()))
            .flatten()
    }

    /// The referee's ending of the main line found earlier, while the main line still ends
    /// where it was found.
    fn found_ending(&self) -> Option<Ending> {
        self.found
            .filter(|(end, _)| *end == self.game.main_line_end())
            .map(|(_, ending)| ending)
    }

    /// True when no move may be added at the cursor: the referee has ended the line to it, or
    /// the cursor stands at the end of a main line whose game has a final result (by the board,
    /// the referee, the clock, or the record's `Result`). Going on takes an explicit
    /// [`SessionCommand::ContinueAsAnalysis`].
    pub fn game_over(&self) -> bool {
        let ruled = self
            .judgement
            .ruling
            .as_ref()
            .is_some_and(|ruling| ruling.is_final());
        ruled
            || (self.at_main_line_end()
                && (self.ending().is_some() || self.game.result().is_some()))
    }

    fn at_main_line_end(&self) -> bool {
        self.cursor() == self.game.main_line_end()
    }

    /// Apply a command: the one place where the session changes.
    ///
    /// Edits (of the record or the clock) join the undo history; a move added at the end of the
    /// main line presses the game clock; then the referee judges the line to the cursor once,
    /// a final result of the referee or of the clock becomes the game's result, and the game is
    /// compared with what its file holds (the unsaved mark).
    pub fn apply(&mut self, command: &SessionCommand) {
        if !command.keeps_record() {
            self.generation += 1;
        }
        let before = command.edits().then(|| self.snapshot());
        let line = self.game.main_line();
        let ended = self.game.ending();
        self.apply_one(command);
        if matches!(
            command,
            SessionCommand::TryMove(_) | SessionCommand::Transcribe(_)
        ) {
            self.clock_moves(&line);
        }
        self.judge();
        self.settle_ending(before.is_some());
        if let Some(before) = before {
            let now = history::Current {
                game: &self.game,
                contest: self.contest.as_ref(),
            };
            self.history.note(before, &now);
        }
        if !command.keeps_record() || self.game.ending() != ended {
            self.compare_with_kept();
        }
    }

    /// Ask the referee about the line to the cursor (one step when a move was added there).
    fn judge(&mut self) {
        let moves = self.game.moves_to(self.cursor());
        let start = self.game.position(self.game.root());
        self.judgement = self.referee.judge(self.rules, start, &moves);
    }

    /// After an edit (`edited`), the referee's final ruling on the main line reaches the clock
    /// and the record; the clock's result (resignation, agreement, flag, third foul, forfeit, a
    /// claim) reaches the record whenever it comes: a final result is written once, as the
    /// game's [`Ending`]. A ruling found by only looking (stepping to the end of a game read
    /// from a file) is kept aside, shown, and written by the next edit or a save: looking
    /// changes nothing.
    fn settle_ending(&mut self, edited: bool) {
        if let Some(ending) = self.referee_ending() {
            self.found = Some((self.game.main_line_end(), ending));
        }
        let referee_ending = if edited { self.found_ending() } else { None };
        let at = self.timer.now();
        if let (Some(ending), Some(contest)) = (referee_ending, self.contest.as_mut()) {
            if contest.result().is_none() && contest.plies() == ending.ply {
                // 4.1: the board and the referee decide before the clock; a refusal (a reason
                // the clock does not know) leaves the clock as it was.
                let _ = contest.declare(ending.outcome, ending.reason, at);
            }
        }
        let ending = self
            .contest
            .as_ref()
            .and_then(Contest::result)
            .map(|r| r.ending)
            .or(referee_ending);
        if let Some(ending) = ending {
            if self.game.ending() != Some(ending) {
                self.game.set_ending(Some(&ending));
            }
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot::of(&self.game, &self.transcriber, self.contest.as_ref())
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.game = snapshot.game;
        self.transcriber = snapshot.transcriber;
        self.contest = snapshot.contest;
        self.move_box = match self.transcriber.stop() {
            Some(crate::transcribe::Stop::Misfit { text, .. }) => text.clone(),
            _ => String::new(),
        };
        self.selected = None;
        self.notice = None;
    }

    /// The one place a command changes the session: each kind of command, by what it changes.
    fn apply_one(&mut self, command: &SessionCommand) {
        use SessionCommand as C;
        match command {
            C::Undo | C::Redo => self.apply_history(command),
            C::ShowGame(_) | C::NewGame | C::PasteFen(_) | C::ContinueAsAnalysis => {
                self.apply_replacement(command)
            }
            C::Transcribe(_)
            | C::TranscribeInsert(_)
            | C::TranscribeReplace(_)
            | C::TranscribeRemove
            | C::TranscribeRemoveRound => self.apply_transcription(command),
            C::StartClock(_)
            | C::PauseClock(_)
            | C::ResumeClock
            | C::Tick
            | C::OfferDraw(_)
            | C::AcceptDraw(_)
            | C::RefuseDraw(_)
            | C::Resign(_)
            | C::Arbiter(_) => self.apply_contest(command),
            C::ToggleArrow(_) | C::ToggleHighlight(_) | C::Select(_) | C::Flip => {
                self.apply_board(command)
            }
            C::TryMove(mv) => self.try_move(*mv),
            C::TakeBack => self.take_back(),
            C::First | C::Back | C::Forward | C::Last | C::GoTo(_) => self.apply_walk(command),
            C::SetLayout(_)
            | C::SetLanguage(_)
            | C::SetNotation(_)
            | C::SetTandem(_)
            | C::SetFoldMode(_)
            | C::SetFold(..)
            | C::SetMoveBox(_) => self.apply_view(command),
            C::Saved(tie) => self.saved(tie.clone()),
            C::Notify(notice) => self.notice = Some(notice.clone()),
            C::SetComment(..)
            | C::SetMark(..)
            | C::SetEvaluation(..)
            | C::ApplyReview(..)
            | C::SetRules(_)
            | C::SetTag(..) => self.apply_annotation(command),
            C::PromoteLine(_)
            | C::PromoteToMain(_)
            | C::DemoteLine(_)
            | C::DeleteFrom(_)
            | C::AddLine(..) => self.apply_line_edit(command),
        }
    }

    /// Undo and redo. Other commands are not of this group: [`Session::apply_one`] sends them
    /// elsewhere.
    fn apply_history(&mut self, command: &SessionCommand) {
        let snapshot = match command {
            SessionCommand::Undo => self.history.undo(self.snapshot()),
            SessionCommand::Redo => self.history.redo(self.snapshot()),
            _ => None,
        };
        if let Some(snapshot) = snapshot {
            self.restore(snapshot);
        }
    }

    /// The commands that put another game in the window: one shown, a new one, a pasted
    /// position, the game continued as analysis. Other commands are not of this group.
    fn apply_replacement(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::ShowGame(shown) => {
                self.show(shown.game.as_ref().clone(), shown.origin.clone())
            }
            SessionCommand::NewGame => self.show(Game::new(Position::startpos()), Origin::Fresh),
            SessionCommand::PasteFen(text) => match Position::from_diagram_fen(text.trim()) {
                Ok(position) => self.show(Game::new(position), Origin::Unsaved),
                Err(e) => self.notice = Some(Notice::BadFen(e)),
            },
            SessionCommand::ContinueAsAnalysis => self.continue_as_analysis(),
            _ => {}
        }
    }

    /// The transcriber's commands: text entered, inserted, replaced, removed. Other commands
    /// are not of this group.
    fn apply_transcription(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::Transcribe(text) => self.transcribe(text),
            SessionCommand::TranscribeInsert(text) => self.transcribe_insert(text),
            SessionCommand::TranscribeReplace(text) => self.transcribe_replace(text),
            SessionCommand::TranscribeRemove => self.transcribe_remove(),
            SessionCommand::TranscribeRemoveRound => self.transcribe_remove_round(),
            _ => {}
        }
    }

    /// The game played on the clock: the clock itself, draw offers, resignation, the arbiter.
    /// Other commands are not of this group.
    fn apply_contest(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::StartClock(preset) => self.start_clock(*preset),
            SessionCommand::PauseClock(reason) => self.pause_clock(reason),
            SessionCommand::ResumeClock => self.resume_clock(),
            SessionCommand::Tick => self.tick(),
            SessionCommand::OfferDraw(side) => self.offer_draw(*side),
            SessionCommand::AcceptDraw(side) => self.accept_draw(*side),
            SessionCommand::RefuseDraw(side) => self.refuse_draw(*side),
            SessionCommand::Resign(side) => self.resign(*side),
            SessionCommand::Arbiter(action) => self.arbiter_acts(action),
            _ => {}
        }
    }

    /// What is drawn on the board and how: arrows, highlights, the piece selected, the board's
    /// side. Other commands are not of this group.
    fn apply_board(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::ToggleArrow(arrow) => self.change_drawing(|d| d.toggle_arrow(*arrow)),
            SessionCommand::ToggleHighlight(highlight) => {
                self.change_drawing(|d| d.toggle_highlight(*highlight))
            }
            SessionCommand::Select(sq) => {
                let mover = self.position().side_to_move();
                let piece = sq.and_then(|sq| self.position().piece_at(sq));
                self.selected = sq.filter(|_| piece.is_some_and(|p| p.color == mover));
                // A piece of the side not to move: say whose move it is.
                if piece.is_some_and(|p| p.color != mover) && !self.game_over() {
                    self.notice = Some(Notice::TurnOf(mover));
                }
            }
            SessionCommand::Flip => match &mut self.puzzle_flipped {
                Some(flipped) => *flipped = !*flipped,
                None => self.flipped = !self.flipped,
            },
            _ => {}
        }
    }

    /// Walking the game: to its start, a move back or forward, its end, a move chosen. Other
    /// commands are not of this group.
    fn apply_walk(&mut self, command: &SessionCommand) {
        let to = match command {
            SessionCommand::First => Some(self.game.root()),
            SessionCommand::Back => self.game.parent(self.cursor()),
            SessionCommand::Forward => self.game.children(self.cursor()).first().copied(),
            SessionCommand::Last => self.game.line_from(self.cursor()).last().copied(),
            SessionCommand::GoTo(node) => Some(*node),
            _ => None,
        };
        if let Some(node) = to {
            self.go_to(node);
        }
    }

    /// How the game is shown: layout, language, notation, folded lines, the move box's text.
    /// Other commands are not of this group.
    fn apply_view(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::SetLayout(layout) => self.layout = *layout,
            SessionCommand::SetLanguage(lang) => self.lang = *lang,
            SessionCommand::SetNotation(notation) => self.notation = *notation,
            SessionCommand::SetTandem(tandem) => self.tandem = *tandem,
            SessionCommand::SetFoldMode(mode) => self.folds.set_mode(*mode),
            SessionCommand::SetFold(node, open) if self.game.contains(*node) => {
                let depth = depth_of_branch(&self.game, *node);
                self.folds.set_open(*node, depth, *open);
            }
            SessionCommand::SetMoveBox(text) => self.move_box.clone_from(text),
            _ => {}
        }
    }

    /// What is written about the game: comments, marks, evaluations (each changed only on a
    /// move of the game, and only when it differs), a review's notes, the rules, the tags. Other
    /// commands are not of this group.
    fn apply_annotation(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::SetComment(node, text)
                if self.game.contains(*node) && self.game.comment(*node) != text =>
            {
                self.game.set_comment(*node, text.clone());
            }
            SessionCommand::SetMark(node, mark)
                if self.game.contains(*node) && self.game.mark(*node) != *mark =>
            {
                self.game.set_mark(*node, *mark);
            }
            SessionCommand::SetEvaluation(node, evaluation)
                if self.game.contains(*node)
                    && self.game.annotation(*node).evaluation() != *evaluation =>
            {
                self.game.annotation_mut(*node).set_evaluation(*evaluation);
            }
            SessionCommand::ApplyReview(reviews, sources) => {
                annotate(&mut self.game, reviews, BestLines::Marked);
                sources.write_tags(&mut self.game);
            }
            SessionCommand::SetRules(rules) => {
                self.rules = *rules;
                rules.store_in(&mut self.game);
            }
            SessionCommand::SetTag(key, value) => {
                if value.trim().is_empty() {
                    self.game.tags_mut().remove(key);
                } else {
                    self.game.tags_mut().set(key.clone(), value.trim());
                }
            }
            _ => {}
        }
    }

    /// The game's lines changed: promoted, demoted, cut, one added (each on a move of the game).
    /// Other commands are not of this group.
    fn apply_line_edit(&mut self, command: &SessionCommand) {
        match command {
            SessionCommand::PromoteLine(node) if self.game.contains(*node) => {
                self.game.promote(*node);
            }
            SessionCommand::PromoteToMain(node)
                if self.game.contains(*node) && !self.game.is_main_line(*node) =>
            {
                self.game.promote_to_main(*node);
            }
            SessionCommand::DemoteLine(node) if self.game.contains(*node) => {
                self.game.demote(*node);
            }
            SessionCommand::DeleteFrom(node)
                if self.game.contains(*node) && *node != self.game.root() =>
            {
                self.game.delete_from(*node);
                self.selected = None;
            }
            SessionCommand::AddLine(node, moves) if self.game.contains(*node) => {
                self.add_line(*node, moves)
            }
            _ => {}
        }
    }

    /// Show another game, keeping the view settings.
    fn replace_game(&mut self, game: Game) {
        self.game = game;
        self.folds.reset_for(&self.game);
        if let Some(rules) = RuleSet::of_game(&self.game) {
            self.rules = rules;
        }
        self.transcriber = Transcriber::new();
        self.history = History::default();
        self.move_box.clear();
        self.restore_contest();
        self.selected = None;
        self.found = None;
        // A start only a diagram shows is said, whichever way the game came (a file, the
        // clipboard, the setup editor, the autosave).
        let warnings = ReadWarning::of_game(&self.game);
        self.notice = (!warnings.is_empty()).then_some(Notice::StartWarnings(warnings));
    }

    /// Go on from a finished game as analysis: a copy of the record without its result and
    /// clock, to play on freely; the game itself keeps its result (the app saves the copy
    /// under a new name).
    fn continue_as_analysis(&mut self) {
        if !self.game_over() {
            return;
        }
        let mut copy = self.game.clone();
        copy.set_ending(None);
        let cursor = self.cursor();
        self.show(copy, Origin::Unsaved);
        self.game.go_to(cursor);
        self.notice = Some(Notice::Analysis);
    }

    fn try_move(&mut self, mv: Move) {
        self.selected = None;
        if self.game_over() {
            self.notice = Some(Notice::GameOver);
            return;
        }
        let at = self.cursor();
        let known = self
            .game
            .children(at)
            .iter()
            .any(|&c| self.game.move_of(c) == Some(mv));
        let branches = !self.game.children(at).is_empty();
        match self.game.play_at_cursor(mv) {
            // A move already in the record is only gone to.
            Ok(_) if known => self.notice = None,
            Ok(_) => {
                // A move where the record goes on another way is a new variation: said, so
                // that the question about unsaved changes later is no surprise.
                self.notice = branches.then_some(Notice::VariationAdded);
            }
            Err(e) => {
                self.notice = Some(Notice::Illegal {
                    mv,
                    reason: e.reason,
                })
            }
        }
    }

    /// Add `moves` after `node` as a line of the record (a move already there is followed, not
    /// doubled), up to the first that is not legal; the board stays where it was.
    fn add_line(&mut self, node: NodeId, moves: &[Move]) {
        let mut at = node;
        for &mv in moves {
            match self.game.play(at, mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
    }

    /// Take back the move on the board: a move with nothing after it is removed (with the
    /// clock's press of it, when the clock pressed it); otherwise only step back, so no recorded
    /// continuation is lost. Once the game has a final result (a resignation, an agreed draw, a
    /// ruling, a flag) it is refused like a move: Undo corrects the result.
    fn take_back(&mut self) {
        // A final result is corrected only on purpose (Undo), not by taking its move back.
        if self.game_over() {
            self.selected = None;
            self.notice = Some(Notice::TakeBackRefused);
            return;
        }
        let cursor = self.cursor();
        let Some(parent) = self.game.parent(cursor) else {
            return;
        };
        if self.game.children(cursor).is_empty() {
            let was_main_end = cursor == self.game.main_line_end();
            self.game.delete_from(cursor);
            if was_main_end {
                let moves = self.game.main_line().len();
                if let Some(contest) = self.history.contest_at(moves) {
                    self.contest = contest;
                }
            }
        }
        self.go_to(parent);
    }

    fn go_to(&mut self, node: NodeId) {
        if !self.game.contains(node) {
            return;
        }
        self.game.go_to(node);
        self.selected = None;
        self.notice = None;
    }
}
