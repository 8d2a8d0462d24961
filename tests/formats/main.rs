//! Files: PGN, XQF, DhtmlXQ, JSON and FEN read and written, over the shared corpus, compared with an
//! independent reader, and the record subcommands.

#[path = "../common/mod.rs"]
mod common;

mod cchess_bridge;
mod cli_records;
mod dhtmlxq;
mod drawing;
mod lost_on_an_illegal_move;
mod pgn_ccpd;
mod pgn_corpus;
mod pgn_deep_defects;
mod pgn_read;
mod portable_files;
mod read_warnings;
mod xqf_corpus;
mod xqf_write;
