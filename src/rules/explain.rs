//! Why a move is illegal, in words a player understands ("馬腿被蹩"): the rule of movement it
//! breaks (art. 2.2), or the safety of the own general (2.2, 4.1.2, 4.1.6).

use std::fmt;

use super::mv::Move;
use super::piece::{Color, PieceKind};
use super::position::Position;
use super::square::Square;
use super::tables::RAY_BITS;
use crate::lang::Language;

/// The rule an illegal move breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalReason {
    /// There is no piece on the starting point.
    NoPiece,
    /// The piece belongs to the side not to move.
    NotYourTurn,
    /// The piece would stay where it is.
    NullMove,
    /// The destination holds a piece of the mover's own side.
    CapturesOwnPiece,
    /// The general moves one point along a line.
    GeneralStep,
    /// The general and advisors stay in the palace (2.2).
    LeavesPalace,
    /// The advisor moves one point along a palace diagonal.
    AdvisorStep,
    /// The elephant moves two points diagonally.
    ElephantStep,
    /// The elephant may not cross the river.
    ElephantCrossesRiver,
    /// The elephant's eye (象眼) is blocked.
    ElephantEyeBlocked,
    /// The horse moves one point along a line and one diagonally.
    HorseStep,
    /// The horse's leg (馬腿) is blocked.
    HorseLegBlocked,
    /// Chariot and cannon move along a line.
    NotStraight,
    /// A piece stands in the way.
    PathBlocked,
    /// A cannon captures only over exactly one screen (炮架).
    CannonNeedsScreen,
    /// The soldier never moves backward.
    SoldierBackward,
    /// The soldier moves sideways only after crossing the river.
    SoldierSidewaysBeforeRiver,
    /// The soldier moves one point.
    SoldierStep,
    /// The move would leave the two generals facing on an open file (2.2, 4.1.2).
    GeneralsFacing,
    /// The move would leave the own general attacked (4.1.6).
    LeavesGeneralInCheck,
}

impl IllegalReason {
    /// The reason in a user's language.
    pub fn message(self, lang: Language) -> &'static str {
        use IllegalReason::*;
        match self {
            NoPiece => lang.pick("no piece on that point", "该点没有棋子", "該點沒有棋子"),
            NotYourTurn => lang.pick(
                "that piece belongs to the side not to move",
                "不是该方走棋",
                "不是該方走棋",
            ),
            NullMove => lang.pick("the piece must move", "棋子必须移动", "棋子必須移動"),
            CapturesOwnPiece => lang.pick(
                "a piece cannot capture its own side",
                "不能吃本方棋子",
                "不能吃本方棋子",
            ),
            GeneralStep => lang.pick(
                "the general moves one point along a line",
                "帅（将）每次只能直走一步",
                "帥（將）每次只能直走一步",
            ),
            LeavesPalace => lang.pick(
                "the general and advisors may not leave the palace",
                "不能走出九宫",
                "不能走出九宮",
            ),
            AdvisorStep => lang.pick(
                "the advisor moves one point diagonally",
                "仕（士）每次只能斜走一步",
                "仕（士）每次只能斜走一步",
            ),
            ElephantStep => lang.pick(
                "the elephant moves two points diagonally",
                "相（象）走田字",
                "相（象）走田字",
            ),
            ElephantCrossesRiver => lang.pick(
                "the elephant may not cross the river",
                "相（象）不能过河",
                "相（象）不能過河",
            ),
            ElephantEyeBlocked => {
                lang.pick("the elephant's eye is blocked", "象眼被塞", "象眼被塞")
            }
            HorseStep => lang.pick(
                "the horse moves one point straight and one diagonally",
                "马走日字",
                "馬走日字",
            ),
            HorseLegBlocked => lang.pick("the horse's leg is blocked", "马腿被蹩", "馬腿被蹩"),
            NotStraight => lang.pick(
                "chariots and cannons move along a line",
                "车、炮只能直走",
                "車、炮只能直走",
            ),
            PathBlocked => lang.pick(
                "a piece stands in the way",
                "中间有棋子阻挡",
                "中間有棋子阻擋",
            ),
            CannonNeedsScreen => lang.pick(
                "a cannon captures over exactly one screen",
                "炮须隔一子吃子",
                "炮須隔一子吃子",
            ),
            SoldierBackward => lang.pick(
                "the soldier never moves backward",
                "兵（卒）不能后退",
                "兵（卒）不能後退",
            ),
            SoldierSidewaysBeforeRiver => lang.pick(
                "the soldier moves sideways only after crossing the river",
                "兵（卒）过河后才能横走",
                "兵（卒）過河後才能橫走",
            ),
            SoldierStep => lang.pick(
                "the soldier moves one point",
                "兵（卒）每次只能走一步",
                "兵（卒）每次只能走一步",
            ),
            GeneralsFacing => lang.pick(
                "the generals may not face each other on an open file",
                "将帅不能照面",
                "將帥不能照面",
            ),
            LeavesGeneralInCheck => lang.pick(
                "the move leaves the own general in check",
                "走后本方帅（将）被将军",
                "走後本方帥（將）被將軍",
            ),
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message(Language::English))
    }
}

/// An illegal move and the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{mv} is illegal: {reason}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The rule it breaks.
    pub reason: IllegalReason,
}

/// Check a move against the rules of movement and the safety of the own general.
pub(crate) fn check_move(pos: &Position, mv: Move) -> Result<(), IllegalMove> {
    pos.play(mv).map(|_| ())
}

/// Number of pieces strictly between two points of one file or rank.
fn between(pos: &Position, a: Square, b: Square) -> usize {
    // The ray from `a` towards `b` (see `RAY_BITS`), without `b` and what lies beyond it.
    let direction = match (a.file() == b.file(), a.index() < b.index()) {
        (true, true) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (false, false) => 3,
    };
    let between =
        RAY_BITS[a.index()][direction] & !RAY_BITS[b.index()][direction] & !(1 << b.index());
    let occupied = pos.occupied(Color::Red) | pos.occupied(Color::Black);
    (occupied & between).count_ones() as usize
}

/// The rules of movement of art. 2.2, without the safety of the own general.
pub(crate) fn movement(pos: &Position, mv: Move) -> Result<(), IllegalReason> {
    use IllegalReason::*;
    let piece = pos.piece_at(mv.from).ok_or(NoPiece)?;
    if piece.color != pos.side_to_move() {
        return Err(NotYourTurn);
    }
    if mv.from == mv.to {
        return Err(NullMove);
    }
    if pos.piece_at(mv.to).is_some_and(|t| t.color == piece.color) {
        return Err(CapturesOwnPiece);
    }
    let (ff, fr) = (mv.from.file() as i32, mv.from.rank() as i32);
    let (tf, tr) = (mv.to.file() as i32, mv.to.rank() as i32);
    let (df, dr) = (tf - ff, tr - fr);
    let forward = piece.color.forward() as i32;
    let at = |f: i32, r: i32| {
        pos.code_at(Square::from_coords(f as u8, r as u8).expect("inside the board"))
    };
    match piece.kind {
        PieceKind::General => {
            if df.abs() + dr.abs() != 1 {
                return Err(GeneralStep);
            }
            if !mv.to.in_palace(piece.color) {
                return Err(LeavesPalace);
            }
        }
        PieceKind::Advisor => {
            if df.abs() != 1 || dr.abs() != 1 {
                return Err(AdvisorStep);
            }
            if !mv.to.in_palace(piece.color) {
                return Err(LeavesPalace);
            }
        }
        PieceKind::Elephant => {
            if df.abs() != 2 || dr.abs() != 2 {
                return Err(ElephantStep);
            }
            if !mv.to.on_own_side(piece.color) {
                return Err(ElephantCrossesRiver);
            }
            if at(ff + df / 2, fr + dr / 2) != 0 {
                return Err(ElephantEyeBlocked);
            }
        }
        PieceKind::Horse => {
            let (leg_f, leg_r) = match (df.abs(), dr.abs()) {
                (1, 2) => (ff, fr + dr / 2),
                (2, 1) => (ff + df / 2, fr),
                _ => return Err(HorseStep),
            };
            if at(leg_f, leg_r) != 0 {
                return Err(HorseLegBlocked);
            }
        }
        PieceKind::Chariot => {
            if df != 0 && dr != 0 {
                return Err(NotStraight);
            }
            if between(pos, mv.from, mv.to) != 0 {
                return Err(PathBlocked);
            }
        }
        PieceKind::Cannon => {
            if df != 0 && dr != 0 {
                return Err(NotStraight);
            }
            let screens = between(pos, mv.from, mv.to);
            let capture = pos.piece_at(mv.to).is_some();
            match (capture, screens) {
                (false, 0) | (true, 1) => {}
                (false, _) => return Err(PathBlocked),
                (true, _) => return Err(CannonNeedsScreen),
            }
        }
        PieceKind::Soldier => {
            if df.abs() + dr.abs() != 1 {
                return Err(SoldierStep);
            }
            if dr == -forward {
                return Err(SoldierBackward);
            }
            if dr == 0 && mv.from.on_own_side(piece.color) {
                return Err(SoldierSidewaysBeforeRiver);
            }
        }
    }
    Ok(())
}

impl Position {
    /// Why `mv` is illegal here, or `None` if it is legal.
    pub fn why_illegal(&self, mv: Move) -> Option<IllegalReason> {
        check_move(self, mv).err().map(|e| e.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_counts_the_pieces_strictly_between_two_points_of_a_line() {
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 17 42",
        ] {
            let pos = Position::from_fen(fen).expect("valid FEN");
            for a in Square::all() {
                for b in Square::all() {
                    if a == b || (a.file() != b.file() && a.rank() != b.rank()) {
                        continue;
                    }
                    // Walk from a to b, point by point.
                    let (df, dr) = (
                        (i32::from(b.file()) - i32::from(a.file())).signum(),
                        (i32::from(b.rank()) - i32::from(a.rank())).signum(),
                    );
                    let (mut f, mut r) = (i32::from(a.file()) + df, i32::from(a.rank()) + dr);
                    let mut walked = 0;
                    while (f, r) != (i32::from(b.file()), i32::from(b.rank())) {
                        let sq = Square::from_coords(f as u8, r as u8).expect("on the board");
                        walked += usize::from(pos.piece_at(sq).is_some());
                        f += df;
                        r += dr;
                    }
                    assert_eq!(between(&pos, a, b), walked, "{fen} {a} {b}");
                }
            }
        }
    }
}
