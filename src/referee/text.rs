//! The referee's sentences in English, simplified and traditional Chinese.

use super::cycle::{CycleJudgement, CycleVerdict, PatternName, SidePattern};
use super::evidence::Evidence;
use super::NaturalLimit;
use super::{Decision, Ruling, Warning};
use crate::ending::{Outcome, Reason};
use crate::lang::Language;
use crate::notation::{write_move, Notation, Script, WriteOptions};
use crate::rules::{Color, IllegalReason, Move, Position};

/// One text in the three languages of the program.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Explanation {
    /// English.
    pub en: String,
    /// Simplified Chinese.
    pub zh_hans: String,
    /// Traditional Chinese.
    pub zh_hant: String,
}

impl Explanation {
    fn new(en: String, zh_hans: String, zh_hant: String) -> Explanation {
        Explanation {
            en,
            zh_hans,
            zh_hant,
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Language) -> &str {
        lang.pick(&self.en, &self.zh_hans, &self.zh_hant)
    }
}

/// A move in full Chinese notation, written with `writing`'s conventions (the tandem one).
fn chinese(pos: &Position, mv: Move, script: Script, writing: &WriteOptions) -> String {
    let notation = match script {
        Script::Simplified => Notation::ChineseSimplified,
        Script::Traditional => Notation::ChineseTraditional,
    };
    write_move(pos, mv, notation, writing)
}

fn side_en(c: Color) -> &'static str {
    c.name(Language::English)
}

fn side_zh(c: Color) -> (&'static str, &'static str) {
    (
        c.name(Language::SimplifiedChinese),
        c.name(Language::TraditionalChinese),
    )
}

fn ruling(
    decision: Decision,
    articles: Vec<&'static str>,
    ply: usize,
    side: Option<Color>,
    explanation: Explanation,
) -> Ruling {
    Ruling {
        decision,
        articles,
        ply,
        side,
        explanation,
        patterns: None,
        cycle: Vec::new(),
        evidence: Vec::new(),
    }
}

fn arts(articles: &[&str]) -> String {
    articles.join(", ")
}

/// 4.1.2, 4.1.6: an illegal move in the line, named in Chinese with `writing`'s conventions.
pub fn illegal_move(
    pos: &Position,
    mv: Move,
    why: IllegalReason,
    ply: usize,
    writing: &WriteOptions,
) -> Ruling {
    let side = pos.side_to_move();
    let (reason, article) = if why == IllegalReason::GeneralsFacing {
        (Reason::GeneralsFacing, "4.1.2")
    } else {
        (Reason::IllegalMove, "4.1.6")
    };
    let (hans, hant) = side_zh(side);
    let (whans, whant) = side_zh(side.opponent());
    let name_hans = chinese(pos, mv, Script::Simplified, writing);
    let name_hant = chinese(pos, mv, Script::Traditional, writing);
    ruling(
        Decision::Ends(Outcome::win(side.opponent()), reason),
        vec![article],
        ply,
        Some(side),
        Explanation::new(
            format!(
                "Move {ply}, {} {mv}, is illegal: {} ({article}). {} wins.",
                side_en(side),
                why.message(Language::English),
                side_en(side.opponent())
            ),
            format!(
                "第{ply}步{hans}{name_hans}违例：{}（{article}）。{whans}胜。",
                why.message(Language::SimplifiedChinese)
            ),
            format!(
                "第{ply}步{hant}{name_hant}違例：{}（{article}）。{whant}勝。",
                why.message(Language::TraditionalChinese)
            ),
        ),
    )
}

/// 4.1.1, 4.1.3: the side to move in `pos` is mated or stalemated.
pub fn mate(pos: &Position, ply: usize, reason: Reason) -> Ruling {
    let loser = pos.side_to_move();
    let winner = loser.opponent();
    let (lh, lt) = side_zh(loser);
    let (wh, wt) = side_zh(winner);
    let (article, en, hans, hant) = if reason == Reason::Checkmate {
        (
            "4.1.1",
            format!(
                "{}'s general is mated. {} wins.",
                side_en(loser),
                side_en(winner)
            ),
            format!("{lh}被将死，{wh}胜。"),
            format!("{lt}被將死，{wt}勝。"),
        )
    } else {
        (
            "4.1.3",
            format!(
                "{} has no legal move (stalemate, 困斃). {} wins.",
                side_en(loser),
                side_en(winner)
            ),
            format!("{lh}无子可动，被困毙，{wh}胜。"),
            format!("{lt}無子可動，被困斃，{wt}勝。"),
        )
    };
    ruling(
        Decision::Ends(Outcome::win(winner), reason),
        vec![article],
        ply,
        Some(loser),
        Explanation::new(
            format!("{en} ({article})"),
            format!("{hans}（{article}）"),
            format!("{hant}（{article}）"),
        ),
    )
}

/// 4.2.1: no chariot, horse, cannon or soldier is left.
pub fn dead_position(ply: usize) -> Ruling {
    ruling(
        Decision::Ends(Outcome::Draw, Reason::DeadPosition),
        vec!["4.2.1"],
        ply,
        None,
        Explanation::new(
            "Neither side can ever mate or stalemate the other with the material left (no chariot, horse or cannon; soldiers, if any, only on the enemy's back rank against a palace without advisors). Draw (4.2.1).".into(),
            "双方剩余子力均无取胜可能（无车马炮；兵卒若有，只在对方底线且对方无士），和棋（4.2.1）。".into(),
            "雙方剩餘子力均無取勝可能（無車馬砲；兵卒若有，只在對方底線且對方無士），和棋（4.2.1）。".into(),
        ),
    )
}

/// 4.2.4, 23.3: the natural limit is reached for the claimants.
pub fn natural_limit(ply: usize, limit: NaturalLimit, claimants: &[Color]) -> Ruling {
    let rounds = limit.rounds;
    let who_en = claimants
        .iter()
        .map(|&c| side_en(c))
        .collect::<Vec<_>>()
        .join(" and ");
    let who_hans = claimants
        .iter()
        .map(|&c| side_zh(c).0)
        .collect::<Vec<_>>()
        .join("、");
    let who_hant = claimants
        .iter()
        .map(|&c| side_zh(c).1)
        .collect::<Vec<_>>()
        .join("、");
    ruling(
        Decision::Ends(Outcome::Draw, Reason::NaturalLimit),
        vec!["4.2.4", "23.3"],
        ply,
        None,
        Explanation::new(
            match limit.check_cap {
                Some(cap) => format!(
                    "{rounds} rounds without a capture, counting at most {cap} checking moves of the claimant ({who_en}): draw by the natural limit (4.2.4, 23.3)."
                ),
                None => format!(
                    "{rounds} rounds without a capture ({who_en}): draw by the natural limit (4.2.4)."
                ),
            },
            match limit.check_cap {
                Some(cap) => format!("连续{rounds}回合双方均未吃子（提出方{who_hans}的将军最多计{cap}着），按自然限着作和（4.2.4、23.3）。"),
                None => format!("连续{rounds}回合双方均未吃子（{who_hans}），按自然限着作和（4.2.4）。"),
            },
            match limit.check_cap {
                Some(cap) => format!("連續{rounds}回合雙方均未吃子（提出方{who_hant}的將軍最多計{cap}著），按自然限著作和（4.2.4、23.3）。"),
                None => format!("連續{rounds}回合雙方均未吃子（{who_hant}），按自然限著作和（4.2.4）。"),
            },
        ),
    )
}

fn pattern_names(p: &SidePattern) -> (&'static str, &'static str, &'static str) {
    match p.name {
        PatternName::PerpetualCheck => ("perpetual check", "长将", "長將"),
        PatternName::PerpetualMateThreat => ("perpetual mate threat", "长杀", "長殺"),
        PatternName::PerpetualChase => ("perpetual chase", "长捉", "長捉"),
        PatternName::CheckAndMateThreat => ("check and mate threat", "一将一杀", "一將一殺"),
        PatternName::CheckAndChase => ("check and chase", "一将一捉", "一將一捉"),
        PatternName::MateThreatAndChase => ("mate threat and chase", "一杀一捉", "一殺一捉"),
        PatternName::AllAttacks => ("checks, mate threats and chases", "将杀捉", "將殺捉"),
        PatternName::Allowed => ("allowed moves", "允许着法", "允許著法"),
    }
}

fn patterns_text(patterns: &[SidePattern; 2]) -> (String, String, String) {
    let [r, b] = patterns;
    let (re, rh, rt) = pattern_names(r);
    let (be, bh, bt) = pattern_names(b);
    (
        format!("Red: {re}; Black: {be}"),
        format!("红方{rh}，黑方{bh}"),
        format!("紅方{rt}，黑方{bt}"),
    )
}

/// 24.2, 26.2, 26.3: the repetition is drawn.
pub fn repetition_draw(ply: usize, articles: Vec<&'static str>) -> Ruling {
    let a = arts(&articles);
    ruling(
        Decision::Ends(Outcome::Draw, Reason::RepetitionDraw),
        articles,
        ply,
        None,
        Explanation::new(
            format!("The position has come round three times and no side alone is at fault: draw ({a})."),
            format!("循环反复三次，双方不变作和（{a}）。"),
            format!("循環反復三次，雙方不變作和（{a}）。"),
        ),
    )
}

/// 24.1, 26.1, 24.3, 26.4: `side` loses the repetition.
pub fn repetition_loss(
    ply: usize,
    side: Color,
    reason: Reason,
    articles: Vec<&'static str>,
    pattern: &SidePattern,
) -> Ruling {
    let a = arts(&articles);
    let (pe, ph, pt) = pattern_names(pattern);
    let (sh, st) = side_zh(side);
    let (wh, wt) = side_zh(side.opponent());
    ruling(
        Decision::Ends(Outcome::win(side.opponent()), reason),
        articles,
        ply,
        Some(side),
        Explanation::new(
            format!(
                "{} repeats a forbidden pattern ({pe}) without varying and loses; {} wins ({a}).",
                side_en(side),
                side_en(side.opponent())
            ),
            format!("{sh}{ph}，不变作负，{wh}胜（{a}）。"),
            format!("{st}{pt}，不變作負，{wt}勝（{a}）。"),
        ),
    )
}

/// 24.3, 26.4: `side` must vary or lose when the cycle comes round again.
pub fn must_vary(
    ply: usize,
    side: Color,
    articles: Vec<&'static str>,
    pattern: &SidePattern,
) -> Ruling {
    let a = arts(&articles);
    let (pe, ph, pt) = pattern_names(pattern);
    let (sh, st) = side_zh(side);
    ruling(
        Decision::MustVary,
        articles,
        ply,
        Some(side),
        Explanation::new(
            format!(
                "{} plays a forbidden pattern ({pe}) against allowed moves and must vary; repeating the cycle once more loses ({a}).",
                side_en(side)
            ),
            format!("{sh}{ph}，对方为允许着法，{sh}必须变着，再重复一次循环即判负（{a}）。"),
            format!("{st}{pt}，對方為允許著法，{st}必須變著，再重復一次循環即判負（{a}）。"),
        ),
    )
}

/// A warning at the second occurrence of a position.
pub fn warning(ply: usize, judged: &CycleJudgement, evidence: Vec<Evidence>) -> Warning {
    let offender = match judged.verdict {
        CycleVerdict::Loses { side, .. } | CycleVerdict::MustVary { side, .. } => Some(side),
        CycleVerdict::Draw { .. } => None,
    };
    let (pe, ph, pt) = patterns_text(&judged.patterns);
    let (en, hans, hant) = match offender {
        Some(side) => {
            let (sh, st) = side_zh(side);
            (
                format!("The position repeats (second time). {pe}: {} must vary, or lose by the rules on repetition.", side_en(side)),
                format!("局面第二次重复。{ph}：{sh}须变着，否则按棋例判负。"),
                format!("局面第二次重復。{pt}：{st}須變著，否則按棋例判負。"),
            )
        }
        None => (
            format!("The position repeats (second time). {pe}: a third time would be a draw."),
            format!("局面第二次重复。{ph}：再循环一次即可判和。"),
            format!("局面第二次重復。{pt}：再循環一次即可判和。"),
        ),
    };
    Warning {
        ply,
        patterns: judged.patterns,
        offender,
        explanation: Explanation::new(en, hans, hant),
        evidence,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::TandemConvention;
    use crate::referee::Referee;

    /// Two red chariots on file 六, a black cannon behind them: the front one leaving the file
    /// uncovers the general (4.1.6). Only it can go to file 九 (a horse bars the rear one).
    const PINNED: &str = "3c1k3/9/9/9/3R5/9/9/2NR5/9/3K5 w - - 0 1";

    fn ruled(tandem: TandemConvention) -> Explanation {
        let pos = Position::from_fen(PINNED).expect("the test position");
        let mv = Move::parse_iccs("d5a5").expect("an ICCS move");
        let writing = WriteOptions {
            tandem,
            ..WriteOptions::default()
        };
        let judgement = Referee::default().with_writing(writing).judge(&pos, &[mv]);
        let ruling = judgement.ruling.expect("the illegal move is ruled");
        assert_eq!(
            ruling.decision,
            Decision::Ends(Outcome::BlackWins, Reason::IllegalMove)
        );
        ruling.explanation
    }

    #[test]
    fn an_illegal_move_is_named_in_the_tandem_convention_chosen() {
        let textbook = ruled(TandemConvention::FrontBack);
        assert!(
            textbook.zh_hans.contains("红方前车平九违例"),
            "{}",
            textbook.zh_hans
        );
        assert!(
            textbook.zh_hant.contains("紅方前車平九違例"),
            "{}",
            textbook.zh_hant
        );
        let by_file = ruled(TandemConvention::File);
        assert!(
            by_file.zh_hans.contains("红方车六平九违例"),
            "{}",
            by_file.zh_hans
        );
        assert!(
            by_file.zh_hant.contains("紅方車六平九違例"),
            "{}",
            by_file.zh_hant
        );
        // English names the move in ICCS, whatever the convention.
        assert_eq!(textbook.en, by_file.en);
        assert!(by_file.en.contains("d5a5"), "{}", by_file.en);
    }
}
