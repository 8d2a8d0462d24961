//! Real game records for the sweeps: the CCPD archive (BIG5 PGN files in a tar.xz) and the
//! wukong games, with a minimal movetext splitter (tags, `{}` comments, move numbers and
//! results removed) until the PGN reader exists.

use std::io::Read;
use std::path::Path;

/// One game file: its name in the archive and its bytes.
pub struct GameFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl GameFile {
    /// The text decoded from BIG5, and whether some bytes were not valid BIG5.
    pub fn big5_text(&self) -> (String, bool) {
        let (text, _, malformed) = encoding_rs::BIG5.decode(&self.bytes);
        (text.into_owned(), malformed)
    }
}

/// Every file of a tar.xz archive of BIG5 PGN files, in archive order.
pub fn read_tar_xz_big5(path: &Path) -> Vec<GameFile> {
    let compressed = std::fs::read(path).expect("archive readable");
    let mut tar_bytes = Vec::new();
    lzma_rs::xz_decompress(&mut compressed.as_slice(), &mut tar_bytes).expect("valid xz");
    let mut archive = tar::Archive::new(tar_bytes.as_slice());
    let mut files = Vec::new();
    for entry in archive.entries().expect("valid tar") {
        let mut entry = entry.expect("valid tar entry");
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().expect("entry path").display().to_string();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("entry readable");
        files.push(GameFile { name, bytes });
    }
    files
}

/// A game split into its tags and its move tokens.
pub struct Split {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl Split {
    /// The value of a tag (case-insensitive name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Split PGN text holding one or more games.
pub fn split_games(text: &str) -> Vec<Split> {
    let mut games = Vec::new();
    let mut current = Split {
        tags: Vec::new(),
        moves: Vec::new(),
    };
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') && trimmed.ends_with(']') {
            if !current.moves.is_empty() {
                games.push(std::mem::replace(
                    &mut current,
                    Split {
                        tags: Vec::new(),
                        moves: Vec::new(),
                    },
                ));
            }
            let inner = &trimmed[1..trimmed.len() - 1];
            if let Some((name, value)) = inner.split_once(' ') {
                current
                    .tags
                    .push((name.to_owned(), value.trim().trim_matches('"').to_owned()));
            }
            continue;
        }
        let mut movetext = String::new();
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ if in_comment => {}
                _ => movetext.push(c),
            }
        }
        for token in movetext.split_whitespace() {
            if is_result(token) {
                continue;
            }
            // Move numbers: "12." or "12..." alone or glued to the move ("12.炮二平五").
            let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let token = if digits > 0 && token[digits..].starts_with('.') {
                token[digits..].trim_start_matches('.')
            } else {
                token
            };
            if token.is_empty() {
                continue;
            }
            current.moves.push(token.to_owned());
        }
    }
    if !current.moves.is_empty() || !current.tags.is_empty() {
        games.push(current);
    }
    games
}
