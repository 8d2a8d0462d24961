//! Files: the dialogs (behind a trait, so tests script them), reading records of every kind
//! Qipu reads and writing the game in the format its file's name asks for (PGN, XQF, JSON, FEN).

use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;

use crate::formats::{
    read_record_file, write_pgn, write_record, FileGame, FileKind, GameError, NoGame,
    PgnWriteOptions, RecordBytes, RecordFormat, SkippedMove, TargetState, XqfWriteError,
};
use crate::lang::{IoReason, Language};
use crate::notation::{write_move, MoveStyle, Script, TandemConvention};
use crate::record::Game;
use crate::rules::Color;
use crate::ui::base::command::file_purpose::Purpose;

/// What a file chooser answered: the files chosen (one; several, or a folder, for an import),
/// `Ok(None)` if the user cancelled, or why no chooser could be shown (then the app shows its
/// own file chooser).
pub type Picked = Result<Option<Vec<PathBuf>>, NoDialog>;

/// A file chooser's answer: given at once (Qipu's own dialog asked for, a test's script), or to
/// come when the system's chooser closes. The system's runs off the UI thread, so the window
/// keeps painting while it is open.
pub enum Picking {
    /// The answer.
    Now(Picked),
    /// The answer, once the chooser sends it.
    Later(Receiver<Picked>),
}

/// A chooser that went away without answering counts as one that could not be shown.
pub fn ended() -> NoDialog {
    NoDialog::Unavailable("the file chooser ended without an answer".to_owned())
}

impl From<Picked> for Picking {
    fn from(answer: Picked) -> Self {
        Picking::Now(answer)
    }
}

/// The system's file chooser, as the app sees it: one request, whatever part of the window
/// asked, described by its [`Purpose`] (what the file is for, the endings listed, whether it is
/// read or written); answered now or later. Tests put a script in its place. When it cannot be
/// shown it answers [`NoDialog`], and the app shows Qipu's own chooser for the same request; the
/// answers of both are carried out by one handler.
pub trait FileDialogs {
    /// Files for `purpose`, suggesting `suggested` (the folder to start in, or a file's folder
    /// and name).
    fn pick(&mut self, lang: Language, purpose: Purpose, suggested: &Path) -> Picking;
}

/// Why the system's file chooser was not shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoDialog {
    /// The user asked for Qipu's own dialog (`QIPU_FILE_DIALOG=own`).
    #[error("Qipu's own file dialog was asked for (QIPU_FILE_DIALOG=own)")]
    Asked,
    /// The system could not show one: no desktop portal and no zenity (the system's words).
    #[error("no system file chooser could be shown: {0}")]
    Unavailable(String),
}

impl NoDialog {
    /// Why Qipu shows its own file dialog, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            NoDialog::Asked => lang
                .pick(
                    "Qipu's own file dialog (QIPU_FILE_DIALOG=own)",
                    "使用 Qipu 自带的文件对话框（QIPU_FILE_DIALOG=own）",
                    "使用 Qipu 內建的檔案對話框（QIPU_FILE_DIALOG=own）",
                )
                .to_owned(),
            NoDialog::Unavailable(detail) => format!(
                "{} ({detail})",
                lang.pick(
                    "The system file chooser could not be shown (no desktop portal, no zenity): \
                     Qipu's own file dialog is used",
                    "无法打开系统的文件选择器（没有桌面门户，也没有 zenity）：改用 Qipu 自带的文件对话框",
                    "無法開啟系統的檔案選擇器（沒有桌面入口，也沒有 zenity）：改用 Qipu 內建的檔案對話框",
                )
            ),
        }
    }
}

/// Why a file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file system refused.
    #[error("cannot read {path}: {}", IoReason::of(.source))]
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
                "{} {}: {}",
                lang.pick("cannot read", "无法读取", "無法讀取"),
                path.display(),
                IoReason::of(source).message(lang)
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

/// What reading a game left out, in words: the text, and the place in the file as a detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defects {
    /// What was left out.
    pub text: String,
    /// Where in the file (a byte offset), when it says more than the text.
    pub detail: Option<String>,
}

/// What `error` left out of `game` (the game as read), for people: each illegal move of an
/// XQF file in the notation of `style`, with its round and side and the moves left out with
/// it; the byte offsets only as the detail. Other defects in the reader's own words.
pub fn defects(game: &Game, error: &GameError, style: MoveStyle, lang: Language) -> Defects {
    let (stopped, skipped) = match error {
        GameError::XqfSkipped(skipped) => (None, skipped.as_slice()),
        GameError::XqfStopped { error, skipped } => (Some(error), skipped.as_slice()),
        other => {
            return Defects {
                text: other.message(lang),
                detail: None,
            }
        }
    };
    let mut lines: Vec<String> = skipped
        .iter()
        .filter(|s| game.contains(s.after))
        .map(|s| skipped_words(game, s, style, lang))
        .collect();
    if stopped.is_some() {
        lines.push(
            lang.pick(
                "The file is damaged after the last move read: the moves before it are shown.",
                "文件在最后读入的着法之后损坏：之前的着法已显示。",
                "檔案在最後讀入的著法之後損壞：之前的著法已顯示。",
            )
            .to_owned(),
        );
    }
    let offsets: Vec<String> = skipped
        .iter()
        .map(|s| {
            format!(
                "{} {} ({})",
                lang.pick("byte", "字节", "位元組"),
                s.offset,
                s.mv
            )
        })
        .chain(stopped.map(|e| e.message(lang)))
        .collect();
    Defects {
        text: lines.join("\n"),
        detail: Some(format!(
            "{} {}",
            lang.pick("In the file:", "文件中：", "檔案中："),
            offsets.join("; ")
        )),
    }
}

/// "Black's move of round 6, 炮8进4, could not be played (no piece on that point) and was
/// left out, with the 4 moves after it."
fn skipped_words(game: &Game, s: &SkippedMove, style: MoveStyle, lang: Language) -> String {
    let position = game.position(s.after);
    let ply = game.ply(s.after) + 1;
    let round = ply.div_ceil(2);
    let written = write_move(position, s.mv, style.notation, &style.options);
    let reason = s.reason.message(lang);
    let after = s.records.saturating_sub(1);
    let red = position.side_to_move() == Color::Red;
    let variation = !game.is_main_line(s.after);
    match lang {
        Language::English => {
            let side = if red { "Red" } else { "Black" };
            let place = if variation { " in a variation" } else { "" };
            let tail = match after {
                0 => String::new(),
                1 => ", with the move after it".to_owned(),
                n => format!(", with the {n} moves after it"),
            };
            format!(
                "{side}'s move of round {round}{place}, {written}, could not be played \
                 ({reason}) and was left out{tail}."
            )
        }
        Language::SimplifiedChinese | Language::TraditionalChinese => {
            let zh = |s: &'static str, t: &'static str| lang.pick(s, s, t);
            let side = if red {
                zh("红方", "紅方")
            } else {
                zh("黑方", "黑方")
            };
            let place = if variation {
                zh("（变着中）", "（變著中）")
            } else {
                ""
            };
            let tail = if after > 0 {
                format!(
                    "{}{after}{}",
                    zh("，连同其后的 ", "，連同其後的 "),
                    zh(" 步着法", " 步著法")
                )
            } else {
                String::new()
            };
            format!(
                "{}{round}{}{side}{place}{written}{}{reason}{}{tail}{}",
                zh("第 ", "第 "),
                zh(" 回合", " 回合"),
                zh("无法走出（", "無法走出（"),
                zh("），已略去", "），已略去"),
                zh("。", "。")
            )
        }
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

/// How the app writes PGN: full Chinese notation in the interface's script (simplified for
/// the English interface), pieces sharing a file named as `tandem` says.
fn pgn_options(lang: Language, tandem: TandemConvention) -> PgnWriteOptions {
    let script = match lang {
        Language::TraditionalChinese => Script::Traditional,
        Language::English | Language::SimplifiedChinese => Script::Simplified,
    };
    let mut options = PgnWriteOptions::qipu(script);
    options.moves.tandem = tandem;
    options
}

/// The game as PGN text in the app's notation choice (full Chinese for the Chinese interfaces).
pub fn pgn_text(game: &Game, lang: Language, tandem: TandemConvention) -> String {
    write_pgn(game, &pgn_options(lang, tandem))
}

/// The game as a file of `format` (PGN as [`pgn_text`]), with what the format could not keep.
pub fn record_bytes(
    game: &Game,
    format: RecordFormat,
    lang: Language,
    tandem: TandemConvention,
) -> Result<RecordBytes, XqfWriteError> {
    write_record(game, format, &pgn_options(lang, tandem))
}

/// Why the game could not be written as XQF at all, in a user's language.
pub fn xqf_refused(error: &XqfWriteError, lang: Language) -> String {
    match error {
        XqfWriteError::TooManyPieces { .. } => lang
            .pick(
                "The start position has more pieces of one kind than an XQF file can hold; \
                 nothing was written. Save it as PGN or JSON.",
                "起始局面中某一兵种的棋子多于 XQF 文件能容纳的数目，未写入。请存为 PGN 或 JSON。",
                "起始局面中某一兵種的棋子多於 XQF 檔案能容納的數目，未寫入。請存為 PGN 或 JSON。",
            )
            .to_owned(),
    }
}
