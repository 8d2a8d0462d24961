//! XQF, the binary record of XQStudio (象棋演播室): versions 0x0A (plain) to 0x12 (encrypted).
//!
//! Layout (formats.md §7): a 0x400-byte header (keys, the 32 piece squares, result, GBK strings),
//! then the move tree in pre-order, each record `src dst flags reserved` with an optional
//! comment. The tree is read with an explicit stack, so trees of any depth or size load without
//! recursion.

use crate::rules::{
    Color, IllegalReason, Move, Piece, PieceKind, Position, Setup, SetupError, Square,
};

use super::encoding::decode_gbk;
use crate::ending::Outcome;
use crate::record::{clean_comment, Game, NodeId, TagKey};

const HEADER_LEN: usize = 0x400;
const KEY_STREAM: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// The order of the 32 piece slots: 车马相仕帅仕相马车炮炮兵兵兵兵兵, Red then Black.
pub(super) const SLOT_KINDS: [PieceKind; 16] = [
    PieceKind::Chariot,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::General,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Chariot,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
    PieceKind::Soldier,
];
/// Longest comment accepted (bytes); a longer length field means a corrupt file.
const MAX_COMMENT: usize = 1 << 24;

/// Why an XQF file cannot be read. Every error names the byte offset in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    /// The file does not start with `XQ`.
    #[error("not an XQF file: it does not start with 'XQ'")]
    NotXqf,
    /// A version this reader does not know.
    #[error("byte 2: XQF version 0x{0:02X} is not supported (0x0A to 0x12 are)")]
    Version(u8),
    /// The file ends where more data must follow.
    #[error("byte {offset}: the file ends too early ({what})")]
    Truncated {
        /// Where the data was expected.
        offset: usize,
        /// What was expected.
        what: &'static str,
    },
    /// Two pieces on one point, or a piece on a point it can never reach.
    #[error("byte {offset}: bad start position: {reason}")]
    Start {
        /// Offset of the piece table.
        offset: usize,
        /// What is wrong.
        reason: String,
    },
    /// A move record names a point off the board.
    #[error("byte {offset}: move record names no point of the board (bytes {src}, {dst})")]
    BadSquare {
        /// Offset of the record.
        offset: usize,
        /// Decoded source byte.
        src: u8,
        /// Decoded destination byte.
        dst: u8,
    },
    /// A comment length beyond the end of the file.
    #[error("byte {offset}: comment of {len} bytes runs past the end of the file")]
    CommentLength {
        /// Offset of the length field.
        offset: usize,
        /// The length read.
        len: i64,
    },
}

/// A move of the file that was left out because it is illegal, with everything after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedMove {
    /// Offset of its record.
    pub offset: usize,
    /// The node of the game read it would have followed (its position is the one it was tried in).
    pub after: NodeId,
    /// The move.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalReason,
    /// Records left out with it (the move and its continuations).
    pub records: usize,
}

/// An XQF file read: the game, any illegal moves left out (with their continuations), and where
/// reading stopped in a damaged file.
#[derive(Debug, Clone)]
pub struct XqfRecord {
    /// The game: the moves read before any damage.
    pub game: Game,
    /// Illegal moves left out. Not empty means the file holds more than the game: saving over
    /// the file would lose them.
    pub skipped: Vec<SkippedMove>,
    /// Why the move tree could not be read to its end (a truncated file, a comment length past
    /// the end, a record naming no point), at the byte named; the moves read before it are in
    /// the game.
    pub stopped: Option<XqfError>,
    /// The file's version byte.
    pub version: u8,
}

struct Keys {
    piece_off: u8,
    src_off: u8,
    dst_off: u8,
    comment_off: i64,
    stream: [u8; 32],
}

fn f(b: u8) -> u8 {
    54u8.wrapping_mul(b).wrapping_mul(b).wrapping_add(221)
}

impl Keys {
    /// Keys of formats.md §7.2.
    fn new(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 0x0A {
            return Keys {
                piece_off: 0,
                src_off: 0,
                dst_off: 0,
                comment_off: 0,
                stream: [0; 32],
            };
        }
        let mask = header[3];
        let (sum, xy, xyf, xyt) = (header[0x0C], header[0x0D], header[0x0E], header[0x0F]);
        let piece_off = f(xy).wrapping_mul(xy);
        let src_off = f(xyf).wrapping_mul(piece_off);
        let dst_off = f(xyt).wrapping_mul(src_off);
        let comment_off = (i64::from(sum) * 256 + i64::from(xy)) % 32000 + 767;
        let key = [sum, xy, xyf, xyt];
        let k: [u8; 4] = std::array::from_fn(|i| header[0x08 + i] | (key[i] & mask));
        let stream = std::array::from_fn(|i| k[i % 4] & KEY_STREAM[i]);
        Keys {
            piece_off,
            src_off,
            dst_off,
            comment_off,
            stream,
        }
    }
}

fn square(value: u8) -> Option<Square> {
    if value >= 90 {
        return None;
    }
    Square::from_coords(value / 10, value % 10)
}

/// Read an XQF file. A file whose header cannot be read is refused; damage in the move tree
/// stops the reading there ([`XqfRecord::stopped`]) and the moves before it are kept.
pub fn read_xqf(bytes: &[u8]) -> Result<XqfRecord, XqfError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(XqfError::NotXqf);
    }
    if bytes.len() < HEADER_LEN {
        return Err(XqfError::Truncated {
            offset: bytes.len(),
            what: "the header is 1024 bytes",
        });
    }
    let version = bytes[2];
    if version > 0x12 {
        return Err(XqfError::Version(version));
    }
    let keys = Keys::new(bytes);
    let body: Vec<u8> = bytes[HEADER_LEN..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(keys.stream[i % 32]))
        .collect();
    let mut reader = Records {
        body: &body,
        at: 0,
        version,
        keys: &keys,
    };

    let (root, mut stopped) = match reader.record() {
        Ok(mut root) => {
            let fault = root.fault.take();
            (Some(root), fault)
        }
        Err(e) => (None, Some(e)),
    };
    let has_child = root.as_ref().is_some_and(|r| r.has_child) && stopped.is_none();
    let first_move = has_child.then(|| reader.peek_from()).flatten();
    let mut game = Game::new(start_position(bytes, &keys, first_move)?);
    read_tags(bytes, &mut game);
    let root_node = game.root();
    if let Some(root) = &root {
        append_comment(&mut game, root_node, &root.comment);
    }

    let mut skipped = Vec::new();
    // Each entry: the parent of the next record (None inside a skipped subtree).
    let mut pending: Vec<Option<NodeId>> = Vec::new();
    if has_child {
        pending.push(Some(game.root()));
    }
    let mut skipping: Option<usize> = None;
    while let Some(parent) = pending.pop() {
        let offset = HEADER_LEN + reader.at;
        let rec = match reader.record() {
            Ok(rec) => rec,
            Err(e) => {
                stopped = Some(e);
                break;
            }
        };
        let Some(mv) = rec.mv else {
            stopped = Some(XqfError::BadSquare {
                offset,
                src: rec.src,
                dst: rec.dst,
            });
            break;
        };
        let node = match parent {
            Some(parent) => match game.play(parent, mv) {
                Ok(node) => {
                    append_comment(&mut game, node, &rec.comment);
                    Some(node)
                }
                Err(illegal) => {
                    skipped.push(SkippedMove {
                        offset,
                        after: parent,
                        mv,
                        reason: illegal.reason,
                        records: 0,
                    });
                    skipping = Some(skipped.len() - 1);
                    None
                }
            },
            None => None,
        };
        if node.is_none() {
            if let Some(i) = skipping {
                skipped[i].records += 1;
            }
        }
        if rec.fault.is_some() {
            // The move is read; its comment and everything after it are not.
            stopped = rec.fault;
            break;
        }
        if rec.has_sibling {
            pending.push(parent);
        }
        if rec.has_child {
            pending.push(node);
        }
    }
    Ok(XqfRecord {
        game,
        skipped,
        stopped,
        version,
    })
}

fn append_comment(game: &mut Game, node: NodeId, text: &str) {
    let text = clean_comment(text);
    if text.is_empty() {
        return;
    }
    let comment = &mut game.annotation_mut(node).comment;
    if !comment.is_empty() {
        comment.push('\n');
    }
    comment.push_str(&text);
}

struct Record {
    src: u8,
    dst: u8,
    mv: Option<Move>,
    has_child: bool,
    has_sibling: bool,
    comment: String,
    /// The record's move was read but its comment could not be: the file is damaged here.
    fault: Option<XqfError>,
}

struct Records<'a> {
    body: &'a [u8],
    at: usize,
    version: u8,
    keys: &'a Keys,
}

impl Records<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], XqfError> {
        let slice = self
            .body
            .get(self.at..self.at + n)
            .ok_or(XqfError::Truncated {
                offset: HEADER_LEN + self.at.min(self.body.len()),
                what,
            })?;
        self.at += n;
        Ok(slice)
    }

    fn decode_move(&self, raw: &[u8]) -> (u8, u8, Option<Move>) {
        let src = raw[0].wrapping_sub(24).wrapping_sub(self.keys.src_off);
        let dst = raw[1].wrapping_sub(32).wrapping_sub(self.keys.dst_off);
        let mv = square(src)
            .zip(square(dst))
            .map(|(from, to)| Move::new(from, to));
        (src, dst, mv)
    }

    /// The source point of the next record, without consuming it.
    fn peek_from(&self) -> Option<Square> {
        let raw = self.body.get(self.at..self.at + 2)?;
        square(self.decode_move(raw).0)
    }

    fn record(&mut self) -> Result<Record, XqfError> {
        let raw: [u8; 4] = self
            .take(4, "a move record")?
            .try_into()
            .expect("take returned 4 bytes");
        let (src, dst, mv) = self.decode_move(&raw);
        let flags = raw[2];
        let (has_child, has_sibling, has_comment) = if self.version <= 0x0A {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let (comment, fault) = if has_comment {
            match self.comment() {
                Ok(text) => (text, None),
                Err(e) => (String::new(), Some(e)),
            }
        } else {
            (String::new(), None)
        };
        Ok(Record {
            src,
            dst,
            mv,
            has_child,
            has_sibling,
            comment,
            fault,
        })
    }

    /// The comment after a move record: its length, then GBK text.
    fn comment(&mut self) -> Result<String, XqfError> {
        let len_offset = HEADER_LEN + self.at;
        let len_bytes: [u8; 4] = self
            .take(4, "a comment length")?
            .try_into()
            .expect("take returned 4 bytes");
        let len = i64::from(i32::from_le_bytes(len_bytes)) - self.keys.comment_off;
        let remaining = self.body.len() - self.at;
        if len < 0 || len as usize > remaining.min(MAX_COMMENT) {
            return Err(XqfError::CommentLength {
                offset: len_offset,
                len,
            });
        }
        Ok(decode_gbk(self.take(len as usize, "comment text")?))
    }
}

/// The start position from the piece table; the side to move is the colour of the piece that
/// makes the first move (WhoPlay at 0x32 only when there is no move), as XQStudio's readers do.
fn start_position(
    bytes: &[u8],
    keys: &Keys,
    first_from: Option<Square>,
) -> Result<Position, XqfError> {
    let version = bytes[2];
    let raw = &bytes[0x10..0x30];
    let mut table = [0u8; 32];
    for (i, &b) in raw.iter().enumerate() {
        let value = b.wrapping_sub(keys.piece_off);
        if version >= 0x0C {
            table[(usize::from(keys.piece_off) + 1 + i) % 32] = value;
        } else {
            table[i] = value;
        }
    }
    let bad = |reason: String| XqfError::Start {
        offset: 0x10,
        reason,
    };
    let mut setup = Setup::empty();
    for (slot, &value) in table.iter().enumerate() {
        let Some(sq) = square(value) else { continue };
        let color = if slot < 16 { Color::Red } else { Color::Black };
        let piece = Piece::new(color, SLOT_KINDS[slot % 16]);
        if let Some(other) = setup.get(sq) {
            return Err(bad(format!(
                "{} and {} both on {sq}",
                other.kind.name(),
                piece.kind.name()
            )));
        }
        setup.set(sq, Some(piece));
    }
    setup.side = match first_from.and_then(|sq| setup.get(sq)) {
        Some(piece) => piece.color,
        None if bytes[0x32] == 1 => Color::Black,
        None => Color::Red,
    };
    let step = u32::from(u16::from_le_bytes([bytes[0x30], bytes[0x31]]));
    setup.fullmove_number = step.max(1);
    // A rule-book diagram's start is read (2.2); `ReadWarning::of_game` tells what it breaks.
    setup
        .into_position_with_warnings()
        .map(|(start, _)| start)
        .map_err(|e: SetupError| bad(e.to_string()))
}

fn pascal(bytes: &[u8], offset: usize, size: usize) -> String {
    let field = &bytes[offset..offset + size];
    let len = usize::from(field[0]).min(size - 1);
    decode_gbk(&field[1..1 + len])
        .trim_end_matches('\0')
        .trim()
        .to_owned()
}

fn read_tags(bytes: &[u8], game: &mut Game) {
    let title = pascal(bytes, 0x50, 64);
    let event = pascal(bytes, 0xD0, 64);
    let fields = [
        (
            TagKey::Event,
            if event.is_empty() {
                title.clone()
            } else {
                event.clone()
            },
        ),
        (
            TagKey::Other("Title".to_owned()),
            if event.is_empty() {
                String::new()
            } else {
                title
            },
        ),
        (TagKey::Date, pascal(bytes, 0x110, 16)),
        (TagKey::Site, pascal(bytes, 0x120, 16)),
        (TagKey::Red, pascal(bytes, 0x130, 16)),
        (TagKey::Black, pascal(bytes, 0x140, 16)),
        (TagKey::TimeControl, pascal(bytes, 0x150, 64)),
        (
            TagKey::Other("RedTime".to_owned()),
            pascal(bytes, 0x190, 16),
        ),
        (
            TagKey::Other("BlackTime".to_owned()),
            pascal(bytes, 0x1A0, 16),
        ),
        (TagKey::Annotator, pascal(bytes, 0x1D0, 16)),
        (TagKey::Other("Author".to_owned()), pascal(bytes, 0x1E0, 16)),
    ];
    for (key, value) in fields {
        if !value.is_empty() {
            game.tags_mut().set(key, value);
        }
    }
    let result = match bytes[0x33] {
        1 => Some(Outcome::RedWins),
        2 => Some(Outcome::BlackWins),
        3 | 4 => Some(Outcome::Draw),
        _ => None,
    };
    game.set_result(result);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_function_matches_xqstudio() {
        // f(b) = ((((b²·3+9)·3+8)·2+1)·3+8) mod 256 (formats.md §7.2)
        for b in 0..=255u8 {
            let b2 = u32::from(b) * u32::from(b);
            let reference = (((((b2 * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) % 256) as u8;
            assert_eq!(f(b), reference);
        }
    }

    #[test]
    fn keys_of_the_sample_header() {
        // SAMPLE.XQF header bytes 0x03–0x0F (formats.md §7.4): offsets 44, 196, 52, 11163.
        let mut header = vec![0u8; 16];
        header[2] = 0x12;
        header[3..16].copy_from_slice(&[
            0xbe, 0, 0, 0, 0, 0xe8, 0xd8, 0xbc, 0x84, 0xa5, 0x9c, 0xe7, 0xd8,
        ]);
        let keys = Keys::new(&header);
        assert_eq!(
            (keys.piece_off, keys.src_off, keys.dst_off, keys.comment_off),
            (44, 196, 52, 11163)
        );
    }

    #[test]
    fn short_and_foreign_files_are_refused() {
        assert_eq!(read_xqf(b"PK\x03\x04").unwrap_err(), XqfError::NotXqf);
        let err = read_xqf(b"XQ\x0a\x00").unwrap_err();
        assert_eq!(
            err,
            XqfError::Truncated {
                offset: 4,
                what: "the header is 1024 bytes"
            }
        );
        let mut future = vec![0u8; HEADER_LEN];
        future[..3].copy_from_slice(b"XQ\x20");
        assert_eq!(read_xqf(&future).unwrap_err(), XqfError::Version(0x20));
    }
}
