//! Record files: PGN (read and write, XiangQi Wizard dialect and others), XQF (XQStudio, read
//! and written), 象棋桥 CBR/CBL/CBF (read), DhtmlXQ (read and written), the Qipu JSON record, and saving without loss. Readers detect encodings and report errors with
//! their place (line and column, or byte offset).

pub mod cbf;
pub mod cbr;
pub mod dhtmlxq;
mod dhtmlxq_escape;
pub mod encoding;
mod error_text;
pub mod file;
pub mod json;
pub mod listing;
pub mod parallel;
pub mod pgn;
pub mod record_format;
pub mod save;
mod warning;
pub mod xqf;
pub mod xqf_write;

pub use cbf::{read_cbf, CbfError, CbfGame};
pub use cbr::{read_cbl, read_cbr, CblHeading, CblLibrary, CbrError, CbrGame};
pub use dhtmlxq::{
    read_dhtmlxq, write_dhtmlxq, DhtmlXqError, DhtmlXqGame, DhtmlXqLoss, DhtmlXqWritten,
};
pub use encoding::{decode, decode_strict, Encoded, LostCharacter, MalformedText, TextEncoding};
pub use file::{
    pgn_no_game, read_record_bytes, read_record_file, FileGame, FileKind, GameError, NoGame,
    RecordFile,
};
pub use json::{read_json, read_json_games, write_json, write_json_games, JsonError};
pub use listing::ListError;
pub use parallel::{map_files, threads_for};
pub use pgn::clock::ending_of;
pub use pgn::{
    encode_pgn, read_pgn, read_pgn_text, write_pgn, write_pgn_games, PgnError, PgnErrorKind,
    PgnFile, PgnWriteOptions,
};
pub use record_format::{write_record, RecordBytes, RecordFormat, RecordLoss};
pub use save::{save_atomic, save_output, Completeness, SaveError, Saved, TargetState};
pub use warning::{ReadWarning, UnplayedMove};
pub use xqf::{read_xqf, SkippedMove, XqfError, XqfRecord};
pub use xqf_write::{write_xqf, XqfField, XqfLoss, XqfPlace, XqfWriteError, XqfWritten};
