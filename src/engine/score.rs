//! Scores: centipawns for the side to move, and the band of won and lost games near ±`MATE`
//! (mate, stalemate — a loss in Xiangqi, 4.1.3 — and repetitions lost by the rules).

/// Larger than any score.
pub(crate) const INFINITE: i32 = 32_000;
/// A game won at the root; a win in `n` plies scores `MATE - n`.
pub(crate) const MATE: i32 = 31_000;
/// Scores beyond this are wins or losses at a known distance.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;

/// A score as the protocol shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// The side to move wins in this many moves (its own), or loses in minus this many.
    Mate(i32),
}

impl Score {
    /// The protocol form of an internal score.
    pub(crate) fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score + 1) / 2))
        } else {
            Score::Centipawns(score)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline(always)]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The stored score seen from a node `ply` plies below the root.
#[inline(always)]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_are_counted_in_moves_of_the_winner() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
        // A move that loses at once by the rules (a forbidden repetition) is a loss in one.
        assert_eq!(Score::from_internal(-(MATE - 1)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
    }

    #[test]
    fn stored_mate_scores_keep_their_distance_from_the_node() {
        let at_node = MATE - 7;
        assert_eq!(from_tt(to_tt(at_node, 3), 5), MATE - 9);
        assert_eq!(from_tt(to_tt(120, 3), 5), 120);
    }
}
