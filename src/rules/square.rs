//! Points of the board (art. 1.1): 9 files × 10 ranks, named in ICCS coordinates.

use std::fmt;

use super::piece::Color;

/// One of the 90 points of the board.
///
/// Index = `rank * 9 + file`; file 0–8 is `a`–`i` from Red's left, rank 0–9 counts from Red's
/// back rank (ICCS naming: Red's general starts on `e0`, Black's on `e9`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The square with this index, if it is on the board (0–89).
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Self::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0–8, Red's left to right) and `rank` (0–9, Red's side up).
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// Index 0–89.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0–8 (`a`–`i`), counted from Red's left.
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0–9, counted from Red's back rank.
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// Whether the square lies on `color`'s own side of the river (楚河漢界, art. 1.1).
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the square is inside `color`'s palace (九宮, art. 1.1).
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Every square, index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// Parse ICCS naming (`e0`, `H2`): a file letter and a rank digit.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let (f, r) = (chars.next()?, chars.next()?);
        if chars.next().is_some() {
            return None;
        }
        let f = f.to_ascii_lowercase();
        if !('a'..='i').contains(&f) {
            return None;
        }
        let r = r.to_digit(10)?;
        Square::from_coords(f as u8 - b'a', r as u8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}
