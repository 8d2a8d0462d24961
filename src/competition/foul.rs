//! Fouls (犯規, art. 9.1): the eight clauses, and the foul of 7.1 found in a scoresheet.

use serde::{Deserialize, Serialize};

use crate::lang::Language;

/// A third foul in the same game loses it (4.1.8).
pub const FOULS_TO_LOSE: u32 = 3;

/// Every run of this many consecutive moves missing from a player's scoresheet is one foul (7.1).
pub const MISSING_MOVES_PER_FOUL: usize = 4;

/// The clauses of 9.1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoulClause {
    /// 9.1.1: questions without cause or other disturbance in the opponent's time.
    Disturbance,
    /// 9.1.2: stopping or starting the clock without leave (擅停、擅開棋鐘).
    ClockTampering,
    /// 9.1.3: offering a draw again after a refusal (提議作和經對方拒絕後，連續提出).
    RepeatedDrawOffer,
    /// 9.1.4: a natural-limit claim found untrue (提出自然限著和棋，經審核不屬實).
    FalseNaturalLimitClaim,
    /// 9.1.5: touching one's own piece that cannot move.
    TouchedImmovablePiece,
    /// 9.1.6: touching an enemy piece that no own piece can capture.
    TouchedUncapturablePiece,
    /// 9.1.7: more consecutive moves missing from the record than allowed (7.1).
    MissingRecord,
    /// 9.1.8: a minor breach of the players' duties (chapter 8).
    ConductBreach,
}

impl FoulClause {
    /// The eight clauses in article order.
    pub const ALL: [FoulClause; 8] = [
        FoulClause::Disturbance,
        FoulClause::ClockTampering,
        FoulClause::RepeatedDrawOffer,
        FoulClause::FalseNaturalLimitClaim,
        FoulClause::TouchedImmovablePiece,
        FoulClause::TouchedUncapturablePiece,
        FoulClause::MissingRecord,
        FoulClause::ConductBreach,
    ];

    /// The article number, `9.1.1` … `9.1.8`.
    pub fn article(self) -> &'static str {
        match self {
            FoulClause::Disturbance => "9.1.1",
            FoulClause::ClockTampering => "9.1.2",
            FoulClause::RepeatedDrawOffer => "9.1.3",
            FoulClause::FalseNaturalLimitClaim => "9.1.4",
            FoulClause::TouchedImmovablePiece => "9.1.5",
            FoulClause::TouchedUncapturablePiece => "9.1.6",
            FoulClause::MissingRecord => "9.1.7",
            FoulClause::ConductBreach => "9.1.8",
        }
    }

    /// The clause with article number `article`.
    pub fn from_article(article: &str) -> Option<FoulClause> {
        FoulClause::ALL.into_iter().find(|c| c.article() == article)
    }

    /// What the clause forbids, for menus and the result sheet.
    pub fn description(self, lang: Language) -> &'static str {
        match self {
            FoulClause::Disturbance => lang.pick(
                "disturbing the opponent during the opponent's time",
                "在对方走棋时间内无故提出问题或干扰对方",
                "在對方走棋時間內無故提出問題或干擾對方",
            ),
            FoulClause::ClockTampering => lang.pick(
                "stopping or starting the clock without leave",
                "擅停、擅开棋钟",
                "擅停、擅開棋鐘",
            ),
            FoulClause::RepeatedDrawOffer => lang.pick(
                "offering a draw again after a refusal",
                "提议作和经对方拒绝后连续提出",
                "提議作和經對方拒絕後連續提出",
            ),
            FoulClause::FalseNaturalLimitClaim => lang.pick(
                "claiming the natural move limit when it was not reached",
                "提出自然限着和棋，经审核不属实",
                "提出自然限著和棋，經審核不屬實",
            ),
            FoulClause::TouchedImmovablePiece => lang.pick(
                "touching an own piece that cannot move",
                "摸触了己方不可能走动的棋子",
                "摸觸了己方不可能走動的棋子",
            ),
            FoulClause::TouchedUncapturablePiece => lang.pick(
                "touching an enemy piece that no own piece can capture",
                "摸触了对方的棋子，而己方的任何棋子都无法吃掉它",
                "摸觸了對方的棋子，而己方的任何棋子都無法吃掉它",
            ),
            FoulClause::MissingRecord => lang.pick(
                "moves missing from the player's record beyond the limit",
                "连续漏记着数超过规定",
                "連續漏記著數超過規定",
            ),
            FoulClause::ConductBreach => lang.pick(
                "a minor breach of the players' duties",
                "违反棋手须知中的有关规定，而情节尚不严重",
                "違反棋手須知中的有關規定，而情節尚不嚴重",
            ),
        }
    }
}

/// One ply on a player's own scoresheet (7.1: each player records both sides' moves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Written {
    /// The move is on the sheet.
    Yes,
    /// The move is missing.
    Missing,
    /// The move is missing, allowed because the player had under three minutes left (7.2); it
    /// neither counts towards nor breaks a run of missing moves.
    Deferred,
}

/// A run of consecutive moves missing from a scoresheet.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct RecordGap {
    /// Index (from 0) of the first missing ply of the run.
    pub first_ply: usize,
    /// Index of the last missing ply of the run.
    pub last_ply: usize,
    /// Plies missing in the run (deferred ones not counted).
    pub missing: usize,
    /// Fouls the run earns: one per four consecutive missing moves (7.1, 9.1.7).
    pub fouls: u32,
}

/// The gaps in one player's scoresheet, each with the fouls it earns (7.1: "每連續漏記4著，判犯規
/// 一次"). Every gap is listed, also those too short to be a foul, so a clerk can mark them.
pub fn record_gaps(sheet: &[Written]) -> Vec<RecordGap> {
    let mut gaps = Vec::new();
    let mut open: Option<RecordGap> = None;
    for (ply, written) in sheet.iter().enumerate() {
        match written {
            Written::Missing => {
                let gap = open.get_or_insert(RecordGap {
                    first_ply: ply,
                    last_ply: ply,
                    missing: 0,
                    fouls: 0,
                });
                gap.last_ply = ply;
                gap.missing += 1;
            }
            Written::Deferred => {}
            Written::Yes => gaps.extend(open.take()),
        }
    }
    gaps.extend(open);
    for gap in &mut gaps {
        gap.fouls = u32::try_from(gap.missing / MISSING_MOVES_PER_FOUL).unwrap_or(u32::MAX);
    }
    gaps
}

#[cfg(test)]
mod tests {
    use super::*;
    use Written::{Deferred as D, Missing as M, Yes as Y};

    #[test]
    fn four_consecutive_missing_moves_are_one_foul() {
        // 7.1: three missing is a gap but no foul; four is one foul.
        let gaps = record_gaps(&[Y, M, M, M, Y, M, M, M, M, Y]);
        assert_eq!(gaps.len(), 2);
        assert_eq!(
            (gaps[0].first_ply, gaps[0].missing, gaps[0].fouls),
            (1, 3, 0)
        );
        assert_eq!(
            (gaps[1].first_ply, gaps[1].last_ply, gaps[1].fouls),
            (5, 8, 1)
        );
    }

    #[test]
    fn every_further_four_is_another_foul() {
        // 7.1 "每連續漏記4著": eight in a row are two fouls, seven are one.
        assert_eq!(record_gaps(&[M; 8])[0].fouls, 2);
        assert_eq!(record_gaps(&[M; 7])[0].fouls, 1);
        assert!(record_gaps(&[Y; 5]).is_empty());
    }

    #[test]
    fn deferred_moves_under_three_minutes_do_not_count() {
        // 7.2: under three minutes a player may leave moves out; they neither count nor break.
        let gaps = record_gaps(&[M, M, D, D, D, M, Y]);
        assert_eq!(gaps.len(), 1);
        assert_eq!(
            (
                gaps[0].first_ply,
                gaps[0].last_ply,
                gaps[0].missing,
                gaps[0].fouls
            ),
            (0, 5, 3, 0)
        );
        assert_eq!(record_gaps(&[M, M, D, M, M])[0].fouls, 1);
    }

    #[test]
    fn clauses_by_article() {
        for (i, clause) in FoulClause::ALL.into_iter().enumerate() {
            assert_eq!(clause.article(), format!("9.1.{}", i + 1));
            assert_eq!(FoulClause::from_article(clause.article()), Some(clause));
        }
        assert_eq!(FoulClause::from_article("9.1.9"), None);
    }
}
