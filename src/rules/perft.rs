//! Perft: the number of leaf positions of the legal-move tree to a given depth, the standard test
//! of a move generator.

use super::mv::Move;
use super::position::Position;

/// Count the leaf nodes `depth` plies below `pos` (bulk counting at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut work = pos.clone();
    count(&mut work, depth)
}

/// For each legal root move, the leaf count below it, in move-generation order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut work = pos.clone();
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let captured = work.make(mv);
            let n = count(&mut work, depth.saturating_sub(1));
            work.unmake(mv, captured);
            (mv, n)
        })
        .collect()
}

fn count(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &mv in moves.iter() {
                let captured = pos.make(mv);
                total += count(pos, depth - 1);
                pos.unmake(mv, captured);
            }
            total
        }
    }
}
