//! Openings named by their ECCO code (the xqbase classification, A00–E99) and Chinese name,
//! from a table of positions learnt from games that other programs tagged ([`Learner`]):
//! a game's opening is the code of the deepest position of its main line the table knows
//! ([`EccoTable::classify`]), so a transposition reaches the same code as the usual order.
//!
//! The table ships in `assets/ecco/table.tsv`, made by `assets/ecco/make_table.sh` (which runs
//! `qipu ecco-table` over the corpus); [`EccoTable::builtin`] reads it.

mod learn;
mod table;

pub use learn::{Agreement, Learner};
pub use table::{position_key, Classified, EccoTable, TableError, MAX_PLY};

/// Whether `code` is an ECCO code: a letter A–E and two digits.
pub fn is_code(code: &str) -> bool {
    let bytes = code.as_bytes();
    bytes.len() == 3
        && (b'A'..=b'E').contains(&bytes[0])
        && bytes[1].is_ascii_digit()
        && bytes[2].is_ascii_digit()
}
