//! Files: the dialogs (behind a trait, so tests script them), reading PGN/XQF records and
//! writing PGN.

use std::path::{Path, PathBuf};

use crate::formats::{read_pgn, read_xqf, write_pgn, PgnError, PgnWriteOptions, XqfError};
use crate::lang::Language;
use crate::notation::Script;
use crate::record::Game;

/// File choosers. The app asks, the user (or a test script) answers.
pub trait FileDialogs {
    /// A file to open, or `None` if the user cancelled.
    fn pick_open(&mut self, lang: Language) -> Option<PathBuf>;
    /// Where to save, or `None` if the user cancelled.
    fn pick_save(&mut self, lang: Language, suggested_name: &str) -> Option<PathBuf>;
    /// Where to write an exported picture (PNG); by default asked like [`Self::pick_save`].
    fn pick_export(&mut self, lang: Language, suggested_name: &str) -> Option<PathBuf> {
        self.pick_save(lang, suggested_name)
    }
}

/// The system's own dialogs (rfd).
#[derive(Clone, Copy, Debug, Default)]
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_open(&mut self, lang: Language) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(lang.pick("Open a game", "打开棋谱", "開啟棋譜"))
            .add_filter(
                lang.pick("Xiangqi records", "象棋棋谱", "象棋棋譜"),
                &["pgn", "xqf"],
            )
            .pick_file()
    }

    fn pick_save(&mut self, lang: Language, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(lang.pick("Save the game", "保存棋谱", "儲存棋譜"))
            .add_filter("PGN", &["pgn"])
            .set_file_name(suggested_name)
            .save_file()
    }

    fn pick_export(&mut self, lang: Language, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(lang.pick("Export as PNG", "导出为 PNG", "匯出為 PNG"))
            .add_filter("PNG", &["png"])
            .set_file_name(suggested_name)
            .save_file()
    }
}

/// Why a file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file system refused.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// An XQF file that is not valid.
    #[error("{path}: {source}")]
    Xqf {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: XqfError,
    },
    /// No game in the file could be read.
    #[error("{path}: {source}")]
    Pgn {
        /// The file.
        path: PathBuf,
        /// The first game's defect.
        source: Box<PgnError>,
    },
    /// The file holds no game.
    #[error("{0}: no game in this file")]
    Empty(PathBuf),
}

impl OpenError {
    /// Why the file could not be opened, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            OpenError::Io { path, source } => format!(
                "{} {}: {source}",
                lang.pick("cannot read", "无法读取", "無法讀取"),
                path.display()
            ),
            OpenError::Xqf { path, source } => {
                format!("{}: {}", path.display(), source.message(lang))
            }
            OpenError::Pgn { path, source } => {
                format!("{}: {}", path.display(), source.message(lang))
            }
            OpenError::Empty(path) => format!(
                "{}: {}",
                path.display(),
                lang.pick("no game in this file", "文件中没有对局", "檔案中沒有對局")
            ),
        }
    }
}

/// One game of a file as listed for the user: readable, or why not.
pub type ListedGame = Result<Game, PgnError>;

/// Whether a path names a PGN file (by its extension), the only kind Save writes over.
pub fn is_pgn_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("pgn"))
}

/// Read the games of a PGN or XQF file (by its extension; PGN otherwise).
pub fn open(path: &Path) -> Result<Vec<ListedGame>, OpenError> {
    let bytes = std::fs::read(path).map_err(|source| OpenError::Io {
        path: path.to_owned(),
        source,
    })?;
    let is_xqf = path
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("xqf"));
    if is_xqf {
        let record = read_xqf(&bytes).map_err(|source| OpenError::Xqf {
            path: path.to_owned(),
            source,
        })?;
        return Ok(vec![Ok(record.game)]);
    }
    let games = read_pgn(&bytes).games;
    match games.as_slice() {
        [] => Err(OpenError::Empty(path.to_owned())),
        [Err(e)] if e.partial.is_none() => Err(OpenError::Pgn {
            path: path.to_owned(),
            source: Box::new(e.clone()),
        }),
        _ => Ok(games),
    }
}

/// The game as PGN text in the app's notation choice (full Chinese for the Chinese interfaces).
pub fn pgn_text(game: &Game, lang: Language) -> String {
    let script = match lang {
        Language::TraditionalChinese => Script::Traditional,
        Language::English | Language::SimplifiedChinese => Script::Simplified,
    };
    write_pgn(game, &PgnWriteOptions::qipu(script))
}
