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
    fn ask<A, T, F>(&self, dialog: impl FnOnce() -> F, paths: fn(A) -> Option<T>) -> Picking<T>
    where
        A: 'static,
        F: Future<Output = Option<A>> + Send + 'static,
        T: Send + 'static,
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

fn path(handle: FileHandle) -> Option<PathBuf> {
    Some(handle.path().to_owned())
}

fn paths(handles: Vec<FileHandle>) -> Option<Vec<PathBuf>> {
    Some(handles.iter().map(|h| h.path().to_owned()).collect())
}

fn folder(handle: FileHandle) -> Option<Vec<PathBuf>> {
    Some(vec![handle.path().to_owned()])
}

/// The starting folder and name of a suggested path, for rfd.
fn with_suggestion(dialog: AsyncFileDialog, suggested: &Path) -> AsyncFileDialog {
    let dialog = match suggested.parent().filter(|p| p.is_dir()) {
        Some(folder) => dialog.set_directory(folder),
        None => dialog,
    };
    match suggested.file_name() {
        Some(name) => dialog.set_file_name(name.to_string_lossy()),
        None => dialog,
    }
}

impl FileDialogs for NativeDialogs {
    fn pick_open(&mut self, lang: Language, folder: &Path) -> Picking {
        self.ask(
            || {
                AsyncFileDialog::new()
                    .set_title(lang.pick("Open a game", "打开棋谱", "開啟棋譜"))
                    .add_filter(
                        lang.pick("Xiangqi records", "象棋棋谱", "象棋棋譜"),
                        &crate::formats::FileKind::RECORD_EXTENSIONS,
                    )
                    .set_directory(folder)
                    .pick_file()
            },
            path,
        )
    }

    fn pick_picture(&mut self, lang: Language, folder: &Path) -> Picking {
        self.ask(
            || {
                AsyncFileDialog::new()
                    .set_title(lang.pick("Position from picture", "从图片摆局", "從圖片擺局"))
                    .add_filter(
                        lang.pick("Pictures", "图片", "圖片"),
                        &crate::recognise::EXTENSIONS,
                    )
                    .set_directory(folder)
                    .pick_file()
            },
            path,
        )
    }

    fn pick_save(&mut self, lang: Language, suggested: &Path) -> Picking {
        self.ask(
            || {
                // The format follows the name chosen (crate::formats::RecordFormat::of_path).
                let dialog = RecordFormat::ALL.into_iter().fold(
                    AsyncFileDialog::new().set_title(lang.pick(
                        "Save the game",
                        "保存棋谱",
                        "儲存棋譜",
                    )),
                    |dialog, format| dialog.add_filter(format.name(), format.extensions()),
                );
                with_suggestion(dialog, suggested).save_file()
            },
            path,
        )
    }

    fn pick_export(&mut self, lang: Language, suggested: &Path) -> Picking {
        self.ask(
            || {
                // The suggested name's format first; the format follows the name chosen.
                let first = suggested.extension().and_then(|e| e.to_str()).unwrap_or("");
                let mut formats = PictureFormat::ALL;
                formats.sort_by_key(|f| f.extension() != first);
                let dialog = formats.into_iter().fold(
                    AsyncFileDialog::new().set_title(lang.pick("Export", "导出", "匯出")),
                    |dialog, format| dialog.add_filter(format.name(), &[format.extension()]),
                );
                with_suggestion(dialog, suggested).save_file()
            },
            path,
        )
    }

    fn pick_event_file(&mut self, lang: Language, players: bool, folder: &Path) -> Picking {
        self.ask(
            || {
                let dialog = AsyncFileDialog::new().set_directory(folder);
                if players {
                    dialog
                        .set_title(lang.pick("Import players", "导入棋手", "匯入棋手"))
                        .add_filter("CSV", &["csv", "txt"])
                        .pick_file()
                } else {
                    dialog
                        .set_title(lang.pick("Open an event", "打开赛事", "開啟賽事"))
                        .add_filter(
                            lang.pick("Qipu event", "Qipu 赛事", "Qipu 賽事"),
                            &["qipu-event"],
                        )
                        .pick_file()
                }
            },
            path,
        )
    }

    fn pick_event_save(&mut self, lang: Language, suggested: &Path) -> Picking {
        self.ask(
            || {
                let dialog =
                    AsyncFileDialog::new().set_title(lang.pick("Save as", "保存为", "儲存為"));
                // Only files of the kind written (the suggested name's ending) are listed.
                let dialog = match suggested.extension().and_then(|e| e.to_str()) {
                    Some(ending) => dialog.add_filter(ending.to_uppercase(), &[ending]),
                    None => dialog,
                };
                with_suggestion(dialog, suggested).save_file()
            },
            path,
        )
    }

    fn pick_database(&mut self, lang: Language, suggested: &Path) -> Picking {
        self.ask(
            || {
                let dialog = AsyncFileDialog::new()
                    .set_title(lang.pick("Game database", "棋谱库", "棋譜庫"))
                    .add_filter(
                        lang.pick("Database", "棋谱库", "棋譜庫"),
                        &crate::ui::base::files::DATABASE_EXTENSIONS,
                    );
                with_suggestion(dialog, suggested).save_file()
            },
            path,
        )
    }

    fn pick_import(&mut self, lang: Language, folder: bool, start: &Path) -> Picking<Vec<PathBuf>> {
        let dialog = AsyncFileDialog::new()
            .set_title(lang.pick("Import", "导入", "匯入"))
            .set_directory(start);
        if folder {
            return self.ask(|| dialog.pick_folder(), self::folder);
        }
        self.ask(
            || {
                dialog
                    .add_filter(
                        lang.pick("Xiangqi records", "象棋棋谱", "象棋棋譜"),
                        &crate::formats::FileKind::RECORD_EXTENSIONS,
                    )
                    .pick_files()
            },
            paths,
        )
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

    fn last() -> String {
        RFD_LAST.lock().map(|last| last.clone()).unwrap_or_default()
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
    }

    #[test]
    fn own_only_never_asks_the_system() {
        let mut dialogs = NativeDialogs::own_only();
        assert!(matches!(
            dialogs.pick_save(Language::English, Path::new("/tmp/w2.pgn")),
            Picking::Now(Err(NoDialog::Asked))
        ));
    }
}
