//! Qipu's own file dialog, shown when the system's cannot be (no desktop portal, no zenity) or
//! is not wanted: the folder (typed or walked), its subfolders and the files of the kind asked
//! for, recent folders, the name, and a question before writing over a file. Why the system's
//! could not be shown is said once, in the dialog. It answers as the system's does, through
//! the outbox to the app's one handler of chosen files; closed without a choice, it answers a
//! cancel.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Color32, Key, RichText};

use crate::lang::{IoReason, Language};

use crate::ui::base::command::file_purpose::Purpose;
use crate::ui::base::command::outbox::Courier;
use crate::ui::base::command::Command;
use crate::ui::base::files::Picked;
use crate::ui::windows::{Shown, Window};
use crate::ui::widgets::modal;

/// One line of the folder's list.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    folder: bool,
}

/// How the user answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// This file (for Save and Export: the user agreed to write over it if it was there).
    Chosen(PathBuf),
    /// Closed without a file.
    Cancelled,
}

/// Why a name cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Problem {
    /// The folder cannot be listed.
    Unreadable(IoReason),
    /// Open: there is no such file.
    Missing(String),
    /// No name was given.
    NoName,
}

impl Problem {
    fn message(&self, lang: Language) -> String {
        match self {
            Problem::Unreadable(why) => format!(
                "{}: {}",
                lang.pick(
                    "Cannot read this folder",
                    "无法读取此文件夹",
                    "無法讀取此資料夾"
                ),
                why.message(lang)
            ),
            Problem::Missing(name) => format!(
                "{name}: {}",
                lang.pick("no such file here", "此处没有这个文件", "此處沒有這個檔案")
            ),
            Problem::NoName => lang
                .pick("Type a file name", "请输入文件名", "請輸入檔案名稱")
                .to_owned(),
        }
    }
}

/// The dialog while it is open.
pub struct FileChooser {
    purpose: Purpose,
    folder: PathBuf,
    /// The folder field as typed (Enter goes there).
    folder_text: String,
    name: String,
    entries: Vec<Entry>,
    problem: Option<Problem>,
    /// Asking whether to write over this file.
    replace: Option<PathBuf>,
    /// The ending a name typed without one gets: the suggested name's, else the purpose's first.
    ending: String,
    /// Why the system's file chooser was not shown, said once in this dialog.
    why: Option<String>,
    /// Where the answer goes (once).
    answer: Courier<Picked>,
    answered: bool,
}

impl FileChooser {
    /// The dialog for `purpose`, in the folder of `suggested` with its name filled in (for Open,
    /// `suggested` is the folder), answering through `answer`.
    pub fn new(purpose: Purpose, suggested: &Path, answer: Courier<Picked>) -> FileChooser {
        let (folder, name) = if purpose.reads() || suggested.is_dir() {
            (suggested.to_owned(), String::new())
        } else {
            (
                suggested.parent().map(Path::to_owned).unwrap_or_default(),
                suggested
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            )
        };
        let ending = suggested
            .extension()
            .filter(|_| !purpose.reads())
            .map_or_else(
                || purpose.extensions()[0].to_owned(),
                |e| e.to_string_lossy().into_owned(),
            );
        let mut chooser = FileChooser {
            purpose,
            ending,
            folder: PathBuf::new(),
            folder_text: String::new(),
            name,
            entries: Vec::new(),
            problem: None,
            replace: None,
            why: None,
            answer,
            answered: false,
        };
        chooser.enter(absolute(&folder));
        chooser
    }

    /// The dialog saying first why the system's file chooser was not shown.
    pub fn because(mut self, why: String) -> FileChooser {
        self.why = Some(why);
        self
    }

    /// The endings of the files listed: for an export, only the kind being written (the
    /// suggested name's ending); else the purpose's.
    fn listed(&self) -> Vec<&str> {
        match self.purpose {
            Purpose::Export => vec![self.ending.as_str()],
            _ => self.purpose.extensions().to_vec(),
        }
    }

    /// Show `folder` and list it.
    fn enter(&mut self, folder: PathBuf) {
        self.folder_text = folder.display().to_string();
        match list(&folder, &self.listed()) {
            Ok(entries) => {
                self.entries = entries;
                self.problem = None;
            }
            Err(e) => {
                self.entries.clear();
                self.problem = Some(Problem::Unreadable(IoReason::of(&e)));
            }
        }
        self.folder = folder;
    }

    /// The file (or folder) the name field names: in the folder shown unless typed as a full
    /// path; a file name to save under gets the purpose's ending when it has none.
    fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let mut path = self.folder.join(name);
        if !self.purpose.reads() && path.extension().is_none() && !path.is_dir() {
            path.set_extension(&self.ending);
        }
        Some(path)
    }

    /// The user confirmed the name: the answer, or a question or problem to show first.
    fn confirm(&mut self) -> Option<Answer> {
        if matches!(
            self.purpose,
            Purpose::Import | Purpose::ImportFolder | Purpose::PuzzleSet
        ) && self.name.trim().is_empty()
        {
            return Some(Answer::Chosen(self.folder.clone()));
        }
        let Some(path) = self.target() else {
            self.problem = Some(Problem::NoName);
            return None;
        };
        if path.is_dir() {
            self.name.clear();
            self.enter(path);
            return None;
        }
        match self.purpose {
            Purpose::Database => Some(Answer::Chosen(path)),
            _ if self.purpose.reads() && !path.is_file() => {
                self.problem = Some(Problem::Missing(self.name.trim().to_owned()));
                None
            }
            _ if !self.purpose.reads() && path.exists() => {
                self.replace = Some(path);
                None
            }
            _ => Some(Answer::Chosen(path)),
        }
    }

    /// Draw the dialog; `recent` are folders to offer (the recent files' folders). Returns the
    /// answer once the user gives one.
    fn ask(&mut self, ctx: &egui::Context, lang: Language, recent: &[PathBuf]) -> Option<Answer> {
        let mut turn = Turn::default();
        let modal = modal::frame(ctx, "qipu-file-chooser", |ui| {
            ui.set_width(ui.ctx().content_rect().width().clamp(320.0, 640.0) - 60.0);
            self.header(ui, lang);
            self.folder_row(ui, lang, &mut turn);
            self.browse(ui, lang, recent, &mut turn);
            self.name_row(ui, lang, &mut turn);
            self.buttons(ui, lang, &mut turn);
        });
        if let Some(folder) = turn.go_to {
            self.replace = None;
            self.enter(folder);
        }
        if turn.answer.is_none() && modal.should_close() {
            turn.answer = Some(Answer::Cancelled);
        }
        turn.answer
    }

    /// The title (what the file is for) and why the system's chooser was not shown.
    fn header(&self, ui: &mut egui::Ui, lang: Language) {
        ui.heading(self.purpose.title(lang));
        if let Some(why) = &self.why {
            ui.label(RichText::new(why).color(ui.visuals().warn_fg_color));
        }
    }

    /// The folder line: Up, and the folder's field (Enter goes there).
    fn folder_row(&mut self, ui: &mut egui::Ui, lang: Language, turn: &mut Turn) {
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("Folder", "文件夹", "資料夾"));
            if ui
                .button(lang.pick("Up", "上一级", "上一層"))
                .on_hover_text(lang.pick("The folder above", "上一级文件夹", "上一層資料夾"))
                .clicked()
            {
                turn.go_to = self.folder.parent().map(Path::to_owned);
            }
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.folder_text).desired_width(f32::INFINITY))
                .labelled_by(label.id);
            if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                turn.go_to = Some(absolute(Path::new(self.folder_text.trim())));
            }
        });
    }

    /// The places beside the folder's entries, then what a click on an entry does: a folder is
    /// entered, a file's name taken (and confirmed on a double click).
    fn browse(&mut self, ui: &mut egui::Ui, lang: Language, recent: &[PathBuf], turn: &mut Turn) {
        // Fixed heights: the dialog keeps its size while folders are walked.
        let list_height = (ui.ctx().content_rect().height() - 300.0).clamp(120.0, 320.0);
        let mut picked = None;
        ui.horizontal_top(|ui| {
            self.places_column(ui, lang, recent, list_height, turn);
            picked = self.entries_column(ui, lang, list_height);
        });
        match picked {
            Some((entry, _)) if entry.folder => turn.go_to = Some(self.folder.join(&entry.name)),
            Some((entry, double)) => {
                self.name = entry.name;
                if double {
                    turn.answer = self.confirm();
                }
            }
            None => {}
        }
    }

    /// The places column: the recent files' folders, home and the working directory.
    fn places_column(
        &self,
        ui: &mut egui::Ui,
        lang: Language,
        recent: &[PathBuf],
        height: f32,
        turn: &mut Turn,
    ) {
        ui.vertical(|ui| {
            ui.set_width(150.0);
            ui.label(RichText::new(lang.pick("Places", "位置", "位置")).strong());
            egui::ScrollArea::vertical()
                .id_salt("places")
                .min_scrolled_height(height)
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for place in places(recent) {
                        let name = short_name(&place);
                        if ui
                            .selectable_label(place == self.folder, name)
                            .on_hover_text(place.display().to_string())
                            .clicked()
                        {
                            turn.go_to = Some(place);
                        }
                    }
                });
        });
    }

    /// The folder's subfolders and files; the entry clicked, and whether twice.
    fn entries_column(
        &self,
        ui: &mut egui::Ui,
        lang: Language,
        height: f32,
    ) -> Option<(Entry, bool)> {
        let mut picked = None;
        ui.vertical(|ui| {
            ui.label(RichText::new(lang.pick("In this folder", "此文件夹中", "此資料夾中")).strong());
            egui::ScrollArea::vertical()
                .id_salt("entries")
                .min_scrolled_height(height)
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if self.entries.is_empty() && self.problem.is_none() {
                        ui.label(RichText::new(lang.pick("(empty)", "（空）", "（空）")).weak());
                    }
                    for entry in &self.entries {
                        let text = if entry.folder {
                            format!("{}/", entry.name)
                        } else {
                            entry.name.clone()
                        };
                        let response =
                            ui.selectable_label(!entry.folder && entry.name == self.name, text);
                        if response.clicked() || response.double_clicked() {
                            picked = Some((entry.clone(), response.double_clicked()));
                        }
                    }
                });
        });
        picked
    }

    /// The file name's field (Enter confirms it).
    fn name_row(&mut self, ui: &mut egui::Ui, lang: Language, turn: &mut Turn) {
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("File name", "文件名", "檔案名稱"));
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.name).desired_width(f32::INFINITY))
                .labelled_by(label.id);
            if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                turn.answer = self.confirm();
            }
        });
    }

    /// The problem with the name if any, then the question before writing over a file or the
    /// confirm and Cancel buttons.
    fn buttons(&mut self, ui: &mut egui::Ui, lang: Language, turn: &mut Turn) {
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem.message(lang)).color(Color32::from_rgb(170, 20, 20)));
        }
        if let Some(path) = self.replace.clone() {
            ui.label(replace_text(&path, lang));
            ui.horizontal(|ui| {
                if ui
                    .button(lang.pick("Write over it", "覆盖", "覆寫"))
                    .clicked()
                {
                    turn.answer = Some(Answer::Chosen(path));
                }
                if ui
                    .button(lang.pick("Keep it", "保留原文件", "保留原檔"))
                    .clicked()
                {
                    self.replace = None;
                }
            });
        } else {
            ui.horizontal(|ui| {
                if ui.button(self.purpose.confirm(lang)).clicked() {
                    turn.answer = self.confirm();
                }
                if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                    turn.answer = Some(Answer::Cancelled);
                }
            });
        }
    }
}

/// What the user did in one frame of the dialog: a folder to go to, an answer.
#[derive(Default)]
struct Turn {
    go_to: Option<PathBuf>,
    answer: Option<Answer>,
}

/// "w2.pgn is already there. Write over it?"
fn replace_text(path: &Path, lang: Language) -> String {
    let name = short_name(path);
    match lang {
        Language::English => format!("{name} is already there. Write over it?"),
        Language::SimplifiedChinese => format!("{name} 已存在。要覆盖它吗？"),
        Language::TraditionalChinese => format!("{name} 已存在。要覆寫它嗎？"),
    }
}

/// The last part of a path, or the whole path for a root.
fn short_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `path` from the working directory when it is relative.
fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_owned();
    }
    std::env::current_dir().map_or_else(|_| path.to_owned(), |dir| dir.join(path))
}

/// The folders to offer: those of the recent files (newest first), then home and the working
/// directory, each once.
fn places(recent: &[PathBuf]) -> Vec<PathBuf> {
    let mut places: Vec<PathBuf> = Vec::new();
    // The user's folder on every system (%USERPROFILE% on Windows, $HOME elsewhere).
    let home = std::env::home_dir();
    let here = std::env::current_dir().ok();
    let folders = recent
        .iter()
        .filter_map(|file| file.parent().map(Path::to_owned))
        .chain(home)
        .chain(here);
    for folder in folders {
        if folder.is_dir() && !places.contains(&folder) {
            places.push(folder);
        }
    }
    places
}

/// The subfolders and the files ending in one of `extensions` (any case), folders first, each
/// group by name; hidden ones (a leading dot) left out.
fn list(folder: &Path, extensions: &[&str]) -> std::io::Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                return None;
            }
            let folder = entry.path().is_dir();
            let wanted = Path::new(&name)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
            (folder || wanted).then_some(Entry { name, folder })
        })
        .collect();
    entries.sort_by_cached_key(|e| (!e.folder, e.name.to_lowercase()));
    Ok(entries)
}

impl Window for FileChooser {
    /// Draw the dialog; its answer (the file chosen, or none) is sent as the system chooser's
    /// is, to the one handler. False once answered.
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, _: &mut Vec<Command>) -> bool {
        let ctx = &ui.ctx().clone();
        let Some(answer) = self.ask(ctx, shown.session.lang(), shown.recent) else {
            return true;
        };
        let chosen = match answer {
            Answer::Chosen(path) => Some(vec![path]),
            Answer::Cancelled => None,
        };
        self.answer.deliver(Ok(chosen));
        self.answered = true;
        false
    }

    fn takes_keys(&self) -> bool {
        true
    }
}

impl Drop for FileChooser {
    /// A dialog closed without an answer (another put in its place, the window closed) answers
    /// a cancel, so nothing waits for it.
    fn drop(&mut self) {
        if !self.answered {
            self.answer.deliver(Ok(None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::base::command::outbox::{Outbox, Recipient};
    use crate::tournament::export::Format;
    use crate::ui::base::command::event_command::Ask;

    /// A dialog whose answers nobody reads.
    fn dialog(purpose: Purpose, suggested: &Path) -> FileChooser {
        let (outbox, _) = Outbox::new(&egui::Context::default());
        FileChooser::new(purpose, suggested, outbox.courier(Recipient::FileDialog))
    }

    #[test]
    fn a_dialog_closed_without_a_choice_answers_a_cancel_once() {
        let (outbox, inbox) = Outbox::new(&egui::Context::default());
        let courier = outbox.courier::<Picked>(Recipient::FileDialog);
        let job = courier.job();
        drop(FileChooser::new(Purpose::Open, Path::new("."), courier));
        let answers: Vec<Picked> = inbox
            .take()
            .into_iter()
            .filter_map(|command| match command {
                Command::Arrived(arrival) => arrival.open::<Picked>(Some(job)),
                _ => None,
            })
            .collect();
        assert_eq!(answers, [Ok(None)]);
    }

    /// A test's own folder of sample files, removed when the test ends.
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = PathBuf;

        fn deref(&self) -> &PathBuf {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn scratch(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("qipu-chooser-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Games")).expect("scratch folder");
        for file in ["b.PGN", "a.xqf", "notes.txt", ".hidden.pgn"] {
            std::fs::write(dir.join(file), "x").expect("scratch file");
        }
        Scratch(dir)
    }

    #[test]
    fn the_list_has_folders_first_then_the_files_of_the_kind_asked_for() {
        let dir = scratch("list");
        let names: Vec<String> = list(&dir, Purpose::Open.extensions())
            .expect("listed")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["Games", "a.xqf", "b.PGN"]);
        let names: Vec<String> = list(&dir, Purpose::Export.extensions())
            .expect("listed")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["Games"]);
    }

    #[test]
    fn a_name_without_ending_gets_the_purposes_and_an_existing_file_is_asked_about() {
        let dir = scratch("confirm");
        let mut chooser = dialog(Purpose::Save, &dir.join("w2.pgn"));
        assert_eq!(chooser.confirm(), Some(Answer::Chosen(dir.join("w2.pgn"))));
        chooser.name = "b.PGN".to_owned();
        assert_eq!(chooser.confirm(), None);
        assert_eq!(chooser.replace, Some(dir.join("b.PGN")));
        chooser.name = "w3".to_owned();
        assert_eq!(chooser.confirm(), Some(Answer::Chosen(dir.join("w3.pgn"))));
        let mut xqf = dialog(Purpose::Save, &dir.join("w2.xqf"));
        xqf.name = "w4".to_owned();
        assert_eq!(xqf.confirm(), Some(Answer::Chosen(dir.join("w4.xqf"))));
        chooser.name = "Games".to_owned();
        assert_eq!(chooser.confirm(), None);
        assert_eq!(chooser.folder, dir.join("Games"));
    }

    #[test]
    fn an_export_lists_only_files_of_the_kind_written() {
        let dir = scratch("export");
        for file in ["old.png", "old.PDF", "old.svg"] {
            std::fs::write(dir.join(file), "x").expect("scratch file");
        }
        let names = |chooser: &FileChooser| -> Vec<String> {
            chooser.entries.iter().map(|e| e.name.clone()).collect()
        };
        let pdf = dialog(Purpose::Export, &dir.join("board.pdf"));
        assert_eq!(names(&pdf), ["Games", "old.PDF"]);
        let png = dialog(Purpose::Export, &dir.join("board.png"));
        assert_eq!(names(&png), ["Games", "old.png"]);
        let trf = dialog(Purpose::Event(Ask::Export(Format::Trf)), &dir.join("e.trf"));
        assert_eq!(names(&trf), ["Games"]);
    }

    #[test]
    fn open_refuses_a_file_that_is_not_there() {
        let dir = scratch("open");
        let mut chooser = dialog(Purpose::Open, &dir);
        chooser.name = "nothing.pgn".to_owned();
        assert_eq!(chooser.confirm(), None);
        assert_eq!(
            chooser.problem,
            Some(Problem::Missing("nothing.pgn".to_owned()))
        );
        chooser.name = "a.xqf".to_owned();
        assert_eq!(chooser.confirm(), Some(Answer::Chosen(dir.join("a.xqf"))));
    }

    #[test]
    fn places_are_the_recent_files_folders_once_then_home() {
        let dir = scratch("places");
        let recent = [
            dir.join("a.xqf"),
            dir.join("b.PGN"),
            dir.join("Games/x.pgn"),
        ];
        let found = places(&recent);
        assert_eq!(found[0], *dir);
        assert_eq!(found[1], dir.join("Games"));
        assert_eq!(found.iter().filter(|p| **p == *dir).count(), 1);
    }
}
