//! A typed or pasted line of moves, split into move texts: `1. 炮二平五 馬８進７ 2. 馬二進三 …`,
//! a scoresheet copied from a table, PGN movetext with comments and marks.
//!
//! Move numbers (`1.`, `1…`, `1...`, `１．`, `1、`) are kept to check them against the record;
//! comments in braces go with the move before them (or, first in the line, with the node the
//! moves are entered after); marks written after a move (`!`, `?!`) become its mark; results
//! (`1-0`, `0-1`, `1/2-1/2`, `*`, 紅勝 …) are skipped.

use crate::record::Mark;
use crate::rules::Color;

/// The move number written before a move: the round and whose move it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbered {
    /// The round (回合) written.
    pub round: u32,
    /// Red for `5.`, Black for `5…`.
    pub side: Color,
}

/// One move text of a line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// The move as written, marks removed.
    pub text: String,
    /// Byte offset of the move in the line.
    pub offset: usize,
    /// The number written right before it, if any.
    pub number: Option<Numbered>,
    /// A mark written after it.
    pub mark: Option<Mark>,
    /// A comment written after it.
    pub comment: String,
}

/// A line split into moves.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Line {
    /// A comment before the first move.
    pub leading_comment: String,
    /// The moves in order.
    pub tokens: Vec<Token>,
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | ';' | '；' | '|' | '｜' | '│')
}

fn to_digit(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

fn is_result(chunk: &str) -> bool {
    matches!(
        chunk,
        "1-0"
            | "0-1"
            | "1/2-1/2"
            | "½-½"
            | "*"
            | "红胜"
            | "紅勝"
            | "黑胜"
            | "黑勝"
            | "和棋"
            | "和局"
            | "红先胜"
            | "紅先勝"
            | "红先负"
            | "紅先負"
            | "红先和"
            | "紅先和"
    )
}

/// `5.` or `5…` at the start of a chunk: the number, Black's side when dots run to three or an
/// ellipsis is used, and the byte length of the number.
fn number_prefix(chunk: &str) -> Option<(Numbered, usize)> {
    let mut round: u32 = 0;
    let mut digits = 0;
    let mut end = 0;
    for (i, c) in chunk.char_indices() {
        match to_digit(c) {
            Some(d) if digits < 4 => {
                round = round * 10 + d;
                digits += 1;
                end = i + c.len_utf8();
            }
            _ => break,
        }
    }
    if digits == 0 {
        return None;
    }
    let mut dots = 0;
    let mut ellipsis = false;
    for c in chunk[end..].chars() {
        match c {
            '.' | '．' | '。' | '、' => dots += 1,
            '…' | '⋯' => ellipsis = true,
            _ => break,
        }
        end += c.len_utf8();
    }
    if dots == 0 && !ellipsis {
        return None;
    }
    let side = if ellipsis || dots >= 2 {
        Color::Black
    } else {
        Color::Red
    };
    Some((Numbered { round, side }, end))
}

/// A keypad move (`62.5`) starts like a move number; it is four characters with the operator
/// third and digits elsewhere.
fn is_keypad_move(chunk: &str) -> bool {
    let c: Vec<char> = chunk.chars().collect();
    c.len() == 4
        && to_digit(c[0]).is_some()
        && to_digit(c[1]).is_some()
        && matches!(c[2], '.' | '．' | '+' | '-' | '=')
        && to_digit(c[3]).is_some()
}

/// Marks written after the move: `炮二平五!?` → (`炮二平五`, `!?`).
fn split_mark(text: &str) -> (&str, Option<Mark>) {
    let body = text.trim_end_matches(['!', '?', '！', '？']);
    if body.len() == text.len() || body.is_empty() {
        return (text, None);
    }
    let symbol: String = text[body.len()..]
        .chars()
        .map(|c| match c {
            '！' => '!',
            '？' => '?',
            c => c,
        })
        .collect();
    (body, Mark::from_symbol(&symbol))
}

/// Split a line into move texts.
pub fn split_line(line: &str) -> Line {
    let mut out = Line::default();
    let mut pending_number: Option<Numbered> = None;
    let mut i = 0;
    let bytes_len = line.len();
    while i < bytes_len {
        let rest = &line[i..];
        let Some(c) = rest.chars().next() else { break };
        if is_space(c) {
            i += c.len_utf8();
            continue;
        }
        if c == '{' || c == '（' || c == '(' {
            let close = match c {
                '{' => '}',
                '（' => '）',
                _ => ')',
            };
            let end = rest
                .find(close)
                .map_or(rest.len(), |e| e + close.len_utf8());
            let inner = rest[c.len_utf8()..end]
                .trim_end_matches(close)
                .trim()
                .to_owned();
            let target = match out.tokens.last_mut() {
                Some(token) => &mut token.comment,
                None => &mut out.leading_comment,
            };
            if !target.is_empty() && !inner.is_empty() {
                target.push('\n');
            }
            target.push_str(&inner);
            i += end;
            continue;
        }
        let len = rest
            .find(|ch: char| is_space(ch) || ch == '{' || ch == '（' || ch == '(')
            .unwrap_or(rest.len());
        let chunk = &rest[..len];
        let mut start = i;
        let mut body = chunk;
        if !is_keypad_move(chunk) {
            if let Some((numbered, used)) = number_prefix(chunk) {
                pending_number = Some(numbered);
                start += used;
                body = &chunk[used..];
            }
        }
        i += len;
        if body.is_empty() {
            continue;
        }
        if is_result(body) {
            pending_number = None;
            continue;
        }
        let (text, mark) = split_mark(body);
        out.tokens.push(Token {
            text: text.to_owned(),
            offset: start,
            number: pending_number.take(),
            mark,
            comment: String::new(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_moves_marks_comments_and_results() {
        let line = split_line("{開局} 1. 炮二平五 馬８進７! {好} 2.馬二進三 2… 車９平８?! 1-0");
        assert_eq!(line.leading_comment, "開局");
        let texts: Vec<&str> = line.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["炮二平五", "馬８進７", "馬二進三", "車９平８"]);
        let red = |round| {
            Some(Numbered {
                round,
                side: Color::Red,
            })
        };
        assert_eq!(line.tokens[0].number, red(1));
        assert_eq!(line.tokens[1].number, None);
        assert_eq!(line.tokens[1].mark, Some(Mark::Good));
        assert_eq!(line.tokens[1].comment, "好");
        assert_eq!(line.tokens[2].number, red(2));
        assert_eq!(
            line.tokens[3].number,
            Some(Numbered {
                round: 2,
                side: Color::Black
            })
        );
        assert_eq!(line.tokens[3].mark, Some(Mark::Dubious));
        assert_eq!(&"{開局} 1. 炮二平五"[line.tokens[0].offset..], "炮二平五");
    }

    #[test]
    fn keypad_moves_are_not_numbers() {
        let line = split_line("1. 62.5 48+7 2. 25");
        let texts: Vec<&str> = line.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["62.5", "48+7", "25"]);
        assert_eq!(line.tokens[2].number.map(|n| n.round), Some(2));
    }

    #[test]
    fn full_width_numbers_and_table_separators() {
        let line = split_line("１． 炮二平五 ｜ 马８进７\n２、马二进三，车９平８");
        let rounds: Vec<Option<u32>> = line
            .tokens
            .iter()
            .map(|t| t.number.map(|n| n.round))
            .collect();
        assert_eq!(rounds, [Some(1), None, Some(2), None]);
    }
}
