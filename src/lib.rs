//! Qipu (棋谱): Xiangqi rules, notation, records and referee, used by the `qipu` program.
//!
//! The core modules know nothing of the user interface.

pub mod cli;
pub mod competition;
pub mod export;
pub mod formats;
pub mod lang;
pub mod notation;
pub mod record;
pub mod referee;
pub mod rules;
pub mod transcribe;
#[cfg(feature = "gui")]
pub mod ui;
