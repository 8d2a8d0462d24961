//! Embedded commands in comments, `[%name arguments]`, the convention chess PGN uses for data
//! that travels with a move: Qipu's drawings (`[%cal]`, `[%csl]`), clock readings and competition
//! events (`[%clk]`, `[%emt]`, `[%foul …]`, …) and a clerk's marks (`[%missing]`). This module
//! finds them (a `]` inside a double-quoted argument does not end one) and separates them from
//! the text a person wrote, which is what the record shows and lets the user edit.

use std::ops::Range;

/// One `[%…]` command in a comment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CommandSpan<'a> {
    /// Its bytes in the comment, from `[` to past `]`.
    pub range: (usize, usize),
    /// The name after `%`.
    pub name: &'a str,
    /// What follows the name, up to the `]` (not trimmed of inner spaces).
    pub args: &'a str,
}

impl CommandSpan<'_> {
    /// Its bytes in the comment.
    pub fn bytes(&self) -> Range<usize> {
        self.range.0..self.range.1
    }
}

/// Every command of `comment`, in order. A `[%` with no closing `]` ends the scan.
pub fn scan(comment: &str) -> Vec<CommandSpan<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = comment[from..].find("[%") {
        let start = from + at;
        let Some(close) = closing_bracket(&comment[start + 2..]) else {
            break;
        };
        let end = start + 2 + close + 1;
        let body = &comment[start + 2..end - 1];
        let (name, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        out.push(CommandSpan {
            range: (start, end),
            name,
            args,
        });
        from = end;
    }
    out
}

/// The offset of the `]` that closes a command body, skipping double-quoted text.
fn closing_bracket(body: &str) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in body.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// A comment cut in two: its commands (as written, joined by spaces) and the text around them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SplitComment {
    /// The commands, in order, separated by single spaces; empty when there are none.
    pub commands: String,
    /// What a person wrote. When the commands stand in front (as Qipu writes them), the text is
    /// exactly what follows them and one space, so a space being typed at its end stays;
    /// otherwise the gaps the commands leave are tidied.
    pub text: String,
}

impl SplitComment {
    /// The comment again: the commands first, then the text.
    pub fn join(&self) -> String {
        join(&self.commands, &self.text)
    }
}

/// Cut `comment` into its commands and its text.
pub fn split(comment: &str) -> SplitComment {
    let found = scan(comment);
    if found.is_empty() {
        return SplitComment {
            commands: String::new(),
            text: comment.to_owned(),
        };
    }
    let commands: Vec<&str> = found.iter().map(|c| &comment[c.bytes()]).collect();
    let commands = commands.join(" ");
    if let Some(rest) = comment.strip_prefix(commands.as_str()) {
        if scan(rest).is_empty() {
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            return SplitComment {
                commands,
                text: text.to_owned(),
            };
        }
    }
    let ranges: Vec<(usize, usize)> = found.iter().map(|c| c.range).collect();
    SplitComment {
        commands,
        text: cut(comment, &ranges),
    }
}

/// `comment` without the byte ranges given (in order, not overlapping); when anything was cut,
/// the gaps left are tidied (runs of spaces made one, the ends trimmed).
pub(super) fn cut(comment: &str, ranges: &[(usize, usize)]) -> String {
    if ranges.is_empty() {
        return comment.to_owned();
    }
    let mut out = String::with_capacity(comment.len());
    let mut last = 0;
    for &(start, end) in ranges {
        out.push_str(&comment[last..start]);
        last = end;
    }
    out.push_str(&comment[last..]);
    tidy(&out)
}

/// `commands` then `text`, with one space between when both are there.
pub fn join(commands: &str, text: &str) -> String {
    match (commands.is_empty(), text.is_empty()) {
        (true, _) => text.to_owned(),
        (false, true) => commands.to_owned(),
        (false, false) => format!("{commands} {text}"),
    }
}

/// `comment` with the command `[%name args]` in place of any commands of that name (the first
/// one's place kept), or in front of the others when it has none: how `[%eval]` and the like
/// are set without touching what else the comment holds.
pub fn set(comment: &str, name: &str, args: &str) -> String {
    let command = format!("[%{name} {args}]");
    let found = scan(comment);
    let split = split(comment);
    let mut commands: Vec<&str> = Vec::with_capacity(found.len() + 1);
    let mut placed = false;
    for c in &found {
        if c.name == name {
            if !placed {
                commands.push(&command);
                placed = true;
            }
        } else {
            commands.push(&comment[c.bytes()]);
        }
    }
    if !placed {
        commands.insert(0, &command);
    }
    join(&commands.join(" "), &split.text)
}

/// The arguments of the first command called `name` in `comment`.
pub fn get<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    scan(comment)
        .into_iter()
        .find(|c| c.name == name)
        .map(|c| c.args.trim())
}

/// The text of a comment without any command (what a reader of the record sees).
pub fn text_of(comment: &str) -> String {
    split(comment).text
}

/// Runs of spaces in each line made one, and the ends trimmed.
fn tidy(text: &str) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            line.split(' ')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    lines.join("\n").trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_found_with_their_names_and_arguments() {
        let comment = "好棋 [%clk 1:23:45] [%foul red clause=9.1.3 note=\"a ] b\"] end [%csl Re7";
        let found = scan(comment);
        assert_eq!(found.len(), 2, "the last one has no closing bracket");
        assert_eq!((found[0].name, found[0].args), ("clk", "1:23:45"));
        assert_eq!(found[1].name, "foul");
        assert_eq!(found[1].args, "red clause=9.1.3 note=\"a ] b\"");
        assert_eq!(&comment[found[0].bytes()], "[%clk 1:23:45]");
    }

    #[test]
    fn commands_in_front_leave_the_typed_text_exactly() {
        let split = split("[%missing red] [%cal Rh2e2] 好棋 ");
        assert_eq!(split.commands, "[%missing red] [%cal Rh2e2]");
        assert_eq!(split.text, "好棋 ", "the space being typed stays");
        assert_eq!(split.join(), "[%missing red] [%cal Rh2e2] 好棋 ");
    }

    #[test]
    fn commands_inside_the_text_are_taken_out_and_the_gaps_tidied() {
        let split = split("先手 [%clk 0:10:00]  之后\n[%emt 0:00:05] 第二行");
        assert_eq!(split.commands, "[%clk 0:10:00] [%emt 0:00:05]");
        assert_eq!(split.text, "先手 之后\n第二行");
        assert_eq!(text_of("[%csl Ge6]"), "");
        assert_eq!(text_of("no commands  here "), "no commands  here ");
        assert_eq!(join("", "x"), "x");
        assert_eq!(join("[%clk 1:00:00]", ""), "[%clk 1:00:00]");
    }

    #[test]
    fn a_command_is_set_in_place_of_its_namesake_and_the_text_kept() {
        assert_eq!(set("", "eval", "0.35"), "[%eval 0.35]");
        assert_eq!(set("好棋", "eval", "#-3"), "[%eval #-3] 好棋");
        assert_eq!(
            set(
                "[%clk 0:10:00] [%eval 1.00] [%eval 2.00] text",
                "eval",
                "-0.20"
            ),
            "[%clk 0:10:00] [%eval -0.20] text"
        );
        assert_eq!(
            set("[%csl Ge6] x", "eval", "0.00"),
            "[%eval 0.00] [%csl Ge6] x"
        );
        assert_eq!(
            get("[%clk 0:10:00] [%eval -0.20] text", "eval"),
            Some("-0.20")
        );
        assert_eq!(get("text", "eval"), None);
    }
}
