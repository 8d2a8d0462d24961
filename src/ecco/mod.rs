//! Openings named by their ECCO code (the xqbase classification, A00–E99) and Chinese name,
//! from a table learnt from games that other programs tagged ([`Learner`]). A line is named
//! only for the moves it has played ([`EccoTable::classify_line`]): the code of the longest
//! line of the table it follows, when that code's defining moves have all been played, else
//! the most specific code whose defining moves have all been played, in any order (so a
//! transposition reaches the same code). [`EccoTable::opening_of`] is the one door to a game's
//! opening: its tags where it has them (a code alone is named from the table), else the
//! classification.
//!
//! The table ships in `assets/ecco/table.tsv`, made by `assets/ecco/make_table.sh` (which runs
//! `qipu ecco-table` over the corpus); [`EccoTable::builtin`] reads it.

mod learn;
mod line;
mod table;

pub use learn::{Agreement, Learner, DEFINING_PLY, DEFINING_SHARE};
pub use line::{Line, SideMove};
pub use table::{Classified, EccoTable, TableError, MAX_PLY};

/// Whether `code` is an ECCO code: a letter A–E and two digits.
pub fn is_code(code: &str) -> bool {
    let bytes = code.as_bytes();
    bytes.len() == 3
        && (b'A'..=b'E').contains(&bytes[0])
        && bytes[1].is_ascii_digit()
        && bytes[2].is_ascii_digit()
}
