//! The system's file choosers (rfd: the desktop portal, else zenity), and knowing when none
//! could be shown.
//!
//! rfd answers `None` both when the user cancels and when no chooser could be shown at all (no
//! portal and no zenity on a plain window manager); the difference is only in its log: the
//! portal's failure is a warning ("Using zenity fallback") and zenity's an error ("Failed to save
//! file with zenity: …"). A small logger watches rfd's errors, so that a `None` that came with one
//! is told apart from a cancel and the app shows its own dialog.
//!
//! The system's chooser runs off the UI thread (rfd's async dialog, waited for on a thread of its
//! own), its answer coming back through a channel ([`Picking::Later`]): the window keeps painting
//! while it is open.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, OnceLock};

use rfd::{AsyncFileDialog, FileHandle};

use crate::export::PictureFormat;
use crate::formats::RecordFormat;
use crate::lang::Language;

use crate::ui::base::command::event_command::Ask;
use crate::ui::base::command::file_purpose::Purpose;
use crate::ui::base::files::{FileDialogs, NoDialog, Picking};

/// The environment variable that asks for Qipu's own file dialog (`own`) instead of the system's.
pub const DIALOG_VARIABLE: &str = "QIPU_FILE_DIALOG";

/// The system's own dialogs (rfd), or Qipu's when they cannot be shown or are not wanted.
#[derive(Clone, Copy, Debug)]
pub struct NativeDialogs {
    /// Ask the system first; when false, every request gets [`NoDialog::Asked`].
    system: bool,
}

impl Default for NativeDialogs {
    /// The system's dialogs, unless `QIPU_FILE_DIALOG=own`.
    fn default() -> Self {
        let own = std::env::var(DIALOG_VARIABLE).is_ok_and(|v| v.trim() == "own");
        NativeDialogs { system: !own }
    }
}

impl NativeDialogs {
    /// Never the system's dialogs: Qipu's own every time (as with `QIPU_FILE_DIALOG=own`).
    pub fn own_only() -> NativeDialogs {
        NativeDialogs { system: false }
    }

    /// Run one rfd dialog off the UI thread: `dialog` builds it (on the UI thread, where some
    /// systems need it made), a thread waits for its answer and sends it, `paths` turning it into
    /// the paths chosen. A `None` that came with an rfd error means no dialog was shown.
    fn ask<A, F>(&self, dialog: impl FnOnce() -> F, paths: fn(A) -> Option<Vec<PathBuf>>) -> Picking
    where
        A: 'static,
        F: Future<Output = Option<A>> + Send + 'static,
    {
        if !self.system {
            return Picking::Now(Err(NoDialog::Asked));
        }
        let watching = RfdWatch::install();
        let before = RfdWatch::errors();
        let future = dialog();
        let (answer, answered) = mpsc::channel();
        std::thread::spawn(move || {
            let picked = pollster::block_on(future).and_then(paths);
            let reply = if picked.is_none() && watching && RfdWatch::errors() != before {
                Err(NoDialog::Unavailable(RfdWatch::last()))
            } else {
                Ok(picked)
            };
            // The app may have closed meanwhile: then nobody waits for the answer.
            let _ = answer.send(reply);
        });
        Picking::Later(answered)
    }
}

fn one(handle: FileHandle) -> Option<Vec<PathBuf>> {
    Some(vec![handle.path().to_owned()])
}

fn many(handles: Vec<FileHandle>) -> Option<Vec<PathBuf>> {
    Some(handles.iter().map(|h| h.path().to_owned()).collect())
}

/// The system dialog for `purpose`: its title, the endings listed, where it starts.
fn dialog(lang: Language, purpose: Purpose, suggested: &Path) -> AsyncFileDialog {
    let dialog = AsyncFileDialog::new().set_title(title(lang, purpose));
    let dialog = match purpose {
        // The format follows the name chosen (crate::formats::RecordFormat::of_path).
        Purpose::Save => RecordFormat::ALL
            .into_iter()
            .fold(dialog, |dialog, format| {
                dialog.add_filter(format.name(), format.extensions())
            }),
        // The suggested name's format first; the format follows the name chosen.
        Purpose::Export => {
            let first = suggested.extension().and_then(|e| e.to_str()).unwrap_or("");
            let mut formats = PictureFormat::ALL;
            formats.sort_by_key(|f| f.extension() != first);
            formats.into_iter().fold(dialog, |dialog, format| {
                dialog.add_filter(format.name(), &[format.extension()])
            })
        }
        Purpose::ImportFolder => dialog,
        _ => dialog.add_filter(kind(lang, purpose), purpose.extensions()),
    };
    if suggested.is_dir() {
        return dialog.set_directory(suggested);
    }
    let dialog = match suggested.parent().filter(|p| p.is_dir()) {
        Some(folder) => dialog.set_directory(folder),
        None => dialog,
    };
    match suggested.file_name() {
        Some(name) => dialog.set_file_name(name.to_string_lossy()),
        None => dialog,
    }
}

/// The system dialog's title: the purpose's, less what only Qipu's own dialog does (a folder
/// chosen by leaving the name empty).
fn title(lang: Language, purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Import | Purpose::ImportFolder => lang.pick("Import", "导入", "匯入"),
        Purpose::PuzzleSet => lang.pick("Open a puzzle set", "打开题集", "開啟題集"),
        _ => purpose.title(lang),
    }
}

/// The name of the kind of file listed.
fn kind(lang: Language, purpose: Purpose) -> String {
    match purpose {
        Purpose::Picture => lang.pick("Pictures", "图片", "圖片").to_owned(),
        Purpose::Database => lang.pick("Database", "棋谱库", "棋譜庫").to_owned(),
        Purpose::Event(Ask::New | Ask::Open) => {
            lang.pick("Qipu event", "Qipu 赛事", "Qipu 賽事").to_owned()
        }
        Purpose::Event(Ask::Import | Ask::Export(_)) => purpose
            .extensions()
            .first()
            .map_or_else(String::new, |ending| ending.to_uppercase()),
        _ => lang
            .pick("Xiangqi records", "象棋棋谱", "象棋棋譜")
            .to_owned(),
    }
}

impl FileDialogs for NativeDialogs {
    fn pick(&mut self, lang: Language, purpose: Purpose, suggested: &Path) -> Picking {
        match purpose {
            Purpose::ImportFolder => {
                self.ask(|| dialog(lang, purpose, suggested).pick_folder(), one)
            }
            Purpose::Import => self.ask(|| dialog(lang, purpose, suggested).pick_files(), many),
            _ if purpose.reads() => self.ask(|| dialog(lang, purpose, suggested).pick_file(), one),
            _ => self.ask(|| dialog(lang, purpose, suggested).save_file(), one),
        }
    }
}

/// The process's logger: counts rfd's errors and keeps the last one's words; everything else is
/// dropped, as it was before (the program installs no other logger).
struct RfdWatch;

static RFD_ERRORS: AtomicUsize = AtomicUsize::new(0);
static RFD_LAST: Mutex<String> = Mutex::new(String::new());
static WATCHING: OnceLock<bool> = OnceLock::new();

impl RfdWatch {
    /// Install the logger once; false if another logger was there first (then a failure cannot
    /// be told from a cancel).
    fn install() -> bool {
        *WATCHING.get_or_init(|| {
            let installed = log::set_logger(&RfdWatch).is_ok();
            if installed {
                log::set_max_level(log::LevelFilter::Error);
            }
            installed
        })
    }

    fn errors() -> usize {
        RFD_ERRORS.load(Ordering::SeqCst)
    }

    /// The last error's words, without the system's error number (` (os error 2)`), which
    /// tells a user nothing.
    fn last() -> String {
        let last = RFD_LAST.lock().map(|last| last.clone()).unwrap_or_default();
        match last.rfind(" (os error ") {
            Some(at) if last.ends_with(')') => last[..at].to_owned(),
            _ => last,
        }
    }
}

impl log::Log for RfdWatch {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() == log::Level::Error && metadata.target().starts_with("rfd")
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        if let Ok(mut last) = RFD_LAST.lock() {
            *last = record.args().to_string();
        }
        RFD_ERRORS.fetch_add(1, Ordering::SeqCst);
    }

    fn flush(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_rfd_error_is_counted_and_kept_and_other_records_are_not() {
        assert!(RfdWatch::install());
        let before = RfdWatch::errors();
        log::error!(target: "wgpu_core", "not ours");
        assert_eq!(RfdWatch::errors(), before);
        log::error!(target: "rfd::backend", "Failed to save file with zenity: not found");
        assert_eq!(RfdWatch::errors(), before + 1);
        assert_eq!(
            RfdWatch::last(),
            "Failed to save file with zenity: not found"
        );
        log::error!(
            target: "rfd::backend",
            "Failed to pick file with zenity: No such file or directory (os error 2)"
        );
        assert_eq!(
            RfdWatch::last(),
            "Failed to pick file with zenity: No such file or directory"
        );
    }

    #[test]
    fn own_only_never_asks_the_system() {
        let mut dialogs = NativeDialogs::own_only();
        assert!(matches!(
            dialogs.pick(Language::English, Purpose::Save, Path::new("/tmp/w2.pgn")),
            Picking::Now(Err(NoDialog::Asked))
        ));
    }
}
