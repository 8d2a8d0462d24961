//! PGN for Xiangqi: reading the XiangQi Wizard (象棋巫师) dialect and its relatives, writing the
//! Qipu default and a XiangQi Wizard export.

pub mod clock;
mod lexer;
mod read;
mod wide;
mod write;

pub(crate) use read::read_wide_file;
pub use read::{read_pgn, read_pgn_text, PgnError, PgnErrorKind, PgnFile, PgnGames};
pub(crate) use wide::{read_wide, WideRead};
pub use write::{encode_pgn, write_pgn, write_pgn_games, MoveLayout, PgnWriteOptions};
