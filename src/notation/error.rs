//! Why a written move cannot be read.

use super::Notation;
use crate::lang::Language;
use crate::rules::{IllegalReason, Move, Piece, PieceKind};

/// A move text that does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not a move in the notation (or in any notation, when none was given).
    #[error("'{text}' is not a move{}", in_notation(*.notation))]
    Unreadable {
        /// The text as given.
        text: String,
        /// The notation it was read as, if one was asked for.
        notation: Option<Notation>,
    },
    /// A character that belongs to no notation.
    #[error("'{text}': the character '{character}' belongs to no move notation")]
    UnexpectedCharacter {
        /// The text as given.
        text: String,
        /// The offending character.
        character: char,
    },
    /// A file number outside 1–9 (or a file letter outside a–i).
    #[error("'{text}': file {file} is out of range (files are numbered 1 to 9)")]
    FileOutOfRange {
        /// The text as given.
        text: String,
        /// The number found.
        file: u8,
    },
    /// The side to move has no such piece where the text says.
    #[error("'{text}': {}", no_such_piece(*.piece, *.file))]
    NoSuchPiece {
        /// The text as given.
        text: String,
        /// The piece looked for.
        piece: Piece,
        /// The file number (as the mover counts) it was looked for on.
        file: Option<u8>,
    },
    /// 前/中/後, an ordinal or a WXF `+`/`-` where the side has no such row of like pieces.
    #[error("'{text}': there is no such {} among {}'s {}s sharing a file", .piece.kind, .piece.color, .piece.kind)]
    NoSuchRow {
        /// The text as given.
        text: String,
        /// The piece looked for.
        piece: Piece,
    },
    /// The movement would take the piece off the board.
    #[error("'{text}': the move would leave the board")]
    OffBoard {
        /// The text as given.
        text: String,
    },
    /// The piece never moves like that (a horse sideways, an elephant one file over…).
    #[error("'{text}': a {kind} cannot move like that")]
    Shape {
        /// The text as given.
        text: String,
        /// The kind of piece.
        kind: PieceKind,
    },
    /// The move the text names is against the rules.
    #[error("'{text}' ({mv}) is illegal: {reason}")]
    Illegal {
        /// The text as given.
        text: String,
        /// The move named.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalReason,
    },
    /// More than one legal move fits the text.
    #[error("'{text}' is ambiguous: it fits {}", list(.candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move that fits, in board order.
        candidates: Vec<Move>,
    },
}

impl NotationError {
    /// The text the error is about.
    pub fn text(&self) -> &str {
        match self {
            NotationError::Unreadable { text, .. }
            | NotationError::UnexpectedCharacter { text, .. }
            | NotationError::FileOutOfRange { text, .. }
            | NotationError::NoSuchPiece { text, .. }
            | NotationError::NoSuchRow { text, .. }
            | NotationError::OffBoard { text }
            | NotationError::Shape { text, .. }
            | NotationError::Illegal { text, .. }
            | NotationError::Ambiguous { text, .. } => text,
        }
    }

    /// The reason in a user's language (the English one is also the `Display` text).
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let text = self.text();
        let zh = |s: &str, t: &str| lang.pick("", s, t).to_owned();
        let reason = match self {
            NotationError::Unreadable { .. } => zh("不是着法", "不是著法"),
            NotationError::UnexpectedCharacter { character, .. } => {
                format!("{}「{character}」", zh("无法识别的字符", "無法識別的字元"))
            }
            NotationError::FileOutOfRange { file, .. } => {
                format!(
                    "{} {file} {}",
                    zh("路数", "路數"),
                    zh("超出 1–9", "超出 1–9")
                )
            }
            NotationError::NoSuchPiece { .. } => zh("该处没有这个棋子", "該處沒有這個棋子"),
            NotationError::NoSuchRow { .. } => {
                zh("同一路上没有这样的棋子", "同一路上沒有這樣的棋子")
            }
            NotationError::OffBoard { .. } => zh("走出棋盘", "走出棋盤"),
            NotationError::Shape { .. } => zh("棋子不能这样走", "棋子不能這樣走"),
            NotationError::Illegal { mv, reason, .. } => format!("{mv}: {}", reason.message(lang)),
            NotationError::Ambiguous { candidates, .. } => {
                format!(
                    "{}: {}",
                    zh("有歧义，可能是", "有歧義，可能是"),
                    list(candidates)
                )
            }
        };
        format!("「{text}」{reason}")
    }
}

fn in_notation(notation: Option<Notation>) -> String {
    match notation {
        Some(n) => format!(" in {}", n.label(Language::English)),
        None => " in any notation".to_owned(),
    }
}

fn no_such_piece(piece: Piece, file: Option<u8>) -> String {
    match file {
        Some(file) => format!("{} has no {} on file {file}", piece.color, piece.kind),
        None => format!("{} has no {}", piece.color, piece.kind),
    }
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
