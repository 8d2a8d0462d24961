//! The user's manual, built into the program: the sections of `docs/manual/` in English and in
//! both Chinese scripts, shown by Help › Manual, and where their links lead.

use std::borrow::Cow;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::lang::Language;

/// One section of the manual (a file of `docs/manual/`, also under `zh-Hans/` and `zh-Hant/`):
/// its title and its text (Markdown) in each language, and its file's name, which the manual's
/// links name.
#[derive(Clone, Copy, Debug)]
pub struct Section {
    file: &'static str,
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
            file: $file,
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

/// The Markdown the manual's viewer reads: CommonMark with tables, task lists, strikethrough
/// and footnotes.
const MARKDOWN: Options = Options::ENABLE_TABLES
    .union(Options::ENABLE_TASKLISTS)
    .union(Options::ENABLE_STRIKETHROUGH)
    .union(Options::ENABLE_FOOTNOTES);

/// A piece of a section's text: Markdown, or a fenced code block (drawn apart: the Markdown
/// viewer's own code blocks carry a copy button in a symbol no embedded font has).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Block<'a> {
    /// Markdown without fenced code, opening with a heading when the text has one there: the
    /// window scrolls to a heading by its piece. A link's text is on one line (see
    /// [`links_on_one_line`]).
    Markdown(Cow<'a, str>),
    /// The lines of a fenced code block, without the fences.
    Code(&'a str),
}

/// `text` cut at its fenced code blocks (lines opening with three backticks) and before each
/// heading outside them.
pub fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let markdown = |piece| Block::Markdown(links_on_one_line(piece));
    let mut start = 0;
    let mut fence: Option<usize> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let next = at + line.len();
        if line.trim_start().starts_with("```") {
            match fence {
                None => {
                    if at > start {
                        out.push(markdown(&text[start..at]));
                    }
                    fence = Some(next);
                }
                Some(open) => {
                    out.push(Block::Code(text[open..at].trim_end_matches('\n')));
                    fence = None;
                    start = next;
                }
            }
        } else if fence.is_none() && heading(line).is_some() && at > start {
            out.push(markdown(&text[start..at]));
            start = at;
        }
        at = next;
    }
    match fence {
        // An unclosed fence runs to the end, as CommonMark reads it.
        Some(open) => out.push(Block::Code(&text[open..])),
        None if start < text.len() => out.push(markdown(&text[start..])),
        None => {}
    }
    out
}

/// `markdown` with every line break inside a link's text made a space. The viewer draws a link
/// from its text alone and a line break where it meets one, beside the link: a link written
/// over two lines lost the space between them ("The gamedatabase").
pub fn links_on_one_line(markdown: &str) -> Cow<'_, str> {
    let mut breaks = Vec::new();
    let mut depth = 0_usize;
    for (event, range) in Parser::new_ext(markdown, MARKDOWN).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { .. }) => depth += 1,
            Event::End(TagEnd::Link) => depth = depth.saturating_sub(1),
            Event::SoftBreak if depth > 0 => breaks.push(range),
            _ => {}
        }
    }
    if breaks.is_empty() {
        return Cow::Borrowed(markdown);
    }
    let mut out = String::with_capacity(markdown.len());
    let mut at = 0;
    for range in breaks {
        out.push_str(&markdown[at..range.start]);
        out.push(' ');
        // The next line's indent is no part of the text either.
        let rest = &markdown[range.end..];
        at = range.end + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    }
    out.push_str(&markdown[at..]);
    Cow::Owned(out)
}

/// The title of an ATX heading line (`## The clock`), without its hashes.
fn heading(line: &str) -> Option<&str> {
    let line = line.trim_end();
    let title = line.trim_start_matches('#');
    let level = line.len() - title.len();
    ((1..=6).contains(&level) && (title.is_empty() || title.starts_with(' '))).then_some(title)
}

/// The heading a piece of Markdown opens with, as its anchor names it (see [`anchor`]).
pub fn heading_anchor(markdown: &str) -> Option<String> {
    markdown.lines().next().and_then(heading).map(anchor)
}

/// A heading's anchor, as links name it (`#the-clock`) and as GitHub makes it: in lower case,
/// spaces made hyphens, every character but letters, digits, hyphens and underscores left out
/// (the markup's backticks and asterisks too).
pub fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether a link leads out of the manual, to the web (or a mail program): it has a scheme.
pub fn is_web(destination: &str) -> bool {
    destination.contains("://") || destination.starts_with("mailto:")
}

/// Where a link of the manual leads inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The section, an index of [`SECTIONS`].
    pub section: usize,
    /// The heading to scroll to (its [`anchor`]), or the section's top.
    pub anchor: Option<String>,
}

/// Where `destination`, a link of the section `from`, leads: a section by its file's name
/// (`engines.md`, `../engines.md`), a heading of one (`referee.md#the-clock`), or a heading of
/// `from` (`#the-clock`). `None` for a web address or a file that is no section.
pub fn place(destination: &str, from: usize) -> Option<Place> {
    if is_web(destination) {
        return None;
    }
    let (file, anchor) = match destination.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor.to_owned())),
        None => (destination, None),
    };
    let name = file.rsplit('/').next().unwrap_or(file);
    let section = if name.is_empty() {
        from
    } else {
        SECTIONS.iter().position(|s| s.file == name)?
    };
    Some(Place { section, anchor })
}

/// Every link of the manual that leads inside it (not to the web), once each: the window
/// follows these itself.
pub fn inner_links() -> Vec<String> {
    let mut links: Vec<String> = Vec::new();
    for section in SECTIONS {
        for lang in Language::ALL {
            for event in Parser::new_ext(section.text(lang), MARKDOWN) {
                if let Event::Start(Tag::Link { dest_url, .. }) = event {
                    if !is_web(&dest_url) && !links.iter().any(|l| **l == *dest_url) {
                        links.push(dest_url.into_string());
                    }
                }
            }
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};

    use super::*;

    /// The words of `text`, whitespace of any kind between them.
    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn every_link_of_every_page_is_drawn_with_the_spaces_of_its_source() {
        // The viewer draws a link from its text alone and a line break inside it beside the
        // link: "[The game\ndatabase](database.md)" was drawn "The gamedatabase".
        let mut links = 0;
        for section in SECTIONS {
            for lang in Language::ALL {
                for block in blocks(section.text(lang)) {
                    let Block::Markdown(text) = block else {
                        continue;
                    };
                    let mut inside: Option<(usize, String)> = None;
                    for (event, range) in Parser::new_ext(&text, MARKDOWN).into_offset_iter() {
                        match (event, &mut inside) {
                            (Event::Start(Tag::Link { .. }), _) => {
                                inside = Some((range.start, String::new()));
                            }
                            (Event::Text(t) | Event::Code(t), Some((_, drawn))) => {
                                drawn.push_str(&t);
                            }
                            (Event::End(TagEnd::Link), Some((start, drawn))) => {
                                let source = &text[*start..range.end];
                                let label = source
                                    .trim_start_matches('[')
                                    .rsplit_once("](")
                                    .map_or(source, |(label, _)| label)
                                    .replace('`', "");
                                assert_eq!(
                                    words(drawn),
                                    words(&label),
                                    "{}: {source}",
                                    section.title(lang)
                                );
                                links += 1;
                                inside = None;
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(links > 100, "{links} links");
    }

    #[test]
    fn fenced_code_is_cut_out_of_the_markdown() {
        let text = "# Title\n\nSome text.\n\n```\nqipu perft 5\n  indented\n```\nAfter.\n";
        assert_eq!(
            blocks(text),
            vec![
                Block::Markdown("# Title\n\nSome text.\n\n".into()),
                Block::Code("qipu perft 5\n  indented"),
                Block::Markdown("After.\n".into()),
            ]
        );
        assert_eq!(blocks("plain"), vec![Block::Markdown("plain".into())]);
        assert_eq!(blocks("```sh\nopen"), vec![Block::Code("open")]);
    }

    #[test]
    fn a_heading_opens_a_piece_of_its_own_and_names_its_anchor() {
        let text =
            "Intro.\n#hashtag\n\n## The clock: `qipu clock`\nText.\n```\n# not a heading\n```\n";
        let pieces = blocks(text);
        assert_eq!(
            pieces,
            vec![
                Block::Markdown("Intro.\n#hashtag\n\n".into()),
                Block::Markdown("## The clock: `qipu clock`\nText.\n".into()),
                Block::Code("# not a heading"),
            ]
        );
        let anchors: Vec<Option<String>> = pieces
            .iter()
            .map(|piece| match piece {
                Block::Markdown(text) => heading_anchor(text),
                Block::Code(_) => None,
            })
            .collect();
        assert_eq!(
            anchors,
            [None, Some("the-clock-qipu-clock".to_owned()), None]
        );
        assert_eq!(anchor(" 棋钟与 PGN "), "棋钟与-pgn");
    }

    #[test]
    fn a_line_break_in_a_link_becomes_a_space_and_nothing_else_changes() {
        assert_eq!(
            links_on_one_line("in [The game\n  database](database.md) and\nmore"),
            "in [The game database](database.md) and\nmore"
        );
        let plain = "A line\nand [a link](engines.md).\n";
        assert!(matches!(links_on_one_line(plain), Cow::Borrowed(p) if p == plain));
    }

    #[test]
    fn a_link_leads_to_a_section_by_its_file_and_to_a_heading_by_its_anchor() {
        let at = |section, anchor: Option<&str>| {
            Some(Place {
                section,
                anchor: anchor.map(str::to_owned),
            })
        };
        assert_eq!(place("engines.md", 0), at(3, None));
        assert_eq!(place("../engines.md", 0), at(3, None));
        assert_eq!(place("referee.md#the-clock", 0), at(2, Some("the-clock")));
        assert_eq!(place("#the-clock", 5), at(5, Some("the-clock")));
        assert_eq!(place("install.md", 0), None);
        assert_eq!(place("https://www.chessdb.cn/", 0), None);
        assert!(is_web("https://www.chessdb.cn/") && !is_web("database.md"));
    }

    #[test]
    fn every_link_inside_the_manual_leads_to_a_section_and_a_heading_of_it() {
        let links = inner_links();
        assert!(links.iter().any(|l| l == "database.md"), "{links:?}");
        for (from, section) in SECTIONS.iter().enumerate() {
            for lang in Language::ALL {
                for event in Parser::new_ext(section.text(lang), MARKDOWN) {
                    let Event::Start(Tag::Link { dest_url, .. }) = event else {
                        continue;
                    };
                    if is_web(&dest_url) {
                        continue;
                    }
                    let to = place(&dest_url, from)
                        .unwrap_or_else(|| panic!("{}: {dest_url}", section.title(lang)));
                    if let Some(anchor) = to.anchor {
                        let headings: Vec<Option<String>> = blocks(SECTIONS[to.section].text(lang))
                            .iter()
                            .map(|piece| match piece {
                                Block::Markdown(text) => heading_anchor(text),
                                Block::Code(_) => None,
                            })
                            .collect();
                        assert!(
                            headings.contains(&Some(anchor)),
                            "{}: {dest_url}",
                            section.title(lang)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn files_and_notation_opens_with_the_window_and_the_command_line_comes_after() {
        let section = SECTIONS[1];
        for lang in Language::ALL {
            let headings: Vec<&str> = section
                .text(lang)
                .lines()
                .filter(|line| line.starts_with("## "))
                .collect();
            let first_command = headings
                .iter()
                .position(|h| h.contains("`qipu"))
                .unwrap_or(headings.len());
            // Opening and saving, the notation shown, File › Export….
            assert!(first_command >= 3, "{}: {headings:?}", section.title(lang));
        }
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
