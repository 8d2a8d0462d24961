//! What the window shows: the game, where we are in it, the selection, the view settings.
//! Changed only by [`Session::apply`] (and the app's file commands); drawn every frame.

use crate::competition::{Contest, ContestError};
use crate::lang::Language;
use crate::notation::Notation;
use crate::record::GameResult as RecordResult;
use crate::referee::{GameResult, Judgement, Referee, RuleSet};
use crate::rules::{FenError, IllegalReason, Move, Position, Square};
use crate::transcribe::Transcriber;

use super::command::Command;
use super::competition::ClockRecordError;
use super::timer::Timer;
use crate::record::{Game, NodeId};

/// A message for the status line, rendered in the language of the moment.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The game is over: no more moves.
    GameOver,
    /// A move was refused.
    Illegal {
        /// The move tried.
        mv: Move,
        /// Why it is not allowed.
        reason: IllegalReason,
    },
    /// Pasted text was not a FEN position.
    BadFen(FenError),
}

impl Notice {
    /// The sentence for the user.
    pub fn text(&self, lang: Language) -> String {
        match self {
            Notice::Illegal { mv, reason } => format!(
                "{} {mv}: {}",
                lang.pick("Illegal move", "不合规则的着法", "不合規則的著法"),
                reason.message(lang)
            ),
            Notice::GameOver => lang
                .pick(
                    "The game is over; you can still look through it and annotate it",
                    "对局已结束，仍可查看和注释",
                    "對局已結束，仍可查看和註釋",
                )
                .to_owned(),
            Notice::BadFen(e) => format!(
                "{}: {}",
                lang.pick("Not a FEN position", "不是 FEN 局面", "不是 FEN 局面"),
                e.message(lang)
            ),
        }
    }
}

/// The state behind the window.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game being shown; its cursor is the node on the board.
    pub game: Game,
    /// The point whose piece is picked up.
    pub selected: Option<Square>,
    /// Black at the bottom.
    pub flipped: bool,
    /// Interface language.
    pub lang: Language,
    /// Notation of the record panel.
    pub notation: Notation,
    /// The last message for the status line.
    pub notice: Option<Notice>,
    /// Changes not yet saved.
    pub dirty: bool,
    /// The rule set this game is judged by.
    pub rules: RuleSet,
    /// What the referee says about the line to the cursor.
    pub judgement: Judgement,
    /// Typed moves and the undo history of every edit to the record.
    pub transcriber: Transcriber,
    /// The text in the move box.
    pub move_box: String,
    /// The game under competition rules, once its clock has been started.
    pub contest: Option<Contest>,
    /// The last refusal of the clock or of an offer.
    pub contest_error: Option<ContestError>,
    /// Where the clock's moments come from.
    pub timer: Timer,
    /// Why the clock record of the game shown could not be rebuilt.
    pub clock_record_error: Option<ClockRecordError>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Position::startpos())
    }
}

impl Session {
    /// A session with a new game from `start`.
    pub fn new(start: Position) -> Session {
        Session {
            game: Game::new(start),
            selected: None,
            flipped: false,
            lang: Language::default(),
            notation: Notation::ChineseSimplified,
            notice: None,
            dirty: false,
            rules: RuleSet::default(),
            judgement: Judgement::default(),
            transcriber: Transcriber::new(),
            move_box: String::new(),
            contest: None,
            contest_error: None,
            timer: Timer::default(),
            clock_record_error: None,
        }
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

    /// Apply a command that concerns the game and the view; the app handles the others (files,
    /// clipboard) and leaves the session alone for them.
    ///
    /// Every edit joins the transcriber's undo history; a move added at the end of the main
    /// line presses the game clock.
    pub fn apply(&mut self, command: &Command) {
        let before = self.game.clone();
        let line = self.game.main_line();
        if !self.apply_transcription(command) && !self.apply_competition(command) {
            self.apply_inner(command);
            if !matches!(command, Command::NewGame | Command::PasteFen(_)) {
                self.transcriber.note_change(before, &self.game);
            }
        }
        if matches!(command, Command::TryMove(_) | Command::Transcribe(_)) {
            self.clock_moves(&line);
        }
        self.judge();
    }

    /// Ask the referee about the line to the cursor.
    fn judge(&mut self) {
        let referee = Referee::new(self.rules);
        let moves = self.game.moves_to(self.cursor());
        self.judgement = referee.judge(self.game.position(self.game.root()), &moves);
    }

    /// True when the referee has ended the game at (or before) the cursor.
    pub fn game_over(&self) -> bool {
        self.judgement
            .ruling
            .as_ref()
            .is_some_and(|ruling| ruling.result.is_final())
    }

    fn apply_inner(&mut self, command: &Command) {
        match command {
            Command::Select(sq) => {
                self.selected = sq.filter(|&sq| {
                    self.position()
                        .piece_at(sq)
                        .is_some_and(|p| p.color == self.position().side_to_move())
                });
            }
            Command::TryMove(mv) => self.try_move(*mv),
            Command::NewGame => self.replace_game(Game::new(Position::startpos())),
            Command::TakeBack => {
                let cursor = self.cursor();
                if let Some(parent) = self.game.parent(cursor) {
                    // A move with nothing after it is removed; otherwise only step back, so
                    // no recorded continuation is lost.
                    if self.game.children(cursor).is_empty() {
                        self.game.delete_from(cursor);
                        self.dirty = true;
                    }
                    self.go_to(parent);
                }
            }
            Command::First => self.go_to(self.game.root()),
            Command::Back => {
                if let Some(parent) = self.game.parent(self.cursor()) {
                    self.go_to(parent);
                }
            }
            Command::Forward => {
                if let Some(&next) = self.game.children(self.cursor()).first() {
                    self.go_to(next);
                }
            }
            Command::Last => {
                if let Some(&end) = self.game.line_from(self.cursor()).last() {
                    self.go_to(end);
                }
            }
            Command::GoTo(node) => self.go_to(*node),
            Command::Flip => self.flipped = !self.flipped,
            Command::SetLanguage(lang) => self.lang = *lang,
            Command::SetNotation(notation) => self.notation = *notation,
            Command::SetComment(node, text) => {
                if self.game.contains(*node) && self.game.comment(*node) != text {
                    self.game.set_comment(*node, text.clone());
                    self.dirty = true;
                }
            }
            Command::SetMark(node, mark) => {
                if self.game.contains(*node) && self.game.mark(*node) != *mark {
                    self.game.set_mark(*node, *mark);
                    self.dirty = true;
                }
            }
            Command::SetEvaluation(node, evaluation) => {
                if self.game.contains(*node)
                    && self.game.annotation(*node).evaluation() != *evaluation
                {
                    self.game.annotation_mut(*node).set_evaluation(*evaluation);
                    self.dirty = true;
                }
            }
            Command::PromoteLine(node) => {
                if self.game.contains(*node) && self.game.promote(*node) {
                    self.dirty = true;
                }
            }
            Command::PromoteToMain(node) => {
                if self.game.contains(*node) && !self.game.is_main_line(*node) {
                    self.game.promote_to_main(*node);
                    self.dirty = true;
                }
            }
            Command::DemoteLine(node) => {
                if self.game.contains(*node) && self.game.demote(*node) {
                    self.dirty = true;
                }
            }
            Command::DeleteFrom(node) => {
                if self.game.contains(*node) && *node != self.game.root() {
                    self.game.delete_from(*node);
                    self.selected = None;
                    self.dirty = true;
                }
            }
            Command::ToggleArrow(arrow) => self.toggle_arrow(*arrow),
            Command::ToggleHighlight(highlight) => self.toggle_highlight(*highlight),
            Command::SetRules(rules) => {
                self.rules = *rules;
                rules.store_in(&mut self.game);
                self.dirty = true;
            }
            Command::SetTag(key, value) => {
                if value.trim().is_empty() {
                    self.game.tags_mut().remove(key);
                } else {
                    self.game.tags_mut().set(key.clone(), value.trim());
                }
                self.dirty = true;
            }
            Command::PasteFen(text) => match Position::from_fen(text.trim()) {
                Ok(position) => {
                    self.replace_game(Game::new(position));
                    self.dirty = true;
                }
                Err(e) => self.notice = Some(Notice::BadFen(e)),
            },
            // The app's own commands (files, clipboard).
            Command::CopyFen
            | Command::CopyPgn
            | Command::PasteText(_)
            | Command::Open
            | Command::OpenPath(_)
            | Command::PickGame(_)
            | Command::Save
            | Command::SaveAs
            | Command::OpenSetup
            | Command::OpenExport => {}
            // Handled before: transcription and the clock.
            Command::Transcribe(_)
            | Command::TranscribeInsert(_)
            | Command::TranscribeReplace(_)
            | Command::TranscribeRemove
            | Command::Undo
            | Command::Redo
            | Command::StartClock(_)
            | Command::PauseClock(_)
            | Command::ResumeClock
            | Command::OfferDraw(_)
            | Command::AcceptDraw(_)
            | Command::RefuseDraw(_)
            | Command::Resign(_)
            | Command::Arbiter(_) => {}
        }
    }

    /// Show another game, keeping the view settings.
    pub fn replace_game(&mut self, game: Game) {
        self.game = game;
        if let Some(rules) = RuleSet::of_game(&self.game) {
            self.rules = rules;
        }
        self.transcriber = Transcriber::new();
        self.move_box.clear();
        self.restore_contest();
        self.selected = None;
        self.notice = None;
        self.dirty = false;
        self.judge();
    }

    fn try_move(&mut self, mv: Move) {
        self.selected = None;
        if self.game_over() {
            self.notice = Some(Notice::GameOver);
            return;
        }
        match self.position().why_illegal(mv) {
            Some(reason) => self.notice = Some(Notice::Illegal { mv, reason }),
            None => match self.game.play_at_cursor(mv) {
                Ok(_) => {
                    self.notice = None;
                    self.dirty = true;
                    self.judge();
                    self.record_ruling();
                }
                Err(e) => {
                    self.notice = Some(Notice::Illegal {
                        mv,
                        reason: e.reason,
                    })
                }
            },
        }
    }

    /// A final ruling at the end of the main line is the game's result (art. 4).
    fn record_ruling(&mut self) {
        let cursor = self.cursor();
        if !self.game.is_main_line(cursor) || !self.game.children(cursor).is_empty() {
            return;
        }
        let result = match self.judgement.ruling.as_ref().map(|r| r.result) {
            Some(GameResult::RedWins) => RecordResult::RedWins,
            Some(GameResult::BlackWins) => RecordResult::BlackWins,
            Some(GameResult::Draw) => RecordResult::Draw,
            Some(GameResult::Continues) | None => return,
        };
        self.game.set_result(result);
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
