//! The windows over the main one by name, in the order they are drawn: what the app's `Open`
//! command opens and a message is addressed to. The registry of the windows' folder says which
//! type each is.

/// A kind of window over the main one, in the order they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WindowId {
    /// The command palette.
    Palette,
    /// The export window (diagrams, scoresheet).
    Export,
    /// Qipu's own file chooser, where the system's could not be shown.
    Chooser,
    /// The Event window (a tournament).
    Event,
    /// The form of a game against the computer.
    Play,
    /// What the last save could not keep.
    SaveReport,
    /// The form of an engine match.
    Match,
    /// The engines configured.
    Engines,
    /// The review of the game.
    Review,
    /// The cloud database's question and setting.
    Cloud,
    /// The puzzle trainer, beside the board.
    Puzzles,
    /// The position setup editor, in the board's place.
    Setup,
    /// The game database, kept while hidden (its connection and opening tree live on).
    Database,
    /// A question waiting for the user.
    Question,
    /// The manual.
    Manual,
    /// Help › About.
    About,
}
