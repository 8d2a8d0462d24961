//! Move marks (`!`, `?`, …) and numeric annotation glyphs (NAGs, PGN `$n`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A judgement on a move, written after it: `!` good, `?` mistake, and so on.
///
/// In PGN the six marks are the NAGs `$1`…`$6`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Mark {
    /// `!` a good move (好棋).
    Good,
    /// `?` a mistake (错着).
    Mistake,
    /// `!!` a brilliant move (妙着).
    Brilliant,
    /// `??` a blunder (败着).
    Blunder,
    /// `!?` an interesting move (值得考虑).
    Interesting,
    /// `?!` a dubious move (值得怀疑).
    Dubious,
}

impl Mark {
    /// Every mark, in NAG order (`$1`…`$6`).
    pub const ALL: [Mark; 6] = [
        Mark::Good,
        Mark::Mistake,
        Mark::Brilliant,
        Mark::Blunder,
        Mark::Interesting,
        Mark::Dubious,
    ];

    /// The mark as written after a move.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Good => "!",
            Mark::Mistake => "?",
            Mark::Brilliant => "!!",
            Mark::Blunder => "??",
            Mark::Interesting => "!?",
            Mark::Dubious => "?!",
        }
    }

    /// Read a mark symbol (`!`, `??`, …).
    pub fn from_symbol(text: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.symbol() == text)
    }

    /// The PGN NAG number of the mark (1–6).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Good => 1,
            Mark::Mistake => 2,
            Mark::Brilliant => 3,
            Mark::Blunder => 4,
            Mark::Interesting => 5,
            Mark::Dubious => 6,
        }
    }

    /// The mark a NAG number stands for, if it is one of `$1`…`$6`.
    pub fn from_nag(nag: u8) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.nag() == nag)
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A judgement on the position after a move (PGN NAGs `$10`–`$19`); Red plays the part of
/// White in the chess convention.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Evaluation {
    /// `$10` `=` the position is equal (均势).
    Equal,
    /// `$13` `∞` unclear (难以判断).
    Unclear,
    /// `$14` `+=` Red is slightly better (红方稍好).
    RedSlightlyBetter,
    /// `$15` `=+` Black is slightly better (黑方稍好).
    BlackSlightlyBetter,
    /// `$16` `+/-` Red is better (红方占优).
    RedBetter,
    /// `$17` `-/+` Black is better (黑方占优).
    BlackBetter,
    /// `$18` `+-` Red is winning (红方胜势).
    RedWinning,
    /// `$19` `-+` Black is winning (黑方胜势).
    BlackWinning,
}

impl Evaluation {
    /// Every evaluation, from equal to decisive.
    pub const ALL: [Evaluation; 8] = [
        Evaluation::Equal,
        Evaluation::Unclear,
        Evaluation::RedSlightlyBetter,
        Evaluation::BlackSlightlyBetter,
        Evaluation::RedBetter,
        Evaluation::BlackBetter,
        Evaluation::RedWinning,
        Evaluation::BlackWinning,
    ];

    /// The PGN NAG number.
    pub fn nag(self) -> u8 {
        match self {
            Evaluation::Equal => 10,
            Evaluation::Unclear => 13,
            Evaluation::RedSlightlyBetter => 14,
            Evaluation::BlackSlightlyBetter => 15,
            Evaluation::RedBetter => 16,
            Evaluation::BlackBetter => 17,
            Evaluation::RedWinning => 18,
            Evaluation::BlackWinning => 19,
        }
    }

    /// The evaluation a NAG number stands for.
    pub fn from_nag(nag: u8) -> Option<Evaluation> {
        Evaluation::ALL.into_iter().find(|e| e.nag() == nag)
    }

    /// The sign written after the move (ASCII forms, readable in any font).
    pub fn symbol(self) -> &'static str {
        match self {
            Evaluation::Equal => "=",
            Evaluation::Unclear => "∞",
            Evaluation::RedSlightlyBetter => "+=",
            Evaluation::BlackSlightlyBetter => "=+",
            Evaluation::RedBetter => "+/-",
            Evaluation::BlackBetter => "-/+",
            Evaluation::RedWinning => "+-",
            Evaluation::BlackWinning => "-+",
        }
    }
}

/// What a user wrote about one node: comments, a mark and other NAGs.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Annotation {
    /// Text before the move, used where a variation opens with a comment (PGN `( {…} 3. …)`).
    /// Empty when absent. On the root it is unused: the root's `comment` is the game comment.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment_before: String,
    /// Text after the move; on the root, the comment before the first move. Empty when absent.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// The move's mark, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
    /// Other NAGs (PGN `$n`, other than the marks `$1`–`$6`), in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
}

/// A comment as records keep it: line ends as LF, no ASCII white space at either end (the
/// padding of `{ … }` and trailing line breaks carry no meaning; full-width spaces used as an
/// indent are text and stay).
pub fn clean_comment(text: &str) -> String {
    let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if trimmed.contains('\r') {
        trimmed.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        trimmed.to_owned()
    }
}

impl Annotation {
    /// True when nothing is written.
    pub fn is_empty(&self) -> bool {
        self.comment_before.is_empty()
            && self.comment.is_empty()
            && self.mark.is_none()
            && self.nags.is_empty()
    }

    /// The evaluation among the NAGs, if any (the first one written).
    pub fn evaluation(&self) -> Option<Evaluation> {
        self.nags.iter().find_map(|&n| Evaluation::from_nag(n))
    }

    /// Set or clear the evaluation, keeping the other NAGs in place.
    pub fn set_evaluation(&mut self, evaluation: Option<Evaluation>) {
        let at = self
            .nags
            .iter()
            .position(|&n| Evaluation::from_nag(n).is_some());
        self.nags.retain(|&n| Evaluation::from_nag(n).is_none());
        if let Some(evaluation) = evaluation {
            let at = at.unwrap_or(self.nags.len()).min(self.nags.len());
            self.nags.insert(at, evaluation.nag());
        }
    }

    /// Record a NAG: `$1`–`$6` set the mark (when none is set yet), others join `nags`.
    pub fn add_nag(&mut self, nag: u8) {
        match Mark::from_nag(nag) {
            Some(mark) if self.mark.is_none() => self.mark = Some(mark),
            _ => self.nags.push(nag),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_and_nags_round_trip() {
        for mark in Mark::ALL {
            assert_eq!(Mark::from_symbol(mark.symbol()), Some(mark));
            assert_eq!(Mark::from_nag(mark.nag()), Some(mark));
        }
        assert_eq!(Mark::from_symbol("!!"), Some(Mark::Brilliant));
        assert_eq!(Mark::from_symbol("?!"), Some(Mark::Dubious));
        assert_eq!(Mark::from_symbol("!!!"), None);
        assert_eq!(Mark::from_nag(7), None);
    }

    #[test]
    fn comments_are_cleaned_at_the_ends_only() {
        assert_eq!(clean_comment(" 好棋\r\n第二行\r\n"), "好棋\n第二行");
        assert_eq!(
            clean_comment("\u{3000}\u{3000}着法：红先胜"),
            "\u{3000}\u{3000}着法：红先胜"
        );
        assert_eq!(clean_comment("\r\n \t"), "");
    }

    #[test]
    fn an_evaluation_replaces_the_previous_one_and_keeps_other_nags() {
        let mut a = Annotation {
            nags: vec![22, 14, 36],
            ..Annotation::default()
        };
        assert_eq!(a.evaluation(), Some(Evaluation::RedSlightlyBetter));
        a.set_evaluation(Some(Evaluation::BlackWinning));
        assert_eq!(a.nags, vec![22, 19, 36]);
        a.set_evaluation(None);
        assert_eq!(a.nags, vec![22, 36]);
        a.set_evaluation(Some(Evaluation::Equal));
        assert_eq!(a.nags, vec![22, 36, 10]);
        for e in Evaluation::ALL {
            assert_eq!(Evaluation::from_nag(e.nag()), Some(e));
        }
        assert_eq!(Evaluation::from_nag(1), None);
    }

    #[test]
    fn nags_fill_the_mark_first() {
        let mut a = Annotation::default();
        a.add_nag(4);
        a.add_nag(1);
        a.add_nag(14);
        assert_eq!(a.mark, Some(Mark::Blunder));
        assert_eq!(a.nags, vec![1, 14]);
        assert!(!a.is_empty());
    }
}
