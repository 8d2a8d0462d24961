//! DhtmlXQ / UBB, the blocks web boards embed (东萍 dpxq; formats.md §8):
//! `[DhtmlXQ]` … `[DhtmlXQ_key]value[/DhtmlXQ_key]` … `[/DhtmlXQ]`.
//!
//! * Points are two digits `xy`, x the file from Red's left, y the rank from Black's side; a
//!   move is four digits. `binit` gives the 32 pieces (车马相仕帅仕相马车炮炮兵×5, Red then Black;
//!   `99` absent), `fen` a position.
//! * `movelist` is the main line (branch 0); `move_P_I_B` is branch B, whose first move replaces
//!   the move at ply I (counted from the start) of branch P. `comment0` is the game comment,
//!   `commentN` follows ply N of the main line and `commentB_N` ply N of branch B; `||` is a line
//!   break. What would be misread (`[/DhtmlXQ` in a value, `|` runs in a comment) is written as
//!   numeric references (`dhtmlxq_escape`).
//! * Header: `title event date place round red black redteam blackteam result ecco`; any other
//!   key is kept as a tag of that name and written back (`ver` and `init` configure a viewer).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::ending::Outcome;
use crate::lang::Language;
use crate::record::{clean_comment, Game, NodeId, TagKey};
use crate::rules::{Color, Move, Position, Setup, Square};

use super::dhtmlxq_escape::{escape, unescape, ValueKind};
use super::xqf::SLOT_KINDS;

/// Why a DhtmlXQ block cannot be read (in full); every error names its line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DhtmlXqError {
    /// A `[DhtmlXQ_key]` without its closing `[/DhtmlXQ_key]`.
    #[error("line {line}, column {column}: [DhtmlXQ_{key}] is not closed")]
    Unclosed {
        /// Line of the opening tag.
        line: usize,
        /// Column of the opening tag.
        column: usize,
        /// The key.
        key: String,
    },
    /// A move list that is not groups of four digits.
    #[error("line {line}, column {column}: '{text}' is not a move (four digits xyxy)")]
    BadMove {
        /// Line of the move.
        line: usize,
        /// Column of the move.
        column: usize,
        /// The text.
        text: String,
    },
    /// A start position that is not one.
    #[error("line {line}, column {column}: bad start position: {reason}")]
    Start {
        /// Line of the field.
        line: usize,
        /// Column of the field.
        column: usize,
        /// What is wrong.
        reason: String,
    },
    /// An illegal move: it and the rest of its branch are left out.
    #[error("line {line}, column {column}: illegal move {mv} ({reason}); it and the rest of its branch are left out")]
    Illegal {
        /// Line of the move.
        line: usize,
        /// Column of the move.
        column: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: String,
    },
    /// A branch that starts at a ply its base branch does not have.
    #[error("line {line}, column {column}: branch {branch} starts at ply {ply} of branch {base}, which has no such move")]
    Detached {
        /// Line of the branch.
        line: usize,
        /// Column of the branch.
        column: usize,
        /// The branch number.
        branch: usize,
        /// Its base branch.
        base: usize,
        /// The ply it replaces.
        ply: usize,
    },
}

/// One game read from a DhtmlXQ block, with what could not be read (the game then lacks it).
#[derive(Debug, Clone)]
pub struct DhtmlXqGame {
    /// The game.
    pub game: Game,
    /// Moves and branches left out.
    pub errors: Vec<DhtmlXqError>,
}

/// True when the text holds a DhtmlXQ block.
pub fn is_dhtmlxq(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1 << 16)];
    // Both tags start `[DhtmlXQ`: one search finds every candidate.
    memchr::memmem::find_iter(head, b"[DhtmlXQ").any(|at| {
        let rest = &head[at + 8..];
        rest.starts_with(b"]") || rest.starts_with(b"_movelist]")
    })
}

/// A field: its value and where the value starts in the text (byte offset).
struct Field<'a> {
    value: &'a str,
    at: usize,
}

/// Line and column (from 1) of a byte offset.
fn place(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Read every DhtmlXQ block of a text, in order; a text of fields without the wrapper is one
/// block. A block that cannot be read at all gives its error.
pub fn read_dhtmlxq(text: &str) -> Vec<Result<DhtmlXqGame, DhtmlXqError>> {
    let mut blocks = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find("[DhtmlXQ]") {
        let start = rest + open + "[DhtmlXQ]".len();
        let end = text[start..]
            .find("[/DhtmlXQ]")
            .map_or(text.len(), |e| start + e);
        blocks.push((start, end));
        rest = end;
    }
    if blocks.is_empty() {
        blocks.push((0, text.len()));
    }
    blocks
        .into_iter()
        .map(|(start, end)| read_block(text, start, end))
        .collect()
}

fn fields(text: &str, start: usize, end: usize) -> Result<Vec<(String, Field<'_>)>, DhtmlXqError> {
    let mut out = Vec::new();
    let mut at = start;
    while let Some(i) = text[at..end].find("[DhtmlXQ_") {
        let open = at + i;
        let key_start = open + "[DhtmlXQ_".len();
        let Some(close) = text[key_start..end].find(']') else {
            break;
        };
        let key = &text[key_start..key_start + close];
        let value_start = key_start + close + 1;
        let closing = format!("[/DhtmlXQ_{key}]");
        let Some(v) = text[value_start..end].find(&closing) else {
            let (line, column) = place(text, open);
            return Err(DhtmlXqError::Unclosed {
                line,
                column,
                key: key.to_owned(),
            });
        };
        out.push((
            key.to_owned(),
            Field {
                value: &text[value_start..value_start + v],
                at: value_start,
            },
        ));
        at = value_start + v + closing.len();
    }
    Ok(out)
}

/// The tag a header key stands for; `None` for the keys that are structure or viewer set-up.
fn tag_of(key: &str) -> Option<TagKey> {
    Some(match key {
        "title" => TagKey::Other("Title".to_owned()),
        "event" => TagKey::Event,
        "date" => TagKey::Date,
        "place" => TagKey::Site,
        "round" => TagKey::Round,
        "red" => TagKey::Red,
        "black" => TagKey::Black,
        "redteam" => TagKey::RedTeam,
        "blackteam" => TagKey::BlackTeam,
        "ecco" => TagKey::Ecco,
        "ver" | "init" | "binit" | "fen" | "movelist" | "result" => return None,
        k if k.starts_with("comment") || k.starts_with("move_") => return None,
        other => match TagKey::parse(other) {
            // Written from the record's own result and start, never as tags.
            TagKey::Result | TagKey::Fen | TagKey::Format | TagKey::Game => return None,
            tag => tag,
        },
    })
}

/// The header key written for a tag.
fn key_of(tag: &TagKey) -> Option<String> {
    Some(match tag {
        TagKey::Event => "event".to_owned(),
        TagKey::Date => "date".to_owned(),
        TagKey::Site => "place".to_owned(),
        TagKey::Round => "round".to_owned(),
        TagKey::Red => "red".to_owned(),
        TagKey::Black => "black".to_owned(),
        TagKey::RedTeam => "redteam".to_owned(),
        TagKey::BlackTeam => "blackteam".to_owned(),
        TagKey::Ecco => "ecco".to_owned(),
        TagKey::Result | TagKey::Fen | TagKey::Format | TagKey::Game => return None,
        TagKey::Other(name) if name == "Title" => "title".to_owned(),
        other => other.name().to_owned(),
    })
}

fn result_of(value: &str) -> Option<Outcome> {
    match value.trim() {
        "红胜" | "紅勝" | "红先胜" | "紅先勝" | "黑负" | "1-0" => {
            Some(Outcome::RedWins)
        }
        "黑胜" | "黑勝" | "红负" | "紅負" | "红先负" | "紅先負" | "0-1" => {
            Some(Outcome::BlackWins)
        }
        "和棋" | "和" | "红先和" | "紅先和" | "1/2-1/2" => Some(Outcome::Draw),
        "双方弃权" | "雙方棄權" => Some(Outcome::BothForfeit),
        _ => None,
    }
}

/// A point `xy`: file from Red's left, rank from Black's side.
fn point(x: u8, y: u8) -> Option<Square> {
    Square::from_coords(x, 9u8.checked_sub(y)?)
}

/// The moves of a list, each with its byte offset.
fn moves(text: &str, field: &Field) -> Result<Vec<(Move, usize)>, DhtmlXqError> {
    let value = field.value.trim();
    let lead = field.value.len() - field.value.trim_start().len();
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 4);
    for (i, chunk) in bytes.chunks(4).enumerate() {
        let at = field.at + lead + i * 4;
        let digits: Option<Vec<u8>> = chunk
            .iter()
            .map(|&b| b.is_ascii_digit().then(|| b - b'0'))
            .collect();
        let mv = match digits.as_deref() {
            Some([a, b, c, d]) => point(*a, *b)
                .zip(point(*c, *d))
                .map(|(f, t)| Move::new(f, t)),
            _ => None,
        };
        let Some(mv) = mv else {
            let (line, column) = place(text, at);
            return Err(DhtmlXqError::BadMove {
                line,
                column,
                text: String::from_utf8_lossy(chunk).into_owned(),
            });
        };
        out.push((mv, at));
    }
    Ok(out)
}

fn start_position(
    text: &str,
    map: &BTreeMap<&str, &Field>,
    first: Option<Move>,
) -> Result<Position, DhtmlXqError> {
    let bad = |at: usize, reason: String| {
        let (line, column) = place(text, at);
        DhtmlXqError::Start {
            line,
            column,
            reason,
        }
    };
    if let Some(fen) = map.get("fen").filter(|f| !f.value.trim().is_empty()) {
        return Position::from_diagram_fen(fen.value.trim())
            .map_err(|e| bad(fen.at, e.to_string()));
    }
    let Some(binit) = map.get("binit").filter(|f| !f.value.trim().is_empty()) else {
        return Ok(Position::startpos());
    };
    let digits: Vec<u8> = binit.value.trim().bytes().collect();
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(bad(binit.at, "binit is not 64 digits".to_owned()));
    }
    let mut setup = Setup::empty();
    for (slot, pair) in digits.chunks(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if x == 9 && y == 9 {
            continue;
        }
        let Some(sq) = point(x, y) else {
            return Err(bad(binit.at + slot * 2, format!("{x}{y} is not a point")));
        };
        let color = if slot < 16 { Color::Red } else { Color::Black };
        let piece = crate::rules::Piece::new(color, SLOT_KINDS[slot % 16]);
        if setup.get(sq).is_some() {
            return Err(bad(binit.at + slot * 2, format!("two pieces on {sq}")));
        }
        setup.set(sq, Some(piece));
    }
    // The first move's piece tells the side to move, as in XQF; Red otherwise.
    setup.side = first
        .and_then(|mv| setup.get(mv.from))
        .map_or(Color::Red, |p| p.color);
    // A rule-book diagram's start is read (2.2); `ReadWarning::of_game` tells what it breaks.
    setup
        .into_position_with_warnings()
        .map(|(start, _)| start)
        .map_err(|e| bad(binit.at, e.to_string()))
}

fn read_block(text: &str, start: usize, end: usize) -> Result<DhtmlXqGame, DhtmlXqError> {
    let list = fields(text, start, end)?;
    let mut map: BTreeMap<&str, &Field> = BTreeMap::new();
    for (key, field) in &list {
        map.entry(key.as_str()).or_insert(field);
    }
    let main = match map.get("movelist") {
        Some(field) => moves(text, field)?,
        None => Vec::new(),
    };
    let mut game = Game::new(start_position(text, &map, main.first().map(|m| m.0))?);
    // Tags in the order of the text.
    for (key, field) in &list {
        let value = field.value.trim();
        if value.is_empty()
            || map
                .get(key.as_str())
                .is_some_and(|f| !std::ptr::eq(*f, field))
        {
            continue;
        }
        if let Some(tag) = tag_of(key) {
            game.tags_mut().set(tag, unescape(value, ValueKind::Plain));
        }
    }
    if game.tags().get(&TagKey::Event).is_none() {
        if let Some(title) = game.tags_mut().remove(&TagKey::Other("Title".to_owned())) {
            game.tags_mut().set(TagKey::Event, title);
        }
    }
    game.set_result(map.get("result").and_then(|f| result_of(f.value)));

    let mut errors = Vec::new();
    // (branch, ply) → node.
    let mut nodes: BTreeMap<(usize, usize), NodeId> = BTreeMap::new();
    let root = game.root();
    play_branch(text, &mut game, &mut nodes, &mut errors, 0, 1, root, &main);
    let mut branches: Vec<(usize, usize, usize, &Field)> = map
        .iter()
        .filter_map(|(key, field)| {
            let mut parts = key
                .strip_prefix("move_")?
                .split('_')
                .map(str::parse::<usize>);
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some(Ok(base)), Some(Ok(ply)), Some(Ok(branch)), None) => {
                    Some((branch, base, ply, *field))
                }
                _ => None,
            }
        })
        .collect();
    branches.sort_by_key(|b| b.0);
    for (branch, base, ply, field) in branches {
        let list = match moves(text, field) {
            Ok(list) => list,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let parent = match nodes.get(&(base, ply)) {
            Some(&node) => game.parent(node),
            None if ply == 1 && base == 0 => Some(root),
            None => None,
        };
        let Some(parent) = parent else {
            let (line, column) = place(text, field.at);
            errors.push(DhtmlXqError::Detached {
                line,
                column,
                branch,
                base,
                ply,
            });
            continue;
        };
        play_branch(
            text,
            &mut game,
            &mut nodes,
            &mut errors,
            branch,
            ply,
            parent,
            &list,
        );
    }
    for (key, field) in &map {
        let Some(rest) = key.strip_prefix("comment") else {
            continue;
        };
        let target = match rest.split_once('_') {
            None => rest.parse::<usize>().ok().map(|n| (0, n)),
            Some((b, n)) => b.parse().ok().zip(n.parse().ok()),
        };
        let node = match target {
            Some((0, 0)) => Some(root),
            Some(at) => nodes.get(&at).copied(),
            None => None,
        };
        let comment = clean_comment(&unescape(field.value, ValueKind::Comment));
        if let (Some(node), false) = (node, comment.is_empty()) {
            game.set_comment(node, comment);
        }
    }
    Ok(DhtmlXqGame { game, errors })
}

#[allow(clippy::too_many_arguments)]
fn play_branch(
    text: &str,
    game: &mut Game,
    nodes: &mut BTreeMap<(usize, usize), NodeId>,
    errors: &mut Vec<DhtmlXqError>,
    branch: usize,
    first_ply: usize,
    from: NodeId,
    list: &[(Move, usize)],
) {
    let mut node = from;
    for (i, &(mv, at)) in list.iter().enumerate() {
        match game.play(node, mv) {
            Ok(next) => {
                node = next;
                nodes.insert((branch, first_ply + i), node);
            }
            Err(illegal) => {
                let (line, column) = place(text, at);
                errors.push(DhtmlXqError::Illegal {
                    line,
                    column,
                    mv,
                    reason: illegal.reason.to_string(),
                });
                return;
            }
        }
    }
}

/// Something of the record DhtmlXQ has no place for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} ({mv}): DhtmlXQ has no place for {what}; not written")]
pub struct DhtmlXqLoss {
    /// Ply of the move.
    pub ply: usize,
    /// The move in ICCS.
    pub mv: String,
    /// What is lost (`the mark !?`, `NAG $14`, `the comment before the move`).
    pub what: String,
}

impl DhtmlXqLoss {
    /// The loss in a user's language.
    pub fn message(&self, lang: Language) -> String {
        let DhtmlXqLoss { ply, mv, what } = self;
        match lang {
            Language::English => self.to_string(),
            _ => format!(
                "第 {ply} 步（{mv}）：{what}{}",
                lang.pick("", " DhtmlXQ 无处保存，未写入", " DhtmlXQ 無處保存，未寫入")
            ),
        }
    }
}

/// A DhtmlXQ block written, and what of the record it could not hold.
#[derive(Debug, Clone)]
pub struct DhtmlXqWritten {
    /// The block, `[DhtmlXQ]` to `[/DhtmlXQ]`, one field a line.
    pub text: String,
    /// Marks, NAGs and comments before moves, which DhtmlXQ has no place for.
    pub losses: Vec<DhtmlXqLoss>,
}

fn xy(sq: Square) -> String {
    format!("{}{}", sq.file(), 9 - sq.rank())
}

fn field(out: &mut String, key: &str, value: &str, kind: ValueKind) {
    let value = escape(value, kind);
    let _ = writeln!(out, "[DhtmlXQ_{key}]{value}[/DhtmlXQ_{key}]");
}

/// Write a game as a DhtmlXQ block: header, start position, the main line, every variation as a
/// branch, the comments.
pub fn write_dhtmlxq(game: &Game) -> DhtmlXqWritten {
    let mut out = String::from("[DhtmlXQ]\n");
    let mut losses = Vec::new();
    for (tag, value) in game.tags().iter() {
        if let Some(key) = key_of(tag) {
            field(&mut out, &key, value, ValueKind::Plain);
        }
    }
    let result = match game.result() {
        Some(Outcome::RedWins) => "红胜",
        Some(Outcome::BlackWins) => "黑胜",
        Some(Outcome::Draw) => "和棋",
        Some(Outcome::BothForfeit) => "双方弃权",
        None => "未知",
    };
    field(&mut out, "result", result, ValueKind::Plain);
    if *game.start() != Position::startpos() {
        field(&mut out, "binit", &binit(game.start()), ValueKind::Plain);
        field(&mut out, "fen", &game.start().to_fen(), ValueKind::Plain);
    }
    // Branches: (number, base, first ply, first node); branch 0 is the main line.
    let mut queue = std::collections::VecDeque::new();
    let mut next_number = 1;
    let mut comments: Vec<(String, String)> = Vec::new();
    let root = game.root();
    if !game.comment(root).is_empty() {
        comments.push(("comment0".to_owned(), game.comment(root).to_owned()));
    }
    if let Some(&first) = game.children(root).first() {
        queue.push_back((0usize, 0usize, first));
    }
    while let Some((number, base, first)) = queue.pop_front() {
        let mut list = String::new();
        let mut node = Some(first);
        let first_ply = game.ply(first);
        while let Some(n) = node {
            let Some(mv) = game.move_of(n) else { break };
            let ply = game.ply(n);
            list.push_str(&xy(mv.from));
            list.push_str(&xy(mv.to));
            let annotation = game.annotation(n);
            if !annotation.comment.is_empty() {
                let key = if number == 0 {
                    format!("comment{ply}")
                } else {
                    format!("comment{number}_{ply}")
                };
                comments.push((key, annotation.comment.clone()));
            }
            let lost = |what: String| DhtmlXqLoss {
                ply,
                mv: mv.to_string(),
                what,
            };
            if !annotation.comment_before.is_empty() {
                losses.push(lost(format!(
                    "the comment before the move '{}'",
                    annotation.comment_before
                )));
            }
            if let Some(mark) = annotation.mark {
                losses.push(lost(format!("the mark {mark}")));
            }
            for nag in &annotation.nags {
                losses.push(lost(format!("NAG ${nag}")));
            }
            if let Some(parent) = game.parent(n) {
                if game.children(parent).first() == Some(&n) {
                    for &alternative in &game.children(parent)[1..] {
                        queue.push_back((next_number, number, alternative));
                        next_number += 1;
                    }
                }
            }
            node = game.children(n).first().copied();
        }
        if number == 0 {
            field(&mut out, "movelist", &list, ValueKind::Plain);
        } else {
            field(
                &mut out,
                &format!("move_{base}_{first_ply}_{number}"),
                &list,
                ValueKind::Plain,
            );
        }
    }
    for (key, comment) in comments {
        field(&mut out, &key, &comment, ValueKind::Comment);
    }
    out.push_str("[/DhtmlXQ]\n");
    DhtmlXqWritten { text: out, losses }
}

/// The 32 pieces in slot order, `99` for an absent one.
fn binit(start: &Position) -> String {
    let mut slots = [None::<Square>; 32];
    let mut pieces: Vec<_> = start.pieces().collect();
    pieces.sort_by_key(|(sq, _)| (sq.file(), sq.rank()));
    for (sq, piece) in pieces {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(i) = (0..16).find(|&i| SLOT_KINDS[i] == piece.kind && slots[base + i].is_none())
        {
            slots[base + i] = Some(sq);
        }
    }
    slots
        .iter()
        .map(|s| s.map_or_else(|| "99".to_owned(), xy))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_position_in_binit_order() {
        assert_eq!(
            binit(&Position::startpos()),
            "0919293949596979891777062646668600102030405060708012720323436383"
        );
    }

    #[test]
    fn the_ccgc_opening_reads() {
        let text =
            "[DhtmlXQ][DhtmlXQ_movelist]774770627967807089791022[/DhtmlXQ_movelist][/DhtmlXQ]";
        let games = read_dhtmlxq(text);
        let game = &games[0].as_ref().expect("read").game;
        let line: Vec<String> = game
            .main_line()
            .iter()
            .map(|&n| game.move_of(n).expect("move").to_string())
            .collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = "[DhtmlXQ]\n[DhtmlXQ_movelist]77477x62[/DhtmlXQ_movelist]\n[/DhtmlXQ]";
        let games = read_dhtmlxq(text);
        assert_eq!(
            games[0].as_ref().unwrap_err(),
            &DhtmlXqError::BadMove {
                line: 2,
                column: 23,
                text: "7x62".to_owned()
            }
        );
        let text = "[DhtmlXQ]\n[DhtmlXQ_red]a\n[/DhtmlXQ]";
        assert!(matches!(
            read_dhtmlxq(text)[0],
            Err(DhtmlXqError::Unclosed {
                line: 2,
                column: 1,
                ..
            })
        ));
    }

    #[test]
    fn a_comment_holding_the_closing_tags_reads_back() {
        // Found by the DhtmlXQ fuzz target: the game comment holds `[/DhtmlXQ]`, which ended
        // the written block ("[DhtmlXQ_comment0] is not closed").
        let input = b"[Dhtminit]\n[DhtMMMMMMMMMMM[/DhtmlX]\n[DhtmlXQ_comment0]c[lXQ_mDhtmlXQ]\n\
            [DhtmlXQ_elist]\n[DhtmlXQ_comment0]c[/DhtmlX7_comment[/DhtmlXQ]\n[DhttitlemlXQ]\n\
            [Dh\xff\xff\xff\xff\xff\xff\xfftmlXQ_[Dhtitovelis][Dttmh\nlXQ_comment0]c\
            [/DhtmlXQ_comment0]\x08[DhtmlXQ[";
        let text = String::from_utf8_lossy(input);
        let read = read_dhtmlxq(&text);
        let game = &read[0].as_ref().expect("read").game;
        assert!(game.comment(game.root()).contains("[/DhtmlXQ]"));
        let written = write_dhtmlxq(game);
        let back = read_dhtmlxq(&written.text);
        let back = &back[0].as_ref().expect("written DhtmlXQ reads back").game;
        assert_eq!(back.comment(back.root()), game.comment(game.root()));
        assert!(back.same_record(game));
    }

    #[test]
    fn comments_of_bars_and_markup_read_back() {
        // Found by the CBF fuzz target: a comment of `|` runs came back with line breaks.
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        let a = game
            .play(root, Move::parse_iccs("h2e2").expect("ICCS"))
            .expect("legal");
        game.set_comment(
            root,
            "</Contest>\n  <Round />\n  ||||||||<R\u{FFFD}\u{FFFD}，车3退5|\n|",
        );
        game.set_comment(a, "&#124; [/DhtmlXQ_comment1] &#91;");
        game.tags_mut().set(TagKey::Red, "a [/DhtmlXQ_red] &#38;");
        // What the reader gives for 未知.
        game.tags_mut().set(TagKey::Result, "*");
        let written = write_dhtmlxq(&game);
        let back = read_dhtmlxq(&written.text);
        let back = &back[0].as_ref().expect("written DhtmlXQ reads back").game;
        assert_eq!(back.comment(back.root()), game.comment(root));
        assert_eq!(back.comment(back.main_line()[0]), game.comment(a));
        assert_eq!(back.tags().get(&TagKey::Red), game.tags().get(&TagKey::Red));
        assert!(back.same_record(&game));
    }
}
