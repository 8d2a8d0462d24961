//! 象棋桥 (CCBridge) binary records: CBR, one game, and CBL, a library of CBR records.
//!
//! A CBR record starts with `CCBridge Record\0`; its header holds the title, event, site and
//! players in UTF-16LE (NUL-terminated in fixed slots; the rest of a slot is whatever memory the
//! writer had, never read), the result, the side to move and the board (90 bytes, rank 9 first,
//! pieces 0x11–0x17 Red 車馬相仕帥炮兵 and 0x21–0x27 Black). From byte 2214: the game comment,
//! then the move tree in pre-order, each record `flags 0 from to` (points numbered rank 9 first)
//! with a comment when flag 0x04 is set; flag 0x01 ends the line, 0x02 says a variation (the next
//! sibling) follows the line. A CBL starts with `CCBridgeLibrary\0` and its name; its records lie
//! on 4096-byte blocks after an index. The game count is not read from the header: the records
//! are found by their mark.

use crate::ending::Outcome;
use crate::record::{clean_comment, Game, NodeId, TagKey};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Setup, Square};

const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// Records of a library lie on blocks of this size.
const BLOCK: usize = 4096;
const TITLE: (usize, usize) = (180, 128);
const EVENT: (usize, usize) = (692, 64);
const SITE: (usize, usize) = (948, 64);
const RED: (usize, usize) = (1076, 64);
const BLACK: (usize, usize) = (1300, 64);
const LIBRARY_NAME: (usize, usize) = (64, 512);
const RESULT: usize = 2076;
const SIDE: usize = 2116;
const BOARD: usize = 2120;
const BODY: usize = 2214;
/// Longest comment accepted (bytes); a longer length field means a corrupt file.
const MAX_TEXT: usize = 1 << 20;

/// Flags of a move record.
const LINE_ENDS: u8 = 0x01;
const HAS_VARIATION: u8 = 0x02;
const HAS_COMMENT: u8 = 0x04;

/// Why a 象棋桥 record cannot be read (in full). Every error names the byte offset in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CbrError {
    /// The bytes do not start with the record's or the library's mark.
    #[error("byte {offset}: not a 象棋桥 record (no 'CCBridge Record' mark)")]
    NotCbr {
        /// Where the mark was expected.
        offset: usize,
    },
    /// The file ends where more data must follow.
    #[error("byte {offset}: the file ends too early ({what})")]
    Truncated {
        /// Where the data was expected.
        offset: usize,
        /// What was expected.
        what: &'static str,
    },
    /// A board byte that is no piece.
    #[error("byte {offset}: 0x{code:02X} is not a piece code")]
    BadPiece {
        /// Offset of the byte.
        offset: usize,
        /// The byte.
        code: u8,
    },
    /// The board is not a position.
    #[error("byte {offset}: bad start position: {reason}")]
    Start {
        /// Offset of the board.
        offset: usize,
        /// What is wrong.
        reason: String,
    },
    /// A record without a single piece: a heading of a library (its title and comment name a
    /// section), no game.
    #[error("byte {offset}: the record has no piece on its board (a heading, not a game)")]
    NoPieces {
        /// Offset of the board.
        offset: usize,
    },
    /// A move record names a point off the board.
    #[error("byte {offset}: move record names no point of the board ({from}, {to})")]
    BadSquare {
        /// Offset of the record.
        offset: usize,
        /// The from byte.
        from: u8,
        /// The to byte.
        to: u8,
    },
    /// A comment length beyond the end of the record.
    #[error("byte {offset}: comment of {len} bytes runs past the end of the file")]
    TextLength {
        /// Offset of the length field.
        offset: usize,
        /// The length read.
        len: u32,
    },
    /// An illegal move: it and what follows it in its line are left out.
    #[error("byte {offset}: illegal move {mv} ({reason}); it and the moves after it are left out")]
    Illegal {
        /// Offset of the record.
        offset: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: String,
    },
}

/// One game read from a record, with what could not be read (the game then lacks it).
#[derive(Debug, Clone)]
pub struct CbrGame {
    /// The game.
    pub game: Game,
    /// Illegal moves left out with their lines.
    pub errors: Vec<CbrError>,
}

/// A CBL library.
#[derive(Debug, Clone)]
pub struct CblLibrary {
    /// Its name.
    pub name: String,
    /// Its games in order: each read, or why it could not be.
    pub games: Vec<Result<CbrGame, CbrError>>,
    /// The records without pieces, which head sections of the library (男子组, 女子组…).
    pub headings: Vec<CblHeading>,
}

/// A record of a library that holds no game: a section title and its comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CblHeading {
    /// Offset of the record.
    pub offset: usize,
    /// Its title.
    pub title: String,
    /// Its comment.
    pub comment: String,
}

/// True when the bytes start like a CBR record.
pub fn is_cbr(bytes: &[u8]) -> bool {
    bytes.starts_with(RECORD_MAGIC)
}

/// True when the bytes start like a CBL library.
pub fn is_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(LIBRARY_MAGIC)
}

/// Read a CBR file: one game.
pub fn read_cbr(bytes: &[u8]) -> Result<CbrGame, CbrError> {
    read_record(bytes, 0)
}

/// Read a CBL library: every record on its 4096-byte blocks, from the first one found.
pub fn read_cbl(bytes: &[u8]) -> Result<CblLibrary, CbrError> {
    if !is_cbl(bytes) {
        return Err(CbrError::NotCbr { offset: 0 });
    }
    let name = text_at(bytes, 0, LIBRARY_NAME)?;
    let mut games = Vec::new();
    let mut headings = Vec::new();
    let first = bytes
        .windows(RECORD_MAGIC.len())
        .position(|w| w == RECORD_MAGIC);
    if let Some(first) = first {
        let mut at = first;
        while at < bytes.len() {
            if bytes[at..].starts_with(RECORD_MAGIC) {
                match read_record(bytes, at) {
                    Err(CbrError::NoPieces { .. }) => headings.push(heading(bytes, at)?),
                    read => games.push(read),
                }
            }
            at += BLOCK;
        }
    }
    Ok(CblLibrary {
        name,
        games,
        headings,
    })
}

fn heading(bytes: &[u8], base: usize) -> Result<CblHeading, CbrError> {
    let mut cursor = Cursor {
        bytes,
        at: base + BODY,
    };
    let comment = match cursor.u32("the comment")? {
        0 => String::new(),
        _ => clean_comment(&cursor.text()?),
    };
    Ok(CblHeading {
        offset: base,
        title: text_at(bytes, base, TITLE)?,
        comment,
    })
}

/// A UTF-16LE string in a fixed slot, up to its NUL.
fn text_at(bytes: &[u8], base: usize, (offset, size): (usize, usize)) -> Result<String, CbrError> {
    let start = base + offset;
    let slot = bytes.get(start..start + size).ok_or(CbrError::Truncated {
        offset: start.min(bytes.len()),
        what: "the record header",
    })?;
    Ok(utf16(slot))
}

/// UTF-16LE up to the first NUL unit.
fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units).trim().to_owned()
}

fn piece_of(code: u8) -> Option<Piece> {
    let color = match code >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let kind = match code & 0x0F {
        1 => PieceKind::Chariot,
        2 => PieceKind::Horse,
        3 => PieceKind::Elephant,
        4 => PieceKind::Advisor,
        5 => PieceKind::General,
        6 => PieceKind::Cannon,
        7 => PieceKind::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, kind))
}

/// A point numbered from Black's back rank: `row · 9 + file`.
fn point(value: u8) -> Option<Square> {
    if value >= 90 {
        return None;
    }
    Square::from_coords(value % 9, 9 - value / 9)
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], CbrError> {
        let slice = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(CbrError::Truncated {
                offset: self.at.min(self.bytes.len()),
                what,
            })?;
        self.at += n;
        Ok(slice)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, CbrError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A length and that many bytes of UTF-16LE text.
    fn text(&mut self) -> Result<String, CbrError> {
        let offset = self.at;
        let len = self.u32("a comment length")?;
        let remaining = self.bytes.len().saturating_sub(self.at);
        if len as usize > remaining.min(MAX_TEXT) {
            return Err(CbrError::TextLength { offset, len });
        }
        let raw = self.take(len as usize, "comment text")?;
        Ok(utf16(raw))
    }
}

fn read_record(bytes: &[u8], base: usize) -> Result<CbrGame, CbrError> {
    if !bytes[base.min(bytes.len())..].starts_with(RECORD_MAGIC) {
        return Err(CbrError::NotCbr { offset: base });
    }
    if bytes.len() < base + BODY {
        return Err(CbrError::Truncated {
            offset: bytes.len(),
            what: "the record header is 2214 bytes",
        });
    }
    let mut cursor = Cursor {
        bytes,
        at: base + BODY,
    };
    let game_comment = match cursor.u32("the game comment")? {
        0 => String::new(),
        _ => cursor.text()?,
    };
    let start = start_position(bytes, base, first_from(bytes, cursor.at))?;
    let mut game = Game::new(start);
    read_tags(bytes, base, &mut game)?;
    let root = game.root();
    set_comment(&mut game, root, &game_comment);

    let mut errors = Vec::new();
    // Each entry: the node the next record is played from (None inside a left-out line).
    // A record that ends after its game comment has no moves.
    let mut pending: Vec<Option<NodeId>> = if cursor.at < bytes.len() {
        vec![Some(root)]
    } else {
        Vec::new()
    };
    while let Some(parent) = pending.pop() {
        let offset = cursor.at;
        let raw = cursor.take(4, "a move record")?;
        let (flags, from_byte, to_byte) = (raw[0], raw[2], raw[3]);
        if raw == [0, 0, 0, 0] {
            // An empty record: no (more) moves here.
            continue;
        }
        let (Some(from), Some(to)) = (point(from_byte), point(to_byte)) else {
            return Err(CbrError::BadSquare {
                offset,
                from: from_byte,
                to: to_byte,
            });
        };
        let comment = if flags & HAS_COMMENT != 0 {
            cursor.text()?
        } else {
            String::new()
        };
        let mv = Move::new(from, to);
        let node = match parent {
            Some(parent) => match game.play(parent, mv) {
                Ok(node) => {
                    set_comment(&mut game, node, &comment);
                    Some(node)
                }
                Err(illegal) => {
                    errors.push(CbrError::Illegal {
                        offset,
                        mv,
                        reason: illegal.reason.to_string(),
                    });
                    None
                }
            },
            None => None,
        };
        if flags & HAS_VARIATION != 0 {
            pending.push(parent);
        }
        if flags & LINE_ENDS == 0 {
            pending.push(node);
        }
    }
    Ok(CbrGame { game, errors })
}

/// The first move's piece tells the side to move, as in XQF; the side field otherwise.
fn first_from(bytes: &[u8], at: usize) -> Option<Square> {
    bytes.get(at + 2).and_then(|&b| point(b))
}

fn set_comment(game: &mut Game, node: NodeId, text: &str) {
    let text = clean_comment(text);
    if !text.is_empty() {
        game.set_comment(node, text);
    }
}

fn start_position(
    bytes: &[u8],
    base: usize,
    first_from: Option<Square>,
) -> Result<Position, CbrError> {
    let board = &bytes[base + BOARD..base + BOARD + 90];
    if board.iter().all(|&b| b == 0) {
        return Err(CbrError::NoPieces {
            offset: base + BOARD,
        });
    }
    let mut setup = Setup::empty();
    for (i, &code) in board.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let piece = piece_of(code).ok_or(CbrError::BadPiece {
            offset: base + BOARD + i,
            code,
        })?;
        let sq = point(i as u8).ok_or(CbrError::BadPiece {
            offset: base + BOARD + i,
            code,
        })?;
        setup.set(sq, Some(piece));
    }
    let side_field = u16::from_le_bytes([bytes[base + SIDE], bytes[base + SIDE + 1]]);
    setup.side = match first_from.and_then(|sq| setup.get(sq)) {
        Some(piece) => piece.color,
        None if side_field == 1 => Color::Red,
        None => Color::Black,
    };
    // A rule-book diagram's start is read (2.2); `ReadWarning::of_game` tells what it breaks.
    let start = setup.into_position_with_warnings().map(|(start, _)| start);
    start.map_err(|e| CbrError::Start {
        offset: base + BOARD,
        reason: e.to_string(),
    })
}

fn read_tags(bytes: &[u8], base: usize, game: &mut Game) -> Result<(), CbrError> {
    let title = text_at(bytes, base, TITLE)?;
    let event = text_at(bytes, base, EVENT)?;
    let (event, title) = if event.is_empty() {
        (title, String::new())
    } else {
        (event, title)
    };
    let fields = [
        (TagKey::Event, event),
        (TagKey::Other("Title".to_owned()), title),
        (TagKey::Site, text_at(bytes, base, SITE)?),
        (TagKey::Red, text_at(bytes, base, RED)?),
        (TagKey::Black, text_at(bytes, base, BLACK)?),
    ];
    for (key, value) in fields {
        if !value.is_empty() {
            game.tags_mut().set(key, value);
        }
    }
    game.set_result(match bytes[base + RESULT] {
        1 => Some(Outcome::RedWins),
        2 => Some(Outcome::BlackWins),
        3 | 4 => Some(Outcome::Draw),
        _ => None,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_numbered_from_blacks_back_rank() {
        assert_eq!(point(0), Square::from_coords(0, 9));
        assert_eq!(point(0x46).map(|s| s.to_string()), Some("h2".to_owned()));
        assert_eq!(point(0x43).map(|s| s.to_string()), Some("e2".to_owned()));
        assert_eq!(point(89), Square::from_coords(8, 0));
        assert_eq!(point(90), None);
    }

    #[test]
    fn foreign_and_short_records_are_refused_with_the_offset() {
        assert_eq!(read_cbr(b"XQ").unwrap_err(), CbrError::NotCbr { offset: 0 });
        let mut short = RECORD_MAGIC.to_vec();
        short.resize(100, 0);
        assert_eq!(
            read_cbr(&short).unwrap_err(),
            CbrError::Truncated {
                offset: 100,
                what: "the record header is 2214 bytes"
            }
        );
    }
}
