//! The log in words, for the arbiter's view of a game: who acted and what happened, with the
//! articles that apply.

use super::log::{CompetitionSettings, Occurrence};
use super::time::hms;
use crate::ending::cite;
use crate::lang::Language;
use crate::rules::Color;

/// Who an entry of the log is by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Actor {
    /// A player: moves, arrivals, offers, answers, claims.
    Side(Color),
    /// The arbiter (裁判): fouls, pauses, corrections, penalties.
    Arbiter,
    /// The clock itself: the start, a flag fall, the end of the game.
    Clock,
}

impl Actor {
    /// "Red", "Arbiter", "Clock" in `lang`.
    pub fn name(self, lang: Language) -> &'static str {
        match self {
            Actor::Side(side) => side.name(lang),
            Actor::Arbiter => lang.pick("Arbiter", "裁判", "裁判"),
            Actor::Clock => lang.pick("Clock", "棋钟", "棋鐘"),
        }
    }
}

impl Occurrence {
    /// Who the entry is by.
    pub fn actor(&self) -> Actor {
        match self {
            Occurrence::Arrival { side, .. }
            | Occurrence::Move { side, .. }
            | Occurrence::DrawOffer { side }
            | Occurrence::DrawRefused { side, .. }
            | Occurrence::DrawAccepted { side }
            | Occurrence::Claim { side, .. } => Actor::Side(*side),
            Occurrence::Foul { .. }
            | Occurrence::Penalty { .. }
            | Occurrence::Pause { .. }
            | Occurrence::Resume
            | Occurrence::Correction { .. } => Actor::Arbiter,
            Occurrence::Start { .. } | Occurrence::FlagFall { .. } | Occurrence::End { .. } => {
                Actor::Clock
            }
        }
    }

    /// What happened, in `lang`; a claim is explained with the finding under `settings`.
    pub fn describe(&self, settings: &CompetitionSettings, lang: Language) -> String {
        let en = lang == Language::English;
        // "text (art. 23.1)" / "text（第23.1条）"
        let cited = |text: String, article: &str| {
            let article = cite(&[article], lang);
            if en {
                format!("{text} ({article})")
            } else {
                format!("{text}（{article}）")
            }
        };
        let side = |c: &Color| c.name(lang);
        match self {
            Occurrence::Start { first, absent } => {
                let mut text = match lang {
                    Language::English => format!("clock started, {} to move", side(first)),
                    _ => format!(
                        "{}{}{}",
                        lang.pick("", "开始计时，", "開始計時，"),
                        side(first),
                        "先走"
                    ),
                };
                if !absent.is_empty() {
                    let names: Vec<&str> = absent.iter().map(side).collect();
                    text.push_str(lang.pick("; absent: ", "；缺席：", "；缺席："));
                    text.push_str(&names.join(lang.pick(", ", "、", "、")));
                }
                text
            }
            Occurrence::Arrival { late, .. } => cited(
                match lang {
                    Language::English => format!("arrives {} late", hms(*late)),
                    _ => format!("{}{}", lang.pick("", "迟到 ", "遲到 "), hms(*late)),
                },
                "21.2",
            ),
            Occurrence::Move {
                took, remaining, ..
            } => match lang {
                Language::English => format!("moves in {}, {} left", hms(*took), hms(*remaining)),
                _ => format!(
                    "{}{}{}{}",
                    lang.pick("", "走棋，用时 ", "走棋，用時 "),
                    hms(*took),
                    lang.pick("", "，余 ", "，剩 "),
                    hms(*remaining)
                ),
            },
            Occurrence::DrawOffer { .. } => cited(
                lang.pick("offers a draw", "提议和棋", "提議和棋")
                    .to_owned(),
                "23.1",
            ),
            Occurrence::DrawRefused { by_move, .. } => if *by_move {
                lang.pick(
                    "refuses the draw by moving",
                    "以走棋拒绝和棋",
                    "以走棋拒絕和棋",
                )
            } else {
                lang.pick("refuses the draw", "拒绝和棋", "拒絕和棋")
            }
            .to_owned(),
            Occurrence::DrawAccepted { .. } => cited(
                lang.pick("accepts the draw", "同意和棋", "同意和棋")
                    .to_owned(),
                "4.2.2",
            ),
            Occurrence::Claim {
                side: claimant,
                count,
                valid,
            } => {
                let finding = settings.natural_limit.judge(count, *claimant);
                let verdict = if *valid {
                    lang.pick("true", "属实", "屬實")
                } else {
                    lang.pick("not true", "不属实", "不屬實")
                };
                let mut text = match lang {
                    Language::English => format!(
                        "claims the natural move limit: {} of {} rounds without a capture, {verdict}",
                        finding.counted_rounds, finding.required
                    ),
                    _ => format!(
                        "{}{}{}{}{}{verdict}",
                        lang.pick("", "提出自然限着和棋：无吃子 ", "提出自然限著和棋：無吃子 "),
                        finding.counted_rounds,
                        lang.pick("", " 回合，规定 ", " 回合，規定 "),
                        finding.required,
                        lang.pick("", " 回合，", " 回合，"),
                    ),
                };
                if finding.checks_not_counted > 0 {
                    text.push_str(&match lang {
                        Language::English => {
                            format!(" ({} checks not counted)", finding.checks_not_counted)
                        }
                        _ => format!(
                            "（{} {}）",
                            finding.checks_not_counted,
                            lang.pick("", "次将军不计", "次將軍不計")
                        ),
                    });
                }
                cited(text, "23.3")
            }
            Occurrence::Foul {
                side: who,
                clause,
                note,
                count,
            } => {
                let mut text = match lang {
                    Language::English => format!(
                        "foul by {} ({}), {}: {}",
                        side(who),
                        ordinal(*count),
                        clause.article(),
                        clause.description(lang)
                    ),
                    _ => format!(
                        "{}{}{count}{} {}：{}",
                        side(who),
                        lang.pick("", "第", "第"),
                        lang.pick("", "次犯规", "次犯規"),
                        clause.article(),
                        clause.description(lang)
                    ),
                };
                if !note.is_empty() {
                    text.push_str(if en { " — " } else { "——" });
                    text.push_str(note);
                }
                text
            }
            Occurrence::Penalty {
                side: who,
                amount,
                cause,
            } => cited(
                match lang {
                    Language::English => {
                        format!("{} added to {}'s clock", hms(*amount), side(who))
                    }
                    _ => format!(
                        "{}{}{}",
                        side(who),
                        lang.pick("", "棋钟加计 ", "棋鐘加計 "),
                        hms(*amount)
                    ),
                },
                cause.article(),
            ),
            Occurrence::Pause { reason } => {
                let mut text = lang.pick("clock paused", "暂停计时", "暫停計時").to_owned();
                if !reason.is_empty() {
                    text.push_str(if en { ": " } else { "：" });
                    text.push_str(reason);
                }
                cited(text, "22.4")
            }
            Occurrence::Resume => lang
                .pick("clock resumed", "继续计时", "繼續計時")
                .to_owned(),
            Occurrence::Correction {
                side: who,
                remaining,
                moves_made,
                note,
            } => {
                let mut text = match lang {
                    Language::English => format!(
                        "{}'s clock set to {}, {moves_made} moves made",
                        side(who),
                        hms(*remaining)
                    ),
                    _ => format!(
                        "{}{}{}{}{moves_made}{}",
                        side(who),
                        lang.pick("", "棋钟校正为 ", "棋鐘校正為 "),
                        hms(*remaining),
                        lang.pick("", "，已走 ", "，已走 "),
                        lang.pick("", " 着", " 著"),
                    ),
                };
                if !note.is_empty() {
                    text.push_str(if en { ": " } else { "：" });
                    text.push_str(note);
                }
                cited(text, "22.4")
            }
            Occurrence::FlagFall { side: who } => cited(
                match lang {
                    Language::English => format!("{}'s flag falls", side(who)),
                    _ => format!("{}{}", side(who), lang.pick("", "超时", "超時")),
                },
                "22.1",
            ),
            Occurrence::End { result } => result.describe(lang),
        }
    }
}

/// "1st", "2nd", "3rd", "4th" …
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::competition::{FoulClause, NoCaptureCount, Penalty, TimeControl};

    fn settings() -> CompetitionSettings {
        CompetitionSettings::new("6.4".parse::<TimeControl>().expect("6.4 is a preset"))
    }

    #[test]
    fn fouls_and_claims_read_with_their_articles() {
        let foul = Occurrence::Foul {
            side: Color::Black,
            clause: FoulClause::RepeatedDrawOffer,
            note: "second offer".into(),
            count: 2,
        };
        assert_eq!(foul.actor(), Actor::Arbiter);
        assert_eq!(
            foul.describe(&settings(), Language::English),
            "foul by Black (2nd), 9.1.3: offering a draw again after a refusal — second offer"
        );
        assert_eq!(
            foul.describe(&settings(), Language::SimplifiedChinese),
            "黑方第2次犯规 9.1.3：提议作和经对方拒绝后连续提出——second offer"
        );
        let claim = Occurrence::Claim {
            side: Color::Red,
            count: NoCaptureCount {
                plies: 30,
                red_checks: 12,
                black_checks: 0,
            },
            valid: false,
        };
        assert_eq!(claim.actor(), Actor::Side(Color::Red));
        // 15 rounds; of Red's twelve checking moves the two beyond ten are moves that do not
        // count (23.3): 28 plies, 14 rounds.
        assert_eq!(
            claim.describe(&settings(), Language::English),
            "claims the natural move limit: 14 of 60 rounds without a capture, not true \
             (2 checks not counted) (art. 23.3)"
        );
        assert_eq!(
            claim.describe(&settings(), Language::TraditionalChinese),
            "提出自然限著和棋：無吃子 14 回合，規定 60 回合，不屬實（2 次將軍不計）（第23.3條）"
        );
    }

    #[test]
    fn clock_events_name_the_side_and_the_time() {
        let penalty = Occurrence::Penalty {
            side: Color::Red,
            amount: Duration::from_secs(300),
            cause: Penalty::FalseClaim,
        };
        assert_eq!(
            penalty.describe(&settings(), Language::English),
            "0:05:00 added to Red's clock (art. 23.3)"
        );
        let correction = Occurrence::Correction {
            side: Color::Black,
            remaining: Duration::from_secs(240),
            moves_made: 12,
            note: "clock misread".into(),
        };
        assert_eq!(
            correction.describe(&settings(), Language::SimplifiedChinese),
            "黑方棋钟校正为 0:04:00，已走 12 着：clock misread（第22.4条）"
        );
        assert_eq!(
            Occurrence::Resume.actor().name(Language::English),
            "Arbiter"
        );
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
    }
}
