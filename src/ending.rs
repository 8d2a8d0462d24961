//! How a game ends (art. 4): who won, why (keyed by the article that says so), and after how
//! many plies — the one result type of Qipu.
//!
//! The board gives mate, stalemate and facing generals ([`crate::rules`]), the referee gives
//! repetitions, the natural limit and dead positions ([`crate::referee`]), the competition
//! controls give resignation, agreement, the flag, the third foul and forfeits
//! ([`crate::competition`]). The record's `Result` tag is derived from an [`Ending`]
//! ([`crate::record::Game::set_ending`]); the scoresheet, the status line, the clock and the
//! tournament read the same value.

use serde::{Deserialize, Serialize};

use crate::lang::Language;
use crate::rules::Color;

/// Who won: 紅勝, 黑勝, 和棋, or both forfeited (雙方棄權, 21.3).
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

    /// Read a PGN result token (`*` is no outcome: `None`).
    pub fn from_pgn(token: &str) -> Option<Outcome> {
        match token {
            "1-0" => Some(Outcome::RedWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" => Some(Outcome::Draw),
            "0-0" => Some(Outcome::BothForfeit),
            _ => None,
        }
    }

    /// Machine name: `red_wins`, `black_wins`, `draw`, `both_forfeit`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::RedWins => "red_wins",
            Outcome::BlackWins => "black_wins",
            Outcome::Draw => "draw",
            Outcome::BothForfeit => "both_forfeit",
        }
    }

    /// "Red wins" / "红方胜" / "紅方勝".
    pub fn headline(self, lang: Language) -> &'static str {
        match self {
            Outcome::RedWins => lang.pick("Red wins", "红方胜", "紅方勝"),
            Outcome::BlackWins => lang.pick("Black wins", "黑方胜", "黑方勝"),
            Outcome::Draw => lang.pick("Draw", "和棋", "和棋"),
            Outcome::BothForfeit => lang.pick("Both sides forfeit", "双方弃权", "雙方棄權"),
        }
    }
}

/// Why a game ended, each with the article of chapter 4 that gives the result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// 將死 (4.1.1).
    Checkmate,
    /// 走棋後形成帥將對面 (4.1.2).
    #[serde(alias = "flying_general")]
    GeneralsFacing,
    /// 困斃 (4.1.3).
    Stalemate,
    /// The moves due were not made in the time (超時, 4.1.4, 22.1).
    #[serde(alias = "time")]
    LossOnTime,
    /// Late beyond the forfeit time (遲到判負, 4.1.5, 21.1, 21.3): a forfeit.
    LateArrival,
    /// A move against the rules of movement (4.1.6).
    IllegalMove,
    /// Unilateral perpetual check (長將, 4.1.7, 24.1, 26.1).
    PerpetualCheck,
    /// A forbidden repetition not varied (應變著而不變, 4.1.7, 24.3, 26.4).
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
    #[serde(alias = "agreement")]
    AgreedDraw,
    /// Repetition with no side forbidden (不變作和, 4.2.3, 23.2).
    #[serde(alias = "repetition")]
    RepetitionDraw,
    /// Natural move limit without a capture (自然限著, 4.2.4, 23.3).
    NaturalLimit,
}

impl Reason {
    /// Every reason, in article order.
    pub const ALL: [Reason; 15] = [
        Reason::Checkmate,
        Reason::GeneralsFacing,
        Reason::Stalemate,
        Reason::LossOnTime,
        Reason::LateArrival,
        Reason::IllegalMove,
        Reason::PerpetualCheck,
        Reason::ForbiddenRepetition,
        Reason::ThreeFouls,
        Reason::Resignation,
        Reason::Misconduct,
        Reason::DeadPosition,
        Reason::AgreedDraw,
        Reason::RepetitionDraw,
        Reason::NaturalLimit,
    ];

    /// The articles of the rules that give this result.
    pub fn articles(self) -> &'static [&'static str] {
        match self {
            Reason::Checkmate => &["4.1.1"],
            Reason::GeneralsFacing => &["4.1.2"],
            Reason::Stalemate => &["4.1.3"],
            Reason::LossOnTime => &["4.1.4", "22.1"],
            Reason::LateArrival => &["4.1.5", "21"],
            Reason::IllegalMove => &["4.1.6"],
            Reason::PerpetualCheck => &["4.1.7", "24.1"],
            Reason::ForbiddenRepetition => &["4.1.7"],
            Reason::ThreeFouls => &["4.1.8"],
            Reason::Resignation => &["4.1.9"],
            Reason::Misconduct => &["4.1.10"],
            Reason::DeadPosition => &["4.2.1"],
            Reason::AgreedDraw => &["4.2.2", "23.1"],
            Reason::RepetitionDraw => &["4.2.3", "23.2"],
            Reason::NaturalLimit => &["4.2.4", "23.3"],
        }
    }

    /// Whether this reason ends a game in a draw (the others decide a winner; a late arrival of
    /// both sides is a double forfeit).
    pub fn is_draw(self) -> bool {
        matches!(
            self,
            Reason::DeadPosition
                | Reason::AgreedDraw
                | Reason::RepetitionDraw
                | Reason::NaturalLimit
        )
    }

    /// Machine name, as `qipu judge` prints it and files store it (the serde name).
    pub fn key(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::GeneralsFacing => "generals_facing",
            Reason::Stalemate => "stalemate",
            Reason::LossOnTime => "loss_on_time",
            Reason::LateArrival => "late_arrival",
            Reason::IllegalMove => "illegal_move",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::ForbiddenRepetition => "forbidden_repetition",
            Reason::ThreeFouls => "three_fouls",
            Reason::Resignation => "resignation",
            Reason::Misconduct => "misconduct",
            Reason::DeadPosition => "dead_position",
            Reason::AgreedDraw => "agreed_draw",
            Reason::RepetitionDraw => "repetition_draw",
            Reason::NaturalLimit => "natural_limit",
        }
    }

    /// The reason named `key` ([`Reason::key`]), or by the names records written before this
    /// version used (`flying_general`, `time`, `agreement`, `repetition`).
    pub fn from_key(key: &str) -> Option<Reason> {
        let legacy = match key {
            "flying_general" => Some(Reason::GeneralsFacing),
            "time" => Some(Reason::LossOnTime),
            "agreement" => Some(Reason::AgreedDraw),
            "repetition" => Some(Reason::RepetitionDraw),
            _ => None,
        };
        legacy.or_else(|| Reason::ALL.into_iter().find(|r| r.key() == key))
    }

    /// The clause of the sentence, for the losing side `loser` (`None` for draws).
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
                Reason::AgreedDraw => lang.pick(
                    "a draw was offered and accepted",
                    "一方提议作和，另一方同意",
                    "一方提議作和，另一方同意",
                ),
                Reason::RepetitionDraw => lang.pick(
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
        let side = l.name(lang);
        let (en, hans, hant) = match self {
            Reason::Checkmate => ("is checkmated", "被将死", "被將死"),
            Reason::GeneralsFacing => (
                "moved so that the generals face each other",
                "走棋后形成帅将对面",
                "走棋後形成帥將對面",
            ),
            Reason::Stalemate => ("has no legal move (stalemate)", "被困毙", "被困斃"),
            Reason::LossOnTime => (
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
            Reason::PerpetualCheck => ("gave perpetual check", "长将", "長將"),
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
            | Reason::AgreedDraw
            | Reason::RepetitionDraw
            | Reason::NaturalLimit => ("", "", ""),
        };
        match lang {
            Language::English => format!("{side} {en}"),
            _ => format!("{side}{}", lang.pick(en, hans, hant)),
        }
    }
}

/// The end of a game: who won, why, and after how many plies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Ending {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
    /// Plies completed when it ended (0 = before the first move).
    pub ply: u32,
}

impl Ending {
    /// `winner` wins for `reason` after `ply` plies.
    pub fn win(winner: Color, reason: Reason, ply: u32) -> Ending {
        Ending {
            outcome: Outcome::win(winner),
            reason,
            ply,
        }
    }

    /// A draw for `reason` after `ply` plies.
    pub fn draw(reason: Reason, ply: u32) -> Ending {
        Ending {
            outcome: Outcome::Draw,
            reason,
            ply,
        }
    }

    /// The side that lost, if one did.
    pub fn loser(&self) -> Option<Color> {
        self.outcome.winner().map(Color::opponent)
    }

    /// The sentence for the result sheet and the record: "Black wins: Red resigned (art.
    /// 4.1.9)."
    pub fn describe(&self, lang: Language) -> String {
        let headline = self.outcome.headline(lang);
        let clause = self.reason.clause(self.loser(), lang);
        let cited = cite(self.reason.articles(), lang);
        match lang {
            Language::English => format!("{headline}: {clause} ({cited})."),
            _ => format!("{headline}：{clause}（{cited}）。"),
        }
    }

    /// The short form shown where the record ends: "1-0 紅勝 · 黑方認輸".
    pub fn summary(&self, lang: Language) -> String {
        let clause = self.reason.clause(self.loser(), lang);
        format!(
            "{} {} · {clause}",
            self.outcome.pgn(),
            self.outcome.headline(lang)
        )
    }
}

/// "art. 4.1.4, 22.1" / "第4.1.4、22.1条" / "第4.1.4、22.1條".
pub fn cite(articles: &[&str], lang: Language) -> String {
    match lang {
        Language::English => format!("art. {}", articles.join(", ")),
        _ => format!("第{}{}", articles.join("、"), lang.pick("", "条", "條")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_the_loser_and_the_articles() {
        let r = Ending::win(Color::Black, Reason::LossOnTime, 0);
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
        let r = Ending::draw(Reason::AgreedDraw, 0);
        assert_eq!(
            r.describe(Language::English),
            "Draw: a draw was offered and accepted (art. 4.2.2, 23.1)."
        );
        let r = Ending {
            outcome: Outcome::BothForfeit,
            reason: Reason::LateArrival,
            ply: 0,
        };
        assert_eq!(
            r.describe(Language::TraditionalChinese),
            "雙方棄權：雙方遲到均超過判負時限（第4.1.5、21條）。"
        );
        let r = Ending::win(Color::Red, Reason::Resignation, 31);
        assert_eq!(
            r.summary(Language::TraditionalChinese),
            "1-0 紅方勝 · 黑方認輸"
        );
    }

    #[test]
    fn every_reason_has_text_and_a_key() {
        for reason in Reason::ALL {
            assert_eq!(Reason::from_key(reason.key()), Some(reason));
            let ending = if reason.is_draw() {
                Ending::draw(reason, 0)
            } else {
                Ending::win(Color::Red, reason, 0)
            };
            for lang in Language::ALL {
                let text = ending.describe(lang);
                assert!(!text.contains("：（") && !text.contains(": ("), "{text}");
            }
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.key()));
        }
    }

    #[test]
    fn names_of_earlier_records_still_read() {
        assert_eq!(Reason::from_key("time"), Some(Reason::LossOnTime));
        assert_eq!(
            Reason::from_key("flying_general"),
            Some(Reason::GeneralsFacing)
        );
        assert_eq!(Reason::from_key("agreement"), Some(Reason::AgreedDraw));
        assert_eq!(Reason::from_key("repetition"), Some(Reason::RepetitionDraw));
        let old: Reason = serde_json::from_str("\"time\"").unwrap();
        assert_eq!(old, Reason::LossOnTime);
    }

    #[test]
    fn pgn_tokens_round_trip() {
        for o in [
            Outcome::RedWins,
            Outcome::BlackWins,
            Outcome::Draw,
            Outcome::BothForfeit,
        ] {
            assert_eq!(Outcome::from_pgn(o.pgn()), Some(o));
        }
        assert_eq!(Outcome::from_pgn("*"), None);
    }
}
