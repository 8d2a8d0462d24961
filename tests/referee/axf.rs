//! The referee under the Asian rules against the 152 published repetition cases
//! (`shared/data/referee/axf-cases.jsonl`: the WXF rule book's diagrams and Fairy-Stockfish's
//! tests), each judged at the third occurrence of its position.

use std::path::PathBuf;

use crate::common;

use qipu::ending::Outcome;
use qipu::referee::{Referee, RuleSet};
use qipu::rules::{Move, Position};

struct Case {
    id: String,
    fen: String,
    moves: Vec<Move>,
    expected: Outcome,
}

fn cases() -> Vec<Case> {
    let path = common::shared_path("data/referee/axf-cases.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        let expected = match v["expected"].as_str() {
            Some("red_wins") => Outcome::RedWins,
            Some("black_wins") => Outcome::BlackWins,
            Some("draw") => Outcome::Draw,
            _ => continue,
        };
        let Some(moves) = v["moves_to_third_occurrence"].as_array() else {
            continue;
        };
        out.push(Case {
            id: v["id"].as_str().expect("id").to_owned(),
            // One FEN carries Fairy-Stockfish's empty holdings "[]"; they mean nothing here.
            fen: v["fen"].as_str().expect("fen").replace("[]", ""),
            moves: moves
                .iter()
                .map(|m| Move::parse_iccs(m.as_str().expect("move")).expect("ICCS move"))
                .collect(),
            expected,
        });
    }
    out
}

/// The ids listed in `tests/data/referee-axf-disagreements.tsv` with the verdict this referee
/// gives; the file also says why the published verdict is not followed.
fn known_disagreements() -> Vec<(String, String)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/referee-axf-disagreements.tsv");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), 4, "id, expected, ours, reason: {l}");
            (fields[0].to_owned(), fields[2].to_owned())
        })
        .collect()
}

#[test]
fn asian_rules_agree_with_the_published_verdicts() {
    let referee = Referee::new(RuleSet::Asian);
    let cases = cases();
    assert_eq!(cases.len(), 150, "cases with a verdict and a cycle");
    let mut wrong = Vec::new();
    for case in &cases {
        let start = Position::from_fen(&case.fen).expect("valid FEN");
        let judgement = referee.judge(&start, &case.moves);
        let got = judgement
            .ruling
            .as_ref()
            .and_then(|r| r.ending())
            .map(|e| e.outcome);
        if got != Some(case.expected) {
            let ours = got.map_or("none", |r| r.name()).to_owned();
            wrong.push((case.id.clone(), ours));
            eprintln!("{} expected {:?} got {:?}", case.id, case.expected, got);
        }
    }
    eprintln!("{} of {} agree", cases.len() - wrong.len(), cases.len());
    assert_eq!(wrong, known_disagreements());
}
