//! Words shared by panels, windows and the menus: the names of a move's marks and evaluations,
//! and English nouns counted (Chinese has no plural).

use crate::lang::Language;
use crate::record::{Evaluation, Mark};
use crate::rules::{Color, Piece, PieceKind};

/// `n` with the English noun for it, singular for one: `1 game`, `2 games`, `0 games`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The name of a mark for its tooltip and menu entry.
pub fn mark_name(mark: Mark, lang: Language) -> &'static str {
    match mark {
        Mark::Good => lang.pick("Good move", "好棋", "好棋"),
        Mark::Mistake => lang.pick("Mistake", "错着", "錯著"),
        Mark::Brilliant => lang.pick("Brilliant move", "妙着", "妙著"),
        Mark::Blunder => lang.pick("Blunder", "败着", "敗著"),
        Mark::Interesting => lang.pick("Interesting move", "值得考虑", "值得考慮"),
        Mark::Dubious => lang.pick("Dubious move", "值得怀疑", "值得懷疑"),
    }
}

/// The words for an evaluation.
pub fn evaluation_name(evaluation: Evaluation, lang: Language) -> &'static str {
    match evaluation {
        Evaluation::Equal => lang.pick("Equal", "均势", "均勢"),
        Evaluation::Unclear => lang.pick("Unclear", "难以判断", "難以判斷"),
        Evaluation::RedSlightlyBetter => lang.pick("Red slightly better", "红方稍好", "紅方稍好"),
        Evaluation::BlackSlightlyBetter => {
            lang.pick("Black slightly better", "黑方稍好", "黑方稍好")
        }
        Evaluation::RedBetter => lang.pick("Red better", "红方占优", "紅方佔優"),
        Evaluation::BlackBetter => lang.pick("Black better", "黑方占优", "黑方佔優"),
        Evaluation::RedWinning => lang.pick("Red winning", "红方胜势", "紅方勝勢"),
        Evaluation::BlackWinning => lang.pick("Black winning", "黑方胜势", "黑方勝勢"),
    }
}

/// A piece's name for the setup palette and the picture's notes: "Red chariot", 红车, 紅俥.
pub fn piece_name(piece: Piece, lang: Language) -> String {
    use PieceKind::*;
    let english = match piece.kind {
        General => "general",
        Advisor => "advisor",
        Elephant => "elephant",
        Horse => "horse",
        Chariot => "chariot",
        Cannon => "cannon",
        Soldier => "soldier",
    };
    let (hans, hant) = match (piece.color, piece.kind) {
        (Color::Red, General) => ("帅", "帥"),
        (Color::Red, Advisor) => ("仕", "仕"),
        (Color::Red, Elephant) => ("相", "相"),
        (Color::Red, Horse) => ("马", "傌"),
        (Color::Red, Chariot) => ("车", "俥"),
        (Color::Red, Cannon) => ("炮", "炮"),
        (Color::Red, Soldier) => ("兵", "兵"),
        (Color::Black, General) => ("将", "將"),
        (Color::Black, Advisor) => ("士", "士"),
        (Color::Black, Elephant) => ("象", "象"),
        (Color::Black, Horse) => ("马", "馬"),
        (Color::Black, Chariot) => ("车", "車"),
        (Color::Black, Cannon) => ("炮", "砲"),
        (Color::Black, Soldier) => ("卒", "卒"),
    };
    let side = piece.color.short_name(lang);
    match lang {
        Language::English => format!("{side} {english}"),
        Language::SimplifiedChinese => format!("{side}{hans}"),
        Language::TraditionalChinese => format!("{side}{hant}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "game", "games"), "1 game");
        assert_eq!(counted(0, "game", "games"), "0 games");
        assert_eq!(counted(2, "new puzzle", "new puzzles"), "2 new puzzles");
    }
}
