//! Files: the dialogs (behind a trait, so tests script them), reading PGN/XQF records and
//! writing PGN.

use std::path::{Path, PathBuf};

use crate::formats::{
    read_record_file, write_pgn, FileGame, FileKind, GameError, NoGame, PgnWriteOptions,
    TargetState,
};
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
                &["pgn", "xqf", "json", "fen"],
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
    /// The file's only game could not be read.
    #[error("{path}: {source}")]
    Game {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: Box<GameError>,
    },
    /// The file holds no game record: nothing, or another kind of file.
    #[error("{}", .reason.message(Language::English, &file_name(.path)))]
    NoGame {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: NoGame,
    },
}

/// The file's name without its folder, as people call it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
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
            OpenError::Game { path, source } => {
                format!("{}: {}", path.display(), source.message(lang))
            }
            OpenError::NoGame { path, reason } => reason.message(lang, &file_name(path)),
        }
    }
}

/// One game of a file as listed for the user: the game (whole, or the part that could be
/// read) and what went wrong.
pub type ListedGame = FileGame;

/// The game of a listed entry that can be shown: the whole game, or the part read of a game
/// that stopped, with the error to tell the user; `Err` with the error when nothing can be shown.
pub fn showable(listed: FileGame) -> Result<(Game, Option<GameError>), Option<GameError>> {
    match (listed.game, listed.error) {
        (Some(game), error) => Ok((game, error)),
        (None, Some(GameError::Pgn(e))) => match e.partial.clone() {
            Some(partial) => Ok((*partial, Some(GameError::Pgn(e)))),
            None => Err(Some(GameError::Pgn(e))),
        },
        (None, error) => Err(error),
    }
}

/// A record file opened for the window: its games, and whether Save may write over it.
pub struct Opened {
    /// The games in order.
    pub games: Vec<FileGame>,
    /// Save may write over the file: a PGN file read without error (Save writes PGN; never over
    /// an XQF or JSON file, nor over a file that read only in part).
    pub save_in_place: bool,
}

/// Read the games of a record file of any kind Qipu reads, recognised by its content
/// ([`read_record_file`]).
pub fn open(path: &Path) -> Result<Opened, OpenError> {
    let file = read_record_file(path).map_err(|source| OpenError::Io {
        path: path.to_owned(),
        source,
    })?;
    let no_game = |reason| OpenError::NoGame {
        path: path.to_owned(),
        reason,
    };
    if let Some(reason) = file.no_game {
        return Err(no_game(reason));
    }
    let save_in_place = file.kind == FileKind::Pgn && file.target_state() == TargetState::Safe;
    let mut games = file.games;
    match games.as_mut_slice() {
        [] => Err(no_game(NoGame::Empty)),
        [only] if only.game.is_none() && !has_partial(only) => match only.error.take() {
            Some(source) => Err(OpenError::Game {
                path: path.to_owned(),
                source: Box::new(source),
            }),
            None => Err(no_game(NoGame::Empty)),
        },
        _ => Ok(Opened {
            games,
            save_in_place,
        }),
    }
}

fn has_partial(game: &FileGame) -> bool {
    matches!(&game.error, Some(GameError::Pgn(e)) if e.partial.is_some())
}

/// The game as PGN text in the app's notation choice (full Chinese for the Chinese interfaces).
pub fn pgn_text(game: &Game, lang: Language) -> String {
    let script = match lang {
        Language::TraditionalChinese => Script::Traditional,
        Language::English | Language::SimplifiedChinese => Script::Simplified,
    };
    write_pgn(game, &PgnWriteOptions::qipu(script))
}
