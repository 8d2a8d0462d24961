//! The panels around the board: the record, the annotation bar, the status line, the move
//! box and its sheet gaps, the clock and the arbiter's forms, the analysis, the evaluation
//! graph, a review's summary, the game's opening, the opening tree, the cloud database's moves and
//! the cloud as the computer's opening book.
//! Imports from the folders below.

pub mod analysis_panel;
pub mod annotate;
pub mod arbiter;
pub mod clock_panel;
pub mod cloud_lines;
pub mod computer_game;
pub mod eval_graph;
pub mod notifications;
pub mod opening_book;
pub mod opening_name;
pub mod opening_tree;
pub mod record_panel;
pub mod review_summary;
pub mod sheet_gaps;
pub mod status;
pub mod transcribe_panel;
