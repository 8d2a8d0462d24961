//! Moves in the engine's coordinates: files `a`–`i`, ranks from 0 (ICCS, Pikafish, UCCI) or
//! from 1 (Fairy-Stockfish under UCI, `h3e3` for ICCS `h2e2`, up to rank `10`).

use crate::rules::{Move, Square};

/// The rank numbering of an engine's moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RankBase {
    /// Ranks 0–9.
    Zero,
    /// Ranks 1–10.
    One,
}

impl RankBase {
    fn offset(self) -> u8 {
        match self {
            RankBase::Zero => 0,
            RankBase::One => 1,
        }
    }

    /// The engine's text for `mv`.
    pub fn write(self, mv: Move) -> String {
        format!("{}{}", self.point(mv.from), self.point(mv.to))
    }

    fn point(self, sq: Square) -> String {
        let file = char::from(b'a' + sq.file());
        format!("{file}{}", sq.rank() + self.offset())
    }

    /// The move the engine means by `text`, if the text is two points.
    pub fn read(self, text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        let second = bytes.iter().skip(1).position(|b| b.is_ascii_alphabetic())? + 1;
        let from = self.read_point(&text[..second])?;
        let to = self.read_point(&text[second..])?;
        Some(Move::new(from, to))
    }

    fn read_point(self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !('a'..='i').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        let rank = rank.checked_sub(self.offset())?;
        Square::from_coords(file as u8 - b'a', rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iccs(text: &str) -> Move {
        Move::parse_iccs(text).unwrap()
    }

    #[test]
    fn fairy_stockfish_uci_ranks_are_one_higher() {
        assert_eq!(RankBase::One.read("h3e3"), Some(iccs("h2e2")));
        assert_eq!(RankBase::One.read("b10c8"), Some(iccs("b9c7")));
        assert_eq!(RankBase::One.write(iccs("b9c7")), "b10c8");
        assert_eq!(
            RankBase::One.read("a0a1"),
            None,
            "no rank 0 when counting from one"
        );
        assert_eq!(RankBase::One.read("a11a1"), None);
    }

    #[test]
    fn zero_based_ranks_are_iccs() {
        assert_eq!(RankBase::Zero.read("h2e2"), Some(iccs("h2e2")));
        assert_eq!(RankBase::Zero.write(iccs("e9e8")), "e9e8");
        assert_eq!(RankBase::Zero.read("e10e9"), None);
        assert_eq!(RankBase::Zero.read("j1a1"), None);
        assert_eq!(RankBase::Zero.read("(none)"), None);
    }
}
