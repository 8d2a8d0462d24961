//! What the cloud answers, as types: its moves with their scores, ranks, win rates and notes
//! (endgame-table results among them), its principal line, its score and its one move.
//!
//! Every score is in centipawns from the side to move's point of view, as the cloud gives it
//! (positive: the side to move stands better). The cloud writes a won or lost position as
//! 30000 less the plies to mate (or to the table's win) and gives no win rate there.

use crate::rules::Move;

/// Scores of at least this size (either sign) are wins or losses, not evaluations: the cloud
/// gives no win rate for them.
pub const DECISIVE: i32 = 10_000;

/// The score of a mate on the board; a won position scores this less the plies to it.
pub const MATE: i32 = 30_000;

/// The cloud's opinion of a move against the best one (`rank` in the reply; `!`, `*`, `?` at
/// the head of its note).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// `0`, `?`: worse than the best moves.
    Bad,
    /// `1`, `*`: good, a little below the best.
    Good,
    /// `2`, `!`: among the best.
    Best,
}

impl Rank {
    /// The number the cloud writes: 0, 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Rank::Bad => 0,
            Rank::Good => 1,
            Rank::Best => 2,
        }
    }

    /// The rank for the number the cloud writes.
    pub fn from_number(n: u8) -> Option<Rank> {
        match n {
            0 => Some(Rank::Bad),
            1 => Some(Rank::Good),
            2 => Some(Rank::Best),
            _ => None,
        }
    }

    /// The mark the cloud's notes start with: `!`, `*` or `?`.
    pub fn mark(self) -> char {
        match self {
            Rank::Bad => '?',
            Rank::Good => '*',
            Rank::Best => '!',
        }
    }
}

/// The result an endgame table gives the side to move after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// `W`: the side to move wins.
    Win,
    /// `D`: a draw.
    Draw,
    /// `L`: the side to move loses.
    Loss,
}

impl Outcome {
    /// The letter the cloud writes: `W`, `D` or `L`.
    pub fn letter(self) -> char {
        match self {
            Outcome::Win => 'W',
            Outcome::Draw => 'D',
            Outcome::Loss => 'L',
        }
    }
}

/// How an endgame table measures the way to its result (the `egtbmetric` option).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Metric {
    /// Distance to mate (`W-M-0025`): the table's steps to mate.
    Dtm {
        /// Steps (plies) to mate, as the table counts them.
        steps: u32,
    },
    /// Distance to conversion (`W-03-012`): the table's order and the steps to the next
    /// capture that keeps the result.
    Dtc {
        /// The order the table gives the result.
        order: u32,
        /// Steps (plies) to the conversion.
        steps: u32,
    },
}

/// An endgame table's verdict on a move, read from its note (`! (W-M-0025)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Endgame {
    /// Win, draw or loss for the side to move.
    pub outcome: Outcome,
    /// The distance to it.
    pub metric: Metric,
}

/// What a note says beyond the rank mark.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum NoteDetail {
    /// A book move's note, `! (12-05)`: how many replies to it the cloud knows, and how many of
    /// them are good; `None` where the cloud writes `??` (a move it has not scored).
    Book {
        /// Replies known after the move.
        replies: Option<u32>,
        /// Of those, the good ones.
        good: Option<u32>,
    },
    /// An endgame table's result and distance.
    Endgame(Endgame),
}

/// One of the cloud's moves in a position.
#[derive(Clone, PartialEq, Debug)]
pub struct CloudMove {
    /// The move, checked legal in the position asked.
    pub mv: Move,
    /// Centipawns from the side to move; `None` for a move the cloud lists but has not scored
    /// (`score:??`, with `showall`).
    pub score: Option<i32>,
    /// The cloud's rank of the move.
    pub rank: Rank,
    /// The side to move's chance of winning after the move, in percent (0–100); the cloud
    /// gives none for decisive scores or unscored moves.
    pub winrate: Option<f64>,
    /// The note as the cloud wrote it (`! (12-05)`, `* (W-M-0025)`).
    pub note: String,
    /// What the note says, read.
    pub detail: NoteDetail,
}

impl CloudMove {
    /// The endgame table's verdict, when the move's note is one.
    pub fn endgame(&self) -> Option<Endgame> {
        match self.detail {
            NoteDetail::Endgame(e) => Some(e),
            NoteDetail::Book { .. } => None,
        }
    }

    /// Plies to mate from the score, for a decisive score (30000 less the plies; negative
    /// when the side to move is mated).
    pub fn plies_to_mate(&self) -> Option<i32> {
        self.score.and_then(plies_to_mate)
    }
}

/// Plies to mate written in a decisive `score` (30000 less the plies; negative when the side to
/// move is the one mated); `None` for an evaluation.
pub fn plies_to_mate(score: i32) -> Option<i32> {
    if score.abs() < DECISIVE {
        return None;
    }
    let plies = MATE - score.abs();
    Some(if score > 0 { plies } else { -plies })
}

/// The cloud's principal line (`querypv`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pv {
    /// Centipawns from the side to move.
    pub score: i32,
    /// The depth the cloud gives (the length of the line it followed).
    pub depth: u32,
    /// The line, every move checked legal in turn.
    pub moves: Vec<Move>,
}

/// The cloud's one move (`querybest`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BestMove {
    /// A book move (`move:…`).
    Book(Move),
    /// A move from the endgame tables (`egtb:…`).
    Endgame(Move),
    /// No decisive move: the drawing moves to search among (`search:…|search:…`).
    Search(Vec<Move>),
}

impl BestMove {
    /// The move to play: the book or table move, or the first move to search.
    pub fn first(&self) -> Option<Move> {
        match self {
            BestMove::Book(m) | BestMove::Endgame(m) => Some(*m),
            BestMove::Search(moves) => moves.first().copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisive_scores_carry_the_plies_to_mate() {
        assert_eq!(plies_to_mate(29_975), Some(25));
        assert_eq!(plies_to_mate(-29_990), Some(-10));
        assert_eq!(plies_to_mate(9_999), None);
        assert_eq!(plies_to_mate(-35), None);
    }

    #[test]
    fn ranks_read_and_write_the_clouds_numbers_and_marks() {
        for n in 0..3 {
            let rank = Rank::from_number(n).expect("0 to 2 are ranks");
            assert_eq!(rank.number(), n);
        }
        assert_eq!(Rank::from_number(3), None);
        assert_eq!(Rank::Best.mark(), '!');
        assert_eq!(Rank::Good.mark(), '*');
        assert_eq!(Rank::Bad.mark(), '?');
    }
}
