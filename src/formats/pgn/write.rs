//! Writing PGN: the Qipu default (UTF-8, variations, comments, marks) and the XiangQi Wizard
//! export (象棋巫师: GBK or BIG5, CRLF, its tag order and layout, main line only).

use crate::ending::Outcome;
use crate::notation::{self, IccsStyle, Notation, Script, WriteOptions};
use crate::record::{Game, NodeId, TagKey};
use crate::rules::{Color, Position};

use super::super::encoding::{Encoded, TextEncoding};

/// How moves are laid out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveLayout {
    /// XiangQi Wizard's layout: one move pair per line (`  1. 炮二平五 马８进７`), comments on
    /// their own lines, a Black move after a comment as `  3.          马８进７`. No variations.
    XiangqiWizard,
    /// Standard PGN: a line per move pair of the main line, comments `{}` and variations `()`
    /// in place, `N...` before a Black move that follows a comment or a variation.
    Standard,
}

/// Choices for writing PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnWriteOptions {
    /// Move notation.
    pub notation: Notation,
    /// Options of the notation (digits, soldier naming, ICCS form).
    pub moves: WriteOptions,
    /// Text encoding of the bytes.
    pub encoding: TextEncoding,
    /// `"\r\n"` or `"\n"`.
    pub line_ending: &'static str,
    /// Layout of the movetext.
    pub layout: MoveLayout,
    /// Write variations (ignored by the XiangQi Wizard layout, which has none).
    pub variations: bool,
    /// Write comments.
    pub comments: bool,
    /// Write marks and NAGs.
    pub marks: bool,
}

impl PgnWriteOptions {
    /// The Qipu default: UTF-8, LF, Chinese notation in the given glyph set, everything kept.
    pub fn qipu(script: Script) -> PgnWriteOptions {
        PgnWriteOptions {
            notation: match script {
                Script::Simplified => Notation::ChineseSimplified,
                Script::Traditional => Notation::ChineseTraditional,
            },
            moves: WriteOptions::default(),
            encoding: TextEncoding::Utf8,
            line_ending: "\n",
            layout: MoveLayout::Standard,
            variations: true,
            comments: true,
            marks: true,
        }
    }

    /// The Qipu default with moves in `notation` (ICCS is written `H2-E2`, as `[Format "ICCS"]`
    /// readers expect).
    pub fn with_notation(notation: Notation) -> PgnWriteOptions {
        let mut options = PgnWriteOptions::qipu(Script::Simplified);
        options.notation = notation;
        options.moves.iccs = IccsStyle::Hyphenated;
        options
    }

    /// For XiangQi Wizard (象棋巫师): simplified glyphs in GBK or traditional in BIG5, CRLF,
    /// full-width Black digits, its tag order, main line only, comments kept.
    pub fn xiangqi_wizard(script: Script) -> PgnWriteOptions {
        let (notation, encoding) = match script {
            Script::Simplified => (Notation::ChineseSimplified, TextEncoding::Gbk),
            Script::Traditional => (Notation::ChineseTraditional, TextEncoding::Big5),
        };
        PgnWriteOptions {
            notation,
            moves: WriteOptions::default(),
            encoding,
            line_ending: "\r\n",
            layout: MoveLayout::XiangqiWizard,
            variations: false,
            comments: true,
            marks: false,
        }
    }
}

/// XiangQi Wizard's tag order (formats.md §6.1); other tags follow, then `FEN`.
const WIZARD_ORDER: [TagKey; 15] = [
    TagKey::Game,
    TagKey::Event,
    TagKey::Round,
    TagKey::Date,
    TagKey::Site,
    TagKey::RedTeam,
    TagKey::Red,
    TagKey::RedElo,
    TagKey::BlackTeam,
    TagKey::Black,
    TagKey::BlackElo,
    TagKey::Result,
    TagKey::Ecco,
    TagKey::Opening,
    TagKey::Variation,
];

/// A tag value in quotes: `\` and `"` escaped, control characters as spaces (as the reader
/// keeps them).
fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A comment's text made safe inside `{}`: a closing brace becomes the full-width `｝` (the one
/// change writing makes: only in comments of several lines that hold a `}`).
fn comment_text(text: &str) -> String {
    text.replace('}', "｝").replace("\r\n", "\n")
}

fn format_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::ChineseSimplified | Notation::ChineseTraditional | Notation::Abbreviated => {
            "Chinese"
        }
    }
}

/// The game termination marker that closes the movetext: `1-0`, `0-1`, `1/2-1/2` or `*`, the
/// only four a reader takes for one. A double forfeit (`0-0`) has no marker of its own: it stays
/// in the `Result` tag, which the reader keeps, and the movetext ends `*` (a `0-0` there reads as
/// a move).
fn termination(game: &Game) -> &'static str {
    match game.result() {
        Some(Outcome::BothForfeit) | None => "*",
        Some(outcome) => outcome.pgn(),
    }
}

/// Write one game as PGN text (line ends as chosen; not yet encoded).
pub fn write_pgn(game: &Game, options: &PgnWriteOptions) -> String {
    let mut out = Vec::<String>::new();
    write_tags(game, options, &mut out);
    out.push(String::new());
    let mut movetext = match options.layout {
        MoveLayout::XiangqiWizard => wizard_movetext(game, options),
        MoveLayout::Standard => standard_movetext(game, options),
    };
    out.append(&mut movetext);
    out.push(termination(game).to_owned());
    let mut text = String::new();
    for line in out {
        text.push_str(&line.replace('\n', options.line_ending));
        text.push_str(options.line_ending);
    }
    text
}

/// Write several games, a blank line between them.
pub fn write_pgn_games(games: &[Game], options: &PgnWriteOptions) -> String {
    let parts: Vec<String> = games.iter().map(|g| write_pgn(g, options)).collect();
    parts.join(options.line_ending)
}

/// Encode PGN text for the chosen encoding: the bytes, and every character that does not read
/// back as itself (one the encoding lacks is written as `&#NNNN;`), so the caller can warn
/// before saving.
pub fn encode_pgn(text: &str, options: &PgnWriteOptions) -> Encoded {
    options.encoding.encode(text)
}

fn write_tags(game: &Game, options: &PgnWriteOptions, out: &mut Vec<String>) {
    let tag = |key: &str, value: &str| format!("[{key} \"{}\"]", escape_tag(value));
    let structural = |k: &TagKey| matches!(k, TagKey::Fen | TagKey::Format);
    match options.layout {
        MoveLayout::XiangqiWizard => {
            out.push(tag(
                "Game",
                game.tags().get(&TagKey::Game).unwrap_or("Chinese Chess"),
            ));
            for key in &WIZARD_ORDER[1..] {
                if let Some(value) = game.tags().get(key) {
                    out.push(tag(key.name(), value));
                }
            }
            for (key, value) in game.tags().iter() {
                if !WIZARD_ORDER.contains(key) && !structural(key) {
                    out.push(tag(key.name(), value));
                }
            }
            if options.notation != Notation::ChineseSimplified
                && options.notation != Notation::ChineseTraditional
            {
                out.push(tag("Format", format_name(options.notation)));
            }
        }
        MoveLayout::Standard => {
            for (key, value) in game.tags().iter() {
                if !structural(key) {
                    out.push(tag(key.name(), value));
                }
            }
            out.push(tag("Format", format_name(options.notation)));
        }
    }
    if *game.start() != Position::startpos() {
        out.push(tag("FEN", &game.start().to_fen()));
    }
}

fn move_text(game: &Game, node: NodeId, options: &PgnWriteOptions) -> String {
    let mv = game.move_of(node).expect("a move node");
    notation::write_move(
        game.position_before(node),
        mv,
        options.notation,
        &options.moves,
    )
}

fn wizard_movetext(game: &Game, options: &PgnWriteOptions) -> Vec<String> {
    let mut lines = Vec::new();
    let root_comment = game.comment(game.root());
    if options.comments && !root_comment.is_empty() {
        lines.push(format!("{{{}}}", comment_text(root_comment)));
    }
    let mut line = String::new();
    for node in game.main_line() {
        let before = game.position_before(node);
        let number = before.fullmove_number();
        let text = move_text(game, node, options);
        if before.side_to_move() == Color::Red {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{number:>3}. {text}");
        } else if line.is_empty() {
            line = format!("{number:>3}.          {text}");
        } else {
            line.push(' ');
            line.push_str(&text);
        }
        let comment = game.comment(node);
        if options.comments && !comment.is_empty() {
            lines.push(std::mem::take(&mut line));
            lines.push(format!("{{{}}}", comment_text(comment)));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

enum Work {
    /// Write the move of a node.
    Move(NodeId),
    /// Write what follows a node: its main continuation, the alternatives to that, and on.
    Continue(NodeId),
    Open,
    Close,
}

/// Standard movetext, built with an explicit stack: deep trees and nested variations use no
/// call-stack depth.
fn standard_movetext(game: &Game, options: &PgnWriteOptions) -> Vec<String> {
    let mut w = LineWriter::default();
    let root_comment = game.comment(game.root());
    if options.comments && !root_comment.is_empty() {
        w.comment(root_comment);
        w.interrupted = true;
    }
    let mut stack = vec![Work::Continue(game.root())];
    while let Some(work) = stack.pop() {
        match work {
            Work::Open => {
                w.depth += 1;
                w.token("(".to_owned());
                w.interrupted = true;
            }
            Work::Close => {
                w.depth -= 1;
                w.close();
                w.interrupted = true;
            }
            Work::Continue(node) => {
                let children = game.children(node);
                let Some((&main, alternatives)) = children.split_first() else {
                    continue;
                };
                stack.push(Work::Continue(main));
                if options.variations {
                    for &alt in alternatives.iter().rev() {
                        stack.push(Work::Close);
                        stack.push(Work::Continue(alt));
                        stack.push(Work::Move(alt));
                        stack.push(Work::Open);
                    }
                }
                stack.push(Work::Move(main));
            }
            Work::Move(node) => write_move_tokens(game, node, options, &mut w),
        }
    }
    w.finish()
}

fn write_move_tokens(game: &Game, node: NodeId, options: &PgnWriteOptions, w: &mut LineWriter) {
    let annotation = game.annotation(node);
    if options.comments && !annotation.comment_before.is_empty() {
        w.comment(&annotation.comment_before);
        w.interrupted = true;
    }
    let before = game.position_before(node);
    let number = before.fullmove_number();
    let red = before.side_to_move() == Color::Red;
    if red && w.depth == 0 {
        w.new_line();
    }
    if red {
        w.token(format!("{number}."));
    } else if w.interrupted {
        w.token(format!("{number}..."));
    }
    w.interrupted = false;
    let mut text = move_text(game, node, options);
    if options.marks {
        if let Some(mark) = annotation.mark {
            text.push_str(mark.symbol());
        }
    }
    w.token(text);
    if options.marks {
        for nag in &annotation.nags {
            w.token(format!("${nag}"));
        }
    }
    if options.comments && !annotation.comment.is_empty() {
        w.comment(&annotation.comment);
        w.interrupted = true;
    }
}

/// Joins tokens into lines of moderate length.
#[derive(Default)]
struct LineWriter {
    lines: Vec<String>,
    line: String,
    depth: usize,
    interrupted: bool,
}

const WRAP: usize = 100;

impl LineWriter {
    fn token(&mut self, token: String) {
        let glue = !self.line.is_empty() && !self.line.ends_with('(');
        if glue && self.line.chars().count() + token.chars().count() >= WRAP {
            self.new_line();
        }
        if !self.line.is_empty() && !self.line.ends_with('(') {
            self.line.push(' ');
        }
        self.line.push_str(&token);
    }

    /// A comment: `{…}`, or, when it holds a `}` on a single line, a `;` comment ending the
    /// line (PGN has no escape inside braces). A `}` in a comment of several lines becomes `｝`.
    fn comment(&mut self, text: &str) {
        if text.contains('}') && !text.contains('\n') {
            self.token(format!(";{text}"));
            self.new_line();
        } else {
            self.token(format!("{{{}}}", comment_text(text)));
        }
    }

    fn close(&mut self) {
        self.line.push(')');
    }

    fn new_line(&mut self) {
        if !self.line.is_empty() {
            self.lines.push(std::mem::take(&mut self.line));
        }
    }

    fn finish(mut self) -> Vec<String> {
        self.new_line();
        self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read_pgn_text;

    #[test]
    fn a_double_forfeit_closes_with_a_termination_marker_and_keeps_its_tag() {
        // Found by the PGN fuzz target: `0-0` closed the movetext and read back as a move (files
        // written so still read: the reader takes `0-0` as the end).
        let text = "[Game \"Chinese Chess\"]\n[Result \"0-0\"]\n\n1. 炮二平五 马８进７ 0-0\n";
        let game = read_pgn_text(text)
            .next()
            .expect("a game")
            .expect("it reads");
        assert_eq!(game.result(), Some(Outcome::BothForfeit));
        for options in [
            PgnWriteOptions::qipu(Script::Simplified),
            PgnWriteOptions::xiangqi_wizard(Script::Simplified),
        ] {
            let written = write_pgn(&game, &options);
            assert!(written.contains("[Result \"0-0\"]"), "{written}");
            assert_eq!(written.split_whitespace().last(), Some("*"), "{written}");
            let back = read_pgn_text(&written)
                .next()
                .expect("a game")
                .unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert!(back.same_record(&game), "{written}");
        }
    }
}
