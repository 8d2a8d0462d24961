//! The board as notation sees it (art. 7.2–7.3): file numbers counted from the mover's right,
//! "front" meaning nearer the opponent, like pieces sharing a file, and the point a described
//! movement leads to.

use super::glyphs::Action;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// The file number 1–9 of `sq` as `color` counts it, from its own right-hand side: Red's 一 is
/// file `i`, Black's 1 is file `a`.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// The board file (0–8, `a`–`i`) of `color`'s file number 1–9.
pub(crate) fn file_of_number(color: Color, number: u8) -> Option<u8> {
    if !(1..=9).contains(&number) {
        return None;
    }
    Some(match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    })
}

/// Whether the piece moves along lines (general, chariot, cannon, soldier): its last number
/// counts ranks when it goes forward or back. The others name the file they land on.
pub(crate) fn moves_straight(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::General | PieceKind::Chariot | PieceKind::Cannon | PieceKind::Soldier
    )
}

/// `color`'s pieces of `kind` on board file `file`, the front one (nearest the opponent) first.
pub(crate) fn on_file(pos: &Position, color: Color, kind: PieceKind, file: u8) -> Vec<Square> {
    let piece = Piece::new(color, kind);
    let mut squares: Vec<Square> = (0..10)
        .filter_map(|rank| Square::from_coords(file, rank))
        .filter(|&sq| pos.piece_at(sq) == Some(piece))
        .collect();
    if color == Color::Red {
        squares.reverse();
    }
    squares
}

/// The files (board index) holding two or more of `color`'s pieces of `kind`, in the order the
/// mover counts them: from its own right.
pub(crate) fn crowded_files(pos: &Position, color: Color, kind: PieceKind) -> Vec<u8> {
    let mut counts = [0u8; 9];
    let piece = Piece::new(color, kind);
    for (sq, p) in pos.pieces() {
        if p == piece {
            counts[usize::from(sq.file())] += 1;
        }
    }
    let mut files: Vec<u8> = (0..9u8).filter(|&f| counts[usize::from(f)] >= 2).collect();
    if color == Color::Red {
        files.reverse();
    }
    files
}

/// Where a piece stands among like pieces sharing files with it, when it is not alone on its
/// file (advisors and elephants are never told apart this way, art. 7.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Crowd {
    /// Index on its own file, front first.
    pub index: usize,
    /// Number of like pieces on its file.
    pub count: usize,
    /// Its file number as the mover counts it.
    pub file_number: u8,
    /// Number of files holding two or more like pieces.
    pub files: usize,
    /// Index among all like pieces on such files, files from the mover's right, front first.
    pub overall_index: usize,
    /// Number of like pieces on such files.
    pub overall_count: usize,
}

/// The crowd `sq` belongs to, or `None` when the piece is named by its file alone.
pub(crate) fn crowd(pos: &Position, sq: Square, piece: Piece) -> Option<Crowd> {
    if matches!(
        piece.kind,
        PieceKind::General | PieceKind::Advisor | PieceKind::Elephant
    ) {
        return None;
    }
    let own = on_file(pos, piece.color, piece.kind, sq.file());
    if own.len() < 2 {
        return None;
    }
    let index = own.iter().position(|&s| s == sq)?;
    let files = crowded_files(pos, piece.color, piece.kind);
    let mut overall_index = 0;
    let mut overall_count = 0;
    for &file in &files {
        let squares = on_file(pos, piece.color, piece.kind, file);
        if file == sq.file() {
            overall_index = overall_count + index;
        }
        overall_count += squares.len();
    }
    Some(Crowd {
        index,
        count: own.len(),
        file_number: file_number(piece.color, sq),
        files: files.len(),
        overall_index,
        overall_count,
    })
}

/// The movement and the last number of `mv` made by `piece` (art. 7.2): ranks for straight
/// movers going forward or back, otherwise the file number landed on. `None` for a shape no
/// piece makes (standing still, a diagonal mover going sideways, a straight mover off its
/// lines).
pub(crate) fn describe(piece: Piece, mv: Move) -> Option<(Action, u8)> {
    let dr = i32::from(mv.to.rank()) - i32::from(mv.from.rank());
    let df = i32::from(mv.to.file()) - i32::from(mv.from.file());
    let forward = i32::from(piece.color.forward());
    let vertical = if dr * forward > 0 {
        Action::Advance
    } else {
        Action::Retreat
    };
    if moves_straight(piece.kind) {
        match (df, dr) {
            (0, 0) => None,
            (_, 0) => Some((Action::Traverse, file_number(piece.color, mv.to))),
            (0, _) => Some((vertical, dr.unsigned_abs() as u8)),
            _ => None,
        }
    } else if dr == 0 || df == 0 {
        None
    } else {
        Some((vertical, file_number(piece.color, mv.to)))
    }
}

/// Why a described movement leads nowhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Nowhere {
    /// The number is not a file 1–9.
    FileOutOfRange(u8),
    /// The movement would leave the board.
    OffBoard,
    /// The piece never moves like that (a horse sideways, an elephant to the next file…).
    Shape,
}

/// The point a piece of `piece` on `from` reaches by `action` and `number` — the reverse of
/// [`describe`].
pub(crate) fn destination(
    piece: Piece,
    from: Square,
    action: Action,
    number: u8,
) -> Result<Square, Nowhere> {
    let forward = i32::from(piece.color.forward());
    let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
    let on_board = |f: i32, r: i32| {
        u8::try_from(f)
            .ok()
            .zip(u8::try_from(r).ok())
            .and_then(|(f, r)| Square::from_coords(f, r))
            .ok_or(Nowhere::OffBoard)
    };
    let target_file = || {
        file_of_number(piece.color, number)
            .map(i32::from)
            .ok_or(Nowhere::FileOutOfRange(number))
    };
    let sign = match action {
        Action::Advance => forward,
        Action::Retreat => -forward,
        Action::Traverse => 0,
    };
    if moves_straight(piece.kind) {
        if action == Action::Traverse {
            let to = target_file()?;
            if to == file {
                return Err(Nowhere::Shape);
            }
            return on_board(to, rank);
        }
        if number == 0 {
            return Err(Nowhere::Shape);
        }
        return on_board(file, rank + sign * i32::from(number));
    }
    if action == Action::Traverse {
        return Err(Nowhere::Shape);
    }
    let to = target_file()?;
    let df = (to - file).abs();
    let dr = match (piece.kind, df) {
        (PieceKind::Horse, 1) => 2,
        (PieceKind::Horse, 2) => 1,
        (PieceKind::Elephant, 2) => 2,
        (PieceKind::Advisor, 1) => 1,
        _ => return Err(Nowhere::Shape),
    };
    on_board(to, rank + sign * dr)
}
