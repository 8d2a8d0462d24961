//! What a file is asked for: the one description every file request carries, whichever
//! chooser answers it (the system's or Qipu's own) and whoever asked (a menu, a window's
//! button), with the endings listed and the words of Qipu's own dialog.

use std::path::PathBuf;

use crate::lang::Language;
use crate::tournament::export::Format;

use super::event_command::Ask;

/// What the file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A record to open (PGN, XQF, JSON, FEN).
    Open,
    /// Where to save the game (PGN, XQF, JSON, FEN: the name's ending chooses).
    Save,
    /// Where to write an export (PNG, PDF, SVG: the name's ending chooses).
    Export,
    /// A game database file to open, or to create when it is not there.
    Database,
    /// Record files to import into the game database, or (no name, in Qipu's own dialog) the
    /// folder shown.
    Import,
    /// A folder of records to import into the game database.
    ImportFolder,
    /// A file of the Event window: a new event, an event to open, a players' list, an export.
    Event(Ask),
    /// A picture of a board to read into the setup editor (PNG, JPEG, WebP, BMP).
    Picture,
    /// A record file whose games are puzzles, or (no name, in Qipu's own dialog) the folder
    /// shown, for the puzzle trainer.
    PuzzleSet,
}

/// Where a file chooser starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// In the folder of the game's file (else the folder Qipu was started in).
    GameFolder,
    /// This name, in the folder of the game's file.
    Named(String),
    /// This folder, or this file's folder and name.
    At(PathBuf),
}

/// Every file ending an export can be written under (what Qipu's own dialog lists).
pub const EXPORT_EXTENSIONS: [&str; 3] = ["pdf", "png", "svg"];

/// The file endings of a game database file (what the file dialogs list).
pub const DATABASE_EXTENSIONS: [&str; 3] = ["qipu", "sqlite", "db"];

/// The endings Save as offers: one for each record format (`crate::formats::RecordFormat`).
const SAVE_EXTENSIONS: [&str; 5] = ["pgn", "xqf", "json", "fen", "dhtmlxq"];

impl Purpose {
    /// The file name endings listed; a name typed without one gets the suggested name's, else
    /// the first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Purpose::Open | Purpose::PuzzleSet => &crate::formats::FileKind::RECORD_EXTENSIONS,
            Purpose::Save => &SAVE_EXTENSIONS,
            Purpose::Export => &EXPORT_EXTENSIONS,
            Purpose::Database => &DATABASE_EXTENSIONS,
            Purpose::Import | Purpose::ImportFolder => &crate::formats::FileKind::RECORD_EXTENSIONS,
            Purpose::Picture => &crate::recognise::EXTENSIONS,
            Purpose::Event(Ask::New | Ask::Open) => &["qipu-event"],
            Purpose::Event(Ask::Import) => &["csv", "txt"],
            Purpose::Event(Ask::Export(format)) => match format {
                Format::Trf => &["trf"],
                Format::Csv => &["csv"],
                Format::Html => &["html"],
                Format::Pdf => &["pdf"],
            },
        }
    }

    /// The file must be there (else it is to be written).
    pub fn reads(self) -> bool {
        matches!(
            self,
            Purpose::Open
                | Purpose::PuzzleSet
                | Purpose::Import
                | Purpose::ImportFolder
                | Purpose::Picture
                | Purpose::Event(Ask::Open | Ask::Import)
        )
    }

    /// The dialog's title.
    pub fn title(self, lang: Language) -> &'static str {
        match self {
            Purpose::Open => lang.pick("Open a game", "打开棋谱", "開啟棋譜"),
            Purpose::Save => lang.pick("Save the game", "保存棋谱", "儲存棋譜"),
            Purpose::Export => lang.pick("Export", "导出", "匯出"),
            Purpose::Database => lang.pick("Game database", "棋谱库", "棋譜庫"),
            Purpose::Import | Purpose::ImportFolder => lang.pick(
                "Import a file, or this folder (no name)",
                "导入一个文件，或（不填文件名）此文件夹",
                "匯入一個檔案，或（不填檔名）此資料夾",
            ),
            Purpose::Picture => lang.pick("Position from picture", "从图片摆局", "從圖片擺局"),
            Purpose::PuzzleSet => lang.pick(
                "Open a puzzle set: a file, or this folder (no name)",
                "打开题集：一个文件，或（不填文件名）此文件夹",
                "開啟題集：一個檔案，或（不填檔名）此資料夾",
            ),
            Purpose::Event(Ask::New) => lang.pick("A new event", "新赛事", "新賽事"),
            Purpose::Event(Ask::Open) => lang.pick("Open an event", "打开赛事", "開啟賽事"),
            Purpose::Event(Ask::Import) => lang.pick("Import players", "导入棋手", "匯入棋手"),
            Purpose::Event(Ask::Export(_)) => lang.pick("Export the event", "导出赛事", "匯出賽事"),
        }
    }

    /// The dialog's button.
    pub fn confirm(self, lang: Language) -> &'static str {
        match self {
            Purpose::Open | Purpose::PuzzleSet => lang.pick("Open", "打开", "開啟"),
            Purpose::Save => lang.pick("Save", "保存", "儲存"),
            Purpose::Export => lang.pick("Export", "导出", "匯出"),
            Purpose::Database => lang.pick("Open or create", "打开或新建", "開啟或新建"),
            Purpose::Import | Purpose::ImportFolder | Purpose::Event(Ask::Import) => {
                lang.pick("Import", "导入", "匯入")
            }
            Purpose::Event(Ask::New) => lang.pick("Create", "创建", "建立"),
            Purpose::Event(Ask::Open) => lang.pick("Open", "打开", "開啟"),
            Purpose::Picture => lang.pick("Read", "读取", "讀取"),
            Purpose::Event(Ask::Export(_)) => lang.pick("Export", "导出", "匯出"),
        }
    }
}
