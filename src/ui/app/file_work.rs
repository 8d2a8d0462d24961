//! Files: opening, picking a game from a file of several, saving, the file choosers (the
//! system's, or Qipu's own), the database's imports, and the autosave of unsaved work.

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::formats::pgn::clock::EncodeError;
use crate::formats::{save_atomic, GameError, RecordFormat, TargetState};
use crate::lang::Language;
use crate::notation::MoveStyle;
use crate::record::{Game, TagKey};

use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::done::Done;
use crate::ui::base::command::event_command::EventCommand;
use crate::ui::base::command::export_job::ExportJob;
use crate::ui::base::command::file_purpose::Purpose;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::origin::{FileTie, Origin};
use crate::ui::base::command::outbox::{Arrival, Courier, JobId, Recipient};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::GameToShow;
use crate::ui::base::files;
use crate::ui::base::files::{Picked, Picking};
use crate::ui::widgets::busy;
use crate::ui::windows::file_chooser::FileChooser;
use crate::ui::windows::save_report::SaveReport;
use crate::ui::windows::WindowMessage;
use crate::ui::workers::picture_worker::PictureSource;

use super::QipuApp;
use crate::ui::widgets::modal;
use crate::ui::windows::question::Question;

/// `text`, an error about the file at `path` (its name is the box's title).
fn about_file(path: &Path, text: String) -> Notification {
    Notification::error(Source::File(path.to_owned()), text)
}

/// What a file read with defects left out, in words, under the file's name.
fn defects_told(
    path: &Path,
    game: &Game,
    error: &GameError,
    style: MoveStyle,
    lang: Language,
) -> Notification {
    let defects = files::defects(game, error, style, lang);
    about_file(path, defects.text).with_detail(defects.detail)
}

impl QipuApp {
    pub(super) fn open(&mut self, path: PathBuf) {
        let lang = self.session.lang();
        match files::open(&path) {
            Ok(mut opened) if opened.games.len() == 1 => {
                let (game, error) = match files::showable(opened.games.remove(0)) {
                    Ok(shown) => shown,
                    Err(error) => {
                        if let Some(e) = error {
                            self.tell(about_file(&path, e.message(lang)));
                        }
                        return;
                    }
                };
                // What could not be read is said in words; the part read is shown.
                let style = self.session.move_style();
                if let Some(e) = error {
                    self.tell(defects_told(&path, &game, &e, style, lang));
                }
                self.settings.remember(path.clone());
                let tie = FileTie {
                    path,
                    in_place: opened.save_in_place,
                };
                self.apply_to_session(SessionCommand::ShowGame(GameToShow::new(
                    game,
                    Origin::File(tie),
                )));
            }
            Ok(opened) => {
                self.settings.remember(path.clone());
                self.ask(Question::PickGame {
                    path,
                    games: opened.games,
                });
            }
            Err(e) => self.tell(about_file(&path, e.message(lang))),
        }
    }

    pub(super) fn pick_game(&mut self, index: usize) {
        let Some(Question::PickGame { mut games, path }) = self.windows.take() else {
            return;
        };
        if index >= games.len() {
            return;
        }
        let lang = self.session.lang();
        match files::showable(games.swap_remove(index)) {
            Ok((game, error)) => {
                let style = self.session.move_style();
                if let Some(e) = error {
                    self.tell(defects_told(&path, &game, &e, style, lang));
                }
                // A game out of several is saved to a new file, never over the collection.
                self.apply_to_session(SessionCommand::ShowGame(GameToShow::new(
                    game,
                    Origin::Fresh,
                )));
            }
            Err(Some(e)) => self.tell(about_file(&path, e.message(lang))),
            Err(None) => {}
        }
    }

    /// The folder a file dialog starts in: the game's own, else that of the last file used,
    /// else the working directory.
    pub(super) fn folder(&self) -> PathBuf {
        let folder_of = |path: &PathBuf| {
            path.parent()
                .filter(|folder| !folder.as_os_str().is_empty())
                .map(Path::to_owned)
        };
        self.session
            .tie()
            .map(|tie| &tie.path)
            .and_then(folder_of)
            .or_else(|| self.settings.recent.first().and_then(folder_of))
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default()
    }

    /// Where Save as suggests: the game's own file when it is PGN, its name and ending as
    /// they are (`BHW-COO0.PGN`, never a second `BHW-COO0.pgn` beside it); the game's own name
    /// as PGN in its folder (`w2.pgn` beside an opened `w2.xqf`); else the players' names.
    fn suggested_path(&self) -> PathBuf {
        let own = self.session.tie().and_then(|tie| {
            let path = &tie.path;
            let pgn = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            if pgn {
                path.file_name().map(|n| n.to_string_lossy().into_owned())
            } else {
                path.file_stem()
                    .map(|stem| format!("{}.pgn", stem.to_string_lossy()))
            }
        });
        let name = own.unwrap_or_else(|| suggested_name(self.session.game()));
        self.folder().join(name)
    }

    pub(super) fn save_as(&mut self, ctx: &egui::Context) {
        let suggested = self.suggested_path();
        self.pick_file(ctx, Purpose::Save, suggested);
    }

    /// Ask for a file for `purpose`, suggesting `suggested` (a file, or the folder to start
    /// in): the one way any part of the window asks. The system's chooser answers at once or
    /// later; when it cannot be shown, Qipu's own opens on the same request and says why. Both
    /// answer through the outbox into [`QipuApp::file_answered`].
    pub(super) fn pick_file(&mut self, ctx: &egui::Context, purpose: Purpose, suggested: PathBuf) {
        let lang = self.session.lang();
        match self.options.dialogs.pick(lang, purpose, &suggested) {
            Picking::Now(answer) => self.file_answered(ctx, purpose, &suggested, answer),
            Picking::Later(answer) => {
                let courier = self.wait_for_file(purpose, suggested, Chooser::System);
                std::thread::spawn(move || {
                    courier.deliver(answer.recv().unwrap_or_else(|_| Err(files::ended())));
                });
            }
        }
    }

    /// Wait for the answer of `chooser` to the request for `purpose` (the answer of any
    /// chooser shown before it is left unread): the courier it answers by.
    fn wait_for_file(
        &mut self,
        purpose: Purpose,
        suggested: PathBuf,
        chooser: Chooser,
    ) -> Courier<Picked> {
        let courier = self.post.outbox.courier::<Picked>(Recipient::FileDialog);
        self.files.waiting = Some(Waiting {
            purpose,
            suggested,
            job: courier.job(),
            chooser,
        });
        courier
    }

    /// A chooser answered (through the outbox).
    pub(super) fn file_arrived(&mut self, ctx: &egui::Context, arrival: Arrival) {
        let Some(waiting) = self.files.waiting.take() else {
            return;
        };
        match arrival.open::<Picked>(Some(waiting.job)) {
            Some(answer) => self.file_answered(ctx, waiting.purpose, &waiting.suggested, answer),
            None => self.files.waiting = Some(waiting),
        }
    }

    /// Carry out what a chooser answered for `purpose`: the files chosen are used, a cancel
    /// forgets what was to follow a save, and a system chooser that could not be shown gives
    /// way to Qipu's own, on `suggested`, saying why.
    fn file_answered(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        suggested: &Path,
        answer: Picked,
    ) {
        match answer {
            Ok(Some(paths)) => self.chosen(ctx, purpose, paths),
            Ok(None) => self.files.after_save = None,
            Err(why) => {
                let why = why.message(self.session.lang());
                let courier = self.wait_for_file(purpose, suggested.to_owned(), Chooser::Own);
                let chooser = FileChooser::new(purpose, suggested, courier).because(why);
                self.windows.open(WindowId::Chooser, Box::new(chooser));
            }
        }
    }

    /// While the system's file chooser is open, a note says so (its answer wakes the window).
    pub(super) fn waiting_note(&self, ctx: &egui::Context) {
        let system = |waiting: &Waiting| waiting.chooser == Chooser::System;
        if !self.files.waiting.as_ref().is_some_and(system) {
            return;
        }
        let lang = self.session.lang();
        modal::frame(ctx, "waiting-for-chooser", |ui| {
            let doing = lang.pick(
                "The file chooser is open…",
                "文件选择器已打开…",
                "檔案選擇器已開啟…",
            );
            busy::line(ui, doing, None);
        });
    }

    /// The files chosen for `purpose` (one, except for an import).
    fn chosen(&mut self, ctx: &egui::Context, purpose: Purpose, paths: Vec<PathBuf>) {
        let Some(path) = paths.first().cloned() else {
            return;
        };
        match purpose {
            Purpose::Open => self.open(path),
            Purpose::Save => self.save(ctx, path),
            Purpose::Export => self.send_to_window(ctx, WindowMessage::Export(ExportJob { path })),
            // Both choosers open or create a database file: a new name chosen there is the
            // user's word to create it, not asked again.
            Purpose::Database => {
                let create = DatabaseCommand::Create(path.display().to_string());
                self.send_to_window(ctx, WindowMessage::Database(create));
            }
            Purpose::Import | Purpose::ImportFolder => {
                let add = DatabaseCommand::AddImport(paths);
                self.send_to_window(ctx, WindowMessage::Database(add));
                self.windows.raise(WindowId::Database);
            }
            Purpose::Picture => self.read_picture(PictureSource::File(path)),
            Purpose::PuzzleSet => self.send_to_window(ctx, WindowMessage::PuzzleSet(path)),
            Purpose::Event(ask) => {
                let asked = EventCommand::UsePath(ask, path);
                self.send_to_window(ctx, WindowMessage::Event(asked))
            }
        }
    }

    /// Save the game to `path` in the format its name asks for (`.xqf`, `.json`, `.fen`; PGN
    /// otherwise), atomically; what the format could not keep is shown after writing.
    pub(super) fn save(&mut self, ctx: &egui::Context, path: PathBuf) {
        let lang = self.session.lang();
        let (game, cut) = self.session.game_to_save();
        let format = RecordFormat::of_path(&path);
        let written = match files::record_bytes(&game, format, lang, self.session.tandem()) {
            Ok(written) => written,
            Err(e) => {
                self.files.after_save = None;
                self.tell(about_file(&path, files::xqf_refused(&e, lang)));
                return;
            }
        };
        match save_atomic(&path, &written.bytes, TargetState::Safe, false) {
            Ok(()) => {
                let saved = Done::Saved(path.clone()).text(lang);
                self.tell(Notification::info(Source::File(path.clone()), saved));
                if let Some(report) = SaveReport::of(path.clone(), format, written.losses) {
                    self.windows.open(WindowId::SaveReport, Box::new(report));
                }
                self.tell_cut(cut);
                // A FEN file holds a position, not the game: the game stays unsaved.
                if !format.holds_the_game() {
                    self.files.after_save = None;
                    return;
                }
                self.settings.remember(path.clone());
                self.session.apply(&SessionCommand::Saved(FileTie {
                    path,
                    in_place: true,
                }));
                self.remove_autosave();
                if let Some(then) = self.files.after_save.take() {
                    self.apply(ctx, then);
                }
            }
            Err(e) => {
                self.files.after_save = None;
                self.tell(about_file(&path, e.message(lang)));
            }
        }
    }

    /// Keep a copy of unsaved work, offered back if the program does not end normally.
    pub(super) fn autosave(&mut self) {
        let Some(path) = self.options.autosave.clone() else {
            return;
        };
        if !self.session.dirty() {
            self.remove_autosave();
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
            self.tell(about_file(&path, e.message(self.session.lang())));
            return;
        }
        if let Ok(text) = serde_json::to_string(&self.session.tie()) {
            let written = save_atomic(
                &origin_file(&path),
                text.as_bytes(),
                TargetState::Safe,
                false,
            );
            if let Err(e) = written {
                self.tell(about_file(&path, e.message(self.session.lang())));
            }
        }
    }

    pub(super) fn remove_autosave(&self) {
        if let Some(path) = &self.options.autosave {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(origin_file(path));
        }
    }
}

/// Where the file the autosaved game belonged to is kept beside the autosave at `autosave`
/// (`autosave.json`, its [`FileTie`]), so that a restored game comes back with its name and
/// title.
pub(super) fn origin_file(autosave: &Path) -> PathBuf {
    autosave.with_extension("json")
}

/// A file chooser open, and what its answer is for.
pub(super) struct Waiting {
    purpose: Purpose,
    suggested: PathBuf,
    job: JobId,
    chooser: Chooser,
}

/// Which chooser is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chooser {
    /// The system's, off the UI thread (the window says it waits).
    System,
    /// Qipu's own, a window of the registry.
    Own,
}

impl QipuApp {
    /// Say, when a save or a copy left out clock entries after the last move, what was left.
    pub(super) fn tell_cut(&mut self, cut: Option<EncodeError>) {
        if let Some(e) = cut {
            let text = log_cut_message(&e, self.session.lang());
            self.tell(Notification::error(Source::App, text));
        }
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
