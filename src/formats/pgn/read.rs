//! Reading PGN: the XiangQi Wizard (象棋巫师, xqbase) dialect and its relatives, one game or many.
//!
//! Every move goes through the notation module and is checked against its position. A bad game
//! is reported with its number, line, column and reason, and reading goes on with the next one.
//! A main line whose last move the board cannot play, with a result that says its mover lost, is
//! a game that ended on a move against the rules (4.1.6): it is read up to that move, which is
//! kept as text ([`UnplayedMove`]).

use crate::ending::{Outcome, Reason};
use crate::notation::{self, Notation, NotationError};
use crate::record::{clean_comment, Game, NodeId, TagKey};
use crate::rules::{Color, FenError, Move, Position};

use super::super::encoding::{decode, utf8_or_double_byte, TextEncoding};
use super::super::warning::UnplayedMove;
use super::lexer::{LexError, Lexer, Place, Token};

/// Why a game of a PGN file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// `{` without `}`.
    #[error("a comment opened with '{{' is never closed with '}}'")]
    UnclosedComment,
    /// A tag without its closing `]`.
    #[error("a tag opened with '[' is not closed with ']' on its line")]
    UnclosedTag,
    /// A tag with no key.
    #[error("a tag has no name")]
    BadTag,
    /// The `[FEN]` tag is not a position.
    #[error("the FEN tag is not a valid position: {0}")]
    Fen(FenError),
    /// A move that cannot be read or is illegal, with its number.
    #[error("move {number}{side}: {source}")]
    Move {
        /// Move number as written in records (1 for Red's and Black's first moves).
        number: u32,
        /// `"."` for Red, `"..."` for Black.
        side: &'static str,
        /// What the notation module says (unreadable, illegal, ambiguous with the candidates).
        source: NotationError,
    },
    /// `)` without `(`.
    #[error("')' closes no variation")]
    UnopenedVariation,
    /// `(` before any move: there is no move to give an alternative to.
    #[error("a variation '(' must follow a move")]
    VariationWithoutMove,
    /// The game ends inside a variation.
    #[error("a variation opened with '(' is never closed")]
    UnclosedVariation,
    /// `$n` with no number, or above 255.
    #[error("'${0}' is not a NAG (numbers 0 to 255)")]
    BadNag(String),
}

/// A game that could not be read: where and why, and the part read before the defect.
#[derive(Debug, Clone, thiserror::Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
pub struct PgnError {
    /// Game number in the file, from 1.
    pub game: usize,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (characters).
    pub column: usize,
    /// The reason.
    pub kind: PgnErrorKind,
    /// The game up to the defect (tags, start, moves before it), when there is one.
    pub partial: Option<Box<Game>>,
}

/// The games of a PGN file.
#[derive(Debug)]
pub struct PgnFile {
    /// The encoding detected.
    pub encoding: TextEncoding,
    /// Each game in order: read, or the reason it could not be.
    pub games: Vec<Result<Game, PgnError>>,
}

/// Read a PGN file: detect its encoding, then read every game (a GBK or BIG5 file of the usual
/// shape from its bytes, any other from its decoded text).
pub fn read_pgn(bytes: &[u8]) -> PgnFile {
    if let Some((encoding, read)) = read_wide_file(bytes) {
        return PgnFile {
            encoding,
            games: read.games.into_iter().map(Ok).collect(),
        };
    }
    let decoded = decode(bytes);
    PgnFile {
        encoding: decoded.encoding,
        games: read_pgn_text(&decoded.text).collect(),
    }
}

/// A GBK or BIG5 PGN file (no byte order mark, not UTF-8) read from its bytes by
/// [`super::read_wide`], with its encoding; `None` for any other file or shape.
pub(crate) fn read_wide_file(bytes: &[u8]) -> Option<(TextEncoding, super::WideRead)> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    let encoding = utf8_or_double_byte(bytes).err()?;
    Some((encoding, super::read_wide(bytes, encoding)?))
}

/// Read the games of PGN text, one by one.
pub fn read_pgn_text(text: &str) -> PgnGames<'_> {
    PgnGames {
        lexer: Lexer::new(text),
        number: 0,
    }
}

/// The games of PGN text, read lazily (a large file need not be held as games all at once).
pub struct PgnGames<'a> {
    lexer: Lexer<'a>,
    number: usize,
}

/// A game read from PGN text, and its last move when the board could not play it.
pub type PgnRead = (Game, Option<UnplayedMove>);

impl PgnGames<'_> {
    /// The next game with its last move the board could not play, if the game ended on one
    /// (the game itself is read up to it, and the move is kept as text in the last comment).
    pub fn next_read(&mut self) -> Option<Result<PgnRead, PgnError>> {
        if self.lexer.at_end() {
            return None;
        }
        self.number += 1;
        let mut reader = GameReader::new(self.number);
        let result = reader.read(&mut self.lexer);
        if result.is_err() {
            self.lexer.skip_to_tag_line();
        }
        Some(result.map(|game| (game, reader.unplayed)))
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_read().map(|read| read.map(|(game, _)| game))
    }
}

struct GameReader {
    number: usize,
    tags: Vec<(String, String)>,
    fen: Option<(Place, String)>,
    hint: Option<Notation>,
    /// The main line's last move, which the board could not play: the game ended on it.
    unplayed: Option<UnplayedMove>,
}

struct MoveText {
    game: Game,
    current: NodeId,
    /// Saved `current` of each open variation.
    open: Vec<NodeId>,
    /// A comment read at the start of a variation, for the next move.
    before: Option<String>,
}

/// Add a comment to a node's text (a second comment joins on a new line), cleaned as records
/// keep comments.
pub(super) fn append(target: &mut String, text: &str) {
    let text = clean_comment(text);
    if text.is_empty() {
        return;
    }
    if !target.is_empty() {
        target.push('\n');
    }
    target.push_str(&text);
}

impl GameReader {
    fn new(number: usize) -> GameReader {
        GameReader {
            number,
            tags: Vec::new(),
            fen: None,
            hint: None,
            unplayed: None,
        }
    }

    fn error(&self, place: Place, kind: PgnErrorKind, partial: Option<Game>) -> PgnError {
        PgnError {
            game: self.number,
            line: place.line,
            column: place.column,
            kind,
            partial: partial.map(Box::new),
        }
    }

    fn read(&mut self, lexer: &mut Lexer<'_>) -> Result<Game, PgnError> {
        // The tag section.
        while lexer.at_tag_line() {
            match lexer.next_token() {
                Some(Ok((place, Token::Tag(key, value)))) => match TagKey::parse(key) {
                    TagKey::Fen => self.fen = Some((place, value)),
                    TagKey::Format => {
                        self.hint = match value.trim().to_ascii_lowercase().as_str() {
                            "iccs" | "uci" | "ucci" => Some(Notation::Iccs),
                            "wxf" => Some(Notation::Wxf),
                            _ => None,
                        }
                    }
                    _ => self.tags.push((key.to_owned(), value)),
                },
                Some(Err((place, e))) => {
                    lexer.skip_game();
                    return Err(self.error(place, lex_kind(e), None));
                }
                Some(Ok(_)) | None => break,
            }
        }
        let start = match &self.fen {
            None => Position::startpos(),
            Some((place, fen)) => match start_position(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    lexer.skip_game();
                    return Err(self.error(*place, PgnErrorKind::Fen(e), None));
                }
            },
        };
        let mut game = Game::new(start);
        for (key, value) in self.tags.drain(..) {
            game.tags_mut().set(TagKey::parse(&key), value);
        }
        let mut text = MoveText {
            current: game.root(),
            game,
            open: Vec::new(),
            before: None,
        };
        self.movetext(lexer, &mut text)
            .map_err(|(place, kind)| self.error(place, kind, Some(text.game.clone())))?;
        Ok(text.game)
    }

    fn movetext(
        &mut self,
        lexer: &mut Lexer<'_>,
        t: &mut MoveText,
    ) -> Result<(), (Place, PgnErrorKind)> {
        loop {
            if lexer.at_tag_line() {
                break;
            }
            let Some(token) = lexer.next_token() else {
                break;
            };
            let (place, token) = token.map_err(|(p, e)| (p, lex_kind(e)))?;
            match token {
                // A bracket inside movetext (not at a line start) carries nothing to keep.
                Token::Tag(..) => {}
                Token::Comment(body) => match t.before.as_mut() {
                    Some(before) => append(before, body),
                    None => append(&mut t.game.annotation_mut(t.current).comment, body),
                },
                Token::OpenVariation => {
                    let Some(parent) = t.game.parent(t.current) else {
                        return Err((place, PgnErrorKind::VariationWithoutMove));
                    };
                    t.open.push(t.current);
                    t.current = parent;
                    t.before = Some(String::new());
                }
                Token::CloseVariation => {
                    t.current = t
                        .open
                        .pop()
                        .ok_or((place, PgnErrorKind::UnopenedVariation))?;
                    t.before = None;
                }
                Token::Nag(digits) => {
                    let nag: u8 = digits
                        .parse()
                        .map_err(|_| (place, PgnErrorKind::BadNag(digits.to_owned())))?;
                    if t.current != t.game.root() {
                        t.game.annotation_mut(t.current).add_nag(nag);
                    }
                }
                Token::Mark(symbol) => t.mark(symbol),
                Token::Move(body, mark) => {
                    let node = match play(&mut t.game, t.current, body, self.hint) {
                        Ok(node) => node,
                        Err(source) => {
                            let pos = t.game.position(t.current);
                            let (number, mover) = (pos.fullmove_number(), pos.side_to_move());
                            if t.open.is_empty() {
                                if let Some(unplayed) =
                                    game_ends_on(lexer, t, number, mover, &source)
                                {
                                    self.unplayed = Some(unplayed);
                                    continue;
                                }
                            }
                            let side = match mover {
                                Color::Red => ".",
                                Color::Black => "...",
                            };
                            return Err((
                                place,
                                PgnErrorKind::Move {
                                    number,
                                    side,
                                    source,
                                },
                            ));
                        }
                    };
                    t.current = node;
                    if let Some(before) = t.before.take() {
                        append(&mut t.game.annotation_mut(node).comment_before, &before);
                    }
                    t.mark(mark);
                }
                Token::Result(token) => {
                    if !t.open.is_empty() {
                        return Err((place, PgnErrorKind::UnclosedVariation));
                    }
                    if token != "*" && t.game.tags().get(&TagKey::Result).is_none() {
                        t.game.tags_mut().set(TagKey::Result, token);
                    }
                    after_result(lexer, &mut t.game, t.current);
                    return Ok(());
                }
            }
        }
        if !t.open.is_empty() {
            return Err((lexer.place(), PgnErrorKind::UnclosedVariation));
        }
        Ok(())
    }
}

/// The move `error` is about, by `mover` at move `number`, when the game ended on it: nothing
/// but comments and the result follow it in the main line, the board cannot play it (a move
/// against the rules, not text that is no move or fits two moves), and the result — the
/// `Result` tag, else the token — says its mover lost. The move is then kept in the last
/// comment, and the reason is recorded (`Termination`, 4.1.6) unless the record gives one.
fn game_ends_on(
    lexer: &Lexer<'_>,
    t: &mut MoveText,
    number: u32,
    mover: Color,
    error: &NotationError,
) -> Option<UnplayedMove> {
    let unplayable = matches!(
        error,
        NotationError::Illegal { .. }
            | NotationError::NoSuchPiece { .. }
            | NotationError::NoSuchRow { .. }
            | NotationError::OffBoard { .. }
            | NotationError::Shape { .. }
    );
    if !unplayable {
        return None;
    }
    let token = result_after(lexer.clone())?;
    let outcome = t.game.result().or_else(|| Outcome::from_pgn(token))?;
    if outcome.winner() != Some(mover.opponent()) {
        return None;
    }
    let unplayed = UnplayedMove {
        number,
        side: mover,
        error: error.clone(),
    };
    append(
        &mut t.game.annotation_mut(t.current).comment,
        &unplayed.comment(),
    );
    if t.game.tags().get(&TagKey::Termination).is_none() {
        t.game
            .tags_mut()
            .set(TagKey::Termination, Reason::IllegalMove.key());
    }
    Some(unplayed)
}

/// The comments after the result token (an engine league's `1-0 {Black forfeits due to illegal
/// move}`), kept at the end of the main line ([`closing_comment`]). Anything else up to the
/// next game is skipped.
fn after_result(lexer: &mut Lexer<'_>, game: &mut Game, last: NodeId) {
    while !lexer.at_tag_line() {
        match lexer.clone().next_token() {
            Some(Ok((_, Token::Comment(body)))) => {
                lexer.next_token();
                closing_comment(game, last, body);
            }
            _ => break,
        }
    }
    lexer.skip_to_tag_line();
}

/// A comment written after the result, added to the comment of the main line's `last` node: it
/// says why the game ended. A reason it names ([`league_reason`]) for the side the result makes
/// the loser is recorded (`Termination`) unless the record gives one.
pub(super) fn closing_comment(game: &mut Game, last: NodeId, body: &str) {
    append(&mut game.annotation_mut(last).comment, body);
    let loser = game.result().and_then(|o| o.winner()).map(Color::opponent);
    let named = league_reason(body).filter(|(side, _)| Some(*side) == loser);
    if let Some((_, reason)) = named {
        if game.tags().get(&TagKey::Termination).is_none() {
            game.tags_mut().set(TagKey::Termination, reason.key());
        }
    }
}

/// The loser and the reason an engine league's closing comment names: `Black forfeits due to
/// illegal move` or `… move in check` (4.1.6), `… perpetual check` (4.1.7), `Red loses on time`
/// (4.1.4).
fn league_reason(comment: &str) -> Option<(Color, Reason)> {
    let text = comment.trim().trim_end_matches('.').to_ascii_lowercase();
    let (side, why) = text
        .split_once(" forfeits due to ")
        .or_else(|| text.split_once(" loses "))?;
    let side = match side {
        "red" => Color::Red,
        "black" => Color::Black,
        _ => return None,
    };
    let reason = match why {
        "illegal move" | "move in check" => Reason::IllegalMove,
        "perpetual check" => Reason::PerpetualCheck,
        "on time" => Reason::LossOnTime,
        _ => return None,
    };
    Some((side, reason))
}

/// The result token that closes the game's move text, when only comments, NAGs and marks come
/// before it (`""` when the game ends without one); `None` when a move, a variation or a
/// defect comes first.
fn result_after<'a>(mut lexer: Lexer<'a>) -> Option<&'a str> {
    loop {
        if lexer.at_tag_line() {
            return Some("");
        }
        match lexer.next_token() {
            None => return Some(""),
            Some(Ok((_, Token::Result(token)))) => return Some(token),
            Some(Ok((_, Token::Comment(_) | Token::Nag(_) | Token::Mark(_) | Token::Tag(..)))) => {}
            Some(Ok(_) | Err(_)) => return None,
        }
    }
}

/// The start of a game with a `[FEN]` tag (a board alone means Red to move). A rule-book
/// diagram's start is read (2.2); `ReadWarning::of_game` tells what it breaks.
pub(super) fn start_position(fen: &str) -> Result<Position, FenError> {
    let mut fen = fen.trim().to_owned();
    if !fen.contains(' ') {
        fen.push_str(" w");
    }
    Position::from_diagram_fen(&fen)
}

/// Read `text` as a move after `at` in a file of notation `hint` and play it. ICCS is tried
/// first (one legality check, no move generation); other text goes through the notation module.
pub(super) fn play(
    game: &mut Game,
    at: NodeId,
    text: &str,
    hint: Option<Notation>,
) -> Result<NodeId, NotationError> {
    if text.len() <= 5 && text.is_ascii() && hint.is_none_or(|h| h == Notation::Iccs) {
        if let Some(mv) = Move::parse_iccs(text) {
            return game.play(at, mv).map_err(|illegal| NotationError::Illegal {
                text: text.to_owned(),
                mv,
                reason: illegal.reason,
            });
        }
    }
    let options = notation::ReadOptions::default();
    let pos = game.position(at);
    let read = with_hint(hint, |hint| {
        notation::read_move_for_tree(pos, text, hint, &options)
    })?;
    if read.legal {
        // The notation module returns legal moves only: the move is not checked again.
        return Ok(game.play_legal(at, read.mv));
    }
    if let Ok(node) = game.play_moved(at, read.mv) {
        return Ok(node);
    }
    // The one piece on the named file leaves its general in check: the notation module
    // says so, or finds the move another way.
    let pos = game.position(at);
    let mv = with_hint(hint, |hint| {
        notation::read_move_with(pos, text, hint, &options)
    })?;
    Ok(game.play_legal(at, mv))
}

/// Read with the file's notation `hint`; a text the hint does not fit (an ICCS file with a
/// Chinese move) is read again without it.
fn with_hint<T>(
    hint: Option<Notation>,
    read: impl Fn(Option<Notation>) -> Result<T, NotationError>,
) -> Result<T, NotationError> {
    match read(hint) {
        Err(NotationError::Unreadable { .. }) if hint.is_some() => read(None),
        other => other,
    }
}

impl MoveText {
    fn mark(&mut self, symbol: &str) {
        if symbol.is_empty() || self.current == self.game.root() {
            return;
        }
        let ascii: String = symbol
            .chars()
            .map(|c| match c {
                '！' => '!',
                '？' => '?',
                c => c,
            })
            .collect();
        if let Some(mark) = crate::record::Mark::from_symbol(&ascii) {
            let annotation = self.game.annotation_mut(self.current);
            match annotation.mark {
                None => annotation.mark = Some(mark),
                Some(_) => annotation.nags.push(mark.nag()),
            }
        }
    }
}

fn lex_kind(e: LexError) -> PgnErrorKind {
    match e {
        LexError::UnclosedComment => PgnErrorKind::UnclosedComment,
        LexError::UnclosedTag => PgnErrorKind::UnclosedTag,
        LexError::BadTag => PgnErrorKind::BadTag,
    }
}
