//! Tokens of PGN text with their line and column: tags, comments, variations, NAGs, move
//! numbers, moves, marks and results.

/// A place in the text: line and column from 1, columns counted in characters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Place {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

/// One token of movetext or tag section.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Token<'a> {
    /// `[Key "value"]` (the value unescaped).
    Tag(&'a str, String),
    /// `{…}` or `;…` (text inside, trimmed).
    Comment(&'a str),
    /// `(`.
    OpenVariation,
    /// `)`.
    CloseVariation,
    /// `$n`.
    Nag(&'a str),
    /// A mark on its own: `!`, `?!`…
    Mark(&'a str),
    /// A move, with any mark written right after it (`炮二平五!?` gives `("炮二平五", "!?")`).
    Move(&'a str, &'a str),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; and `0-0`, the double forfeit as Qipu wrote it before it
    /// wrote only those four (read, never written).
    Result(&'a str),
}

/// What went wrong in the text itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LexError {
    /// `{` without `}`.
    UnclosedComment,
    /// `[` without `]` on the line.
    UnclosedTag,
    /// A tag line that is not `[Key "value"]`.
    BadTag,
}

/// The text, read token by token.
#[derive(Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    column: usize,
    /// True while only whitespace has been seen on the current line.
    line_start: bool,
}

fn is_mark_char(c: char) -> bool {
    matches!(c, '!' | '?' | '！' | '？')
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{3000}' || c == '\u{feff}'
}

/// A character of a tag value as kept: control characters (a stray `\r`…) become spaces, since a
/// tag value is one line of text.
pub(super) fn tag_char(c: char) -> char {
    if c.is_control() && c != '\t' {
        ' '
    } else {
        c
    }
}

fn is_delimiter(c: char) -> bool {
    is_space(c) || matches!(c, '{' | '}' | '(' | ')' | ';' | '$' | '[')
}

impl<'a> Lexer<'a> {
    /// Read `text` from its start.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line: 1,
            column: 1,
            line_start: true,
        }
    }

    /// The place of the next character.
    pub fn place(&self) -> Place {
        Place {
            line: self.line,
            column: self.column,
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    #[inline]
    fn peek(&self) -> Option<char> {
        // Most of a record is ASCII (move numbers, spaces, tags): one byte, no decoding.
        match self.text.as_bytes().get(self.at) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.rest().chars().next(),
            None => None,
        }
    }

    #[inline]
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.line_start = true;
        } else {
            self.column += 1;
            if !is_space(c) {
                self.line_start = false;
            }
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        loop {
            match self.text.as_bytes().get(self.at) {
                // The spaces of a line: one byte each, the line start kept as it is.
                Some(b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') => {
                    self.at += 1;
                    self.column += 1;
                }
                Some(b'\n') => {
                    self.at += 1;
                    self.line += 1;
                    self.column = 1;
                    self.line_start = true;
                }
                Some(b) if b.is_ascii() => return,
                Some(_) if self.peek().is_some_and(is_space) => {
                    self.bump();
                }
                _ => return,
            }
        }
    }

    /// Skip the rest of the current line.
    pub fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// True at the end of the text (whitespace aside).
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.peek().is_none()
    }

    /// True if the next token is a `[` that opens a line: the start of a tag section.
    pub fn at_tag_line(&mut self) -> bool {
        self.skip_space();
        self.line_start && self.peek() == Some('[')
    }

    /// Skip to the next line that starts with `[` (junk after a result, or a bad game).
    pub fn skip_to_tag_line(&mut self) {
        loop {
            self.skip_space();
            match self.peek() {
                None => return,
                Some('[') if self.line_start => return,
                Some(_) => self.skip_line(),
            }
        }
    }

    /// Skip the rest of a game whose tag section is bad: its remaining tags and its movetext,
    /// up to the next line starting with `[` after the movetext.
    pub fn skip_game(&mut self) {
        self.skip_line();
        while self.at_tag_line() {
            self.skip_line();
        }
        self.skip_to_tag_line();
    }

    /// Step over `passed`, the text that starts at the current place, counting its lines and
    /// columns as [`Lexer::bump`] would, character by character.
    fn pass_over(&mut self, passed: &str) {
        let bytes = passed.as_bytes();
        let last_line = match memchr::memrchr(b'\n', bytes) {
            Some(newline) => {
                self.line += memchr::memchr_iter(b'\n', bytes).count();
                self.column = 1;
                self.line_start = true;
                &passed[newline + 1..]
            }
            None => passed,
        };
        self.column += last_line.chars().count();
        if !last_line.chars().all(is_space) {
            self.line_start = false;
        }
        self.at += passed.len();
    }

    /// The characters up to the next delimiter (a move, a number, a result), taken a byte at a
    /// time where they are ASCII or CJK ideographs, neither of which needs decoding to be told
    /// from a delimiter.
    fn take_word(&mut self) -> &'a str {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let (mut i, mut chars) = (start, 0);
        while let Some(&b) = bytes.get(i) {
            let length = match b {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' | b'{' | b'}' | b'(' | b')'
                | b';' | b'$' | b'[' => break,
                0..0x80 => 1,
                // U+4000–U+9FFF: ideographs, never white space.
                0xE4..=0xE9 => 3,
                _ => match self.text[i..].chars().next() {
                    Some(c) if !is_delimiter(c) => c.len_utf8(),
                    _ => break,
                },
            };
            i += length;
            chars += 1;
        }
        if chars > 0 {
            self.column += chars;
            self.line_start = false;
        }
        self.at = i;
        &self.text[start..i]
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// The next token and its place; `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Result<(Place, Token<'a>), (Place, LexError)>> {
        loop {
            self.skip_space();
            let place = self.place();
            let c = self.peek()?;
            if c == '%' && self.line_start {
                self.skip_line();
                continue;
            }
            let token = match c {
                '[' => return Some(self.tag().map(|t| (place, t)).map_err(|e| (place, e))),
                '{' => {
                    self.bump();
                    let start = self.at;
                    let Some(length) = memchr::memchr(b'}', &self.text.as_bytes()[start..]) else {
                        return Some(Err((place, LexError::UnclosedComment)));
                    };
                    let body = &self.text[start..start + length];
                    self.pass_over(body);
                    self.bump();
                    Token::Comment(body)
                }
                ';' => {
                    self.bump();
                    let body = self.take_while(|c| c != '\n');
                    Token::Comment(body)
                }
                '(' => {
                    self.bump();
                    Token::OpenVariation
                }
                ')' => {
                    self.bump();
                    Token::CloseVariation
                }
                '$' => {
                    self.bump();
                    Token::Nag(self.take_while(|c| c.is_ascii_digit()))
                }
                '}' => {
                    // A stray closing brace: nothing to read in it.
                    self.bump();
                    continue;
                }
                _ => match self.word() {
                    Some(token) => token,
                    None => continue,
                },
            };
            return Some(Ok((place, token)));
        }
    }

    /// A word of movetext: a move number (skipped, `None`), a result, a mark or a move.
    fn word(&mut self) -> Option<Token<'a>> {
        let start = self.at;
        // Move numbers: `12.`, `12...`, `12…`, `12。`; a number glued to a move (`1.炮二平五`).
        let digits = self.take_while(|c| c.is_ascii_digit());
        if !digits.is_empty() {
            let dots = self.take_while(|c| matches!(c, '.' | '…' | '。' | '．'));
            let next_is_digit = self.peek().is_some_and(|c| c.is_ascii_digit());
            if !dots.is_empty() && !next_is_digit {
                return None;
            }
            self.at = start;
            self.recount_from_line_start();
        }
        let word = self.take_word();
        if word.is_empty() {
            // A delimiter that starts no token here (cannot happen: handled by the caller).
            self.bump();
            return None;
        }
        if word.chars().all(|c| matches!(c, '.' | '…' | '。' | '．')) {
            return None;
        }
        if let Some(result) = ["1-0", "0-1", "1/2-1/2", "½-½", "*", "0-0"]
            .into_iter()
            .find(|r| *r == word)
        {
            return Some(Token::Result(result));
        }
        if word.chars().all(is_mark_char) {
            return Some(Token::Mark(word));
        }
        let body = word.trim_end_matches(is_mark_char);
        if body.is_empty() {
            return Some(Token::Mark(word));
        }
        Some(Token::Move(body, &word[body.len()..]))
    }

    /// After moving `at` back within the current line, recompute the column.
    fn recount_from_line_start(&mut self) {
        let line_begin = self.text[..self.at].rfind('\n').map_or(0, |i| i + 1);
        self.column = self.text[line_begin..self.at].chars().count() + 1;
        self.line_start = self.text[line_begin..self.at].chars().all(is_space);
    }

    fn tag(&mut self) -> Result<Token<'a>, LexError> {
        self.bump();
        self.skip_inline_space();
        let key = self.take_while(|c| !is_space(c) && !matches!(c, ']' | '"' | '\n'));
        let key = key.trim_end_matches(':');
        self.skip_inline_space();
        let value = if self.peek() == Some('"') {
            self.bump();
            let mut value = String::new();
            loop {
                match self.peek() {
                    None | Some('\n') => return Err(LexError::UnclosedTag),
                    Some('\\') => {
                        self.bump();
                        match self.peek() {
                            Some(c @ ('"' | '\\')) => {
                                self.bump();
                                value.push(c);
                            }
                            _ => value.push('\\'),
                        }
                    }
                    Some('"') => {
                        // A quote closes the value only when `]` follows; otherwise it is text.
                        self.bump();
                        let save = (self.at, self.line, self.column, self.line_start);
                        self.skip_inline_space();
                        if self.peek() == Some(']') {
                            break;
                        }
                        (self.at, self.line, self.column, self.line_start) = save;
                        value.push('"');
                    }
                    Some(c) => {
                        self.bump();
                        value.push(tag_char(c));
                    }
                }
            }
            value
        } else {
            self.take_while(|c| c != ']' && c != '\n')
                .trim()
                .chars()
                .map(tag_char)
                .collect()
        };
        self.skip_inline_space();
        if self.peek() != Some(']') {
            return Err(LexError::UnclosedTag);
        }
        self.bump();
        if key.is_empty() {
            return Err(LexError::BadTag);
        }
        Ok(Token::Tag(key, value))
    }

    fn skip_inline_space(&mut self) {
        while self.peek().is_some_and(|c| c != '\n' && is_space(c)) {
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token<'_>> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        while let Some(t) = lexer.next_token() {
            out.push(t.unwrap().1);
        }
        out
    }

    #[test]
    fn xqbase_movetext() {
        let text = "[Game \"Chinese Chess\"]\r\n{　　着法：红先胜}\r\n  1. 车一进一 士５退６\r\n  2.          马８进７!?\r\n 1-0\r\n";
        assert_eq!(
            tokens(text),
            vec![
                Token::Tag("Game", "Chinese Chess".into()),
                Token::Comment("　　着法：红先胜"),
                Token::Move("车一进一", ""),
                Token::Move("士５退６", ""),
                Token::Move("马８进７", "!?"),
                Token::Result("1-0"),
            ]
        );
    }

    #[test]
    fn variations_nags_and_numbers() {
        let text = "1.h2e2 (1. b2e2 $14) 1... h9g7 ?! 2…h0g2 ; rest\n*";
        assert_eq!(
            tokens(text),
            vec![
                Token::Move("h2e2", ""),
                Token::OpenVariation,
                Token::Move("b2e2", ""),
                Token::Nag("14"),
                Token::CloseVariation,
                Token::Move("h9g7", ""),
                Token::Mark("?!"),
                Token::Move("h0g2", ""),
                Token::Comment(" rest"),
                Token::Result("*"),
            ]
        );
    }

    #[test]
    fn black_first_placeholder_and_wxf_pawn_indices() {
        // `1. … 車４進２`; Fairy-Stockfish pawn index moves like `33.4` are moves, not numbers.
        assert_eq!(
            tokens("1. … 車４進２ 2. 33.4"),
            vec![Token::Move("車４進２", ""), Token::Move("33.4", "")]
        );
    }

    #[test]
    fn places_count_characters() {
        let mut lexer = Lexer::new("[Red \"许\"]\n  1. 炮二平五 马８进７");
        lexer.next_token();
        lexer.next_token();
        let (place, token) = lexer.next_token().unwrap().unwrap();
        assert_eq!(token, Token::Move("马８进７", ""));
        assert_eq!(
            place,
            Place {
                line: 2,
                column: 11
            }
        );
    }

    #[test]
    fn tag_quirks() {
        assert_eq!(
            tokens("[Round: \"3\"]\n[Title \"say \\\"hi\\\" \"x\" \"]"),
            vec![
                Token::Tag("Round", "3".into()),
                Token::Tag("Title", "say \"hi\" \"x\" ".into())
            ]
        );
        assert_eq!(
            tokens("[Site \"a\rb\u{0}c\"]"),
            vec![Token::Tag("Site", "a b c".into())]
        );
        let mut lexer = Lexer::new("[Event \"open");
        assert_eq!(
            lexer.next_token().unwrap().unwrap_err().1,
            LexError::UnclosedTag
        );
        let mut lexer = Lexer::new("{ never closed");
        assert_eq!(
            lexer.next_token().unwrap().unwrap_err().1,
            LexError::UnclosedComment
        );
    }
}
