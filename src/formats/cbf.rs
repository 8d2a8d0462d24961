//! 象棋桥 (CCBridge) XML records, CBF: `<ChineseChessRecord>` with a `<Head>` of named fields
//! (Name, Contest, Round, Group, Table, Date, Site, Red, RedTeam, Black, BlackTeam, Referee,
//! Recorder, Commentator, ECCO, RecordResult, FEN, …) and a `<MoveList>` of `<Move value="xy-xy">`
//! (x the file from Red's left, y the rank from Black's side; the first, `00-00`, carries the
//! game comment), each move's comment in its text.

use crate::ending::Outcome;
use crate::record::{clean_comment, Game, TagKey};
use crate::rules::{Move, Position, Square};

/// Why a CBF file cannot be read (in full); every error names its line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CbfError {
    /// Not well-formed XML.
    #[error("{0}")]
    Xml(String),
    /// Well-formed XML but not a 象棋桥 record.
    #[error("line {line}, column {column}: {reason}")]
    Record {
        /// Line of the element.
        line: u32,
        /// Column of the element.
        column: u32,
        /// What is wrong.
        reason: String,
    },
    /// An illegal move; it and the moves after it are left out.
    #[error("line {line}, column {column}: illegal move {mv} ({reason}); it and the moves after it are left out")]
    Illegal {
        /// Line of the move.
        line: u32,
        /// Column of the move.
        column: u32,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: String,
    },
}

/// A CBF file read: the game, and the illegal move that stopped it, if any.
#[derive(Debug, Clone)]
pub struct CbfGame {
    /// The game.
    pub game: Game,
    /// Where the moves stopped, when an illegal one was met.
    pub error: Option<CbfError>,
}

/// True when the text looks like a CBF record.
pub fn is_cbf(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(512)];
    memchr::memmem::find(head, b"ChineseChessRecord").is_some()
}

/// The head fields kept as tags, with the tag each becomes.
fn tag_of(field: &str) -> Option<TagKey> {
    Some(match field {
        "Contest" => TagKey::Event,
        "Name" => TagKey::Other("Title".to_owned()),
        "Round" => TagKey::Round,
        "Date" => TagKey::Date,
        "Site" => TagKey::Site,
        "TimeRule" => TagKey::TimeControl,
        "Red" => TagKey::Red,
        "RedTeam" => TagKey::RedTeam,
        "RedRating" => TagKey::RedElo,
        "Black" => TagKey::Black,
        "BlackTeam" => TagKey::BlackTeam,
        "BlackRating" => TagKey::BlackElo,
        "Commentator" => TagKey::Annotator,
        "ECCO" => TagKey::Ecco,
        "FEN" | "RecordResult" | "DateModified" | "DateCreated" | "RecordType" => return None,
        // Group, Table, Referee, Recorder, RedTime, BlackTime, Creator, URL, From…: under their
        // own names.
        other => TagKey::Other(other.to_owned()),
    })
}

/// Read a CBF file.
pub fn read_cbf(text: &str) -> Result<CbfGame, CbfError> {
    let doc = roxmltree::Document::parse(text).map_err(|e| CbfError::Xml(e.to_string()))?;
    let at = |node: roxmltree::Node, reason: String| {
        let pos = doc.text_pos_at(node.range().start);
        CbfError::Record {
            line: pos.row,
            column: pos.col,
            reason,
        }
    };
    let root = doc.root_element();
    if root.tag_name().name() != "ChineseChessRecord" {
        return Err(at(
            root,
            "the root element is not ChineseChessRecord".to_owned(),
        ));
    }
    let head = root
        .children()
        .find(|n| n.has_tag_name("Head"))
        .ok_or_else(|| at(root, "no Head element".to_owned()))?;
    let field = |name: &str| {
        head.children()
            .find(|n| n.has_tag_name(name))
            .and_then(|n| n.text())
            .map(str::trim)
            .filter(|t| !t.is_empty())
    };
    let start = match field("FEN") {
        Some(fen) => Position::from_diagram_fen(fen).map_err(|e| {
            let node = head
                .children()
                .find(|n| n.has_tag_name("FEN"))
                .unwrap_or(head);
            at(node, format!("the FEN is not a position: {e}"))
        })?,
        None => Position::startpos(),
    };
    let mut game = Game::new(start);
    for node in head.children().filter(roxmltree::Node::is_element) {
        let Some(value) = node.text().map(str::trim).filter(|t| !t.is_empty()) else {
            continue;
        };
        if let Some(key) = tag_of(node.tag_name().name()) {
            game.tags_mut().set(key, value);
        }
    }
    if game.tags().get(&TagKey::Event).is_none() {
        if let Some(title) = game.tags_mut().remove(&TagKey::Other("Title".to_owned())) {
            game.tags_mut().set(TagKey::Event, title);
        }
    }
    game.set_result(match field("RecordResult") {
        Some("1") => Some(Outcome::RedWins),
        Some("2") => Some(Outcome::BlackWins),
        Some("3") => Some(Outcome::Draw),
        _ => None,
    });
    let Some(list) = root.children().find(|n| n.has_tag_name("MoveList")) else {
        return Ok(CbfGame { game, error: None });
    };
    let mut node = game.root();
    let mut error = None;
    for (i, element) in list
        .children()
        .filter(|n| n.has_tag_name("Move"))
        .enumerate()
    {
        let value = element.attribute("value").unwrap_or("");
        let comment = clean_comment(element.text().unwrap_or(""));
        if i == 0 && value == "00-00" {
            if !comment.is_empty() {
                game.set_comment(node, comment);
            }
            continue;
        }
        let mv = parse_move(value)
            .ok_or_else(|| at(element, format!("'{value}' is not a move (xy-xy)")))?;
        match game.play(node, mv) {
            Ok(next) => {
                node = next;
                if !comment.is_empty() {
                    game.set_comment(node, comment);
                }
            }
            Err(illegal) => {
                let pos = doc.text_pos_at(element.range().start);
                error = Some(CbfError::Illegal {
                    line: pos.row,
                    column: pos.col,
                    mv,
                    reason: illegal.reason.to_string(),
                });
                break;
            }
        }
    }
    Ok(CbfGame { game, error })
}

/// `77-47`: file and rank-from-the-top of each point.
fn parse_move(value: &str) -> Option<Move> {
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let digit = |c: u8| c.is_ascii_digit().then(|| c - b'0');
    let square = |x: u8, y: u8| Square::from_coords(digit(x)?, 9u8.checked_sub(digit(y)?)?);
    Some(Move::new(square(b[0], b[1])?, square(b[3], b[4])?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_from_the_top() {
        assert_eq!(parse_move("77-47"), Move::parse_iccs("h2e2"));
        assert_eq!(parse_move("70-62"), Move::parse_iccs("h9g7"));
        assert_eq!(parse_move("7-47"), None);
        assert_eq!(parse_move("9a-47"), None);
    }

    #[test]
    fn errors_name_the_line() {
        let text = "<ChineseChessRecord><Head/>\n<MoveList>\n<Move value=\"00-00\"/>\n<Move value=\"77-48\"/></MoveList></ChineseChessRecord>";
        let read = read_cbf(text).expect("well formed");
        assert!(
            matches!(read.error, Some(CbfError::Illegal { line: 4, .. })),
            "{:?}",
            read.error
        );
        let bad =
            read_cbf("<ChineseChessRecord><Head/><MoveList><Move value=\"zz\"/>").unwrap_err();
        assert!(matches!(bad, CbfError::Xml(_)), "{bad:?}");
    }
}
