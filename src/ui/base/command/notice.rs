//! A message of the session for the status line (a move refused, whose turn it is), carried by
//! [`super::SessionCommand::Notify`]; what the app did (a save, a copy) is [`super::done::Done`].

use crate::formats::ReadWarning;
use crate::lang::Language;
use crate::rules::{Color, FenError, IllegalReason, Move};

/// A message for the status line, rendered in the language of the moment.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The game is over: a move was refused (it may go on as analysis). Shown beside the
    /// result or ruling, never in its place.
    GameOver,
    /// The game has a final result: a take-back was refused (Undo corrects the result). Shown
    /// beside the result or ruling, never in its place.
    TakeBackRefused,
    /// A move not in the record was played where the record goes on: it was added as a
    /// variation (Undo removes it).
    VariationAdded,
    /// The game goes on as a copy for analysis; the record keeps its result.
    Analysis,
    /// A move was refused.
    Illegal {
        /// The move tried.
        mv: Move,
        /// Why it is not allowed.
        reason: IllegalReason,
    },
    /// A piece of the side not to move was clicked: it is this side's move.
    TurnOf(Color),
    /// Pasted text was not a FEN position.
    BadFen(FenError),
    /// The game starts from a position only a diagram shows (2.2, 1.2), read or set up all
    /// the same.
    StartWarnings(Vec<ReadWarning>),
}

impl Notice {
    /// The sentence for the user.
    pub fn text(&self, lang: Language) -> String {
        match self {
            Notice::Illegal { mv, reason } => format!(
                "{} {mv}: {}",
                lang.pick("Illegal move", "不合规则的着法", "不合規則的著法"),
                reason.message(lang)
            ),
            Notice::TurnOf(side) => match (side, lang) {
                (Color::Red, Language::English) => "It is Red's move".to_owned(),
                (Color::Black, Language::English) => "It is Black's move".to_owned(),
                (Color::Red, Language::SimplifiedChinese) => "轮到红方走棋".to_owned(),
                (Color::Black, Language::SimplifiedChinese) => "轮到黑方走棋".to_owned(),
                (Color::Red, Language::TraditionalChinese) => "輪到紅方走棋".to_owned(),
                (Color::Black, Language::TraditionalChinese) => "輪到黑方走棋".to_owned(),
            },
            Notice::GameOver => lang
                .pick(
                    "No more moves: the game is over (Game › Continue as analysis)",
                    "不能再走：对局已结束（对局菜单可作为研究继续）",
                    "不能再走：對局已結束（對局選單可作為研究繼續）",
                )
                .to_owned(),
            Notice::TakeBackRefused => lang
                .pick(
                    "No take-back: the result is final (Undo corrects it)",
                    "不能悔棋：结果已定（撤销可更正）",
                    "不能悔棋：結果已定（復原可更正）",
                )
                .to_owned(),
            Notice::VariationAdded => lang
                .pick(
                    "A variation was added (Undo removes it)",
                    "已添加变着（撤销可删除）",
                    "已加入變著（復原可移除）",
                )
                .to_owned(),
            Notice::Analysis => lang
                .pick(
                    "A copy of the game for analysis: the moves you play are not part of the game",
                    "对局副本，供研究：所走着法不属于原对局",
                    "對局副本，供研究：所走著法不屬於原對局",
                )
                .to_owned(),
            Notice::BadFen(e) => format!(
                "{}: {}",
                lang.pick("Not a FEN position", "不是 FEN 局面", "不是 FEN 局面"),
                e.message(lang)
            ),
            Notice::StartWarnings(warnings) => warnings
                .iter()
                .map(|w| w.message(lang))
                .collect::<Vec<_>>()
                .join(lang.pick("; ", "；", "；")),
        }
    }

    /// True for a report of what was done (a variation added), not a refusal or a warning.
    pub fn is_confirmation(&self) -> bool {
        matches!(self, Notice::VariationAdded)
    }

    /// True for a refusal that leaves the result standing (a move or a take-back after the
    /// game ended): the status line keeps the ruling and its evidence, and says this beside it.
    pub fn beside_result(&self) -> bool {
        matches!(self, Notice::GameOver | Notice::TakeBackRefused)
    }
}
