//! `cargo bench --bench engine`: the built-in engine's nodes per second, searched to a fixed
//! depth from the start position and from a middlegame, beside the move generator's perft
//! speed measured in the same run (a reference for the load of the machine). Prints figures.

use std::time::Instant;

use qipu::engine::{Control, Engine, Limits, Line, Options};
use qipu::rules::{perft, Move, Position};

/// 26 plies of a master game (胡榮華, 1998): a middlegame with every piece still on the board.
const MIDDLEGAME: &str = "g0e2 b9c7 g3g4 c6c5 h0g2 c7d5 b0a2 h7e7 f0e1 h9g7 g2h4 e7e3 b2d2 \
                          b7b4 h4g6 i9h9 a0b0 a9b9 g4g5 c9e7 i0g0 h9h3 h2f2 h3f3 a3a4 b4b2";

fn main() {
    let depth = std::env::var("QIPU_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(11);
    let start = Position::startpos();
    let timer = Instant::now();
    let perft_nodes = perft(&start, 4);
    let perft_nps = perft_nodes as f64 / timer.elapsed().as_secs_f64();
    println!(
        "reference: move generator perft 4 from the start, {:.2} M nodes/s",
        perft_nps / 1e6
    );
    let moves: Vec<Move> = MIDDLEGAME
        .split_whitespace()
        .map(|m| Move::parse_iccs(m).expect("ICCS move"))
        .collect();
    let lines = [
        ("start position", Line::new(start.clone(), Vec::new())),
        ("middlegame", Line::new(start, moves)),
    ];
    for (name, line) in lines {
        let line = line.expect("the benchmark line is legal");
        let mut engine = Engine::new(Options::default());
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let control = Control::new(false);
        let timer = Instant::now();
        let outcome = engine.think(&line, &limits, &control, &mut |_| {});
        let seconds = timer.elapsed().as_secs_f64();
        let nps = outcome.nodes as f64 / seconds;
        println!(
            "{name}: depth {} in {seconds:.2} s, {} nodes, {:.2} M nodes/s ({:.3} of perft's), best {}",
            outcome.depth,
            outcome.nodes,
            nps / 1e6,
            nps / perft_nps,
            outcome.best.map_or("none".into(), |m| m.to_string())
        );
    }
}
