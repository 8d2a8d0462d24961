//! An export to write, as the export window describes it.

use std::path::PathBuf;

/// An export to write: the window's choices go with it, the file is the one chosen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExportJob {
    /// The file chosen (further pages and diagrams are numbered beside it).
    pub path: PathBuf,
}
