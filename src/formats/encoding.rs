//! Text encodings of record files, detected rather than assumed: UTF-8 (with or without a byte
//! order mark), GBK/GB18030 (simplified Chinese, XiangQi Wizard's default) and BIG5 (traditional).

use std::borrow::Cow;
use std::fmt;

use encoding_rs::{BIG5, GB18030, GBK, UTF_8};
use serde::{Deserialize, Serialize};

/// A text encoding of a record file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte order mark.
    Utf8,
    /// GBK, read as its superset GB18030 (simplified Chinese, XiangQi Wizard 象棋巫师).
    Gbk,
    /// BIG5 (traditional Chinese).
    Big5,
}

impl TextEncoding {
    /// The usual name.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Gbk => "GBK",
            TextEncoding::Big5 => "BIG5",
        }
    }

    /// Encode `text` as this encoding writes it and check it as Qipu reads it back: characters
    /// the encoding lacks become `&#NNNN;` (HTML numeric references), and every character that
    /// does not read back as itself (those, and the private-use characters that GBK holds under
    /// a code GB18030 reads as another character, U+E832 as U+9FB8) is listed, so the caller
    /// can warn.
    pub fn encode(self, text: &str) -> Encoded {
        let (encoding, decoding) = match self {
            TextEncoding::Utf8 => {
                return Encoded {
                    bytes: text.as_bytes().to_vec(),
                    lost: Vec::new(),
                }
            }
            TextEncoding::Gbk => (GBK, GB18030),
            TextEncoding::Big5 => (BIG5, BIG5),
        };
        let (bytes, _, _) = encoding.encode(text);
        let (back, _) = decoding.decode_without_bom_handling(&bytes);
        let lost = if back == text {
            Vec::new()
        } else {
            let mut lost: Vec<LostCharacter> = Vec::new();
            for character in text.chars() {
                let mut buf = [0u8; 4];
                let (one, _, _) = encoding.encode(character.encode_utf8(&mut buf));
                let (read_back, _) = decoding.decode_without_bom_handling(&one);
                let mut same = [0u8; 4];
                if read_back != *character.encode_utf8(&mut same) {
                    lost.push(LostCharacter {
                        character,
                        read_back: read_back.into_owned(),
                    });
                }
            }
            lost
        };
        Encoded {
            bytes: bytes.into_owned(),
            lost,
        }
    }
}

/// Text encoded for a file, with what of it does not read back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Encoded {
    /// The bytes written.
    pub bytes: Vec<u8>,
    /// Every character that does not read back as itself, in the order met (once per
    /// occurrence).
    pub lost: Vec<LostCharacter>,
}

/// A character an encoding does not carry through: what was meant, and what a reader gets.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LostCharacter {
    /// The character of the text.
    pub character: char,
    /// What the written bytes read back as: `&#NNNN;` for a character without a code, another
    /// character for one whose code means something else on reading.
    pub read_back: String,
}

impl fmt::Display for LostCharacter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' (U+{:04X}) reads back as '{}'",
            self.character,
            u32::from(self.character),
            self.read_back
        )
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text decoded from a file and the encoding it was found in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DecodedText<'a> {
    /// The text (a byte order mark removed).
    pub text: Cow<'a, str>,
    /// The encoding detected.
    pub encoding: TextEncoding,
    /// Number of byte sequences that were not valid in that encoding (each became U+FFFD).
    pub malformed: usize,
}

/// Characters of move text and record words, in simplified and traditional glyphs. A reading
/// of the bytes that finds more of them is the likelier encoding.
const RECORD_CHARS: &str = "车車马馬炮砲包兵卒将將帅帥仕士相象进進退平前后後中一二三四五六七八九\
                            １２３４５６７８９红紅黑胜勝负負和先局赛賽";

/// The two-byte codes of [`RECORD_CHARS`] in GBK and in BIG5, one bit per code.
struct RecordCodes {
    gbk: Box<[u64; 1024]>,
    big5: Box<[u64; 1024]>,
}

fn record_codes() -> &'static RecordCodes {
    static CODES: std::sync::OnceLock<RecordCodes> = std::sync::OnceLock::new();
    CODES.get_or_init(|| {
        let mut codes = RecordCodes {
            gbk: Box::new([0; 1024]),
            big5: Box::new([0; 1024]),
        };
        for c in RECORD_CHARS.chars() {
            let mut buf = [0u8; 4];
            let text = c.encode_utf8(&mut buf);
            for (encoding, bits) in [(GBK, &mut codes.gbk), (BIG5, &mut codes.big5)] {
                if let (bytes, _, false) = encoding.encode(text) {
                    if let [lead, trail] = bytes[..] {
                        let code = usize::from(lead) << 8 | usize::from(trail);
                        bits[code / 64] |= 1 << (code % 64);
                    }
                }
            }
        }
        codes
    })
}

/// Every two-byte code, by `lead << 8 | trail`: [`IN_BOTH`] when it is a code of BIG5 (and so of
/// GB18030 too), [`GBK_RECORD`] and [`BIG5_RECORD`] when it stands for a record character there.
fn joint_codes() -> &'static [u8; 0x10000] {
    static JOINT: std::sync::OnceLock<Box<[u8; 0x10000]>> = std::sync::OnceLock::new();
    JOINT.get_or_init(|| {
        let codes = record_codes();
        let mut joint = Box::new([0u8; 0x10000]);
        for (code, flags) in joint.iter_mut().enumerate() {
            let (lead, trail) = (code >> 8, code & 0xFF);
            if matches!(lead, 0x81..=0xFE) && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE) {
                *flags |= IN_BOTH;
            }
            let bit = 1u64 << (code % 64);
            if codes.gbk[code / 64] & bit != 0 {
                *flags |= GBK_RECORD;
            }
            if codes.big5[code / 64] & bit != 0 {
                *flags |= BIG5_RECORD;
            }
        }
        joint
    })
}

const IN_BOTH: u8 = 1;
const GBK_RECORD: u8 = 2;
const BIG5_RECORD: u8 = 4;

/// [`byte_key`] of BIG5 and of GB18030 in one pass, for a sample whose every byte above ASCII
/// starts a BIG5 code: both readings then step alike and find nothing malformed, and only the
/// record characters found differ. `None` when the sample has anything else (the readings part
/// ways there).
fn record_chars_in_both(sample: &[u8]) -> Option<(usize, usize)> {
    let joint = joint_codes();
    let (mut big5, mut gbk, mut i) = (0, 0, 0);
    while i < sample.len() {
        // Eight ASCII bytes at once (tag names, move numbers).
        if let Some(word) = sample.get(i..i + 8) {
            let word = u64::from_le_bytes(word.try_into().ok()?);
            if word & 0x8080_8080_8080_8080 == 0 {
                i += 8;
                continue;
            }
        }
        let lead = sample[i];
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let trail = *sample.get(i + 1)?;
        let flags = joint[usize::from(lead) << 8 | usize::from(trail)];
        if flags & IN_BOTH == 0 {
            return None;
        }
        big5 += usize::from(flags & BIG5_RECORD != 0);
        gbk += usize::from(flags & GBK_RECORD != 0);
        i += 2;
    }
    Some((big5, gbk))
}

/// Read `sample` as double-byte text, GB18030 or BIG5, without decoding it: the byte sequences
/// that are not valid in that encoding, and the record characters found (see
/// [`RECORD_CHARS`]).
fn byte_key(sample: &[u8], big5: bool) -> (usize, usize) {
    let codes = record_codes();
    let bits = if big5 { &codes.big5 } else { &codes.gbk };
    let (mut malformed, mut found, mut i) = (0, 0, 0);
    while i < sample.len() {
        let lead = sample[i];
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let trail = sample.get(i + 1).copied();
        let step = match (lead, trail) {
            (0x81..=0xFE, Some(t)) if big5 && matches!(t, 0x40..=0x7E | 0xA1..=0xFE) => 2,
            (0x81..=0xFE, Some(t)) if !big5 && matches!(t, 0x40..=0x7E | 0x80..=0xFE) => 2,
            // GB18030's four-byte sequences: lead, digit, lead, digit.
            (0x81..=0xFE, Some(0x30..=0x39))
                if !big5
                    && matches!(sample.get(i + 2), Some(0x81..=0xFE))
                    && matches!(sample.get(i + 3), Some(0x30..=0x39)) =>
            {
                4
            }
            _ => 0,
        };
        if step == 0 {
            malformed += 1;
            i += 1;
            continue;
        }
        if step == 2 {
            let code = usize::from(lead) << 8 | usize::from(trail.unwrap_or(0));
            found += usize::from(bits[code / 64] & (1 << (code % 64)) != 0);
        }
        i += step;
    }
    (malformed, usize::MAX - found)
}

/// Bytes looked at, from the first non-ASCII byte on, to choose between GB18030 and BIG5; the
/// winner then decodes the whole file.
const SAMPLE_LEN: usize = 2048;

fn malformed_count(text: &str) -> usize {
    text.chars().filter(|&c| c == '\u{FFFD}').count()
}

/// Decode a record file, detecting its encoding: a UTF-8 byte order mark or valid UTF-8 means
/// UTF-8; otherwise the first bytes are read as GB18030 and as BIG5 without decoding them, and
/// the encoding with fewer malformed sequences and more move-text characters (GBK on a tie, as
/// XiangQi Wizard writes) decodes the file, once. Malformed sequences are counted only when the
/// decoder met some.
pub fn decode(bytes: &[u8]) -> DecodedText<'_> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        let (text, bad) = UTF_8.decode_without_bom_handling(rest);
        let malformed = if bad { malformed_count(&text) } else { 0 };
        return DecodedText {
            text,
            encoding: TextEncoding::Utf8,
            malformed,
        };
    }
    let kind = match utf8_or_double_byte(bytes) {
        Ok(text) => {
            return DecodedText {
                text: Cow::Borrowed(text),
                encoding: TextEncoding::Utf8,
                malformed: 0,
            }
        }
        Err(kind) => kind,
    };
    let (text, bad) = kind.decoder().decode_without_bom_handling(bytes);
    let malformed = if bad { malformed_count(&text) } else { 0 };
    DecodedText {
        text,
        encoding: kind,
        malformed,
    }
}

/// What [`decode`] finds in `bytes` that have no byte order mark: the text when they are valid
/// UTF-8, else the two-byte encoding (GBK or BIG5) they are read in.
pub(crate) fn utf8_or_double_byte(bytes: &[u8]) -> Result<&str, TextEncoding> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text);
    }
    let first_wide = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    let sample = &bytes[first_wide..bytes.len().min(first_wide + SAMPLE_LEN)];
    // Nothing malformed in either reading: the one with more record characters wins.
    if let Some((big5, gbk)) = record_chars_in_both(sample) {
        return Err(if big5 > gbk {
            TextEncoding::Big5
        } else {
            TextEncoding::Gbk
        });
    }
    Err(if byte_key(sample, true) < byte_key(sample, false) {
        TextEncoding::Big5
    } else {
        TextEncoding::Gbk
    })
}

impl TextEncoding {
    /// The decoder for text in this encoding (GBK read as its superset GB18030).
    pub(crate) fn decoder(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::Gbk => GB18030,
            TextEncoding::Big5 => BIG5,
        }
    }
}

/// Text that is valid in none of the encodings [`decode_strict`] tries: where the reading that
/// went furthest stopped.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("bytes {} are not text in {encoding} (nor in the other encodings tried: UTF-8, GBK, BIG5)", hex(.bytes))]
pub struct MalformedText {
    /// The line, from 1.
    pub line: usize,
    /// The column (character of the line), from 1.
    pub column: usize,
    /// The encoding that read furthest.
    pub encoding: TextEncoding,
    /// The bytes it could not read.
    pub bytes: Vec<u8>,
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Decode text typed by people (a players' list) and refuse it when any byte does not belong:
/// UTF-8 (a byte order mark, or valid throughout), else GBK (read as GB18030) or BIG5, whichever
/// reads every byte, without private-use characters; when both do, the one that reads more
/// common characters (GB2312's first level; BIG5's frequent characters, A440–C67E), GBK on a
/// tie. Nothing is replaced: a file no encoding reads is refused with the place where the
/// reading that went furthest stopped.
pub fn decode_strict(bytes: &[u8]) -> Result<DecodedText<'_>, MalformedText> {
    let (body, bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    let read = |text, encoding| DecodedText {
        text,
        encoding,
        malformed: 0,
    };
    if let Ok(text) = std::str::from_utf8(body) {
        return Ok(read(Cow::Borrowed(text), TextEncoding::Utf8));
    }
    let utf8 = match strict_reading(body, TextEncoding::Utf8) {
        Ok(text) => return Ok(read(text, TextEncoding::Utf8)),
        Err(stopped) if bom => return Err(stopped.error),
        Err(stopped) => stopped,
    };
    match (
        strict_reading(bytes, TextEncoding::Gbk),
        strict_reading(bytes, TextEncoding::Big5),
    ) {
        (Ok(gbk), Ok(big5)) => {
            if common_codes(bytes, TextEncoding::Big5) > common_codes(bytes, TextEncoding::Gbk) {
                Ok(read(big5, TextEncoding::Big5))
            } else {
                Ok(read(gbk, TextEncoding::Gbk))
            }
        }
        (Ok(gbk), Err(_)) => Ok(read(gbk, TextEncoding::Gbk)),
        (Err(_), Ok(big5)) => Ok(read(big5, TextEncoding::Big5)),
        (Err(gbk), Err(big5)) => Err([gbk, big5]
            .into_iter()
            .fold(
                utf8,
                |far, next| if next.offset > far.offset { next } else { far },
            )
            .error),
    }
}

/// Where a strict reading stopped: the byte offset, and the error to report.
struct StoppedAt {
    offset: usize,
    error: MalformedText,
}

/// `bytes` read in `encoding` with nothing replaced; in GBK and BIG5 a private-use character
/// (a user-defined code) counts as unreadable.
fn strict_reading(bytes: &[u8], encoding: TextEncoding) -> Result<Cow<'_, str>, StoppedAt> {
    let mut decoder = encoding.decoder().new_decoder_without_bom_handling();
    let room = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(usize::MAX / 2);
    let mut text = String::with_capacity(room);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    // (first byte not read, byte after it, length of the text read before it)
    let stop = match result {
        encoding_rs::DecoderResult::Malformed(length, after) => {
            let end = read - usize::from(after);
            Some((end - usize::from(length), end, text.len()))
        }
        // The buffer holds the longest output: only a malformed sequence stops the reading.
        encoding_rs::DecoderResult::InputEmpty | encoding_rs::DecoderResult::OutputFull => None,
    };
    let private = (encoding != TextEncoding::Utf8)
        .then(|| {
            text.char_indices()
                .find(|(_, c)| ('\u{E000}'..='\u{F8FF}').contains(c))
        })
        .flatten();
    let stop = match private {
        Some((at, c)) => {
            let start = encoding.decoder().encode(&text[..at]).0.len();
            let end = start
                + encoding
                    .decoder()
                    .encode(c.encode_utf8(&mut [0; 4]))
                    .0
                    .len();
            Some((start, end, at))
        }
        None => stop,
    };
    let Some((start, end, read_before)) = stop else {
        return Ok(Cow::Owned(text));
    };
    let before = &text[..read_before];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Err(StoppedAt {
        offset: start,
        error: MalformedText {
            line,
            column,
            encoding,
            bytes: bytes[start..end.clamp(start + 1, bytes.len())].to_vec(),
        },
    })
}

/// Two-byte codes of common characters: GB2312's first level (B0A1–D7FE) in GBK, the frequent
/// characters (A440–C67E) in BIG5.
fn common_codes(bytes: &[u8], encoding: TextEncoding) -> usize {
    let (mut found, mut i) = (0, 0);
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let code = u16::from(bytes[i]) << 8 | u16::from(bytes.get(i + 1).copied().unwrap_or(0));
        let common = match encoding {
            TextEncoding::Gbk => {
                matches!(code >> 8, 0xB0..=0xD7) && matches!(code & 0xFF, 0xA1..=0xFE)
            }
            _ => (0xA440..=0xC67E).contains(&code),
        };
        found += usize::from(common);
        i += 2;
    }
    found
}

/// Decode a GBK string field (XQF headers and comments), read as GB18030.
pub fn decode_gbk(bytes: &[u8]) -> String {
    GB18030.decode_without_bom_handling(bytes).0.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Byte vectors of formats.md §11.6.
    const MA_GBK: &[u8] = &[0xc2, 0xed, 0xa3, 0xb8, 0xbd, 0xf8, 0xa3, 0xb7];
    const MA_BIG5: &[u8] = &[0xb0, 0xa8, 0xa2, 0xb7, 0xb6, 0x69, 0xa2, 0xb6];
    const PAO_GBK: &[u8] = &[0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5];
    const PAO_BIG5: &[u8] = &[0xac, 0xb6, 0xa4, 0x47, 0xa5, 0xad, 0xa4, 0xad];

    fn line(parts: &[&[u8]]) -> Vec<u8> {
        let mut out = b"  1. ".to_vec();
        for p in parts {
            out.extend_from_slice(p);
            out.push(b' ');
        }
        out
    }

    #[test]
    fn gbk_and_big5_are_told_apart() {
        let gbk_bytes = line(&[PAO_GBK, MA_GBK]);
        let gbk = decode(&gbk_bytes);
        assert_eq!(gbk.encoding, TextEncoding::Gbk);
        assert_eq!(gbk.text.trim(), "1. 炮二平五 马８进７");
        let big5_bytes = line(&[PAO_BIG5, MA_BIG5]);
        let big5 = decode(&big5_bytes);
        assert_eq!(big5.encoding, TextEncoding::Big5);
        assert_eq!(big5.text.trim(), "1. 炮二平五 馬８進７");
        assert_eq!(big5.malformed, 0);
    }

    #[test]
    fn the_one_pass_finds_what_the_two_readings_find() {
        // Samples of ASCII, record characters in either encoding, other codes and stray bytes,
        // from a fixed sequence of pseudo-random numbers.
        let mut record = Vec::new();
        for c in RECORD_CHARS.chars() {
            record.extend(TextEncoding::Gbk.encode(&c.to_string()).bytes);
            record.extend(TextEncoding::Big5.encode(&c.to_string()).bytes);
        }
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut one_pass, mut parted) = (0, 0);
        for _ in 0..4000 {
            let mut sample = Vec::new();
            let stray = next() % 4 == 0;
            for _ in 0..next() % 40 {
                match next() % 8 {
                    0 | 1 => sample.push(b' ' + (next() % 90) as u8),
                    2..=5 => {
                        let at = (next() as usize % (record.len() / 2)) * 2;
                        sample.extend_from_slice(&record[at..at + 2]);
                    }
                    6 => sample.extend_from_slice(&[0xA1 + (next() % 94) as u8, 0xA1]),
                    _ if stray => sample.push((next() % 256) as u8),
                    _ => sample.extend_from_slice(&[0xB0, 0x40 + (next() % 63) as u8]),
                }
            }
            let (big5, gbk) = (byte_key(&sample, true), byte_key(&sample, false));
            match record_chars_in_both(&sample) {
                Some((b, g)) => {
                    one_pass += 1;
                    assert_eq!((big5, gbk), ((0, usize::MAX - b), (0, usize::MAX - g)));
                }
                None => parted += 1,
            }
        }
        assert!(one_pass > 1000 && parted > 100, "{one_pass} {parted}");
    }

    #[test]
    fn strict_decoding_tells_gbk_from_big5_and_refuses_what_neither_reads() {
        let names = "许银川,2650,广东\n吕钦,2600,广东\n";
        let gbk = TextEncoding::Gbk.encode(names).bytes;
        let read = decode_strict(&gbk).unwrap();
        assert_eq!(
            (read.encoding, read.text.as_ref()),
            (TextEncoding::Gbk, names)
        );
        let traditional = "王天一,2700,杭州\n呂欽,2600,廣東\n";
        let big5 = TextEncoding::Big5.encode(traditional).bytes;
        let read = decode_strict(&big5).unwrap();
        assert_eq!(
            (read.encoding, read.text.as_ref()),
            (TextEncoding::Big5, traditional)
        );
        // A lead byte followed by a space, on line 2 after one character: no reading takes it.
        let mut bad = gbk.clone();
        let line_two = bad.iter().position(|&b| b == b'\n').unwrap() + 1;
        bad[line_two + 3] = b' ';
        let e = decode_strict(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (2, 2), "{e}");
        let e = decode_strict(b"ok\n\xff\xfe\xc3(Bad,1700,Y\n").unwrap_err();
        assert_eq!((e.line, e.column, e.bytes[0]), (2, 1, 0xFF), "{e}");
        // A user-defined GBK code (private use) is no text either.
        let e = decode_strict(b"a,\xa1\x80\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3), "{e}");
        assert!(decode_strict("名,1\n".as_bytes()).is_ok());
    }

    #[test]
    fn utf8_with_and_without_bom() {
        let plain = decode("1. 炮二平五".as_bytes());
        assert_eq!(plain.encoding, TextEncoding::Utf8);
        assert!(matches!(plain.text, Cow::Borrowed(_)));
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice("1. 炮二平五".as_bytes());
        let bom = decode(&with_bom);
        assert_eq!(bom.encoding, TextEncoding::Utf8);
        assert_eq!(bom.text, "1. 炮二平五");
    }

    #[test]
    fn encode_gives_the_published_bytes() {
        let ma = TextEncoding::Gbk.encode("马８进７");
        assert_eq!((ma.bytes, ma.lost), (MA_GBK.to_vec(), Vec::new()));
        let ma = TextEncoding::Big5.encode("馬８進７");
        assert_eq!((ma.bytes, ma.lost), (MA_BIG5.to_vec(), Vec::new()));
        // 马 (simplified) has no BIG5 code: it is written as a reference and listed.
        let written = TextEncoding::Big5.encode("马");
        assert_eq!(written.bytes, b"&#39532;");
        assert_eq!(
            written.lost,
            [LostCharacter {
                character: '马',
                read_back: "&#39532;".to_owned()
            }]
        );
    }

    #[test]
    fn a_private_use_character_gbk_reads_as_another_is_listed() {
        // Found by the CBR fuzz target: GBK writes U+E832 as FE 6D, which GB18030 (and so
        // Qipu's reader) reads as U+9FB8.
        let written = TextEncoding::Gbk.encode("a\u{E832}b");
        assert_eq!(written.bytes, [b'a', 0xFE, 0x6D, b'b']);
        assert_eq!(
            written.lost,
            [LostCharacter {
                character: '\u{E832}',
                read_back: "\u{9FB8}".to_owned()
            }]
        );
        assert_eq!(decode_gbk(&written.bytes), "a\u{9FB8}b");
    }
}
