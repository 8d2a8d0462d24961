//! Qipu (棋谱): Xiangqi rules, notation, records and referee, used by the `qipu` program.
//!
//! The layers, each using only those below it (and [`lang`], the three interface languages,
//! which any layer may use):
//!
//! ```text
//!   ui (feature "gui")          cli
//!        \                    /
//!   export   transcribe   (engine, engine_client, tournament, database)
//!        \       |       /
//!              formats            files: PGN (with the clock's dialect), XQF, JSON, FEN
//!                 |
//!            competition          one game under competition rules: clock, offers, fouls
//!                 |
//!              referee            rulings of art. 4, 23–29: characters, cycles, natural limit
//!                 |
//!              record             tags, move tree, comments, marks, the game's ending
//!                 |
//!     ending   notation           how a game ends (art. 4); move text (art. 7.5)
//!          \    |
//!              rules              the board (art. 1–3): points, pieces, legal moves, FEN
//! ```
//!
//! Pictures of boards are read into setups by [`recognise`] (over `rules`, and `export` whose
//! board painter draws the pieces Qipu recognises as its own; its network runs in
//! tract, no GUI crate), for the command line and the window alike.
//! Puzzles ([`puzzles`]) are read from record files and the database and judged by the engine.
//! The cloud database ([`cloud`], chessdb.cn over HTTPS, with its cache) stands beside the
//! engine: over `rules` and `referee` (which judges the repetitions its moves would make).
//! Openings are named by [`ecco`] (over `record` and `rules`), which the database uses for the
//! games that carry no `[ECCO]` tag.
//! The referee reads a record's line and knows nothing of the clock; the competition controls
//! use the referee (the natural-limit count of [`referee::natural_limit`]); one [`ending::Ending`]
//! is produced by the board, the referee and the clock and read by the record, the scoresheet,
//! the status line and the clock. Nothing below `ui` imports egui, eframe or rfd: without the
//! `gui` feature the core and the command-line tools build alone.

pub mod cli;
pub mod cloud;
pub mod competition;
pub mod database;
pub mod ecco;
pub mod ending;
pub mod engine;
pub mod engine_client;
pub mod export;
pub mod formats;
pub mod lang;
pub mod notation;
pub mod puzzles;
pub mod recognise;
pub mod record;
pub mod referee;
pub mod rules;
pub mod tournament;
pub mod transcribe;
#[cfg(feature = "gui")]
pub mod ui;
