//! Record files as a whole: recognise the kind by content, read every game, and write games in
//! a chosen format.

use std::fmt;
use std::path::Path;

use crate::notation::{script_of, NotationError, Script};
use crate::record::Game;
use crate::rules::{FenError, Position};

use super::cbf::{is_cbf, read_cbf, CbfError};
use super::cbr::{is_cbl, is_cbr, read_cbl, read_cbr, CbrError, CbrGame};
use super::dhtmlxq::{is_dhtmlxq, read_dhtmlxq, DhtmlXqError};
use super::json::{read_json_games, JsonError};
use super::pgn::{read_pgn_text, read_wide_file, PgnError, PgnErrorKind};
use super::warning::ReadWarning;
use super::xqf::{read_xqf, XqfError, XqfRecord};
use super::{SkippedMove, TargetState, TextEncoding};

/// The kind of a record file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    /// PGN text.
    Pgn,
    /// XQStudio binary.
    Xqf,
    /// The Qipu JSON record.
    Json,
    /// One position in FEN (a game with no moves from there).
    Fen,
    /// 象棋桥 binary record (one game).
    Cbr,
    /// 象棋桥 library of records.
    Cbl,
    /// 象棋桥 XML record.
    Cbf,
    /// DhtmlXQ blocks (web boards, forum posts).
    DhtmlXq,
}

impl FileKind {
    /// Recognise the kind from the content: `XQ` is XQF, `CCBridge Record` a CBR and
    /// `CCBridgeLibrary` a CBL, an XML `ChineseChessRecord` a CBF, a text holding `[DhtmlXQ]` or
    /// `[DhtmlXQ_movelist]` DhtmlXQ, a JSON object or array naming the Qipu
    /// format is JSON, a single line that starts like a FEN board (ten ranks) is FEN, anything
    /// else is read as PGN.
    pub fn detect(bytes: &[u8]) -> FileKind {
        if bytes.starts_with(b"XQ") {
            return FileKind::Xqf;
        }
        if is_cbr(bytes) {
            return FileKind::Cbr;
        }
        if is_cbl(bytes) {
            return FileKind::Cbl;
        }
        if is_cbf(bytes) {
            return FileKind::Cbf;
        }
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut solid = body.iter().filter(|b| !b.is_ascii_whitespace());
        let first_solid = solid.next();
        let opens_json = match first_solid {
            Some(b'{') => true,
            Some(b'[') => matches!(solid.next(), Some(b'{' | b']')),
            _ => false,
        };
        let names_format = || {
            let head = &body[..body.len().min(4096)];
            head.windows(11).any(|w| w == b"\"qipu-game\"")
        };
        if opens_json && names_format() {
            return FileKind::Json;
        }
        if is_dhtmlxq(body) {
            return FileKind::DhtmlXq;
        }
        // A first line that opens with a tag is no FEN board.
        if first_solid == Some(&b'[') {
            return FileKind::Pgn;
        }
        let text = String::from_utf8_lossy(&body[..body.len().min(256)]);
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next().unwrap_or("");
        let board = first.split_whitespace().next().unwrap_or("");
        if lines.next().is_none() && board.split('/').count() == 10 && !first.starts_with('[') {
            FileKind::Fen
        } else {
            FileKind::Pgn
        }
    }

    /// The extensions of the record files this program reads (any case): for a folder's
    /// records and the filters of a file chooser.
    pub const RECORD_EXTENSIONS: [&'static str; 9] = [
        "pgn", "xqf", "json", "fen", "cbr", "cbl", "cbf", "dhtmlxq", "ubb",
    ];

    /// True for file names this program reads as records ([`FileKind::RECORD_EXTENSIONS`]).
    pub fn is_record_name(path: &Path) -> bool {
        path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            FileKind::RECORD_EXTENSIONS
                .iter()
                .any(|x| x.eq_ignore_ascii_case(e))
        })
    }
}

/// Why one game of a file could not be read (in full).
#[derive(Debug, Clone, thiserror::Error)]
pub enum GameError {
    /// A PGN game: game number, line, column, reason.
    #[error("{0}")]
    Pgn(#[from] PgnError),
    /// An XQF file that could not be read.
    #[error("{0}")]
    Xqf(#[from] XqfError),
    /// An XQF file read without some illegal moves (and what followed them).
    #[error("{}", skipped_text(.0))]
    XqfSkipped(Vec<SkippedMove>),
    /// A damaged XQF file read as far as it goes: the moves before `error` are in the game.
    #[error("{error}; the moves before it are read{}", skipped_tail(.skipped))]
    XqfStopped {
        /// Where and why reading stopped.
        error: XqfError,
        /// Illegal moves left out before that.
        skipped: Vec<SkippedMove>,
    },
    /// A JSON record.
    #[error("{0}")]
    Json(String),
    /// A FEN that is not a position.
    #[error("line 1: not a valid FEN position: {0}")]
    Fen(#[from] FenError),
    /// A 象棋桥 binary record (CBR, or one record of a CBL).
    #[error("{}", cbr_text(.0))]
    Cbr(Vec<CbrError>),
    /// A 象棋桥 XML record.
    #[error("{0}")]
    Cbf(#[from] CbfError),
    /// A DhtmlXQ block.
    #[error("{}", dhtmlxq_text(.0))]
    DhtmlXq(Vec<DhtmlXqError>),
}

fn dhtmlxq_text(errors: &[DhtmlXqError]) -> String {
    errors
        .iter()
        .map(DhtmlXqError::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

fn cbr_text(errors: &[CbrError]) -> String {
    errors
        .iter()
        .map(CbrError::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A CBR game as a file game: partial games keep what was read.
fn cbr_game(read: Result<CbrGame, CbrError>) -> FileGame {
    match read {
        Ok(read) if read.errors.is_empty() => FileGame::new(Some(read.game), None),
        Ok(read) => FileGame::new(Some(read.game), Some(GameError::Cbr(read.errors))),
        Err(e) => FileGame::new(None, Some(GameError::Cbr(vec![e]))),
    }
}

fn skipped_text(skipped: &[SkippedMove]) -> String {
    let parts: Vec<String> = skipped
        .iter()
        .map(|s| {
            format!(
                "byte {}: illegal move {} ({}) left out with {} record(s)",
                s.offset, s.mv, s.reason, s.records
            )
        })
        .collect();
    parts.join("; ")
}

fn skipped_tail(skipped: &[SkippedMove]) -> String {
    if skipped.is_empty() {
        String::new()
    } else {
        format!("; {}", skipped_text(skipped))
    }
}

impl GameError {
    /// What reading an XQF record left out, if anything.
    pub fn of_xqf(record: &XqfRecord) -> Option<GameError> {
        match (&record.stopped, record.skipped.is_empty()) {
            (Some(error), _) => Some(GameError::XqfStopped {
                error: error.clone(),
                skipped: record.skipped.clone(),
            }),
            (None, false) => Some(GameError::XqfSkipped(record.skipped.clone())),
            (None, true) => None,
        }
    }
}

impl From<JsonError> for GameError {
    fn from(e: JsonError) -> GameError {
        GameError::Json(e.to_string())
    }
}

/// A game read from a file: the game, or why it could not be read (with the part read when
/// there is one), and what was accepted with a warning.
pub struct FileGame {
    /// The game, when read in full.
    pub game: Option<Game>,
    /// What went wrong, if anything. With `game` set, the game lacks what the error names.
    pub error: Option<GameError>,
    /// What the game read (or the part read) was accepted with: a start position play cannot
    /// reach, a last move the board cannot play after which the record says its mover lost
    /// ([`ReadWarning`]). Not errors: the game is read in full.
    pub warnings: Vec<ReadWarning>,
}

impl FileGame {
    /// A game read, or why not, with the warnings its start position calls for.
    pub fn new(game: Option<Game>, error: Option<GameError>) -> FileGame {
        let partial = match &error {
            Some(GameError::Pgn(e)) => e.partial.as_deref(),
            _ => None,
        };
        let warnings = game
            .as_ref()
            .or(partial)
            .map(ReadWarning::of_game)
            .unwrap_or_default();
        FileGame {
            game,
            error,
            warnings,
        }
    }
}

/// Why a file holds no game record at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoGame {
    /// Nothing but white space (or an empty list).
    #[error("it holds no game")]
    Empty,
    /// Text in which neither a tag nor a move could be read: some other kind of file.
    #[error("it is not a game record")]
    NotRecord,
}

/// Why the games of a PGN file are no game record at all; `None` when a game was read in full
/// or in part (a tag or a move before its defect), or when the text reads as a record whose
/// first move is wrong (that defect is reported with its place instead).
pub fn pgn_no_game(games: &[Result<Game, PgnError>]) -> Option<NoGame> {
    let first_error = match games {
        [] => return Some(NoGame::Empty),
        [Err(e), ..] => e,
        [Ok(_), ..] => return None,
    };
    let found = games.iter().any(|g| match g {
        Ok(_) => true,
        Err(e) => e
            .partial
            .as_ref()
            .is_some_and(|p| p.move_count() > 0 || !p.tags().is_empty()),
    });
    let unreadable = matches!(
        first_error.kind,
        PgnErrorKind::Move {
            source: NotationError::Unreadable { .. } | NotationError::UnexpectedCharacter { .. },
            ..
        }
    );
    (!found && unreadable).then_some(NoGame::NotRecord)
}

/// Every game of a record file.
pub struct RecordFile {
    /// The kind read.
    pub kind: FileKind,
    /// The text encoding, for text files.
    pub encoding: Option<TextEncoding>,
    /// The games in order.
    pub games: Vec<FileGame>,
    /// Why the file holds no game record at all, when it does not.
    pub no_game: Option<NoGame>,
    /// The script the file is written in (its moves, tags and comments), when it tells.
    pub script: Option<Script>,
}

impl RecordFile {
    /// Whether saving over this file would lose anything: any error makes it `FailedToRead`.
    pub fn target_state(&self) -> TargetState {
        if self.games.iter().any(|g| g.error.is_some()) {
            TargetState::FailedToRead
        } else {
            TargetState::Safe
        }
    }
}

impl fmt::Debug for FileGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileGame")
            .field("moves", &self.game.as_ref().map(Game::move_count))
            .field("error", &self.error)
            .field("warnings", &self.warnings)
            .finish()
    }
}

/// Read the games of a record file from its bytes.
pub fn read_record_bytes(bytes: &[u8]) -> RecordFile {
    let kind = FileKind::detect(bytes);
    if kind == FileKind::Pgn {
        if let Some((encoding, read)) = read_wide_file(bytes) {
            let no_game = read.games.is_empty().then_some(NoGame::Empty);
            return RecordFile {
                kind,
                encoding: Some(encoding),
                games: read
                    .games
                    .into_iter()
                    .map(|game| FileGame::new(Some(game), None))
                    .collect(),
                no_game,
                script: read.script,
            };
        }
    }
    let mut no_game = None;
    // Every kind but XQF is decoded here, once: its readers and the script below share the text.
    let decoded = match kind {
        FileKind::Xqf => None,
        _ => Some(super::decode(bytes)),
    };
    let text = decoded.as_ref().map(|d| &*d.text);
    let encoding = decoded.as_ref().map(|d| d.encoding);
    let (encoding, games) = match kind {
        FileKind::Xqf => {
            let game = match read_xqf(bytes) {
                Ok(rec) => {
                    let error = GameError::of_xqf(&rec);
                    FileGame::new(Some(rec.game), error)
                }
                Err(e) => FileGame::new(None, Some(e.into())),
            };
            (None, vec![game])
        }
        FileKind::Cbr => (None, vec![cbr_game(read_cbr(bytes))]),
        FileKind::Cbl => match read_cbl(bytes) {
            Ok(library) => (None, library.games.into_iter().map(cbr_game).collect()),
            Err(e) => (None, vec![cbr_game(Err(e))]),
        },
        FileKind::Cbf => {
            let game = match read_cbf(text.unwrap_or_default()) {
                Ok(read) => FileGame::new(Some(read.game), read.error.map(GameError::from)),
                Err(e) => FileGame::new(None, Some(e.into())),
            };
            (encoding, vec![game])
        }
        FileKind::DhtmlXq => {
            let games = read_dhtmlxq(text.unwrap_or_default())
                .into_iter()
                .map(|read| match read {
                    Ok(read) if read.errors.is_empty() => FileGame::new(Some(read.game), None),
                    Ok(read) => {
                        FileGame::new(Some(read.game), Some(GameError::DhtmlXq(read.errors)))
                    }
                    Err(e) => FileGame::new(None, Some(GameError::DhtmlXq(vec![e]))),
                })
                .collect();
            (encoding, games)
        }
        FileKind::Json => {
            let games = match read_json_games(text.unwrap_or_default()) {
                Ok(games) => games
                    .into_iter()
                    .map(|g| FileGame::new(Some(g), None))
                    .collect(),
                Err(e) => vec![FileGame::new(None, Some(e.into()))],
            };
            (encoding, games)
        }
        FileKind::Fen => {
            // A diagram's position is read with its warnings.
            let game = match Position::from_diagram_fen(text.unwrap_or_default().trim()) {
                Ok(start) => FileGame::new(Some(Game::new(start)), None),
                Err(e) => FileGame::new(None, Some(e.into())),
            };
            (encoding, vec![game])
        }
        FileKind::Pgn => {
            let mut reader = read_pgn_text(text.unwrap_or_default());
            let (mut games, mut unplayed) = (Vec::new(), Vec::new());
            while let Some(read) = reader.next_read() {
                let (game, last) = match read {
                    Ok((game, last)) => (Ok(game), last),
                    Err(e) => (Err(e), None),
                };
                games.push(game);
                unplayed.push(last);
            }
            no_game = pgn_no_game(&games);
            let games = games
                .into_iter()
                .zip(unplayed)
                .map(|(read, last)| match read {
                    Ok(game) => {
                        let mut game = FileGame::new(Some(game), None);
                        game.warnings
                            .extend(last.map(ReadWarning::LastMoveNotPlayed));
                        game
                    }
                    Err(e) => FileGame::new(None, Some(e.into())),
                })
                .collect();
            (encoding, games)
        }
    };
    if games.is_empty() {
        no_game = Some(NoGame::Empty);
    }
    // XQF has no move text: its tags and comments tell.
    let script = match text {
        Some(text) => script_of(text),
        None => games.iter().filter_map(|g| g.game.as_ref()).find_map(|g| {
            let tags = g.tags().iter().map(|(_, v)| v.to_owned());
            let comments = g.preorder().into_iter().map(|n| g.comment(n).to_owned());
            script_of(&tags.chain(comments).collect::<String>())
        }),
    };
    RecordFile {
        kind,
        encoding,
        games,
        no_game,
        script,
    }
}

/// Read the games of a record file.
pub fn read_record_file(path: &Path) -> std::io::Result<RecordFile> {
    Ok(read_record_bytes(&std::fs::read(path)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_recognised_by_content() {
        assert_eq!(FileKind::detect(b"XQ\x0a"), FileKind::Xqf);
        assert_eq!(
            FileKind::detect(b"  {\"format\": \"qipu-game\", \"version\": 1}"),
            FileKind::Json
        );
        assert_eq!(FileKind::detect(b"[Game \"Chinese Chess\"]"), FileKind::Pgn);
        assert_eq!(FileKind::detect(b"{comment} 1. h2e2"), FileKind::Pgn);
        let fen = b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";
        assert_eq!(FileKind::detect(fen), FileKind::Fen);
        let file = read_record_bytes(fen);
        assert_eq!(
            file.games[0].game.as_ref().unwrap().start(),
            &Position::startpos()
        );
        let bad = read_record_bytes(b"9/9/9/9/9/9/9/9/9/9 w");
        assert!(matches!(bad.games[0].error, Some(GameError::Fen(_))));
        assert!(FileKind::is_record_name(Path::new("a/B.XQF")));
        assert!(FileKind::is_record_name(Path::new("a/b.cbl")));
        assert!(!FileKind::is_record_name(Path::new("a/b.txt")));
        assert_eq!(FileKind::detect(b"CCBridge Record\0"), FileKind::Cbr);
        assert_eq!(
            FileKind::detect(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"),
            FileKind::DhtmlXq
        );
        assert_eq!(FileKind::detect(b"CCBridgeLibrary\0"), FileKind::Cbl);
        assert_eq!(
            FileKind::detect("\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord>".as_bytes()),
            FileKind::Cbf
        );
    }

    #[test]
    fn files_that_hold_no_game_say_so() {
        for blank in [&b""[..], b"  \n\n"] {
            assert_eq!(read_record_bytes(blank).no_game, Some(NoGame::Empty));
        }
        let passwd = b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n";
        assert_eq!(read_record_bytes(passwd).no_game, Some(NoGame::NotRecord));
        // A damaged record is still a record: its tags were read.
        let damaged = b"[Event \"a\"]\n1. h2e3 *\n";
        assert_eq!(read_record_bytes(damaged).no_game, None);
        assert_eq!(read_record_bytes(b"1. h2e2 *").no_game, None);
        // A record whose first move is wrong is a record: its defect is reported instead.
        assert_eq!(read_record_bytes(b"1. h2e9 *").no_game, None);
    }

    #[test]
    fn a_bad_game_marks_the_file_unsafe_to_overwrite() {
        let text = "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e3 *\n";
        let file = read_record_bytes(text.as_bytes());
        assert_eq!(file.kind, FileKind::Pgn);
        assert_eq!(file.games.len(), 2);
        assert!(file.games[0].error.is_none());
        assert!(file.games[1].game.is_none());
        assert_eq!(file.target_state(), TargetState::FailedToRead);
    }
}
