//! GBK and BIG5 PGN read straight from the bytes: the usual XiangQi Wizard and CCPD file (tags,
//! comments, numbered Chinese moves, a result) without decoding the movetext. Each two-byte code
//! of a move is looked up in a table of the notation's glyphs, so the move is parsed from its
//! codes; only tag values and comments are decoded. Every move is still read and checked as
//! the general reader does it, with the same functions ([`notation::read_single_glyphs`], then
//! [`play`] for anything else).
//!
//! Anything beyond that shape (variations, NAGs, marks, a `[Format]` tag, a malformed byte, a
//! move that cannot be read or played, …) makes [`read_wide`] give `None`, and the file is read
//! by the general reader from its decoded text, which reports every defect with its place. So
//! the games read here are the games the general reader reads, and the script is the one
//! [`crate::notation::script_of`] finds in the decoded text.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::notation::{self, classify, folds_to_ascii, script_glyph, Glyph, Script, Stroke};
use crate::record::{Game, NodeId, TagKey, Tags};
use crate::rules::Position;

use super::super::TextEncoding;
use super::lexer::tag_char;
use super::read::{append, closing_comment, play, start_position};

/// What one two-byte code means to this reader.
#[derive(Clone, Copy, Default)]
struct Code {
    /// Its glyph of move notation, if it has one.
    glyph: Option<Glyph>,
    /// The script it tells apart (帅/帥…), for the file's script.
    script: Option<Script>,
    /// White space to the PGN lexer (U+3000…).
    space: bool,
    /// Whether it folds to ASCII (full-width forms, spaces): a move read from its glyphs needs
    /// one code that does not, as the notation's reader does.
    folds: bool,
    /// A character the lexer reads specially beside a move or a number: a mark (！？) or the
    /// dots of a move number (… 。 ．).
    special: bool,
}

/// The codes of one two-byte encoding that mean anything here; every other valid code means
/// nothing (`Code::default()`).
struct Codes {
    /// `(lead & 0x7F) << 8 | trail` to an index into `codes` (0: nothing).
    index: Box<[u8; 0x8000]>,
    codes: Vec<Code>,
    /// Trail bytes after 0x7E start at 0x80 in GBK, 0xA1 in BIG5.
    high_trail: u8,
    encoding: TextEncoding,
}

/// Characters beyond the glyphs that the lexer reads specially, and every white space
/// character (`char::is_whitespace`, U+FEFF) that a two-byte code might stand for.
const SPECIAL: &str = "！？…。．";
const SPACES: &str = "\u{85}\u{a0}\u{1680}\u{2000}\u{2001}\u{2002}\u{2003}\u{2004}\u{2005}\u{2006}\
                      \u{2007}\u{2008}\u{2009}\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}\u{feff}";

impl Codes {
    fn of(encoding: TextEncoding) -> &'static Codes {
        static GBK: OnceLock<Codes> = OnceLock::new();
        static BIG5: OnceLock<Codes> = OnceLock::new();
        let cell = match encoding {
            TextEncoding::Big5 => &BIG5,
            _ => &GBK,
        };
        cell.get_or_init(|| Codes::build(encoding))
    }

    fn build(encoding: TextEncoding) -> Codes {
        let mut codes = Codes {
            index: Box::new([0; 0x8000]),
            codes: vec![Code::default()],
            high_trail: if encoding == TextEncoding::Big5 {
                0xA1
            } else {
                0x80
            },
            encoding,
        };
        let decoder = encoding.decoder();
        for c in notation::WIDE_GLYPHS
            .chars()
            .chain(SPECIAL.chars())
            .chain(SPACES.chars())
        {
            let mut buf = [0u8; 4];
            let (bytes, _, unmappable) = decoder.encode(c.encode_utf8(&mut buf));
            let &[lead, trail] = &bytes[..] else {
                continue;
            };
            // Only a code that decodes back to the character stands for it.
            let (back, malformed) = decoder.decode_without_bom_handling(&bytes);
            if unmappable || malformed || back.chars().ne([c]) || !codes.valid(lead, trail) {
                continue;
            }
            let key = Codes::key(lead, trail);
            if codes.index[key] != 0 {
                continue;
            }
            codes.index[key] = u8::try_from(codes.codes.len())
                .expect("fewer than 256 characters are looked up by their codes");
            codes.codes.push(Code {
                glyph: classify(c),
                script: script_glyph(c),
                space: c.is_whitespace() || c == '\u{feff}',
                folds: folds_to_ascii(c),
                special: SPECIAL.contains(c),
            });
        }
        codes
    }

    fn key(lead: u8, trail: u8) -> usize {
        usize::from(lead & 0x7F) << 8 | usize::from(trail)
    }

    /// Whether `lead`, `trail` is a two-byte code of the encoding (GB18030's four-byte codes
    /// are not read here).
    fn valid(&self, lead: u8, trail: u8) -> bool {
        matches!(lead, 0x81..=0xFE)
            && (matches!(trail, 0x40..=0x7E) || trail >= self.high_trail)
            && trail != 0xFF
    }
}

/// The games of a GBK or BIG5 PGN file read from its bytes, and the script they are written in.
pub(crate) struct WideRead {
    pub games: Vec<Game>,
    pub script: Option<Script>,
}

/// Read a PGN file in `encoding` (GBK or BIG5) from its bytes, when it has the usual shape and
/// every game reads in full; `None` otherwise (the general reader then reads it).
pub(crate) fn read_wide(bytes: &[u8], encoding: TextEncoding) -> Option<WideRead> {
    if encoding == TextEncoding::Utf8 {
        return None;
    }
    let mut reader = Wide {
        bytes,
        at: 0,
        line_start: true,
        codes: Codes::of(encoding),
        told: [0, 0],
    };
    let mut games = Vec::new();
    loop {
        reader.skip_space()?;
        if reader.at >= bytes.len() {
            break;
        }
        games.push(reader.game()?);
    }
    let [simplified, traditional] = reader.told;
    let script = match simplified.cmp(&traditional) {
        std::cmp::Ordering::Greater => Some(Script::Simplified),
        std::cmp::Ordering::Less => Some(Script::Traditional),
        std::cmp::Ordering::Equal => None,
    };
    Some(WideRead { games, script })
}

/// The most moves room is made for at once (a long comment must not reserve a huge tree).
const MAX_RESERVED: usize = 2048;

/// The bytes of a file and the place reached; `None` from a method means "not this reader's
/// shape".
struct Wide<'a> {
    bytes: &'a [u8],
    at: usize,
    /// True while only white space has been seen on the current line (as the lexer keeps it).
    line_start: bool,
    codes: &'static Codes,
    /// Glyphs told apart seen so far: simplified, traditional.
    told: [usize; 2],
}

/// Bytes that end a word of movetext (besides white space), as the lexer's delimiters.
fn ends_word(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'\x0b'
            | b'\x0c'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b';'
            | b'$'
            | b'['
    )
}

impl Wide<'_> {
    fn byte(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The code at `at` (a lead byte there); `None` when it is not a two-byte code.
    fn code(&self, at: usize) -> Option<Code> {
        let (&lead, &trail) = (self.bytes.get(at)?, self.bytes.get(at + 1)?);
        if !self.codes.valid(lead, trail) {
            return None;
        }
        let slot = self.codes.index[Codes::key(lead, trail)];
        Some(self.codes.codes[usize::from(slot)])
    }

    /// Step over the code `code` at `at`, counting the script it tells.
    fn pass(&mut self, code: Code) {
        match code.script {
            Some(Script::Simplified) => self.told[0] += 1,
            Some(Script::Traditional) => self.told[1] += 1,
            None => {}
        }
        self.at += 2;
    }

    /// Skip white space, as the lexer does.
    fn skip_space(&mut self) -> Option<()> {
        loop {
            match self.byte() {
                Some(b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') => self.at += 1,
                Some(b'\n') => {
                    self.at += 1;
                    self.line_start = true;
                }
                Some(0x80..) => {
                    let code = self.code(self.at)?;
                    if !code.space {
                        return Some(());
                    }
                    self.pass(code);
                }
                _ => return Some(()),
            }
        }
    }

    /// True at a `[` that opens a line: the start of a tag section.
    fn at_tag_line(&mut self) -> Option<bool> {
        self.skip_space()?;
        Some(self.line_start && self.byte() == Some(b'['))
    }

    /// Step over the characters up to `stop` (an ASCII byte, not passed), or the end; returns
    /// where it stopped.
    fn pass_until(&mut self, stop: impl Fn(u8) -> bool) -> Option<usize> {
        while let Some(b) = self.byte() {
            if b < 0x80 {
                if stop(b) {
                    break;
                }
                self.at += 1;
            } else {
                let code = self.code(self.at)?;
                self.pass(code);
            }
        }
        Some(self.at)
    }

    /// Skip to the next line that starts with `[` (what follows a result).
    fn skip_to_tag_line(&mut self) -> Option<()> {
        loop {
            self.skip_space()?;
            match self.byte() {
                None => return Some(()),
                Some(b'[') if self.line_start => return Some(()),
                Some(_) => {
                    self.pass_until(|b| b == b'\n')?;
                    self.line_start = false;
                }
            }
        }
    }

    /// Decode text between two places (a tag value, a comment); `None` when it is malformed.
    fn text(&self, from: usize, to: usize) -> Option<Cow<'_, str>> {
        let (text, malformed) = self
            .codes
            .encoding
            .decoder()
            .decode_without_bom_handling(&self.bytes[from..to]);
        (!malformed).then_some(text)
    }

    fn skip_inline_space(&mut self) {
        while matches!(self.byte(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// `[Key "value"]`, the value without escapes.
    fn tag(&mut self) -> Option<(TagKey, String)> {
        self.at += 1;
        self.line_start = false;
        self.skip_inline_space();
        let start = self.at;
        while self
            .byte()
            .is_some_and(|b| b.is_ascii_graphic() && !matches!(b, b']' | b'"'))
        {
            self.at += 1;
        }
        let key = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        let key = key.trim_end_matches(':');
        if key.is_empty() || !matches!(self.byte(), Some(b' ' | b'\t' | b'"')) {
            return None;
        }
        self.skip_inline_space();
        if self.byte() != Some(b'"') {
            return None;
        }
        self.at += 1;
        let from = self.at;
        let stops = |b: u8| matches!(b, b'"' | b'\\' | b'\n');
        // A quote closes the value only when `]` follows (after spaces); otherwise it is text.
        let to = loop {
            let quote = self.pass_until(stops)?;
            if self.byte() != Some(b'"') {
                return None;
            }
            self.at += 1;
            self.skip_inline_space();
            match self.byte() {
                Some(b']') => break quote,
                // A space the lexer would pass before a `]`, or a control character.
                Some(0x80..) if self.code(self.at)?.space => return None,
                Some(b) if b == b'\\' || b.is_ascii_control() => return None,
                _ => {}
            }
        };
        self.at += 1;
        let mut value = self.text(from, to)?.into_owned();
        // A tag value is one line: control characters (a stray DEL…) are spaces, as the lexer
        // keeps them.
        if value.chars().any(|c| c.is_control() && c != '\t') {
            value = value.chars().map(tag_char).collect();
        }
        Some((TagKey::parse(key), value))
    }

    /// `{…}`: its text.
    fn comment(&mut self) -> Option<Cow<'_, str>> {
        self.at += 1;
        let from = self.at;
        let to = self.pass_until(|b| b == b'}')?;
        if self.byte() != Some(b'}') {
            return None;
        }
        self.at += 1;
        self.line_start = false;
        self.text(from, to)
    }

    /// One game: its tags, then its movetext up to the next tag line or the end.
    fn game(&mut self) -> Option<Game> {
        let mut tags = Tags::new();
        let mut fen = None;
        while self.at_tag_line()? {
            let (key, value) = self.tag()?;
            match key {
                TagKey::Fen => fen = Some(value),
                TagKey::Format => return None,
                _ => tags.set(key, value),
            }
        }
        let start = match fen {
            None => Position::startpos(),
            Some(fen) => start_position(&fen).ok()?,
        };
        // Room for the moves up to the next tag line, made once: a move and its space take
        // at least nine bytes (车一进一, with the move numbers on top).
        let rest = &self.bytes[self.at..];
        let movetext = memchr::memmem::find(rest, b"\n[").unwrap_or(rest.len());
        let mut game = Game::with_room(start, (movetext / 9).min(MAX_RESERVED));
        *game.tags_mut() = tags;
        let mut current = game.root();
        while !self.at_tag_line()? {
            match self.byte() {
                None => break,
                Some(b'{') => {
                    let comment = self.comment()?;
                    append(&mut game.annotation_mut(current).comment, &comment);
                }
                Some(b'0'..=b'9' | b'*') => {
                    if let Some(result) = self.number_or_result()? {
                        if result != "*" && game.tags().get(&TagKey::Result).is_none() {
                            game.tags_mut().set(TagKey::Result, result);
                        }
                        // Comments after the result: the reason an engine league gives.
                        self.skip_space()?;
                        while self.byte() == Some(b'{') {
                            let comment = self.comment()?;
                            closing_comment(&mut game, current, &comment);
                            self.skip_space()?;
                        }
                        self.skip_to_tag_line()?;
                        break;
                    }
                }
                Some(0x80..) => current = self.play_move(&mut game, current)?,
                Some(_) => return None,
            }
        }
        game.release_unused();
        Some(game)
    }

    /// A move number (`12.`, passed: `None`) or a result (`Some`).
    fn number_or_result(&mut self) -> Option<Option<&'static str>> {
        self.line_start = false;
        let start = self.at;
        let digits = self.bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let dots = self.bytes[start + digits..]
            .iter()
            .take_while(|&&b| b == b'.')
            .count();
        let next = start + digits + dots;
        if digits > 0 && dots > 0 {
            match self.bytes.get(next) {
                Some(b) if b.is_ascii_digit() => return None,
                // Full-width dots belong to the number, a mark to nothing: not read here.
                Some(0x80..) if self.code(next)?.special => return None,
                _ => {
                    self.at = next;
                    return Some(None);
                }
            }
        }
        let end = self.bytes[start..]
            .iter()
            .position(|&b| ends_word(b))
            .map_or(self.bytes.len(), |n| start + n);
        let result = ["1-0", "0-1", "1/2-1/2", "*"]
            .into_iter()
            .find(|r| r.as_bytes() == &self.bytes[start..end])?;
        self.at = end;
        Some(Some(result))
    }

    /// A move word at a lead byte, played after `at`: from its glyphs when one piece on its
    /// file makes it, else from its decoded text by the general reader's [`play`].
    fn play_move(&mut self, game: &mut Game, at: NodeId) -> Option<NodeId> {
        self.line_start = false;
        let start = self.at;
        const MAX_GLYPHS: usize = 8;
        let mut glyphs = [(Glyph::Space, None::<Stroke>); MAX_GLYPHS];
        let (mut len, mut from_glyphs, mut wide) = (0, true, false);
        while let Some(b) = self.byte() {
            let glyph = if b < 0x80 {
                if ends_word(b) {
                    break;
                }
                if matches!(b, b'!' | b'?') {
                    return None;
                }
                self.at += 1;
                classify(char::from(b))
            } else {
                let code = self.code(self.at)?;
                if code.space {
                    break;
                }
                if code.special && code.glyph.is_none() {
                    return None;
                }
                self.pass(code);
                wide |= !code.folds;
                code.glyph
            };
            match glyph {
                Some(g) if len < MAX_GLYPHS && !matches!(g, Glyph::Space | Glyph::Stroke(_)) => {
                    glyphs[len] = (g, None);
                    len += 1;
                }
                _ => from_glyphs = false,
            }
        }
        if from_glyphs && wide {
            if let Some(mv) = notation::read_single_glyphs(game.position(at), &glyphs[..len]) {
                if let Ok(node) = game.play_moved(at, mv) {
                    return Some(node);
                }
            }
        }
        let text = self.text(start, self.at)?.into_owned();
        play(game, at, &text, None).ok()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::path::{Path, PathBuf};

    use super::super::read::{read_pgn_text, read_wide_file};
    use super::*;
    use crate::formats::encoding::decode;
    use crate::notation::script_of;

    /// What the general reader makes of `bytes`: encoding, games (all read in full) and
    /// script; `None` when a game has a defect.
    fn general(bytes: &[u8]) -> Option<(TextEncoding, Vec<Game>, Option<Script>)> {
        let decoded = decode(bytes);
        let games: Result<Vec<Game>, _> = read_pgn_text(&decoded.text).collect();
        Some((decoded.encoding, games.ok()?, script_of(&decoded.text)))
    }

    /// Whether the bytes read from their codes give what the general reader gives; `None`
    /// when they are left to the general reader.
    fn agrees(bytes: &[u8]) -> Option<bool> {
        let (encoding, wide) = read_wide_file(bytes)?;
        let Some((general_encoding, games, script)) = general(bytes) else {
            return Some(false);
        };
        Some(
            encoding == general_encoding
                && wide.script == script
                && wide.games.len() == games.len()
                && wide.games.iter().zip(&games).all(|(a, b)| a.same_record(b)),
        )
    }

    fn gbk(text: &str) -> Vec<u8> {
        TextEncoding::Gbk.encode(text).bytes
    }

    #[test]
    fn the_usual_shapes_read_from_their_codes_as_the_general_reader_reads_them() {
        let cases = [
            // Tags (a key with a colon), a comment with full-width spaces, numbers, a result
            // with text after it, a second game.
            "[Game \"Chinese Chess\"]\r\n[Event: \"联赛\"]\r\n{　　着法：红先胜}\r\n  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８ {好}\r\n 1-0\r\n广告\r\n\r\n[Event \"二\"]\r\n1.兵七进一 *\r\n",
            // A tandem move (前/后) and a full-width space between moves.
            "[FEN \"4k4/9/9/9/9/9/9/R8/R8/3K5 w - - 0 1\"]\n1. 前车进六　将５平６ 2. 后车平六\n",
            // Moves glued to their numbers; no result.
            "1.炮二平五 1...炮８平５ 2.马二进三",
            // Only a comment before the first tags: a game of its own.
            "{说明}\n[Event \"一\"]\n1. 相三进五 1/2-1/2\n",
        ];
        for text in cases {
            assert_eq!(agrees(&gbk(text)), Some(true), "{text}");
        }
        let big5 = TextEncoding::Big5
            .encode("[Event \"賽\"]\n1. 炮二平五 馬８進７ 2. 馬二進三\n")
            .bytes;
        assert_eq!(agrees(&big5), Some(true));
        assert_eq!(
            read_wide_file(&big5).map(|(e, _)| e),
            Some(TextEncoding::Big5)
        );
    }

    #[test]
    fn other_shapes_and_every_defect_are_left_to_the_general_reader() {
        for text in [
            "1. 炮二平五 (1. 兵七进一) 马８进７",
            "1. 炮二平五! 马８进７",
            "1. 炮二平五 $1 马８进７",
            "[Format \"WXF\"]\n1. C2.5",
            "[Event \"a\\\"b\"]\n1. 炮二平五",
            // Illegal (the horse's leg is blocked), unreadable, and a bad FEN.
            "1. 马二进四",
            "1. 炮二平十",
            "[FEN \"9/9/9 w\"]\n1. 炮二平五",
        ] {
            assert!(read_wide_file(&gbk(text)).is_none(), "{text}");
        }
        // A lead byte with no trail, a four-byte GB18030 code.
        assert!(read_wide_file(b"1. \xc5\xda\xb6\xfe\xc6\xbd\xce").is_none());
        assert!(
            read_wide_file(b"{\x81\x30\x81\x30} 1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5").is_none()
        );
        // UTF-8 and a byte order mark are not this reader's.
        assert!(read_wide_file("1. 炮二平五".as_bytes()).is_none());
    }

    fn shared() -> PathBuf {
        let mut dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        loop {
            if dir.join("shared/corpus").is_dir() {
                return dir.join("shared");
            }
            dir = dir
                .parent()
                .expect("the shared data folder beside the project or above");
        }
    }

    fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("corpus folder") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                pgn_files(&path, out);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
            {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_corpus_file_read_from_its_codes_reads_as_the_general_reader_reads_it() {
        let shared = shared();
        let mut files = Vec::new();
        pgn_files(&shared.join("corpus"), &mut files);
        pgn_files(&shared.join("data"), &mut files);
        let league = shared.join("corpus/xqwizard_liangqi/www.xqbase.com/league");
        let (mut fast, mut league_fast, mut league_files) = (0, 0, 0);
        for path in &files {
            let bytes = std::fs::read(path).expect("corpus file");
            let agreed = agrees(&bytes);
            assert_ne!(agreed, Some(false), "{}", path.display());
            fast += usize::from(agreed.is_some());
            if path.starts_with(&league) {
                league_files += 1;
                league_fast += usize::from(agreed.is_some());
            }
        }
        // The league's two games with an illegal move are the general reader's; every other
        // league file is read from its codes.
        assert_eq!(league_files, 1236);
        assert_eq!(league_fast, 1234);
        assert!(fast > 1300, "{fast} of {} files", files.len());

        let packed = std::fs::read(shared.join("corpus/ccpd-dev.tar.xz")).expect("archive");
        let mut tar = Vec::new();
        lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("xz");
        let (mut ccpd, mut ccpd_fast) = (0, 0);
        for entry in tar::Archive::new(tar.as_slice()).entries().expect("tar") {
            let mut entry = entry.expect("tar entry");
            let name = entry.path().expect("name").display().to_string();
            if !name.ends_with(".pgn") {
                continue;
            }
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).expect("entry");
            let agreed = agrees(&bytes);
            assert_ne!(agreed, Some(false), "{name}");
            ccpd += 1;
            ccpd_fast += usize::from(agreed.is_some());
        }
        // Only the five defective records are left to the general reader (開局/00000242.pgn,
        // a start only a diagram shows, is read from its codes with its warning).
        assert_eq!(ccpd, 35_119);
        assert_eq!(ccpd_fast, 35_114);
    }
}
