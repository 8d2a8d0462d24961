//! The result of one board (14.1, 21.3, 21.4): played results and forfeits.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::rules::Color;

/// Points in half points, so that ½ stays exact (14.1: 1, ½, 0).
pub type Half = u32;

/// How one board ended, as the result sheet writes it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum BoardResult {
    /// `1-0`: Red won over the board.
    RedWins,
    /// `0-1`: Black won over the board.
    BlackWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `+-`: Black was absent, Red wins without play (21.4).
    RedForfeitWin,
    /// `-+`: Red was absent, Black wins without play (21.4).
    BlackForfeitWin,
    /// `--`: both absent or both late beyond the forfeit time (21.3): nobody scores.
    DoubleForfeit,
}

/// A result token that is not one of `1-0 0-1 1/2-1/2 +- -+ --`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a result; expected 1-0, 0-1, 1/2-1/2, +- (Red wins by forfeit), -+ (Black wins by forfeit) or -- (both forfeit)")]
pub struct BadResult(pub String);

impl BoardResult {
    /// Every result.
    pub const ALL: [BoardResult; 6] = [
        BoardResult::RedWins,
        BoardResult::BlackWins,
        BoardResult::Draw,
        BoardResult::RedForfeitWin,
        BoardResult::BlackForfeitWin,
        BoardResult::DoubleForfeit,
    ];

    /// The token: `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`.
    pub fn token(self) -> &'static str {
        match self {
            BoardResult::RedWins => "1-0",
            BoardResult::BlackWins => "0-1",
            BoardResult::Draw => "1/2-1/2",
            BoardResult::RedForfeitWin => "+-",
            BoardResult::BlackForfeitWin => "-+",
            BoardResult::DoubleForfeit => "--",
        }
    }

    /// Whether the game was played over the board (a forfeit was not: 21.4).
    pub fn played(self) -> bool {
        matches!(
            self,
            BoardResult::RedWins | BoardResult::BlackWins | BoardResult::Draw
        )
    }

    /// The half points `side` scores on this board (14.1; 21.4: `+` is a win, `−` nothing).
    pub fn half_points(self, side: Color) -> Half {
        match (self, side) {
            (BoardResult::Draw, _) => 1,
            (BoardResult::RedWins | BoardResult::RedForfeitWin, Color::Red)
            | (BoardResult::BlackWins | BoardResult::BlackForfeitWin, Color::Black) => 2,
            _ => 0,
        }
    }

    /// Whether `side` won (over the board or by forfeit).
    pub fn won(self, side: Color) -> bool {
        self.half_points(side) == 2
    }

    /// The mark for a crosstable cell from `side`'s view: `1`, `½`, `0`, `+`, `−`.
    pub fn mark(self, side: Color) -> &'static str {
        match (self.played(), self.half_points(side)) {
            (true, 2) => "1",
            (true, 1) => "½",
            (true, _) => "0",
            (false, 2) => "+",
            (false, _) => "−",
        }
    }
}

impl fmt::Display for BoardResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl FromStr for BoardResult {
    type Err = BadResult;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().replace(['−', '–'], "-").replace('½', "1/2");
        Ok(match t.as_str() {
            "1-0" => BoardResult::RedWins,
            "0-1" => BoardResult::BlackWins,
            "1/2-1/2" | "1/2" | "=" => BoardResult::Draw,
            "+-" | "+:-" => BoardResult::RedForfeitWin,
            "-+" | "-:+" => BoardResult::BlackForfeitWin,
            "--" | "-:-" | "0-0" => BoardResult::DoubleForfeit,
            _ => return Err(BadResult(s.to_owned())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back() {
        for r in BoardResult::ALL {
            assert_eq!(r.token().parse::<BoardResult>(), Ok(r));
        }
        assert!("2-0".parse::<BoardResult>().is_err());
    }

    /// 21.4 for a player: `+` counts 1 point (two halves), `−` counts 0, and neither is a game
    /// played; `--` gives nobody anything.
    #[test]
    fn forfeits_count_as_21_4_says() {
        let r: BoardResult = "+-".parse().unwrap();
        assert_eq!(r.half_points(Color::Red), 2);
        assert_eq!(r.half_points(Color::Black), 0);
        assert!(!r.played());
        assert_eq!((r.mark(Color::Red), r.mark(Color::Black)), ("+", "−"));
        let both: BoardResult = "--".parse().unwrap();
        assert_eq!(
            both.half_points(Color::Red) + both.half_points(Color::Black),
            0
        );
        let draw: BoardResult = "1/2-1/2".parse().unwrap();
        assert_eq!(draw.half_points(Color::Black), 1);
    }
}
