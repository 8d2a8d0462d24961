//! Captures only, for the quiescence search: the moves of art. 2.2 that end on an enemy
//! piece, found without generating the quiet moves. Pseudo-legal, like the move generator's
//! list: the search plays each and drops those that leave its general attacked.

use crate::rules::{
    Move, MoveList, Position, Square, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_MOVES,
    RAYS, SOLDIER_MOVES,
};

/// Every pseudo-legal capture of the side to move, appended to `list`.
pub(crate) fn captures(pos: &Position, list: &mut MoveList) {
    let side = pos.side_to_move();
    let board = pos.codes();
    let us = (side.index() as u8) << 3;
    let enemy = |code: u8| code != 0 && code & 8 != us;
    let mut pieces = pos.occupied(side);
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some(from_sq) = Square::new(from as u8) else {
            continue;
        };
        let mut add = |to: u8| {
            if let Some(to) = Square::new(to) {
                list.push(Move::new(from_sq, to));
            }
        };
        match board[from] & 7 {
            5 => {
                for ray in &RAYS[from] {
                    if let Some(&to) = ray.as_slice().iter().find(|&&t| board[t as usize] != 0) {
                        if enemy(board[to as usize]) {
                            add(to);
                        }
                    }
                }
            }
            6 => {
                for ray in &RAYS[from] {
                    // 2.2: over exactly one screen (炮架).
                    let mut beyond = ray
                        .as_slice()
                        .iter()
                        .filter(|&&t| board[t as usize] != 0)
                        .skip(1);
                    if let Some(&to) = beyond.next() {
                        if enemy(board[to as usize]) {
                            add(to);
                        }
                    }
                }
            }
            4 => {
                for step in HORSE_MOVES[from].as_slice() {
                    if board[step.block as usize] == 0 && enemy(board[step.to as usize]) {
                        add(step.to);
                    }
                }
            }
            3 => {
                for step in ELEPHANT_MOVES[from].as_slice() {
                    if board[step.block as usize] == 0 && enemy(board[step.to as usize]) {
                        add(step.to);
                    }
                }
            }
            2 => {
                for step in ADVISOR_MOVES[from].as_slice() {
                    if enemy(board[step.to as usize]) {
                        add(step.to);
                    }
                }
            }
            1 => {
                for step in GENERAL_MOVES[from].as_slice() {
                    if enemy(board[step.to as usize]) {
                        add(step.to);
                    }
                }
            }
            _ => {
                for step in SOLDIER_MOVES[side.index()][from].as_slice() {
                    if enemy(board[step.to as usize]) {
                        add(step.to);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The captures are exactly the capturing moves of the full generator.
    fn same_as_generator(fen: &str) {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let mut list = MoveList::new();
        captures(&pos, &mut list);
        let mut got: Vec<Move> = list.to_vec();
        let mut want: Vec<Move> = pos
            .pseudo_legal_moves()
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{fen}");
    }

    #[test]
    fn captures_match_the_move_generator() {
        same_as_generator("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        same_as_generator(
            "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R b - - 4 3",
        );
        // Crossed soldiers, a horse's blocked leg, an elephant's eye, cannons over screens.
        same_as_generator("3akab2/9/4b4/2pPp4/2n1P1N2/2C1c4/9/4B4/4A4/2BAK1R2 w - - 0 1");
        same_as_generator("3akab2/9/4b4/2pPp4/2n1P1N2/2C1c4/9/4B4/4A4/2BAK1R2 b - - 0 1");
    }
}
