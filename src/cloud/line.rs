//! The game up to the position asked, with its rule set: what the referee needs to say which of
//! the cloud's moves would be a forbidden repetition in this game.
//!
//! The cloud knows positions, not games, and follows its own repetition rules; a move it
//! recommends may, after the moves played, repeat a position in a way the game's rules forbid
//! (CXA 1999 or the Asian rules). The referee judges that ([`crate::referee::Watch::forbids`]).

use crate::referee::{Referee, RuleSet, Watch};
use crate::rules::{Move, Position};

/// A move of a line that is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} of the line ({mv}) is not legal")]
pub struct IllegalLine {
    /// The move's number in the line, from 1.
    pub ply: usize,
    /// The move.
    pub mv: Move,
}

/// A start position, the moves played from it, and the rule set the game is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    start: Position,
    moves: Vec<Move>,
    rules: RuleSet,
    end: Position,
}

impl Line {
    /// The line `moves` from `start`, under `rules`; each move must be legal in turn.
    pub fn new(start: Position, moves: Vec<Move>, rules: RuleSet) -> Result<Line, IllegalLine> {
        let mut end = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            end = end.play(mv).map_err(|_| IllegalLine { ply: i + 1, mv })?;
        }
        Ok(Line {
            start,
            moves,
            rules,
            end,
        })
    }

    /// A position with no game before it: no move can repeat anything.
    pub fn position(position: Position) -> Line {
        Line {
            start: position.clone(),
            moves: Vec::new(),
            rules: RuleSet::default(),
            end: position,
        }
    }

    /// The position the line reaches: the one the cloud is asked about.
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The referee, having followed the line.
    pub(crate) fn watch(&self) -> Watch {
        Referee::new(self.rules).follow(&self.start, &self.moves)
    }
}

/// The legal moves of the line's last position that the referee would rule against.
pub(crate) fn forbidden_moves(line: &Line, watch: &Watch) -> Vec<Move> {
    if line.moves.is_empty() {
        return Vec::new();
    }
    line.end
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| watch.forbids(mv))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| Move::parse_iccs(m).expect("ICCS"))
            .collect()
    }

    #[test]
    fn perpetual_check_is_forbidden_to_the_checker() {
        // The red chariot checks from a9 and a8 in turn, the black general steps to and fro:
        // after two rounds, checking again from a9 brings the position after the first check
        // a third time (24.1, 26.1).
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").expect("FEN");
        let played = moves("a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9");
        let check_again = moves("a8a9")[0];
        for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
            let line = Line::new(start.clone(), played.clone(), rules).expect("legal");
            let watch = line.watch();
            assert!(watch.forbids(check_again), "{rules:?}");
            assert_eq!(forbidden_moves(&line, &watch), [check_again], "{rules:?}");
        }
        // Without the game before it, the same position forbids nothing.
        let end = Line::new(start, played, RuleSet::Cxa1999)
            .expect("legal")
            .end()
            .clone();
        let alone = Line::position(end);
        assert!(forbidden_moves(&alone, &alone.watch()).is_empty());
    }

    #[test]
    fn an_illegal_line_names_its_move() {
        let err = Line::new(Position::startpos(), moves("h2e2 h2e2"), RuleSet::Cxa1999);
        assert_eq!(
            err,
            Err(IllegalLine {
                ply: 2,
                mv: moves("h2e2")[0]
            })
        );
    }
}
