//! The window: menus, board, record panel and status line around one [`Session`].
//!
//! Every frame gathers the user's [`Command`]s from the widgets, menus, keys and dropped files,
//! then applies them in [`QipuApp::apply`]: the only place the session changes.

pub mod bench;
mod dispatch;
mod file_work;
mod frame;
mod menus;
mod open_windows;
mod picture;
mod puzzle_set;
mod side_panels;

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::cloud::CACHE_FILE;
use crate::engine_client::EngineConfig;
use crate::formats::read_pgn_text;
use crate::record::Game;

use crate::ui::base::command::notification::Notification;
use crate::ui::base::command::origin::{FileTie, Origin};
use crate::ui::base::command::outbox::{Inbox, JobId, Outbox};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::files::FileDialogs;
use crate::ui::base::session::Session;
use crate::ui::base::settings::Settings;
use crate::ui::panels::analysis_panel::AnalysisPanel;
use crate::ui::panels::computer_game::ComputerGame;
use crate::ui::panels::eval_graph::{Curve, EvalGraph};
use crate::ui::panels::notifications::Notifications;
use crate::ui::platform::native_dialogs::NativeDialogs;
use crate::ui::platform::quiet_input::SharedZone;
use crate::ui::windows::database_window::DatabaseWindow;
use crate::ui::windows::puzzle_window::PuzzleTrainer;
use crate::ui::windows::question::Question;
use crate::ui::workers::mistake_worker::MistakeWorker;
use crate::ui::workers::picture_worker::PictureWorker;

use file_work::{origin_file, Waiting};
use open_windows::OpenWindows;

/// Where the app keeps things and how it asks for files.
pub struct AppOptions {
    /// File choosers.
    pub dialogs: Box<dyn FileDialogs>,
    /// The crash-recovery copy of unsaved work (`None`: no autosave). Its folder is Qipu's
    /// data folder ([`AppOptions::data_file`]).
    pub autosave: Option<PathBuf>,
}

impl AppOptions {
    /// Qipu's data folder: the folder of the autosave copy, where the window keeps what lasts
    /// between runs (the cloud's answers, the puzzle trainer's progress and personal set, the
    /// pieces taught); `None` where nothing is kept.
    pub fn data_folder(&self) -> Option<&Path> {
        self.autosave.as_deref().and_then(Path::parent)
    }

    /// The file `name` in the data folder ([`AppOptions::data_folder`]).
    pub fn data_file(&self, name: &str) -> Option<PathBuf> {
        self.data_folder().map(|folder| folder.join(name))
    }
}

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions {
            dialogs: Box::new(NativeDialogs::default()),
            autosave: eframe::storage_dir("Qipu").map(|dir| dir.join("autosave.pgn")),
        }
    }
}

/// The application.
pub struct QipuApp {
    /// The state behind the main window: the game, the view, the clock.
    session: Session,
    /// What is kept between runs.
    settings: Settings,
    /// Where the app keeps things and how it asks for files.
    options: AppOptions,
    /// The windows of the registry that are open.
    windows: OpenWindows,
    /// What waits for the user: the question asked, the messages not yet seen.
    talk: Talk,
    /// A file being chosen and what follows a save.
    files: FileRoute,
    /// The parts around the board and the work behind them.
    parts: Parts,
    /// What the window shows of itself: its title, its renderer, its quiet zone.
    display: Display,
    /// The outbox and its inbox.
    post: Post,
}

/// What waits for the user.
struct Talk {
    /// What the user is told, each message in its turn: a message is never put in place of
    /// one not yet seen.
    notifications: Notifications,
    /// The user agreed to close with unsaved changes.
    closing: bool,
}

/// A file being chosen, and what follows a save.
struct FileRoute {
    /// The system's file chooser, while it is open.
    waiting: Option<Waiting>,
    /// What to do once the game is saved (the close prompt's Save: go on closing).
    after_save: Option<Command>,
}

/// The parts around the board and the work behind them.
struct Parts {
    /// A picture of a board being read, for the setup editor.
    picture: Option<PictureWorker>,
    /// How the built-in engine is started.
    engine: EngineConfig,
    /// The game against the computer under way.
    computer: Option<ComputerGame>,
    /// The analysis panel.
    analysis: AnalysisPanel,
    /// The evaluation graph of the main line.
    graph: EvalGraph,
    /// Puzzles being made from the game's mistakes, each job until it answers.
    making: Vec<MistakeWorker>,
    /// Pieces of pictures being kept for the next pictures, each job until it answers.
    teaching: Vec<JobId>,
}

/// What the window shows of itself.
struct Display {
    /// The window title last set.
    title: String,
    /// Where the event loop learns, after each pass, where the pointer's input changes nothing
    /// drawn (`None`: no one asks).
    quiet: Option<SharedZone>,
    /// The renderer drawing the window, in its own words (Help › About).
    renderer: String,
    /// Why wgpu was given up for glow, when it was (Help › About).
    renderer_fallback: Option<String>,
}

/// Where commands from outside a frame are sent (cloned into workers and windows), and where
/// the app takes them from at the start of each frame.
struct Post {
    outbox: Outbox,
    inbox: Inbox,
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
        let mut app = QipuApp::build(&cc.egui_ctx, settings, options);
        app.display.renderer = crate::ui::platform::renderer::describe(cc);
        app
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
        let restored_tie = || {
            options
                .autosave
                .as_deref()
                .and_then(|path| std::fs::read_to_string(origin_file(path)).ok())
                .and_then(|text| serde_json::from_str::<FileTie>(&text).ok())
        };
        let restore = options
            .autosave
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .and_then(|text| read_pgn_text(&text).next())
            .and_then(Result::ok)
            .map(|game| Question::Restore(game, restored_tie()));
        let builtin = with_threads(EngineConfig::builtin(), settings.engine_threads());
        let (outbox, inbox) = Outbox::new(ctx);
        let mut windows = OpenWindows::default();
        if let Some(restore) = restore {
            windows.open(WindowId::Question, Box::new(restore));
        }
        let database = DatabaseWindow::new(&outbox, settings.database.clone());
        windows.keep(WindowId::Database, Box::new(database));
        let analysis = AnalysisPanel::new(builtin.clone(), outbox.clone())
            .with_cloud(settings.cloud.clone(), options.data_file(CACHE_FILE));
        QipuApp {
            session,
            settings,
            options,
            windows,
            talk: Talk {
                notifications: Notifications::default(),
                closing: false,
            },
            files: FileRoute {
                waiting: None,
                after_save: None,
            },
            parts: Parts {
                picture: None,
                engine: EngineConfig::builtin(),
                computer: None,
                analysis,
                graph: EvalGraph::new(builtin, outbox.clone()),
                making: Vec::new(),
                teaching: Vec::new(),
            },
            display: Display {
                title: String::new(),
                quiet: None,
                renderer: "none".to_owned(),
                renderer_fallback: None,
            },
            post: Post { outbox, inbox },
        }
    }

    /// Ask `question`, in place of any other waiting.
    fn ask(&mut self, question: Question) {
        self.windows.open(WindowId::Question, Box::new(question));
    }

    /// Whether a question waits for its answer.
    fn asking(&self) -> bool {
        self.windows.is_open(WindowId::Question)
    }

    /// Tell the user `notification` once the ones before it were seen.
    fn tell(&mut self, notification: Notification) {
        self.talk.notifications.tell(notification);
    }

    /// Say, in Help › About, why the window is drawn with glow: wgpu could not start.
    pub fn note_renderer_fallback(&mut self, reason: String) {
        self.display.renderer_fallback = Some(reason);
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
        self.display.quiet = Some(zone);
    }

    /// Start the built-in engine as `config` says (by default this program with the argument
    /// `uci`; a test names the `qipu` program, as its own executable is the test).
    pub fn set_builtin_engine(&mut self, config: EngineConfig) {
        self.parts.engine = config;
        self.use_builtin_engine();
    }

    /// The built-in engine as analysis, review and play start it: as set, searching on the
    /// threads of the settings.
    pub fn builtin_engine(&self) -> EngineConfig {
        with_threads(self.parts.engine.clone(), self.settings.engine_threads())
    }

    /// Give the analysis panel and the evaluation graph the built-in engine as it is now set.
    fn use_builtin_engine(&mut self) {
        let config = self.builtin_engine();
        self.parts.analysis.set_engine(config.clone());
        self.parts.graph.set_engine(config);
    }

    /// What the user is told and has not yet closed or seen pass, oldest first.
    pub fn notifications(&self) -> impl Iterator<Item = &Notification> {
        self.talk.notifications.pending()
    }

    /// The side the computer plays, while a game against it is under way.
    pub fn computer_side(&self) -> Option<crate::rules::Color> {
        self.parts
            .computer
            .as_ref()
            .and_then(ComputerGame::computer)
    }

    /// True while the computer's engine searches (a search stopped is over once the engine has
    /// answered the stop).
    pub fn computer_thinking(&self) -> bool {
        self.parts
            .computer
            .as_ref()
            .is_some_and(ComputerGame::thinking)
    }

    /// The evaluation graph's scores of the main line.
    pub fn evaluation_curve(&self) -> &Curve {
        self.parts.graph.curve()
    }

    /// The analysis panel's lines as the board draws them, best first.
    pub fn engine_arrows(&self) -> Vec<crate::ui::widgets::board::EngineArrow> {
        self.parts.analysis.arrows(&self.session)
    }

    /// Show `game` as a game of no file, unchanged (as a game of the database is shown).
    pub fn show_game(&mut self, game: Game) {
        self.parts.computer = None;
        self.session
            .apply(&SessionCommand::ShowGame(GameToShow::new(
                game,
                Origin::Fresh,
            )));
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
        self.session.tie().map(|tie| tie.path.as_path())
    }

    /// True while the question about unsaved changes waits for its [`crate::ui::Answer`].
    pub fn asks_about_unsaved_changes(&self) -> bool {
        matches!(self.windows.get(), Some(Question::Discard(_)))
    }

    /// True once the window is closing (asked to, with nothing unsaved or the changes given up).
    pub fn closing(&self) -> bool {
        self.talk.closing
    }

    /// The window's title: the file's name (`• ` before it while changes are unsaved).
    pub fn title(&self) -> String {
        let unsaved = if self.session.dirty() { "• " } else { "" };
        match self.path().and_then(Path::file_name) {
            Some(name) => format!("{unsaved}{} — Qipu", name.to_string_lossy()),
            None => format!("{unsaved}Qipu 棋谱"),
        }
    }

    /// The puzzle trainer, while its window is open.
    pub fn puzzles(&self) -> Option<&PuzzleTrainer> {
        self.windows.get()
    }

    /// The same, to change (tests set the time its schedule is read at).
    pub fn puzzles_mut(&mut self) -> Option<&mut PuzzleTrainer> {
        self.windows.get_mut()
    }

    /// The game database's window.
    pub fn database(&self) -> &DatabaseWindow {
        // Kept in the registry when the app is built and never dropped: its `show` always
        // says it stays, Escape hides it (`Window::hide`), and no command opens another.
        self.windows
            .get()
            .expect("the database window is kept from the start")
    }

    /// The recently used files, newest first.
    pub fn recent_files(&self) -> &[PathBuf] {
        &self.settings.recent
    }
}

impl eframe::App for QipuApp {
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings.language = self.session.lang().tag().to_owned();
        self.settings.flipped = self.session.chosen_flipped();
        self.settings.notation = self.session.notation().name().to_owned();
        self.settings.tandem = self.session.tandem().name().to_owned();
        self.settings.layout = self.session.layout();
        self.settings.database = self.database().remembered().map(str::to_owned);
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

/// `config` searching on `threads` (`Threads`, in place of any it had).
fn with_threads(mut config: EngineConfig, threads: usize) -> EngineConfig {
    config
        .options
        .retain(|(name, _)| !name.eq_ignore_ascii_case("threads"));
    config
        .options
        .push(("Threads".to_owned(), threads.to_string()));
    config
}
