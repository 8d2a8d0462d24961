//! The incremental referee (`Referee::watch`) says after each move what `Referee::judge` says
//! of the line up to that move.

use qipu::lang::Language;
use qipu::notation::Notation;
use qipu::referee::{Judgement, Referee, RuleSet};
use qipu::rules::{Move, Position};

fn summary(j: &Judgement) -> String {
    format!(
        "{:?} {:?} {:?} {:?}",
        j.ruling
            .as_ref()
            .map(|r| (r.decision, r.ply, r.articles.clone())),
        j.warning.as_ref().map(|w| (w.ply, w.offender)),
        j.characters
            .iter()
            .map(|c| (c.ply, c.character))
            .collect::<Vec<_>>(),
        j.plies_without_capture
    )
}

fn agree(rules: RuleSet, fen: &str, moves: &str) -> usize {
    let start = Position::from_fen(fen).expect("valid FEN");
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| Move::parse_iccs(m).expect("move"))
        .collect();
    let referee = Referee::new(rules);
    let mut watch = referee.watch(&start);
    let mut rulings = 0;
    for n in 1..=moves.len() {
        let step = watch.push(moves[n - 1]);
        let whole = referee.judge(&start, &moves[..n]);
        assert_eq!(summary(&step), summary(&whole), "after {n} moves");
        rulings += usize::from(step.ruling.is_some() || step.warning.is_some());
    }
    rulings
}

#[test]
fn watch_agrees_with_judge_move_by_move() {
    // Perpetual check (細則 1): warning at ply 4... and the ruling at ply 8 stands afterwards.
    let n = agree(
        RuleSet::Cxa1999,
        "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1",
        "f4e4 e9f9 e4f4 f9e9 f4e4 e9f9 e4f4 f9e9 f4e4 e9f9",
    );
    assert!(n >= 5, "warnings and the ruling are reported: {n}");
    // A chase that must vary, then loses (細則 2).
    agree(
        RuleSet::Cxa1999,
        "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1",
        "g4f4 f9e9 f4g4 e9f9 g4f4 f9e9 f4g4 e9f9 g4f4 f9e9 f4g4 e9f9",
    );
    // The same line under the Asian rules: a draw.
    agree(
        RuleSet::Asian,
        "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1",
        "g4f4 f9e9 f4g4 e9f9 g4f4 f9e9 f4g4 e9f9 g4f4",
    );
}

#[test]
fn the_status_line_gets_the_last_move_and_the_second_occurrence_warning() {
    let referee = Referee::new(RuleSet::Cxa1999);
    let start = Position::from_fen("5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1").expect("valid FEN");
    let mut watch = referee.watch(&start);
    // 車三平四: a check, and nothing repeats yet.
    let j = watch.push(Move::parse_iccs("g4f4").expect("move"));
    assert!(j.ruling.is_none() && j.warning.is_none());
    assert_eq!(j.characters.len(), 1);
    assert_eq!(j.characters[0].character, qipu::referee::Character::Check);
    for m in ["f9e9", "f4g4", "e9f9"] {
        watch.push(Move::parse_iccs(m).expect("move"));
    }
    // The start position is back: the second occurrence is a warning naming the offender.
    let j = watch.judgement();
    let w = j.warning.expect("a warning at the second occurrence");
    assert_eq!((w.ply, w.offender), (4, Some(qipu::rules::Color::Red)));
    assert!(
        w.explanation.zh_hant.contains("一將一捉"),
        "{}",
        w.explanation.zh_hant
    );
    assert_eq!(j.characters.len(), 4, "the cycle's moves");
    assert_eq!(w.evidence.len(), 4);
    // The evidence is written in the notation the record is shown in, in plain English.
    let lines = |lang, notation: Notation| -> Vec<String> {
        w.evidence
            .iter()
            .map(|e| e.line(lang, &notation.into()))
            .collect()
    };
    assert_eq!(
        lines(Language::English, Notation::ChineseSimplified),
        [
            "Red 车三平四 checks Black's general (f9)",
            "Black 将６平５ is idle",
            "Red 车四平三 chases Black's horse (g7), unprotected",
            "Black 将５平６ is idle",
        ]
    );
    assert_eq!(
        lines(Language::English, Notation::Wxf)[2],
        "Red R4.3 chases Black's horse (g7), unprotected"
    );
    assert_eq!(
        lines(Language::TraditionalChinese, Notation::ChineseTraditional)[2],
        "紅 車四平三 捉 黑馬(g7) 無根"
    );
    assert_eq!(
        lines(Language::SimplifiedChinese, Notation::Iccs)[0],
        "红 g4f4 将 黑将(f9)"
    );
}
