//! What any part of the window tells the user: one type, carried by the app's `Notify`
//! command whoever sends it (a window, a panel, the app, a background job's result), kept by
//! the app until it was seen, and drawn in one place (the panels' notifications) as its level
//! says.

use std::path::{Path, PathBuf};

use crate::lang::Language;

use super::window_id::WindowId;

/// How loudly a notification is said, which is where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Passing: said in the status line for a few seconds (a file saved, a game copied).
    Info,
    /// Said in the status line, in the warning colour, longer than a passing notice (a job
    /// that could not start, a field that does not read).
    Warning,
    /// In a box over the window until the user closes it (a file that could not be read or
    /// written, a database that failed).
    Error,
}

/// Who tells it: its title when it is shown in a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The app itself (the clipboard, the game shown).
    App,
    /// A file: its name is the title.
    File(PathBuf),
    /// A window of the registry.
    Window(WindowId),
    /// The analysis panel's engine.
    Analysis,
    /// The evaluation graph's engine.
    Graph,
    /// The game against the computer (its engines).
    Computer,
}

impl Source {
    /// The title a box shows above the text: the file's name, or the part's.
    pub fn title(&self, lang: Language) -> Option<String> {
        let part = match self {
            Source::App => return None,
            Source::File(path) => return Some(file_name(path)),
            Source::Window(id) => id.title(lang),
            Source::Analysis => lang.pick("Analysis", "分析", "分析"),
            Source::Graph => lang.pick("Evaluation graph", "形势图", "形勢圖"),
            Source::Computer => lang.pick("Play the computer", "人机对弈", "人機對弈"),
        };
        Some(part.to_owned())
    }
}

/// The file's name without its folder, as people call it (the whole path when it has none).
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// One message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    /// How loudly, which is where it is shown.
    pub level: Level,
    /// What happened, in words, in the user's language.
    pub text: String,
    /// A detail under it, smaller (the place in a file, what was left out).
    pub detail: Option<String>,
    /// Who tells it.
    pub source: Source,
}

impl Notification {
    /// `text` from `source` at `level`, with no detail.
    pub fn new(level: Level, source: Source, text: impl Into<String>) -> Notification {
        Notification {
            level,
            text: text.into(),
            detail: None,
            source,
        }
    }

    /// An error from `source`, shown in a box.
    pub fn error(source: Source, text: impl Into<String>) -> Notification {
        Notification::new(Level::Error, source, text)
    }

    /// A warning from `source`, said in the status line.
    pub fn warning(source: Source, text: impl Into<String>) -> Notification {
        Notification::new(Level::Warning, source, text)
    }

    /// A passing notice from `source`.
    pub fn info(source: Source, text: impl Into<String>) -> Notification {
        Notification::new(Level::Info, source, text)
    }

    /// The same with `detail` under the text.
    pub fn with_detail(self, detail: Option<String>) -> Notification {
        Notification { detail, ..self }
    }
}
