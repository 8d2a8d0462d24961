//! One typed move, in any form a clerk may type, to the legal moves it fits.
//!
//! Besides what [`crate::notation`] reads (full Chinese in any glyph variant, abbreviated
//! notation with or without direction marks, WXF, ICCS), a move box accepts the short forms
//! people type when the piece is obvious:
//!
//! * `c25`, `H87` — a WXF letter, the from-file and the last number, no operator: abbreviated
//!   notation with a letter for the piece (formats.md §2.6, "C25").
//! * `25`, `8+7` — file and number alone, when only one kind of piece fits.
//! * `62.5`, `48+7` — the numeric-keypad form: digits 1–7 stand for K A B N R C P
//!   (formats.md §3, XiangQi Wizard's reader), so a whole move is typed on the keypad.
//! * `7242` — four digits: from-point and to-point as XQStudio numbers them in XQF
//!   (x·10 + y, x the file 0–8 from Red's left, y the rank 0–9 from Red's side; formats.md §7).

use crate::lang::Language;
use crate::notation::{read_candidates_with, Notation, NotationError, ReadOptions};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// Why a typed move names no legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// The notation reader's reason.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A move typed without its piece (`25`), and no piece of the side to move on that file can
    /// make it.
    #[error("'{text}': no piece on file {file} moves like that")]
    NothingFits {
        /// The text as typed.
        text: String,
        /// The file number, as the mover counts.
        file: u8,
    },
    /// Nothing was typed.
    #[error("no move typed")]
    Empty,
}

impl EntryError {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            EntryError::Notation(e) => e.message(lang),
            EntryError::NothingFits { text, file } => match lang {
                Language::English => self.to_string(),
                _ => format!(
                    "「{text}」{}",
                    lang.pick(
                        "",
                        &format!("第 {file} 路没有能这样走的棋子"),
                        &format!("第 {file} 路沒有能這樣走的棋子"),
                    )
                ),
            },
            EntryError::Empty => lang
                .pick("no move typed", "没有输入着法", "沒有輸入著法")
                .to_owned(),
        }
    }
}

/// Fold full-width ASCII (`Ｃ２５`, `２５`) to ASCII; other characters stay.
pub(crate) fn fold_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The Chinese glyph that stands for a kind when a short form is rewritten as abbreviated
/// notation (the reader accepts either side's glyph for either side).
fn glyph(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => '帥',
        PieceKind::Advisor => '仕',
        PieceKind::Elephant => '相',
        PieceKind::Horse => '馬',
        PieceKind::Chariot => '車',
        PieceKind::Cannon => '炮',
        PieceKind::Soldier => '兵',
    }
}

/// A WXF letter (either case; `B` and `N` as XiangQi Wizard writes them): the FEN letters.
fn letter_kind(c: char) -> Option<PieceKind> {
    Piece::from_fen_char(c).map(|p| p.kind)
}

/// A keypad digit 1–7 for K A B N R C P.
fn keypad_kind(c: char) -> Option<PieceKind> {
    Some(match c {
        '1' => PieceKind::General,
        '2' => PieceKind::Advisor,
        '3' => PieceKind::Elephant,
        '4' => PieceKind::Horse,
        '5' => PieceKind::Chariot,
        '6' => PieceKind::Cannon,
        '7' => PieceKind::Soldier,
        _ => return None,
    })
}

fn is_operator(c: char) -> bool {
    matches!(c, '+' | '-' | '.' | '=')
}

/// `file`, optional operator, `number`: the tail of the short forms (`25`, `2.5`, `8+7`).
fn is_short_tail(chars: &[char]) -> bool {
    match chars {
        [f, n] => f.is_ascii_digit() && n.is_ascii_digit(),
        [f, op, n] => f.is_ascii_digit() && is_operator(*op) && n.is_ascii_digit(),
        _ => false,
    }
}

/// Every legal move that fits `text` (at least one, in board order), or why none does.
pub fn read_typed(pos: &Position, text: &str) -> Result<Vec<Move>, EntryError> {
    read_typed_with(pos, text, &ReadOptions::default())
}

/// [`read_typed`] with reading choices: with [`ReadOptions::strokes_kept`] (the scoresheet
/// carries strokes) an abbreviated move without one is a 平 move.
pub fn read_typed_with(
    pos: &Position,
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Move>, EntryError> {
    let folded = fold_width(text);
    if folded.is_empty() {
        return Err(EntryError::Empty);
    }
    let chars: Vec<char> = folded.chars().collect();
    if chars.len() == 4 && chars.iter().all(char::is_ascii_digit) {
        return read_xqf_digits(pos, &folded, &chars);
    }
    if folded.is_ascii() {
        if let Some(first) = chars.first().copied() {
            if is_short_tail(&chars[1..]) {
                let tail: String = chars[1..].iter().collect();
                let letter = letter_kind(first);
                let keypad = keypad_kind(first);
                // `c25`: a letter without an operator is abbreviated notation.
                if let (Some(kind), false) = (letter, chars.len() == 4) {
                    return abbreviated(pos, kind, &tail, text, options);
                }
                // `62.5`: a keypad digit; WXF proper (`33.4`, two crowded soldier files) may fit
                // too, so both are tried.
                if let Some(kind) = keypad {
                    return keypad_or_wxf(pos, kind, &tail, &folded, text, options);
                }
            }
            if is_short_tail(&chars) {
                return any_piece(pos, &folded, text, options);
            }
        }
    }
    Ok(read_candidates_with(pos, text, None, options)?)
}

fn abbreviated(
    pos: &Position,
    kind: PieceKind,
    tail: &str,
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Move>, EntryError> {
    let rewritten = format!("{}{tail}", glyph(kind));
    read_candidates_with(pos, &rewritten, Some(Notation::Abbreviated), options)
        .map_err(|e| retext(e, text))
}

fn keypad_or_wxf(
    pos: &Position,
    kind: PieceKind,
    tail: &str,
    folded: &str,
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Move>, EntryError> {
    let keypad = if tail.chars().count() == 3 {
        // The WXF reader takes the FEN letters (`B`, `N`) as well.
        let wxf = format!("{}{tail}", Piece::new(Color::Red, kind).fen_char());
        read_candidates_with(pos, &wxf, Some(Notation::Wxf), options).map_err(|e| retext(e, text))
    } else {
        abbreviated(pos, kind, tail, text, options)
    };
    let proper = if folded.len() == 4 {
        read_candidates_with(pos, folded, Some(Notation::Wxf), options).ok()
    } else {
        None
    };
    match (keypad, proper) {
        (Ok(mut a), Some(b)) => {
            a.extend(b);
            a.sort();
            a.dedup();
            Ok(a)
        }
        (Err(_), Some(b)) => Ok(b),
        (keypad, None) => keypad,
    }
}

/// `25`: try every kind; the moves of all kinds that fit are the candidates.
fn any_piece(
    pos: &Position,
    folded: &str,
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Move>, EntryError> {
    const KINDS: [PieceKind; 7] = [
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Soldier,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::General,
    ];
    let mut moves = Vec::new();
    let mut telling = None;
    for kind in KINDS {
        match abbreviated(pos, kind, folded, text, options) {
            Ok(found) => moves.extend(found),
            Err(EntryError::Notation(NotationError::NoSuchPiece { .. })) => {}
            Err(other) => telling = telling.or(Some(other)),
        }
    }
    if moves.is_empty() {
        let file = folded.as_bytes()[0] - b'0';
        return Err(telling.unwrap_or(EntryError::NothingFits {
            text: text.to_owned(),
            file,
        }));
    }
    moves.sort();
    moves.dedup();
    Ok(moves)
}

/// `7242`: two XQF point numbers.
fn read_xqf_digits(pos: &Position, folded: &str, chars: &[char]) -> Result<Vec<Move>, EntryError> {
    let d: Vec<u8> = chars.iter().map(|&c| c as u8 - b'0').collect();
    let (Some(from), Some(to)) = (
        Square::from_coords(d[0], d[1]),
        Square::from_coords(d[2], d[3]),
    ) else {
        return Err(EntryError::Notation(NotationError::Unreadable {
            text: folded.to_owned(),
            notation: None,
        }));
    };
    let mv = Move::new(from, to);
    match pos.why_illegal(mv) {
        None => Ok(vec![mv]),
        Some(reason) => Err(EntryError::Notation(NotationError::Illegal {
            text: folded.to_owned(),
            mv,
            reason,
        })),
    }
}

/// Put the typed text back into an error raised on a rewritten form.
fn retext(error: NotationError, text: &str) -> EntryError {
    let text = text.to_owned();
    EntryError::Notation(match error {
        NotationError::Unreadable { notation, .. } => NotationError::Unreadable { text, notation },
        NotationError::UnexpectedCharacter { character, .. } => {
            NotationError::UnexpectedCharacter { text, character }
        }
        NotationError::FileOutOfRange { file, .. } => NotationError::FileOutOfRange { text, file },
        NotationError::NoSuchPiece { piece, file, .. } => {
            NotationError::NoSuchPiece { text, piece, file }
        }
        NotationError::NoSuchRow { piece, .. } => NotationError::NoSuchRow { text, piece },
        NotationError::OffBoard { .. } => NotationError::OffBoard { text },
        NotationError::Shape { kind, .. } => NotationError::Shape { text, kind },
        NotationError::Illegal { mv, reason, .. } => NotationError::Illegal { text, mv, reason },
        NotationError::Ambiguous { candidates, .. } => {
            NotationError::Ambiguous { text, candidates }
        }
    })
}
