//! Words shared by panels, windows and the menus: the names of a move's marks and evaluations.

use crate::lang::Language;
use crate::record::{Evaluation, Mark};

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
