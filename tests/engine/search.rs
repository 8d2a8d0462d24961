//! The built-in engine's search through its library API: exchanges judged as they end
//! (static exchange evaluation), and mates found with the search's pruning on.

use qipu::engine::{Control, Engine, Limits, Line, Options, Outcome, Score};
use qipu::rules::{Move, Position, Status};

fn think(fen: &str, depth: u32) -> Outcome {
    let line = Line::new(Position::from_fen(fen).expect("FEN"), Vec::new()).expect("line");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Engine::new(Options::default()).think(&line, &limits, &Control::new(false), &mut |_| {})
}

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).expect("ICCS move")
}

#[test]
fn a_soldier_defended_by_a_chariot_is_not_taken_by_the_chariot() {
    // a0a6 wins a soldier and loses the chariot to a9a6.
    let outcome = think("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1", 6);
    assert_ne!(outcome.best, Some(mv("a0a6")));
    assert!(
        matches!(outcome.score, Some(Score::Centipawns(cp)) if cp > -300),
        "{outcome:?}"
    );
}

#[test]
fn a_chariot_defended_by_a_soldier_is_taken_by_the_horse() {
    // b2c4 gives a horse for a chariot: the exchange wins about five hundred.
    let outcome = think("3k5/9/9/9/2p6/2r6/9/1N5N1/9/4K4 w - - 0 1", 4);
    assert_eq!(outcome.best, Some(mv("b2c4")));
    assert!(
        matches!(outcome.score, Some(Score::Centipawns(cp)) if cp > 300),
        "{outcome:?}"
    );
}

#[test]
fn a_mate_by_stalemate_behind_a_quiet_general_move_is_found() {
    // Two chariots against advisors: the quickest win is 帥四平五, then the chariots leave
    // Black no legal move (a loss, 4.1.3) within three moves. The search may prune its way
    // to a win one move longer, never to no win.
    let fen = "3ak4/4a4/9/9/9/9/9/9/1R7/R2K5 w - - 0 1";
    let outcome = think(fen, 12);
    let Some(Score::Mate(n)) = outcome.score else {
        panic!("no mate: {outcome:?}");
    };
    assert!((3..=4).contains(&n), "{outcome:?}");
    let pos = Position::from_fen(fen).expect("FEN");
    let first = outcome.best.expect("a move");
    let after = pos.play(first).expect("legal");
    assert!(mates_in(&after, n as usize - 1), "{outcome:?}");
}

/// Whether the side to move in `pos` is lost within `n` more moves of the winner whatever it
/// replies: mated or stalemated now (4.1.1, 4.1.3), or every reply allows such a win.
fn mates_in(pos: &Position, n: usize) -> bool {
    if pos.status() != Status::Ongoing {
        return true;
    }
    n > 0
        && pos.legal_moves().iter().all(|&reply| {
            let after = pos.play(reply).expect("legal reply");
            after
                .legal_moves()
                .iter()
                .any(|&m| mates_in(&after.play(m).expect("legal"), n - 1))
        })
}
