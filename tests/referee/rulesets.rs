//! Where the CXA 1999 rules and the Asian rules part ways, the same line judged under both.

use qipu::ending::{Outcome, Reason};
use qipu::referee::{Character, Decision, Judgement, Referee, RuleSet};
use qipu::rules::{Move, Position};

fn judge(rules: RuleSet, fen: &str, round: &str, rounds: usize, extra: usize) -> Judgement {
    let start = Position::from_fen(fen).expect("valid FEN");
    let cycle: Vec<Move> = round
        .split_whitespace()
        .map(|m| Move::parse_iccs(m).expect("move"))
        .collect();
    let moves: Vec<Move> = cycle
        .iter()
        .cycle()
        .take(cycle.len() * rounds + extra)
        .copied()
        .collect();
    Referee::new(rules).judge(&start, &moves)
}

fn outcome(j: &Judgement) -> (Decision, usize) {
    let r = j.ruling.as_ref().expect("a ruling");
    (r.decision, r.ply)
}

#[test]
fn check_and_chase_is_forbidden_under_cxa_only() {
    // 一將一捉 (25.2, 細則 2): Red checks, then attacks the lone horse.
    let fen = "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1";
    let round = "g4f4 f9e9 f4g4 e9f9";
    let cxa = judge(RuleSet::Cxa1999, fen, round, 3, 0);
    assert_eq!(
        outcome(&cxa),
        (
            Decision::Ends(Outcome::BlackWins, Reason::ForbiddenRepetition),
            12
        )
    );
    let asian = judge(RuleSet::Asian, fen, round, 2, 0);
    assert_eq!(
        outcome(&asian),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw), 8)
    );
}

#[test]
fn perpetual_mate_threat_is_forbidden_under_cxa_only() {
    // 長殺 (25.2, 28.11): the chariot on the eighth rank keeps a0-a9 mate ready on every move;
    // Black's horse shuffles.
    let fen = "4k4/1R7/9/9/9/9/9/9/9/R2K2n2 w - - 0 1";
    let round = "b8c8 g0i1 c8b8 i1g0";
    let cxa = judge(RuleSet::Cxa1999, fen, round, 2, 0);
    let r = cxa.ruling.as_ref().expect("a ruling");
    assert_eq!((r.decision), (Decision::MustVary));
    assert!(r
        .cycle
        .iter()
        .filter(|m| m.ply % 2 == 1)
        .all(|m| m.character == Character::MateThreat));
    let cxa = judge(RuleSet::Cxa1999, fen, round, 3, 0);
    assert_eq!(
        outcome(&cxa),
        (
            Decision::Ends(Outcome::BlackWins, Reason::ForbiddenRepetition),
            12
        )
    );
    let asian = judge(RuleSet::Asian, fen, round, 2, 0);
    assert_eq!(
        outcome(&asian),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw), 8)
    );
}

#[test]
fn general_with_horses_chases_under_cxa_only() {
    // 27.1, 細則 9 (圖十一 as built in the examples): the general steps next to the soldier its
    // horses attack. The Asian rules never count the general as a chaser.
    let fen = "5k3/9/9/9/9/9/9/1N1K3C1/4p3r/2N6 w - - 0 1";
    let round = "d2e2 e1d1 e2d2 d1e1";
    let cxa = judge(RuleSet::Cxa1999, fen, round, 3, 0);
    assert_eq!(
        outcome(&cxa),
        (
            Decision::Ends(Outcome::BlackWins, Reason::ForbiddenRepetition),
            12
        )
    );
    let asian = judge(RuleSet::Asian, fen, round, 2, 0);
    assert_eq!(
        outcome(&asian),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw), 8)
    );
}

#[test]
fn removing_a_protector_chases_under_cxa_only() {
    // WXF-153: the red soldier steps off and back onto the cannon's file, each time leaving the
    // black horse c1 unprotected. The WXF book rules against Red; the engines' reading of the
    // Asian rules (only new attacks chase) does not see it.
    let fen = "2ca1k3/4a4/b3b4/2P5P/6p2/1c7/9/B7N/2nR5/2BAK4 w - - 0 1";
    let round = "c6b6 e7c5 b6c6 c5e7";
    let cxa = judge(RuleSet::Cxa1999, fen, round, 3, 0);
    assert_eq!(
        outcome(&cxa),
        (
            Decision::Ends(Outcome::BlackWins, Reason::ForbiddenRepetition),
            12
        )
    );
    let asian = judge(RuleSet::Asian, fen, round, 2, 0);
    assert_eq!(
        outcome(&asian),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw), 8)
    );
}

#[test]
fn both_rule_sets_rule_perpetual_check_at_once() {
    let fen = "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1";
    let round = "f4e4 e9f9 e4f4 f9e9";
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        let j = judge(rules, fen, round, 2, 0);
        assert_eq!(
            outcome(&j),
            (
                Decision::Ends(Outcome::BlackWins, Reason::PerpetualCheck),
                8
            ),
            "{rules:?}"
        );
    }
}

#[test]
fn the_rule_set_is_stored_by_name() {
    assert_eq!(
        serde_json::to_string(&RuleSet::Cxa1999).expect("json"),
        "\"cxa1999\""
    );
    assert_eq!(
        serde_json::to_string(&RuleSet::Asian).expect("json"),
        "\"asian\""
    );
    let back: RuleSet = serde_json::from_str("\"asian\"").expect("json");
    assert_eq!(back, RuleSet::Asian);
    assert_eq!(RuleSet::default(), RuleSet::Cxa1999);
    assert_eq!("axf".parse::<RuleSet>(), Ok(RuleSet::Asian));
    assert!("fide".parse::<RuleSet>().is_err());
}
