//! The text of a DhtmlXQ value, escaped so that it reads back as written.
//!
//! A value ends at its closing tag and a block at `[/DhtmlXQ]`, and in a comment `||` is a line
//! break: text holding `[/DhtmlXQ` or a run of `|` would otherwise end the value early or come
//! back with line breaks. The writer writes as HTML numeric references (which a web board
//! shows as the character) only what would be misread: `[` before `/DhtmlXQ`, in a comment a
//! `|` before another `|` or a line break, and `&` before one of the references read. The
//! reader reads those references back, left to right, once.

/// The references read back, and the character each stands for.
const REFERENCES: [(&str, char); 3] = [("&#91;", '['), ("&#124;", '|'), ("&#38;", '&')];

/// What a value is: a comment turns line breaks into `||`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ValueKind {
    /// A header field or a move list.
    Plain,
    /// A comment (`comment0`, `commentN`, `commentB_N`).
    Comment,
}

/// Escape `text` for a value of this kind.
pub(super) fn escape(text: &str, kind: ValueKind) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let rest = &text[at + c.len_utf8()..];
        match c {
            '[' if rest.starts_with("/DhtmlXQ") => out.push_str("&#91;"),
            '&' if REFERENCES.iter().any(|(r, _)| rest.starts_with(&r[1..])) => {
                out.push_str("&#38;")
            }
            '|' if kind == ValueKind::Comment && matches!(chars.peek(), Some((_, '|' | '\n'))) => {
                out.push_str("&#124;")
            }
            '\n' if kind == ValueKind::Comment => out.push_str("||"),
            _ => out.push(c),
        }
    }
    out
}

/// Read a value of this kind back: the references of [`escape`], and in a comment `||` as a
/// line break.
pub(super) fn unescape(value: &str, kind: ValueKind) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(c) = rest.chars().next() {
        if kind == ValueKind::Comment && rest.starts_with("||") {
            out.push('\n');
            rest = &rest[2..];
            continue;
        }
        if c == '&' {
            if let Some((reference, meant)) = REFERENCES.iter().find(|(r, _)| rest.starts_with(r)) {
                out.push(*meant);
                rest = &rest[reference.len()..];
                continue;
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_bars_read_back_as_written() {
        for text in [
            "c[/DhtmlXQ_comment0]x[/DhtmlXQ]",
            "||||||<R>",
            "a|\nb",
            "a\n|b",
            "|||",
            "&#91; &#38; &#124; &#38;#91; &",
            "line one\nline two",
            "车3退5，兵三进一|",
        ] {
            let written = escape(text, ValueKind::Comment);
            assert!(!written.contains("[/DhtmlXQ"), "{written}");
            assert_eq!(unescape(&written, ValueKind::Comment), text, "{written}");
            let plain = escape(text, ValueKind::Plain);
            assert_eq!(unescape(&plain, ValueKind::Plain), text, "{plain}");
        }
    }

    #[test]
    fn ordinary_text_is_written_as_it_is() {
        assert_eq!(
            escape("中炮 & 屏风马 [注]", ValueKind::Comment),
            "中炮 & 屏风马 [注]"
        );
        assert_eq!(escape("a\nb", ValueKind::Comment), "a||b");
        assert_eq!(unescape("a||b|c", ValueKind::Comment), "a\nb|c");
        assert_eq!(unescape("a||b", ValueKind::Plain), "a||b");
    }
}
