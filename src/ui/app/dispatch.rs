//! Where commands are applied: each kind goes to the one that applies it (the session, the
//! app, a window), with what the app does around the session's (a new game forgets the file).

use eframe::egui;

use crate::formats::{read_pgn_text, write_dhtmlxq};

use crate::ui::base::command::app_command::{Answer, AppCommand};
use crate::ui::base::command::done::Done;
use crate::ui::base::command::file_purpose::Start;
use crate::ui::base::command::origin::Origin;
use crate::ui::base::command::outbox::{Arrival, Recipient};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::files;
use crate::ui::base::settings::{MatchSettings, PlaySettings};
use crate::ui::panels::computer_game::ComputerGame;
use crate::ui::windows::{self, Opening, WindowMessage};
use crate::ui::workers::picture_worker::PictureSource;
use crate::ui::workers::teach_worker::TeachTask;

use super::QipuApp;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::windows::question::Question;

impl QipuApp {
    /// Apply one command: the single place where the app and its session change. Each kind
    /// goes to the one that applies it: the session, the app, or the window it belongs to. A
    /// command that would put another game in place of unsaved changes asks first.
    pub fn apply(&mut self, ctx: &egui::Context, command: impl Into<Command>) {
        let command = command.into();
        if command.replaces_game() && self.session.dirty() {
            self.ask(Question::Discard(Some(command)));
            return;
        }
        self.apply_asked(ctx, command);
    }

    /// Apply a command whose loss of unsaved changes, if any, was asked about.
    fn apply_asked(&mut self, ctx: &egui::Context, command: Command) {
        // A result is final: the word that ends the game is asked for once (4.1.9, 23.1).
        if let Command::Session(asked) = &command {
            if self.session.would_end_the_game(asked) {
                self.ask(Question::Confirm(asked.clone()));
                return;
            }
        }
        let ended = self.session.ending();
        let generation = self.session.generation();
        match command {
            Command::Session(command) => self.apply_to_session(command),
            Command::App(command) => self.apply_app(ctx, command),
            Command::Event(asked) => self.send_to_window(ctx, WindowMessage::Event(asked)),
            Command::Database(command) => {
                self.send_to_window(ctx, WindowMessage::Database(command));
                self.windows.raise(WindowId::Database);
            }
            Command::Arrived(arrival) => self.deliver(ctx, arrival),
        }
        // The crash-recovery copy follows every change of the record, whichever way it came.
        if self.session.generation() != generation || self.session.ending() != ended {
            self.autosave();
        }
    }

    /// A command for the session; then a move, a step through the record or a new word from
    /// the game lets the notice in the status line, once seen, give way to what the game says.
    pub(super) fn apply_to_session(&mut self, command: SessionCommand) {
        let before = (self.session.cursor(), self.session.notice().cloned());
        self.session_command(command);
        if (self.session.cursor(), self.session.notice().cloned()) != before {
            self.talk.notifications.give_way();
        }
    }

    /// A command for the session, with what the app does around it: another game stops the
    /// computer's; against the computer a take-back takes back its reply too.
    fn session_command(&mut self, command: SessionCommand) {
        if matches!(command, SessionCommand::TakeBack | SessionCommand::Undo) {
            if let Some(computer) = self.parts.computer.as_mut() {
                // Against the computer a take-back takes back its reply and the user's move;
                // an engine match waits.
                if computer.is_match() {
                    computer.pause();
                }
                // An undo of what was not a move (a resignation, an agreed draw) is one step.
                let steps = if command == SessionCommand::Undo && !self.session.undo_changes_moves()
                {
                    1
                } else {
                    computer.take_back_steps(&self.session)
                };
                for _ in 0..steps {
                    self.session.apply(&command);
                }
                return;
            }
        }
        // Going on from the game as analysis keeps it, and the computer playing it.
        if command.replaces_game() && command != SessionCommand::ContinueAsAnalysis {
            self.parts.computer = None;
        }
        self.session.apply(&command);
    }

    /// The answer to the question about unsaved changes: save them and go on, go on without
    /// them, or stay.
    fn answer(&mut self, ctx: &egui::Context, answer: Answer) {
        let Some(Question::Discard(pending)) = self.windows.take() else {
            return;
        };
        let then = pending.unwrap_or_else(|| AppCommand::Quit.into());
        match answer {
            Answer::Save => {
                // Once saved, what was asked goes on (closing the window, opening a file).
                self.files.after_save = Some(then);
                self.apply_asked(ctx, AppCommand::Save.into());
            }
            Answer::Discard => {
                // Closing without the changes leaves no copy to restore; any other command
                // keeps the copy until it has put its game in their place.
                if matches!(then, Command::App(AppCommand::Quit)) {
                    self.talk.closing = true;
                    self.remove_autosave();
                }
                self.apply_asked(ctx, then);
            }
            Answer::Cancel => {}
        }
    }

    /// A command for the app itself: files, the clipboard, its windows and engines.
    fn apply_app(&mut self, ctx: &egui::Context, command: AppCommand) {
        match command {
            AppCommand::CopyFen => ctx.copy_text(self.session.position().to_fen()),
            AppCommand::CopyPgn => self.copy_pgn(ctx),
            AppCommand::CopyDhtmlxq => self.copy_dhtmlxq(ctx),
            AppCommand::PasteText(text) => self.paste(&text),
            AppCommand::Confirmed(command) => self.apply_to_session(*command),
            AppCommand::Open(id) => self.open_window(id),
            AppCommand::Notify(notification) => self.tell(notification),
            AppCommand::OpenPath(path) => self.open(path),
            AppCommand::PickGame(index) => self.pick_game(index),
            AppCommand::Save => match self.session.tie().cloned() {
                Some(tie) if tie.in_place => self.save(ctx, tie.path),
                _ => self.save_as(ctx),
            },
            AppCommand::Revert => {
                if let Some(tie) = self.session.tie().cloned() {
                    self.open(tie.path);
                }
            }
            AppCommand::Answer(answer) => self.answer(ctx, answer),
            AppCommand::SaveAs => self.save_as(ctx),
            AppCommand::PickFile(purpose, start) => {
                let suggested = match start {
                    Start::GameFolder => self.folder(),
                    Start::Named(name) => self.folder().join(name),
                    Start::At(path) => path,
                };
                self.pick_file(ctx, purpose, suggested)
            }
            AppCommand::ReadPicture(path) => self.read_picture(PictureSource::File(path)),
            AppCommand::TeachPieces(lesson) => self.teach(TeachTask::Learn(lesson)),
            AppCommand::ForgetTaughtPieces => self.teach(TeachTask::Forget),
            AppCommand::PastePicture(image) => self.read_picture(PictureSource::Pasted(image)),
            AppCommand::RequestPaste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            AppCommand::ShowGameAt(shown, ply) => self.show_game_at(shown, ply),
            AppCommand::PlayComputer(settings) => self.play_computer(settings),
            AppCommand::StartMatch(settings) => self.start_match(settings),
            AppCommand::SetEngines(engines) => self.settings.engines = engines,
            AppCommand::SetEngineThreads(threads) => self.set_engine_threads(threads),
            AppCommand::StopComputer => self.parts.computer = None,
            AppCommand::ToggleAnalysis => self.parts.analysis.toggle(),
            AppCommand::ToggleEvalGraph => self.parts.graph.toggle(),
            AppCommand::ShowEvalGraph => {
                if !self.parts.graph.is_open() {
                    self.parts.graph.toggle();
                }
            }
            AppCommand::SetReviewSettings(review) => self.settings.review = review,
            AppCommand::SetCloud(cloud) => {
                self.parts.analysis.set_cloud(cloud.clone());
                self.settings.cloud = cloud;
            }
            AppCommand::MakePuzzles(side) => self.make_puzzles(side),
            AppCommand::DiscardChanges => self.remove_autosave(),
            AppCommand::Quit => self.quit(ctx),
        }
    }

    /// The game as PGN on the clipboard (a cut clock log said).
    fn copy_pgn(&mut self, ctx: &egui::Context) {
        let lang = self.session.lang();
        let (game, cut) = self.session.game_to_save();
        ctx.copy_text(files::pgn_text(&game, lang, self.session.tandem()));
        self.tell_cut(cut);
        let moves = game.main_line().len();
        let copied = Done::CopiedPgn(moves).text(lang);
        self.tell(Notification::info(Source::App, copied));
    }

    /// The game as DhtmlXQ on the clipboard, with what it could not carry counted.
    fn copy_dhtmlxq(&mut self, ctx: &egui::Context) {
        let lang = self.session.lang();
        let (game, cut) = self.session.game_to_save();
        let written = write_dhtmlxq(&game);
        ctx.copy_text(written.text);
        self.tell_cut(cut);
        let copied = Done::CopiedDhtmlxq {
            moves: game.main_line().len(),
            lost: written.losses.len(),
        };
        self.tell(Notification::info(Source::App, copied.text(lang)));
    }

    /// Show `shown` at its move `ply` of the main line (0: the start).
    fn show_game_at(&mut self, shown: GameToShow, ply: usize) {
        let node = ply
            .checked_sub(1)
            .and_then(|i| shown.game.main_line().get(i).copied())
            .unwrap_or(shown.game.root());
        self.apply_to_session(SessionCommand::ShowGame(shown));
        self.session.apply(&SessionCommand::GoTo(node));
    }

    /// The built-in engine searches on `threads` from now on.
    fn set_engine_threads(&mut self, threads: usize) {
        if threads != self.settings.engine_threads() {
            self.settings.engine_threads = threads;
            self.use_builtin_engine();
        }
    }

    /// Close the window, asking first while changes are unsaved.
    fn quit(&mut self, ctx: &egui::Context) {
        if self.session.dirty() && !self.talk.closing {
            self.ask(Question::Discard(None));
        } else {
            self.talk.closing = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Open the window `id` as the app stands (one already open stays as it is, in front).
    fn open_window(&mut self, id: WindowId) {
        let opening = Opening {
            session: &self.session,
            settings: &self.settings,
            builtin_engine: self.builtin_engine(),
            renderer: &self.display.renderer,
            renderer_fallback: self.display.renderer_fallback.as_deref(),
            outbox: &self.post.outbox,
            data_folder: self.options.data_folder(),
        };
        if self.windows.is_open(id) {
            self.windows.raise(id);
        } else if let Some(window) = windows::open(id, &opening) {
            self.windows.open(id, window);
        }
    }

    /// Hand `message` to the window it is for, if it is open.
    pub(super) fn send_to_window(&mut self, ctx: &egui::Context, message: WindowMessage) {
        let asked = self.windows.receive(message, &self.session);
        for command in asked {
            self.apply(ctx, command);
        }
    }

    /// A background job's result, handed to the part that started the job.
    fn deliver(&mut self, ctx: &egui::Context, arrival: Arrival) {
        match arrival.to() {
            Recipient::Window(id) => self.send_to_window(ctx, WindowMessage::Arrived(id, arrival)),
            Recipient::Graph => {
                if let Some(failed) = self.parts.graph.arrived(arrival) {
                    self.tell(failed);
                }
            }
            Recipient::FileDialog => self.file_arrived(ctx, arrival),
            Recipient::Analysis => {
                if let Some(trouble) = self.parts.analysis.arrived(arrival) {
                    self.tell(trouble);
                }
            }
            Recipient::Cloud => self.parts.analysis.cloud_arrived(arrival),
            Recipient::Computer => {
                let moves = self
                    .parts
                    .computer
                    .as_mut()
                    .map_or_else(Vec::new, |c| c.arrived(arrival, &self.session));
                for command in moves {
                    self.apply(ctx, command);
                }
            }
            Recipient::Picture => self.picture_arrived(arrival),
            Recipient::Mistakes => self.puzzles_made(arrival),
            Recipient::Taught => self.taught_arrived(arrival),
        }
    }

    /// Start a game against the computer: a new game if asked, the clock if wanted, the engine.
    fn play_computer(&mut self, settings: PlaySettings) {
        if settings.new_game {
            self.session.apply(&SessionCommand::NewGame);
        }
        match ComputerGame::start(
            &settings,
            &self.builtin_engine(),
            self.session.rules(),
            &self.post.outbox,
        ) {
            Ok(game) => {
                let book = settings.cloud_book;
                self.parts.computer = Some(game.with_book(self.parts.analysis.cloud(), book))
            }
            Err(e) => {
                self.tell(Notification::error(Source::Computer, e));
                return;
            }
        }
        if let Some(preset) = settings.clock {
            if self.session.contest().is_none() {
                self.session.apply(&SessionCommand::StartClock(preset));
            }
        }
        self.settings.play = settings;
    }

    /// Start an engine match from the move on the board.
    fn start_match(&mut self, settings: MatchSettings) {
        let at = self.session.cursor();
        let builtin = self.builtin_engine();
        match ComputerGame::start_match(
            &settings,
            at,
            &builtin,
            self.session.rules(),
            &self.post.outbox,
        ) {
            Ok(game) => self.parts.computer = Some(game),
            Err(e) => {
                self.tell(Notification::error(Source::Window(WindowId::Match), e));
                return;
            }
        }
        self.settings.engine_match = settings;
    }

    /// Pasted text: a FEN position, or a PGN game (moves, or tags: a game without moves, a
    /// position); either is unsaved work of no file (a text that is neither is said to be no FEN).
    fn paste(&mut self, text: &str) {
        let fen = crate::rules::Position::from_diagram_fen(text.trim()).is_ok();
        let game = (!fen)
            .then(|| read_pgn_text(text).next())
            .flatten()
            .and_then(Result::ok)
            .filter(|game| game.move_count() > 0 || text.trim_start().starts_with('['));
        let command = match game {
            Some(game) => SessionCommand::ShowGame(GameToShow::new(game, Origin::Unsaved)),
            None => SessionCommand::PasteFen(text.to_owned()),
        };
        self.apply_to_session(command);
    }
}
