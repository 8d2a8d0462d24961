//! Results of art. 4 read from the board, through `Referee::judge`. Results that are events
//! (resignation, agreement, time, fouls) are the competition controls' (tests/competition.rs).

use qipu::ending::{Outcome, Reason};
use qipu::referee::{Decision, Referee, RuleSet};
use qipu::rules::{Color, Move, Position};

fn line(moves: &str) -> Vec<Move> {
    moves
        .split_whitespace()
        .map(|m| Move::parse_iccs(m).expect("ICCS move"))
        .collect()
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).expect("valid FEN")
}

#[test]
fn art_4_1_1_checkmate_is_reported_at_its_ply() {
    // Two chariots: a0-a9 mates (the b8 chariot holds the eighth rank).
    let start = fen("4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    let j = Referee::default().judge(&start, &line("a0a9"));
    let r = j.ruling.expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::RedWins, Reason::Checkmate), 1)
    );
    assert_eq!(r.articles, vec!["4.1.1"]);
    assert!(r.explanation.zh_hant.contains("將死"));
}

#[test]
fn art_4_1_3_stalemate_loses() {
    // Black to move has no legal move and is not in check (困斃).
    let start = fen("3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1");
    let r = Referee::default()
        .judge(&start, &[])
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::RedWins, Reason::Stalemate), 0)
    );
}

#[test]
fn art_4_1_2_and_4_1_6_illegal_moves_in_a_record_are_reported() {
    let start = Position::startpos();
    // 2. ... the e-file soldier moves aside and the generals would face? Use a plain illegal
    // horse move instead: h0h2 is not a horse move.
    let r = Referee::default()
        .judge(&start, &line("h2e2 h9g7 h0h2"))
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::BlackWins, Reason::IllegalMove), 3)
    );
    assert_eq!(r.articles, vec!["4.1.6"]);
    // Generals facing: the last piece between them steps aside.
    let facing = fen("4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1");
    let r = Referee::default()
        .judge(&facing, &line("e5d5"))
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision),
        (Decision::Ends(Outcome::BlackWins, Reason::GeneralsFacing))
    );
    assert_eq!(r.articles, vec!["4.1.2"]);
}

#[test]
fn art_4_2_1_no_attacking_piece_left_is_a_draw() {
    // The red chariot takes the last black attacking piece... and nothing can win: here the last
    // chariot is taken by the black advisor.
    let start = fen("3ak4/4a4/9/9/9/9/9/9/9/3R1K3 w - - 0 1");
    let j = Referee::default().judge(&start, &line("d0d9 e8d9"));
    let r = j.ruling.expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::Draw, Reason::DeadPosition), 2)
    );
}

#[test]
fn art_4_2_1_a_soldier_on_the_back_rank_against_no_advisors_is_a_draw() {
    // The chariots are exchanged on e8; Red keeps only the soldier c9 on Black's back rank,
    // Black has no advisor: neither side can ever mate or stalemate the other.
    let start = fen("2P1k4/R3r4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let r = Referee::default()
        .judge(&start, &line("a8e8 e9e8"))
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::Draw, Reason::DeadPosition), 2)
    );
    // With an advisor in the black palace the soldier may still stalemate or mate: play goes on.
    let start = fen("2P1ka3/R3r4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let j = Referee::default().judge(&start, &line("a8e8 e9e8"));
    assert!(j.ruling.is_none(), "{:?}", j.ruling);
}

#[test]
fn art_4_2_4_natural_limit_counts_rounds_without_capture() {
    // Chariots shuffle without capturing; with a 2-round limit the draw comes at ply 4.
    let start = fen("r3k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    let moves = line("a0a1 a9a8 a1b1 a8b8 b1c1");
    let r = Referee::new(RuleSet::Cxa1999)
        .with_natural_limit(2)
        .judge(&start, &moves)
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::Draw, Reason::NaturalLimit), 4)
    );
    let none = Referee::new(RuleSet::Cxa1999).judge(&start, &moves);
    assert!(none.ruling.is_none());
}

/// A line without captures or repeated positions in which Red checks on every move: two red
/// chariots against the bare black general, found by a depth-first walk (Black is never left
/// without a move).
fn checking_walk(start: &Position, plies: usize) -> Vec<Move> {
    fn walk(pos: &Position, plies: usize, seen: &mut Vec<u64>, moves: &mut Vec<Move>) -> bool {
        if moves.len() == plies {
            return true;
        }
        let red = pos.side_to_move() == Color::Red;
        for m in pos.legal_moves().iter().copied() {
            if pos.is_capture(m) {
                continue;
            }
            let Ok(next) = pos.play(m) else { continue };
            if seen.contains(&next.hash())
                || (red && (!next.in_check() || next.legal_moves().is_empty()))
            {
                continue;
            }
            seen.push(next.hash());
            moves.push(m);
            if walk(&next, plies, seen, moves) {
                return true;
            }
            moves.pop();
        }
        false
    }
    let mut moves = Vec::new();
    assert!(
        walk(start, plies, &mut vec![start.hash()], &mut moves),
        "a checking walk exists"
    );
    moves
}

#[test]
fn art_23_3_claimant_checks_count_at_most_ten() {
    let start = fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1");
    let moves = checking_walk(&start, 22);
    // 11 red checks in 22 plies. With an 11-round limit, Red's claim counts 22 - 1 = 21 plies
    // and fails; Black (no checks) may claim at ply 22.
    let referee = Referee::new(RuleSet::Cxa1999).with_natural_limit(11);
    let r = referee.judge(&start, &moves).ruling.expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::Draw, Reason::NaturalLimit), 22)
    );
    assert!(r.explanation.en.contains("(Black)"), "{}", r.explanation.en);
    // Ten checks are counted in full: after 20 plies both sides could claim a 10-round limit.
    let referee = Referee::new(RuleSet::Cxa1999).with_natural_limit(10);
    let r = referee
        .judge(&start, &moves[..20])
        .ruling
        .expect("a ruling");
    assert_eq!(
        (r.decision, r.ply),
        (Decision::Ends(Outcome::Draw, Reason::NaturalLimit), 20)
    );
    assert!(
        r.explanation.en.contains("(Red and Black)"),
        "{}",
        r.explanation.en
    );
}
