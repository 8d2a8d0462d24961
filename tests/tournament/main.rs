//! The event (art. 11–21): pairings, results, standings and the event file.

#[path = "../common/mod.rs"]
mod common;

mod articles;
mod file;
mod swiss;
