//! How a game ended (art. 4): the outcome, the reason with its articles, and the time each side
//! used (10.1).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::time::Moment;
use crate::lang::Language;
use crate::rules::Color;

/// Who won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// 紅勝
    RedWins,
    /// 黑勝
    BlackWins,
    /// 和棋
    Draw,
    /// Both sides forfeited by lateness (雙方棄權, 21.3).
    BothForfeit,
}

impl Outcome {
    /// The outcome where `winner` wins.
    pub fn win(winner: Color) -> Outcome {
        match winner {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The winner, if one side won.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::RedWins => Some(Color::Red),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw | Outcome::BothForfeit => None,
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, and `0-0` for a double forfeit.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::BothForfeit => "0-0",
        }
    }

    fn headline(self, lang: Language) -> &'static str {
        match self {
            Outcome::RedWins => lang.pick("Red wins", "红方胜", "紅方勝"),
            Outcome::BlackWins => lang.pick("Black wins", "黑方胜", "黑方勝"),
            Outcome::Draw => lang.pick("Draw", "和棋", "和棋"),
            Outcome::BothForfeit => lang.pick("Both sides forfeit", "双方弃权", "雙方棄權"),
        }
    }
}

/// Why a game ended, each with the articles that say so.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// 將死 (4.1.1).
    Checkmate,
    /// 走棋後形成帥將對面 (4.1.2).
    FlyingGeneral,
    /// 困斃 (4.1.3).
    Stalemate,
    /// The moves due were not made in the time (超時, 4.1.4, 22.1).
    Time,
    /// Late beyond the forfeit time (遲到判負, 4.1.5, 21.1, 21.3).
    LateArrival,
    /// A move against the rules of movement (4.1.6).
    IllegalMove,
    /// A forbidden repetition not varied (應變著而不變, 4.1.7).
    ForbiddenRepetition,
    /// A third foul (三次犯規, 4.1.8).
    ThreeFouls,
    /// Resignation (認輸, 4.1.9).
    Resignation,
    /// Refusing the rules or serious misconduct (4.1.10).
    Misconduct,
    /// Neither side can win (4.2.1).
    DeadPosition,
    /// Draw offered and accepted (4.2.2, 23.1).
    Agreement,
    /// Repetition with no side forbidden (不變作和, 4.2.3, 23.2).
    Repetition,
    /// Natural move limit without a capture (自然限著, 4.2.4, 23.3).
    NaturalLimit,
}

impl Reason {
    /// Every reason, in article order.
    pub const ALL: [Reason; 14] = [
        Reason::Checkmate,
        Reason::FlyingGeneral,
        Reason::Stalemate,
        Reason::Time,
        Reason::LateArrival,
        Reason::IllegalMove,
        Reason::ForbiddenRepetition,
        Reason::ThreeFouls,
        Reason::Resignation,
        Reason::Misconduct,
        Reason::DeadPosition,
        Reason::Agreement,
        Reason::Repetition,
        Reason::NaturalLimit,
    ];

    /// The articles of the rules that give this result.
    pub fn articles(self) -> &'static [&'static str] {
        match self {
            Reason::Checkmate => &["4.1.1"],
            Reason::FlyingGeneral => &["4.1.2"],
            Reason::Stalemate => &["4.1.3"],
            Reason::Time => &["4.1.4", "22.1"],
            Reason::LateArrival => &["4.1.5", "21"],
            Reason::IllegalMove => &["4.1.6"],
            Reason::ForbiddenRepetition => &["4.1.7"],
            Reason::ThreeFouls => &["4.1.8"],
            Reason::Resignation => &["4.1.9"],
            Reason::Misconduct => &["4.1.10"],
            Reason::DeadPosition => &["4.2.1"],
            Reason::Agreement => &["4.2.2", "23.1"],
            Reason::Repetition => &["4.2.3", "23.2"],
            Reason::NaturalLimit => &["4.2.4", "23.3"],
        }
    }

    /// Whether this reason ends a game in a draw (the others decide a winner).
    pub fn is_draw(self) -> bool {
        matches!(
            self,
            Reason::DeadPosition | Reason::Agreement | Reason::Repetition | Reason::NaturalLimit
        )
    }

    /// The name used in files (`[%result 1-0 time …]`): the serde name.
    pub fn key(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::FlyingGeneral => "flying_general",
            Reason::Stalemate => "stalemate",
            Reason::Time => "time",
            Reason::LateArrival => "late_arrival",
            Reason::IllegalMove => "illegal_move",
            Reason::ForbiddenRepetition => "forbidden_repetition",
            Reason::ThreeFouls => "three_fouls",
            Reason::Resignation => "resignation",
            Reason::Misconduct => "misconduct",
            Reason::DeadPosition => "dead_position",
            Reason::Agreement => "agreement",
            Reason::Repetition => "repetition",
            Reason::NaturalLimit => "natural_limit",
        }
    }

    /// The reason named `key` (see [`Reason::key`]).
    pub fn from_key(key: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The clause of the sentence, for the losing side `loser` (ignored by draws).
    fn clause(self, loser: Option<Color>, lang: Language) -> String {
        let Some(l) = loser else {
            return match self {
                Reason::LateArrival => lang.pick(
                    "both sides arrived after the forfeit time",
                    "双方迟到均超过判负时限",
                    "雙方遲到均超過判負時限",
                ),
                Reason::DeadPosition => lang.pick(
                    "neither side can win",
                    "双方均无可能取胜",
                    "雙方均無可能取勝",
                ),
                Reason::Agreement => lang.pick(
                    "a draw was offered and accepted",
                    "一方提议作和，另一方同意",
                    "一方提議作和，另一方同意",
                ),
                Reason::Repetition => lang.pick(
                    "the moves repeated three times and neither side must vary",
                    "循环反复三次，不变作和",
                    "循環反復三次，不變作和",
                ),
                Reason::NaturalLimit => lang.pick(
                    "the natural limit of rounds without a capture was reached",
                    "符合自然限着的回合规定",
                    "符合自然限著的回合規定",
                ),
                _ => "",
            }
            .to_owned();
        };
        let side = side_name(l, lang);
        let (en, hans, hant) = match self {
            Reason::Checkmate => ("is checkmated", "被将死", "被將死"),
            Reason::FlyingGeneral => (
                "moved so that the generals face each other",
                "走棋后形成帅将对面",
                "走棋後形成帥將對面",
            ),
            Reason::Stalemate => ("has no legal move (stalemate)", "被困毙", "被困斃"),
            Reason::Time => (
                "did not complete the moves due in the time",
                "在规定的时限内未走满规定的着数",
                "在規定的時限內未走滿規定的著數",
            ),
            Reason::LateArrival => (
                "arrived after the forfeit time",
                "迟到超过判负时限",
                "遲到超過判負時限",
            ),
            Reason::IllegalMove => (
                "broke the rules of movement",
                "走棋违反行棋规定",
                "走棋違反行棋規定",
            ),
            Reason::ForbiddenRepetition => (
                "did not vary a forbidden repetition",
                "走棋违反禁例，应变着而不变",
                "走棋違反禁例，應變著而不變",
            ),
            Reason::ThreeFouls => (
                "committed a third foul in the game",
                "在同一棋局中三次犯规",
                "在同一棋局中三次犯規",
            ),
            Reason::Resignation => ("resigned", "认输", "認輸"),
            Reason::Misconduct => (
                "refused to follow the rules or seriously breached discipline",
                "拒绝遵守规则或严重违反纪律",
                "拒絕遵守規則或嚴重違反紀律",
            ),
            Reason::DeadPosition
            | Reason::Agreement
            | Reason::Repetition
            | Reason::NaturalLimit => ("", "", ""),
        };
        match lang {
            Language::English => format!("{side} {en}"),
            _ => format!("{side}{}", lang.pick(en, hans, hant)),
        }
    }
}

/// "Red" / "红方" / "紅方".
pub fn side_name(side: Color, lang: Language) -> &'static str {
    match side {
        Color::Red => lang.pick("Red", "红方", "紅方"),
        Color::Black => lang.pick("Black", "黑方", "黑方"),
    }
}

/// "art. 4.1.4, 22.1" / "第4.1.4、22.1条" / "第4.1.4、22.1條".
pub fn cite(articles: &[&str], lang: Language) -> String {
    match lang {
        Language::English => format!("art. {}", articles.join(", ")),
        _ => format!("第{}{}", articles.join("、"), lang.pick("", "条", "條")),
    }
}

/// Time each side used, for the result sheet (10.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TimeUsed {
    /// Red's clock.
    pub red: Duration,
    /// Black's clock.
    pub black: Duration,
}

impl TimeUsed {
    /// The time `side` used.
    pub fn of(&self, side: Color) -> Duration {
        match side {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}

/// The end of a game: outcome, reason, when, after how many plies, and the time used (10.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
    /// When the game ended (for a flag fall: the moment the time ran out).
    pub at: Moment,
    /// Plies completed when it ended.
    pub ply: u32,
    /// Time each side used.
    pub used: TimeUsed,
}

impl GameResult {
    /// The sentence for the result sheet: "Black wins: Red did not complete the moves due in the
    /// time (art. 4.1.4, 22.1)."
    pub fn describe(&self, lang: Language) -> String {
        let loser = self.outcome.winner().map(Color::opponent);
        let headline = self.outcome.headline(lang);
        let clause = self.reason.clause(loser, lang);
        let cited = cite(self.reason.articles(), lang);
        match lang {
            Language::English => format!("{headline}: {clause} ({cited})."),
            _ => format!("{headline}：{clause}（{cited}）。"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(outcome: Outcome, reason: Reason) -> GameResult {
        GameResult {
            outcome,
            reason,
            at: Moment::ZERO,
            ply: 0,
            used: TimeUsed::default(),
        }
    }

    #[test]
    fn sentences_name_the_loser_and_the_articles() {
        let r = result(Outcome::BlackWins, Reason::Time);
        assert_eq!(
            r.describe(Language::English),
            "Black wins: Red did not complete the moves due in the time (art. 4.1.4, 22.1)."
        );
        assert_eq!(
            r.describe(Language::SimplifiedChinese),
            "黑方胜：红方在规定的时限内未走满规定的着数（第4.1.4、22.1条）。"
        );
        assert_eq!(
            r.describe(Language::TraditionalChinese),
            "黑方勝：紅方在規定的時限內未走滿規定的著數（第4.1.4、22.1條）。"
        );
        let r = result(Outcome::Draw, Reason::Agreement);
        assert_eq!(
            r.describe(Language::English),
            "Draw: a draw was offered and accepted (art. 4.2.2, 23.1)."
        );
        let r = result(Outcome::BothForfeit, Reason::LateArrival);
        assert_eq!(
            r.describe(Language::TraditionalChinese),
            "雙方棄權：雙方遲到均超過判負時限（第4.1.5、21條）。"
        );
    }

    #[test]
    fn every_reason_has_text_and_a_key() {
        for reason in Reason::ALL {
            assert_eq!(Reason::from_key(reason.key()), Some(reason));
            let outcome = if reason.is_draw() {
                Outcome::Draw
            } else {
                Outcome::RedWins
            };
            for lang in Language::ALL {
                let text = result(outcome, reason).describe(lang);
                assert!(!text.contains("：（") && !text.contains(": ("), "{text}");
            }
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.key()));
        }
    }
}
