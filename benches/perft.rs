//! `cargo bench --bench perft`: nodes per second of the move generator on the perft table
//! positions at depth 5 (bulk counting at the last ply). Prints figures; asserts only the counts.

use std::time::Instant;

use qipu::rules::{perft, Position, START_FEN};

const CASES: [(&str, u64); 5] = [
    (START_FEN, 133_312_995),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        53_112_976,
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        10_369_923,
    ),
    (
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        193_684_305,
    ),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 1_452_406),
];

fn main() {
    let mut nodes = 0;
    let mut seconds = 0.0;
    for (fen, expected) in CASES {
        let pos = Position::from_fen(fen).expect("benchmark FEN is legal");
        let start = Instant::now();
        let n = perft(&pos, 5);
        let t = start.elapsed().as_secs_f64();
        assert_eq!(n, expected, "{fen}");
        println!(
            "{:>6.1} M nodes/s  {n:>11} nodes  {t:.3} s  {fen}",
            n as f64 / t / 1e6
        );
        nodes += n;
        seconds += t;
    }
    println!("{:>6.1} M nodes/s  overall", nodes as f64 / seconds / 1e6);
}
