//! One game under competition rules: the clock, offers and fouls, their PGN dialect, and `qipu clock`.

#[path = "../common/mod.rs"]
mod common;

mod cli_clock;
mod controls;
mod pgn;
