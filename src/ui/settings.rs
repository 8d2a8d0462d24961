//! What the app remembers between runs (eframe storage; the window size is kept by eframe).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::lang::Language;
use crate::notation::{Notation, TandemConvention};

use super::layout::Layout;

/// How many recent files the File menu lists.
pub const RECENT_FILES: usize = 8;

/// Persisted preferences.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language as a BCP 47 tag (`en`, `zh-Hans`, `zh-Hant`).
    pub language: String,
    /// Notation of the record panel (`zh`, `zh-hant`, `abbrev`, `wxf`, `iccs`).
    pub notation: String,
    /// Black at the bottom.
    pub flipped: bool,
    /// How a piece sharing its file with another of its kind is written (`front-back`, the
    /// textbook form, or `file`).
    pub tandem: String,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The side panels and the referee's detail as the user left them.
    pub layout: Layout,
    /// The game database last opened: a file, or a `postgresql://` URL.
    pub database: Option<String>,
}

impl Settings {
    /// The storage key.
    pub const KEY: &'static str = "qipu-settings";

    /// The language, English if the stored tag is unknown.
    pub fn language(&self) -> Language {
        self.language.parse().unwrap_or_default()
    }

    /// The notation, full Chinese (simplified) if the stored name is unknown.
    pub fn notation(&self) -> Notation {
        self.notation.parse().unwrap_or(Notation::ChineseSimplified)
    }

    /// The tandem convention, the textbook one (前車進四) if the stored name is unknown.
    pub fn tandem(&self) -> TandemConvention {
        self.tandem.parse().unwrap_or_default()
    }

    /// Put `path` first in the recent files.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_FILES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_newest_first_without_duplicates_and_bounded() {
        let mut settings = Settings::default();
        for i in 0..10 {
            settings.remember(PathBuf::from(format!("{i}.pgn")));
        }
        settings.remember(PathBuf::from("5.pgn"));
        assert_eq!(settings.recent.len(), RECENT_FILES);
        assert_eq!(settings.recent[0], PathBuf::from("5.pgn"));
        assert_eq!(settings.recent[1], PathBuf::from("9.pgn"));
        assert_eq!(
            settings
                .recent
                .iter()
                .filter(|p| p.ends_with("5.pgn"))
                .count(),
            1
        );
    }

    #[test]
    fn unknown_language_tag_falls_back_to_english() {
        let settings = Settings {
            language: "zh-Hant".into(),
            ..Settings::default()
        };
        assert_eq!(settings.language(), Language::TraditionalChinese);
        let settings = Settings {
            language: "xx".into(),
            ..Settings::default()
        };
        assert_eq!(settings.language(), Language::English);
    }
}
