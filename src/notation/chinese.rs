//! Full Chinese notation (art. 7.2–7.3): 炮二平五, 馬８進７, 前車進二, 一兵平四, 前三平四 — and
//! the reader shared with the abbreviated form, which is the same text without the movement
//! character.

use super::geometry::{self, Crowd};
use super::glyphs::{self, classify, Action, Glyph, PositionWord, Script, Stroke};
use super::query::{Query, Selector};
use super::{NotationError, SoldierConvention, StrokeConvention, TandemConvention, WriteOptions};
use crate::rules::{Color, Move, Piece, PieceKind, Position};

/// How the moving piece is named before the movement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Prefix {
    /// Piece and file number: 炮二.
    File(u8),
    /// Position word and piece: 前車, 一兵.
    Word(PositionWord),
    /// Position word and file number, the soldier glyph dropped (textbook, two crowded files):
    /// 前三.
    WordAndFile(PositionWord, u8),
}

/// The prefix for the piece on `mv.from` under the writing conventions.
pub(crate) fn prefix(pos: &Position, mv: Move, piece: Piece, options: &WriteOptions) -> Prefix {
    let file = geometry::file_number(piece.color, mv.from);
    let Some(crowd) = geometry::crowd(pos, mv.from, piece) else {
        return Prefix::File(file);
    };
    if options.tandem == TandemConvention::File && only_one_fits(pos, mv, piece, file) {
        return Prefix::File(file);
    }
    let convention = options.soldiers;
    if piece.kind != PieceKind::Soldier {
        return Prefix::Word(front_or_rear(crowd.index, crowd.count));
    }
    match convention {
        SoldierConvention::XiangqiWizard => Prefix::Word(match crowd.overall_count {
            2 | 3 => front_or_rear(crowd.overall_index, crowd.overall_count),
            _ => PositionWord::Ordinal(crowd.overall_index as u8 + 1),
        }),
        SoldierConvention::Textbook => textbook(crowd),
    }
}

/// Whether the move written with its file number (車六進四) names this move alone: no other
/// piece of its kind on that file can make it. A move that leaves the own general attacked (the
/// illegal move a ruling names, 4.1.6) is named alone when no other piece of the file could make
/// that movement (2.2), legal or not.
fn only_one_fits(pos: &Position, mv: Move, piece: Piece, file: u8) -> bool {
    let Some((action, number)) = geometry::describe(piece, mv) else {
        return false;
    };
    let query = Query {
        kind: piece.kind,
        selector: None,
        file: Some(file),
        action: Some(action),
        number,
    };
    match query.resolve(pos, "") {
        Ok(moves) => moves == [mv],
        Err(NotationError::Illegal { .. }) if pos.obeys_movement(mv).is_ok() => {
            geometry::on_file(pos, piece.color, piece.kind, mv.from.file())
                .into_iter()
                .filter(|&from| from != mv.from)
                .all(|from| {
                    geometry::destination(piece, from, action, number)
                        .map_or(true, |to| pos.obeys_movement(Move::new(from, to)).is_err())
                })
        }
        Err(_) => false,
    }
}

/// 前/後 for two, 前/中/後 for three.
fn front_or_rear(index: usize, count: usize) -> PositionWord {
    if index == 0 {
        PositionWord::Front
    } else if index + 1 == count {
        PositionWord::Rear
    } else {
        PositionWord::Middle
    }
}

/// The textbook convention (formats.md §2.3): 前/中/後 for two or three on a file, 前 二 三 四
/// (五) for four or five, and the file number instead of the glyph when two files are crowded.
fn textbook(crowd: Crowd) -> Prefix {
    let word = match crowd.count {
        2 | 3 => front_or_rear(crowd.index, crowd.count),
        _ if crowd.index == 0 => PositionWord::Front,
        _ => PositionWord::Ordinal(crowd.index as u8 + 1),
    };
    if crowd.files > 1 {
        Prefix::WordAndFile(word, crowd.file_number)
    } else {
        Prefix::Word(word)
    }
}

/// Write `mv` in full Chinese notation; `None` if no piece of the side to move stands on
/// `mv.from` or no piece moves like that.
pub(crate) fn write(
    pos: &Position,
    mv: Move,
    script: Script,
    options: &WriteOptions,
) -> Option<String> {
    let piece = pos
        .piece_at(mv.from)
        .filter(|p| p.color == pos.side_to_move())?;
    let (action, number) = geometry::describe(piece, mv)?;
    let numeral = |n: u8| match piece.color {
        Color::Red => glyphs::red_numeral(n),
        Color::Black => glyphs::digit(n, options.full_width_black_digits),
    };
    let mut out = String::with_capacity(12);
    match prefix(pos, mv, piece, options) {
        Prefix::File(file) => {
            out.push(glyphs::piece_glyph(script, piece.color, piece.kind));
            out.push(numeral(file));
        }
        Prefix::Word(word) => {
            out.push(glyphs::position_glyph(script, word));
            out.push(glyphs::piece_glyph(script, piece.color, piece.kind));
        }
        Prefix::WordAndFile(word, file) => {
            out.push(glyphs::position_glyph(script, word));
            out.push(numeral(file));
        }
    }
    out.push(glyphs::action_glyph(script, action));
    out.push(numeral(number));
    Some(out)
}

/// A Chinese or abbreviated move read into its parts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Parsed {
    pub query: Query,
    /// Whether the movement was written as a character (進/退/平), as full notation does.
    pub action_character: bool,
}

/// Read full Chinese or abbreviated notation, every glyph variant accepted.
pub(crate) fn parse(text: &str, strokes: StrokeConvention) -> Result<Parsed, NotationError> {
    let unreadable = || NotationError::Unreadable {
        text: text.to_owned(),
        notation: None,
    };
    // A move has at most five glyphs (前 車 二 進 三): they are held on the stack. More than
    // `MAX_GLYPHS` cannot be a move; the characters are still all looked at, so that one the
    // notation does not know is named.
    const MAX_GLYPHS: usize = 8;
    let mut held = [(Glyph::Space, None::<Stroke>); MAX_GLYPHS];
    let (mut len, mut too_many) = (0, false);
    for c in text.chars() {
        match classify(c) {
            None => {
                return Err(NotationError::UnexpectedCharacter {
                    text: text.to_owned(),
                    character: c,
                })
            }
            Some(Glyph::Space) => {}
            Some(Glyph::Stroke(stroke)) => match held[..len].last_mut() {
                Some((Glyph::Number(_), mark @ None)) if !too_many => *mark = Some(stroke),
                _ => return Err(unreadable()),
            },
            Some(glyph) if len < MAX_GLYPHS => {
                held[len] = (glyph, None);
                len += 1;
            }
            Some(_) => too_many = true,
        }
    }
    if too_many {
        return Err(unreadable());
    }
    parse_glyphs(&held[..len], strokes).ok_or_else(unreadable)
}

/// [`parse`] on the glyphs of a move (spaces left out, each number with its stroke), however
/// they were read: from text, or from the two-byte codes of a GBK or BIG5 file. `None` when they
/// are not a move.
pub(crate) fn parse_glyphs(
    glyphs: &[(Glyph, Option<Stroke>)],
    strokes: StrokeConvention,
) -> Option<Parsed> {
    let mut i = 0;
    let mut selector = None;
    match (glyphs.first(), glyphs.get(1)) {
        (Some((Glyph::Position(word), _)), _) => {
            selector = Some(Selector::Word(*word));
            i = 1;
        }
        (Some((Glyph::Number(n), None)), Some((Glyph::Piece(_), _))) => {
            selector = Some(Selector::Word(PositionWord::Ordinal(*n)));
            i = 1;
        }
        _ => {}
    }
    let mut kind = None;
    if let Some((Glyph::Piece(k), _)) = glyphs.get(i) {
        kind = Some(*k);
        i += 1;
    }
    // At most two numbers (a file, then the last number); a third makes the text unreadable.
    let mut held_numbers = [(0u8, None::<Stroke>); 2];
    let mut count = 0;
    // The movement, where it stood (how many numbers came before it) and whether it was a
    // character (進/退/平) rather than a typed operator.
    let mut action: Option<(Action, usize, bool)> = None;
    for &(glyph, stroke) in &glyphs[i..] {
        match glyph {
            Glyph::Number(n) if count < 2 => {
                held_numbers[count] = (n, stroke);
                count += 1;
            }
            Glyph::Number(_) => return None,
            Glyph::Action(a) if action.is_none() => action = Some((a, count, true)),
            Glyph::Operator(a) if action.is_none() => action = Some((a, count, false)),
            _ => return None,
        }
    }
    let (file, (number, stroke)) = match held_numbers[..count] {
        [last] => (None, last),
        [(file, None), last] => (Some(file), last),
        _ => return None,
    };
    let action_character = matches!(action, Some((_, _, true)));
    let action = match (action, stroke) {
        (Some(_), Some(_)) => return None,
        // A character stands before the last number; a typed operator before or after it.
        (Some((a, at, character)), None) if at + 1 == count || (!character && at == count) => {
            Some(a)
        }
        (Some(_), None) => return None,
        (None, Some(stroke)) => Some(strokes.action(stroke)),
        (None, None) => None,
    };
    let kind = match (kind, selector, file) {
        (Some(kind), _, _) => kind,
        (None, Some(_), Some(_)) => PieceKind::Soldier,
        _ => return None,
    };
    if selector.is_none() && file.is_none() {
        return None;
    }
    Some(Parsed {
        query: Query {
            kind,
            selector,
            file,
            action,
            number,
        },
        action_character,
    })
}

impl StrokeConvention {
    /// The movement a stroke stands for.
    pub(crate) fn action(self, stroke: Stroke) -> Action {
        match (self, stroke) {
            (StrokeConvention::UnderAdvances, Stroke::Under)
            | (StrokeConvention::OverAdvances, Stroke::Over) => Action::Advance,
            _ => Action::Retreat,
        }
    }

    /// The stroke drawn for a movement (`None` for 平).
    pub(crate) fn stroke(self, action: Action) -> Option<Stroke> {
        match (self, action) {
            (_, Action::Traverse) => None,
            (StrokeConvention::UnderAdvances, Action::Advance)
            | (StrokeConvention::OverAdvances, Action::Retreat) => Some(Stroke::Under),
            _ => Some(Stroke::Over),
        }
    }
}
