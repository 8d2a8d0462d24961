//! Scores as engines report them: centipawns or mate in N moves, from the side to move, exact
//! or a bound; and the same seen from Red's side, written as PGN's `[%eval]` argument.

use std::fmt;

use crate::rules::Color;

/// How sure a score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bound {
    /// The score itself.
    #[default]
    Exact,
    /// At least this (`lowerbound`, a fail high).
    Lower,
    /// At most this (`upperbound`, a fail low).
    Upper,
}

/// The value of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    /// Centipawns (a soldier before the river is about 100).
    Centipawns(i32),
    /// Mate in `moves` moves; `mating` says whether the side whose view it is gives it (else it
    /// is mated). `moves` 0: the mate is on the board.
    Mate {
        /// Moves to the mate.
        moves: u32,
        /// Whether the side whose view it is mates.
        mating: bool,
    },
}

/// A score with its bound, from one side's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoundedScore {
    /// The value.
    pub value: Value,
    /// Exact or a bound.
    pub bound: Bound,
}

/// Winning, drawing and losing chances in permille, as `info … wdl W D L` gives them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wdl {
    /// Wins per thousand.
    pub win: u32,
    /// Draws per thousand.
    pub draw: u32,
    /// Losses per thousand.
    pub loss: u32,
}

/// Centipawns that stand for a mate when scores are compared.
pub const MATE_CENTIPAWNS: i32 = 30_000;

impl Value {
    /// The value seen by the other side.
    pub fn flipped(self) -> Value {
        match self {
            Value::Centipawns(cp) => Value::Centipawns(-cp),
            Value::Mate { moves, mating } => Value::Mate {
                moves,
                mating: !mating,
            },
        }
    }

    /// The value of UCI's `score mate N`: N > 0 the mover mates in N, N ≤ 0 it is mated in -N.
    pub fn mate_in(n: i32) -> Value {
        Value::Mate {
            moves: n.unsigned_abs(),
            mating: n > 0,
        }
    }

    /// Centipawns for comparing: a mate in N is worth [`MATE_CENTIPAWNS`] less N.
    pub fn centipawns(self) -> i32 {
        match self {
            Value::Centipawns(cp) => cp,
            Value::Mate { moves, mating } => {
                let near = MATE_CENTIPAWNS - i32::try_from(moves.min(1000)).unwrap_or(1000);
                if mating {
                    near
                } else {
                    -near
                }
            }
        }
    }
}

impl BoundedScore {
    /// An exact score.
    pub fn exact(value: Value) -> BoundedScore {
        BoundedScore {
            value,
            bound: Bound::Exact,
        }
    }

    /// The score seen by the other side (a lower bound becomes an upper bound).
    pub fn flipped(self) -> BoundedScore {
        BoundedScore {
            value: self.value.flipped(),
            bound: match self.bound {
                Bound::Exact => Bound::Exact,
                Bound::Lower => Bound::Upper,
                Bound::Upper => Bound::Lower,
            },
        }
    }

    /// The score of `mover` (the side to move, whose view engines report) seen by Red.
    pub fn for_red(self, mover: Color) -> RedScore {
        RedScore(match mover {
            Color::Red => self,
            Color::Black => self.flipped(),
        })
    }
}

/// A score from Red's side. `Display` writes the argument of PGN's `[%eval]`: pawns with two
/// decimals (`0.35`, `-1.20`), mates as `#3` (Red mates in 3) or `#-3` (Black mates in 3),
/// `#0`/`#-0` for Black/Red already mated; a bound is marked `>=`/`<=` in front (never shown as
/// exact).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RedScore(pub BoundedScore);

impl RedScore {
    /// The position where `loser` is mated (or stalemated, which loses too: 4.1.3).
    pub fn mated(loser: Color) -> RedScore {
        BoundedScore::exact(Value::mate_in(0)).for_red(loser)
    }

    /// Centipawns from Red's side, for comparing and graphs.
    pub fn centipawns(self) -> i32 {
        self.0.value.centipawns()
    }

    /// Read the argument of `[%eval]` as [`RedScore`]'s `Display` writes it (`0.35`, `-1.2`,
    /// `#3`, `#-0`, `>=0.50`); `None` for anything else.
    pub fn parse(text: &str) -> Option<RedScore> {
        let text = text.trim();
        let (bound, rest) = if let Some(rest) = text.strip_prefix(">=") {
            (Bound::Lower, rest)
        } else if let Some(rest) = text.strip_prefix("<=") {
            (Bound::Upper, rest)
        } else {
            (Bound::Exact, text)
        };
        let value = if let Some(mate) = rest.strip_prefix('#') {
            let (mating, digits) = match mate.strip_prefix('-') {
                Some(digits) => (false, digits),
                None => (true, mate),
            };
            Value::Mate {
                moves: digits.parse().ok()?,
                mating,
            }
        } else {
            let pawns: f64 = rest.parse().ok()?;
            if !pawns.is_finite() || pawns.abs() > f64::from(MATE_CENTIPAWNS) / 100.0 {
                return None;
            }
            // Within ±300 pawns, so the rounded centipawns fit an i32.
            Value::Centipawns((pawns * 100.0).round() as i32)
        };
        Some(RedScore(BoundedScore { value, bound }))
    }
}

impl fmt::Display for RedScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.bound {
            Bound::Exact => {}
            Bound::Lower => f.write_str(">=")?,
            Bound::Upper => f.write_str("<=")?,
        }
        match self.0.value {
            Value::Mate { moves, mating } => {
                write!(f, "#{}{moves}", if mating { "" } else { "-" })
            }
            Value::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_from_reds_side_in_pawns() {
        let s = BoundedScore::exact(Value::Centipawns(35));
        assert_eq!(s.for_red(Color::Red).to_string(), "0.35");
        assert_eq!(s.for_red(Color::Black).to_string(), "-0.35");
        assert_eq!(
            BoundedScore::exact(Value::Centipawns(-120))
                .for_red(Color::Red)
                .to_string(),
            "-1.20"
        );
        assert_eq!(
            BoundedScore::exact(Value::Centipawns(-5))
                .for_red(Color::Red)
                .to_string(),
            "-0.05"
        );
        let mate = BoundedScore::exact(Value::mate_in(3));
        assert_eq!(mate.for_red(Color::Red).to_string(), "#3");
        assert_eq!(mate.for_red(Color::Black).to_string(), "#-3");
        assert_eq!(RedScore::mated(Color::Black).to_string(), "#0");
        assert_eq!(RedScore::mated(Color::Red).to_string(), "#-0");
        assert!(RedScore::mated(Color::Red).centipawns() < -20_000);
    }

    #[test]
    fn evals_read_back_as_they_are_written() {
        for text in [
            "0.35", "-1.20", "-0.05", "#3", "#-3", "#0", "#-0", ">=0.50", "<=-0.50",
        ] {
            let score = RedScore::parse(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(score.to_string(), text);
        }
        assert_eq!(
            RedScore::parse(" 1.5 ").map(RedScore::centipawns),
            Some(150)
        );
        for bad in ["", "#", "#x", "pawns", "NaN", "1e9", "inf"] {
            assert_eq!(RedScore::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_bound_is_never_shown_as_exact_and_turns_over_with_the_side() {
        let s = BoundedScore {
            value: Value::Centipawns(50),
            bound: Bound::Lower,
        };
        assert_eq!(s.for_red(Color::Red).to_string(), ">=0.50");
        assert_eq!(s.for_red(Color::Black).to_string(), "<=-0.50");
    }

    #[test]
    fn mates_outrank_any_material() {
        let m = Value::mate_in;
        assert!(m(5).centipawns() > Value::Centipawns(5000).centipawns());
        assert!(m(2).centipawns() > m(5).centipawns());
        assert!(m(-2).centipawns() < m(-5).centipawns());
        assert_eq!(m(4).flipped(), m(-4));
        assert_eq!(m(0).flipped().flipped(), m(0));
    }
}
