//! The command line as a whole: what every subcommand says about itself (`--help`, `qipu help
//! SUBCOMMAND`), mistyped words, shell completions, the manual page, and the words its errors
//! use.

#[path = "../common/mod.rs"]
mod common;

mod generated;
mod help;
mod io_words;
