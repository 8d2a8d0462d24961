//! The event (art. 11–21): pairings, results, standings and the event file.

mod articles;
mod file;
mod swiss;
