//! The event around the games (chapters 3–5 of the rules: art. 11–15, 18.4, 20, 21): players,
//! the systems of play, pairings, results, standings with their tie-breaks, withdrawals and
//! forfeits; kept in one SQLite file per event ([`store`]).
//!
//! Every change is a pure function of the event ([`edit`], [`systems::pair_next`]) that refuses
//! bad input with its reason; the file stores the changed event in one transaction.

pub mod board_result;
pub mod edit;
pub mod error;
pub mod error_text;
pub mod event;
pub mod export;
pub mod from_record;
pub mod history;
pub mod print;
pub mod roster;
pub mod standings;
pub mod store;
pub mod systems;
pub mod teams;
pub mod trf;

pub use board_result::BoardResult;
pub use error::EventError;
pub use event::{Event, EventSettings, Player, System};
pub use store::EventFile;
