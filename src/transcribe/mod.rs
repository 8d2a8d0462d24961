//! Transcription (錄入): a record clerk types a scoresheet at typing speed and every move is
//! checked the moment it is entered.
//!
//! * A move in any form — full Chinese in any glyph variant, abbreviated notation with or
//!   without direction marks (`炮25`, `炮8+4`, `c25`, `25` when the piece is clear), WXF in
//!   either case, ICCS, the keypad and XQF digit forms ([`read_typed`]).
//! * A move that fits several legal moves stops entry with the candidates numbered; a digit
//!   picks one. A move that fits none stops with the reason and the nearest legal moves
//!   ([`suggest`]).
//! * Abbreviated moves with strokes (`馬87̲`): once the scoresheet has shown a stroke, a move
//!   without one is a 平 move, so `炮25` is not asked about.
//! * A whole line or a pasted scoresheet (`1. 炮二平五 馬８進７ 2. …`) is entered move by move
//!   and stops at the first problem with its move number ([`split_line`]).
//! * Corrections: insert a missed move, replace a wrong one or remove a doubled one in the
//!   middle; the moves after are re-read from their original text and the first that no longer
//!   fits is flagged. The [`Transcriber`] is `Clone`: the app's one undo history keeps it
//!   with the record.
//!   A move written as the other side's (卒９进１ where Red is to move) is never played for that
//!   side: the sides are out of step ([`written_side`], [`Stop::OutOfStep`]).

mod engine;
mod line;
mod read;
mod side;
mod suggest;

pub use engine::{Entry, Held, MoveNumber, Stop, Transcriber};
pub use line::{split_line, Line, Numbered, Token};
pub use read::{read_typed, read_typed_with, EntryError};
pub use side::written_side;
pub use suggest::{suggest, Slip, Suggestion, MAX_SUGGESTIONS};
