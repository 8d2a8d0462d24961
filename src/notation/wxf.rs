//! WXF notation (formats.md §3): `C2.5`, `H8+7`, `R++2` / `R-.6` for front and rear, soldiers
//! `++ P+ P7 P- --` on one file and `3+ 33 3-` on two crowded files. Read also full-width
//! (`Ｃ２＝５`), with `=` for `.`, the front/rear sign before the letter (`+P+1`), and XiangQi
//! Wizard's letters (`B`, `N`, ordinals `a`–`e`).

use super::geometry::{self, Crowd};
use super::glyphs::{Action, PositionWord};
use super::query::{Query, Selector};
use super::NotationError;
use crate::rules::{Move, Piece, PieceKind, Position};

/// WXF letter of a kind.
fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    }
}

/// The kind a letter names: WXF letters or FEN letters (`B`, `N`), either case.
fn kind_of(c: char) -> Option<PieceKind> {
    Piece::from_fen_char(c).map(|p| p.kind)
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// The first two characters: which piece moves.
fn designator(kind: PieceKind, file: u8, crowd: Option<Crowd>) -> [char; 2] {
    let l = letter(kind);
    let Some(c) = crowd else {
        return [l, digit(file)];
    };
    let sign = |front: bool| if front { '+' } else { '-' };
    if kind != PieceKind::Soldier {
        return [l, sign(c.index == 0)];
    }
    if c.files > 1 {
        let mark = match (c.count, c.index) {
            (3, 1) => digit(c.file_number),
            (_, i) => sign(i == 0),
        };
        return [digit(c.file_number), mark];
    }
    match (c.count, c.index) {
        (2 | 3, 0) => [l, '+'],
        (2 | 3, i) if i + 1 == c.count => [l, '-'],
        (4 | 5, 0) => ['+', '+'],
        (4 | 5, i) if i + 1 == c.count => ['-', '-'],
        (4 | 5, 1) => [l, '+'],
        (4 | 5, i) if i + 2 == c.count => [l, '-'],
        _ => [l, digit(c.file_number)],
    }
}

/// Write `mv` in WXF; `None` if no piece of the side to move stands on `mv.from` or no piece
/// moves like that.
pub(crate) fn write(pos: &Position, mv: Move) -> Option<String> {
    let piece = pos
        .piece_at(mv.from)
        .filter(|p| p.color == pos.side_to_move())?;
    let (action, number) = geometry::describe(piece, mv)?;
    let file = geometry::file_number(piece.color, mv.from);
    let [a, b] = designator(piece.kind, file, geometry::crowd(pos, mv.from, piece));
    let op = match action {
        Action::Advance => '+',
        Action::Retreat => '-',
        Action::Traverse => '.',
    };
    Some([a, b, op, digit(number)].iter().collect())
}

/// Fold full-width forms to ASCII, `=` to `.`, and drop spaces.
pub(crate) fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '−' => '-',
            _ => c,
        })
        .map(|c| if c == '=' { '.' } else { c })
        .collect()
}

/// Read a WXF move into its parts.
pub(crate) fn parse(text: &str) -> Result<Query, NotationError> {
    let unreadable = || NotationError::Unreadable {
        text: text.to_owned(),
        notation: Some(super::Notation::Wxf),
    };
    let folded = fold(text);
    let chars: Vec<char> = folded.chars().collect();
    let [c0, c1, op, n] = chars[..] else {
        return Err(unreadable());
    };
    let action = match op {
        '+' => Action::Advance,
        '-' => Action::Retreat,
        '.' => Action::Traverse,
        _ => return Err(unreadable()),
    };
    let number = n.to_digit(10).ok_or_else(unreadable)? as u8;
    let sign = |c: char| match c {
        '+' => Some(Selector::WxfPlus),
        '-' => Some(Selector::WxfMinus),
        _ => None,
    };
    let (kind, selector, file) = match (c0, c1) {
        ('+', '+') => (PieceKind::Soldier, Some(Selector::WxfFirst), None),
        ('-', '-') => (PieceKind::Soldier, Some(Selector::WxfLast), None),
        (d, e) if d.is_ascii_digit() => {
            let file = d as u8 - b'0';
            match (sign(e), e == d) {
                (Some(s), _) => (PieceKind::Soldier, Some(s), Some(file)),
                (None, true) => (
                    PieceKind::Soldier,
                    Some(Selector::Word(PositionWord::Middle)),
                    Some(file),
                ),
                (None, false) => return Err(unreadable()),
            }
        }
        (s, l) if sign(s).is_some() => (kind_of(l).ok_or_else(unreadable)?, sign(s), None),
        (l, s) if sign(s).is_some() => (kind_of(l).ok_or_else(unreadable)?, sign(s), None),
        (l, d) if d.is_ascii_digit() => {
            let kind = kind_of(l).ok_or_else(unreadable)?;
            let selector = (kind == PieceKind::Soldier).then_some(Selector::WxfFile);
            (kind, selector, Some(d as u8 - b'0'))
        }
        (l, o @ 'a'..='e') => (
            kind_of(l).ok_or_else(unreadable)?,
            Some(Selector::Word(PositionWord::Ordinal(o as u8 - b'a' + 1))),
            None,
        ),
        _ => return Err(unreadable()),
    };
    Ok(Query {
        kind,
        selector,
        file,
        action: Some(action),
        number,
    })
}
