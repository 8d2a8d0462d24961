//! A move as the descriptive notations (Chinese, abbreviated, WXF) describe it — which piece,
//! which movement, which number — and its resolution against a position: every legal move that
//! fits. Only the few moves the text can describe are checked against the rules, which costs
//! less than one legal-move generation.

use super::geometry::{self, Nowhere};
use super::glyphs::{Action, PositionWord};
use super::NotationError;
use crate::rules::{Move, Piece, PieceKind, Position, Square};

/// How like pieces are told apart (art. 7.3 and the WXF rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Selector {
    /// A Chinese position word.
    Word(PositionWord),
    /// WXF `+`: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `-`: the rear one of two or three, the second from the rear of four or five.
    WxfMinus,
    /// WXF `++`: the front one of four or five.
    WxfFirst,
    /// WXF `--`: the rear one of four or five.
    WxfLast,
    /// WXF letter and file: the middle one when the file holds three or five, otherwise any.
    WxfFile,
}

/// A described move. At least one of `selector` and `file` is present.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Query {
    pub kind: PieceKind,
    pub selector: Option<Selector>,
    /// File number as the mover counts it.
    pub file: Option<u8>,
    /// `None` when unmarked (abbreviated notation without strokes): any movement.
    pub action: Option<Action>,
    pub number: u8,
}

/// Pick from `row` (front first) what `selector` names.
fn select(selector: Selector, row: &[Square]) -> Vec<Square> {
    let n = row.len();
    let one = |i: usize| row.get(i).copied().into_iter().collect::<Vec<_>>();
    if n < 2 {
        return if selector == Selector::WxfFile {
            row.to_vec()
        } else {
            Vec::new()
        };
    }
    match selector {
        Selector::Word(PositionWord::Front) | Selector::WxfFirst => one(0),
        Selector::Word(PositionWord::Rear) | Selector::WxfLast => one(n - 1),
        Selector::Word(PositionWord::Middle) if n % 2 == 1 => one(n / 2),
        Selector::Word(PositionWord::Middle) => Vec::new(),
        Selector::Word(PositionWord::Ordinal(k)) => one(usize::from(k).wrapping_sub(1)),
        Selector::WxfPlus => one(if n <= 3 { 0 } else { 1 }),
        Selector::WxfMinus => one(if n <= 3 { n - 1 } else { n - 2 }),
        Selector::WxfFile if n % 2 == 1 => one(n / 2),
        Selector::WxfFile => row.to_vec(),
    }
}

impl Query {
    /// The squares of the pieces the query names.
    fn sources(&self, pos: &Position, text: &str) -> Result<Vec<Square>, NotationError> {
        let color = pos.side_to_move();
        let piece = Piece::new(color, self.kind);
        let no_piece = || NotationError::NoSuchPiece {
            text: text.to_owned(),
            piece,
            file: self.file,
        };
        let no_row = || NotationError::NoSuchRow {
            text: text.to_owned(),
            piece,
        };
        let file = match self.file {
            Some(number) => Some(geometry::file_of_number(color, number).ok_or_else(|| {
                NotationError::FileOutOfRange {
                    text: text.to_owned(),
                    file: number,
                }
            })?),
            None => None,
        };
        let sources = match (self.selector, file) {
            (None, Some(file)) => {
                let row = geometry::on_file(pos, color, self.kind, file);
                if row.is_empty() {
                    return Err(no_piece());
                }
                row
            }
            (Some(selector), Some(file)) => {
                let row = geometry::on_file(pos, color, self.kind, file);
                if row.is_empty() {
                    return Err(no_piece());
                }
                let picked = select(selector, &row);
                if picked.is_empty() {
                    return Err(no_row());
                }
                picked
            }
            (Some(selector), None) => {
                let files = geometry::crowded_files(pos, color, self.kind);
                let picked: Vec<Square> = match selector {
                    Selector::Word(PositionWord::Ordinal(k)) => {
                        let all: Vec<Square> = files
                            .iter()
                            .flat_map(|&f| geometry::on_file(pos, color, self.kind, f))
                            .collect();
                        all.get(usize::from(k).wrapping_sub(1))
                            .copied()
                            .into_iter()
                            .collect()
                    }
                    _ => files
                        .iter()
                        .flat_map(|&f| {
                            select(selector, &geometry::on_file(pos, color, self.kind, f))
                        })
                        .collect(),
                };
                if picked.is_empty() {
                    return Err(no_row());
                }
                picked
            }
            (None, None) => {
                return Err(NotationError::Unreadable {
                    text: text.to_owned(),
                    notation: None,
                })
            }
        };
        Ok(sources)
    }

    /// The one legal move the query names when the movement is given and a single piece of
    /// its kind stands on the named file — the usual case, decided without building a list of
    /// sources or candidates. `None` sends the caller to [`Query::resolve`], which finds the
    /// candidates or the reason none fits. Only the rules of movement (2.2) are checked: the
    /// caller checks the own general's safety as it plays the move.
    pub(crate) fn resolve_single(&self, pos: &Position) -> Option<Move> {
        let (None, Some(number), Some(action)) = (self.selector, self.file, self.action) else {
            return None;
        };
        let color = pos.side_to_move();
        let file = geometry::file_of_number(color, number)?;
        let piece = Piece::new(color, self.kind);
        // The file's points compared by piece code, a byte each: no piece is decoded.
        let (code, board) = (piece.code(), pos.codes());
        let mut found = None;
        for at in (0..10).map(|rank| usize::from(file) + 9 * rank) {
            if board[at] == code {
                if found.is_some() {
                    return None;
                }
                found = Some(at);
            }
        }
        let from = Square::new(u8::try_from(found?).ok()?)?;
        let mv = Move::new(
            from,
            geometry::destination(piece, from, action, self.number).ok()?,
        );
        pos.obeys_movement(mv).is_ok().then_some(mv)
    }

    /// Every legal move that fits; an error says why none does.
    pub(crate) fn resolve(&self, pos: &Position, text: &str) -> Result<Vec<Move>, NotationError> {
        let sources = self.sources(pos, text)?;
        let piece = Piece::new(pos.side_to_move(), self.kind);
        let actions: &[Action] = match self.action {
            Some(Action::Advance) => &[Action::Advance],
            Some(Action::Retreat) => &[Action::Retreat],
            Some(Action::Traverse) => &[Action::Traverse],
            None => &[Action::Advance, Action::Retreat, Action::Traverse],
        };
        let mut shaped = Vec::new();
        let mut nowhere = None;
        for &from in &sources {
            for &action in actions {
                match geometry::destination(piece, from, action, self.number) {
                    Ok(to) => shaped.push(Move::new(from, to)),
                    Err(why) => nowhere = nowhere.or(Some(why)),
                }
            }
        }
        if shaped.is_empty() {
            let text = text.to_owned();
            return Err(match nowhere {
                Some(Nowhere::FileOutOfRange(file)) => NotationError::FileOutOfRange { text, file },
                Some(Nowhere::OffBoard) => NotationError::OffBoard { text },
                Some(Nowhere::Shape) | None => NotationError::Shape {
                    text,
                    kind: self.kind,
                },
            });
        }
        // Each shaped move is checked alone (movement, then the own general's safety): cheaper
        // than generating every legal move, and it gives the reason when none fits.
        let mut fitting = Vec::with_capacity(shaped.len());
        let mut first_reason = None;
        for &mv in &shaped {
            match pos.why_illegal(mv) {
                None => fitting.push(mv),
                Some(reason) => first_reason = first_reason.or(Some((mv, reason))),
            }
        }
        if fitting.is_empty() {
            if let Some((mv, reason)) = first_reason {
                return Err(NotationError::Illegal {
                    text: text.to_owned(),
                    mv,
                    reason,
                });
            }
        }
        fitting.sort();
        fitting.dedup();
        Ok(fitting)
    }
}
