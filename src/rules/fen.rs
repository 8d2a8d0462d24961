//! FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Reading is lenient (side `r` for Red, `h`/`e` for horse/elephant, a FEN cut after the side
//! field, `-` fields left out); writing is canonical.

use std::fmt::Write as _;

use crate::lang::Language;

use super::piece::{Color, Piece};
use super::position::Position;
use super::setup::{Setup, SetupError, SetupWarning};
use super::square::Square;

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was refused. Board rows are counted as written, from the top (Black's back rank,
/// ICCS rank 9) as row 1.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("the FEN is empty")]
    Empty,
    /// The board field has the wrong number of rows.
    #[error("board field: {0} ranks, a board has 10")]
    RankCount(usize),
    /// A row has the wrong number of points.
    #[error("board field: rank {row} (ICCS rank {iccs_rank}) has {files} files, a rank has 9")]
    RankWidth {
        /// Row as written, 1 = top.
        row: usize,
        /// The same row in ICCS numbering.
        iccs_rank: usize,
        /// How many points it describes.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error("board field: '{ch}' in rank {row} is not a piece letter (KABNRCP, kabnrcp)")]
    BadPiece {
        /// Row as written, 1 = top.
        row: usize,
        /// The character.
        ch: char,
    },
    /// The side to move is missing.
    #[error("side field: missing; expected w (or r) for Red, b for Black")]
    MissingSide,
    /// The side field is not a side.
    #[error("side field: '{0}' is not a side; expected w (or r) for Red, b for Black")]
    BadSide(String),
    /// The halfmove clock is not a number.
    #[error("halfmove clock field: '{0}' is not a number")]
    BadHalfmoveClock(String),
    /// The move number is not a positive number.
    #[error("move number field: '{0}' is not a number from 1")]
    BadMoveNumber(String),
    /// Fields after the last one.
    #[error("'{0}' after the move number field")]
    Trailing(String),
    /// The board is not a legal position.
    #[error("position: {0}")]
    Position(#[from] SetupError),
}

impl FenError {
    /// The reason in a user's language, naming the FEN field at fault.
    pub fn message(&self, lang: Language) -> String {
        match lang {
            Language::English => self.to_string(),
            _ => {
                let t = |hans: &'static str, hant: &'static str| lang.pick("", hans, hant);
                match self {
                    FenError::Empty => t("FEN 是空的", "FEN 是空的").to_owned(),
                    FenError::RankCount(n) => format!(
                        "{}{n}{}",
                        t("棋盘字段：有 ", "棋盤欄位：有 "),
                        t(" 行，棋盘应有 10 行", " 行，棋盤應有 10 行")
                    ),
                    FenError::RankWidth {
                        row,
                        iccs_rank,
                        files,
                    } => format!(
                        "{}{row}{}{iccs_rank}{}{files}{}",
                        t("棋盘字段：第 ", "棋盤欄位：第 "),
                        t(" 行（ICCS 第 ", " 行（ICCS 第 "),
                        t(" 线）有 ", " 線）有 "),
                        t(" 路，每行应有 9 路", " 路，每行應有 9 路")
                    ),
                    FenError::BadPiece { row, ch } => format!(
                        "{}{row}{}'{ch}'{}",
                        t("棋盘字段：第 ", "棋盤欄位：第 "),
                        t(" 行的 ", " 行的 "),
                        t(
                            " 不是棋子字母（KABNRCP, kabnrcp）",
                            " 不是棋子字母（KABNRCP, kabnrcp）"
                        )
                    ),
                    FenError::MissingSide => t(
                        "走子方字段缺失：红方为 w（或 r），黑方为 b",
                        "走子方欄位缺失：紅方為 w（或 r），黑方為 b",
                    )
                    .to_owned(),
                    FenError::BadSide(side) => format!(
                        "{}'{side}'{}",
                        t("走子方字段：", "走子方欄位："),
                        t(
                            " 不是走子方；红方为 w（或 r），黑方为 b",
                            " 不是走子方；紅方為 w（或 r），黑方為 b"
                        )
                    ),
                    FenError::BadHalfmoveClock(text) => format!(
                        "{}'{text}'{}",
                        t("半回合计数字段：", "半回合計數欄位："),
                        t(" 不是数字", " 不是數字")
                    ),
                    FenError::BadMoveNumber(text) => format!(
                        "{}'{text}'{}",
                        t("回合数字段：", "回合數欄位："),
                        t(" 不是从 1 起的数字", " 不是從 1 起的數字")
                    ),
                    FenError::Trailing(text) => format!(
                        "{}'{text}'",
                        t("回合数字段之后多出：", "回合數欄位之後多出：")
                    ),
                    FenError::Position(e) => {
                        format!("{}{}", t("局面：", "局面："), e.message(lang))
                    }
                }
            }
        }
    }
}

impl Setup {
    /// Read a FEN into an unchecked setup.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_whitespace();
        let board_field = fields.next().ok_or(FenError::Empty)?;
        let rows: Vec<&str> = board_field.split('/').collect();
        if rows.len() != 10 {
            return Err(FenError::RankCount(rows.len()));
        }
        let mut setup = Setup::empty();
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
                    file += d as usize;
                } else {
                    let piece =
                        Piece::from_fen_char(ch).ok_or(FenError::BadPiece { row: i + 1, ch })?;
                    if let Some(sq) = Square::from_coords(file as u8, rank).filter(|_| file < 9) {
                        setup.set(sq, Some(piece));
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::RankWidth {
                    row: i + 1,
                    iccs_rank: rank as usize,
                    files: file,
                });
            }
        }
        setup.side = match fields.next() {
            None => return Err(FenError::MissingSide),
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_owned())),
        };
        let mut rest = fields.skip_while(|f| *f == "-");
        if let Some(clock) = rest.next() {
            setup.halfmove_clock = clock
                .parse()
                .map_err(|_| FenError::BadHalfmoveClock(clock.to_owned()))?;
        }
        if let Some(number) = rest.next() {
            setup.fullmove_number = number
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::BadMoveNumber(number.to_owned()))?;
        }
        if let Some(extra) = rest.next() {
            return Err(FenError::Trailing(extra.to_owned()));
        }
        Ok(setup)
    }

    /// Canonical FEN of the setup.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::from_coords(file, rank).expect("file < 9 and rank < 10");
                match self.get(sq) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        let _ = write!(
            out,
            " {side} - - {} {}",
            self.halfmove_clock, self.fullmove_number
        );
        out
    }
}

impl Position {
    /// Read and validate a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Setup::from_fen(fen)?.into_position()?)
    }

    /// Read a FEN as a rule-book diagram may show it
    /// ([`Setup::into_position_with_warnings`]): a position play cannot reach (2.2, 1.2) is
    /// accepted, and [`Position::diagram_warnings`] tells what it breaks; what no diagram can
    /// show is refused as by [`Position::from_fen`].
    pub fn from_diagram_fen(fen: &str) -> Result<Position, FenError> {
        // The initial position, which most records name, is not read again.
        if fen == START_FEN {
            return Ok(Position::startpos());
        }
        Ok(Setup::from_fen(fen)?.into_position_with_warnings()?.0)
    }

    /// What the position shows that no game from the initial position reaches
    /// ([`Setup::warnings`]): empty for every position of play.
    pub fn diagram_warnings(&self) -> Vec<SetupWarning> {
        if self.initial_board() {
            return Vec::new();
        }
        self.to_setup().warnings()
    }

    /// Canonical FEN.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }
}
