//! Perft: leaf counts of the legal-move tree against the published table (the figures were
//! checked against Pikafish; the last two rows come from Fairy-Stockfish's tests).

use qipu::rules::{perft, perft_divide, Position, START_FEN};

/// FEN and the counts for depths 1–5.
const TABLE: [(&str, [u64; 5]); 5] = [
    (START_FEN, [44, 1920, 79666, 3290240, 133312995]),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        [38, 1128, 43929, 1339047, 53112976],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        [7, 281, 8620, 326201, 10369923],
    ),
    (
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        [49, 2265, 100326, 4485547, 193684305],
    ),
    (
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        [13, 272, 3707, 92741, 1452406],
    ),
];

/// Every row to depth 5: the test build is optimised, so the largest tree (194 M leaves) takes a
/// few seconds.
fn check_row(row: usize) {
    let (fen, counts) = TABLE[row];
    let pos = Position::from_fen(fen).expect("table FEN is legal");
    for (depth, &expected) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&pos, depth), expected, "{fen} at depth {depth}");
    }
}

#[test]
fn start_position() {
    check_row(0);
}

#[test]
fn middle_game_with_cannons() {
    check_row(1);
}

#[test]
fn few_moves_for_red() {
    check_row(2);
}

#[test]
fn crowded_position() {
    check_row(3);
}

#[test]
fn endgame_with_advanced_soldiers() {
    check_row(4);
}

#[test]
fn divide_sums_to_total_and_lists_each_legal_move_once() {
    let pos = Position::startpos();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 44);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 79666);
    let mut moves: Vec<_> = divide.iter().map(|(mv, _)| *mv).collect();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 44);
}
