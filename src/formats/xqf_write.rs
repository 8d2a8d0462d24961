//! XQF written: the record as XQStudio (象棋演播室) and the common readers open it, version
//! 0x0A (XQF 1.0, unencrypted; formats.md §7).
//!
//! * Header: the 32 piece squares of the start position, the move number and side to move, the
//!   result, the type (全局 for the initial position, 中局 otherwise) and the text fields (title,
//!   event, date, site, players, time control, times, annotator, author) as GBK Pascal strings.
//! * Body: the move tree in pre-order (first child, then next sibling), each record `src dst flags
//!   0` and a comment length that version 0x0A always carries; the root's comment is the game
//!   comment. Comments are GBK with CRLF line ends.
//!
//! Nothing is dropped silently: a character that does not read back from GBK as itself (one GBK
//! cannot hold is written `&#NNNN;`), a field longer
//! than its slot, a tag XQF has no field for, and a mark, NAG or comment before a move XQF has no
//! place for are each returned as an [`XqfLoss`] with its place.

use std::fmt;

use encoding_rs::GBK;

use super::encoding::{LostCharacter, TextEncoding};

use crate::ending::Outcome;
use crate::lang::Language;
use crate::record::{Game, NodeId, TagKey};
use crate::rules::{Color, PieceKind, Position, Square};

use super::xqf::SLOT_KINDS;

const HEADER_LEN: usize = 0x400;
const VERSION: u8 = 0x0A;
/// Flags of a version 0x0A record: a next move follows (child), a variation follows (sibling).
const HAS_CHILD: u8 = 0xF0;
const HAS_SIBLING: u8 = 0x0F;

/// A text field of the XQF header: where it lies and how many bytes it holds (with its length
/// byte).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum XqfField {
    /// 标题, 0x50.
    Title,
    /// 赛事, 0xD0.
    Event,
    /// 日期, 0x110.
    Date,
    /// 地点, 0x120.
    Site,
    /// 红方, 0x130.
    Red,
    /// 黑方, 0x140.
    Black,
    /// 用时规则, 0x150.
    TimeControl,
    /// 红方用时, 0x190.
    RedTime,
    /// 黑方用时, 0x1A0.
    BlackTime,
    /// 评论员, 0x1D0.
    Annotator,
    /// 作者, 0x1E0.
    Author,
}

impl XqfField {
    const ALL: [XqfField; 11] = [
        XqfField::Title,
        XqfField::Event,
        XqfField::Date,
        XqfField::Site,
        XqfField::Red,
        XqfField::Black,
        XqfField::TimeControl,
        XqfField::RedTime,
        XqfField::BlackTime,
        XqfField::Annotator,
        XqfField::Author,
    ];

    fn slot(self) -> (usize, usize) {
        match self {
            XqfField::Title => (0x50, 64),
            XqfField::Event => (0xD0, 64),
            XqfField::Date => (0x110, 16),
            XqfField::Site => (0x120, 16),
            XqfField::Red => (0x130, 16),
            XqfField::Black => (0x140, 16),
            XqfField::TimeControl => (0x150, 64),
            XqfField::RedTime => (0x190, 16),
            XqfField::BlackTime => (0x1A0, 16),
            XqfField::Annotator => (0x1D0, 16),
            XqfField::Author => (0x1E0, 16),
        }
    }

    /// The tag the field holds (the Qipu XQF reader gives the same tags back).
    fn tag(self) -> TagKey {
        match self {
            XqfField::Title => TagKey::Other("Title".to_owned()),
            XqfField::Event => TagKey::Event,
            XqfField::Date => TagKey::Date,
            XqfField::Site => TagKey::Site,
            XqfField::Red => TagKey::Red,
            XqfField::Black => TagKey::Black,
            XqfField::TimeControl => TagKey::TimeControl,
            XqfField::RedTime => TagKey::Other("RedTime".to_owned()),
            XqfField::BlackTime => TagKey::Other("BlackTime".to_owned()),
            XqfField::Annotator => TagKey::Annotator,
            XqfField::Author => TagKey::Other("Author".to_owned()),
        }
    }
}

/// Where in the record a loss happened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum XqfPlace {
    /// A header field.
    Field(XqfField),
    /// The game comment, before the first move.
    GameComment,
    /// The move of a node: its ply and the move in ICCS.
    Move {
        /// Ply from the start (1 = the first move).
        ply: usize,
        /// The move, `h2e2`.
        mv: String,
    },
}

impl fmt::Display for XqfPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfPlace::Field(field) => write!(f, "the {field:?} field"),
            XqfPlace::GameComment => f.write_str("the game comment"),
            XqfPlace::Move { ply, mv } => write!(f, "ply {ply} ({mv})"),
        }
    }
}

/// Something of the record an XQF file cannot hold as it is.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum XqfLoss {
    /// A character that does not read back from GBK as itself: one GBK has no code for is
    /// written as `&#NNNN;`; a private-use character GBK holds under another character's code
    /// reads back as that character.
    #[error("{place}: {lost}, as GBK has no code of its own for it")]
    Unencodable {
        /// Where it stands.
        place: XqfPlace,
        /// The character and what it reads back as.
        lost: LostCharacter,
    },
    /// A header field longer than its slot: the end is cut.
    #[error("the {field:?} field holds {max} bytes: '{value}' is cut to '{kept}'")]
    Truncated {
        /// The field.
        field: XqfField,
        /// Its capacity in GBK bytes.
        max: usize,
        /// The full value.
        value: String,
        /// What was written.
        kept: String,
    },
    /// A tag XQF has no field for.
    #[error("XQF has no field for the tag {key} \"{value}\"; not written")]
    Tag {
        /// The tag's name.
        key: String,
        /// Its value.
        value: String,
    },
    /// A mark, NAG or a comment before the move, which XQF has no place for.
    #[error("{place}: XQF has no place for {what}; not written")]
    Annotation {
        /// The move it belongs to.
        place: XqfPlace,
        /// What is lost (`the mark !?`, `NAG $14`, `the comment before the move`).
        what: String,
    },
}

impl XqfLoss {
    /// The loss in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match lang {
            Language::English => self.to_string(),
            _ => {
                let place = |p: &XqfPlace| match p {
                    XqfPlace::Field(field) => format!("{field:?}"),
                    XqfPlace::GameComment => lang.pick("", "开局注释", "開局註釋").to_owned(),
                    XqfPlace::Move { ply, mv } => {
                        format!("{}{ply}{}（{mv}）", lang.pick("", "第 ", "第 "), " 步")
                    }
                };
                match self {
                    XqfLoss::Unencodable { place: p, lost } => format!(
                        "{}：「{}」（U+{:04X}）{}「{}」",
                        place(p),
                        lost.character,
                        u32::from(lost.character),
                        lang.pick(
                            "",
                            "在 GBK 中没有自己的编码，读回为",
                            "在 GBK 中沒有自己的編碼，讀回為",
                        ),
                        lost.read_back
                    ),
                    XqfLoss::Truncated {
                        field, max, kept, ..
                    } => format!(
                        "{field:?}{}「{kept}」",
                        lang.pick(
                            "",
                            &format!(" 栏只能容纳 {max} 字节，截为"),
                            &format!(" 欄只能容納 {max} 位元組，截為"),
                        )
                    ),
                    XqfLoss::Tag { key, value } => format!(
                        "{key}「{value}」{}",
                        lang.pick("", "：XQF 没有这一栏，未写入", "：XQF 沒有這一欄，未寫入")
                    ),
                    XqfLoss::Annotation { place: p, what } => format!(
                        "{}：{what}{}",
                        place(p),
                        lang.pick("", " XQF 无处保存，未写入", " XQF 無處保存，未寫入")
                    ),
                }
            }
        }
    }
}

/// Why a record cannot be written as XQF at all.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum XqfWriteError {
    /// The start position holds more pieces of a kind than XQF has slots for.
    #[error("the start position has more {kind:?} pieces of one side than XQF has slots for")]
    TooManyPieces {
        /// The kind.
        kind: PieceKind,
    },
}

/// An XQF file written: its bytes, and what of the record it could not hold.
#[derive(Clone, Debug)]
pub struct XqfWritten {
    /// The file.
    pub bytes: Vec<u8>,
    /// What was cut, replaced or left out, in the order met.
    pub losses: Vec<XqfLoss>,
}

/// Write a game as an XQF 1.0 (0x0A) file.
pub fn write_xqf(game: &Game) -> Result<XqfWritten, XqfWriteError> {
    let mut losses = Vec::new();
    let mut bytes = vec![0u8; HEADER_LEN];
    bytes[..3].copy_from_slice(&[b'X', b'Q', VERSION]);
    write_pieces(game.start(), &mut bytes)?;
    let start = game.start();
    let step = u16::try_from(start.fullmove_number()).unwrap_or(u16::MAX);
    bytes[0x30..0x32].copy_from_slice(&step.to_le_bytes());
    bytes[0x32] = u8::from(start.side_to_move() == Color::Black);
    bytes[0x33] = match game.result() {
        Some(Outcome::RedWins) => 1,
        Some(Outcome::BlackWins) => 2,
        Some(Outcome::Draw) => 3,
        Some(Outcome::BothForfeit) | None => 0,
    };
    let moves = u32::try_from(game.move_count()).unwrap_or(u32::MAX);
    bytes[0x34..0x38].copy_from_slice(&moves.to_le_bytes());
    // 全局 (a whole game from the initial position) or 中局: readers that ignore the piece table
    // of types 0 and 1 must not be given another start.
    bytes[0x40] = if *start == Position::startpos() { 0 } else { 2 };
    write_fields(game, &mut bytes, &mut losses);
    write_tree(game, &mut bytes, &mut losses);
    Ok(XqfWritten { bytes, losses })
}

/// The point number of XQF: file from Red's left times ten plus rank from Red's side.
fn point(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

fn write_pieces(start: &Position, bytes: &mut [u8]) -> Result<(), XqfWriteError> {
    let mut table = [0xFFu8; 32];
    // Files from Red's left, ranks from Red's side: the initial position fills the slots in
    // their own order (车 a0 before 车 i0, 兵 a3 … i3).
    let mut pieces: Vec<(Square, crate::rules::Piece)> = start.pieces().collect();
    pieces.sort_by_key(|(sq, _)| (sq.file(), sq.rank()));
    for (sq, piece) in pieces {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let slot = (0..16)
            .find(|&i| SLOT_KINDS[i] == piece.kind && table[base + i] == 0xFF)
            .ok_or(XqfWriteError::TooManyPieces { kind: piece.kind })?;
        table[base + slot] = point(sq);
    }
    bytes[0x10..0x30].copy_from_slice(&table);
    Ok(())
}

/// Encode `text` as GBK; each character that does not read back as itself is reported.
fn gbk(text: &str, place: &XqfPlace, losses: &mut Vec<XqfLoss>) -> Vec<u8> {
    let encoded = TextEncoding::Gbk.encode(text);
    losses.extend(encoded.lost.into_iter().map(|lost| XqfLoss::Unencodable {
        place: place.clone(),
        lost,
    }));
    encoded.bytes
}

fn write_fields(game: &Game, bytes: &mut [u8], losses: &mut Vec<XqfLoss>) {
    let tags = game.tags();
    for field in XqfField::ALL {
        let Some(value) = tags.get(&field.tag()) else {
            continue;
        };
        let (offset, size) = field.slot();
        let max = size - 1;
        let place = XqfPlace::Field(field);
        let mut encoded = gbk(value, &place, losses);
        if encoded.len() > max {
            // Cut at a character: keep the longest prefix that fits.
            let mut kept = String::new();
            let mut kept_bytes = Vec::new();
            for c in value.chars() {
                let mut buf = [0u8; 4];
                let (b, _, _) = GBK.encode(c.encode_utf8(&mut buf));
                if kept_bytes.len() + b.len() > max {
                    break;
                }
                kept_bytes.extend_from_slice(&b);
                kept.push(c);
            }
            losses.push(XqfLoss::Truncated {
                field,
                max,
                value: value.to_owned(),
                kept,
            });
            encoded = kept_bytes;
        }
        bytes[offset] = encoded.len() as u8; // at most 63: cut above
        bytes[offset + 1..offset + 1 + encoded.len()].copy_from_slice(&encoded);
    }
    let held: Vec<TagKey> = XqfField::ALL.iter().map(|f| f.tag()).collect();
    for (key, value) in tags.iter() {
        // The result and the start position have their own header bytes; Game and Format
        // describe PGN text.
        let structural = matches!(
            key,
            TagKey::Game | TagKey::Result | TagKey::Fen | TagKey::Format
        );
        if !structural && !held.contains(key) && !value.is_empty() {
            losses.push(XqfLoss::Tag {
                key: key.name().to_owned(),
                value: value.to_owned(),
            });
        }
    }
}

/// Pre-order, first child then next sibling: each record is followed by its first child's
/// subtree (when it has one), then by its next sibling's.
fn write_tree(game: &Game, out: &mut Vec<u8>, losses: &mut Vec<XqfLoss>) {
    let root = game.root();
    let root_flags = if game.children(root).is_empty() {
        0
    } else {
        HAS_CHILD
    };
    out.extend_from_slice(&[0x18, 0x20, root_flags, 0xFF]);
    write_comment(game.comment(root), &XqfPlace::GameComment, out, losses);
    let mut stack: Vec<NodeId> = game.children(root).first().copied().into_iter().collect();
    while let Some(node) = stack.pop() {
        let Some(mv) = game.move_of(node) else {
            continue;
        };
        let next_sibling = game.parent(node).and_then(|parent| {
            let siblings = game.children(parent);
            let i = siblings.iter().position(|&s| s == node)?;
            siblings.get(i + 1).copied()
        });
        let first_child = game.children(node).first().copied();
        let mut flags = 0;
        if first_child.is_some() {
            flags |= HAS_CHILD;
        }
        if next_sibling.is_some() {
            flags |= HAS_SIBLING;
        }
        out.extend_from_slice(&[point(mv.from) + 24, point(mv.to) + 32, flags, 0]);
        let place = XqfPlace::Move {
            ply: game.ply(node),
            mv: mv.to_string(),
        };
        let annotation = game.annotation(node);
        write_comment(&annotation.comment, &place, out, losses);
        if !annotation.comment_before.is_empty() {
            losses.push(XqfLoss::Annotation {
                place: place.clone(),
                what: format!(
                    "the comment before the move '{}'",
                    annotation.comment_before
                ),
            });
        }
        if let Some(mark) = annotation.mark {
            losses.push(XqfLoss::Annotation {
                place: place.clone(),
                what: format!("the mark {mark}"),
            });
        }
        for nag in &annotation.nags {
            losses.push(XqfLoss::Annotation {
                place: place.clone(),
                what: format!("NAG ${nag}"),
            });
        }
        stack.extend(next_sibling);
        stack.extend(first_child);
    }
}

fn write_comment(text: &str, place: &XqfPlace, out: &mut Vec<u8>, losses: &mut Vec<XqfLoss>) {
    let crlf = text.replace('\n', "\r\n");
    let encoded = gbk(&crlf, place, losses);
    let len = u32::try_from(encoded.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&encoded[..len as usize]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read_xqf;
    use crate::rules::Move;

    fn mv(s: &str) -> Move {
        Move::parse_iccs(s).expect("ICCS")
    }

    #[test]
    fn the_initial_position_fills_the_slots_in_their_order() {
        let written = write_xqf(&Game::new(Position::startpos())).expect("written");
        let b = &written.bytes;
        assert_eq!(&b[..3], b"XQ\x0a");
        // 车 a0, 马 b0, 相 c0 … 炮 b2 h2, 兵 a3 c3 e3 g3 i3 (formats.md §7.4), then Black.
        assert_eq!(
            &b[0x10..0x20],
            &[0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83]
        );
        assert_eq!(
            &b[0x20..0x30],
            &[9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86]
        );
        assert_eq!(b[0x40], 0);
        // The root record alone: no move, no comment.
        assert_eq!(&b[HEADER_LEN..], &[0x18, 0x20, 0, 0xFF, 0, 0, 0, 0]);
        assert!(written.losses.is_empty());
    }

    #[test]
    fn a_tree_reads_back_the_same() {
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        game.set_comment(root, "中炮对屏风马\n第二行");
        let a = game.play(root, mv("h2e2")).expect("legal");
        let b = game.play(a, mv("h9g7")).expect("legal");
        game.set_comment(b, "屏风马");
        game.play(b, mv("h0g2")).expect("legal");
        let v = game.play(a, mv("b9c7")).expect("legal");
        game.play(v, mv("b0c2")).expect("legal");
        game.play(root, mv("c3c4")).expect("legal");
        // In the order the reader gives them back.
        game.tags_mut().set(TagKey::Event, "全国象棋个人赛");
        game.tags_mut().set(TagKey::Red, "许银川");
        game.set_result(Some(Outcome::RedWins));
        let written = write_xqf(&game).expect("written");
        assert!(written.losses.is_empty(), "{:?}", written.losses);
        let back = read_xqf(&written.bytes).expect("read back");
        assert!(back.skipped.is_empty());
        assert!(back.game.same_record(&game));
    }

    #[test]
    fn what_xqf_cannot_hold_is_reported() {
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        let a = game.play(root, mv("h2e2")).expect("legal");
        // Hangul, which GBK has no code for.
        game.set_comment(a, "\u{C88B}\u{C740} \u{C218} ok");
        game.set_mark(a, Some(crate::record::Mark::Good));
        game.tags_mut().set(TagKey::Round, "5");
        game.tags_mut().set(TagKey::Red, "一二三四五六七八九十");
        let written = write_xqf(&game).expect("written");
        let unencodable: Vec<char> = written
            .losses
            .iter()
            .filter_map(|l| match l {
                XqfLoss::Unencodable {
                    place: XqfPlace::Move { ply: 1, .. },
                    lost,
                } => Some(lost.character),
                _ => None,
            })
            .collect();
        assert_eq!(unencodable, ['\u{C88B}', '\u{C740}', '\u{C218}']);
        assert!(written.losses.iter().any(|l| matches!(
            l,
            XqfLoss::Truncated { field: XqfField::Red, kept, .. } if kept == "一二三四五六七"
        )));
        assert!(written
            .losses
            .iter()
            .any(|l| matches!(l, XqfLoss::Tag { key, .. } if key == "Round")));
        assert!(written
            .losses
            .iter()
            .any(|l| matches!(l, XqfLoss::Annotation { what, .. } if what == "the mark !")));
        let back = read_xqf(&written.bytes).expect("read back");
        let node = back.game.main_line()[0];
        assert_eq!(back.game.comment(node), "&#51339;&#51008; &#49688; ok");
    }

    #[test]
    fn a_character_that_reads_back_as_another_is_reported() {
        // Found by the CBR fuzz target: U+E832 (private use) is written under GBK's FE 6D, which
        // reads back as U+9FB8; the round trip changed the record and nothing said so.
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        game.set_comment(root, "\u{E832}");
        game.tags_mut().set(TagKey::Event, "杯\u{E832}");
        let written = write_xqf(&game).expect("written");
        let lost = LostCharacter {
            character: '\u{E832}',
            read_back: "\u{9FB8}".to_owned(),
        };
        assert_eq!(
            written.losses,
            [
                XqfLoss::Unencodable {
                    place: XqfPlace::Field(XqfField::Event),
                    lost: lost.clone(),
                },
                XqfLoss::Unencodable {
                    place: XqfPlace::GameComment,
                    lost,
                },
            ]
        );
        assert!(written.losses[0]
            .message(Language::SimplifiedChinese)
            .contains("读回为「\u{9FB8}」"));
        let back = read_xqf(&written.bytes).expect("read back");
        assert_eq!(back.game.comment(back.game.root()), "\u{9FB8}");
    }
}
