//! Mate by checks (殺, 28.2): whether the side to move can mate "in the next move by a check or
//! by continuous checks". The search tries only checking moves for the attacker and every legal
//! reply for the defender. It is bounded by work — the positions it may visit — not by a small
//! depth: mates of up to [`MateSearch::moves`] checking moves are looked for, shortest first,
//! until the budget is spent, and a search the budget stops says so ([`MateFinding::Cut`]).

use std::collections::HashMap;

use crate::rules::{Move, Position};

/// Bounds of the mate search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MateSearch {
    /// Most moves of the attacker in the mating line (1 = mate in one); a forced line of
    /// checks is narrow, so the budget of [`MateSearch::nodes`] is what bounds the work.
    pub moves: u8,
    /// Most positions the search may visit (a check made, a reply made) before it stops
    /// undecided.
    pub nodes: u32,
}

impl Default for MateSearch {
    fn default() -> MateSearch {
        MateSearch {
            moves: 9,
            nodes: 5_000,
        }
    }
}

/// What a mate search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateFinding {
    /// The first move of a mate by checks.
    Mate(Move),
    /// No mate by checks of up to [`MateSearch::moves`] checking moves.
    None,
    /// The budget ran out: no mate of up to `proved` checking moves, longer ones not decided.
    Cut(MateCut),
}

/// Where a mate search stopped undecided: the referee's evidence says so rather than calling
/// the move idle in silence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MateCut {
    /// Mates of up to this many checking moves were ruled out.
    pub proved: u8,
    /// The budget spent (positions visited).
    pub nodes: u32,
}

impl MateFinding {
    /// The first move of the mate found, if one was.
    pub fn mate(self) -> Option<Move> {
        match self {
            MateFinding::Mate(mv) => Some(mv),
            MateFinding::None | MateFinding::Cut(_) => None,
        }
    }

    /// Where the search stopped undecided, if it did.
    pub fn cut(self) -> Option<MateCut> {
        match self {
            MateFinding::Cut(cut) => Some(cut),
            MateFinding::Mate(_) | MateFinding::None => None,
        }
    }
}

impl MateSearch {
    /// The first move of a mate by checks for the side to move, if one is found within bounds.
    pub fn find(&self, pos: &Position) -> Option<Move> {
        self.search(pos).mate()
    }

    /// Look for a mate by checks for the side to move. Shorter mates are tried first
    /// (iterative deepening), so a short mate is never missed for want of budget; a level the
    /// budget does not let finish ends the search as [`MateFinding::Cut`].
    pub fn search(&self, pos: &Position) -> MateFinding {
        let mut walk = Walk {
            work: pos.clone(),
            budget: self.nodes,
            cut: false,
            deeper: false,
            refuted: HashMap::new(),
        };
        for moves in 1..=self.moves {
            walk.deeper = false;
            if let Some(mv) = walk.mate_by_checks(moves) {
                return MateFinding::Mate(mv);
            }
            if walk.cut {
                return MateFinding::Cut(MateCut {
                    proved: moves - 1,
                    nodes: self.nodes - walk.budget,
                });
            }
            if !walk.deeper {
                // Every line ended before the depth did (no check left, or every check
                // answered for good): a deeper search would walk the same tree.
                break;
            }
        }
        MateFinding::None
    }
}

/// One mate search: the working position, the budget left, and what the walk has met.
struct Walk {
    /// Moves are made and taken back on it; it is left as it was.
    work: Position,
    /// Positions the walk may still visit.
    budget: u32,
    /// The budget ran out before the answer was known: a `None` proves nothing.
    cut: bool,
    /// Some check on the last move allowed was no mate: a deeper search could go on from it.
    deeper: bool,
    /// Positions (the attacker to move) proved to have no mate by up to so many checks, or by
    /// any number ([`NO_MATE_AT_ALL`]): lines of checks meet the same positions again and again,
    /// and every deeper round walks the shallower one's tree.
    refuted: HashMap<u64, u8>,
}

/// In [`Walk::refuted`]: no mate however many checks are allowed (no line reached the depth).
const NO_MATE_AT_ALL: u8 = u8::MAX;

impl Walk {
    /// The first move of a mate by at most `moves` checking moves.
    fn mate_by_checks(&mut self, moves: u8) -> Option<Move> {
        let key = self.work.hash();
        if let Some(&proved) = self.refuted.get(&key) {
            if proved >= moves {
                // A proof short of every depth may have stopped at its depth: say so.
                self.deeper |= proved != NO_MATE_AT_ALL;
                return None;
            }
        }
        let outer = std::mem::replace(&mut self.deeper, false);
        let found = self.each_check(moves);
        if found.is_none() && !self.cut {
            let proved = if self.deeper { moves } else { NO_MATE_AT_ALL };
            self.refuted.insert(key, proved);
        }
        self.deeper |= outer;
        found
    }

    /// The checks of the side to move, each tried for a mate by at most `moves` checks.
    fn each_check(&mut self, moves: u8) -> Option<Move> {
        for &mv in self.work.checking_moves_in_place().iter() {
            if self.budget == 0 {
                self.cut = true;
                return None;
            }
            self.budget -= 1;
            let captured = self.work.make(mv);
            // On the last move only whether the check leaves a reply matters.
            let mates = if moves == 1 {
                let mated = !self.work.has_legal_move_in_place();
                self.deeper |= !mated;
                mated
            } else {
                self.every_reply_mated(moves - 1)
            };
            self.work.unmake(mv, captured);
            if mates {
                return Some(mv);
            }
            if self.cut {
                return None;
            }
        }
        None
    }

    /// Whether every reply to the check just made is mated by at most `moves` more checks.
    fn every_reply_mated(&mut self, moves: u8) -> bool {
        for &reply in self.work.legal_moves_in_place().iter() {
            if self.budget == 0 {
                self.cut = true;
                return false;
            }
            self.budget -= 1;
            let taken = self.work.make(reply);
            let answered = self.mate_by_checks(moves).is_none();
            self.work.unmake(reply, taken);
            if answered {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_28_2_mate_in_one_is_found() {
        // Two red chariots: a8 holds the eighth rank, b0-b9 mates.
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("FEN");
        assert_eq!(MateSearch::default().find(&pos), Move::parse_iccs("b0b9"));
    }

    #[test]
    fn art_28_2_mate_depends_on_the_whole_position() {
        // Black general d9; the red general on e0 takes the e-file from it, so Ra0-d0 mates.
        // With the red general on f0 the black general escapes to e9.
        let alone = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").expect("FEN");
        let one = MateSearch {
            moves: 1,
            nodes: 10_000,
        };
        assert_eq!(one.find(&alone), Move::parse_iccs("a0d0"));
        let no_general_help =
            Position::from_fen("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1").expect("FEN");
        assert_eq!(one.find(&no_general_help), None);
    }

    #[test]
    fn art_28_2_no_mate_without_checks() {
        let pos = Position::startpos();
        assert_eq!(MateSearch::default().search(&pos), MateFinding::None);
    }

    #[test]
    fn a_search_without_checks_or_with_a_short_mate_needs_little_budget() {
        // The opening position has no check at all: no line of checks, so no mate however many
        // checks are allowed, proved without spending the budget.
        let tight = MateSearch { moves: 9, nodes: 1 };
        assert_eq!(tight.search(&Position::startpos()), MateFinding::None);
        // A mate in one is found before a small budget runs out (shortest first).
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("FEN");
        let small = MateSearch {
            moves: 9,
            nodes: 40,
        };
        assert_eq!(
            small.search(&pos),
            MateFinding::Mate(Move::new(sq("b0"), sq("b9")))
        );
    }

    #[test]
    fn art_28_2_mates_by_seven_checks_are_found_within_the_default_bound() {
        // Positions of games of the CCPD archive that end in mate: the side to move mates by
        // seven consecutive checks and by no fewer.
        for (fen, first) in [
            (
                "4ka3/2Nna4/b3b4/p3p3p/9/1R7/P3P3n/2CC1A3/4K3c/2BA2r2 w - - 4 4",
                ("b4", "b9"),
            ),
            (
                "2b2k3/9/2Nab4/4C4/p8/4p1B2/Pn1r1c1RP/1c2C4/4A4/2BA1K3 w - - 13 46",
                ("h3", "h9"),
            ),
        ] {
            let pos = Position::from_fen(fen).expect("FEN");
            let found = MateSearch::default().search(&pos).mate();
            assert_eq!(found, Some(Move::new(sq(first.0), sq(first.1))), "{fen}");
            let six = MateSearch {
                moves: 6,
                nodes: 1_000_000,
            };
            assert_eq!(six.search(&pos), MateFinding::None, "{fen}");
        }
    }

    #[test]
    fn a_long_mate_the_budget_cuts_is_not_called_no_mate() {
        let pos =
            Position::from_fen("2b2k3/9/2Nab4/4C4/p8/4p1B2/Pn1r1c1RP/1c2C4/4A4/2BA1K3 w - - 13 46")
                .expect("FEN");
        let with = |nodes: u32| MateSearch { moves: 9, nodes }.search(&pos);
        // The least budget that finds the mate (the walk is the same for every budget, only
        // stopped sooner or later).
        let (mut short, mut enough) = (1, MateSearch::default().nodes);
        while enough - short > 1 {
            let mid = (short + enough) / 2;
            if with(mid).mate().is_some() {
                enough = mid;
            } else {
                short = mid;
            }
        }
        match with(enough - 1) {
            MateFinding::Cut(cut) => {
                assert_eq!(cut.nodes, enough - 1);
                assert!(cut.proved < 7, "{cut:?}");
            }
            other => panic!("one short of {enough}: expected a cut search, got {other:?}"),
        }
    }

    fn sq(name: &str) -> crate::rules::Square {
        crate::rules::Square::parse(name).expect("square")
    }
}
