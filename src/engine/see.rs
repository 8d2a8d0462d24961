//! Static exchange evaluation (交換估值): what a capture wins or loses when both sides go on
//! capturing on its point, each with its least valuable piece that attacks it (art. 2.2). The
//! attackers are found anew on the board after every capture, so that a cannon's screen (炮架)
//! taken away or newly made, and a horse's leg freed, count as they do in play. Pins are not
//! looked at.

use crate::rules::{
    Color, Move, Position, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, RAYS,
    SOLDIER_MOVES,
};

/// Exchange value of each kind (index: kind code); the general's is larger than any exchange.
const VALUE: [i32; 8] = [0, 20_000, 180, 180, 420, 920, 460, 90];

const GENERAL: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const CHARIOT: u8 = 5;
const CANNON: u8 = 6;
const SOLDIER: u8 = 7;

/// The exchange value of a piece code.
#[inline(always)]
pub(crate) fn value(code: u8) -> i32 {
    VALUE[(code & 7) as usize]
}

/// The least valuable piece of `side` that attacks `sq` on `board`: its point.
fn least_attacker(board: &[u8; 90], sq: usize, side: Color) -> Option<usize> {
    let us = (side.index() as u8) << 3;
    // Soldiers: one step forward, or sideways once across the river.
    let soldier = SOLDIER | us;
    let behind = sq as i32 - 9 * i32::from(side.forward());
    let file = sq % 9;
    let mut candidates = [usize::MAX; 3];
    if (0..90).contains(&behind) {
        candidates[0] = behind as usize;
    }
    if file > 0 {
        candidates[1] = sq - 1;
    }
    if file < 8 {
        candidates[2] = sq + 1;
    }
    for from in candidates {
        if from != usize::MAX
            && board[from] == soldier
            && SOLDIER_MOVES[side.index()][from]
                .as_slice()
                .iter()
                .any(|s| s.to as usize == sq)
        {
            return Some(from);
        }
    }
    let advisor = ADVISOR | us;
    if let Some(s) = ADVISOR_MOVES[sq]
        .as_slice()
        .iter()
        .find(|s| board[s.to as usize] == advisor)
    {
        return Some(s.to as usize);
    }
    let elephant = ELEPHANT | us;
    if let Some(s) = ELEPHANT_MOVES[sq]
        .as_slice()
        .iter()
        .find(|s| board[s.to as usize] == elephant && board[s.block as usize] == 0)
    {
        return Some(s.to as usize);
    }
    let horse = HORSE | us;
    if let Some(s) = HORSE_ATTACKERS[sq]
        .as_slice()
        .iter()
        .find(|s| board[s.to as usize] == horse && board[s.block as usize] == 0)
    {
        return Some(s.to as usize);
    }
    // Along the four lines: the first piece met (a chariot) and the second (a cannon).
    let (chariot, cannon) = (CHARIOT | us, CANNON | us);
    let mut by_chariot = None;
    for ray in &RAYS[sq] {
        let mut pieces = ray
            .as_slice()
            .iter()
            .map(|&t| t as usize)
            .filter(|&t| board[t] != 0);
        let first = pieces.next();
        if let Some(t) = first {
            if board[t] == chariot && by_chariot.is_none() {
                by_chariot = Some(t);
            }
            if let Some(t) = pieces.next() {
                if board[t] == cannon {
                    return Some(t);
                }
            }
        }
    }
    if by_chariot.is_some() {
        return by_chariot;
    }
    let general = GENERAL | us;
    GENERAL_MOVES[sq]
        .as_slice()
        .iter()
        .find(|s| board[s.to as usize] == general)
        .map(|s| s.to as usize)
}

/// What the capture `mv` wins for the side to move (negative when it loses material), both
/// sides capturing on its point while it pays.
pub(crate) fn see(pos: &Position, mv: Move) -> i32 {
    let mut board = *pos.codes();
    let (from, to) = (mv.from.index(), mv.to.index());
    let mut gains = [0i32; 32];
    gains[0] = value(board[to]);
    let mut on_point = board[from];
    board[to] = on_point;
    board[from] = 0;
    let mut side = pos.side_to_move().opponent();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some(attacker) = least_attacker(&board, to, side) else {
            break;
        };
        depth += 1;
        gains[depth] = value(on_point) - gains[depth - 1];
        if gains[depth].max(-gains[depth - 1]) < 0 {
            break;
        }
        on_point = board[attacker];
        board[to] = on_point;
        board[attacker] = 0;
        side = side.opponent();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Whether the capture `mv` loses material by exchange: a cheaper victim than the capturer,
/// and the exchange on its point comes out below `threshold`.
#[inline]
pub(crate) fn loses(pos: &Position, mv: Move, threshold: i32) -> bool {
    let board = pos.codes();
    let (victim, attacker) = (board[mv.to.index()], board[mv.from.index()]);
    if value(victim) - value(attacker) >= threshold {
        return false;
    }
    see(pos, mv) < threshold
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("valid FEN");
        see(&pos, Move::parse_iccs(mv).expect("ICCS move"))
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // The red chariot takes a horse nothing defends.
        assert_eq!(exchange("4k4/9/9/9/n8/9/9/9/9/R2K5 w - - 0 1", "a0a5"), 420);
    }

    #[test]
    fn a_chariot_for_a_defended_soldier_loses() {
        // The soldier on a6 is defended by the black chariot on a9.
        assert_eq!(
            exchange("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1", "a0a6"),
            90 - 920
        );
    }

    #[test]
    fn a_cannon_behind_the_capturer_joins_the_exchange() {
        // Red's chariot takes the horse on e5 and Black's chariot retakes; the red cannon on
        // e1 has no screen once the chariot has left e3, so the exchange ends there.
        let fen = "4rk3/9/9/9/4n4/9/4R4/9/4C4/3K5 w - - 0 1";
        assert_eq!(exchange(fen, "e3e5"), 420 - 920);
        // With a screen between the red cannon and the point, the cannon retakes the chariot.
        let fen = "4rk3/9/9/9/4n4/4R4/4P4/9/4C4/3K5 w - - 0 1";
        assert_eq!(exchange(fen, "e4e5"), 420 - 920 + 920);
    }

    #[test]
    fn a_horse_with_its_leg_blocked_does_not_defend() {
        // The black horse on c7 would defend the cannon on b5 but its leg (c6) is blocked by a
        // soldier.
        let open = "4k4/9/2n6/9/1c7/9/9/9/9/1R1K5 w - - 0 1";
        assert_eq!(exchange(open, "b0b5"), 460 - 920);
        let blocked = "4k4/9/2n6/2p6/1c7/9/9/9/9/1R1K5 w - - 0 1";
        assert_eq!(exchange(blocked, "b0b5"), 460);
    }
}
