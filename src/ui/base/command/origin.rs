//! Where a game put on the board comes from, and the file it is tied to (保存位置): what every
//! command that replaces the game carries, so that the session sets or clears the tie in one
//! place (its `show`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The file a game belongs to: Save writes the game there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileTie {
    /// The file.
    pub path: PathBuf,
    /// Whether Save may write over it: a PGN file read whole, or a file Qipu wrote. Any other
    /// (an XQF file, a file read only in part) is saved under a name Save asks for.
    #[serde(rename = "save_in_place")]
    pub in_place: bool,
}

/// Where a game put on the board comes from: it says which file the game is tied to and
/// whether the game is unsaved work from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from a file: tied to it, and the same as it.
    File(FileTie),
    /// From no file, and no work of the user's yet (a new game; a game of the database, of a
    /// file of several games, of the event): tied to nothing, so Save asks where; unchanged.
    Fresh,
    /// From no file, and the user's work (pasted, set up, read from a picture, continued as
    /// analysis): tied to nothing and unsaved from the start.
    Unsaved,
    /// The unsaved work of a run that did not end normally, tied to its file as it was.
    Restored(Option<FileTie>),
    /// A puzzle on the board: its tries are no work to keep, never unsaved.
    Puzzle,
}
