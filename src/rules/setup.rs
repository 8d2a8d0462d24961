//! An unchecked arrangement of pieces (from FEN or a position editor), and the checks that make
//! it a [`Position`].

use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::Square;
use crate::lang::Language;

/// An arrangement of pieces with a side to move and clocks, not yet checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    board: [Option<Piece>; 90],
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// Round number, from 1.
    pub fullmove_number: u32,
}

/// Why a setup is not a legal position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// Each side has exactly one general (1.2).
    #[error("{0} has no general")]
    NoGeneral(Color),
    /// More pieces of a kind than a side starts with (1.2).
    #[error("{count} {color} {kind}s; a side has at most {max}")]
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: PieceKind,
        /// How many are on the board.
        count: u8,
        /// The most a side can have.
        max: u8,
    },
    /// A piece on a point it can never reach by the rules of movement (2.2).
    #[error("{piece} on {square}, a point it can never reach")]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Its point.
        square: Square,
    },
    /// The generals face each other on an open file (2.2).
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    /// The side that has just moved left its general attacked (4.1.6).
    #[error("{0} is in check but it is not {0}'s turn")]
    SideNotToMoveInCheck(Color),
}

/// What a rule-book diagram or a composed problem may show although no game from the initial
/// position reaches it: a piece on a point its movement never leads to (2.2: a soldier behind
/// its start, an advisor off the palace diagonals…), or more pieces of a kind than a side starts
/// with (1.2). Such a position is accepted for judging and analysis, with the warning.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupWarning {
    /// A piece on a point it can never reach by the rules of movement (2.2).
    #[error("{piece} on {square}, a point it can never reach in play (2.2)")]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Its point.
        square: Square,
    },
    /// More pieces of a kind (other than the general) than a side starts with (1.2).
    #[error("{count} {color} {kind}s, more than the {max} a side starts with (1.2)")]
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: PieceKind,
        /// How many are on the board.
        count: u8,
        /// The most a side starts with.
        max: u8,
    },
}

impl SetupWarning {
    /// The warning in a user's language: the position is taken as a diagram, and why play could
    /// not reach it.
    pub fn message(&self, lang: Language) -> String {
        let why = match *self {
            SetupWarning::Unreachable { piece, square } => {
                SetupError::Unreachable { piece, square }.message(lang)
            }
            SetupWarning::TooMany {
                color,
                kind,
                count,
                max,
            } => SetupError::TooMany {
                color,
                kind,
                count,
                max,
            }
            .message(lang),
        };
        format!(
            "{}{why}",
            lang.pick(
                "taken as a diagram that play cannot reach: ",
                "作为排局图式接受（实战不能形成）：",
                "作為排局圖式接受（實戰不能形成）：",
            )
        )
    }
}

impl SetupError {
    /// The reason in a user's language, naming the rule the setup breaks.
    pub fn message(&self, lang: Language) -> String {
        let side = |c: Color| c.name(lang);
        match self {
            // 1.2: each side has one general.
            SetupError::NoGeneral(c) => match c {
                Color::Red => lang.pick("Red has no general", "红方没有帅", "紅方沒有帥"),
                Color::Black => lang.pick("Black has no general", "黑方没有将", "黑方沒有將"),
            }
            .to_owned(),
            // 1.2: sixteen pieces a side.
            SetupError::TooMany {
                color,
                kind,
                count,
                max,
            } => match lang {
                Language::English => self.to_string(),
                _ => format!(
                    "{}{} {count} {} {max} {}",
                    side(*color),
                    kind_name(*kind, lang),
                    lang.pick("", "个，每方最多", "個，每方最多"),
                    lang.pick("", "个", "個")
                ),
            },
            // 2.2: where each piece can go.
            SetupError::Unreachable { piece, square } => {
                let why = match piece.kind {
                    PieceKind::General => lang.pick(
                        "the general stays in its palace",
                        "帅（将）不能走出九宫",
                        "帥（將）不能走出九宮",
                    ),
                    PieceKind::Advisor => lang.pick(
                        "an advisor stands only on the palace diagonals",
                        "仕（士）只能在九宫斜线上",
                        "仕（士）只能在九宮斜線上",
                    ),
                    PieceKind::Elephant => lang.pick(
                        "an elephant stands only on its seven points on its own side",
                        "相（象）只能在本方的七个点上",
                        "相（象）只能在本方的七個點上",
                    ),
                    _ => lang.pick(
                        "a soldier never stands behind its starting rank, nor beside its start before crossing the river",
                        "兵（卒）不能在起始位置之后，过河前也不能横移",
                        "兵（卒）不能在起始位置之後，過河前也不能橫移",
                    ),
                };
                match lang {
                    Language::English => format!("{piece} on {square}: {why}"),
                    _ => format!("{}{} {square}：{why}", side(piece.color), kind_name(piece.kind, lang)),
                }
            }
            // 2.2 (帥與將不准在同一直線上直接對面).
            SetupError::GeneralsFacing => lang
                .pick(
                    "the generals face each other on an open file; whoever is to move, the position cannot arise",
                    "帅与将在同一直线上直接对面，这样的局面不可能出现",
                    "帥與將在同一直線上直接對面，這樣的局面不可能出現",
                )
                .to_owned(),
            // 4.1.6: a side may not leave its general attacked.
            SetupError::SideNotToMoveInCheck(c) => match lang {
                Language::English => format!(
                    "{} is in check but {} is to move: the side to move is wrong, or the check cannot have arisen",
                    side(*c),
                    side(c.opponent())
                ),
                _ => format!(
                    "{}{}{}{}",
                    side(*c),
                    lang.pick("", "被将军，却轮到", "被將軍，卻輪到"),
                    side(c.opponent()),
                    lang.pick("", "走棋：走棋方不对", "走棋：走棋方不對")
                ),
            },
        }
    }
}

/// The name of a kind in Chinese (both sides' glyphs) or English.
pub fn kind_name(kind: PieceKind, lang: Language) -> &'static str {
    match kind {
        PieceKind::General => lang.pick("general", "帅（将）", "帥（將）"),
        PieceKind::Advisor => lang.pick("advisor", "仕（士）", "仕（士）"),
        PieceKind::Elephant => lang.pick("elephant", "相（象）", "相（象）"),
        PieceKind::Horse => lang.pick("horse", "马", "馬"),
        PieceKind::Chariot => lang.pick("chariot", "车", "車"),
        PieceKind::Cannon => lang.pick("cannon", "炮", "炮"),
        PieceKind::Soldier => lang.pick("soldier", "兵（卒）", "兵（卒）"),
    }
}

impl Setup {
    /// An empty board, Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            side: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The initial position of art. 1.3.
    pub fn startpos() -> Setup {
        use PieceKind::*;
        let mut setup = Setup::empty();
        let back = [
            Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot,
        ];
        for (file, &kind) in back.iter().enumerate() {
            let file = file as u8;
            setup.put(file, 0, Piece::new(Color::Red, kind));
            setup.put(file, 9, Piece::new(Color::Black, kind));
        }
        for file in [1, 7] {
            setup.put(file, 2, Piece::new(Color::Red, Cannon));
            setup.put(file, 7, Piece::new(Color::Black, Cannon));
        }
        for file in [0, 2, 4, 6, 8] {
            setup.put(file, 3, Piece::new(Color::Red, Soldier));
            setup.put(file, 6, Piece::new(Color::Black, Soldier));
        }
        setup
    }

    fn put(&mut self, file: u8, rank: u8, piece: Piece) {
        let sq = Square::from_coords(file, rank).expect("start squares are on the board");
        self.board[sq.index()] = Some(piece);
    }

    /// The piece on a point.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Put a piece on a point, or clear it.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Check the setup: one general each, no more of a kind than a side has, every piece on a
    /// point it can reach, generals not facing, the side not to move not in check.
    pub fn into_position(self) -> Result<Position, SetupError> {
        let mut counts = [[0u8; 8]; 2];
        let mut board = [0u8; 90];
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                if !reachable(piece, sq) {
                    return Err(SetupError::Unreachable { piece, square: sq });
                }
                counts[piece.color.index()][piece.kind as usize] += 1;
                board[sq.index()] = piece.code();
            }
        }
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let count = counts[color.index()][kind as usize];
                if count > kind.initial_count() {
                    return Err(SetupError::TooMany {
                        color,
                        kind,
                        count,
                        max: kind.initial_count(),
                    });
                }
            }
            if counts[color.index()][PieceKind::General as usize] == 0 {
                return Err(SetupError::NoGeneral(color));
            }
        }
        Position::from_validated_board(
            board,
            self.side,
            self.halfmove_clock,
            self.fullmove_number.max(1),
        )
    }
}

impl Setup {
    /// Check the setup as a rule-book diagram or a composed problem may show it: what no
    /// diagram can show is refused (a side without its general or with two, generals facing,
    /// the side not to move in check); pieces on points play never reaches (2.2) and more
    /// pieces of a kind than a side starts with are accepted, each with a [`SetupWarning`].
    pub fn into_position_with_warnings(self) -> Result<(Position, Vec<SetupWarning>), SetupError> {
        let mut counts = [[0u8; 8]; 2];
        let mut board = [0u8; 90];
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                counts[piece.color.index()][piece.kind as usize] += 1;
                board[sq.index()] = piece.code();
            }
        }
        for color in [Color::Red, Color::Black] {
            let generals = counts[color.index()][PieceKind::General as usize];
            if generals > 1 {
                return Err(SetupError::TooMany {
                    color,
                    kind: PieceKind::General,
                    count: generals,
                    max: 1,
                });
            }
            if generals == 0 {
                return Err(SetupError::NoGeneral(color));
            }
        }
        let warnings = self.warnings();
        let position = Position::from_validated_board(
            board,
            self.side,
            self.halfmove_clock,
            self.fullmove_number.max(1),
        )?;
        Ok((position, warnings))
    }

    /// What the arrangement shows that no game from the initial position reaches: pieces on
    /// points their movement never leads to (2.2), and more pieces of a kind (other than the
    /// general) than a side starts with (1.2). Empty for every position play can reach.
    pub fn warnings(&self) -> Vec<SetupWarning> {
        let mut warnings = Vec::new();
        let mut counts = [[0u8; 8]; 2];
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                if !reachable(piece, sq) {
                    warnings.push(SetupWarning::Unreachable { piece, square: sq });
                }
                counts[piece.color.index()][piece.kind as usize] += 1;
            }
        }
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let count = counts[color.index()][kind as usize];
                let max = kind.initial_count();
                if kind != PieceKind::General && count > max {
                    warnings.push(SetupWarning::TooMany {
                        color,
                        kind,
                        count,
                        max,
                    });
                }
            }
        }
        warnings
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

/// Whether a piece can ever stand on a point (1.1, 2.2): generals in the palace, advisors on its
/// five diagonal points, elephants on their seven points, soldiers not behind their start.
pub fn reachable(piece: Piece, sq: Square) -> bool {
    let (file, rank) = (sq.file(), sq.rank());
    // Ranks seen from the piece's own side: 0 = own back rank.
    let own_rank = match piece.color {
        Color::Red => rank,
        Color::Black => 9 - rank,
    };
    match piece.kind {
        PieceKind::General => sq.in_palace(piece.color),
        PieceKind::Advisor => {
            matches!((file, own_rank), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
        }
        PieceKind::Elephant => matches!(
            (file, own_rank),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        ),
        PieceKind::Soldier => own_rank >= 5 || (own_rank >= 3 && file % 2 == 0),
        PieceKind::Horse | PieceKind::Chariot | PieceKind::Cannon => true,
    }
}
