//! The threads that work in the background and report back by messages: the engine link, the
//! evaluation of a line, the review of a game, the cloud database's queries, puzzle sets and verdicts, puzzles made from mistakes, the game database,
//! the event file, pictures of boards read and the pieces taught from them. They draw nothing; imports only from the
//! folders below (no folder under `src/ui` imports from them but panels, windows and the app).

pub mod cache_worker;
pub mod cloud_scores;
pub mod cloud_worker;
pub mod database_worker;
pub mod engine_link;
pub mod eval_worker;
pub mod event_worker;
pub mod mistake_worker;
pub mod picture_worker;
pub mod puzzle_worker;
pub mod review_worker;
pub mod teach_worker;
