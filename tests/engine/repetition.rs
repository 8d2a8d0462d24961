//! Repetitions in the built-in engine's search, scored as the referee rules them: a position
//! that stood on the board in the game is no draw the second time (24: the referee rules when it
//! has come round three times); a forbidden cycle is lost by the side that must vary when its
//! own move brings the position round (26.1, 26.4), and it varies when the other side's does.

use qipu::engine::{Control, Engine, Limits, Line, Options, Score};
use qipu::referee::RuleSet;
use qipu::rules::{Move, Position};

use crate::hu_yang::{self, AFTER_65, AFTER_75};

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).expect("ICCS move")
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(mv).collect()
}

/// The score of the position after `played` from `start` under `rules`, searched to `limits`.
fn score(rules: RuleSet, start: &Position, played: &[Move], limits: &Limits) -> Score {
    let line = Line::new(start.clone(), played.to_vec()).expect("a legal line");
    let mut engine = Engine::new(Options {
        rules,
        ..Options::default()
    });
    engine
        .think(&line, limits, &Control::new(false), &mut |_| {})
        .score
        .expect("an iteration finished")
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// Only `first` searched, to `depth`.
fn only(first: &str, depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        only: vec![mv(first)],
        ..Limits::default()
    }
}

#[test]
fn hu_ronghua_yang_guanlin_after_65_and_75_black_may_repeat_once_and_red_stays_ahead() {
    let (start, game) = hu_yang::game();
    for ply in [AFTER_65, AFTER_75] {
        // Black's reply in the game (車６平５, 車８平９) brings back the position of two moves
        // before: the second time it stands on the board.
        let reply = game[ply];
        assert_eq!(
            hu_yang::position_after(ply + 1).hash(),
            hu_yang::position_after(ply - 3).hash(),
            "ply {ply}"
        );
        for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
            // Red keeps about +4.7: from Black's side, far below a draw, whatever Black plays
            // and when Black repeats.
            let best = score(rules, start, &game[..ply], &nodes(300_000));
            assert!(
                matches!(best, Score::Centipawns(cp) if cp <= -300),
                "ply {ply}, {rules:?}: {best:?}"
            );
            let limits = Limits {
                only: vec![reply],
                ..nodes(300_000)
            };
            let repeating = score(rules, start, &game[..ply], &limits);
            assert!(
                matches!(repeating, Score::Centipawns(cp) if cp <= -300),
                "ply {ply}, {rules:?}, the repetition {reply}: {repeating:?}"
            );
        }
    }
}

/// 細則 1, 圖一: 車四平五 將５平６ / 車五平四 將６平５, Red checking on every move.
const FIGURE_1: &str = "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1";
const FIGURE_1_CYCLE: &str = "f4e4 e9f9 e4f4 f9e9";

#[test]
fn the_perpetual_checker_loses_when_its_own_check_brings_the_position_round() {
    let start = Position::from_fen(FIGURE_1).expect("FEN");
    let once = moves(FIGURE_1_CYCLE);
    let twice = moves(&format!("{FIGURE_1_CYCLE} {FIGURE_1_CYCLE}"));
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        // 26.1: Red must vary by the third time on these same positions, so checking round
        // again gains it nothing: the check that brings a position round loses.
        for played in [&once, &twice] {
            let score = score(rules, &start, played, &only("f4e4", 3));
            assert_eq!(score, Score::Mate(-1), "{rules:?}, {} plies", played.len());
        }
    }
}

#[test]
fn when_the_other_side_brings_the_position_round_the_checker_varies() {
    // Black's 將６平５ brings the start position round the second time, Red to move: Red
    // must not check on (26.1) and need not, a chariot up: it mates. (Scored as Red's loss at
    // once, Black's forced reply would look like a win.)
    let start = Position::from_fen(FIGURE_1).expect("FEN");
    let played = moves("f4e4 e9f9 e4f4");
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        let score = score(rules, &start, &played, &only("f9e9", 5));
        assert!(
            matches!(score, Score::Mate(n) if n < 0),
            "{rules:?}: {score:?}"
        );
    }
}

/// 細則 3, 圖三 (as in tests/referee/cxa_examples.rs): 馬二退一 車９平８ / 馬一進二 車８平９; Red
/// chases on every move, Black exchanges and chases: under CXA 1999 Red must vary (24.3,
/// 26.4); under the Asian rules a draw.
const FIGURE_3: &str = "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1";
const FIGURE_3_CYCLE: &str = "h6i4 i9h9 i4h6 h9i9";

#[test]
fn an_allowed_repetition_is_no_draw_the_second_time_and_a_draw_the_third() {
    let start = Position::from_fen(FIGURE_3).expect("FEN");
    let once = moves(FIGURE_3_CYCLE);
    let twice = moves(&format!("{FIGURE_3_CYCLE} {FIGURE_3_CYCLE}"));
    // Asian rules: 馬二退一 brings a position round the second time, no ruling yet (24): it
    // scores as if the cycle had not been played.
    let fresh = score(RuleSet::Asian, &start, &[], &only("h6i4", 4));
    let second = score(RuleSet::Asian, &start, &once, &only("h6i4", 4));
    assert_eq!(second, fresh);
    assert_ne!(fresh, Score::Centipawns(0));
    // The third time the Asian rules draw it (AXF: a chase of different pieces).
    let third = score(RuleSet::Asian, &start, &twice, &only("h6i4", 4));
    assert_eq!(third, Score::Centipawns(0));
    // CXA 1999: Red, the side that must vary, brings the position round with its own move.
    for played in [&once, &twice] {
        let cxa = score(RuleSet::Cxa1999, &start, played, &only("h6i4", 4));
        assert_eq!(cxa, Score::Mate(-1), "{} plies", played.len());
    }
}
