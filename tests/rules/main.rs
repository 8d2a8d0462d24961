//! The board (art. 1–3): the rules of movement, perft counts, FEN, setups refused, and `qipu perft`.

#[path = "../common/mod.rs"]
mod common;

mod cli_perft;
mod fen;
mod movegen_property;
mod moves;
mod perft;
mod setup_rejections;
