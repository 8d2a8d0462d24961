//! The two sides and the seven kinds of piece (art. 1.2).

use std::fmt;

use crate::lang::Language;

/// A side. Red moves first (art. 2.1). Serialised as `"red"` / `"black"`.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// 紅方
    Red = 0,
    /// 黑方
    Black = 1,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Rank step towards the opponent: +1 for Red, −1 for Black ("forward", 進).
    pub const fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }

    /// The side's name for people: "Red" / "红方" / "紅方", "Black" / "黑方". Every sentence
    /// that names a side takes it from here.
    pub fn name(self, lang: Language) -> &'static str {
        match self {
            Color::Red => lang.pick("Red", "红方", "紅方"),
            Color::Black => lang.pick("Black", "黑方", "黑方"),
        }
    }

    /// The side's one-character name where space is short (a piece's owner: 紅馬, 黑車):
    /// "Red" / "红" / "紅", "Black" / "黑".
    pub fn short_name(self, lang: Language) -> &'static str {
        match self {
            Color::Red => lang.pick("Red", "红", "紅"),
            Color::Black => lang.pick("Black", "黑", "黑"),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// The seven kinds of piece (art. 1.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帥/將
    General = 1,
    /// 仕/士
    Advisor = 2,
    /// 相/象
    Elephant = 3,
    /// 馬
    Horse = 4,
    /// 車
    Chariot = 5,
    /// 炮/砲
    Cannon = 6,
    /// 兵/卒
    Soldier = 7,
}

impl PieceKind {
    /// All kinds in order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// How many of this kind each side starts with (art. 1.2).
    pub const fn initial_count(self) -> u8 {
        match self {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    /// English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }

    /// FEN letter, upper case (K A B N R C P).
    pub const fn fen_letter(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    pub(crate) const fn from_code(code: u8) -> Option<PieceKind> {
        match code {
            1 => Some(PieceKind::General),
            2 => Some(PieceKind::Advisor),
            3 => Some(PieceKind::Elephant),
            4 => Some(PieceKind::Horse),
            5 => Some(PieceKind::Chariot),
            6 => Some(PieceKind::Cannon),
            7 => Some(PieceKind::Soldier),
            _ => None,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// Compact code used on the board: kind 1–7, plus 8 for Black; 0 is reserved for empty.
    pub(crate) const fn code(self) -> u8 {
        self.kind as u8 | ((self.color as u8) << 3)
    }

    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        match PieceKind::from_code(code & 7) {
            Some(kind) => Some(Piece {
                color: if code & 8 != 0 {
                    Color::Black
                } else {
                    Color::Red
                },
                kind,
            }),
            None => None,
        }
    }

    /// FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece a FEN letter stands for, accepting the variants found in the wild
    /// (`H` for horse, `E` for elephant).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        };
        Some(Piece { color, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}
