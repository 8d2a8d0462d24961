//! The user's manual, built into the program: the sections of `docs/manual/` in English and in
//! both Chinese scripts, shown by Help › Manual.

use crate::lang::Language;

/// One section of the manual (a file of `docs/manual/`, also under `zh-Hans/` and `zh-Hant/`):
/// its title and its text (Markdown) in each language.
#[derive(Clone, Copy, Debug)]
pub struct Section {
    title: [&'static str; 3],
    text: [&'static str; 3],
}

impl Section {
    /// The title in `lang`.
    pub fn title(&self, lang: Language) -> &'static str {
        lang.pick(self.title[0], self.title[1], self.title[2])
    }

    /// The text in `lang`, Markdown.
    pub fn text(&self, lang: Language) -> &'static str {
        lang.pick(self.text[0], self.text[1], self.text[2])
    }
}

/// A section's three texts, read at build time.
macro_rules! section {
    ($file:literal, $en:literal, $hans:literal, $hant:literal) => {
        Section {
            title: [$en, $hans, $hant],
            text: [
                include_str!(concat!("../../../docs/manual/", $file)),
                include_str!(concat!("../../../docs/manual/zh-Hans/", $file)),
                include_str!(concat!("../../../docs/manual/zh-Hant/", $file)),
            ],
        }
    };
}

/// The sections, in the order the manual reads.
pub const SECTIONS: [Section; 7] = [
    section!("window.md", "The window", "窗口", "視窗"),
    section!(
        "files-and-notation.md",
        "Files and notation",
        "文件与记谱法",
        "檔案與記譜法"
    ),
    section!(
        "referee.md",
        "The referee and the clock",
        "裁判与棋钟",
        "裁判與棋鐘"
    ),
    section!("engines.md", "Engines", "引擎", "引擎"),
    section!("events.md", "Tournaments", "赛事", "賽事"),
    section!("database.md", "The game database", "棋谱库", "棋譜庫"),
    section!("command-line.md", "The command line", "命令行", "命令列"),
];

/// A piece of a section's text: Markdown, or a fenced code block (drawn apart: the Markdown
/// viewer's own code blocks carry a copy button in a symbol no embedded font has).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Block<'a> {
    /// Markdown without fenced code.
    Markdown(&'a str),
    /// The lines of a fenced code block, without the fences.
    Code(&'a str),
}

/// `text` cut at its fenced code blocks (lines opening with three backticks).
pub fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut fence: Option<usize> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let next = at + line.len();
        if line.trim_start().starts_with("```") {
            match fence {
                None => {
                    if at > start {
                        out.push(Block::Markdown(&text[start..at]));
                    }
                    fence = Some(next);
                }
                Some(open) => {
                    out.push(Block::Code(text[open..at].trim_end_matches('\n')));
                    fence = None;
                    start = next;
                }
            }
        }
        at = next;
    }
    match fence {
        // An unclosed fence runs to the end, as CommonMark reads it.
        Some(open) => out.push(Block::Code(&text[open..])),
        None if start < text.len() => out.push(Block::Markdown(&text[start..])),
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenced_code_is_cut_out_of_the_markdown() {
        let text = "# Title\n\nSome text.\n\n```\nqipu perft 5\n  indented\n```\nAfter.\n";
        assert_eq!(
            blocks(text),
            vec![
                Block::Markdown("# Title\n\nSome text.\n\n"),
                Block::Code("qipu perft 5\n  indented"),
                Block::Markdown("After.\n"),
            ]
        );
        assert_eq!(blocks("plain"), vec![Block::Markdown("plain")]);
        assert_eq!(blocks("```sh\nopen"), vec![Block::Code("open")]);
    }

    #[test]
    fn every_section_has_text_in_every_language() {
        for section in SECTIONS {
            for lang in Language::ALL {
                let text = section.text(lang);
                assert!(
                    text.starts_with("# "),
                    "{}: {text:.40}",
                    section.title(lang)
                );
            }
        }
    }
}
