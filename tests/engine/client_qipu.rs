//! The engine client against Qipu's own engine, `qipu uci`, on every system (on Windows, where
//! Fairy-Stockfish's tests are skipped, it is the engine the client is checked against): the
//! handshake, a search to a depth, a banned move, and the engine's pipes closed with it; and
//! reviews by several engines at once, the same on every run.

use std::sync::atomic::AtomicBool;

use qipu::engine_client::{
    accuracy, analyse_line, AnalysisSettings, EngineConfig, EnginePool, EngineProgram,
    ExternalEngine, Limit, MoveReview, Protocol, SearchRequest, Thresholds,
};
use qipu::record::Mark;
use qipu::referee::RuleSet;
use qipu::rules::{Color, Move, Position};

use crate::hu_yang::{self, AFTER_65, AFTER_75};

fn config() -> EngineConfig {
    EngineConfig {
        program: EngineProgram::Path {
            path: crate::common::qipu_binary().into(),
            args: vec!["uci".to_owned()],
        },
        protocol: Protocol::Uci,
        ..EngineConfig::builtin()
    }
}

#[test]
fn qipu_uci_through_the_client_plays_a_legal_move_and_honours_a_ban() {
    let mut engine = ExternalEngine::start(&config()).expect("qipu uci starts and answers uciok");
    assert_eq!(engine.name(), format!("Qipu {}", env!("CARGO_PKG_VERSION")));
    let central_cannon = Move::parse_iccs("h2e2").expect("ICCS");
    let request = SearchRequest::new(Position::startpos(), vec![central_cannon], Limit::Depth(3));
    let first = engine
        .search(&request)
        .expect("a search to depth 3")
        .best
        .expect("a best move");
    let after = Position::startpos()
        .play(central_cannon)
        .expect("the central cannon is legal");
    assert!(after.is_legal(first), "{first} is legal for Black");
    let mut banned = request.clone();
    banned.banned = vec![first];
    let second = engine
        .search(&banned)
        .expect("a search with a ban")
        .best
        .expect("a best move");
    assert_ne!(first, second, "the banned move {first} is not played");
    assert!(after.is_legal(second));
}

/// The ending of 胡榮華–楊官璘 reviewed: from after 60. … 象７進５ (ply 120) to after
/// 75. … 車８平９ (ply 150), the plies of the game that its review numbers from 1.
const ENDING: std::ops::Range<usize> = 120..150;

fn review_of_the_ending(engines: usize, nodes: u64) -> Vec<MoveReview> {
    let (_, game) = hu_yang::game();
    let mut pool = EnginePool::start(&config(), engines).expect("qipu uci starts");
    pool.set_offered("Rules", RuleSet::Cxa1999.name())
        .expect("the rule set is offered");
    let settings = AnalysisSettings {
        limit: Limit::Nodes(nodes),
        thresholds: Thresholds::default(),
    };
    let mut reported = 0;
    let reviews = analyse_line(
        &mut pool,
        &hu_yang::position_after(ENDING.start),
        &game[ENDING],
        &settings,
        &mut |done, total| {
            assert_eq!(total, ENDING.len() + 1);
            reported = done;
        },
        &AtomicBool::new(false),
    )
    .expect("the review runs")
    .expect("not cancelled");
    assert_eq!(reported, ENDING.len() + 1, "every position reported done");
    reviews
}

#[test]
fn a_review_marks_neither_65_nor_75_of_hu_ronghua_yang_guanlin_a_blunder() {
    let (_, game) = hu_yang::game();
    let reviews = review_of_the_ending(2, 300_000);
    for ply in [AFTER_65, AFTER_75] {
        let review = &reviews[ply - ENDING.start - 1];
        assert_eq!(review.mv, game[ply - 1]);
        assert!(
            review.loss < Thresholds::default().mistake,
            "ply {ply}: {review:?}"
        );
        assert!(!matches!(review.mark, Some(Mark::Blunder | Mark::Mistake)));
        // Red stays about +4.7 after the move: the evaluation does not fall to a draw.
        assert!(review.eval.centipawns() > 300, "ply {ply}: {review:?}");
    }
}

#[test]
fn the_same_review_twice_gives_the_same_marks_and_accuracy_however_many_engines() {
    let first = review_of_the_ending(2, 100_000);
    let second = review_of_the_ending(2, 100_000);
    assert_eq!(first, second);
    assert_eq!(accuracy(&first, Color::Red), accuracy(&second, Color::Red));
    assert!(
        first.iter().any(|r| r.mark.is_some()),
        "some moves are marked"
    );
    // Each position is searched from a fresh start: one engine finds what two found.
    let alone = review_of_the_ending(1, 100_000);
    assert_eq!(first, alone);
}
