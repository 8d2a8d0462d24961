//! `cargo bench --bench engine`: the built-in engine's nodes per second, searched to a fixed
//! depth from four positions (the start, an opening, a middlegame, an endgame), beside the
//! move generator's perft speed measured in the same run (a reference for the load of the
//! machine). Prints figures. `QIPU_BENCH_DEPTH` sets the depth (11 by default),
//! `QIPU_BENCH_THREADS` the engine's `Threads` to measure, in turn (`1,2` by default: the
//! time to the depth and the nodes per second of one thread and of two).

use std::time::Instant;

use qipu::engine::{Control, Engine, Limits, Line, Options};
use qipu::rules::{perft, Move, Position};

/// 26 plies of a master game (胡榮華, 1998): a middlegame with every piece still on the board.
const MIDDLEGAME: &str = "g0e2 b9c7 g3g4 c6c5 h0g2 c7d5 b0a2 h7e7 f0e1 h9g7 g2h4 e7e3 b2d2 \
                          b7b4 h4g6 i9h9 a0b0 a9b9 g4g5 c9e7 i0g0 h9h3 h2f2 h3f3 a3a4 b4b2";

/// The central cannon against the screen horses (中炮对屏风马), eight plies.
const OPENING: &str = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 c6c5";

/// An endgame of chariot, horse and cannon on each side, a few pawns left.
const ENDGAME: &str = "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1";

fn line(start: Position, moves: &str) -> Line {
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| Move::parse_iccs(m).expect("ICCS move"))
        .collect();
    Line::new(start, moves).expect("the benchmark line is legal")
}

fn main() {
    let depth = std::env::var("QIPU_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(11);
    let threads: Vec<usize> = std::env::var("QIPU_BENCH_THREADS")
        .unwrap_or_else(|_| "1,2".to_owned())
        .split(',')
        .filter_map(|t| t.trim().parse().ok())
        .collect();
    let start = Position::startpos();
    let timer = Instant::now();
    let perft_nodes = perft(&start, 4);
    let perft_nps = perft_nodes as f64 / timer.elapsed().as_secs_f64();
    println!(
        "reference: move generator perft 4 from the start, {:.2} M nodes/s",
        perft_nps / 1e6
    );
    let lines = [
        ("start position", line(start.clone(), "")),
        ("opening", line(start.clone(), OPENING)),
        ("middlegame", line(start, MIDDLEGAME)),
        (
            "endgame",
            line(Position::from_fen(ENDGAME).expect("FEN"), ""),
        ),
    ];
    for ((name, line), threads) in lines
        .iter()
        .flat_map(|l| threads.iter().map(move |&t| (l, t)))
    {
        let mut engine = Engine::new(Options {
            threads,
            ..Options::default()
        });
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let control = Control::new(false);
        let timer = Instant::now();
        let outcome = engine.think(line, &limits, &control, &mut |_| {});
        let seconds = timer.elapsed().as_secs_f64();
        let nps = outcome.nodes as f64 / seconds;
        println!(
            "{name}, {} thread(s): depth {} in {seconds:.2} s, {} nodes, {:.2} M nodes/s ({:.3} of perft's), best {}",
            engine.options().threads,
            outcome.depth,
            outcome.nodes,
            nps / 1e6,
            nps / perft_nps,
            outcome.best.map_or("none".into(), |m| m.to_string())
        );
    }
}
