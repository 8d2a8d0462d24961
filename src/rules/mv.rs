//! A move: from one point to another. Text forms live in the notation module; here only ICCS.

use std::fmt;
use std::ops::Deref;

use super::square::Square;

/// A move from one point to another, written in ICCS as `h2e2`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point the piece arrives on.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parse ICCS: `h2e2`, also with upper case and a hyphen as in PGN (`H2-E2`).
    pub fn parse_iccs(text: &str) -> Option<Move> {
        let text = text.trim();
        let (from, to) = match text.len() {
            4 => (text.get(0..2)?, text.get(2..4)?),
            5 if text.as_bytes()[2] == b'-' => (text.get(0..2)?, text.get(3..5)?),
            _ => return None,
        };
        Some(Move::new(Square::parse(from)?, Square::parse(to)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Capacity of a [`MoveList`]. No position has more pseudo-legal moves than
/// 2 chariots × 17 + 2 cannons × 17 + 2 horses × 8 + 2 elephants × 4 + 2 advisors × 4
/// + general × 4 + 5 soldiers × 3 = 119.
pub const MAX_MOVES: usize = 128;

/// A list of moves held without allocation.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let corner = Square::from_coords(0, 0).expect("a0 is on the board");
        MoveList {
            len: 0,
            moves: [Move::new(corner, corner); MAX_MOVES],
        }
    }

    /// Append a move; the capacity bound above makes overflow impossible.
    #[inline(always)]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves, to reorder in place (the engine sorts them by promise).
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    #[inline(always)]
    pub(crate) fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.moves[i] = self.moves[self.len];
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
