//! The window: menus, board, record panel and status line around one [`Session`].
//!
//! Every frame gathers the user's [`Command`]s from the widgets, menus, keys and dropped files,
//! then applies them in [`QipuApp::apply`]: the only place the session changes.

pub mod bench;
mod side_panels;

use std::path::{Path, PathBuf};

use eframe::egui::{self, Key};

use crate::formats::pgn::clock::EncodeError;
use crate::formats::{read_pgn_text, save_atomic, write_dhtmlxq, RecordFormat, TargetState};
use crate::lang::Language;
use crate::record::{Game, TagKey};
use crate::referee::RuleSet;

use crate::engine::client::EngineConfig;

use crate::ui::base::command::database_command::{Browse, DatabaseCommand};
use crate::ui::base::command::export_job::ExportJob;
use crate::ui::base::command::notice::Notice;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::files::{self, FileDialogs, ListedGame, Picking};
use crate::ui::base::layout::Panel;
use crate::ui::base::session::Session;
use crate::ui::base::settings::{MatchSettings, PlaySettings, Settings};
use crate::ui::base::user_command::{Menu, Scope, UserCommand};
use crate::ui::panels::analysis_panel::AnalysisPanel;
use crate::ui::panels::clock_panel;
use crate::ui::panels::eval_graph::{Curve, EvalGraph};
use crate::ui::panels::opening_tree;
use crate::ui::panels::record_panel;
use crate::ui::panels::status;
use crate::ui::panels::transcribe_panel;
use crate::ui::platform::native_dialogs::NativeDialogs;
use crate::ui::platform::quiet_input::{self, QuietZone, SharedZone};
use crate::ui::widgets::board::{self, BoardView};
use crate::ui::windows::computer::{ComputerGame, PlayForm};
use crate::ui::windows::database_window::DatabaseWindow;
use crate::ui::windows::engine_match::MatchForm;
use crate::ui::windows::engines_window::EnginesWindow;
use crate::ui::windows::event_window::EventWindow;
use crate::ui::windows::export_dialog::ExportDialog;
use crate::ui::windows::file_chooser::{Answer, FileChooser, Purpose};
use crate::ui::windows::save_report::SaveReport;
use crate::ui::windows::setup_editor::{self, SetupEditor};

/// Where the app keeps things and how it asks for files.
pub struct AppOptions {
    /// File choosers.
    pub dialogs: Box<dyn FileDialogs>,
    /// The crash-recovery copy of unsaved work (`None`: no autosave).
    pub autosave: Option<PathBuf>,
}

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions {
            dialogs: Box::new(NativeDialogs::default()),
            autosave: eframe::storage_dir("Qipu").map(|dir| dir.join("autosave.pgn")),
        }
    }
}

/// A question waiting for the user.
enum Question {
    /// Unsaved changes would be lost by this command (`None`: by closing the window).
    Discard(Option<Command>),
    /// A file held several games: pick one.
    PickGame {
        /// The file.
        path: PathBuf,
        /// Its games.
        games: Vec<ListedGame>,
    },
    /// Unsaved work was found from a run that did not end normally.
    Restore(Game),
}

/// A system file chooser open (off the UI thread), and what its answer is for.
enum Waiting {
    /// A file to open, save or export to.
    File {
        purpose: Purpose,
        suggested: PathBuf,
        picking: Picking,
    },
    /// Files or a folder to import into the game database.
    Import {
        start: PathBuf,
        picking: Picking<Vec<PathBuf>>,
    },
}

/// The file the autosaved game belonged to, kept beside the autosave (`autosave.json`), so that
/// a restored game comes back with its name and title.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Origin {
    path: Option<PathBuf>,
    save_in_place: bool,
}

/// Where the origin of the autosave at `autosave` is kept.
fn origin_file(autosave: &Path) -> PathBuf {
    autosave.with_extension("json")
}

/// The application.
pub struct QipuApp {
    session: Session,
    settings: Settings,
    options: AppOptions,
    /// The file the game came from or was saved to.
    path: Option<PathBuf>,
    /// Whether Save may write over `path`: a PGN file read without error, or one we wrote.
    /// An XQF file, or a file that read only in part, is saved under a new name instead.
    save_in_place: bool,
    question: Option<Question>,
    /// The user agreed to close with unsaved changes.
    closing: bool,
    /// The last file error, shown in a window until dismissed.
    error: Option<String>,
    /// What the last save could not keep (XQF, FEN), shown in a window until dismissed.
    save_report: Option<SaveReport>,
    /// The window title last set.
    title: String,
    /// The position setup editor, shown in place of the board while open.
    setup: Option<SetupEditor>,
    /// The export window, while open.
    export: Option<ExportDialog>,
    /// The command palette's query, while it is open.
    palette: Option<String>,
    /// Qipu's own file dialog, while it is open.
    chooser: Option<FileChooser>,
    /// The system's file chooser, while it is open.
    waiting: Option<Waiting>,
    /// What to do once the game is saved (the close prompt's Save: go on closing).
    after_save: Option<Command>,
    /// The file of the autosave found at start, until it is restored or discarded.
    restored_origin: Option<Origin>,
    /// The Event window, while open.
    event: Option<EventWindow>,
    /// The game database's window and opening tree.
    database: DatabaseWindow,
    /// How the built-in engine is started.
    engine: EngineConfig,
    /// The form of a game against the computer, while it is open.
    play_form: Option<PlayForm>,
    /// The form of an engine match, while it is open.
    match_form: Option<MatchForm>,
    /// The window of the engines configured, while it is open.
    engines_window: Option<EnginesWindow>,
    /// The game against the computer under way.
    computer: Option<ComputerGame>,
    /// The analysis panel.
    analysis: AnalysisPanel,
    /// The evaluation graph of the main line.
    graph: EvalGraph,
    /// Where the event loop learns, after each pass, where the pointer's input changes nothing
    /// drawn (`None`: no one asks).
    quiet: Option<SharedZone>,
}

impl QipuApp {
    /// The app with the system's dialogs and autosave place.
    pub fn new(cc: &eframe::CreationContext<'_>) -> QipuApp {
        QipuApp::with_options(cc, AppOptions::default())
    }

    /// The app with the given dialogs and autosave place (tests script both).
    pub fn with_options(cc: &eframe::CreationContext<'_>, options: AppOptions) -> QipuApp {
        let settings: Settings = cc
            .storage
            .and_then(|storage| eframe::get_value(storage, Settings::KEY))
            .unwrap_or_default();
        QipuApp::build(&cc.egui_ctx, settings, options)
    }

    /// The app on a bare egui context with default settings (benchmarks).
    pub fn headless(ctx: &egui::Context, options: AppOptions) -> QipuApp {
        QipuApp::build(ctx, Settings::default(), options)
    }

    fn build(ctx: &egui::Context, settings: Settings, options: AppOptions) -> QipuApp {
        ctx.set_fonts(crate::ui::platform::fonts::definitions());
        ctx.set_theme(egui::Theme::Light);
        let session = Session::default()
            .with_view(settings.language(), settings.notation(), settings.flipped)
            .with_layout(settings.layout)
            .with_tandem(settings.tandem());
        let question = options
            .autosave
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .and_then(|text| read_pgn_text(&text).next())
            .and_then(Result::ok)
            .map(Question::Restore);
        let restored_origin = options
            .autosave
            .as_deref()
            .and_then(|path| std::fs::read_to_string(origin_file(path)).ok())
            .and_then(|text| serde_json::from_str(&text).ok());
        let database = DatabaseWindow::new(ctx, settings.database.clone());
        QipuApp {
            session,
            settings,
            options,
            path: None,
            save_in_place: false,
            question,
            closing: false,
            error: None,
            save_report: None,
            title: String::new(),
            setup: None,
            export: None,
            palette: None,
            chooser: None,
            waiting: None,
            after_save: None,
            restored_origin,
            event: None,
            database,
            engine: EngineConfig::builtin(),
            play_form: None,
            match_form: None,
            engines_window: None,
            computer: None,
            analysis: AnalysisPanel::new(EngineConfig::builtin()),
            graph: EvalGraph::new(EngineConfig::builtin()),
            quiet: None,
        }
    }

    /// Leave the window's background to the renderer's clear (in the panels' colour, see
    /// [`eframe::App::clear_color`]) and draw the panels unfilled: on a software rasteriser
    /// (Mesa's llvmpipe) a panel's fill blends each of its pixels in every frame, where the
    /// clear costs next to nothing. (Tests keep the filled panels: their renderer clears to
    /// transparent.)
    pub fn clear_background(&mut self, ctx: &egui::Context) {
        ctx.all_styles_mut(|style| style.visuals.panel_fill = egui::Color32::TRANSPARENT);
    }

    /// Publish in `zone`, after each pass, where the pointer's input changes nothing drawn (the
    /// event loop holds such input back: [`crate::ui::platform::quiet_input`]).
    pub fn publish_quiet_zone(&mut self, zone: SharedZone) {
        self.quiet = Some(zone);
    }

    /// Start the built-in engine as `config` says (by default this program with the argument
    /// `uci`; a test names the `qipu` program, as its own executable is the test).
    pub fn set_builtin_engine(&mut self, config: EngineConfig) {
        self.analysis.set_engine(config.clone());
        self.graph.set_engine(config.clone());
        self.engine = config;
    }

    /// The side the computer plays, while a game against it is under way.
    pub fn computer_side(&self) -> Option<crate::rules::Color> {
        self.computer.as_ref().and_then(ComputerGame::computer)
    }

    /// The evaluation graph's scores of the main line.
    pub fn evaluation_curve(&self) -> &Curve {
        self.graph.curve()
    }

    /// Show `game` as if it had been opened.
    pub fn show_game(&mut self, game: Game) {
        self.computer = None;
        self.session
            .apply(&Command::ShowGame(GameToShow(Box::new(game))));
    }

    /// The state shown.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The clock's time source: tests set the time by hand.
    pub fn timer_mut(&mut self) -> &mut crate::ui::base::timer::Timer {
        self.session.timer_mut()
    }

    /// The file the game belongs to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The game database's window.
    pub fn database(&self) -> &DatabaseWindow {
        &self.database
    }

    /// The recently used files, newest first.
    pub fn recent_files(&self) -> &[PathBuf] {
        &self.settings.recent
    }

    /// Apply one command: the single place where the app and its session change.
    pub fn apply(&mut self, ctx: &egui::Context, command: Command) {
        let loses_work = matches!(
            command,
            Command::NewGame
                | Command::Open
                | Command::OpenPath(_)
                | Command::PasteText(_)
                | Command::ShowGameAt(..)
                | Command::ContinueAsAnalysis
        ) || matches!(&command, Command::PlayComputer(s) if s.new_game);
        if loses_work && self.session.dirty() {
            self.question = Some(Question::Discard(Some(command)));
            return;
        }
        let ended = self.session.ending();
        let edits = command.edits();
        self.apply_now(ctx, command);
        if edits || self.session.ending() != ended {
            self.autosave();
        }
    }

    fn apply_now(&mut self, ctx: &egui::Context, command: Command) {
        let lang = self.session.lang();
        match command {
            Command::CopyFen => ctx.copy_text(self.session.position().to_fen()),
            Command::CopyPgn => {
                let (game, cut) = self.session.game_to_save();
                ctx.copy_text(files::pgn_text(&game, lang, self.session.tandem()));
                self.error = cut.map(|e| log_cut_message(&e, lang));
                let moves = game.main_line().len();
                self.session
                    .apply(&Command::Notify(Notice::CopiedPgn(moves)));
            }
            Command::CopyDhtmlxq => {
                let (game, cut) = self.session.game_to_save();
                let written = write_dhtmlxq(&game);
                ctx.copy_text(written.text);
                self.error = cut.map(|e| log_cut_message(&e, lang));
                self.session.apply(&Command::Notify(Notice::CopiedDhtmlxq {
                    moves: game.main_line().len(),
                    lost: written.losses.len(),
                }));
            }
            Command::PasteText(text) => self.paste(&text),
            Command::Open => {
                let folder = self.folder();
                let picked = self.options.dialogs.pick_open(lang, &folder);
                self.picked(ctx, Purpose::Open, picked, &folder);
            }
            Command::OpenPath(path) => self.open(path),
            Command::PickGame(index) => self.pick_game(index),
            Command::Save => match self.path.clone() {
                Some(path) if self.save_in_place => self.save(ctx, path),
                _ => self.save_as(ctx),
            },
            Command::SaveAs => self.save_as(ctx),
            Command::SaveTo(path) => self.save(ctx, path),
            Command::ChooseExportFile(name) => {
                let suggested = self.folder().join(name);
                let picked = self.options.dialogs.pick_export(lang, &suggested);
                self.picked(ctx, Purpose::Export, picked, &suggested);
            }
            Command::RestoreAutosave(_) => {
                self.session.apply(&command);
                if let Some(origin) = self.restored_origin.take() {
                    self.path = origin.path;
                    self.save_in_place = origin.save_in_place;
                }
            }
            Command::OpenSetup => {
                self.setup = Some(SetupEditor::new(self.session.position().to_setup()))
            }
            Command::OpenExport => self.export = Some(ExportDialog::default()),
            Command::Export(job) => {
                if let Some(export) = &mut self.export {
                    export.run(&job, &self.session);
                }
            }
            Command::OpenEvent => {
                self.event.get_or_insert_with(|| EventWindow::new(ctx));
            }
            Command::Event(asked) => {
                if let Some(window) = &mut self.event {
                    window.apply(asked, &self.session, self.options.dialogs.as_mut());
                }
            }
            Command::RequestPaste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            Command::OpenPalette => self.palette = Some(String::new()),
            Command::Database(DatabaseCommand::Browse(what)) => self.browse(ctx, what),
            Command::Database(command) => self.database.apply(command, &self.session),
            Command::ShowGameAt(game, ply) => {
                // A game from the database is saved to a file of its own.
                self.path = None;
                self.save_in_place = false;
                let node = ply
                    .checked_sub(1)
                    .and_then(|i| game.0.main_line().get(i).copied())
                    .unwrap_or(game.0.root());
                self.session.apply(&Command::ShowGame(game));
                self.session.apply(&Command::GoTo(node));
            }
            Command::OpenPlayComputer => {
                self.play_form = Some(PlayForm::new(self.settings.play.clone()));
            }
            Command::PlayComputer(settings) => self.play_computer(settings),
            Command::OpenEngineMatch => {
                self.match_form = Some(MatchForm::new(self.settings.engine_match.clone()));
            }
            Command::StartMatch(settings) => self.start_match(settings),
            Command::OpenEngines => {
                self.engines_window = Some(EnginesWindow::new(&self.settings.engines));
            }
            Command::SetEngines(engines) => self.settings.engines = engines,
            Command::StopComputer => self.computer = None,
            Command::ToggleAnalysis => self.analysis.toggle(),
            Command::ToggleEvalGraph => self.graph.toggle(),
            Command::TakeBack | Command::Undo if self.computer.is_some() => {
                // Against the computer a take-back takes back its reply and the user's move;
                // an engine match waits.
                let steps = self.computer.as_mut().map_or(1, |c| {
                    if c.is_match() {
                        c.pause();
                    }
                    c.take_back_steps(&self.session)
                });
                for _ in 0..steps {
                    self.session.apply(&command);
                }
            }
            Command::DiscardChanges => {
                self.session.apply(&Command::MarkSaved);
                self.restored_origin = None;
                self.remove_autosave();
            }
            Command::Quit => {
                if self.session.dirty() && !self.closing {
                    self.question = Some(Question::Discard(None));
                } else {
                    self.closing = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
            command => {
                if matches!(command, Command::NewGame | Command::ContinueAsAnalysis) {
                    self.path = None;
                    self.save_in_place = false;
                }
                if matches!(
                    command,
                    Command::NewGame | Command::PasteFen(_) | Command::RestoreAutosave(_)
                ) {
                    self.computer = None;
                }
                self.session.apply(&command);
            }
        }
    }

    /// Start a game against the computer: a new game if asked, the clock if wanted, the engine.
    fn play_computer(&mut self, settings: PlaySettings) {
        if settings.new_game {
            self.path = None;
            self.save_in_place = false;
            self.session.apply(&Command::NewGame);
        }
        match ComputerGame::start(&settings, &self.engine, self.session.rules()) {
            Ok(game) => self.computer = Some(game),
            Err(e) => {
                self.error = Some(e);
                return;
            }
        }
        if let Some(preset) = settings.clock {
            if self.session.contest().is_none() {
                self.session.apply(&Command::StartClock(preset));
            }
        }
        self.settings.play = settings;
    }

    /// Start an engine match from the move on the board.
    fn start_match(&mut self, settings: MatchSettings) {
        let at = self.session.cursor();
        match ComputerGame::start_match(&settings, at, &self.engine, self.session.rules()) {
            Ok(game) => self.computer = Some(game),
            Err(e) => {
                self.error = Some(e);
                return;
            }
        }
        self.settings.engine_match = settings;
    }

    /// Pasted text: a FEN position, or a PGN game.
    fn paste(&mut self, text: &str) {
        if crate::rules::Position::from_diagram_fen(text.trim()).is_ok() {
            self.session.apply(&Command::PasteFen(text.to_owned()));
            return;
        }
        match read_pgn_text(text).next() {
            Some(Ok(game)) if game.move_count() > 0 || !game.tags().is_empty() => {
                self.show_game(game);
                self.path = None;
            }
            _ => self.session.apply(&Command::PasteFen(text.to_owned())),
        }
    }

    fn open(&mut self, path: PathBuf) {
        let lang = self.session.lang();
        match files::open(&path) {
            Ok(mut opened) if opened.games.len() == 1 => {
                let (game, error) = match files::showable(opened.games.remove(0)) {
                    Ok(shown) => shown,
                    Err(error) => {
                        self.error = error.map(|e| e.message(lang));
                        return;
                    }
                };
                // What could not be read is said; the part read is shown.
                self.error = error.map(|e| e.message(lang));
                self.show_game(game);
                self.settings.remember(path.clone());
                self.save_in_place = opened.save_in_place;
                self.path = Some(path);
            }
            Ok(opened) => {
                self.settings.remember(path.clone());
                self.question = Some(Question::PickGame {
                    path,
                    games: opened.games,
                });
            }
            Err(e) => self.error = Some(e.message(lang)),
        }
    }

    fn pick_game(&mut self, index: usize) {
        let Some(Question::PickGame { mut games, .. }) = self.question.take() else {
            return;
        };
        if index >= games.len() {
            return;
        }
        let lang = self.session.lang();
        match files::showable(games.swap_remove(index)) {
            Ok((game, error)) => {
                self.error = error.map(|e| e.message(lang));
                self.show_game(game);
                // A game out of several is saved to a new file, never over the collection.
                self.path = None;
            }
            Err(error) => self.error = error.map(|e| e.message(lang)),
        }
    }

    /// The folder a file dialog starts in: the game's own, else that of the last file used,
    /// else the working directory.
    fn folder(&self) -> PathBuf {
        let folder_of = |path: &PathBuf| {
            path.parent()
                .filter(|folder| !folder.as_os_str().is_empty())
                .map(Path::to_owned)
        };
        self.path
            .as_ref()
            .and_then(folder_of)
            .or_else(|| self.settings.recent.first().and_then(folder_of))
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default()
    }

    /// Where Save as suggests: the game's own name as PGN in its folder (`w2.pgn` beside an
    /// opened `w2.xqf`), else the players' names.
    fn suggested_path(&self) -> PathBuf {
        let name = self
            .path
            .as_ref()
            .and_then(|path| path.file_stem())
            .map_or_else(
                || suggested_name(self.session.game()),
                |stem| format!("{}.pgn", stem.to_string_lossy()),
            );
        self.folder().join(name)
    }

    fn save_as(&mut self, ctx: &egui::Context) {
        let suggested = self.suggested_path();
        let picked = self
            .options
            .dialogs
            .pick_save(self.session.lang(), &suggested);
        self.picked(ctx, Purpose::Save, picked, &suggested);
    }

    /// Go on with what a file dialog answered; when the system's could not be shown, Qipu's
    /// own opens on `suggested` and the status line says why. While the system's is still open
    /// its answer is waited for, frame by frame.
    fn picked(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        picking: Picking,
        suggested: &Path,
    ) {
        let picked = match picking.poll() {
            Ok(picked) => picked,
            Err(picking) => {
                self.waiting = Some(Waiting::File {
                    purpose,
                    suggested: suggested.to_owned(),
                    picking,
                });
                return;
            }
        };
        match picked {
            Ok(Some(path)) => self.chosen(ctx, purpose, path),
            Ok(None) => self.after_save = None,
            Err(why) => {
                self.session
                    .apply(&Command::Notify(Notice::OwnFileDialog(why)));
                self.chooser = Some(FileChooser::new(purpose, suggested));
            }
        }
    }

    /// The database window's Browse buttons: the system's dialog, else Qipu's own.
    fn browse(&mut self, ctx: &egui::Context, what: Browse) {
        let lang = self.session.lang();
        let folder = self.folder();
        match what {
            Browse::Database => {
                let suggested = folder.join("games.qipu");
                let picked = self.options.dialogs.pick_database(lang, &suggested);
                self.picked(ctx, Purpose::Database, picked, &suggested);
            }
            Browse::ImportFiles | Browse::ImportFolder => {
                let picking =
                    self.options
                        .dialogs
                        .pick_import(lang, what == Browse::ImportFolder, &folder);
                self.add_to_import(ctx, picking, &folder);
            }
        }
    }

    /// Files or a folder chosen to import (Qipu's own dialog, starting in `start`, when the
    /// system's could not be shown).
    fn add_to_import(&mut self, ctx: &egui::Context, picking: Picking<Vec<PathBuf>>, start: &Path) {
        match picking.poll() {
            Ok(Ok(Some(paths))) => self
                .database
                .apply(DatabaseCommand::AddImport(paths), &self.session),
            Ok(Ok(None)) => {}
            Ok(Err(why)) => self.picked(ctx, Purpose::Import, Picking::Now(Err(why)), start),
            Err(picking) => {
                self.waiting = Some(Waiting::Import {
                    start: start.to_owned(),
                    picking,
                })
            }
        }
    }

    /// The system's file chooser's answer, once it has come; until then the window is drawn
    /// again every tenth of a second, with a note that the chooser is open.
    fn chooser_answer(&mut self, ctx: &egui::Context) {
        match self.waiting.take() {
            Some(Waiting::File {
                purpose,
                suggested,
                picking,
            }) => self.picked(ctx, purpose, picking, &suggested),
            Some(Waiting::Import { start, picking }) => self.add_to_import(ctx, picking, &start),
            None => return,
        }
        if self.waiting.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
            let lang = self.session.lang();
            egui::Modal::new(egui::Id::unique("waiting-for-chooser")).show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(lang.pick(
                        "The file chooser is open…",
                        "文件选择器已打开…",
                        "檔案選擇器已開啟…",
                    ));
                });
            });
        }
    }

    /// A file was chosen for `purpose`.
    fn chosen(&mut self, ctx: &egui::Context, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::Open => self.open(path),
            Purpose::Save => self.save(ctx, path),
            Purpose::Export => {
                if let Some(export) = &mut self.export {
                    export.run(&ExportJob { path }, &self.session);
                }
            }
            Purpose::Database => self.database.apply(
                DatabaseCommand::Open(path.display().to_string()),
                &self.session,
            ),
            Purpose::Import => self
                .database
                .apply(DatabaseCommand::AddImport(vec![path]), &self.session),
        }
    }

    /// Save the game to `path` in the format its name asks for (`.xqf`, `.json`, `.fen`; PGN
    /// otherwise), atomically; what the format could not keep is shown after writing.
    fn save(&mut self, ctx: &egui::Context, path: PathBuf) {
        let lang = self.session.lang();
        let (game, cut) = self.session.game_to_save();
        let format = RecordFormat::of_path(&path);
        let written = match files::record_bytes(&game, format, lang, self.session.tandem()) {
            Ok(written) => written,
            Err(e) => {
                self.after_save = None;
                self.error = Some(files::xqf_refused(&e, lang));
                return;
            }
        };
        match save_atomic(&path, &written.bytes, TargetState::Safe, false) {
            Ok(()) => {
                self.session
                    .apply(&Command::Notify(Notice::Saved(path.clone())));
                self.save_report = SaveReport::of(path.clone(), format, written.losses);
                self.error = cut.map(|e| log_cut_message(&e, lang));
                // A FEN file holds a position, not the game: the game stays unsaved.
                if !format.holds_the_game() {
                    self.after_save = None;
                    return;
                }
                self.session.apply(&Command::MarkSaved);
                self.settings.remember(path.clone());
                self.save_in_place = true;
                self.path = Some(path);
                self.remove_autosave();
                if let Some(then) = self.after_save.take() {
                    self.apply(ctx, then);
                }
            }
            Err(e) => {
                self.after_save = None;
                self.error = Some(e.message(lang));
            }
        }
    }

    /// Keep a copy of unsaved work, offered back if the program does not end normally.
    fn autosave(&mut self) {
        let Some(path) = self.options.autosave.clone() else {
            return;
        };
        if !self.session.dirty() {
            return;
        }
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // A clock log that no longer fits the moves is refused by Save; the autosave keeps the
        // moves all the same.
        let (game, _) = self.session.game_to_save();
        let text = files::pgn_text(&game, self.session.lang(), self.session.tandem());
        if let Err(e) = save_atomic(&path, text.as_bytes(), TargetState::Safe, false) {
            self.error = Some(e.message(self.session.lang()));
            return;
        }
        let origin = Origin {
            path: self.path.clone(),
            save_in_place: self.save_in_place,
        };
        if let Ok(text) = serde_json::to_string(&origin) {
            let written = save_atomic(
                &origin_file(&path),
                text.as_bytes(),
                TargetState::Safe,
                false,
            );
            if let Err(e) = written {
                self.error = Some(e.message(self.session.lang()));
            }
        }
    }

    fn remove_autosave(&self) {
        if let Some(path) = &self.options.autosave {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(origin_file(path));
        }
    }

    fn keyboard(&self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let files_dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|file| file.path().to_owned())
                .collect()
        });
        commands.extend(files_dropped.into_iter().map(Command::OpenPath));
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        ctx.input_mut(|input| {
            for user in UserCommand::pressed(input, Scope::Window) {
                if user.enabled(&self.session) {
                    commands.push(user.command(&self.session));
                }
            }
            for event in &input.events {
                match event {
                    egui::Event::Paste(text) => commands.push(Command::PasteText(text.clone())),
                    egui::Event::Copy => commands.push(Command::CopyFen),
                    _ => {}
                }
            }
        });
    }

    /// A menu of the command table: its commands, greyed out when they cannot be given, with
    /// their first shortcut at the right. The accessible name stays the label alone (the
    /// shortcut is the node's keyboard shortcut), so the item is found by its label.
    fn table_menu(&self, ui: &mut egui::Ui, menu: Menu, commands: &mut Vec<Command>) {
        let lang = self.session.lang();
        for user in UserCommand::all()
            .into_iter()
            .filter(|c| c.menu() == Some(menu))
        {
            let label = user.label(lang);
            let shortcut = user
                .shortcuts()
                .first()
                .map(|(shortcut, _)| ui.ctx().format_shortcut(shortcut));
            let checked = user.checked(&self.session);
            let mut button = match checked {
                Some(on) => egui::Button::selectable(on, label.as_str()),
                None => egui::Button::new(label.as_str()),
            };
            if let Some(shortcut) = &shortcut {
                button = button.shortcut_text(shortcut.as_str());
            }
            let enabled = user.enabled(&self.session);
            let response = ui.add_enabled(enabled, button);
            response.widget_info(|| match checked {
                Some(on) => egui::WidgetInfo::selected(egui::Role::Button, enabled, on, &label),
                None => egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label),
            });
            if let Some(shortcut) = shortcut {
                ui.ctx().accesskit_node_builder(response.id, |node| {
                    node.set_keyboard_shortcut(shortcut);
                });
            }
            if response.clicked() {
                commands.push(user.command(&self.session));
            }
        }
    }

    fn menu_bar(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let lang = self.session.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(lang.pick("File", "文件", "檔案"), |ui| {
                self.table_menu(ui, Menu::File, commands);
                ui.separator();
                ui.menu_button(
                    lang.pick("Recent files", "最近的文件", "最近的檔案"),
                    |ui| {
                        for path in &self.settings.recent {
                            if ui.button(path.display().to_string()).clicked() {
                                commands.push(Command::OpenPath(path.clone()));
                            }
                        }
                    },
                );
            });
            ui.menu_button(lang.pick("Game", "对局", "對局"), |ui| {
                self.table_menu(ui, Menu::Game, commands);
                ui.separator();
                ui.label(lang.pick("Rules", "规则", "規則"));
                for (rules, label) in [
                    (
                        RuleSet::Cxa1999,
                        lang.pick(
                            "Chinese Xiangqi Association 1999",
                            "中国象棋协会 1999",
                            "中國象棋協會 1999",
                        ),
                    ),
                    (
                        RuleSet::Asian,
                        lang.pick("Asian (AXF)", "亚洲象联", "亞洲象聯"),
                    ),
                ] {
                    if ui.radio(self.session.rules() == rules, label).clicked() {
                        commands.push(Command::SetRules(rules));
                    }
                }
            });
            ui.menu_button(lang.pick("Annotate", "注释", "註釋"), |ui| {
                self.table_menu(ui, Menu::Annotate, commands);
            });
            ui.menu_button(lang.pick("View", "视图", "檢視"), |ui| {
                self.table_menu(ui, Menu::View, commands);
            });
            ui.menu_button(lang.pick("Database", "棋谱库", "棋譜庫"), |ui| {
                self.table_menu(ui, Menu::Database, commands);
            });
            ui.menu_button(lang.pick("Language", "语言", "語言"), |ui| {
                for choice in Language::ALL {
                    if ui.radio(lang == choice, choice.to_string()).clicked() {
                        commands.push(Command::SetLanguage(choice));
                    }
                }
            });
        });
    }

    /// The command palette: type words of a command's name (in the language shown or in
    /// English), Enter gives the first found, a click any of them; Escape closes it.
    fn palette(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(query) = &mut self.palette else {
            return;
        };
        let lang = self.session.lang();
        let found: Vec<UserCommand> = UserCommand::all()
            .into_iter()
            .filter(|c| c.enabled(&self.session) && c.matches(query, lang))
            .collect();
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::unique("palette")).show(ctx, |ui| {
            ui.set_width(360.0);
            let field = ui.add(
                egui::TextEdit::singleline(query)
                    .hint_text(lang.pick("Find a command", "查找命令", "尋找指令"))
                    .desired_width(f32::INFINITY),
            );
            field.request_focus();
            if ui.input(|i| i.key_pressed(Key::Enter)) {
                if let Some(first) = found.first() {
                    commands.push(first.command(&self.session));
                }
                close = true;
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for user in &found {
                        let mut button = egui::Button::new(user.label(lang));
                        if let Some((shortcut, _)) = user.shortcuts().first() {
                            button = button.shortcut_text(ctx.format_shortcut(shortcut));
                        }
                        if ui.add(button).clicked() {
                            commands.push(user.command(&self.session));
                            close = true;
                        }
                    }
                });
        });
        if close || modal.should_close() {
            self.palette = None;
        }
    }

    /// The open question, if any, as a modal window; returns the answer's command.
    fn question(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let lang = self.session.lang();
        let Some(question) = &self.question else {
            return;
        };
        let mut close = false;
        match question {
            Question::Discard(pending) => {
                let pending = pending.clone();
                egui::Modal::new(egui::Id::unique("discard")).show(ctx, |ui| {
                    ui.label(lang.pick(
                        "This game has unsaved changes.",
                        "本局有未保存的改动。",
                        "本局有未儲存的變更。",
                    ));
                    ui.horizontal(|ui| {
                        if ui.button(lang.pick("Save", "保存", "儲存")).clicked() {
                            // Once saved, what was asked goes on (closing the window, opening).
                            self.after_save = Some(pending.clone().unwrap_or(Command::Quit));
                            commands.push(Command::Save);
                            close = true;
                        }
                        if ui
                            .button(lang.pick("Discard", "放弃改动", "放棄變更"))
                            .clicked()
                        {
                            close = true;
                            commands.push(Command::DiscardChanges);
                            commands.push(pending.clone().unwrap_or(Command::Quit));
                        }
                        if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                            close = true;
                        }
                    });
                });
            }
            Question::PickGame { path, games } => {
                egui::Modal::new(egui::Id::unique("pick-game")).show(ctx, |ui| {
                    ui.heading(path.display().to_string());
                    ui.label(lang.pick("Pick a game:", "选择一局：", "選擇一局："));
                    egui::ScrollArea::vertical().max_height(400.0).show_rows(
                        ui,
                        22.0,
                        games.len(),
                        |ui, rows| {
                            for i in rows {
                                if ui.button(game_title(i, &games[i], lang)).clicked() {
                                    commands.push(Command::PickGame(i));
                                }
                            }
                        },
                    );
                    if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                        close = true;
                    }
                });
            }
            Question::Restore(game) => {
                let game = game.clone();
                egui::Modal::new(egui::Id::unique("restore")).show(ctx, |ui| {
                    ui.label(lang.pick(
                        "Qipu did not close normally last time. Restore the unsaved game?",
                        "上次没有正常退出。恢复未保存的对局吗？",
                        "上次沒有正常結束。恢復未儲存的對局嗎？",
                    ));
                    ui.horizontal(|ui| {
                        if ui.button(lang.pick("Restore", "恢复", "恢復")).clicked() {
                            commands
                                .push(Command::RestoreAutosave(GameToShow(Box::new(game.clone()))));
                            close = true;
                        }
                        if ui.button(lang.pick("Discard", "放弃", "放棄")).clicked() {
                            commands.push(Command::DiscardChanges);
                            close = true;
                        }
                    });
                });
            }
        }
        if close {
            self.question = None;
        }
    }
}

impl QipuApp {
    /// The engines' messages of this frame: the computer's move played, the analysis taken;
    /// while an engine works the window is drawn again soon, to show what comes next.
    fn engines(&mut self, ctx: &egui::Context) {
        let moves = self
            .computer
            .as_mut()
            .map_or_else(Vec::new, |c| c.frame(&self.session));
        for command in moves {
            self.apply(ctx, command);
        }
        self.analysis.frame(&self.session);
        self.graph.frame(&self.session);
        let working = self.computer.as_ref().is_some_and(ComputerGame::busy)
            || self.analysis.running()
            || self.graph.running();
        if working {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }
}

/// "3. Red – Black (Event)" for the game list.
fn game_title(index: usize, listed: &ListedGame, lang: Language) -> String {
    match (&listed.game, &listed.error) {
        (Some(game), _) => {
            let tags = game.tags();
            let get = |key| tags.get(&key).unwrap_or("?").to_owned();
            format!(
                "{}. {} – {}  {}  {}",
                index + 1,
                get(TagKey::Red),
                get(TagKey::Black),
                tags.get(&TagKey::Event).unwrap_or(""),
                tags.get(&TagKey::Result).unwrap_or("")
            )
        }
        (None, Some(e)) => format!("{}. {}", index + 1, e.message(lang)),
        (None, None) => format!("{}.", index + 1),
    }
}

/// What a save or a copy says when clock entries after the last move were left out.
fn log_cut_message(e: &EncodeError, lang: Language) -> String {
    match lang {
        Language::English => format!(
            "The clock entries after move {} were left out: the record now has {} moves (moves \
             were taken back after the clock pressed them).",
            e.ply, e.moves
        ),
        Language::SimplifiedChinese => format!(
            "第 {} 着之后的计时记录未写入：棋谱现只有 {} 着（计时后有着法被悔去）。",
            e.ply, e.moves
        ),
        Language::TraditionalChinese => format!(
            "第 {} 著之後的計時記錄未寫入：棋譜現只有 {} 著（計時後有著法被悔去）。",
            e.ply, e.moves
        ),
    }
}

/// "Red-Black.pgn" from the players' names, "game.pgn" without them.
fn suggested_name(game: &Game) -> String {
    let tags = game.tags();
    match (tags.get(&TagKey::Red), tags.get(&TagKey::Black)) {
        (Some(red), Some(black)) => format!("{red}-{black}.pgn"),
        _ => "game.pgn".to_owned(),
    }
}

impl eframe::App for QipuApp {
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings.language = self.session.lang().tag().to_owned();
        self.settings.flipped = self.session.flipped();
        self.settings.notation = self.session.notation().name().to_owned();
        self.settings.tandem = self.session.tandem().name().to_owned();
        self.settings.layout = self.session.layout();
        self.settings.database = self.database.remembered().map(str::to_owned);
        eframe::set_value(storage, Settings::KEY, &self.settings);
    }

    /// The panels' colour of the light theme the window uses: the background where the panels
    /// are drawn unfilled ([`QipuApp::clear_background`]).
    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        egui::Visuals::light().panel_fill.to_normalized_gamma_f32()
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if !self.session.dirty() {
            self.remove_autosave();
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

impl QipuApp {
    /// Draw the window and apply what the user asked for.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        // The time moves on before anything is drawn: a flag that fell shows in this frame.
        self.apply(&ctx, Command::Tick);
        self.database
            .show_tree(self.session.layout().shown(Panel::Tree));
        let mut commands = self.database.poll(&self.session);
        if ctx.input(|i| i.viewport().close_requested()) && self.session.dirty() && !self.closing {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.question = Some(Question::Discard(None));
        }
        self.engines(&ctx);
        if self.question.is_none()
            && self.setup.is_none()
            && self.palette.is_none()
            && self.chooser.is_none()
            && self.save_report.is_none()
            && self.waiting.is_none()
        {
            self.keyboard(&ctx, &mut commands);
        }

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut commands));
        let layout = self.session.layout();
        egui::Panel::bottom("status")
            .exact_size(status::height(layout.detail_open))
            .resizable(false)
            .show(ui, |ui| commands.extend(status::show(ui, &self.session)));
        let [desk, record, tree] = layout.fit(ctx.content_rect().width());
        side_panels::show(
            ui,
            &self.session,
            Panel::Record,
            record,
            &mut commands,
            |ui| record_panel::show(ui, &self.session),
        );
        side_panels::show(ui, &self.session, Panel::Desk, desk, &mut commands, |ui| {
            let mut commands = transcribe_panel::show(ui, &self.session);
            ui.separator();
            commands.extend(clock_panel::show(ui, &self.session));
            if let Some(computer) = &mut self.computer {
                ui.separator();
                commands.extend(computer.show(ui, &self.session));
            }
            commands
        });
        let view = self.database.tree_view(self.session.position());
        side_panels::show(ui, &self.session, Panel::Tree, tree, &mut commands, |ui| {
            opening_tree::contents(ui, &view, &self.session)
        });
        egui::CentralPanel::default().show(ui, |ui| {
            // Under the board, inside the space between the side panels (a panel of the whole
            // window would draw its edge across them).
            if self.analysis.is_open() {
                egui::Panel::bottom("analysis").show(ui, |ui| {
                    commands.extend(self.analysis.show(ui, &self.session));
                });
            }
            if self.graph.is_open() {
                egui::Panel::bottom("evaluation graph").show(ui, |ui| {
                    commands.extend(self.graph.show(ui, &self.session));
                });
            }
            if setup_editor::show_open(&mut self.setup, ui, &self.session, &mut commands) {
                return;
            }
            let destinations = self.session.destinations();
            let mut drawing = self.session.drawing();
            drawing
                .arrows
                .extend(self.analysis.best_arrow(&self.session));
            let view = BoardView {
                position: self.session.position(),
                flipped: self.session.flipped(),
                selected: self.session.selected(),
                destinations: &destinations,
                last_move: self.session.last_move(),
                drawing: &drawing,
            };
            commands.extend(board::show(ui, &view));
        });
        self.question(&ctx, &mut commands);
        self.palette(&ctx, &mut commands);
        self.chooser_answer(&ctx);
        if let Some(export) = &mut self.export {
            if !export.show(&ctx, &self.session, &mut commands) {
                self.export = None;
            }
        }
        if let Some(chooser) = &mut self.chooser {
            let lang = self.session.lang();
            if let Some(answer) = chooser.show(&ctx, lang, &self.settings.recent) {
                let purpose = chooser.purpose();
                self.chooser = None;
                match answer {
                    Answer::Chosen(path) => commands.push(match purpose {
                        Purpose::Open => Command::OpenPath(path),
                        Purpose::Save => Command::SaveTo(path),
                        Purpose::Export => Command::Export(ExportJob { path }),
                        Purpose::Database => {
                            Command::Database(DatabaseCommand::Open(path.display().to_string()))
                        }
                        Purpose::Import => {
                            Command::Database(DatabaseCommand::AddImport(vec![path]))
                        }
                    }),
                    Answer::Cancelled => self.after_save = None,
                }
            }
        }
        if let Some(window) = &mut self.event {
            if !window.show(&ctx, &self.session, &mut commands) {
                self.event = None;
            }
        }
        self.database.show(&ctx, &self.session, &mut commands);
        let lang = self.session.lang();
        if let Some(form) = &mut self.play_form {
            if !form.show(&ctx, lang, &self.settings.engines, &mut commands) {
                self.play_form = None;
            }
        }
        if let Some(report) = &self.save_report {
            if !report.show(&ctx, self.session.lang()) {
                self.save_report = None;
            }
        }
        if let Some(form) = &mut self.match_form {
            if !form.show(&ctx, lang, &self.settings.engines, &mut commands) {
                self.match_form = None;
            }
        }
        if let Some(window) = &mut self.engines_window {
            if !window.show(&ctx, lang, &mut commands) {
                self.engines_window = None;
            }
        }
        if let Some(error) = self.error.clone() {
            let lang = self.session.lang();
            egui::Modal::new(egui::Id::unique("error")).show(&ctx, |ui| {
                ui.label(error);
                if ui.button(lang.pick("OK", "确定", "確定")).clicked() {
                    self.error = None;
                }
            });
        }

        // What the user asked for is drawn in this frame rather than the next: egui lays the
        // window out again before painting, so a click costs one frame drawn (on a software
        // rasteriser a frame is what takes the time).
        if !commands.is_empty() {
            ctx.request_discard("the session changed");
        }
        for command in commands {
            self.apply(&ctx, command);
        }
        let title = match &self.path {
            Some(path) => format!(
                "{}{} — Qipu",
                if self.session.dirty() { "• " } else { "" },
                path.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ),
            None => format!("{}Qipu 棋谱", if self.session.dirty() { "• " } else { "" }),
        };
        if title != self.title {
            self.title.clone_from(&title);
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title));
        }
        if let Some(zone) = &self.quiet {
            quiet_input::publish(zone, QuietZone::after_pass(&ctx));
        }
    }
}
